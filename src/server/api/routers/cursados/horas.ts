/**
 * Las horas semanales por curso contra los bloques de la semana y el CSV de la oferta del ciclo
 * (para el ministerio).
 */
import { asc, eq } from 'drizzle-orm';
import { archivoCsv } from '@/domain/csv';
import { nombreCurso } from '@/domain/escuela';
import { avisoHorasExcedidas, BLOQUES_SEMANALES, horasPorCurso } from '@/domain/planificacion';
import type { Ctx } from '@/server/contexto';
import { cursados, cursadosCursos, cursos } from '@/server/db/schema';
import { comoCursado, consulta, orden, type FilaCursado } from './oferta';

/**
 * Las horas semanales de cada curso en el ciclo (la suma de las horas de sus cursados) contra los
 * 96 bloques de la semana, con el aviso de los excedidos. Una consulta.
 */
export async function horas(ctx: Ctx, p: { ciclo?: number }) {
  const ciclo = p.ciclo ?? ctx.ciclo;
  const filas = await ctx.db
    .select({
      cursoId: cursos.id,
      anio: cursos.anio,
      division: cursos.division,
      especialidad: cursos.especialidad,
      horas: cursados.horas,
    })
    .from(cursadosCursos)
    .innerJoin(cursados, eq(cursados.id, cursadosCursos.cursadoId))
    .innerJoin(cursos, eq(cursos.id, cursadosCursos.cursoId))
    .where(eq(cursados.ciclolectivo, ciclo))
    .orderBy(asc(cursos.anio), asc(cursos.division));
  const porCurso = horasPorCurso(filas.map((f) => ({ ...f, nombre: nombreCurso(f) })));
  return {
    ciclo,
    bloques: BLOQUES_SEMANALES,
    cursos: porCurso,
    avisos: porCurso.filter((c) => c.excedido).map(avisoHorasExcedidas),
  };
}

/** Los cursados del ciclo con sus materias, cursos y docentes, en CSV (para el ministerio). */
export async function csv(ctx: Ctx, p: { ciclo?: number }) {
  const ciclo = p.ciclo ?? ctx.ciclo;
  const filas = (await consulta(ctx.db)
    .where(eq(cursados.ciclolectivo, ciclo))
    .orderBy(...orden)) as FilaCursado[];
  return {
    nombre: `cursados-${ciclo}.csv`,
    contenido: archivoCsv(
      ['Ciclo', 'Cursado', 'Modalidad', 'Horas', 'Materias', 'Cursos', 'Docentes', 'Inscriptos'],
      filas
        .map(comoCursado)
        .map((c) => [
          c.ciclolectivo,
          c.nombre,
          c.modalidadNombre,
          c.horas,
          c.materiasPermitidas.map((m) => `${m.materiaCode} ${m.nombre}`).join(' / '),
          c.cursosPermitidos.map((x) => x.nombre).join(' / '),
          c.docentes.map((d) => `${d.apellido}, ${d.nombre}`).join(' / '),
          c._count.inscripciones,
        ]),
    ),
  };
}
