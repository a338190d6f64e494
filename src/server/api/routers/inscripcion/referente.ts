/**
 * Inscripción anual, del lado del referente parental (spec 02 §2 "Enrolment page", §3, §4,
 * §7): sus datos y sus hijos con el estado de la inscripción y del inglés técnico, la
 * búsqueda y el vínculo con un alumno, y la declaración del inglés técnico. Siempre para el
 * ciclo lectivo en curso (`cicloActual`), elija lo que elija en el selector de año. La
 * inscripción de cada hijo está en `inscribir.ts`.
 */
import { TRPCError } from '@trpc/server';
import { alias } from 'drizzle-orm/pg-core';
import { and, count, desc, eq, gt, inArray, ne, notInArray, sql } from 'drizzle-orm';
import {
  elegibilidadIngles,
  inglesYaDeclarado,
  mostrarSeccionIngles,
  referenteCompleto,
  type EstadoInscripcion,
} from '@/domain/inscripcion';
import {
  avisoReferenteNuevo,
  BUSQUEDA_CORTA,
  DEMASIADAS_BUSQUEDAS,
  DIAS_AVISO_REFERENTE_NUEVO,
  MAXIMO_BUSQUEDAS,
  MAXIMO_RESULTADOS_BUSQUEDA,
  palabrasDeBusqueda,
  VENTANA_BUSQUEDAS_MINUTOS,
  VINCULO_PENDIENTE,
} from '@/domain/vinculos';
import { auditar } from '@/server/auditoria';
import type { Contexto, Ctx } from '@/server/contexto';
import { transaccion } from '@/server/errores';
import {
  columnasCurso,
  conTelefono,
  cursoInfo,
  ordenPorNombre,
  sinAcentosSql,
} from '@/server/consultas/personas';
import { declararVinculos, referentePropio } from '@/server/consultas/referentes';
import {
  alumnos,
  alumnosCursos,
  alumnosReferentes,
  auditoria,
  cursos,
  declaracionesIngles,
  inscripcionesAnuales,
  referentes,
} from '@/server/db/schema';
import { cuotaParaLaInscripcion } from './cooperadora';
import type { DeclararIngles } from './schemas';
import {
  NO_ELEGIBLE_INGLES,
  YA_VINCULADO,
  cicloActual,
  hijoYSuInscripcion,
  primeroInscribir,
} from './service';

/** Clave del cerrojo de las búsquedas de alumnos de una cuenta (con el usuario). */
const CANDADO_BUSQUEDAS = 0x62757363;

// ── Referente propio e hijos ────────────────────────────────────────────────────────────────

/**
 * La última cursada conocida de cada alumno y la del año anterior a ésa (para la
 * elegibilidad del inglés, spec 02 §4). Una consulta.
 */
async function cursadas(ctx: Pick<Contexto, 'db'>, ids: readonly number[]) {
  const porAlumno = new Map<
    number,
    { ciclolectivo: number; anio: number; division: number; especialidad: string; orden: number }[]
  >();
  if (!ids.length) return porAlumno;
  const filas = await ctx.db
    .select({
      alumno: alumnosCursos.alumnoId,
      ciclolectivo: alumnosCursos.ciclolectivo,
      ...columnasCurso,
    })
    .from(alumnosCursos)
    .innerJoin(cursos, eq(cursos.id, alumnosCursos.cursoId))
    .where(inArray(alumnosCursos.alumnoId, [...ids]))
    .orderBy(desc(alumnosCursos.ciclolectivo));
  for (const f of filas) {
    const lista = porAlumno.get(f.alumno) ?? [];
    lista.push(f);
    porAlumno.set(f.alumno, lista);
  }
  return porAlumno;
}

function ultimaCursada(lista: { ciclolectivo: number; anio: number }[] | undefined) {
  const ultima = lista?.[0];
  if (!ultima) return null;
  const anterior = lista.find((c) => c.ciclolectivo === ultima.ciclolectivo - 1);
  return {
    ciclolectivo: ultima.ciclolectivo,
    cursadaActual: { anio: ultima.anio },
    cursadaAnterior: anterior ? { anio: anterior.anio } : null,
  };
}

/**
 * GET /api/mishijos/inscripcion: los datos del referente, sus hijos (vínculos confirmados) con
 * el estado de la inscripción del ciclo actual y del inglés, los vínculos que declaró y esperan
 * la confirmación de la escuela (sólo el nombre), la cuota de la cooperadora y los avisos de
 * referentes nuevos de sus hijos. Seis consultas, tenga los hijos que tenga.
 */
export async function mishijos(ctx: Ctx) {
  const { db, sesion } = ctx;
  const ciclo = cicloActual(ctx);
  const referente = await referentePropio(ctx);
  const vinculos = await db
    .select({
      orden: alumnos.id,
      nombre: alumnos.nombre,
      apellido: alumnos.apellido,
      email: alumnos.email,
      telefono: alumnos.telefono,
      confirmado: alumnosReferentes.confirmado,
    })
    .from(alumnosReferentes)
    .innerJoin(alumnos, eq(alumnos.id, alumnosReferentes.alumnoId))
    .where(eq(alumnosReferentes.referenteId, referente.orden))
    .orderBy(...ordenPorNombre(alumnos.apellido, alumnos.nombre, alumnos.id));
  // Sólo los vínculos confirmados son hijos (con sus datos); los declarados que esperan a la
  // escuela van aparte, con el nombre y nada más.
  const filas = vinculos.filter((v) => v.confirmado).map(({ confirmado: _c, ...h }) => h);
  const pendientes = vinculos
    .filter((v) => !v.confirmado)
    .map(({ orden, apellido, nombre }) => ({ orden, apellido, nombre }));
  const ids = filas.map((h) => h.orden);
  const [inscripciones, ingles, porAlumno, cuota, nuevos] = await Promise.all([
    ids.length
      ? db
          .select({
            alumno: inscripcionesAnuales.alumnoId,
            orden: inscripcionesAnuales.id,
            estado: inscripcionesAnuales.estado,
            observacion: inscripcionesAnuales.observacion,
            creado: inscripcionesAnuales.creado,
          })
          .from(inscripcionesAnuales)
          .where(
            and(
              inArray(inscripcionesAnuales.alumnoId, ids),
              eq(inscripcionesAnuales.ciclolectivo, ciclo),
            ),
          )
      : Promise.resolve([]),
    ids.length
      ? db
          .select({
            alumno: declaracionesIngles.alumnoId,
            nivelNuevo: declaracionesIngles.nivelNuevo,
            nivelViejo: declaracionesIngles.nivelViejo,
          })
          .from(declaracionesIngles)
          .where(
            and(
              inArray(declaracionesIngles.alumnoId, ids),
              eq(declaracionesIngles.ciclolectivo, ciclo),
            ),
          )
      : Promise.resolve([]),
    cursadas(ctx, ids),
    cuotaParaLaInscripcion(ctx, ciclo),
    referentesNuevos(ctx, referente.orden),
  ]);
  const hijos = filas.map((h) => {
    const lista = porAlumno.get(h.orden);
    const delCiclo = lista?.find((c) => c.ciclolectivo === ciclo);
    const inscripcion = inscripciones.find((i) => i.alumno === h.orden) ?? null;
    const declarado = ingles.find((d) => d.alumno === h.orden) ?? null;
    return {
      ...conTelefono(h),
      curso: delCiclo ? cursoInfo(delCiclo) : null,
      inscripto: inscripcion !== null,
      inscripcion: inscripcion && {
        orden: inscripcion.orden,
        estado: inscripcion.estado as EstadoInscripcion,
        observacion: inscripcion.observacion,
        creado: inscripcion.creado.toISOString(),
      },
      ingles: {
        declarado: declarado && {
          nivelNuevo: declarado.nivelNuevo,
          nivelViejo: declarado.nivelViejo,
        },
        elegibilidad: elegibilidadIngles(ultimaCursada(lista), ciclo),
      },
    };
  });
  return {
    ciclo,
    referente: {
      ...conTelefono(referente),
      email: referente.email ?? sesion.usuario.email,
      completo: referenteCompleto({ ...referente, email: referente.email ?? sesion.usuario.email }),
    },
    hijos,
    pendientes,
    mostrarIngles: mostrarSeccionIngles(hijos),
    cuota,
    avisos: nuevos.map((n) =>
      avisoReferenteNuevo(n, n.fecha, hijos.length > 1 ? `${n.alumnoNombre}` : undefined),
    ),
  };
}

/**
 * Los referentes confirmados hace poco (`DIAS_AVISO_REFERENTE_NUEVO`) de los hijos del referente,
 * después de él (issue 31 §1: "Nuevo referente vinculado: …, el dd/mm"): quien ya cuidaba al
 * alumno se entera de que otra cuenta ve sus datos. No él mismo. Una consulta.
 */
async function referentesNuevos(ctx: Ctx, propio: number) {
  const mio = alias(alumnosReferentes, 'mio');
  return ctx.db
    .select({
      apellido: referentes.apellido,
      nombre: referentes.nombre,
      alumnoNombre: alumnos.nombre,
      fecha: sql<string>`to_char(${alumnosReferentes.confirmadoEn} at time zone ${ctx.zona}, 'YYYY-MM-DD')`,
    })
    .from(alumnosReferentes)
    .innerJoin(
      mio,
      and(
        eq(mio.alumnoId, alumnosReferentes.alumnoId),
        eq(mio.referenteId, propio),
        eq(mio.confirmado, true),
      ),
    )
    .innerJoin(referentes, eq(referentes.id, alumnosReferentes.referenteId))
    .innerJoin(alumnos, eq(alumnos.id, alumnosReferentes.alumnoId))
    .where(
      and(
        ne(alumnosReferentes.referenteId, propio),
        eq(alumnosReferentes.confirmado, true),
        gt(
          alumnosReferentes.confirmadoEn,
          sql`now() - make_interval(days => ${DIAS_AVISO_REFERENTE_NUEVO}::int)`,
        ),
        gt(alumnosReferentes.confirmadoEn, sql`coalesce(${mio.confirmadoEn}, '-infinity')`),
      ),
    )
    .orderBy(desc(alumnosReferentes.confirmadoEn));
}

/**
 * Búsqueda de alumnos para declararse su referente (issue 31 §2: no es una herramienta para
 * recorrer la lista de alumnos): habilitados, todavía no vinculados, cuyo apellido o nombre
 * tiene cada palabra buscada como palabra ENTERA (de al menos 3 letras; sin tildes ni
 * mayúsculas), a lo sumo 5 y sólo el nombre (sin el curso). Cada cuenta hace a lo sumo
 * `MAXIMO_BUSQUEDAS` búsquedas cada `VENTANA_BUSQUEDAS_MINUTOS` minutos: se cuentan en la
 * auditoría (cada búsqueda queda anotada, con lo buscado), de a una por cuenta (un cerrojo por
 * usuario), así que vale para todas las instancias del servidor.
 */
export async function buscarHijos(ctx: Ctx, { q }: { q: string }) {
  const palabras = palabrasDeBusqueda(q);
  if (!palabras) throw new TRPCError({ code: 'BAD_REQUEST', message: BUSQUEDA_CORTA });
  const referente = await referentePropio(ctx);
  const usuario = ctx.sesion.usuario.id;
  const permitida = await transaccion(ctx, async (tx) => {
    await tx.db.execute(
      sql`select pg_advisory_xact_lock(${CANDADO_BUSQUEDAS}::int, ${usuario}::int)`,
    );
    const [hechas] = await tx.db
      .select({ n: count() })
      .from(auditoria)
      .where(
        and(
          eq(auditoria.entidad, 'busqueda_hijos'),
          eq(auditoria.entidadId, String(usuario)),
          gt(
            auditoria.cuando,
            sql`now() - make_interval(mins => ${VENTANA_BUSQUEDAS_MINUTOS}::int)`,
          ),
        ),
      );
    if ((hechas?.n ?? 0) >= MAXIMO_BUSQUEDAS) return false;
    await auditar(tx, {
      accion: 'buscar',
      entidad: 'busqueda_hijos',
      entidadId: usuario,
      despues: { q: palabras.join(' ') },
    });
    return true;
  });
  if (!permitida) throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: DEMASIADAS_BUSQUEDAS });
  const vinculados = ctx.db
    .select({ id: alumnosReferentes.alumnoId })
    .from(alumnosReferentes)
    .where(eq(alumnosReferentes.referenteId, referente.orden));
  const nombreCompleto = sinAcentosSql(sql`${alumnos.apellido} || ' ' || ${alumnos.nombre}`);
  return ctx.db
    .select({ orden: alumnos.id, apellido: alumnos.apellido, nombre: alumnos.nombre })
    .from(alumnos)
    .where(
      and(
        eq(alumnos.habilitado, true),
        notInArray(alumnos.id, vinculados),
        // Palabras de letras a–z (sin tildes): nada que escapar en la expresión regular.
        ...palabras.map((p) => sql`${nombreCompleto} ~ ${`\\m${p}\\M`}`),
      ),
    )
    .orderBy(...ordenPorNombre(alumnos.apellido, alumnos.nombre, alumnos.id))
    .limit(MAXIMO_RESULTADOS_BUSQUEDA);
}

/**
 * El referente declara su vínculo con un alumno ("Declaro mi vínculo de referente parental
 * de …"). Sus datos tienen que estar completos; el alumno, existir y estar habilitado. Con el
 * código de vinculación del alumno queda confirmado en el momento (también uno que estaba
 * pendiente); sin él, espera la confirmación de la escuela y no abre ningún dato del alumno.
 */
export async function vincularme(
  ctx: Ctx,
  { alumno: alumnoId, codigo }: { alumno: number; codigo?: string | null },
) {
  const [v] = await declararVinculos(ctx, [{ alumno: alumnoId, codigo }]);
  if (!v!.nuevo && !v!.confirmadoAhora)
    throw new TRPCError({
      code: 'CONFLICT',
      message: v!.confirmado ? YA_VINCULADO : VINCULO_PENDIENTE,
    });
  return { orden: v!.orden, apellido: v!.apellido, nombre: v!.nombre, confirmado: v!.confirmado };
}

// ── Inglés técnico ──────────────────────────────────────────────────────────────────────────

/**
 * POST /api/alumnos/inscripcion/cpit: la declaración del inglés técnico de un hijo ya
 * inscripto en el ciclo y elegible (3° año o más). Una por hijo y ciclo.
 */
export async function declararIngles(ctx: Ctx, datos: DeclararIngles) {
  const ciclo = cicloActual(ctx);
  return transaccion(ctx, async (tx) => {
    const { referente, hijo, inscripcion } = await hijoYSuInscripcion(tx, {
      alumno: datos.alumno,
      ciclo,
    });
    if (!inscripcion)
      throw new TRPCError({ code: 'BAD_REQUEST', message: primeroInscribir(hijo.nombre) });
    const elegibilidad = elegibilidadIngles(
      ultimaCursada((await cursadas(tx, [hijo.orden])).get(hijo.orden)),
      ciclo,
    );
    if (!elegibilidad.elegible)
      throw new TRPCError({ code: 'BAD_REQUEST', message: NO_ELEGIBLE_INGLES });
    const [d] = await tx.db
      .insert(declaracionesIngles)
      .values({
        alumnoId: hijo.orden,
        ciclolectivo: ciclo,
        nivelNuevo: datos.nivelNuevo,
        nivelViejo: datos.nivelViejo,
        referenteId: referente.orden,
      })
      .onConflictDoNothing()
      .returning({
        orden: declaracionesIngles.id,
        nivelNuevo: declaracionesIngles.nivelNuevo,
        nivelViejo: declaracionesIngles.nivelViejo,
      });
    if (!d) throw new TRPCError({ code: 'CONFLICT', message: inglesYaDeclarado(hijo.nombre) });
    await auditar(tx, {
      accion: 'declarar',
      entidad: 'declaraciones_ingles',
      entidadId: d.orden,
      despues: { alumno: hijo.orden, ciclo, ...d },
    });
    return { ...d, alumno: hijo.orden, ciclo, mensaje: inglesYaDeclarado(hijo.nombre) };
  });
}
