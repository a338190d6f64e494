/**
 * Avances (spec 01 §2 Progress reports, §3, §4, §6, §7; issue 15): las instancias del calendario,
 * los cursados de una instancia con el estado de su planilla, la planilla (leer, instanciar,
 * guardar con `anterior` y 409 si otra persona la cambió, cerrar) y las vistas de alumnos,
 * referentes y legajo (sólo planillas cerradas). Un número fijo de consultas por pedido.
 */
import { TRPCError } from '@trpc/server';
import { and, asc, eq, gte, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import {
  AvancesError,
  conFiltroAbiertas,
  estadoPlanillaAvances,
  instanciaAbierta,
  instanciaElegida,
  instanciasAbiertas,
  instanciasDeAvances,
  mascaraDeTipos,
  modoAvances,
  nombresDeTipos,
  tiposDeMascara,
  type CodigoAvance,
  type Instancia,
} from '@/domain/avances';
import { anioDe, nombreCurso } from '@/domain/escuela';
import {
  alumnoPropioOHijo,
  alumnoVisible,
  cursadosVisibles,
  cursadoVisible,
  cursoVisible,
  dentroDe,
} from '@/server/alcance';
import { auditar } from '@/server/auditoria';
import { encolar } from '@/server/avisos/cola';
import type { Ctx } from '@/server/contexto';
import type { DbOTx } from '@/server/db';
import {
  alumnos,
  alumnosCursos,
  avances,
  avancesPlanillas,
  calendario,
  cursados,
  cursadosCursos,
  inscripciones,
} from '@/server/db/schema';
import { transaccion } from '@/server/errores';
import type { GuardarAvances, ReporteAvances } from './schemas';

/** Las instancias de un año (las fechas del área 'avance' del calendario). Una consulta. */
async function instanciasDelAnio(db: DbOTx, anio: number): Promise<Instancia[]> {
  const fechas = await db
    .select({ fecha: calendario.fecha, tipo: calendario.tipo, area: calendario.area })
    .from(calendario)
    .where(
      and(
        eq(calendario.area, 'avance'),
        gte(calendario.fecha, `${anio}-01-01`),
        lte(calendario.fecha, `${anio}-12-31`),
      ),
    );
  return instanciasDeAvances(fechas as Parameters<typeof instanciasDeAvances>[0]);
}

/** La instancia de esa fecha (su cierre), o 404. */
async function instanciaDe(db: DbOTx, fecha: string): Promise<Instancia> {
  const i = (await instanciasDelAnio(db, anioDe(fecha))).find((x) => x.fecha === fecha);
  if (!i) throw new TRPCError({ code: 'NOT_FOUND', message: AvancesError.instanciaInexistente });
  return i;
}

/** Los cursos del cursado (año, división, especialidad), para nombrarlos. */
const columnaCursos = sql<
  { anio: number; division: number; especialidad: string }[]
>`coalesce((select json_agg(json_build_object('anio', c.anio, 'division', c.division, 'especialidad', c.especialidad) order by c.anio, c.division) from cursados_cursos cc join cursos c on c.id = cc.curso_id where cc.cursado_id = ${sql.raw('"cursados"."id"')}), '[]'::json)`;

const modoDe = (ctx: Ctx) => {
  const m = modoAvances(ctx.sesion.rol);
  if (!m) throw new TRPCError({ code: 'FORBIDDEN', message: AvancesError.sinPermiso });
  return m;
};

/** GET /api/avances/instancias: las del ciclo, las abiertas (pestañas) y la elegida por la fecha. */
export async function instancias(ctx: Ctx) {
  const todas = await instanciasDelAnio(ctx.db, ctx.ciclo);
  const abiertas = instanciasAbiertas(todas, ctx.hoy);
  return {
    hoy: ctx.hoy,
    ciclo: ctx.ciclo,
    instancias: todas,
    abiertas,
    elegida: instanciaElegida(abiertas, ctx.hoy)?.fecha ?? null,
    modo: modoAvances(ctx.sesion.rol),
    conFiltro: conFiltroAbiertas(ctx.sesion.rol),
  };
}

/**
 * Los cursados del usuario (su alcance) en la instancia, con su planilla: sin planilla, abierta
 * o cerrada, y cuántos alumnos tienen dificultades. GET /api/avances/planilla/abiertas/{fecha}:
 * sólo las que no están cerradas. Dos consultas.
 */
export async function cursadosDeInstancia(ctx: Ctx, p: { fecha: string; soloAbiertas: boolean }) {
  modoDe(ctx);
  const instancia = await instanciaDe(ctx.db, p.fecha);
  const ciclo = anioDe(p.fecha);
  const filas = await ctx.db
    .select({
      cursadoId: cursados.id,
      nombre: cursados.nombre,
      cerrada: avancesPlanillas.cerrada,
      planillaId: avancesPlanillas.id,
      cursos: columnaCursos,
      inscriptos: sql<number>`(select count(*) from inscripciones i where i.cursado_id = ${sql.raw('"cursados"."id"')})::int`,
      conDificultades: sql<number>`(select count(*) from avances a where a.planilla_id = ${sql.raw('"avances_planillas"."id"')} and a.tipos <> 0)::int`,
    })
    .from(cursados)
    .leftJoin(
      avancesPlanillas,
      and(eq(avancesPlanillas.cursadoId, cursados.id), eq(avancesPlanillas.fecha, p.fecha)),
    )
    .where(
      and(
        eq(cursados.ciclolectivo, ciclo),
        dentroDe(cursados.id, cursadosVisibles(ctx, ciclo)),
        p.soloAbiertas ? sql`coalesce(${avancesPlanillas.cerrada}, false) = false` : undefined,
      ),
    )
    .orderBy(asc(cursados.nombre), asc(cursados.id));
  return {
    instancia,
    abierta: instanciaAbierta(instancia, ctx.hoy),
    cursados: filas.map((f) => ({
      cursadoId: f.cursadoId,
      nombre: f.nombre,
      cursos: f.cursos.map(nombreCurso),
      estado:
        f.planillaId == null
          ? ('sinPlanilla' as const)
          : f.cerrada
            ? ('cerrada' as const)
            : ('abierta' as const),
      inscriptos: f.inscriptos,
      conDificultades: f.conDificultades ?? 0,
      quedoAbierta: !f.cerrada && ctx.hoy > instancia.fecha,
    })),
  };
}

/** La planilla de la instancia y el cursado (la fila), si existe. */
async function filaPlanilla(db: DbOTx, fecha: string, cursado: number, bloquear = false) {
  const q = db
    .select({ id: avancesPlanillas.id, cerrada: avancesPlanillas.cerrada })
    .from(avancesPlanillas)
    .where(and(eq(avancesPlanillas.cursadoId, cursado), eq(avancesPlanillas.fecha, fecha)));
  const [f] = bloquear ? await q.for('update') : await q;
  return f ?? null;
}

/** GET /api/avances/planilla/{fecha}/{cursadoId}: los alumnos del cursado con sus avances. */
export async function planilla(ctx: Ctx, p: { fecha: string; cursado: number }) {
  const modo = modoDe(ctx);
  await cursadoVisible(ctx, { cursado: p.cursado });
  const [instancia, fila, lista, [c]] = await Promise.all([
    instanciaDe(ctx.db, p.fecha),
    filaPlanilla(ctx.db, p.fecha, p.cursado),
    ctx.db
      .select({
        alumnoId: alumnos.id,
        apellido: alumnos.apellido,
        nombre: alumnos.nombre,
        tipos: avances.tipos,
        observaciones: avances.observaciones,
      })
      .from(inscripciones)
      .innerJoin(alumnos, eq(alumnos.id, inscripciones.alumnoId))
      .leftJoin(
        avancesPlanillas,
        and(eq(avancesPlanillas.cursadoId, p.cursado), eq(avancesPlanillas.fecha, p.fecha)),
      )
      .leftJoin(
        avances,
        and(eq(avances.planillaId, avancesPlanillas.id), eq(avances.alumnoId, alumnos.id)),
      )
      .where(eq(inscripciones.cursadoId, p.cursado))
      .orderBy(asc(alumnos.apellido), asc(alumnos.nombre), asc(alumnos.id)),
    ctx.db
      .select({ nombre: cursados.nombre, cursos: columnaCursos })
      .from(cursados)
      .where(eq(cursados.id, p.cursado)),
  ]);
  const estado = estadoPlanillaAvances({
    modo,
    instancia,
    cerrada: fila?.cerrada ?? false,
    hoy: ctx.hoy,
  });
  return {
    instancia,
    cursado: { cursadoId: p.cursado, nombre: c!.nombre, cursos: c!.cursos.map(nombreCurso) },
    existe: fila != null,
    ...estado,
    aviso: estado.quedoAbierta ? AvancesError.quedoAbierta(instancia.fecha) : null,
    alumnos: lista.map((a) => ({
      alumnoId: a.alumnoId,
      apellido: a.apellido,
      nombre: a.nombre,
      /** Lo guardado; null: nada guardado todavía para el alumno. */
      guardado:
        a.tipos == null
          ? null
          : { tipos: tiposDeMascara(a.tipos), observaciones: a.observaciones ?? null },
    })),
  };
}

/** La planilla, creada si no existe, bloqueada para esta transacción. */
async function planillaBloqueada(tx: DbOTx, fecha: string, cursado: number) {
  await tx
    .insert(avancesPlanillas)
    .values({ cursadoId: cursado, fecha })
    .onConflictDoNothing({ target: [avancesPlanillas.cursadoId, avancesPlanillas.fecha] });
  return (await filaPlanilla(tx, fecha, cursado, true))!;
}

function exigir(ok: boolean, motivo: string | null, codigo: 'PRECONDITION_FAILED' | 'FORBIDDEN') {
  if (!ok) throw new TRPCError({ code: codigo, message: motivo ?? AvancesError.sinPermiso });
}

/** PUT /api/avances/instanciar/{fecha}/{cursado}: crea la planilla (vacía) de la instancia. */
export async function instanciar(ctx: Ctx, p: { fecha: string; cursado: number }) {
  const modo = modoDe(ctx);
  await cursadoVisible(ctx, { cursado: p.cursado });
  const instancia = await instanciaDe(ctx.db, p.fecha);
  return transaccion(ctx, async (tx) => {
    const antes = await filaPlanilla(tx.db, p.fecha, p.cursado);
    const e = estadoPlanillaAvances({
      modo,
      instancia,
      cerrada: antes?.cerrada ?? false,
      hoy: ctx.hoy,
    });
    if (!antes)
      exigir(e.puedeEditar, e.motivo, modo === 'docente' ? 'PRECONDITION_FAILED' : 'FORBIDDEN');
    const fila = await planillaBloqueada(tx.db, p.fecha, p.cursado);
    return { planillaId: fila.id, creada: !antes, cerrada: fila.cerrada };
  });
}

const igual = (
  a: { tipos: readonly CodigoAvance[]; observaciones: string | null } | null,
  b: typeof a,
) =>
  a === b ||
  (a != null &&
    b != null &&
    mascaraDeTipos(a.tipos) === mascaraDeTipos(b.tipos) &&
    (a.observaciones ?? null) === (b.observaciones ?? null));

/**
 * PUT /api/avances/planilla/{fecha}/{cursadoId}: guarda los cambios de la planilla. Cada cambio
 * lleva lo que la pantalla mostraba (`anterior`); si otra persona guardó otra cosa para ese
 * alumno, 409 con los nombres y no se escribe nada. Un alumno que no está en el cursado, un tipo
 * desconocido, una planilla cerrada o una instancia que no está abierta: error, nada escrito.
 */
export async function guardar(ctx: Ctx, datos: GuardarAvances) {
  const modo = modoDe(ctx);
  await cursadoVisible(ctx, { cursado: datos.cursado });
  const instancia = await instanciaDe(ctx.db, datos.fecha);
  return transaccion(ctx, async (tx) => {
    const fila = await planillaBloqueada(tx.db, datos.fecha, datos.cursado);
    const e = estadoPlanillaAvances({ modo, instancia, cerrada: fila.cerrada, hoy: ctx.hoy });
    exigir(e.puedeEditar, e.motivo, modo === 'docente' ? 'PRECONDITION_FAILED' : 'FORBIDDEN');
    if (!datos.cambios.length) return { guardados: 0 };
    const ids = datos.cambios.map((c) => c.alumno);
    const [inscriptos, actuales] = await Promise.all([
      tx.db
        .select({ id: alumnos.id, apellido: alumnos.apellido, nombre: alumnos.nombre })
        .from(inscripciones)
        .innerJoin(alumnos, eq(alumnos.id, inscripciones.alumnoId))
        .where(
          and(eq(inscripciones.cursadoId, datos.cursado), inArray(inscripciones.alumnoId, ids)),
        ),
      tx.db
        .select({
          alumnoId: avances.alumnoId,
          tipos: avances.tipos,
          observaciones: avances.observaciones,
        })
        .from(avances)
        .where(and(eq(avances.planillaId, fila.id), inArray(avances.alumnoId, ids))),
    ]);
    const inscripto = new Map(inscriptos.map((a) => [a.id, a]));
    const faltan = ids.filter((x) => !inscripto.has(x));
    if (faltan.length)
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: `${AvancesError.noInscripto}: ${faltan.join(', ')}.`,
      });
    const actual = new Map(
      actuales.map((a) => [
        a.alumnoId,
        { tipos: tiposDeMascara(a.tipos), observaciones: a.observaciones ?? null },
      ]),
    );
    const conflictos = datos.cambios.filter(
      (c) => !igual(actual.get(c.alumno) ?? null, c.anterior),
    );
    if (conflictos.length) {
      const quienes = conflictos
        .map((c) => {
          const a = inscripto.get(c.alumno)!;
          return `${a.apellido}, ${a.nombre}`;
        })
        .join('; ');
      throw new TRPCError({ code: 'CONFLICT', message: AvancesError.conflicto(quienes) });
    }
    await tx.db
      .insert(avances)
      .values(
        datos.cambios.map((c) => ({
          planillaId: fila.id,
          alumnoId: c.alumno,
          tipos: mascaraDeTipos(c.tipos),
          observaciones: c.observaciones || null,
        })),
      )
      .onConflictDoUpdate({
        target: [avances.planillaId, avances.alumnoId],
        set: {
          tipos: sql`excluded.tipos`,
          observaciones: sql`excluded.observaciones`,
          actualizado: sql`now()`,
        },
      });
    await auditar(tx, {
      accion: 'guardar',
      entidad: 'avances_planillas',
      entidadId: fila.id,
      antes: datos.cambios.map((c) => ({ alumno: c.alumno, ...(actual.get(c.alumno) ?? {}) })),
      despues: datos.cambios.map((c) => ({
        alumno: c.alumno,
        tipos: c.tipos,
        observaciones: c.observaciones || null,
      })),
    });
    return { guardados: datos.cambios.length };
  });
}

/**
 * PUT /api/avances/planilla/cerrar/{fecha}/{cursadoId}: el docente o el jefe de departamento la
 * cierra (sin filas, todos quedan 'Sin Observaciones'); cerrada es de sólo lectura y la ven
 * alumnos y referentes.
 */
export async function cerrar(ctx: Ctx, p: { fecha: string; cursado: number }) {
  const modo = modoDe(ctx);
  await cursadoVisible(ctx, { cursado: p.cursado });
  const instancia = await instanciaDe(ctx.db, p.fecha);
  return transaccion(ctx, async (tx) => {
    const fila = await planillaBloqueada(tx.db, p.fecha, p.cursado);
    const e = estadoPlanillaAvances({ modo, instancia, cerrada: fila.cerrada, hoy: ctx.hoy });
    if (fila.cerrada)
      throw new TRPCError({ code: 'PRECONDITION_FAILED', message: AvancesError.cerrada });
    exigir(e.puedeCerrar, e.motivo, modo === 'lectura' ? 'FORBIDDEN' : 'PRECONDITION_FAILED');
    await tx.db
      .update(avancesPlanillas)
      .set({ cerrada: true, cerradaPor: ctx.sesion.usuario.id, cerradaEn: sql`now()` })
      .where(eq(avancesPlanillas.id, fila.id));
    // El aviso a cada familia (issue 35), en la misma transacción.
    await encolar(tx.db, { tipo: 'avances-cerrados', planilla: fila.id });
    await auditar(tx, {
      accion: 'cerrar',
      entidad: 'avances_planillas',
      entidadId: fila.id,
      despues: { cursado: p.cursado, fecha: p.fecha },
    });
    return { planillaId: fila.id, cerrada: true };
  });
}

// ---------------------------------------------------------------------------
// Vistas de alumnos, referentes y legajo: sólo las planillas cerradas

async function avancesDeAlumno(ctx: Ctx, alumno: number, anio: number) {
  const [instancias, filas] = await Promise.all([
    instanciasDelAnio(ctx.db, anio),
    ctx.db
      .select({
        fecha: avancesPlanillas.fecha,
        cursadoId: cursados.id,
        cursado: cursados.nombre,
        materia: sql<
          string | null
        >`(select m.nombre from cursados_materias cm join materias m on m.id = cm.materia_id where cm.cursado_id = ${sql.raw('"cursados"."id"')} order by m.id limit 1)`,
        tipos: avances.tipos,
        observaciones: avances.observaciones,
      })
      .from(inscripciones)
      .innerJoin(cursados, eq(cursados.id, inscripciones.cursadoId))
      .innerJoin(
        avancesPlanillas,
        and(eq(avancesPlanillas.cursadoId, cursados.id), eq(avancesPlanillas.cerrada, true)),
      )
      .leftJoin(
        avances,
        and(eq(avances.planillaId, avancesPlanillas.id), eq(avances.alumnoId, alumno)),
      )
      .where(and(eq(inscripciones.alumnoId, alumno), eq(cursados.ciclolectivo, anio)))
      .orderBy(asc(avancesPlanillas.fecha), asc(cursados.nombre)),
  ]);
  const fechas = instancias.map((i) => ({
    fecha: i.fecha,
    materias: filas
      .filter((f) => f.fecha === i.fecha)
      .map((f) => ({
        cursadoId: f.cursadoId,
        materia: f.materia ?? f.cursado,
        tipos: nombresDeTipos(f.tipos ?? 0),
        sinObservaciones: !f.tipos,
        observaciones: f.observaciones ?? null,
      })),
  }));
  return { alumno, anio, hoy: ctx.hoy, fechas };
}

/** GET /api/misavances[/{id}]: los del alumno propio o del hijo, por año. */
export async function mias(ctx: Ctx, p: { alumno?: number; anio?: number }) {
  const alumno = await alumnoPropioOHijo(ctx, p.alumno);
  return avancesDeAlumno(ctx, alumno, p.anio ?? ctx.ciclo);
}

/** Los avances de un alumno para el personal (legajo), dentro de su alcance. */
export async function delAlumno(ctx: Ctx, p: { alumno: number; anio?: number }) {
  await alumnoVisible(ctx, { alumno: p.alumno });
  return avancesDeAlumno(ctx, p.alumno, p.anio ?? ctx.ciclo);
}

// ---------------------------------------------------------------------------
// Planillón en modo avances (spec 01 §2 Overview; issue 15 §4, §5)

/** Estado de la planilla de un cursado en la instancia. */
export type EstadoPlanillaReporte = 'sinPlanilla' | 'abierta' | 'cerrada';

/** Una celda del planillón: lo guardado del alumno en la materia, en la instancia. */
export interface AvanceReporte {
  /** Los tipos de dificultad, en el orden de la leyenda (ninguno: 'Sin Observaciones'). */
  tipos: CodigoAvance[];
  /** Sus nombres; sin tipos, ['Sin Observaciones']. */
  nombres: string[];
  observaciones: string | null;
  /** ¿La planilla está cerrada? Abierta, es lo guardado hasta ahora. */
  cerrada: boolean;
}

const estadoDeColumna = (c: {
  planillaId: number | null;
  cerrada: boolean | null;
}): EstadoPlanillaReporte =>
  c.planillaId == null ? 'sinPlanilla' : c.cerrada ? 'cerrada' : 'abierta';

/**
 * La instancia que muestra el planillón si no se pide una: la elegida por la fecha entre las
 * abiertas (como /avances); si no hay abiertas, la última cuyo cierre ya pasó; si ninguna pasó,
 * la primera del ciclo. Sin instancias, null.
 */
function instanciaDelPlanillon(todas: readonly Instancia[], hoy: string): Instancia | null {
  return (
    instanciaElegida(instanciasAbiertas(todas, hoy), hoy) ??
    todas.filter((i) => i.fecha <= hoy).at(-1) ??
    todas[0] ??
    null
  );
}

/**
 * El planillón en modo avances: los alumnos del curso × los cursados del curso en el ciclo, con
 * lo guardado de cada uno en la instancia (tipos, observaciones y si la planilla está cerrada) y
 * cuántas materias tienen dificultades. Una celda vacía (null): el alumno no cursa la materia, la
 * planilla no existe o está abierta y no guardó nada para él; en una planilla cerrada, sin fila es
 * 'Sin Observaciones'. El Preceptor, sólo sus cursos. Cinco consultas, sea cual sea el tamaño del
 * curso: el curso (con el alcance), las instancias, y juntas las columnas, los alumnos y las celdas
 * (cuatro si el ciclo no tiene instancias).
 */
export async function reporte(ctx: Ctx, p: ReporteAvances) {
  const ciclo = p.fecha ? anioDe(p.fecha) : (p.ciclo ?? ctx.ciclo);
  const curso = await cursoVisible(ctx, { curso: p.curso, ciclo });
  const todas = (await instanciasDelAnio(ctx.db, ciclo)).sort((a, b) =>
    a.fecha.localeCompare(b.fecha),
  );
  const instancia = p.fecha
    ? (todas.find((i) => i.fecha === p.fecha) ?? null)
    : instanciaDelPlanillon(todas, ctx.hoy);
  if (p.fecha && !instancia)
    throw new TRPCError({ code: 'NOT_FOUND', message: AvancesError.instanciaInexistente });
  const fecha = instancia?.fecha ?? null;
  const delCursoEnElCiclo = and(
    eq(cursadosCursos.cursoId, curso.orden),
    eq(cursados.ciclolectivo, ciclo),
  );
  const [columnas, filas, guardados] = await Promise.all([
    ctx.db
      .select({
        id: cursados.id,
        nombre: cursados.nombre,
        planillaId: avancesPlanillas.id,
        cerrada: avancesPlanillas.cerrada,
      })
      .from(cursadosCursos)
      .innerJoin(cursados, eq(cursados.id, cursadosCursos.cursadoId))
      .leftJoin(
        avancesPlanillas,
        fecha
          ? and(eq(avancesPlanillas.cursadoId, cursados.id), eq(avancesPlanillas.fecha, fecha))
          : sql`false`,
      )
      .where(delCursoEnElCiclo)
      .orderBy(asc(cursados.nombre), asc(cursados.id)),
    ctx.db
      .select({ orden: alumnos.id, apellido: alumnos.apellido, nombre: alumnos.nombre })
      .from(alumnosCursos)
      .innerJoin(alumnos, eq(alumnos.id, alumnosCursos.alumnoId))
      .where(and(eq(alumnosCursos.cursoId, curso.orden), eq(alumnosCursos.ciclolectivo, ciclo)))
      .orderBy(asc(alumnos.apellido), asc(alumnos.nombre), asc(alumnos.id)),
    // Las celdas con algo: inscripciones de alumnos del curso en cursados del curso cuya planilla
    // de la instancia existe, con la fila guardada del alumno o la planilla cerrada.
    fecha
      ? ctx.db
          .select({
            alumnoId: inscripciones.alumnoId,
            cursadoId: inscripciones.cursadoId,
            cerrada: avancesPlanillas.cerrada,
            tipos: avances.tipos,
            observaciones: avances.observaciones,
          })
          .from(inscripciones)
          .innerJoin(
            alumnosCursos,
            and(
              eq(alumnosCursos.alumnoId, inscripciones.alumnoId),
              eq(alumnosCursos.cursoId, curso.orden),
              eq(alumnosCursos.ciclolectivo, ciclo),
            ),
          )
          .innerJoin(cursados, eq(cursados.id, inscripciones.cursadoId))
          .innerJoin(cursadosCursos, eq(cursadosCursos.cursadoId, cursados.id))
          .innerJoin(
            avancesPlanillas,
            and(
              eq(avancesPlanillas.cursadoId, inscripciones.cursadoId),
              eq(avancesPlanillas.fecha, fecha),
            ),
          )
          .leftJoin(
            avances,
            and(
              eq(avances.planillaId, avancesPlanillas.id),
              eq(avances.alumnoId, inscripciones.alumnoId),
            ),
          )
          .where(
            and(
              delCursoEnElCiclo,
              or(eq(avancesPlanillas.cerrada, true), isNotNull(avances.planillaId)),
            ),
          )
      : Promise.resolve([]),
  ]);
  const celdas = new Map<string, AvanceReporte>();
  for (const g of guardados) {
    const mascara = g.tipos ?? 0;
    celdas.set(`${g.alumnoId}:${g.cursadoId}`, {
      tipos: tiposDeMascara(mascara),
      nombres: nombresDeTipos(mascara),
      observaciones: g.observaciones ?? null,
      cerrada: g.cerrada,
    });
  }
  return {
    curso: { orden: curso.orden, nombre: curso.nombre },
    ciclo,
    hoy: ctx.hoy,
    /** Las instancias del ciclo, por fecha (para elegir otra). */
    instancias: todas,
    /** La que se muestra; null si el ciclo no tiene instancias. */
    instancia,
    cursados: columnas.map((c) => ({
      id: c.id,
      nombre: c.nombre,
      planilla: estadoDeColumna(c),
    })),
    alumnos: filas.map((a) => {
      const fila = columnas.map((c) => celdas.get(`${a.orden}:${c.id}`) ?? null);
      return {
        ...a,
        /** Una por cursado, en el orden de `cursados`. */
        avances: fila,
        /** Materias con algún tipo de dificultad en la instancia. */
        conDificultades: fila.filter((x) => x != null && x.tipos.length > 0).length,
      };
    }),
  };
}
