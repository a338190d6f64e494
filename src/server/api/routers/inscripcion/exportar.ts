/**
 * La lista exportable del seguimiento de inscripciones (issue 34 §2): la tabla de
 * /inscripciones, un estudiante por fila con su curso, el estado de su inscripción, la fecha de
 * envío y el comprobante, con el curso y el filtro "Mostrar" de la pantalla. Llama al
 * procedimiento de la pantalla (Alumnado y Admin). El CSV de siempre (/api/inscripciones/csv)
 * sigue.
 */
import { ETIQUETA_ESTADO_INSCRIPCION } from '@/domain/inscripcion';
import { exportacion } from '@/server/api/exportar-tipos';
import { parteDeNombre, planilla } from '@/server/exportacion/planilla';

/** El filtro "Mostrar" de la pantalla: todos, sin inscripción o un estado. */
function pasaElFiltro(filtro: string | undefined, estado: string | null): boolean {
  if (!filtro || filtro === 'todos') return true;
  if (filtro === 'faltantes') return estado == null;
  return estado === filtro;
}

export const exportaciones = {
  /** /inscripciones: ?ciclo=&curso=&filtro=todos|faltantes|pendiente|verificada|observada. */
  inscripciones: exportacion({
    procedimiento: 'inscripcion.listar',
    resumen: 'El seguimiento de la inscripción anual: estudiante, estado, envío y comprobante.',
    entrada: (q) => ({ ciclo: q.ciclo || undefined, curso: q.curso || undefined }),
    archivo: (r, q) => {
      type Curso = (typeof r.cursos)[number];
      type Fila = { curso: Curso; a: Curso['alumnos'][number] };
      const filas: Fila[] = r.cursos.flatMap((curso) =>
        curso.alumnos
          .filter((a) => pasaElFiltro(q.filtro, a.inscripcion?.estado ?? null))
          .map((a) => ({ curso, a })),
      );
      const uno = q.curso ? r.cursos[0] : undefined;
      return {
        nombre: `inscripciones-${r.ciclo}${uno ? `-${parteDeNombre(uno.nombre)}` : ''}`,
        planilla: planilla<Fila>({
          hoja: `Inscripciones ${r.ciclo}`,
          filas,
          columnas: [
            { titulo: 'Curso', tipo: 'texto', valor: (f) => f.curso.nombre },
            { titulo: 'Apellido', tipo: 'texto', valor: (f) => f.a.apellido },
            { titulo: 'Nombre', tipo: 'texto', valor: (f) => f.a.nombre },
            { titulo: 'DNI', tipo: 'entero', valor: (f) => f.a.dni },
            {
              titulo: 'Estado',
              tipo: 'texto',
              valor: (f) =>
                f.a.inscripcion
                  ? ETIQUETA_ESTADO_INSCRIPCION[f.a.inscripcion.estado]
                  : 'Sin inscripción',
            },
            { titulo: 'Observación', tipo: 'texto', valor: (f) => f.a.inscripcion?.observacion },
            {
              titulo: 'Enviada',
              tipo: 'fecha',
              // Un instante: el día en la hora de la escuela, como lo muestra la pantalla.
              valor: (f) => (f.a.inscripcion ? new Date(f.a.inscripcion.creado) : null),
            },
            { titulo: 'Email', tipo: 'texto', valor: (f) => f.a.inscripcion?.email },
            { titulo: 'Teléfono', tipo: 'texto', valor: (f) => f.a.inscripcion?.telefono },
            {
              titulo: 'Comprobante',
              tipo: 'texto',
              valor: (f) =>
                f.a.inscripcion
                  ? f.a.inscripcion.comprobante === 'application/pdf'
                    ? 'PDF'
                    : 'Imagen'
                  : null,
            },
          ],
        }),
      };
    },
  }),
};
