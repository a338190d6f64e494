import { procedimiento, router } from '@/server/api/trpc';
import { id } from '@/server/api/schemas';
import { z } from 'zod';
import * as esquemas from './schemas';
import * as servicio from './service';

/**
 * Inscripción anual (spec 02 §2, §4, §5, §7): el referente parental inscribe a sus hijos;
 * el alumno ve la suya; Alumnado hace el seguimiento. Quién llama: `permisos.ts`.
 */
export const inscripcionRouter = router({
  /** GET /api/mishijos/inscripcion: datos del referente, hijos, estado e inglés, cuota. */
  mishijos: procedimiento.query(({ ctx }) => servicio.mishijos(ctx.db, ctx.sesion)),
  /** Alumnos habilitados todavía no vinculados, por nombre o apellido (≥ 3 letras, ≤ 10). */
  buscarHijos: procedimiento
    .input(esquemas.buscarHijos)
    .query(({ ctx, input }) => servicio.buscarHijos(ctx.db, ctx.sesion, input.q)),
  /** "Declaro mi vínculo de referente parental de …". */
  vincularme: procedimiento
    .input(esquemas.vincularme)
    .mutation(({ ctx, input }) => servicio.vincularme(ctx.db, ctx.sesion, input.alumno, ctx.ip)),
  /** POST /api/alumnos/{id}/inscribir (multipart): formulario, ficha médica y comprobante. */
  inscribir: procedimiento
    .input(esquemas.inscribir)
    .mutation(({ ctx, input }) => servicio.inscribir(ctx.db, ctx.sesion, input, ctx.ip)),
  /** POST /api/alumnos/inscripcion/cpit. */
  declararIngles: procedimiento
    .input(esquemas.declararIngles)
    .mutation(({ ctx, input }) => servicio.declararIngles(ctx.db, ctx.sesion, input, ctx.ip)),
  /** GET /api/alumnos/datosinscripcion[/{id}]: inscripción y ficha médica (auditado). */
  datos: procedimiento
    .input(esquemas.datosInscripcion)
    .query(({ ctx, input }) =>
      servicio.datos(ctx.db, ctx.sesion, ctx.ciclo, ctx.hijo, input.alumno, ctx.ip),
    ),
  /** GET /api/miinscripcion: la del alumno y su certificado de alumno regular. */
  mia: procedimiento.query(({ ctx }) => servicio.mia(ctx.db, ctx.sesion, ctx.ip)),
  /** El comprobante (lo sirve /api/inscripciones/{id}/comprobante como adjunto). */
  comprobante: procedimiento
    .input(z.object({ id }))
    .query(({ ctx, input }) => servicio.comprobante(ctx.db, ctx.sesion, input.id, ctx.ip)),
  /** Seguimiento de Alumnado: inscripciones del ciclo por curso, con los faltantes. */
  listar: procedimiento
    .input(esquemas.listarInscripciones)
    .query(({ ctx, input }) => servicio.listar(ctx.db, input)),
  /** El mismo listado en CSV (lo sirve /api/inscripciones/csv). */
  csv: procedimiento
    .input(esquemas.listarInscripciones)
    .query(({ ctx, input }) => servicio.csv(ctx.db, input)),
  /** Marca una inscripción como pendiente, verificada u observada. */
  revisar: procedimiento
    .input(esquemas.revisarInscripcion)
    .mutation(({ ctx, input }) => servicio.revisar(ctx.db, ctx.sesion, input, ctx.ip)),
});
