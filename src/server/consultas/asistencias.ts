/**
 * Las asistencias de un alumno en un año, como las muestran el legajo y las vistas propias
 * (asistencias) y el pie que devuelve una reincorporación (reincorporaciones): la lista sin
 * hoy con las reincorporaciones intercaladas y el resumen del año. "Hoy" es `ctx.hoy`.
 */
import { TRPCError } from '@trpc/server';
import { and, asc, desc, eq, gte, lte } from 'drizzle-orm';
import { listaLegajo, resumenAsistencia } from '@/domain/asistencias';
import { nombreCurso, type Turno } from '@/domain/escuela';
import { ALUMNO_INEXISTENTE } from '@/server/alcance';
import type { Contexto } from '@/server/contexto';
import { alumnos, alumnosCursos, asistencias, cursos, reincorporaciones } from '@/server/db/schema';

/** El ciclo lectivo de una fecha 'AAAA-MM-DD' (o de un mes 'AAAA-MM'): el año calendario. */
export const cicloDe = (fecha: string) => Number(fecha.slice(0, 4));

/** Del 1 de enero al 31 de diciembre del año. */
export const rangoAnio = (anio: number) => ({ desde: `${anio}-01-01`, hasta: `${anio}-12-31` });

/** Las columnas de una entrada de asistencia como la ven las pantallas y el REST. */
export const columnasEntrada = {
  orden: asistencias.id,
  alumno: asistencias.alumnoId,
  tipo: asistencias.tipo,
  circunstancia: asistencias.circunstancia,
  justificada: asistencias.justificada,
  justificacion: asistencias.justificacion,
  fecha: asistencias.fecha,
  turno: asistencias.turno,
};

/**
 * Las asistencias de un alumno en un año (spec 01 §2 /asistencias-legajo y -externo): los
 * años con curso (selector), la lista sin hoy con las reincorporaciones intercaladas y el
 * pie (total / 30 (+ reincorporaciones), justificadas, estado) hasta ayer; para el personal,
 * también el pie con hoy y las entradas para editar (`CorteAsistencia`). Cuatro consultas. No
 * mira el alcance: quien la llama ya autorizó al alumno.
 */
export async function legajo(
  ctx: Pick<Contexto, 'db' | 'hoy'>,
  { alumno: alumnoId, anio }: { alumno: number; anio: number },
) {
  const { db, hoy } = ctx;
  const { desde, hasta } = rangoAnio(anio);
  const [[alumno], anios, filas, reinc] = await Promise.all([
    db
      .select({ orden: alumnos.id, apellido: alumnos.apellido, nombre: alumnos.nombre })
      .from(alumnos)
      .where(eq(alumnos.id, alumnoId)),
    db
      .select({
        anio: alumnosCursos.ciclolectivo,
        cursoAnio: cursos.anio,
        division: cursos.division,
        especialidad: cursos.especialidad,
      })
      .from(alumnosCursos)
      .innerJoin(cursos, eq(cursos.id, alumnosCursos.cursoId))
      .where(eq(alumnosCursos.alumnoId, alumnoId))
      .orderBy(asc(alumnosCursos.ciclolectivo)),
    db
      .select(columnasEntrada)
      .from(asistencias)
      .where(
        and(
          eq(asistencias.alumnoId, alumnoId),
          gte(asistencias.fecha, desde),
          lte(asistencias.fecha, hasta),
        ),
      )
      .orderBy(desc(asistencias.fecha), desc(asistencias.id)),
    db
      .select({
        orden: reincorporaciones.id,
        fecha: reincorporaciones.fecha,
        cantidad: reincorporaciones.cantidad,
      })
      .from(reincorporaciones)
      .where(
        and(
          eq(reincorporaciones.alumnoId, alumnoId),
          gte(reincorporaciones.fecha, desde),
          lte(reincorporaciones.fecha, hasta),
        ),
      )
      .orderBy(desc(reincorporaciones.fecha), desc(reincorporaciones.id)),
  ]);
  if (!alumno) throw new TRPCError({ code: 'NOT_FOUND', message: ALUMNO_INEXISTENTE });
  const entradas = filas.map(({ alumno: _a, ...e }) => ({ ...e, turno: e.turno as Turno }));
  return {
    alumno,
    anio,
    hoy,
    anios: anios.map((x) => ({
      anio: x.anio,
      curso: nombreCurso({ anio: x.cursoAnio, division: x.division, especialidad: x.especialidad }),
    })),
    lista: listaLegajo(entradas, reinc, hoy),
    /** El pie del legajo y de las vistas propias: cuenta lo que lista (hasta ayer). */
    resumen: resumenAsistencia(entradas, reinc, hoy, 'ayer'),
    /** El pie de las pantallas del personal (Por Alumno, reincorporaciones): también hoy. */
    resumenConHoy: resumenAsistencia(entradas, reinc, hoy, 'hoy'),
    /** Todas las entradas del año, también las de hoy (para editar en modo "Por Alumno"). */
    entradas,
  };
}
