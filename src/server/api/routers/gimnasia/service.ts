/**
 * Gimnasia electiva (spec 02 §2, §5, §7, §8; issue 17 §2): el alumno de 5° año elige tres
 * opciones distintas (puede cambiarlas hasta que se publique la asignación); el personal ve las
 * elecciones por opción y las exporta en CSV; Regente y Admin asignan (la opción mejor rankeada
 * con cupo, en un orden al azar con semilla guardada) y publican. Consultas fijas por pedido.
 */
import { randomInt } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { and, asc, eq, sql } from 'drizzle-orm';
import { archivoCsv } from '@/domain/csv';
import { anioDe, nombreCurso } from '@/domain/escuela';
import {
  ANIO_GIMNASIA,
  ErrorGimnasia,
  OPCIONES_GIMNASIA,
  RECORDATORIO_CERTIFICADO,
  asignarGimnasia,
} from '@/domain/gimnasia';
import { alumnoPropioOHijo } from '@/server/alcance';
import { auditar } from '@/server/auditoria';
import type { Ctx } from '@/server/contexto';
import { ordenPorNombre } from '@/server/consultas/personas';
import {
  alumnos,
  alumnosCursos,
  cursos,
  gimnasiaAsignaciones,
  gimnasiaElecciones,
} from '@/server/db/schema';
import { transaccion } from '@/server/errores';
import type { ElegirGimnasia } from './schemas';

const falla = (code: TRPCError['code'], message: string) => new TRPCError({ code, message });

async function asignacionDelCiclo(ctx: Ctx, ciclo: number) {
  const [a] = await ctx.db
    .select()
    .from(gimnasiaAsignaciones)
    .where(eq(gimnasiaAsignaciones.ciclolectivo, ciclo));
  return a ?? null;
}

/**
 * El ciclo en curso: el del día escolar, no el del selector de año (que el alumno puede cambiar):
 * sólo se elige para el año que corre.
 */
const cicloEnCurso = (ctx: Ctx) => anioDe(ctx.hoy);

/** GET /api/migimnasia: si puede elegir (5° año), las 12 opciones, lo elegido y lo asignado (si se publicó). */
export async function mia(ctx: Ctx) {
  const id = await alumnoPropioOHijo(ctx);
  const ciclo = cicloEnCurso(ctx);
  const [[fila], [eleccion], asignacion] = await Promise.all([
    ctx.db
      .select({ anio: cursos.anio })
      .from(alumnosCursos)
      .innerJoin(cursos, eq(cursos.id, alumnosCursos.cursoId))
      .where(and(eq(alumnosCursos.alumnoId, id), eq(alumnosCursos.ciclolectivo, ciclo))),
    ctx.db
      .select()
      .from(gimnasiaElecciones)
      .where(and(eq(gimnasiaElecciones.alumnoId, id), eq(gimnasiaElecciones.ciclolectivo, ciclo))),
    asignacionDelCiclo(ctx, ciclo),
  ]);
  const publicada = asignacion?.publicada != null;
  return {
    ciclo,
    puede: fila?.anio === ANIO_GIMNASIA,
    opciones: OPCIONES_GIMNASIA,
    recordatorio: RECORDATORIO_CERTIFICADO,
    eleccion: eleccion ? [eleccion.opcion1, eleccion.opcion2, eleccion.opcion3] : null,
    publicada,
    asignada: publicada ? (eleccion?.asignada ?? null) : null,
  };
}

/**
 * POST /api/alumnos/inscripcion/gimnasia { opcion1, opcion2, opcion3 }: sólo un alumno de 5° año
 * en el ciclo; tres opciones distintas de 1 a 12. Cambiarlas vale hasta que se publica la
 * asignación.
 */
export async function elegir(ctx: Ctx, d: ElegirGimnasia) {
  const estado = await mia(ctx);
  if (!estado.puede) throw falla('FORBIDDEN', ErrorGimnasia.noEsDeQuinto);
  if (estado.publicada) throw falla('PRECONDITION_FAILED', ErrorGimnasia.publicada);
  const alumnoId = await alumnoPropioOHijo(ctx);
  return transaccion(ctx, async (tx) => {
    await tx.db
      .insert(gimnasiaElecciones)
      .values({ alumnoId, ciclolectivo: estado.ciclo, ...d })
      .onConflictDoUpdate({
        target: [gimnasiaElecciones.alumnoId, gimnasiaElecciones.ciclolectivo],
        set: {
          opcion1: d.opcion1,
          opcion2: d.opcion2,
          opcion3: d.opcion3,
          asignada: null,
          elegida: sql`now()`,
        },
      });
    await auditar(tx, {
      accion: 'elegir',
      entidad: 'gimnasia_elecciones',
      entidadId: `${alumnoId}/${estado.ciclo}`,
      antes: estado.eleccion,
      despues: d,
    });
    return { eleccion: [d.opcion1, d.opcion2, d.opcion3] };
  });
}

/** Las elecciones del ciclo con nombre y curso. Una consulta. */
function eleccionesDelCiclo(ctx: Ctx, anio: number) {
  return ctx.db
    .select({
      alumno: alumnos.id,
      apellido: alumnos.apellido,
      nombre: alumnos.nombre,
      anio: cursos.anio,
      division: cursos.division,
      especialidad: cursos.especialidad,
      opcion1: gimnasiaElecciones.opcion1,
      opcion2: gimnasiaElecciones.opcion2,
      opcion3: gimnasiaElecciones.opcion3,
      asignada: gimnasiaElecciones.asignada,
    })
    .from(gimnasiaElecciones)
    .innerJoin(alumnos, eq(alumnos.id, gimnasiaElecciones.alumnoId))
    .leftJoin(
      alumnosCursos,
      and(eq(alumnosCursos.alumnoId, alumnos.id), eq(alumnosCursos.ciclolectivo, anio)),
    )
    .leftJoin(cursos, eq(cursos.id, alumnosCursos.cursoId))
    .where(eq(gimnasiaElecciones.ciclolectivo, anio))
    .orderBy(asc(cursos.division), ...ordenPorNombre(alumnos.apellido, alumnos.nombre, alumnos.id));
}

/** GET /api/gimnasia/{year} (personal): por opción, quiénes la eligieron 1ª, 2ª y 3ª y quiénes la tienen asignada. */
export async function vista(ctx: Ctx, { anio }: { anio: number }) {
  const [filas, asignacion] = await Promise.all([
    eleccionesDelCiclo(ctx, anio),
    asignacionDelCiclo(ctx, anio),
  ]);
  const persona = (f: (typeof filas)[number]) => ({
    id: f.alumno,
    apellido: f.apellido,
    nombre: f.nombre,
    curso:
      f.anio != null && f.division != null
        ? nombreCurso({ anio: f.anio, division: f.division, especialidad: f.especialidad ?? '' })
        : null,
  });
  return {
    anio,
    total: filas.length,
    asignacion: asignacion
      ? {
          semilla: asignacion.semilla,
          asignadaEn: asignacion.asignadaEn,
          publicada: asignacion.publicada,
        }
      : null,
    opciones: OPCIONES_GIMNASIA.map((o) => ({
      ...o,
      primera: filas.filter((f) => f.opcion1 === o.numero).map(persona),
      segunda: filas.filter((f) => f.opcion2 === o.numero).map(persona),
      tercera: filas.filter((f) => f.opcion3 === o.numero).map(persona),
      asignados: asignacion ? filas.filter((f) => f.asignada === o.numero).map(persona) : [],
    })),
    sinAsignar: asignacion ? filas.filter((f) => f.asignada == null).map(persona) : [],
  };
}

/** GET /api/gimnasia/{year}/csv: las elecciones (y la asignación) del ciclo en CSV. */
export async function csv(ctx: Ctx, { anio }: { anio: number }) {
  const filas = await eleccionesDelCiclo(ctx, anio);
  const deporte = (n: number | null) =>
    n == null ? '' : `${n}. ${OPCIONES_GIMNASIA.find((o) => o.numero === n)!.deporte}`;
  return {
    nombre: `gimnasia-electiva-${anio}.csv`,
    contenido: archivoCsv(
      ['Apellido', 'Nombre', 'Curso', 'Opción 1', 'Opción 2', 'Opción 3', 'Asignada'],
      filas.map((f) => [
        f.apellido,
        f.nombre,
        f.anio != null && f.division != null
          ? nombreCurso({ anio: f.anio, division: f.division, especialidad: f.especialidad ?? '' })
          : '',
        deporte(f.opcion1),
        deporte(f.opcion2),
        deporte(f.opcion3),
        deporte(f.asignada),
      ]),
    ),
  };
}

/**
 * POST /api/gimnasia/{year}/asignar (Regente, Admin): asigna con una semilla nueva (al azar) y la
 * guarda; la misma semilla da siempre la misma asignación. Todo en una transacción, bloqueando el
 * ciclo (dos a la vez: una después de la otra). Publicada, ya no se reasigna.
 */
export async function asignar(ctx: Ctx, { anio }: { anio: number }) {
  const semilla = randomInt(1, 2_147_483_647);
  return transaccion(ctx, async (tx) => {
    await tx.db.execute(sql`select pg_advisory_xact_lock(727017, ${anio})`);
    const [previa] = await tx.db
      .select()
      .from(gimnasiaAsignaciones)
      .where(eq(gimnasiaAsignaciones.ciclolectivo, anio));
    if (previa?.publicada) throw falla('PRECONDITION_FAILED', ErrorGimnasia.publicada);
    const filas = await tx.db
      .select()
      .from(gimnasiaElecciones)
      .where(eq(gimnasiaElecciones.ciclolectivo, anio));
    if (!filas.length) throw falla('PRECONDITION_FAILED', ErrorGimnasia.sinElecciones);
    const resultado = asignarGimnasia(
      filas.map((f) => ({ alumno: f.alumnoId, opciones: [f.opcion1, f.opcion2, f.opcion3] })),
      semilla,
    );
    const valores = sql.join(
      [...resultado].map(([alumno, opcion]) => sql`(${alumno}::int, ${opcion}::int)`),
      sql`, `,
    );
    await tx.db.execute(sql`
      update gimnasia_elecciones g set asignada = v.opcion
      from (values ${valores}) as v(alumno, opcion)
      where g.alumno_id = v.alumno and g.ciclolectivo = ${anio}`);
    await tx.db
      .insert(gimnasiaAsignaciones)
      .values({ ciclolectivo: anio, semilla, asignadaPor: ctx.sesion.usuario.id })
      .onConflictDoUpdate({
        target: gimnasiaAsignaciones.ciclolectivo,
        set: { semilla, asignadaEn: sql`now()`, asignadaPor: ctx.sesion.usuario.id },
      });
    await auditar(tx, {
      accion: 'asignar',
      entidad: 'gimnasia_asignaciones',
      entidadId: anio,
      despues: { semilla, alumnos: resultado.size },
    });
    const sin = [...resultado.values()].filter((o) => o == null).length;
    return { semilla, asignados: resultado.size - sin, sinAsignar: sin };
  });
}

/** POST /api/gimnasia/{year}/publicar (Regente, Admin): los alumnos ven la opción asignada. */
export async function publicar(ctx: Ctx, { anio }: { anio: number }) {
  return transaccion(ctx, async (tx) => {
    const [a] = await tx.db
      .update(gimnasiaAsignaciones)
      .set({ publicada: sql`coalesce(${gimnasiaAsignaciones.publicada}, now())` })
      .where(eq(gimnasiaAsignaciones.ciclolectivo, anio))
      .returning({ semilla: gimnasiaAsignaciones.semilla });
    if (!a) throw falla('PRECONDITION_FAILED', ErrorGimnasia.sinAsignar);
    await auditar(tx, {
      accion: 'publicar',
      entidad: 'gimnasia_asignaciones',
      entidadId: anio,
    });
    return { publicada: true, semilla: a.semilla };
  });
}
