import { procedimiento, router } from '@/server/api/trpc';
import * as servicio from './service';
import { salidaEstado, salidaPermisos, salidaSysconfig, salidaConfiguracion } from './schemas';

export const sesionRouter = router({
  estado: procedimiento.output(salidaEstado).query(({ ctx }) => servicio.estado(ctx)),
  permisos: procedimiento.output(salidaPermisos).query(({ ctx }) => servicio.permisos(ctx)),
  sysconfig: procedimiento.output(salidaSysconfig).query(() => servicio.sysconfig()),
  configuracion: procedimiento
    .output(salidaConfiguracion)
    .query(({ ctx }) => servicio.configuracionPublica(ctx)),
  hijos: procedimiento.query(({ ctx }) => servicio.hijos(ctx)),
});
