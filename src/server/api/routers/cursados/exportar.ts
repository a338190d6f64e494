/**
 * La lista exportable de la oferta de un ciclo (issue 34 §2): los cursados de
 * /planificacion/cursados con su búsqueda. Llama al procedimiento de la pantalla página por
 * página (`paginada`): el archivo trae todos. El CSV de siempre ("Exportar CSV") sigue.
 */
import { exportacion } from '@/server/api/exportar-tipos';
import { planilla } from '@/server/exportacion/planilla';

export const exportaciones = {
  /** /planificacion/cursados: ?ciclo=&q= (y ?limit=, el tamaño de cada página pedida). */
  cursados: exportacion({
    procedimiento: 'cursados.listar',
    paginada: true,
    resumen: 'Los cursados de un ciclo: modalidad, horas, inscriptos, materias, cursos y docentes.',
    entrada: (q) => ({
      ciclo: q.ciclo || undefined,
      q: q.q || undefined,
      limit: q.limit || undefined,
    }),
    archivo: ({ ciclo, items }) => ({
      nombre: `cursados-${ciclo}`,
      planilla: planilla<(typeof items)[number]>({
        hoja: `Cursados ${ciclo}`,
        filas: items,
        columnas: [
          { titulo: 'Cursado', tipo: 'texto', valor: (c) => c.nombre },
          { titulo: 'Modalidad', tipo: 'texto', valor: (c) => c.modalidadNombre },
          { titulo: 'Horas semanales', tipo: 'entero', valor: (c) => c.horas },
          { titulo: 'Inscriptos', tipo: 'entero', valor: (c) => c._count.inscripciones },
          {
            titulo: 'Materias',
            tipo: 'texto',
            valor: (c) =>
              c.materiasPermitidas.map((m) => `${m.nombre} (${m.materiaCode})`).join(', '),
          },
          {
            titulo: 'Cursos',
            tipo: 'texto',
            valor: (c) => c.cursosPermitidos.map((x) => x.nombre).join(', '),
          },
          {
            titulo: 'Docentes',
            tipo: 'texto',
            // Como la pantalla: 'Apellido, Nombre' separados por comas.
            valor: (c) => c.docentes.map((d) => `${d.apellido}, ${d.nombre}`).join(', '),
          },
        ],
      }),
    }),
  }),
};
