/**
 * Las listas exportables de las mesas de examen (issue 34 §2): el acta de una materia de la mesa
 * (la hoja "Imprimir acta": número, alumno, curso y resultado) y la lista de mesas del año (con
 * la búsqueda de la pantalla). Llaman a los procedimientos de las pantallas: el acceso y el
 * alcance son los suyos (un docente, sólo las mesas de su tribunal).
 */
import { nombreCompleto } from '@/domain/escuela';
import { mostrarResultadoExamen } from '@/domain/notas';
import { exportacion } from '@/server/api/exportar-tipos';
import { parteDeNombre, planilla } from '@/server/exportacion/planilla';

/** 'Acta cerrada', '1 de 2 actas cerradas' o 'Acta abierta' (la insignia de la lista). */
export function estadoActas(materias: readonly { cerrada: boolean }[]): string {
  if (materias.length === 0) return '';
  const cerradas = materias.filter((m) => m.cerrada).length;
  if (cerradas === materias.length) return 'Acta cerrada';
  return cerradas > 0 ? `${cerradas} de ${materias.length} actas cerradas` : 'Acta abierta';
}

export const exportaciones = {
  /** /mesas/{id}, pestaña Alumnos: el acta de una materia. ?mesa=&materia=. */
  'acta-mesa': exportacion({
    procedimiento: 'mesas.acta',
    resumen: 'El acta de una materia de una mesa de examen: alumnos, curso y resultado.',
    entrada: (q) => ({ id: q.mesa, materia: q.materia }),
    archivo: (a) => ({
      nombre: `acta-${parteDeNombre(a.materia.nombre)}-${a.mesa.fecha}`,
      planilla: planilla<{ n: number; fila: (typeof a.alumnos)[number] }>({
        hoja: `Acta ${a.materia.nombre}`,
        filas: a.alumnos.map((fila, i) => ({ n: i + 1, fila })),
        columnas: [
          { titulo: 'N°', tipo: 'entero', valor: (x) => x.n },
          { titulo: 'Apellido y nombre', tipo: 'texto', valor: (x) => nombreCompleto(x.fila) },
          { titulo: 'Curso', tipo: 'texto', valor: (x) => x.fila.curso },
          { titulo: 'Ciclo', tipo: 'entero', valor: (x) => x.fila.ciclo },
          {
            titulo: 'Nota',
            tipo: 'nota',
            // Una nota como número; ausente y adeuda correlativa como en la hoja ('A', 'AC').
            valor: ({ fila: { resultado: r } }) =>
              r?.tipoNota === 'normal' ? r.nota : mostrarResultadoExamen(r) || null,
          },
        ],
      }),
    }),
  }),
  /** /mesas: la lista del año con la búsqueda de la pantalla, todas las páginas. ?anio=&q=. */
  mesas: exportacion({
    procedimiento: 'mesas.lista',
    paginada: true,
    resumen:
      'Las mesas de examen de un año: materias, fecha, hora, instancia, aula, tribunal y actas.',
    entrada: (q) => ({ anio: q.anio || undefined, q: q.q || undefined }),
    archivo: ({ items }, q) => ({
      nombre: q.anio ? `mesas-${parteDeNombre(q.anio)}` : 'mesas',
      planilla: planilla<(typeof items)[number]>({
        hoja: q.anio ? `Mesas ${q.anio}` : 'Mesas',
        filas: items,
        columnas: [
          {
            titulo: 'Materias',
            tipo: 'texto',
            valor: (m) => m.materias.map((x) => x.nombre).join(', '),
          },
          { titulo: 'Fecha', tipo: 'fecha', valor: (m) => m.fecha },
          { titulo: 'Hora', tipo: 'texto', valor: (m) => m.hora },
          { titulo: 'Instancia', tipo: 'texto', valor: (m) => m.instancia },
          { titulo: 'Aula', tipo: 'texto', valor: (m) => m.aula },
          {
            titulo: 'Tribunal',
            tipo: 'texto',
            valor: (m) => m.tribunal.map(nombreCompleto).join('; '),
          },
          {
            titulo: 'Alumnos',
            tipo: 'entero',
            valor: (m) => m.materias.reduce((t, x) => t + x.alumnos, 0),
          },
          { titulo: 'Actas', tipo: 'texto', valor: (m) => estadoActas(m.materias) },
        ],
      }),
    }),
  }),
};
