import { procedimiento, router } from '@/server/api/trpc';
import * as esquemas from './schemas';
import * as servicio from './service';

/** El perfil del alumno (spec 02 §2 /perfil/editar, §7 POST /alumnos/update/{id}). */
export const perfilRouter = router({
  /** Los datos propios para el formulario. */
  propio: procedimiento.query(({ ctx }) => servicio.propio(ctx.db, ctx.sesion)),
  /** POST /api/alumnos/update/{id} (multipart). */
  actualizar: procedimiento
    .input(esquemas.actualizarPerfil)
    .mutation(({ ctx, input }) => servicio.actualizar(ctx.db, ctx.sesion, input, ctx.ip)),
  /** La foto (la sirve /api/alumnos/{id}/foto). */
  foto: procedimiento
    .input(esquemas.fotoDeAlumno)
    .query(({ ctx, input }) => servicio.foto(ctx.db, ctx.sesion, ctx.ciclo, input.alumno)),
});
