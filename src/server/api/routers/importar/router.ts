/**
 * Importar planillas (issue 34 §1; contrato en /tmp/portal/IMPORTAR-CONTRATO.md): Alumnado y
 * Admin (permisos.ts). `subir`, `informe` y `modelo` los llaman las rutas propias de
 * src/app/api/importar (multipart y descargas); la pantalla /importar usa los demás.
 */
import { procedimiento, router } from '@/server/api/trpc';
import { deshacer } from './deshacer';
import { informeCsv, informeXlsx, planillaModelo } from './informe';
import { conId, informe, subirImportacion, vistaImportacion } from './schemas';
import * as servicio from './service';

export const importarRouter = router({
  subir: procedimiento
    .input(subirImportacion)
    .mutation(({ ctx, input }) => servicio.subir(ctx, input)),
  vista: procedimiento
    .input(vistaImportacion)
    .mutation(({ ctx, input }) => servicio.vista(ctx, input)),
  aplicar: procedimiento
    .input(vistaImportacion)
    .mutation(({ ctx, input }) => servicio.aplicar(ctx, input)),
  historial: procedimiento.query(({ ctx }) => servicio.historial(ctx)),
  deshacer: procedimiento.input(conId).mutation(({ ctx, input }) => deshacer(ctx, input)),
  informe: procedimiento.input(informe).query(async ({ ctx, input }) => {
    const { imp, resultado } = await servicio.resultadoDe(ctx, input.id);
    const base = `informe-importacion-${imp.id}`;
    return input.formato === 'csv'
      ? { nombre: `${base}.csv`, tipo: 'text/csv; charset=utf-8', datos: informeCsv(resultado) }
      : {
          nombre: `${base}.xlsx`,
          tipo: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          datos: await informeXlsx(resultado, imp.nombre),
        };
  }),
  modelo: procedimiento.query(async () => ({
    nombre: 'planilla-modelo-importacion.xlsx',
    tipo: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    datos: await planillaModelo(),
  })),
});
