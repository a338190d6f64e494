/**
 * Conflictos al guardar la planilla de asistencia (issue 36): la cola sin conexión y el guardado
 * en línea mandan, por alumno, las entradas de ese día y turno como las mostraba la pantalla
 * antes del cambio (`anterior`). Si ya no son las guardadas (otra persona marcó, cambió o borró
 * algo de ese alumno mientras tanto), no se guarda nada y el preceptor ve las dos versiones y
 * elige. Las reglas viven acá para que el servidor y la pantalla comparen igual.
 */
import { conJustificada } from './asistencias';
import { nombreCompleto } from './escuela';

/** Una entrada guardada de un alumno en la planilla (día y turno fijos), sin datos internos. */
export interface EntradaDeAlumno {
  orden: number;
  tipo: string;
  circunstancia: string;
  justificada: boolean;
  justificacion: string | null;
}

/** La forma que se compara: '' es null y sin justificación si no está justificada (spec 01 §4). */
function normal(e: EntradaDeAlumno): EntradaDeAlumno {
  return conJustificada({ ...e, justificacion: e.justificacion || null }, e.justificada);
}

/**
 * ¿Son las mismas entradas? Como conjunto por `orden` (el orden de la lista no importa), con
 * tipo, circunstancia, justificada y justificación iguales después de normalizar. Una entrada de
 * más, de menos o con otro dato es un cambio de otra persona.
 */
export function mismasEntradas(
  anterior: readonly EntradaDeAlumno[],
  actuales: readonly EntradaDeAlumno[],
): boolean {
  if (anterior.length !== actuales.length) return false;
  const porOrden = new Map(actuales.map((e) => [e.orden, normal(e)]));
  if (porOrden.size !== actuales.length) return false;
  if (new Set(anterior.map((e) => e.orden)).size !== anterior.length) return false;
  return anterior.every((a) => {
    const b = porOrden.get(a.orden);
    if (!b) return false;
    const n = normal(a);
    return (
      n.tipo === b.tipo &&
      n.circunstancia === b.circunstancia &&
      n.justificada === b.justificada &&
      n.justificacion === b.justificacion
    );
  });
}

/** Un alumno en conflicto: lo que hay guardado ahora (lo que guardó la otra persona). */
export interface ConflictoDeAlumno {
  alumno: number;
  apellido: string;
  nombre: string;
  /** Las entradas guardadas ahora de ese día y turno, por orden. */
  actuales: EntradaDeAlumno[];
}

/**
 * Los datos del error CONFLICT de `asistencias.guardarPlanilla` (en tRPC `error.data.detalle`,
 * en REST el campo `detalle` del cuerpo del 409).
 */
export interface DetalleConflictoPlanilla {
  tipo: 'conflicto-asistencias';
  curso: number;
  fecha: string;
  turno: string;
  alumnos: ConflictoDeAlumno[];
}

/** ¿Es el detalle de un conflicto de la planilla? (para leerlo de un error sin suponer). */
export function esConflictoPlanilla(d: unknown): d is DetalleConflictoPlanilla {
  return (
    typeof d === 'object' &&
    d !== null &&
    (d as { tipo?: unknown }).tipo === 'conflicto-asistencias' &&
    Array.isArray((d as { alumnos?: unknown }).alumnos)
  );
}

/** 'A', 'A y B', 'A; B y C' (los nombres ya llevan coma: 'Pérez, Juan'). */
function enumerar(nombres: readonly string[]): string {
  if (nombres.length <= 1) return nombres.join('');
  return `${nombres.slice(0, -1).join('; ')} y ${nombres[nombres.length - 1]}`;
}

/** Cuántos alumnos se nombran en el mensaje; el resto se cuenta ("y 3 más"). */
const NOMBRADOS = 5;

/** El mensaje del conflicto, con los alumnos ('Apellido, Nombre'; los primeros cinco). */
export function mensajeConflictoPlanilla(
  alumnos: readonly { apellido: string; nombre: string }[],
): string {
  const nombres = alumnos.slice(0, NOMBRADOS).map(nombreCompleto);
  const resto = alumnos.length - nombres.length;
  const quienes = resto > 0 ? `${nombres.join('; ')} y ${resto} más` : enumerar(nombres);
  return `Otra persona cambió la asistencia de ${quienes} mientras tanto. Nada se guardó: revise y elija qué queda.`;
}

/** El mensaje cuando el cambio de la cola lo hizo otro usuario en el mismo teléfono. */
export const ENVIO_DE_OTRA_PERSONA =
  'Este cambio lo hizo otra persona en este teléfono: sólo esa persona puede enviarlo.';
