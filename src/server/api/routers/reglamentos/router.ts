import { procedimiento, router } from '@/server/api/trpc';
import * as esquemas from './schemas';
import * as servicio from './service';

/** Reglamentos y autorizaciones obligatorios (spec 02 §2, §3, §4, §7). */
export const reglamentosRouter = router({
  /** GET /api/reglamentos. */
  listar: procedimiento.output(esquemas.salidaListar).query(({ ctx }) => servicio.listar(ctx)),
  /** GET /api/autorizaciones (por hijo). */
  autorizaciones: procedimiento
    .output(esquemas.salidaAutorizaciones)
    .query(({ ctx }) => servicio.autorizaciones(ctx)),
  /** Para el diálogo de home: ¿cumplió?, y las diapositivas pendientes. */
  pendientes: procedimiento.query(({ ctx }) => servicio.pendientes(ctx)),
  /** POST /api/reglamentos/responder. */
  responder: procedimiento
    .input(esquemas.responderReglamento)
    .output(esquemas.salidaResponder)
    .mutation(({ ctx, input }) => servicio.responder(ctx, input)),
  /** POST /api/autorizaciones/responder. */
  responderAutorizacion: procedimiento
    .input(esquemas.responderAutorizacion)
    .output(esquemas.salidaResponderAutorizacion)
    .mutation(({ ctx, input }) => servicio.responderAutorizacion(ctx, input)),
});
