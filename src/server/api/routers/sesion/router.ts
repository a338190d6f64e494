import { procedimiento, router } from '@/server/api/trpc';
import * as servicio from './service';

export const sesionRouter = router({
  estado: procedimiento.query(({ ctx }) => servicio.estado(ctx.sesion)),
  permisos: procedimiento.query(({ ctx }) => servicio.permisos(ctx.sesion)),
  sysconfig: procedimiento.query(() => servicio.sysconfig()),
  configuracion: procedimiento.query(({ ctx }) => servicio.configuracionPublica(ctx.db)),
  hijos: procedimiento.query(({ ctx }) => servicio.hijos(ctx.db, ctx.sesion, ctx.ciclo)),
});
