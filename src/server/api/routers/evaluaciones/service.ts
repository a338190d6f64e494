/**
 * Evaluaciones (spec 01 §2 Evaluations, §3 Evaluation slot, §4, §7; issue 14 §8–§9): los lugares
 * de un cursado (sus clases futuras) con su estado, reservar y cancelar (dos docentes que toman el
 * último lugar de una semana a la vez: uno solo lo consigue), el resumen del personal y las
 * próximas de un alumno. Un número fijo de consultas por pedido.
 */
import { TRPCError } from '@trpc/server';
import { and, asc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { nombreCurso } from '@/domain/escuela';
import {
  cuentaRegresiva,
  cuentaResumen,
  ESTADOS_OCULTOS,
  estadoDeLugar,
  NO_HAY_EVALUACION_PARA_BORRAR,
  reglasDeConfiguracion,
  VENTANA_DIAS,
  type EvaluacionDelCurso,
  type ReglasEvaluaciones,
} from '@/domain/evaluaciones';
import { BLOQUES } from '@/domain/horario';
import { calendarioIcs, instanteEnZona } from '@/domain/ics';
import { comienzoEnZona } from '@/domain/pics';
import {
  alumnoPropioOHijo,
  alumnoVisible,
  cursadosVisibles,
  cursadoVisible,
  cursosVisibles,
  dentroDe,
} from '@/server/alcance';
import { auditar } from '@/server/auditoria';
import { claveAviso, MOTIVO_RETIRO, retirarAvisos } from '@/server/avisos/retirar';
import type { Contexto, Ctx } from '@/server/contexto';
import { clasesDe, fechasDelCalendario } from '@/server/consultas/clases';
import {
  CALENDARIO_INEXISTENTE,
  duenioDelEnlace,
  enlaceDelUsuario,
  generarEnlace,
  quitarEnlaceDelUsuario,
} from '@/server/consultas/enlaces-calendario';
import { idsDeHijosDeUsuario } from '@/server/consultas/hijos';
import { examenesDeAlumnos } from '@/server/consultas/examenes';
import { cursadoDeLaPic, materiaDeLaPic, picsDesde } from '@/server/consultas/pics';
import type { DbOTx } from '@/server/db';
import {
  alumnos,
  configuracion,
  cursados,
  cursadosCursos,
  cursadosMaterias,
  cursos,
  evaluaciones,
  inscripciones,
  materias,
  pics,
} from '@/server/db/schema';
import { transaccion } from '@/server/errores';
import { cantidad } from '@/domain/texto';

export const NO_ES_CLASE_FUTURA = 'Las evaluaciones se reservan en una clase futura del cursado.';

/** Las reglas de la escuela (configuracion['evaluaciones']) con los valores por defecto. */
async function reglas(db: DbOTx): Promise<ReglasEvaluaciones> {
  const [fila] = await db
    .select({ valor: configuracion.valor })
    .from(configuracion)
    .where(eq(configuracion.clave, 'evaluaciones'));
  return reglasDeConfiguracion(fila?.valor);
}

/** Los cursos del cursado. */
async function cursosDe(db: DbOTx, cursado: number) {
  return (
    await db
      .select({ id: cursadosCursos.cursoId })
      .from(cursadosCursos)
      .where(eq(cursadosCursos.cursadoId, cursado))
  ).map((c) => c.id);
}

/** Las evaluaciones del ciclo en esos cursos (cada una con los cursos de su cursado). */
async function reservadasEnCursos(
  db: DbOTx,
  cursosIds: readonly number[],
  ciclo: number,
): Promise<(EvaluacionDelCurso & { id: number })[]> {
  if (!cursosIds.length) return [];
  const filas = await db
    .select({
      id: evaluaciones.id,
      cursadoId: cursados.id,
      cursado: cursados.nombre,
      fecha: evaluaciones.fecha,
      cursos: sql<
        number[]
      >`coalesce((select array_agg(cc.curso_id) from cursados_cursos cc where cc.cursado_id = ${sql.raw('"cursados"."id"')}), '{}')`,
    })
    .from(evaluaciones)
    .innerJoin(cursados, eq(cursados.id, evaluaciones.cursadoId))
    .where(
      and(
        eq(cursados.ciclolectivo, ciclo),
        inArray(
          cursados.id,
          db
            .select({ id: cursadosCursos.cursadoId })
            .from(cursadosCursos)
            .where(inArray(cursadosCursos.cursoId, [...cursosIds])),
        ),
      ),
    );
  return filas.map((f) => ({ ...f, cursos: f.cursos.map(Number) }));
}

/** Los lugares del cursado (clases futuras) con su estado; los ocultos (PIC, restringida) no. */
async function lugares(db: DbOTx, ctx: Ctx, cursado: number, ciclo: number) {
  const [clases, cursosIds, restringidas, pic, r] = await Promise.all([
    clasesDe(db, cursado, ciclo),
    cursosDe(db, cursado),
    fechasDelCalendario(db, ciclo, 'restriccion'),
    fechasDelCalendario(db, ciclo, 'pic', ['evaluacion']),
    reglas(db),
  ]);
  const reservadas = await reservadasEnCursos(db, cursosIds, ciclo);
  return {
    reglas: r,
    reservadas,
    lugares: clases
      .filter((fecha) => fecha > ctx.hoy)
      .map((fecha) => {
        const e = estadoDeLugar(
          {
            cursadoId: cursado,
            cursos: cursosIds,
            fecha,
            hoy: ctx.hoy,
            restringidas,
            pic,
            reglas: r,
          },
          reservadas,
        );
        const propia = reservadas.find((x) => x.cursadoId === cursado && x.fecha === fecha);
        return { fecha, ...e, evaluacionId: propia?.id ?? null };
      })
      .filter((l) => !ESTADOS_OCULTOS.includes(l.estado)),
  };
}

/** GET /api/evaluaciones_disponibles/{id}: los lugares del cursado y las reglas de la escuela. */
export async function disponibles(ctx: Ctx, p: { cursado: number }) {
  const { ciclo } = await cursadoVisible(ctx, { cursado: p.cursado });
  const { reglas: r, lugares: l } = await lugares(ctx.db, ctx, p.cursado, ciclo);
  return { cursado: p.cursado, reglas: r, lugares: l };
}

const MENSAJE_ESTADO = (r: ReglasEvaluaciones, quien: string | null) => ({
  reservada: 'Esa clase ya tiene la evaluación reservada.',
  ocupada: `Ese día el curso ya tiene una evaluación${quien ? ` de ${quien}` : ''}.`,
  exceso: `La semana ya tiene ${cantidad(r.maximoPorSemana, 'evaluación', 'evaluaciones')} para el curso.`,
  espera: `Las evaluaciones se reservan con ${cantidad(r.anticipacionDias, 'día', 'días')} de anticipación como mínimo.`,
  restringida: 'Ese día está restringido en el calendario.',
  pic: 'Ese día es de PIC.',
});

/**
 * POST /api/evaluacion/save { cursado, fecha }: reserva la clase futura si está disponible. Las
 * reservas de un ciclo se turnan (un cerrojo por ciclo): de dos docentes que toman a la vez el
 * último lugar de una semana, el segundo recibe 409 con el motivo.
 */
export async function reservar(ctx: Ctx, p: { cursado: number; fecha: string }) {
  const { ciclo } = await cursadoVisible(ctx, { cursado: p.cursado });
  return transaccion(ctx, async (tx) => {
    await tx.db.execute(sql`select pg_advisory_xact_lock(${0x6576616c}, ${ciclo})`);
    const { reglas: r, lugares: l } = await lugares(tx.db, ctx, p.cursado, ciclo);
    const lugar = l.find((x) => x.fecha === p.fecha);
    if (!lugar) throw new TRPCError({ code: 'BAD_REQUEST', message: NO_ES_CLASE_FUTURA });
    if (lugar.estado !== 'disponible')
      throw new TRPCError({
        code: lugar.estado === 'espera' ? 'BAD_REQUEST' : 'CONFLICT',
        message: MENSAJE_ESTADO(r, lugar.quien)[lugar.estado],
      });
    const [nueva] = await tx.db
      .insert(evaluaciones)
      .values({ cursadoId: p.cursado, fecha: p.fecha, reservadaPor: ctx.sesion.usuario.id })
      .returning({ id: evaluaciones.id });
    await auditar(tx, {
      accion: 'reservar',
      entidad: 'evaluaciones',
      entidadId: nueva!.id,
      despues: { cursado: p.cursado, fecha: p.fecha },
    });
    return { evaluacionId: nueva!.id, cursado: p.cursado, fecha: p.fecha };
  });
}

/** DELETE /api/delete/evaluacion/{id}: el docente del cursado cancela una reserva futura. */
export async function cancelar(ctx: Ctx, p: { id: number }) {
  const [e] = await ctx.db
    .select({ cursado: evaluaciones.cursadoId, fecha: evaluaciones.fecha })
    .from(evaluaciones)
    .where(eq(evaluaciones.id, p.id));
  if (!e) throw new TRPCError({ code: 'NOT_FOUND', message: NO_HAY_EVALUACION_PARA_BORRAR });
  await cursadoVisible(ctx, { cursado: e.cursado });
  if (e.fecha <= ctx.hoy)
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: 'Sólo se cancelan evaluaciones de clases futuras.',
    });
  return transaccion(ctx, async (tx) => {
    const [borrada] = await tx.db.delete(evaluaciones).where(eq(evaluaciones.id, p.id)).returning();
    if (!borrada)
      throw new TRPCError({ code: 'NOT_FOUND', message: NO_HAY_EVALUACION_PARA_BORRAR });
    await auditar(tx, {
      accion: 'cancelar',
      entidad: 'evaluaciones',
      entidadId: p.id,
      antes: { cursado: borrada.cursadoId, fecha: borrada.fecha },
    });
    // El aviso de la evaluación próxima se retira (issue 35): sin leer y sin correo, se borra.
    const inscriptos = await tx.db
      .select({ alumno: inscripciones.alumnoId })
      .from(inscripciones)
      .where(eq(inscripciones.cursadoId, borrada.cursadoId));
    await retirarAvisos(
      tx.db,
      inscriptos.map((i) => claveAviso.evaluacion(i.alumno, p.id)),
      MOTIVO_RETIRO.evaluacionCancelada,
      ctx.ahora,
    );
    return { evaluacionId: p.id, cancelada: true };
  });
}

// ---------------------------------------------------------------------------
// Vistas: el resumen del personal y las próximas de un alumno

/** La hora y el aula de la clase: el primer bloque del cursado ese día de la semana. */
const columnasProxima = {
  evaluacionId: evaluaciones.id,
  fecha: evaluaciones.fecha,
  cursadoId: cursados.id,
  cursado: cursados.nombre,
  materia: sql<
    string | null
  >`(select m.nombre from cursados_materias cm join materias m on m.id = cm.materia_id where cm.cursado_id = ${sql.raw('"cursados"."id"')} order by m.id limit 1)`,
  bloque: sql<
    number | null
  >`(select min(h.bloque) from horarios h where h.cursado_id = ${sql.raw('"cursados"."id"')} and h.dia = extract(isodow from ${evaluaciones.fecha})::int)`,
  aula: sql<
    string | null
  >`(select h.aula from horarios h where h.cursado_id = ${sql.raw('"cursados"."id"')} and h.dia = extract(isodow from ${evaluaciones.fecha})::int order by h.bloque limit 1)`,
};

const conHora = <T extends { bloque: number | null }>(f: T) => ({
  ...f,
  inicio: f.bloque ? (BLOQUES[f.bloque - 1]?.inicio ?? null) : null,
});

/**
 * GET /api/evaluaciones: las evaluaciones desde hoy, agrupadas por curso, dentro del alcance del
 * rol (un preceptor, sus cursos), con 'Hoy', 'Falta 1 día', 'Faltan N días'.
 */
export async function proximas(ctx: Ctx) {
  const filas = await ctx.db
    .select({
      ...columnasProxima,
      cursoId: cursos.id,
      anio: cursos.anio,
      division: cursos.division,
      especialidad: cursos.especialidad,
    })
    .from(evaluaciones)
    .innerJoin(cursados, eq(cursados.id, evaluaciones.cursadoId))
    .innerJoin(cursadosCursos, eq(cursadosCursos.cursadoId, cursados.id))
    .innerJoin(cursos, eq(cursos.id, cursadosCursos.cursoId))
    .where(
      and(
        gte(evaluaciones.fecha, ctx.hoy),
        eq(cursados.ciclolectivo, ctx.ciclo),
        dentroDe(cursados.id, cursadosVisibles(ctx)),
      ),
    )
    .orderBy(asc(cursos.anio), asc(cursos.division), asc(evaluaciones.fecha));
  // Las PIC desde hoy, en cada curso que tiene un cursado de su materia (spec 01 §2).
  const visibles = cursosVisibles(ctx);
  const deP = await ctx.db
    .selectDistinct({
      picId: pics.id,
      materia: materias.nombre,
      comienzo: pics.comienzo,
      aula: pics.aula,
      cursoId: cursos.id,
      anio: cursos.anio,
      division: cursos.division,
      especialidad: cursos.especialidad,
    })
    .from(pics)
    .innerJoin(materias, eq(materias.id, pics.materiaId))
    .innerJoin(cursadosMaterias, materiaDeLaPic)
    .innerJoin(cursados, cursadoDeLaPic)
    .innerJoin(cursadosCursos, eq(cursadosCursos.cursadoId, cursados.id))
    .innerJoin(cursos, eq(cursos.id, cursadosCursos.cursoId))
    .where(
      and(
        eq(pics.ciclolectivo, ctx.ciclo),
        picsDesde(instanteEnZona(ctx.hoy, '00:00', ctx.zona)),
        dentroDe(cursos.id, visibles),
      ),
    )
    .orderBy(asc(pics.comienzo), asc(materias.nombre));
  type Fila = (typeof filas)[number];
  type Entrada = ReturnType<typeof conHora<Fila>> & { cuenta: string };
  interface PicDelCurso {
    picId: number;
    materia: string;
    fecha: string;
    inicio: string;
    aula: string | null;
    cuenta: string;
  }
  type Grupo = {
    cursoId: number;
    curso: string;
    anio: number;
    division: number;
    evaluaciones: Entrada[];
    pics: PicDelCurso[];
  };
  const porCurso = new Map<number, Grupo>();
  const grupo = (f: { cursoId: number; anio: number; division: number; especialidad: string }) => {
    const g = porCurso.get(f.cursoId) ?? {
      cursoId: f.cursoId,
      curso: nombreCurso(f),
      anio: f.anio,
      division: f.division,
      evaluaciones: [],
      pics: [],
    };
    porCurso.set(f.cursoId, g);
    return g;
  };
  for (const f of filas)
    grupo(f).evaluaciones.push({ ...conHora(f), cuenta: cuentaResumen(f.fecha, ctx.hoy) });
  for (const p of deP) {
    const c = comienzoYHora(p.comienzo, ctx.zona);
    grupo(p).pics.push({
      picId: p.picId,
      materia: p.materia,
      ...c,
      aula: p.aula,
      cuenta: cuentaResumen(c.fecha, ctx.hoy),
    });
  }
  const grupos = [...porCurso.values()].sort((a, b) => a.anio - b.anio || a.division - b.division);
  return {
    hoy: ctx.hoy,
    cursos: grupos.map(({ anio: _a, division: _d, ...g }) => g),
  };
}

/** Una PIC o una mesa de un alumno: la materia, el comienzo (hora de la escuela) y el aula. */
export interface SesionDeExamen {
  tipo: 'pic' | 'mesa';
  /** Único en la lista: 'pic-3', 'mesa-12-5'. */
  clave: string;
  alumnoId: number;
  materia: string;
  fecha: string;
  inicio: string;
  aula: string | null;
  /** Cuándo cambió por última vez (el DTSTAMP del .ics); null si no se sabe. */
  marca: Date | null;
}

/**
 * Las PIC y las mesas de los alumnos (`consultas/examenes`) desde un instante y, si se da, hasta
 * otro, como sesiones ordenadas por fecha y hora. Cuatro consultas.
 */
async function sesionesDeExamen(
  db: DbOTx,
  zona: string,
  p: { alumnos: readonly number[]; desde: Date; hasta?: Date },
): Promise<SesionDeExamen[]> {
  const { pics: deP, mesas: deM } = await examenesDeAlumnos(db, {
    alumnos: p.alumnos,
    cuando: { desde: p.desde, hasta: p.hasta },
  });
  const sesiones: SesionDeExamen[] = [
    ...deP.map((x) => ({
      tipo: 'pic' as const,
      clave: `pic-${x.picId}`,
      alumnoId: x.alumnoId,
      materia: x.materia,
      ...comienzoYHora(x.comienzo, zona),
      aula: x.aula,
      marca: null,
    })),
    ...deM.map((x) => ({
      tipo: 'mesa' as const,
      clave: `mesa-${x.mesaId}-${x.materiaId}`,
      alumnoId: x.alumnoId,
      materia: x.materia,
      ...comienzoYHora(x.comienzo, zona),
      aula: x.aula,
      marca: x.marca,
    })),
  ];
  return sesiones.sort(
    (a, b) =>
      a.fecha.localeCompare(b.fecha) ||
      a.inicio.localeCompare(b.inicio) ||
      a.clave.localeCompare(b.clave),
  );
}

const comienzoYHora = (instante: Date, zona: string) => {
  const c = comienzoEnZona(instante, zona);
  return { fecha: c.fecha, inicio: c.hora };
};

async function proximasDeAlumno(ctx: Ctx, alumno: number) {
  const hasta = new Date(Date.parse(`${ctx.hoy}T00:00:00Z`) + VENTANA_DIAS * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const examenes = await sesionesDeExamen(ctx.db, ctx.zona, {
    alumnos: [alumno],
    desde: instanteEnZona(ctx.hoy, '00:00', ctx.zona),
    hasta: instanteEnZona(hasta, '23:59', ctx.zona),
  });
  const filas = await ctx.db
    .select(columnasProxima)
    .from(evaluaciones)
    .innerJoin(cursados, eq(cursados.id, evaluaciones.cursadoId))
    .innerJoin(inscripciones, eq(inscripciones.cursadoId, cursados.id))
    .where(
      and(
        eq(inscripciones.alumnoId, alumno),
        gte(evaluaciones.fecha, ctx.hoy),
        lte(evaluaciones.fecha, hasta),
      ),
    )
    .orderBy(asc(evaluaciones.fecha), asc(cursados.nombre));
  return {
    hoy: ctx.hoy,
    alumno,
    evaluaciones: filas.map((f) => ({ ...conHora(f), ...cuentaRegresiva(f.fecha, ctx.hoy) })),
    /** Las PIC ('PIC de {materia}') y las mesas ('Mesa de {materia}'), con el aula. */
    examenes: examenes.map(({ marca: _m, alumnoId: _a, ...e }) => ({
      ...e,
      ...cuentaRegresiva(e.fecha, ctx.hoy),
    })),
  };
}

/** GET /api/misevaluaciones[/{id}]: las del alumno propio o del hijo, de hoy a 30 días. */
export async function mias(ctx: Ctx, p: { alumno?: number }) {
  return proximasDeAlumno(ctx, await alumnoPropioOHijo(ctx, p.alumno));
}

/** Las próximas de un alumno para el personal (legajo), dentro de su alcance. */
export async function delAlumno(ctx: Ctx, p: { alumno: number }) {
  await alumnoVisible(ctx, { alumno: p.alumno });
  return proximasDeAlumno(ctx, p.alumno);
}

// ---------------------------------------------------------------------------
// El calendario personal (issue 14 §10): una dirección privada con un secreto por usuario

/** Cuántos días hacia atrás lleva el .ics (lo reciente no desaparece del calendario enseguida). */
const DIAS_ATRAS_CALENDARIO = 60;

/** GET /api/miscalendario: el secreto de la dirección del usuario, o null si no generó una. */
export const enlace = (ctx: Ctx) => enlaceDelUsuario(ctx);

/**
 * POST /api/miscalendario: genera la dirección (o una nueva: la anterior deja de funcionar en el
 * mismo momento, porque el secreto se reemplaza en la misma fila).
 */
export const nuevoEnlace = (ctx: Ctx) => generarEnlace(ctx);

/** DELETE /api/miscalendario: quita la dirección; la que estaba en uso deja de funcionar. */
export const quitarEnlace = (ctx: Ctx) => quitarEnlaceDelUsuario(ctx);

/**
 * GET /api/ics/{token}: el .ics del dueño del secreto (sin sesión: el secreto es la llave). Las
 * evaluaciones de los últimos 60 días y las que vienen, del alumno mismo y de sus hijos con
 * vínculo confirmado (un vínculo quitado deja de verse en la próxima lectura). Un usuario
 * deshabilitado no tiene calendario. Dos consultas, cualquiera sea la cantidad de evaluaciones.
 */
export async function calendario(ctx: Contexto, p: { token: string }) {
  const duenio = await duenioDelEnlace(ctx, p.token);
  if (!duenio) throw new TRPCError({ code: 'NOT_FOUND', message: CALENDARIO_INEXISTENTE });
  const desde = new Date(Date.parse(`${ctx.hoy}T00:00:00Z`) - DIAS_ATRAS_CALENDARIO * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const propios = ctx.db
    .select({ id: alumnos.id })
    .from(alumnos)
    .where(eq(alumnos.usuarioId, duenio.id));
  const filas = await ctx.db
    .select({
      ...columnasProxima,
      bloqueFin: sql<
        number | null
      >`(select max(h.bloque) from horarios h where h.cursado_id = ${sql.raw('"cursados"."id"')} and h.dia = extract(isodow from ${evaluaciones.fecha})::int)`,
      marca: evaluaciones.creado,
      alumnoId: alumnos.id,
      alumno: alumnos.nombre,
      alumnoApellido: alumnos.apellido,
    })
    .from(evaluaciones)
    .innerJoin(cursados, eq(cursados.id, evaluaciones.cursadoId))
    .innerJoin(inscripciones, eq(inscripciones.cursadoId, cursados.id))
    .innerJoin(alumnos, eq(alumnos.id, inscripciones.alumnoId))
    .where(
      and(
        gte(evaluaciones.fecha, desde),
        or(
          inArray(alumnos.id, propios),
          inArray(alumnos.id, idsDeHijosDeUsuario(ctx.db, duenio.id)),
        ),
      ),
    )
    .orderBy(asc(evaluaciones.fecha), asc(alumnos.apellido), asc(alumnos.nombre));
  // Las PIC y las mesas de los mismos alumnos (issue 16 §7).
  const personas = await ctx.db
    .select({ id: alumnos.id, nombre: alumnos.nombre, apellido: alumnos.apellido })
    .from(alumnos)
    .where(
      or(inArray(alumnos.id, propios), inArray(alumnos.id, idsDeHijosDeUsuario(ctx.db, duenio.id))),
    )
    .orderBy(asc(alumnos.apellido), asc(alumnos.nombre), asc(alumnos.id));
  const examenes = await sesionesDeExamen(ctx.db, ctx.zona, {
    alumnos: personas.map((a) => a.id),
    desde: instanteEnZona(desde, '00:00', ctx.zona),
  });
  const persona = new Map(personas.map((a) => [a.id, a]));
  const nombres = [
    ...new Map([
      ...filas.map((f) => [f.alumnoId, f.alumno] as const),
      ...examenes.map((e) => [e.alumnoId, persona.get(e.alumnoId)!.nombre] as const),
    ]).values(),
  ];
  const variosAlumnos = nombres.length > 1;
  const contenido = calendarioIcs({
    nombre: nombres.length ? `Evaluaciones de ${nombres.join(' y ')}` : 'Evaluaciones',
    zona: ctx.zona,
    eventos: [
      ...filas.map((f) => ({
        uid: `evaluacion-${f.evaluacionId}-alumno-${f.alumnoId}@portal-escolar`,
        titulo: `${variosAlumnos ? `${f.alumno}: ` : ''}Evaluación de ${f.materia ?? f.cursado}`,
        descripcion: `${f.cursado} · ${f.alumnoApellido}, ${f.alumno}`,
        lugar: f.aula ? `Aula ${f.aula}` : null,
        fecha: f.fecha,
        inicio: f.bloque ? (BLOQUES[f.bloque - 1]?.inicio ?? null) : null,
        fin: f.bloqueFin ? (BLOQUES[f.bloqueFin - 1]?.fin ?? null) : null,
        marca: f.marca,
      })),
      ...examenes.map((e) => {
        const a = persona.get(e.alumnoId)!;
        return {
          uid: `${e.clave}-alumno-${e.alumnoId}@portal-escolar`,
          titulo: `${variosAlumnos ? `${a.nombre}: ` : ''}${e.tipo === 'pic' ? 'PIC' : 'Mesa'} de ${e.materia}`,
          descripcion: `${a.apellido}, ${a.nombre}`,
          lugar: e.aula ? `Aula ${e.aula}` : null,
          fecha: e.fecha,
          inicio: e.inicio,
          fin: null,
          marca: e.marca ?? new Date(`${e.fecha}T00:00:00Z`),
        };
      }),
    ],
  });
  return { contenido, eventos: filas.length + examenes.length };
}
