/**
 * La lista exportable de los referentes de un curso (issue 34 §2): la tabla de /referentes, una
 * fila por referente de cada alumno (o una fila "Sin referentes"). Llama al procedimiento de la
 * pantalla: el acceso y el alcance son los suyos (un preceptor, sólo sus cursos).
 */
import { nombreCompleto } from '@/domain/escuela';
import { PENDIENTE_DE_CONFIRMACION } from '@/domain/vinculos';
import { exportacion } from '@/server/api/exportar-tipos';
import { parteDeNombre, planilla } from '@/server/exportacion/planilla';

export const exportaciones = {
  /** /referentes y /referentes-protected: ?curso=&ciclo=. */
  'referentes-curso': exportacion({
    procedimiento: 'referentes.porCurso',
    resumen: 'Los referentes de cada alumno de un curso, con teléfono y email.',
    entrada: (q) => ({ curso: q.curso, ciclo: q.ciclo }),
    archivo: ({ curso, ciclo, alumnos }) => {
      type Alumno = (typeof alumnos)[number];
      type Fila = { alumno: Alumno; r: Alumno['referentes'][number] | null };
      const filas = alumnos.flatMap((alumno): Fila[] =>
        alumno.referentes.length
          ? alumno.referentes.map((r) => ({ alumno, r }))
          : [{ alumno, r: null }],
      );
      return {
        nombre: `referentes-${parteDeNombre(curso.nombre)}-${ciclo}`,
        planilla: planilla<Fila>({
          hoja: `Referentes ${curso.nombre} ${ciclo}`,
          filas,
          columnas: [
            { titulo: 'Alumno', tipo: 'texto', valor: (f) => nombreCompleto(f.alumno) },
            {
              titulo: 'Referente',
              tipo: 'texto',
              valor: (f) => (f.r ? nombreCompleto(f.r) : 'Sin referentes'),
            },
            { titulo: 'Teléfono', tipo: 'texto', valor: (f) => f.r?.telefono },
            { titulo: 'Email', tipo: 'texto', valor: (f) => f.r?.email },
            {
              titulo: 'Exalumno',
              tipo: 'texto',
              valor: (f) => (f.r ? (f.r.exalumno ? 'Sí' : 'No') : null),
            },
            {
              titulo: 'Vínculo',
              tipo: 'texto',
              valor: (f) =>
                f.r ? (f.r.confirmado ? 'Confirmado' : PENDIENTE_DE_CONFIRMACION) : null,
            },
          ],
        }),
      };
    },
  }),
};
