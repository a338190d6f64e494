import { procedimiento, router } from '@/server/api/trpc';
import * as esquemas from './schemas';
import * as servicio from './service';

/** El perfil del alumno (spec 02 §2 /perfil/editar, §7 POST /alumnos/update/{id}). */
export const perfilRouter = router({
  /** Los datos propios para el formulario. */
  propio: procedimiento.query(({ ctx }) => servicio.propio(ctx)),
  /** POST /api/alumnos/update/{id} (multipart). */
  actualizar: procedimiento
    .input(esquemas.actualizarPerfil)
    .output(esquemas.salidaActualizar)
    .mutation(({ ctx, input }) => servicio.actualizar(ctx, input)),
  /** La foto (la sirve /api/alumnos/{id}/foto). */
  foto: procedimiento
    .input(esquemas.fotoDeAlumno)
    .query(({ ctx, input }) => servicio.foto(ctx, input)),
});
