/**
 * La lista exportable de alumnos (issue 34 §2): los alumnos del alcance de /alumnos (un
 * preceptor, los de sus cursos) con la búsqueda de la pantalla y los datos de su planilla, con
 * los encabezados que la importación (/importar) reconoce: el archivo se vuelve a importar tal
 * cual. Llama al procedimiento de la lista (GET /api/alumnos) página por página (`paginada`).
 */
import { exportacion } from '@/server/api/exportar-tipos';
import { planilla } from '@/server/exportacion/planilla';

export const exportaciones = {
  /** /alumnos y /alumnos-privileged: ?q=&curso= (y ?limit=, el tamaño de cada página pedida). */
  alumnos: exportacion({
    procedimiento: 'alumnos.listar',
    paginada: true,
    resumen: 'Los alumnos con DNI, género, nacimiento, contacto y curso del ciclo (reimportable).',
    entrada: (q) => ({
      q: q.q || undefined,
      curso: q.curso || undefined,
      limit: q.limit || undefined,
    }),
    archivo: ({ items }) => ({
      nombre: 'alumnos',
      planilla: planilla<(typeof items)[number]>({
        hoja: 'Alumnos',
        filas: items,
        columnas: [
          { titulo: 'Apellido', tipo: 'texto', valor: (a) => a.apellido },
          { titulo: 'Nombre', tipo: 'texto', valor: (a) => a.nombre },
          { titulo: 'DNI', tipo: 'entero', valor: (a) => a.dni },
          { titulo: 'Género', tipo: 'texto', valor: (a) => a.genero },
          { titulo: 'Nacimiento', tipo: 'fecha', valor: (a) => a.nacimiento },
          { titulo: 'Email', tipo: 'texto', valor: (a) => a.email },
          { titulo: 'Teléfono', tipo: 'texto', valor: (a) => a.telefono },
          { titulo: 'Año', tipo: 'entero', valor: (a) => a.curso?.anio ?? null },
          { titulo: 'División', tipo: 'entero', valor: (a) => a.curso?.division ?? null },
        ],
      }),
    }),
  }),
};
