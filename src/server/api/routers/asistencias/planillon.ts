/**
 * El planillón en modo asistencias (spec 01 §2 Overview): la grilla del mes de un curso con el
 * total del mes y el del año (con reincorporaciones y estado, spec 01 §9).
 */
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import {
  estadoAsistencia,
  ETIQUETA_ESTADO_ASISTENCIA,
  COLOR_ESTADO_ASISTENCIA,
  textoTotalAsistencia,
  totalInasistencias,
} from '@/domain/asistencias';
import { sumarDias } from '@/domain/escuela';
import type { DbOTx } from '@/server/db';
import { alumnos, asistencias, reincorporaciones } from '@/server/db/schema';
import { cursoVisible } from '@/server/alcance';
import type { Ctx } from '@/server/contexto';
import { cicloDe, entradasJson, pesoSql, rangoAnio } from '@/server/consultas/asistencias';
import { alumnosDelCurso } from './service';

function finDeMes(mes: string): string {
  const [a, m] = mes.split('-').map(Number) as [number, number];
  const siguiente = m === 12 ? `${a + 1}-01-01` : `${a}-${String(m + 1).padStart(2, '0')}-01`;
  return sumarDias(siguiente, -1);
}

/**
 * La consulta del planillón, armada una vez por base (sentencia preparada, como la de la
 * sesión): una fila por alumno del curso con sus entradas del mes, el resumen de sus entradas
 * del año (cantidad, justificadas y total pesado; con las de hoy, como Por Curso y Por Alumno:
 * CorteAsistencia 'hoy') y su total reincorporado, cada una una subconsulta por alumno que usa
 * el índice del alumno.
 */
const consultasDeReporte = new WeakMap<DbOTx, ReturnType<typeof prepararReporte>>();

function prepararReporte(db: DbOTx) {
  const p = sql.placeholder;
  return alumnosDelCurso(
    db,
    { curso: p('curso'), ciclo: p('ciclo') },
    {
      entradas: entradasJson(
        and(gte(asistencias.fecha, p('desde')), lte(asistencias.fecha, p('hasta'))),
        sql`e.fecha, e.turno, e.orden`,
      ),
      // [entradas, justificadas, total]: contadas y pesadas por Postgres (los pesos de
      // PESO_INASISTENCIA, spec 01 §9), sin mandar al servidor una fila por tipo.
      anio: sql<[number, number, number | string]>`(
        select json_build_array(count(*)::int,
          (count(*) filter (where ${asistencias.justificada}))::int,
          coalesce(sum(${pesoSql(asistencias.tipo)}), 0))
        from ${asistencias}
        where ${and(
          eq(asistencias.alumnoId, alumnos.id),
          gte(asistencias.fecha, p('anioDesde')),
          lte(asistencias.fecha, p('anioHasta')),
          lte(asistencias.fecha, p('hoy')),
        )})`,
      reincorporado: sql<number>`(select coalesce(sum(${reincorporaciones.cantidad}), 0)
        from ${reincorporaciones}
        where ${and(
          eq(reincorporaciones.alumnoId, alumnos.id),
          gte(reincorporaciones.fecha, p('anioDesde')),
          lte(reincorporaciones.fecha, p('anioHasta')),
        )})`.mapWith(Number),
    },
  ).prepare('asistencias_reporte');
}

function consultaDeReporte(db: DbOTx) {
  let consulta = consultasDeReporte.get(db);
  if (!consulta) {
    consulta = prepararReporte(db);
    consultasDeReporte.set(db, consulta);
  }
  return consulta;
}

/**
 * La grilla del planillón en modo asistencias (spec 01 §2 Overview): los alumnos del curso
 * (ciclo del mes) × los días del mes con sus entradas, el total del mes y el del año con
 * reincorporaciones y estado (spec 01 §9). Dos consultas, sea cual sea el curso: el curso y una
 * fila por alumno con sus entradas del mes, sus entradas del año contadas por tipo y su total
 * reincorporado (subconsultas por alumno: cada una usa el índice del alumno).
 */
export async function reporte(ctx: Ctx, p: { curso: number; mes: string }) {
  const { db, hoy } = ctx;
  const ciclo = cicloDe(p.mes);
  const desde = `${p.mes}-01`;
  const hasta = finDeMes(p.mes);
  const anual = rangoAnio(ciclo);
  const curso = await cursoVisible(ctx, { curso: p.curso, ciclo });
  const lista = await consultaDeReporte(db).execute({
    curso: p.curso,
    ciclo,
    desde,
    hasta,
    anioDesde: anual.desde,
    anioHasta: anual.hasta,
    hoy,
  });

  const dias: { fecha: string; diaSemana: number }[] = [];
  for (let f = desde; f <= hasta; f = sumarDias(f, 1))
    dias.push({ fecha: f, diaSemana: new Date(`${f}T12:00:00Z`).getUTCDay() });

  return {
    curso,
    mes: p.mes,
    ciclo,
    hoy,
    dias,
    alumnos: lista.map(({ orden, apellido, nombre, entradas, anio, reincorporado }) => {
      const [cantidadEntradas, justificadas, suma] = anio;
      const total = Number(suma);
      const estado = estadoAsistencia(total, reincorporado);
      return {
        orden,
        apellido,
        nombre,
        entradas,
        totalMes: totalInasistencias(entradas),
        total,
        reincorporaciones: reincorporado,
        estado,
        etiqueta: ETIQUETA_ESTADO_ASISTENCIA[estado],
        color: COLOR_ESTADO_ASISTENCIA[estado],
        textoTotal: textoTotalAsistencia(total, reincorporado),
        justificadas,
        cantidadEntradas,
      };
    }),
  };
}
