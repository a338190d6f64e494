/**
 * Las listas exportables de notas (issue 34 §2): la planilla de un cursado (/notas y sus
 * variantes: un alumno por fila, una columna por cuatrimestre que usa la modalidad, la nota
 * final y la condición) y el planillón en modo notas (un alumno por fila, la nota actual de cada
 * materia, promedio y bajas). Llaman a los procedimientos de las pantallas: el alcance es el suyo.
 */
import {
  NOTA_NO_APLICA,
  condicionDeMateria,
  mostrarNota,
  resumenPromedio,
  type ValorNota,
} from '@/domain/notas';
import { exportacion } from '@/server/api/exportar-tipos';
import { parteDeNombre, planilla } from '@/server/exportacion/planilla';

/** Una nota en la planilla: el número (una nota es un número) o lo que se ve ('A', '-'). */
export function valorDeNota(v: ValorNota | null | undefined): number | string | null {
  if (typeof v === 'number' && v !== NOTA_NO_APLICA) return v;
  return v == null ? null : mostrarNota(v) || null;
}

export const exportaciones = {
  /** /notas, /notas-readonly, /notas-privileged, /notas-supervisor: ?cursado=&curso=. */
  'notas-cursado': exportacion({
    procedimiento: 'notas.planilla',
    resumen: 'La planilla de notas de un cursado (de un curso, si se pide).',
    entrada: (q) => ({ cursado: q.cursado, curso: q.curso || undefined }),
    archivo: (p, q) => {
      type Alumno = (typeof p.alumnos)[number];
      const aplicados = p.estados.filter((e) => e.aplica);
      const conCurso = p.cursado.cursos.length > 1 && !q.curso;
      const resultado = (a: Alumno) =>
        condicionDeMateria(p.cursado.modalidad, a.notas[1], a.notas[2]);
      const numeroDe = new Map(p.alumnos.map((a, i) => [a, i + 1]));
      const curso = p.alumnos.find((a) => a.curso)?.curso?.nombre;
      return {
        nombre: [
          'notas',
          parteDeNombre(p.cursado.nombre),
          q.curso && curso ? parteDeNombre(curso) : null,
          p.cursado.ciclolectivo,
        ]
          .filter(Boolean)
          .join('-'),
        planilla: planilla<Alumno>({
          hoja: p.cursado.nombre,
          filas: p.alumnos,
          columnas: [
            { titulo: 'N°', tipo: 'entero', valor: (a) => numeroDe.get(a) },
            { titulo: 'Apellido', tipo: 'texto', valor: (a) => a.apellido },
            { titulo: 'Nombre', tipo: 'texto', valor: (a) => a.nombre },
            ...(conCurso
              ? [{ titulo: 'Curso', tipo: 'texto' as const, valor: (a: Alumno) => a.curso?.nombre }]
              : []),
            ...aplicados.map((e) => ({
              titulo: e.nombre,
              tipo: 'nota' as const,
              valor: (a: Alumno) => valorDeNota(a.notas[e.cuatrimestre]),
            })),
            { titulo: 'Nota final', tipo: 'nota', valor: (a) => valorDeNota(resultado(a).final) },
            { titulo: 'Condición', tipo: 'texto', valor: (a) => resultado(a).condicion },
          ],
        }),
      };
    },
  }),
  /** El planillón en modo notas (/planillon y variantes): ?curso=&ciclo=. */
  'planillon-notas': exportacion({
    procedimiento: 'notas.reporte',
    resumen: 'El planillón de notas de un curso: la nota actual de cada materia, promedio y bajas.',
    entrada: (q) => ({ curso: q.curso, ciclo: q.ciclo || undefined }),
    archivo: (r) => {
      type Alumno = (typeof r.alumnos)[number];
      /** La nota actual: la del 2° cuatrimestre si está; si no, la del 1° (como la grilla). */
      const actual = (a: Alumno, i: number) => {
        const n = a.notas[i];
        return n ? (n[2] ?? n[1] ?? null) : null;
      };
      const resumen = (a: Alumno) => resumenPromedio(r.cursados.map((_, i) => actual(a, i)));
      return {
        nombre: `planillon-notas-${parteDeNombre(r.curso.nombre)}-${r.ciclo}`,
        planilla: planilla<Alumno>({
          hoja: `Notas ${r.curso.nombre} ${r.ciclo}`,
          filas: r.alumnos,
          columnas: [
            { titulo: 'Apellido', tipo: 'texto', valor: (a) => a.apellido },
            { titulo: 'Nombre', tipo: 'texto', valor: (a) => a.nombre },
            ...r.cursados.map((c, i) => ({
              titulo: c.nombre,
              tipo: 'nota' as const,
              valor: (a: Alumno) => valorDeNota(actual(a, i)),
            })),
            {
              titulo: 'Promedio',
              tipo: 'numero',
              decimales: 2,
              valor: (a) => resumen(a).promedio,
            },
            { titulo: 'Bajas', tipo: 'entero', valor: (a) => resumen(a).bajas },
          ],
        }),
      };
    },
  }),
};
