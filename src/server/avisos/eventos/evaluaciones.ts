/**
 * Evaluaciones de los próximos 7 días (issue 35 §3, sólo en el resumen diario: `modosDe`): el
 * trabajador agenda el hecho una vez por día (`DIARIOS`, ./diarios.ts) y cada alumno inscripto en
 * el cursado de una evaluación de hoy a 7 días recibe la materia y la fecha. Una vez por alumno y
 * evaluación (`evaluacion:<alumno>:<evaluación>`): los días siguientes no repiten nada.
 */
import { sql } from 'drizzle-orm';
import { sumarDias } from '@/domain/escuela';
import { fechaLegible } from '@/domain/texto';
import { claveAviso } from '../retirar';
import type { Compositor } from '../tipos';
import { avisosDeAlumnos, filas } from './escolares';

export interface EventoEvaluaciones {
  tipo: 'evaluaciones-proximas';
}

/** De hoy a cuántos días se avisa. */
export const DIAS_EVALUACIONES = 7;

interface FilaEvaluacion {
  alumno: number;
  evaluacion: number;
  fecha: string;
  materia: string;
}

export const componerEvaluaciones: Compositor<EventoEvaluaciones> = async (ctx) => {
  const lista = await filas<FilaEvaluacion>(
    ctx.db,
    sql`select i.alumno_id as alumno, e.id as evaluacion, e.fecha::text as fecha,
        coalesce(m.nombre, c.nombre) as materia
      from evaluaciones e
      join cursados c on c.id = e.cursado_id
      join inscripciones i on i.cursado_id = c.id
      left join materias m on m.id = i.materia_id
      where e.fecha between ${ctx.hoy} and ${sumarDias(ctx.hoy, DIAS_EVALUACIONES)}
      order by i.alumno_id, e.fecha, e.id`,
  );
  const avisos = await avisosDeAlumnos(ctx, lista, (f, _a, alumno) => ({
    categoria: 'evaluacion',
    clave: claveAviso.evaluacion(f.alumno, f.evaluacion),
    titulo: `Evaluación de ${f.materia}`,
    texto: `${alumno} tiene evaluación de ${f.materia} el ${fechaLegible(f.fecha)}.`,
    enlace: '/evaluaciones-externo',
  }));
  return { avisos };
};
