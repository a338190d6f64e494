import { z } from 'zod';
import { procedimiento, router } from '@/server/api/trpc';
import { busqueda, id } from '@/server/api/schemas';
import { buscarUsuarios } from '@/server/consultas/usuarios';
import {
  guardarUsuario,
  usuariosPorRol,
  salidaPorRol,
  salidaYo,
  salidaListar,
  salidaGuardar,
} from './schemas';
import * as servicio from './service';

export const usuariosRouter = router({
  yo: procedimiento.output(salidaYo).query(({ ctx }) => servicio.yo(ctx)),
  listar: procedimiento
    .input(busqueda)
    .output(salidaListar)
    .query(({ ctx, input }) => servicio.listar(ctx, input)),
  obtener: procedimiento
    .input(z.object({ orden: id }))
    .query(({ ctx, input }) => servicio.obtener(ctx, input.orden)),
  /**
   * GET /api/usuario/{rol}/{cursor}: los usuarios habilitados con ese rol (bit de 1 a 512), de a
   * 50 desde `cursor`: los docentes, preceptores o coordinadores a los que se asigna.
   */
  porRol: procedimiento
    .input(usuariosPorRol)
    .output(salidaPorRol)
    .query(({ ctx, input }) =>
      buscarUsuarios(ctx, { q: input.q, cursor: input.cursor, limit: 50, conRol: input.rol }),
    ),
  guardar: procedimiento
    .input(guardarUsuario)
    .output(salidaGuardar)
    .mutation(({ ctx, input }) => servicio.guardar(ctx, input)),
});
