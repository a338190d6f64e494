/**
 * Notas (spec 02 §2 Grade sheets, §3, §4, §5, §8): la lista de cursados con planilla, la
 * planilla de cada cursado con sus dos cuatrimestres, el guardado de los cambios con detección
 * de conflictos y el cierre y la reapertura de los períodos. Las libretas y el planillón en
 * modo notas están en `libretas.ts`; los períodos y el estado de cada cuatrimestre, en
 * `periodos.ts`.
 *
 * Reglas del servidor, nunca sólo de la interfaz:
 *  - El modo sale del rol activo: Docente carga en sus cursados mientras el período está en
 *    fechas; Alumnado carga desde la apertura hasta que se publica, cierra y reabre; los demás
 *    sólo leen (ver `estadoPeriodoNotas`).
 *  - Un guardado es una transacción que bloquea la fila del cursado: los guardados de una misma
 *    planilla se hacen de a uno. Cada cambio trae el valor que la planilla mostraba
 *    (`anterior`); si alguno ya no coincide (otro docente, otra pestaña) no se guarda nada y se
 *    responde CONFLICT con los alumnos afectados. Cada nota cambiada deja su auditoría.
 *
 * Cada lectura hace una cantidad fija de consultas, la misma para 3 o 35 alumnos.
 */
import { TRPCError } from '@trpc/server';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { nombreCurso } from '@/domain/escuela';
import { AUSENTE, NOMBRE_CUATRIMESTRE } from '@/domain/notas';
import {
  ErrorPlanilla,
  avisosPlanilla,
  bitCuatrimestre,
  motivoNoCarga,
} from '@/domain/periodos-notas';
import { Rol } from '@/domain/roles';
import { alumnosVisibles, cursadosVisibles, dentroDe } from '@/server/alcance';
import { auditar } from '@/server/auditoria';
import { enteros, filasDe } from '@/server/db/sql';
import type { Ctx } from '@/server/contexto';
import { transaccion } from '@/server/errores';
import { alumnos, alumnosCursos, cursados, cursos, inscripciones, notas } from '@/server/db/schema';
import { cuatrimestreEnCurso, estados, modoDe, periodosDeNotas, valorDe } from './periodos';
import type { GuardarPlanilla, PedidoPlanilla, PeriodoCursado } from './schemas';

export const CURSADO_INEXISTENTE = 'El cursado no existe.';
export const CURSADO_AJENO = 'No tiene acceso a ese cursado.';
export const SIN_PERIODO_EN_CURSO = 'No hay un período de notas en curso para este cursado.';
export const ALUMNOS_NO_INSCRIPTOS = 'Estos alumnos no están inscriptos en el cursado';

const nombreAlumno = (a: { apellido: string; nombre: string }) => `${a.apellido}, ${a.nombre}`;

// ---------------------------------------------------------------------------
// Cursados

/**
 * El cursado, si existe y está en el alcance del rol (Docente: los suyos; Preceptor: los de sus
 * cursos; JefeDepartamento y Coordinador: los de sus materias; el resto: todos). Con `bloquear`,
 * toma la fila con FOR UPDATE (dentro de una transacción): los guardados y cierres de una misma
 * planilla se hacen de a uno.
 */
async function cursadoVisible(
  ctx: Ctx,
  { cursado: cursadoId, bloquear = false }: { cursado: number; bloquear?: boolean },
) {
  const { db } = ctx;
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
  const sub = cursadosVisibles(ctx, c.ciclolectivo);
  if (sub) {
    const [visible] = await db
      .select({ id: cursados.id })
      .from(cursados)
      .where(and(eq(cursados.id, cursadoId), inArray(cursados.id, sub)));
    if (!visible) throw new TRPCError({ code: 'FORBIDDEN', message: CURSADO_AJENO });
  }
  return c;
}

/**
 * Materias, cursos y docentes de varios cursados, en una consulta: una fila por cursado con cada
 * lista como un arreglo JSON ya ordenado (subconsultas por cursado).
 */
async function detallesDeCursados(ctx: Pick<Ctx, 'db'>, ids: readonly number[]) {
  const { db } = ctx;
  const vacio = () => ({
    materias: [] as string[],
    cursos: [] as { id: number; nombre: string }[],
    docentes: [] as string[],
  });
  const detalles = new Map(ids.map((id) => [id, vacio()]));
  if (!ids.length) return detalles;
  // SQL escrito a mano: cada subconsulta se refiere al cursado de afuera por su alias (`c`).
  const filas = filasDe<{
    id: number;
    materias: string[];
    cursos: { id: number; anio: number; division: number; especialidad: string }[];
    docentes: { apellido: string; nombre: string }[];
  }>(
    await db.execute(sql`
      select c.id,
        (select coalesce(json_agg(m.nombre order by m.nombre), '[]')
          from cursados_materias cm join materias m on m.id = cm.materia_id
          where cm.cursado_id = c.id) as materias,
        (select coalesce(json_agg(json_build_object('id', cu.id, 'anio', cu.anio,
            'division', cu.division, 'especialidad', cu.especialidad)
            order by cu.anio, cu.division), '[]')
          from cursados_cursos cc join cursos cu on cu.id = cc.curso_id
          where cc.cursado_id = c.id) as cursos,
        (select coalesce(json_agg(json_build_object('apellido', u.apellido, 'nombre', u.nombre)
            order by u.apellido, u.nombre), '[]')
          from cursados_docentes cd join usuarios u on u.id = cd.usuario_id
          where cd.cursado_id = c.id) as docentes
      from cursados c
      where c.id = any(${enteros(ids)})`),
  );
  for (const f of filas)
    detalles.set(f.id, {
      materias: f.materias,
      cursos: f.cursos.map((c) => ({ id: c.id, nombre: nombreCurso(c) })),
      docentes: f.docentes.map(nombreAlumno),
    });
  return detalles;
}

/**
 * Los cursados cuyas planillas puede ver el rol en el ciclo (el selector de /notas*), con el
 * estado de cada cuatrimestre. `soloAbiertas` (/notas-hypervisor): los que tienen algún
 * cuatrimestre ya iniciado y sin cerrar.
 */
export async function cursadosDeNotas(
  ctx: Ctx,
  { ciclo = ctx.ciclo, soloAbiertas }: { ciclo?: number; soloAbiertas: boolean },
) {
  const { db } = ctx;
  const filas = await db
    .select({
      id: cursados.id,
      nombre: cursados.nombre,
      modalidad: cursados.modalidad,
      periodosCerrados: cursados.periodosCerrados,
    })
    .from(cursados)
    .where(
      and(eq(cursados.ciclolectivo, ciclo), dentroDe(cursados.id, cursadosVisibles(ctx, ciclo))),
    )
    .orderBy(asc(cursados.nombre), asc(cursados.id));
  const [detalles, periodos] = await Promise.all([
    detallesDeCursados(
      ctx,
      filas.map((f) => f.id),
    ),
    periodosDeNotas(ctx, [ciclo]),
  ]);
  const lista = filas.map((f) => {
    const es = estados(ctx, { cursado: f, fechas: periodos.get(ciclo) });
    return {
      ...f,
      ...detalles.get(f.id)!,
      estados: es,
      abierta: es.some((e) => e.aplica && (e.fase === 'abierta' || e.fase === 'vencida')),
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
export async function planilla(ctx: Ctx, pedido: PedidoPlanilla) {
  const { db, sesion } = ctx;
  const cursado = await cursadoVisible(ctx, { cursado: pedido.cursado });
  const modo = modoDe(sesion.rol);
  const soloSusAlumnos =
    sesion.rol === Rol.Preceptor ? alumnosVisibles(ctx, cursado.ciclolectivo) : null;
  // Las notas de cada alumno, una por cuatrimestre, en la fila del inscripto.
  const n1 = alias(notas, 'n1');
  const n2 = alias(notas, 'n2');
  const [detalles, periodos, inscriptos] = await Promise.all([
    detallesDeCursados(ctx, [cursado.id]),
    periodosDeNotas(ctx, [cursado.ciclolectivo]),
    db
      .select({
        id: alumnos.id,
        apellido: alumnos.apellido,
        nombre: alumnos.nombre,
        cursoId: cursos.id,
        anio: cursos.anio,
        division: cursos.division,
        especialidad: cursos.especialidad,
        nota1: n1.nota,
        ausente1: n1.ausente,
        nota2: n2.nota,
        ausente2: n2.ausente,
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
      .leftJoin(
        n1,
        and(eq(n1.alumnoId, alumnos.id), eq(n1.cursadoId, cursado.id), eq(n1.cuatrimestre, 1)),
      )
      .leftJoin(
        n2,
        and(eq(n2.alumnoId, alumnos.id), eq(n2.cursadoId, cursado.id), eq(n2.cuatrimestre, 2)),
      )
      .where(
        and(
          eq(inscripciones.cursadoId, cursado.id),
          pedido.curso != null ? eq(alumnosCursos.cursoId, pedido.curso) : undefined,
          dentroDe(alumnos.id, soloSusAlumnos),
        ),
      )
      .orderBy(asc(alumnos.apellido), asc(alumnos.nombre), asc(alumnos.id)),
  ]);
  const es = estados(ctx, { cursado, fechas: periodos.get(cursado.ciclolectivo) });
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
      notas: {
        1: a.ausente1 == null ? null : valorDe({ nota: a.nota1, ausente: a.ausente1 }),
        2: a.ausente2 == null ? null : valorDe({ nota: a.nota2, ausente: a.ausente2 }),
      },
    })),
  };
}

/**
 * Guarda los cambios de la planilla (PUT /api/notascursado/{id}): sólo las celdas con acción
 * (add, update, delete), todas o ninguna. Errores, sin escribir nada: período cerrado, fuera de
 * fechas o publicado (PRECONDITION_FAILED), alumno no inscripto (BAD_REQUEST), cursado ajeno
 * (FORBIDDEN) y conflicto con otro guardado (CONFLICT). Devuelve cuántas notas cambiaron.
 */
export async function guardar(ctx: Ctx, datos: GuardarPlanilla): Promise<{ guardadas: number }> {
  return transaccion(ctx, async (tx) => {
    const cursado = await cursadoVisible(tx, { cursado: datos.cursado, bloquear: true });
    // Sin cambios no se escribe nada, pero el cursado ajeno o inexistente igual responde 403/404.
    if (!datos.cambios.length) return { guardadas: 0 };
    const periodos = await periodosDeNotas(tx, [cursado.ciclolectivo]);
    const es = estados(tx, { cursado, fechas: periodos.get(cursado.ciclolectivo) });
    for (const c of new Set(datos.cambios.map((x) => x.cuatrimestre))) {
      const motivo = motivoNoCarga(es[c - 1]!);
      if (motivo) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: motivo });
    }

    const ids = [...new Set(datos.cambios.map((c) => c.alumnoId))];
    const [inscriptos, actuales] = await Promise.all([
      tx.db
        .select({ id: alumnos.id, apellido: alumnos.apellido, nombre: alumnos.nombre })
        .from(inscripciones)
        .innerJoin(alumnos, eq(alumnos.id, inscripciones.alumnoId))
        .where(
          and(
            eq(inscripciones.cursadoId, cursado.id),
            sql`${inscripciones.alumnoId} = any(${enteros(ids)})`,
          ),
        ),
      tx.db
        .select({
          alumnoId: notas.alumnoId,
          cuatrimestre: notas.cuatrimestre,
          nota: notas.nota,
          ausente: notas.ausente,
        })
        .from(notas)
        .where(and(eq(notas.cursadoId, cursado.id), sql`${notas.alumnoId} = any(${enteros(ids)})`)),
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

    // Cada escritura es una sentencia de texto fijo, con las celdas en un parámetro (jsonb o
    // arreglos de enteros): Drizzle no arma un parámetro por celda (70 celdas eran 420).
    const escribir = datos.cambios.filter((c) => c.action !== 'delete');
    const borrar = datos.cambios.filter((c) => c.action === 'delete');
    if (escribir.length) {
      const celdas = escribir.map((c) => ({
        alumno_id: c.alumnoId,
        cuatrimestre: c.cuatrimestre,
        nota: c.nota === AUSENTE ? null : c.nota,
        ausente: c.nota === AUSENTE,
      }));
      await tx.db.execute(sql`
        insert into ${notas} (alumno_id, cursado_id, cuatrimestre, nota, ausente, modificado_por)
        select alumno_id, ${cursado.id}::integer, cuatrimestre, nota, ausente,
          ${ctx.sesion.usuario.id}::integer
        from jsonb_to_recordset(${JSON.stringify(celdas)}::jsonb)
          as t(alumno_id integer, cuatrimestre integer, nota integer, ausente boolean)
        on conflict (alumno_id, cursado_id, cuatrimestre) do update set
          nota = excluded.nota, ausente = excluded.ausente,
          modificado_por = excluded.modificado_por, modificado = now()`);
    }
    if (borrar.length) {
      await tx.db
        .delete(notas)
        .where(
          and(
            eq(notas.cursadoId, cursado.id),
            sql`(${notas.alumnoId}, ${notas.cuatrimestre}) in (select * from unnest(${enteros(
              borrar.map((c) => c.alumnoId),
            )}, ${enteros(borrar.map((c) => c.cuatrimestre))}))`,
          ),
        );
    }
    await auditar(
      tx,
      datos.cambios.map((c) => ({
        accion: `notas.${c.action}`,
        entidad: 'nota',
        entidadId: `${cursado.id}:${c.alumnoId}:${c.cuatrimestre}`,
        antes: c.anterior,
        despues: c.nota,
      })),
    );
    return { guardadas: datos.cambios.length };
  });
}

// ---------------------------------------------------------------------------
// Cierre y reapertura de períodos (PUT /api/cursados/cerrar|reabrir/{id})

async function cambiarCierre(
  ctx: Ctx,
  { pedido, cerrar }: { pedido: PeriodoCursado; cerrar: boolean },
) {
  return transaccion(ctx, async (tx) => {
    const cursado = await cursadoVisible(tx, { cursado: pedido.cursado, bloquear: true });
    const periodos = await periodosDeNotas(tx, [cursado.ciclolectivo]);
    const es = estados(tx, { cursado, fechas: periodos.get(cursado.ciclolectivo) });
    const c = pedido.cuatrimestre ?? cuatrimestreEnCurso(es);
    if (c == null)
      throw new TRPCError({ code: 'PRECONDITION_FAILED', message: SIN_PERIODO_EN_CURSO });
    const e = es[c - 1]!;
    if (!e.aplica) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: ErrorPlanilla.noAplica(e.nombre) });
    }
    let motivo: string | null = null;
    if (cerrar && !e.puedeCerrar) {
      // Una planilla publicada es definitiva: no se cierra aunque haya quedado abierta.
      motivo = e.cerrado
        ? ErrorPlanilla.yaCerrada(e.nombre)
        : e.publicado
          ? ErrorPlanilla.cerrarPublicada(e.nombre)
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
    await tx.db
      .update(cursados)
      .set({ periodosCerrados: nuevos })
      .where(eq(cursados.id, cursado.id));
    await auditar(tx, {
      accion: cerrar ? 'cursados.cerrar' : 'cursados.reabrir',
      entidad: 'cursado',
      entidadId: cursado.id,
      antes: { periodosCerrados: cursado.periodosCerrados },
      despues: { periodosCerrados: nuevos, cuatrimestre: c },
    });
    const despues = estados(tx, {
      cursado: { ...cursado, periodosCerrados: nuevos },
      fechas: periodos.get(cursado.ciclolectivo),
    });
    return { cuatrimestre: c, estados: despues };
  });
}

/** Cierra la planilla de un cuatrimestre (el docente del cursado en fechas, o Alumnado). */
export function cerrar(ctx: Ctx, pedido: PeriodoCursado) {
  return cambiarCierre(ctx, { pedido, cerrar: true });
}

/** Reabre una planilla cerrada (Alumnado), salvo que sus notas ya estén publicadas. */
export function reabrir(ctx: Ctx, pedido: PeriodoCursado) {
  return cambiarCierre(ctx, { pedido, cerrar: false });
}
