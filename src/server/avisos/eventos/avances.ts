/**
 * Avances cerrados (issue 35 §3): al cerrar la planilla de avances de un cursado en una
 * instancia, cada alumno inscripto en el cursado recibe lo suyo (los tipos de dificultad, o 'Sin
 * Observaciones'). Las observaciones del docente no van en el aviso (se ven en /avances-externo).
 * Una vez por alumno y planilla: `avances:<alumno>:<planilla>`.
 */
import { sql } from 'drizzle-orm';
import { nombresDeTipos } from '@/domain/avances';
import { fechaLegible } from '@/domain/texto';
import type { Compositor } from '../tipos';
import { avisosDeAlumnos, filas } from './escolares';

export interface EventoAvances {
  tipo: 'avances-cerrados';
  planilla: number;
}

interface FilaAvance {
  alumno: number;
  fecha: string;
  materia: string;
  tipos: number | null;
  observaciones: string | null;
}

export const componerAvances: Compositor<EventoAvances> = async (ctx, { planilla }) => {
  // Sólo una planilla cerrada (la que se cerró y se deshizo no está).
  const lista = await filas<FilaAvance>(
    ctx.db,
    sql`select i.alumno_id as alumno, p.fecha::text as fecha,
        coalesce(m.nombre, c.nombre) as materia, a.tipos, a.observaciones
      from avances_planillas p
      join cursados c on c.id = p.cursado_id
      join inscripciones i on i.cursado_id = c.id
      left join materias m on m.id = i.materia_id
      left join avances a on a.planilla_id = p.id and a.alumno_id = i.alumno_id
      where p.id = ${planilla} and p.cerrada
      order by i.alumno_id`,
  );
  const avisos = await avisosDeAlumnos(ctx, lista, (f, _a, alumno) => ({
    categoria: 'avances',
    clave: `avances:${f.alumno}:${planilla}`,
    titulo: `Avance de ${f.materia}`,
    texto:
      `Avance de ${f.materia} de ${alumno} (instancia del ${fechaLegible(f.fecha)}): ` +
      `${nombresDeTipos(f.tipos ?? 0).join(', ')}.` +
      (f.observaciones ? ' Con observaciones del docente.' : ''),
    enlace: '/avances-externo',
  }));
  return { avisos };
};
