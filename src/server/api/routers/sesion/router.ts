import { procedimiento, router } from '@/server/api/trpc';
import * as servicio from './service';

export const sesionRouter = router({
  estado: procedimiento.query(({ ctx }) => servicio.estado(ctx)),
  permisos: procedimiento.query(({ ctx }) => servicio.permisos(ctx)),
  sysconfig: procedimiento.query(() => servicio.sysconfig()),
  configuracion: procedimiento.query(({ ctx }) => servicio.configuracionPublica(ctx)),
  hijos: procedimiento.query(({ ctx }) => servicio.hijos(ctx)),
});
