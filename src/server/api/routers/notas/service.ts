/**
 * Notas (spec 01 §2 Grade booklet, §3, §5 Grades; spec 02 §2 Grade sheets, §3, §4, §5, §8):
 * la planilla de cada cursado con sus dos cuatrimestres, el guardado de los cambios con
 * detección de conflictos, el cierre y la reapertura de los períodos, las libretas (personal,
 * alumno y referente) y el planillón en modo notas.
 *
 * Reglas del servidor, nunca sólo de la interfaz:
 *  - El modo sale del rol activo: Docente carga en sus cursados mientras el período está en
 *    fechas; Alumnado carga desde la apertura hasta que se publica, cierra y reabre; los demás
 *    sólo leen (ver `estadoPeriodoNotas`).
 *  - Un guardado es una transacción que bloquea la fila del cursado: los guardados de una misma
 *    planilla se hacen de a uno. Cada cambio trae el valor que la planilla mostraba
 *    (`anterior`); si alguno ya no coincide (otro docente, otra pestaña) no se guarda nada y se
 *    responde CONFLICT con los alumnos afectados. Cada nota cambiada deja su auditoría.
 *  - Alumnos y referentes ven las notas de un cuatrimestre desde su fecha de publicación.
 *
 * Cada lectura hace una cantidad fija de consultas, la misma para 3 o 35 alumnos.
 */
import { TRPCError } from '@trpc/server';
import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import { hoyEscolar, nombreCurso } from '@/domain/escuela';
import { periodosDeArea, type FechaCalendario } from '@/domain/calendario';
import {
  AUSENTE,
  CUATRIMESTRES,
  ErrorPlanilla,
  NOMBRE_CUATRIMESTRE,
  PERIODO_DE_INSTANCIA,
  aplicaCuatrimestre,
  avisosPlanilla,
  bitCuatrimestre,
  estadoPeriodoNotas,
  motivoNoCarga,
  notaFinal,
  type Cuatrimestre,
  type EstadoPeriodoNotas,
  type FechasPeriodoNotas,
  type InstanciaMesa,
  type ModoPlanilla,
  type ResultadoExamen,
  type TipoNotaExamen,
  type ValorNota,
} from '@/domain/notas';
import { Rol } from '@/domain/roles';
import type { Db, DbOTx } from '@/server/db';
import {
  alumnos,
  alumnosCursos,
  auditoria,
  calendario,
  cursados,
  cursadosCursos,
  cursadosDocentes,
  cursadosMaterias,
  cursos,
  examenes,
  inscripciones,
  materias,
  notas,
  usuarios,
} from '@/server/db/schema';
import type { Sesion } from '@/server/auth/sesion';
import {
  alumnoPropioOHijo,
  alumnosVisibles,
  alumnoVisible,
  cursadosVisibles,
  cursoVisible,
  dentroDe,
} from '@/server/alcance';
import type { CambioNota, GuardarPlanilla, PedidoPlanilla, PeriodoCursado } from './schemas';

export const CURSADO_INEXISTENTE = 'El cursado no existe.';
export const CURSADO_AJENO = 'No tiene acceso a ese cursado.';
export const SIN_PERIODO_EN_CURSO = 'No hay un período de notas en curso para este cursado.';
export const ALUMNOS_NO_INSCRIPTOS = 'Estos alumnos no están inscriptos en el cursado';

/** El modo de la planilla según el rol activo. */
export function modoDe(rol: number): ModoPlanilla {
  if (rol === Rol.Docente) return 'docente';
  if (rol === Rol.Alumnado) return 'alumnado';
  return 'lectura';
}

type Notas = Record<Cuatrimestre, ValorNota | null>;
const SIN_NOTAS = (): Notas => ({ 1: null, 2: null });

/** El valor de una fila de `notas`: la nota, 'ausente' o nada. */
const valorDe = (fila: { nota: number | null; ausente: boolean } | undefined): ValorNota | null =>
  fila == null ? null : fila.ausente ? AUSENTE : fila.nota;

const nombreAlumno = (a: { apellido: string; nombre: string }) => `${a.apellido}, ${a.nombre}`;

// ---------------------------------------------------------------------------
// Períodos y cursados

/**
 * Las fechas de los períodos de notas de uno o más ciclos (área 'nota' del calendario): en cada
 * año, el 1er período es el 1° cuatrimestre y el 2° el 2° cuatrimestre. Una consulta.
 */
export async function periodosDeNotas(
  db: DbOTx,
  ciclos: readonly number[],
): Promise<Map<number, Record<Cuatrimestre, FechasPeriodoNotas | null>>> {
  const resultado = new Map<number, Record<Cuatrimestre, FechasPeriodoNotas | null>>();
  if (!ciclos.length) return resultado;
  const desde = Math.min(...ciclos);
  const hasta = Math.max(...ciclos);
  const filas = await db
    .select({ fecha: calendario.fecha, tipo: calendario.tipo, area: calendario.area })
    .from(calendario)
    .where(
      and(
        eq(calendario.area, 'nota'),
        between(calendario.fecha, `${desde}-01-01`, `${hasta}-12-31`),
      ),
    );
  for (const ciclo of ciclos) {
    const periodos = periodosDeArea(
      filas.filter((f) => f.fecha.startsWith(`${ciclo}-`)) as FechaCalendario[],
      'nota',
    );
    resultado.set(ciclo, { 1: periodos[0] ?? null, 2: periodos[1] ?? null });
  }
  return resultado;
}

function estados(
  cursado: { modalidad: number; periodosCerrados: number },
  fechas: Record<Cuatrimestre, FechasPeriodoNotas | null> | undefined,
  hoy: string,
  modo: ModoPlanilla,
): EstadoPeriodoNotas[] {
  return CUATRIMESTRES.map((c) =>
    estadoPeriodoNotas({
      modalidad: cursado.modalidad,
      cuatrimestre: c,
      fechas: fechas?.[c] ?? null,
      cerrados: cursado.periodosCerrados,
      hoy,
      modo,
    }),
  );
}

/**
 * El cursado, si existe y está en el alcance del rol (Docente: los suyos; Preceptor: los de sus
 * cursos; JefeDepartamento y Coordinador: los de sus materias; el resto: todos). Con `bloquear`,
 * toma la fila con FOR UPDATE (dentro de una transacción): los guardados y cierres de una misma
 * planilla se hacen de a uno.
 */
async function cursadoVisible(db: DbOTx, sesion: Sesion, cursadoId: number, bloquear = false) {
  const consulta = db
    .select({
      id: cursados.id,
      nombre: cursados.nombre,
      modalidad: cursados.modalidad,
      ciclolectivo: cursados.ciclolectivo,
      periodosCerrados: cursados.periodosCerrados,
    })
    .from(cursados)
    .where(eq(cursados.id, cursadoId));
  const [c] = bloquear ? await consulta.for('update') : await consulta;
  if (!c) throw new TRPCError({ code: 'NOT_FOUND', message: CURSADO_INEXISTENTE });
  const sub = cursadosVisibles(db, sesion, c.ciclolectivo);
  if (sub) {
    const [visible] = await db
      .select({ id: cursados.id })
      .from(cursados)
      .where(and(eq(cursados.id, cursadoId), inArray(cursados.id, sub)));
    if (!visible) throw new TRPCError({ code: 'FORBIDDEN', message: CURSADO_AJENO });
  }
  return c;
}

/** Materias, cursos y docentes de varios cursados, en tres consultas. */
async function detallesDeCursados(db: DbOTx, ids: readonly number[]) {
  const vacio = () => ({
    materias: [] as string[],
    cursos: [] as { id: number; nombre: string }[],
    docentes: [] as string[],
  });
  const detalles = new Map(ids.map((id) => [id, vacio()]));
  if (!ids.length) return detalles;
  const [ms, cs, ds] = await Promise.all([
    db
      .select({ cursado: cursadosMaterias.cursadoId, nombre: materias.nombre })
      .from(cursadosMaterias)
      .innerJoin(materias, eq(materias.id, cursadosMaterias.materiaId))
      .where(inArray(cursadosMaterias.cursadoId, ids))
      .orderBy(asc(materias.nombre)),
    db
      .select({
        cursado: cursadosCursos.cursadoId,
        id: cursos.id,
        anio: cursos.anio,
        division: cursos.division,
        especialidad: cursos.especialidad,
      })
      .from(cursadosCursos)
      .innerJoin(cursos, eq(cursos.id, cursadosCursos.cursoId))
      .where(inArray(cursadosCursos.cursadoId, ids))
      .orderBy(asc(cursos.anio), asc(cursos.division)),
    db
      .select({
        cursado: cursadosDocentes.cursadoId,
        apellido: usuarios.apellido,
        nombre: usuarios.nombre,
      })
      .from(cursadosDocentes)
      .innerJoin(usuarios, eq(usuarios.id, cursadosDocentes.usuarioId))
      .where(inArray(cursadosDocentes.cursadoId, ids))
      .orderBy(asc(usuarios.apellido), asc(usuarios.nombre)),
  ]);
  for (const m of ms) detalles.get(m.cursado)?.materias.push(m.nombre);
  for (const c of cs) detalles.get(c.cursado)?.cursos.push({ id: c.id, nombre: nombreCurso(c) });
  for (const d of ds) detalles.get(d.cursado)?.docentes.push(nombreAlumno(d));
  return detalles;
}

/**
 * Los cursados cuyas planillas puede ver el rol en el ciclo (el selector de /notas*), con el
 * estado de cada cuatrimestre. `soloAbiertas` (/notas-hypervisor): los que tienen algún
 * cuatrimestre ya iniciado y sin cerrar.
 */
export async function cursadosDeNotas(
  db: Db,
  sesion: Sesion,
  ciclo: number,
  soloAbiertas: boolean,
  hoy = hoyEscolar(),
) {
  const modo = modoDe(sesion.rol);
  const filas = await db
    .select({
      id: cursados.id,
      nombre: cursados.nombre,
      modalidad: cursados.modalidad,
      periodosCerrados: cursados.periodosCerrados,
    })
    .from(cursados)
    .where(
      and(
        eq(cursados.ciclolectivo, ciclo),
        dentroDe(cursados.id, cursadosVisibles(db, sesion, ciclo)),
      ),
    )
    .orderBy(asc(cursados.nombre), asc(cursados.id));
  const [detalles, periodos] = await Promise.all([
    detallesDeCursados(
      db,
      filas.map((f) => f.id),
    ),
    periodosDeNotas(db, [ciclo]),
  ]);
  const lista = filas.map((f) => {
    const es = estados(f, periodos.get(ciclo), hoy, modo);
    return {
      ...f,
      ...detalles.get(f.id)!,
      estados: es,
      abierta: es.some((e) => e.aplica && e.iniciado && !e.cerrado),
    };
  });
  return soloAbiertas ? lista.filter((c) => c.abierta) : lista;
}

// ---------------------------------------------------------------------------
// La planilla

/**
 * La planilla de un cursado (GET /api/notascursado/{id}[/curso/{curso}]): el cursado, el estado
 * de cada cuatrimestre para el rol, los avisos y los alumnos inscriptos (de un curso, si se
 * pide) con sus notas. Un Preceptor ve sólo a los alumnos de sus cursos.
 */
export async function planilla(db: Db, sesion: Sesion, pedido: PedidoPlanilla, hoy = hoyEscolar()) {
  const cursado = await cursadoVisible(db, sesion, pedido.cursado);
  const modo = modoDe(sesion.rol);
  const soloSusAlumnos =
    sesion.rol === Rol.Preceptor ? alumnosVisibles(db, sesion, cursado.ciclolectivo) : null;
  const [detalles, periodos, inscriptos, guardadas] = await Promise.all([
    detallesDeCursados(db, [cursado.id]),
    periodosDeNotas(db, [cursado.ciclolectivo]),
    db
      .select({
        id: alumnos.id,
        apellido: alumnos.apellido,
        nombre: alumnos.nombre,
        cursoId: cursos.id,
        anio: cursos.anio,
        division: cursos.division,
        especialidad: cursos.especialidad,
      })
      .from(inscripciones)
      .innerJoin(alumnos, eq(alumnos.id, inscripciones.alumnoId))
      .leftJoin(
        alumnosCursos,
        and(
          eq(alumnosCursos.alumnoId, alumnos.id),
          eq(alumnosCursos.ciclolectivo, cursado.ciclolectivo),
        ),
      )
      .leftJoin(cursos, eq(cursos.id, alumnosCursos.cursoId))
      .where(
        and(
          eq(inscripciones.cursadoId, cursado.id),
          pedido.curso != null ? eq(alumnosCursos.cursoId, pedido.curso) : undefined,
          dentroDe(alumnos.id, soloSusAlumnos),
        ),
      )
      .orderBy(asc(alumnos.apellido), asc(alumnos.nombre), asc(alumnos.id)),
    db
      .select({
        alumnoId: notas.alumnoId,
        cuatrimestre: notas.cuatrimestre,
        nota: notas.nota,
        ausente: notas.ausente,
      })
      .from(notas)
      .where(eq(notas.cursadoId, cursado.id)),
  ]);
  const porAlumno = new Map<number, Notas>();
  for (const n of guardadas) {
    const fila = porAlumno.get(n.alumnoId) ?? SIN_NOTAS();
    fila[n.cuatrimestre as Cuatrimestre] = valorDe(n);
    porAlumno.set(n.alumnoId, fila);
  }
  const es = estados(cursado, periodos.get(cursado.ciclolectivo), hoy, modo);
  return {
    cursado: { ...cursado, ...detalles.get(cursado.id)! },
    modo,
    estados: es,
    avisos: avisosPlanilla(es, modo),
    alumnos: inscriptos.map((a) => ({
      id: a.id,
      apellido: a.apellido,
      nombre: a.nombre,
      curso:
        a.cursoId != null && a.anio != null && a.division != null && a.especialidad != null
          ? {
              id: a.cursoId,
              nombre: nombreCurso({
                anio: a.anio,
                division: a.division,
                especialidad: a.especialidad,
              }),
            }
          : null,
      notas: porAlumno.get(a.id) ?? SIN_NOTAS(),
    })),
  };
}

/**
 * Guarda los cambios de la planilla (PUT /api/notascursado/{id}): sólo las celdas con acción
 * (add, update, delete), todas o ninguna. Errores, sin escribir nada: período cerrado, fuera de
 * fechas o publicado (PRECONDITION_FAILED), alumno no inscripto (BAD_REQUEST), cursado ajeno
 * (FORBIDDEN) y conflicto con otro guardado (CONFLICT). Devuelve cuántas notas cambiaron.
 */
export async function guardar(
  db: Db,
  sesion: Sesion,
  datos: GuardarPlanilla,
  ip: string | null,
  hoy = hoyEscolar(),
): Promise<{ guardadas: number }> {
  return db.transaction(async (tx) => {
    const cursado = await cursadoVisible(tx, sesion, datos.cursado, true);
    // Sin cambios no se escribe nada, pero el cursado ajeno o inexistente igual responde 403/404.
    if (!datos.cambios.length) return { guardadas: 0 };
    const modo = modoDe(sesion.rol);
    const periodos = await periodosDeNotas(tx, [cursado.ciclolectivo]);
    const es = estados(cursado, periodos.get(cursado.ciclolectivo), hoy, modo);
    for (const c of new Set(datos.cambios.map((x) => x.cuatrimestre))) {
      const motivo = motivoNoCarga(es[c - 1]!);
      if (motivo) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: motivo });
    }

    const ids = [...new Set(datos.cambios.map((c) => c.alumnoId))];
    const [inscriptos, actuales] = await Promise.all([
      tx
        .select({ id: alumnos.id, apellido: alumnos.apellido, nombre: alumnos.nombre })
        .from(inscripciones)
        .innerJoin(alumnos, eq(alumnos.id, inscripciones.alumnoId))
        .where(and(eq(inscripciones.cursadoId, cursado.id), inArray(inscripciones.alumnoId, ids))),
      tx
        .select({
          alumnoId: notas.alumnoId,
          cuatrimestre: notas.cuatrimestre,
          nota: notas.nota,
          ausente: notas.ausente,
        })
        .from(notas)
        .where(and(eq(notas.cursadoId, cursado.id), inArray(notas.alumnoId, ids))),
    ]);
    const inscripto = new Map(inscriptos.map((a) => [a.id, a]));
    const faltan = ids.filter((id) => !inscripto.has(id));
    if (faltan.length) {
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: `${ALUMNOS_NO_INSCRIPTOS}: ${faltan.join(', ')}.`,
      });
    }
    const clave = (alumno: number, c: number) => `${alumno}:${c}`;
    const actual = new Map(actuales.map((n) => [clave(n.alumnoId, n.cuatrimestre), valorDe(n)]));
    const conflictos = datos.cambios.filter(
      (c) => (actual.get(clave(c.alumnoId, c.cuatrimestre)) ?? null) !== c.anterior,
    );
    if (conflictos.length) {
      const quienes = conflictos
        .map(
          (c) =>
            `${nombreAlumno(inscripto.get(c.alumnoId)!)} (${NOMBRE_CUATRIMESTRE[c.cuatrimestre]})`,
        )
        .join('; ');
      throw new TRPCError({ code: 'CONFLICT', message: ErrorPlanilla.conflicto(quienes) });
    }

    const escribir = datos.cambios.filter((c) => c.action !== 'delete');
    const borrar = datos.cambios.filter((c) => c.action === 'delete');
    if (escribir.length) {
      await tx
        .insert(notas)
        .values(
          escribir.map((c) => ({
            alumnoId: c.alumnoId,
            cursadoId: cursado.id,
            cuatrimestre: c.cuatrimestre,
            nota: c.nota === AUSENTE ? null : c.nota,
            ausente: c.nota === AUSENTE,
            modificadoPor: sesion.usuario.id,
          })),
        )
        .onConflictDoUpdate({
          target: [notas.alumnoId, notas.cursadoId, notas.cuatrimestre],
          set: {
            nota: sql`excluded.nota`,
            ausente: sql`excluded.ausente`,
            modificadoPor: sql`excluded.modificado_por`,
            modificado: sql`now()`,
          },
        });
    }
    if (borrar.length) {
      await tx.delete(notas).where(
        and(
          eq(notas.cursadoId, cursado.id),
          sql`(${notas.alumnoId}, ${notas.cuatrimestre}) in (${sql.join(
            borrar.map((c) => sql`(${c.alumnoId}::integer, ${c.cuatrimestre}::integer)`),
            sql`, `,
          )})`,
        ),
      );
    }
    await tx.insert(auditoria).values(
      datos.cambios.map((c: CambioNota) => ({
        usuarioId: sesion.usuario.id,
        rol: sesion.rol,
        accion: `notas.${c.action}`,
        entidad: 'nota',
        entidadId: `${cursado.id}:${c.alumnoId}:${c.cuatrimestre}`,
        antes: c.anterior,
        despues: c.nota,
        ip,
      })),
    );
    return { guardadas: datos.cambios.length };
  });
}

// ---------------------------------------------------------------------------
// Cierre y reapertura de períodos (PUT /api/cursados/cerrar|reabrir/{id})

/** El cuatrimestre en curso: el último ya iniciado que la modalidad usa. */
function cuatrimestreEnCurso(es: readonly EstadoPeriodoNotas[]): Cuatrimestre | null {
  const iniciados = es.filter((e) => e.aplica && e.iniciado);
  return iniciados.at(-1)?.cuatrimestre ?? null;
}

async function cambiarCierre(
  db: Db,
  sesion: Sesion,
  pedido: PeriodoCursado,
  ip: string | null,
  hoy: string,
  cerrar: boolean,
) {
  return db.transaction(async (tx) => {
    const cursado = await cursadoVisible(tx, sesion, pedido.cursado, true);
    const modo = modoDe(sesion.rol);
    const periodos = await periodosDeNotas(tx, [cursado.ciclolectivo]);
    const es = estados(cursado, periodos.get(cursado.ciclolectivo), hoy, modo);
    const c = pedido.cuatrimestre ?? cuatrimestreEnCurso(es);
    if (c == null)
      throw new TRPCError({ code: 'PRECONDITION_FAILED', message: SIN_PERIODO_EN_CURSO });
    const e = es[c - 1]!;
    if (!e.aplica) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: ErrorPlanilla.noAplica(e.nombre) });
    }
    let motivo: string | null = null;
    if (cerrar && !e.puedeCerrar) {
      motivo = e.cerrado
        ? ErrorPlanilla.yaCerrada(e.nombre)
        : ErrorPlanilla.noSePuedeCerrar(e.nombre);
    }
    if (!cerrar && !e.puedeReabrir) {
      motivo = !e.cerrado
        ? ErrorPlanilla.noCerrada(e.nombre)
        : ErrorPlanilla.reabrirPublicada(e.nombre);
    }
    if (motivo) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: motivo });
    const bit = bitCuatrimestre(c);
    const nuevos = cerrar ? cursado.periodosCerrados | bit : cursado.periodosCerrados & ~bit;
    await tx.update(cursados).set({ periodosCerrados: nuevos }).where(eq(cursados.id, cursado.id));
    await tx.insert(auditoria).values({
      usuarioId: sesion.usuario.id,
      rol: sesion.rol,
      accion: cerrar ? 'cursados.cerrar' : 'cursados.reabrir',
      entidad: 'cursado',
      entidadId: String(cursado.id),
      antes: { periodosCerrados: cursado.periodosCerrados },
      despues: { periodosCerrados: nuevos, cuatrimestre: c },
      ip,
    });
    const despues = estados(
      { ...cursado, periodosCerrados: nuevos },
      periodos.get(cursado.ciclolectivo),
      hoy,
      modo,
    );
    return { cuatrimestre: c, estados: despues };
  });
}

/** Cierra la planilla de un cuatrimestre (el docente del cursado en fechas, o Alumnado). */
export function cerrar(
  db: Db,
  sesion: Sesion,
  pedido: PeriodoCursado,
  ip: string | null,
  hoy = hoyEscolar(),
) {
  return cambiarCierre(db, sesion, pedido, ip, hoy, true);
}

/** Reabre una planilla cerrada (Alumnado), salvo que sus notas ya estén publicadas. */
export function reabrir(
  db: Db,
  sesion: Sesion,
  pedido: PeriodoCursado,
  ip: string | null,
  hoy = hoyEscolar(),
) {
  return cambiarCierre(db, sesion, pedido, ip, hoy, false);
}

// ---------------------------------------------------------------------------
// Libretas (spec 01 §2 Grade booklet)

/** Orden de las columnas de mesa: por período (3 a 7), las inusuales al final. */
function ordenInstancia(instancia: string): number {
  return PERIODO_DE_INSTANCIA[instancia as InstanciaMesa] ?? 99;
}

/**
 * La libreta de un alumno: una tabla por ciclo con cada materia, C1, C2, la nota final y una
 * columna por instancia de mesa. Con `soloPublicadas` (alumno y referente), un cuatrimestre se
 * ve desde su publicación, y la nota final sólo cuando todos los que usa la modalidad lo están.
 * Cinco consultas, cualquiera sea la cantidad de años y materias.
 */
async function libretaDe(db: DbOTx, alumnoId: number, soloPublicadas: boolean, hoy: string) {
  const [alumno] = await db
    .select({ id: alumnos.id, apellido: alumnos.apellido, nombre: alumnos.nombre })
    .from(alumnos)
    .where(eq(alumnos.id, alumnoId));
  if (!alumno) throw new TRPCError({ code: 'NOT_FOUND', message: 'El alumno no existe.' });
  const [materiasCursadas, susCursos, susNotas, susExamenes] = await Promise.all([
    db
      .select({
        cursado: cursados.id,
        ciclo: cursados.ciclolectivo,
        modalidad: cursados.modalidad,
        materia: materias.nombre,
      })
      .from(inscripciones)
      .innerJoin(cursados, eq(cursados.id, inscripciones.cursadoId))
      .innerJoin(materias, eq(materias.id, inscripciones.materiaId))
      .where(eq(inscripciones.alumnoId, alumnoId))
      .orderBy(asc(materias.nombre), asc(cursados.id)),
    db
      .select({
        ciclo: alumnosCursos.ciclolectivo,
        anio: cursos.anio,
        division: cursos.division,
        especialidad: cursos.especialidad,
      })
      .from(alumnosCursos)
      .innerJoin(cursos, eq(cursos.id, alumnosCursos.cursoId))
      .where(eq(alumnosCursos.alumnoId, alumnoId)),
    db
      .select({
        cursado: notas.cursadoId,
        cuatrimestre: notas.cuatrimestre,
        nota: notas.nota,
        ausente: notas.ausente,
      })
      .from(notas)
      .where(eq(notas.alumnoId, alumnoId)),
    db
      .select({
        cursado: examenes.cursadoId,
        instancia: examenes.instancia,
        fecha: examenes.fecha,
        nota: examenes.nota,
        tipoNota: examenes.tipoNota,
      })
      .from(examenes)
      .where(eq(examenes.alumnoId, alumnoId))
      .orderBy(asc(examenes.fecha)),
  ]);
  const ciclos = [
    ...new Set([...materiasCursadas.map((m) => m.ciclo), ...susCursos.map((c) => c.ciclo)]),
  ].sort((a, b) => b - a);
  const periodos = await periodosDeNotas(db, ciclos);
  const notasDe = new Map<number, Notas>();
  for (const n of susNotas) {
    const fila = notasDe.get(n.cursado) ?? SIN_NOTAS();
    fila[n.cuatrimestre as Cuatrimestre] = valorDe(n);
    notasDe.set(n.cursado, fila);
  }
  const examenesDe = new Map<number, Record<string, ResultadoExamen>>();
  for (const e of susExamenes) {
    const fila = examenesDe.get(e.cursado) ?? {};
    // La última acta de la instancia (por fecha) es la que vale.
    fila[e.instancia] = { nota: e.nota, tipoNota: e.tipoNota as TipoNotaExamen };
    examenesDe.set(e.cursado, fila);
  }
  const numero = (v: ValorNota | null) => (typeof v === 'number' ? v : null);

  const anios = ciclos.map((ciclo) => {
    const curso = susCursos.find((c) => c.ciclo === ciclo);
    const fechas = periodos.get(ciclo);
    const publicado: Record<Cuatrimestre, boolean> = {
      1: fechas?.[1]?.publicacion != null && fechas[1].publicacion <= hoy,
      2: fechas?.[2]?.publicacion != null && fechas[2].publicacion <= hoy,
    };
    const filas = materiasCursadas
      .filter((m) => m.ciclo === ciclo)
      .map((m) => {
        const guardadas = notasDe.get(m.cursado) ?? SIN_NOTAS();
        const visibles: Notas = {
          1: !soloPublicadas || publicado[1] ? guardadas[1] : null,
          2: !soloPublicadas || publicado[2] ? guardadas[2] : null,
        };
        const completa = CUATRIMESTRES.every(
          (c) => !aplicaCuatrimestre(m.modalidad, c) || !soloPublicadas || publicado[c],
        );
        return {
          cursado: m.cursado,
          materia: m.materia,
          modalidad: m.modalidad,
          notas: visibles,
          final: completa ? notaFinal(m.modalidad, numero(visibles[1]), numero(visibles[2])) : null,
          examenes: examenesDe.get(m.cursado) ?? {},
        };
      });
    const instancias = [...new Set(filas.flatMap((f) => Object.keys(f.examenes)))].sort(
      (a, b) => ordenInstancia(a) - ordenInstancia(b) || a.localeCompare(b, 'es'),
    );
    return {
      ciclo,
      curso: curso ? nombreCurso(curso) : null,
      anioCursado: curso?.anio ?? null,
      publicado,
      instancias,
      materias: filas,
    };
  });
  return { alumno, anios };
}

/** La libreta de cualquier alumno para el personal (/libretas, legajo), con el alcance del rol. */
export async function libreta(
  db: Db,
  sesion: Sesion,
  alumnoId: number,
  ciclo: number,
  hoy = hoyEscolar(),
) {
  await alumnoVisible(db, sesion, ciclo, alumnoId);
  return libretaDe(db, alumnoId, false, hoy);
}

/** La libreta propia (Alumno) o de un hijo vinculado (Referente): sólo lo publicado. */
export async function mias(
  db: Db,
  sesion: Sesion,
  alumnoId: number | undefined,
  hijo: number | null,
  hoy = hoyEscolar(),
) {
  const id = await alumnoPropioOHijo(db, sesion, alumnoId, hijo);
  return libretaDe(db, id, true, hoy);
}

// ---------------------------------------------------------------------------
// Planillón en modo notas (spec 01 §2 Overview, §9)

/**
 * Alumnos del curso × cursados del curso en el ciclo, con las dos notas de cada celda. El
 * JefeDepartamento y el Coordinador ven sólo las columnas de sus materias. Cuatro consultas.
 */
export async function reporte(db: Db, sesion: Sesion, pedido: { curso: number; ciclo: number }) {
  const curso = await cursoVisible(db, sesion, pedido.curso, pedido.ciclo);
  const soloSusMaterias =
    sesion.rol === Rol.JefeDepartamento || sesion.rol === Rol.Coordinador
      ? cursadosVisibles(db, sesion, pedido.ciclo)
      : null;
  const [columnas, filas] = await Promise.all([
    db
      .select({ id: cursados.id, nombre: cursados.nombre, modalidad: cursados.modalidad })
      .from(cursadosCursos)
      .innerJoin(cursados, eq(cursados.id, cursadosCursos.cursadoId))
      .where(
        and(
          eq(cursadosCursos.cursoId, curso.orden),
          eq(cursados.ciclolectivo, pedido.ciclo),
          dentroDe(cursados.id, soloSusMaterias),
        ),
      )
      .orderBy(asc(cursados.nombre), asc(cursados.id)),
    db
      .select({ orden: alumnos.id, apellido: alumnos.apellido, nombre: alumnos.nombre })
      .from(alumnosCursos)
      .innerJoin(alumnos, eq(alumnos.id, alumnosCursos.alumnoId))
      .where(
        and(eq(alumnosCursos.cursoId, curso.orden), eq(alumnosCursos.ciclolectivo, pedido.ciclo)),
      )
      .orderBy(asc(alumnos.apellido), asc(alumnos.nombre), asc(alumnos.id)),
  ]);
  const guardadas =
    columnas.length && filas.length
      ? await db
          .select({
            alumnoId: notas.alumnoId,
            cursadoId: notas.cursadoId,
            cuatrimestre: notas.cuatrimestre,
            nota: notas.nota,
            ausente: notas.ausente,
          })
          .from(notas)
          .innerJoin(alumnosCursos, eq(alumnosCursos.alumnoId, notas.alumnoId))
          .where(
            and(
              eq(alumnosCursos.cursoId, curso.orden),
              eq(alumnosCursos.ciclolectivo, pedido.ciclo),
              inArray(
                notas.cursadoId,
                columnas.map((c) => c.id),
              ),
            ),
          )
      : [];
  const celdas = new Map<string, Notas>();
  for (const n of guardadas) {
    const k = `${n.alumnoId}:${n.cursadoId}`;
    const fila = celdas.get(k) ?? SIN_NOTAS();
    fila[n.cuatrimestre as Cuatrimestre] = valorDe(n);
    celdas.set(k, fila);
  }
  return {
    curso: { orden: curso.orden, nombre: curso.nombre },
    ciclo: pedido.ciclo,
    cursados: columnas,
    alumnos: filas.map((a) => ({
      ...a,
      notas: columnas.map((c) => celdas.get(`${a.orden}:${c.id}`) ?? SIN_NOTAS()),
    })),
  };
}
