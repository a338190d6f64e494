/**
 * Los hechos que avisan (issue 35 §3) y su compositor: cada uno lee el estado actual de la base y
 * devuelve los avisos de cada persona (referentes confirmados del alumno, el alumno, el personal
 * que corresponda). Un hecho se encola con `encolar(tx, evento)` (../cola.ts) en la transacción
 * del cambio; el trabajador lo compone (../procesar.ts).
 *
 * Para agregar un hecho: su tipo en `Evento`, su archivo en esta carpeta y su fila en COMPOSITORES.
 */
import type { Compositor } from '../tipos';
import { componerComunicado, type EventoComunicado } from './comunicado';
import { componerAvances, type EventoAvances } from './avances';
import { componerEvaluaciones, type EventoEvaluaciones } from './evaluaciones';
import { componerInscripcion, type EventoInscripcion } from './inscripcion';
import {
  componerMesaInscripcion,
  componerMesaResultado,
  type EventoMesaInscripcion,
  type EventoMesaResultado,
} from './mesa';
import { componerNotas, type EventoNotas } from './notas';
import { componerPic, type EventoPic } from './pic';
import { componerVinculo, type EventoVinculo } from './vinculo';
import { componerAsistencia, type EventoAsistencia } from './asistencia';
import { componerMedida, type EventoMedida } from './medida';

export type Evento =
  | EventoComunicado
  | EventoAsistencia
  | EventoMedida
  | EventoNotas
  | EventoAvances
  | EventoMesaInscripcion
  | EventoMesaResultado
  | EventoPic
  | EventoInscripcion
  | EventoVinculo
  | EventoEvaluaciones;

export const COMPOSITORES: { [T in Evento['tipo']]: Compositor<Extract<Evento, { tipo: T }>> } = {
  comunicado: componerComunicado,
  asistencia: componerAsistencia,
  medida: componerMedida,
  'notas-publicadas': componerNotas,
  'avances-cerrados': componerAvances,
  'mesa-inscripcion': componerMesaInscripcion,
  'mesa-resultado': componerMesaResultado,
  'pic-inscripcion': componerPic,
  inscripcion: componerInscripcion,
  vinculo: componerVinculo,
  'evaluaciones-proximas': componerEvaluaciones,
};
