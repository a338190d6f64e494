import { z } from 'zod';
import { procedimiento, router } from '@/server/api/trpc';
import { busqueda, id } from '@/server/api/schemas';
import { buscarUsuarios } from '@/server/consultas/usuarios';
import { guardarUsuario } from './schemas';
import * as servicio from './service';

export const usuariosRouter = router({
  yo: procedimiento.query(({ ctx }) => servicio.yo(ctx)),
  listar: procedimiento.input(busqueda).query(({ ctx, input }) => buscarUsuarios(ctx, input)),
  obtener: procedimiento
    .input(z.object({ orden: id }))
    .query(({ ctx, input }) => servicio.obtener(ctx, input.orden)),
  guardar: procedimiento
    .input(guardarUsuario)
    .mutation(({ ctx, input }) => servicio.guardar(ctx, input)),
});
