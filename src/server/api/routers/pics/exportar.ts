/**
 * La lista exportable de las PIC (issue 34 §2): los alumnos de una PIC (la lista "Alumnos" de
 * /pics: curso, nota del cuatrimestre y si se agregó a mano). Llama al procedimiento de la
 * pantalla: el acceso y el alcance son los suyos (un jefe de departamento, sólo su departamento).
 */
import { AUSENTE, mostrarNota } from '@/domain/notas';
import { exportacion } from '@/server/api/exportar-tipos';
import { parteDeNombre, planilla } from '@/server/exportacion/planilla';

export const exportaciones = {
  /** /pics, "Alumnos" de una PIC: ?anio=&materia=&cuatrimestre=. */
  'pic-alumnos': exportacion({
    procedimiento: 'pics.alumnos',
    resumen: 'Los alumnos de una PIC: curso, nota del cuatrimestre y si se agregaron a mano.',
    entrada: (q) => ({ anio: q.anio, materia: q.materia, cuatrimestre: q.cuatrimestre }),
    archivo: ({ pic, alumnos }) => ({
      nombre: `pic-${parteDeNombre(pic.materia.nombre)}-${pic.anio}-${pic.cuatrimestre}c`,
      planilla: planilla<(typeof alumnos)[number]>({
        hoja: `PIC ${pic.materia.nombre} ${pic.anio}`,
        filas: alumnos,
        columnas: [
          { titulo: 'Apellido', tipo: 'texto', valor: (a) => a.apellido },
          { titulo: 'Nombre', tipo: 'texto', valor: (a) => a.nombre },
          { titulo: 'Curso', tipo: 'texto', valor: (a) => a.curso },
          {
            titulo: 'Nota del cuatrimestre',
            tipo: 'nota',
            // Un número como número; ausente como en la pantalla ('A').
            valor: (a) =>
              a.notaCuatrimestre === AUSENTE ? mostrarNota(AUSENTE) : a.notaCuatrimestre,
          },
          {
            titulo: 'Agregado',
            tipo: 'texto',
            valor: (a) => (a.origen === 'agregado' ? 'Sí' : null),
          },
        ],
      }),
    }),
  }),
};
