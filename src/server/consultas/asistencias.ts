/**
 * Las asistencias de un alumno en un año, como las muestran el legajo y las vistas propias
 * (asistencias) y el pie que devuelve una reincorporación (reincorporaciones): la lista sin
 * hoy con las reincorporaciones intercaladas y el resumen del año. "Hoy" es `ctx.hoy`.
 */
import { TRPCError } from '@trpc/server';
import { and, between, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { listaLegajo, PESO_INASISTENCIA, resumenAsistencia } from '@/domain/asistencias';
import { nombreCurso, type Turno } from '@/domain/escuela';
import { ALUMNO_INEXISTENTE } from '@/server/alcance';
import type { Contexto } from '@/server/contexto';
import { cursosDelAlumnoJson } from '@/server/consultas/personas';
import { alumnos, asistencias, reincorporaciones } from '@/server/db/schema';

/** El ciclo lectivo de una fecha 'AAAA-MM-DD' (o de un mes 'AAAA-MM'): el año calendario. */
export const cicloDe = (fecha: string) => Number(fecha.slice(0, 4));

/** Del 1 de enero al 31 de diciembre del año. */
export const rangoAnio = (anio: number) => ({ desde: `${anio}-01-01`, hasta: `${anio}-12-31` });

/**
 * El peso como inasistencia de `tipo`, en SQL (para sumar en Postgres): un CASE armado desde
 * PESO_INASISTENCIA (spec 01 §9), la misma tabla que usa `pesoInasistencia`; cualquier otro valor
 * pesa 0. Los pesos son números del dominio (van como literales: el tipo del CASE es numérico).
 */
export function pesoSql(tipo: AnyColumn | SQL): SQL<number> {
  const casos = Object.entries(PESO_INASISTENCIA).map(([t, peso]) => {
    if (!Number.isFinite(peso)) throw new Error(`Peso inválido para ${t}: ${peso}`);
    return sql`when ${t} then ${sql.raw(String(peso))}`;
  });
  return sql<number>`(case ${tipo} ${sql.join(casos, sql` `)} else 0 end)`;
}

/**
 * Las entradas de asistencia del alumno de la fila de afuera (`alumnos.id`) que cumplen `donde`,
 * como un arreglo JSON ordenado por `orden`, con las claves de una entrada como la ven las
 * pantallas y el REST (sin el alumno ni datos internos):
 * una subconsulta por alumno, que Postgres arma en JSON y Drizzle no mapea fila por fila.
 */
export function entradasJson(donde: SQL | undefined, orden: SQL): SQL<EntradaJson[]> {
  return sql<EntradaJson[]>`(select coalesce(json_agg(e order by ${orden}), '[]') from (
    select ${asistencias.id} as orden, ${asistencias.tipo} as tipo,
      ${asistencias.circunstancia} as circunstancia, ${asistencias.justificada} as justificada,
      ${asistencias.justificacion} as justificacion, ${asistencias.fecha} as fecha,
      ${asistencias.turno} as turno
    from ${asistencias}
    where ${and(eq(asistencias.alumnoId, alumnos.id), donde)}) e)`;
}
export interface EntradaJson {
  orden: number;
  tipo: string;
  circunstancia: string;
  justificada: boolean;
  justificacion: string | null;
  fecha: string;
  turno: Turno;
}

interface ReincorporacionJson {
  orden: number;
  fecha: string;
  cantidad: number;
}

/**
 * Las asistencias de un alumno en un año (spec 01 §2 /asistencias-legajo y -externo): los
 * años con curso (selector), la lista sin hoy con las reincorporaciones intercaladas y el
 * pie (total / 30 (+ reincorporaciones), justificadas, estado) hasta ayer; para el personal,
 * también el pie con hoy y las entradas para editar (`CorteAsistencia`). Una sola consulta:
 * la fila del alumno con sus años, entradas y reincorporaciones como arreglos JSON (un año puede
 * tener cientos de entradas; Postgres las arma y el servidor no las mapea columna por columna).
 * No mira el alcance: quien la llama ya autorizó al alumno.
 */
export async function legajo(
  ctx: Pick<Contexto, 'db' | 'hoy'>,
  { alumno: alumnoId, anio }: { alumno: number; anio: number },
) {
  const { db, hoy } = ctx;
  const { desde, hasta } = rangoAnio(anio);
  const [fila] = await db
    .select({
      orden: alumnos.id,
      apellido: alumnos.apellido,
      nombre: alumnos.nombre,
      anios: cursosDelAlumnoJson(),
      entradas: entradasJson(
        between(asistencias.fecha, desde, hasta),
        sql`e.fecha desc, e.orden desc`,
      ),
      reincorporaciones: sql<
        ReincorporacionJson[]
      >`(select coalesce(json_agg(r order by r.fecha desc, r.orden desc), '[]') from (
        select ${reincorporaciones.id} as orden, ${reincorporaciones.fecha} as fecha,
          ${reincorporaciones.cantidad} as cantidad
        from ${reincorporaciones}
        where ${and(
          eq(reincorporaciones.alumnoId, alumnos.id),
          between(reincorporaciones.fecha, desde, hasta),
        )}) r)`,
    })
    .from(alumnos)
    .where(eq(alumnos.id, alumnoId));
  if (!fila) throw new TRPCError({ code: 'NOT_FOUND', message: ALUMNO_INEXISTENTE });
  const { anios, entradas, reincorporaciones: reinc, ...alumno } = fila;
  // `cantidad` es numeric: JSON lo trae como número (1, 1.5), igual que la columna en modo número.
  return {
    alumno,
    anio,
    hoy,
    anios: anios.map((c) => ({ anio: c.ciclo, curso: nombreCurso(c) })),
    lista: listaLegajo(entradas, reinc, hoy),
    /** El pie del legajo y de las vistas propias: cuenta lo que lista (hasta ayer). */
    resumen: resumenAsistencia(entradas, reinc, hoy, 'ayer'),
    /** El pie de las pantallas del personal (Por Alumno, reincorporaciones): también hoy. */
    resumenConHoy: resumenAsistencia(entradas, reinc, hoy, 'hoy'),
    /** Todas las entradas del año, también las de hoy (para editar en modo "Por Alumno"). */
    entradas,
  };
}
