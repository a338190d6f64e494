import { procedimiento, router } from '@/server/api/trpc';
import { id } from '@/server/api/schemas';
import { z } from 'zod';
import * as cooperadora from './cooperadora';
import * as fichaMedica from './ficha-medica';
import * as inscripcion from './inscribir';
import * as referente from './referente';
import * as revision from './revision';
import * as esquemas from './schemas';

/**
 * Inscripción anual (spec 02 §2, §4, §5, §7): el referente parental inscribe a sus hijos;
 * el alumno ve la suya; Alumnado hace el seguimiento. Quién llama: `permisos.ts`.
 */
export const inscripcionRouter = router({
  /** GET /api/mishijos/inscripcion: datos del referente, hijos, estado e inglés, cuota. */
  mishijos: procedimiento
    .output(esquemas.salidaMishijos)
    .query(({ ctx }) => referente.mishijos(ctx)),
  /** Alumnos habilitados no vinculados: palabras enteras (≥ 3 letras), ≤ 5 nombres, con límite. */
  buscarHijos: procedimiento
    .input(esquemas.buscarHijos)
    .query(({ ctx, input }) => referente.buscarHijos(ctx, input)),
  /** "Declaro mi vínculo de referente parental de …". */
  vincularme: procedimiento
    .input(esquemas.vincularme)
    .mutation(({ ctx, input }) => referente.vincularme(ctx, input)),
  /** POST /api/alumnos/{id}/inscribir (multipart): formulario, ficha médica y comprobante. */
  inscribir: procedimiento
    .input(esquemas.inscribir)
    .output(esquemas.salidaInscribir)
    .mutation(({ ctx, input }) => inscripcion.inscribir(ctx, input)),
  /** POST /api/alumnos/inscripcion/cpit. */
  declararIngles: procedimiento
    .input(esquemas.declararIngles)
    .output(esquemas.salidaDeclararIngles)
    .mutation(({ ctx, input }) => referente.declararIngles(ctx, input)),
  /** GET /api/alumnos/datosinscripcion[/{id}]: inscripción y ficha médica (auditado). */
  datos: procedimiento
    .input(esquemas.datosInscripcion)
    .output(esquemas.salidaDatos)
    .query(({ ctx, input }) => fichaMedica.datos(ctx, input)),
  /** GET /api/miinscripcion: la del alumno y su certificado de alumno regular. */
  mia: procedimiento.output(esquemas.salidaMia).query(({ ctx }) => fichaMedica.mia(ctx)),
  /** El comprobante (lo sirve /api/inscripciones/{id}/comprobante como adjunto). */
  comprobante: procedimiento
    .input(z.object({ id }))
    .query(({ ctx, input }) => revision.comprobante(ctx, input)),
  /** Seguimiento de Alumnado: inscripciones del ciclo por curso, con los faltantes. */
  listar: procedimiento
    .input(esquemas.listarInscripciones)
    .query(({ ctx, input }) => revision.listar(ctx, input)),
  /** El mismo listado en CSV (lo sirve /api/inscripciones/csv). */
  csv: procedimiento
    .input(esquemas.listarInscripciones)
    .query(({ ctx, input }) => revision.csv(ctx, input)),
  /** La cuota de la cooperadora: el ciclo en curso (referente) o el elegido (Admin). */
  cooperadora: procedimiento
    .input(esquemas.cooperadora)
    .query(({ ctx, input }) => cooperadora.leer(ctx, input)),
  /** Admin guarda la cuota de la cooperadora de un ciclo (auditado). */
  guardarCooperadora: procedimiento
    .input(esquemas.guardarCooperadora)
    .mutation(({ ctx, input }) => cooperadora.guardar(ctx, input)),
  /** Marca una inscripción como pendiente, verificada u observada. */
  revisar: procedimiento
    .input(esquemas.revisarInscripcion)
    .mutation(({ ctx, input }) => revision.revisar(ctx, input)),
});
