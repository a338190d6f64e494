/**
 * Medidas disciplinarias: tipos, cantidad (pasos de 0,5 entre 0 y 15), total y colores,
 * ventanas de fechas, confirmaciones, mensajes de error y selección de la lista
 * (spec 01 §2 Disciplinary measures, §3 Measure, §4, §5, §8, §9).
 * Todo es puro: las fechas son 'YYYY-MM-DD' y "hoy" se recibe como parámetro.
 */
import {
  DIAS_ATRAS_MODO_COMPLETO,
  fechaEnVentana,
  sumarDias,
  type ModoFechas,
} from './asistencias';
import { opcionesRequerido, reglaTexto } from './campos';
import { leerDecimal, type LecturaNumero } from './numeros';
import { fechaLegible, numero } from './texto';

// ---------------------------------------------------------------------------
// Tipos (spec 01 §3, §5)

/** El motivo de una medida: obligatorio, hasta 1000 caracteres (el esquema `motivo` y el formulario). */
export const CAMPO_MOTIVO = opcionesRequerido('Motivo', 1000);
export const reglaMotivo = reglaTexto(CAMPO_MOTIVO);

/** Los tipos que se pueden crear y editar (spec 01 §5). */
export const TIPOS_MEDIDA = ['amonestacion', 'apercibimiento'] as const;
export type TipoMedidaEditable = (typeof TIPOS_MEDIDA)[number];
/** 'colectiva' sólo aparece al leer (spec 01 §3). */
export const TIPOS_MEDIDA_LECTURA = [...TIPOS_MEDIDA, 'colectiva'] as const;
export type TipoMedida = (typeof TIPOS_MEDIDA_LECTURA)[number];

export const ETIQUETA_TIPO_MEDIDA: Readonly<Record<TipoMedida, string>> = {
  amonestacion: 'Amonestación',
  apercibimiento: 'Apercibimiento',
  colectiva: 'Colectiva',
};

export function esTipoMedidaEditable(valor: unknown): valor is TipoMedidaEditable {
  return typeof valor === 'string' && (TIPOS_MEDIDA as readonly string[]).includes(valor);
}

export function esTipoMedida(valor: unknown): valor is TipoMedida {
  return typeof valor === 'string' && (TIPOS_MEDIDA_LECTURA as readonly string[]).includes(valor);
}

// ---------------------------------------------------------------------------
// Cantidad (spec 01 §5, §9)

export const CANTIDAD_MINIMA = 0;
export const CANTIDAD_MAXIMA = 15;
export const PASO_CANTIDAD = 0.5;
/** Valor inicial del campo cantidad. */
export const CANTIDAD_POR_DEFECTO = '0';

/**
 * Normaliza la cantidad de una amonestación: redondea al 0,5 más cercano (las mitades hacia
 * arriba: 0,25 → 0,5, 0,75 → 1) y acota entre 0 y 15. Acepta texto con coma o punto decimal;
 * vacío o no numérico es 0, el valor por defecto.
 */
export function normalizarCantidad(valor: string | number | null | undefined): number {
  const lectura = typeof valor === 'number' ? null : leerDecimal(valor);
  const n = lectura ? (lectura.ok ? (lectura.valor ?? 0) : NaN) : (valor as number);
  if (Number.isNaN(n)) return 0;
  const redondeada = Math.round(n / PASO_CANTIDAD) * PASO_CANTIDAD;
  return Math.min(CANTIDAD_MAXIMA, Math.max(CANTIDAD_MINIMA, redondeada)) + 0;
}

/** Lo que dice el formulario junto a la cantidad cuando una amonestación con 0 no se pasa. */
export const MENSAJE_CANTIDAD_CERO = 'La cantidad debe ser mayor que 0.';

/**
 * La cantidad escrita en el formulario (issue 32 §1): "1,5" y "1.5" son uno y medio; vacío es
 * el '0' por defecto; lo que no es un número es un error con su mensaje (nunca un 0 o un 15
 * silencioso). El número se redondea y se acota como `normalizarCantidad`.
 */
export function leerCantidad(texto: string): LecturaNumero {
  const l = leerDecimal(texto);
  return l.ok ? { ok: true, valor: normalizarCantidad(l.valor ?? 0) } : l;
}

/** ¿Está la cantidad en la grilla (0 a 15, en pasos de 0,5)? Para validar en el servidor. */
export function cantidadEnGrilla(cantidad: unknown): cantidad is number {
  return (
    typeof cantidad === 'number' &&
    Number.isFinite(cantidad) &&
    cantidad >= CANTIDAD_MINIMA &&
    cantidad <= CANTIDAD_MAXIMA &&
    Number.isInteger(cantidad / PASO_CANTIDAD)
  );
}

/** Enviar una amonestación con cantidad 0 no hace nada (spec 01 §5); un apercibimiento siempre se envía. */
export function debeEnviarse(
  tipo: TipoMedidaEditable,
  cantidad: string | number | null | undefined,
): boolean {
  if (tipo === 'apercibimiento') return true;
  return normalizarCantidad(cantidad) > 0;
}

// ---------------------------------------------------------------------------
// Total y colores (spec 01 §9)

/** Desde 15 el total se muestra en rojo. */
export const UMBRAL_ROJO_MEDIDAS = 15;
/** Desde 10 el total se muestra en amarillo. */
export const UMBRAL_AMARILLO_MEDIDAS = 10;

/** ¿Cuenta para el total? Los apercibimientos no (spec 01 §9). */
export function cuentaEnTotal(tipo: string): boolean {
  return tipo !== 'apercibimiento';
}

/** Total de medidas: suma de cantidades, sin apercibimientos; cantidad ausente cuenta 0. */
export function totalMedidas(
  medidas: readonly { tipo: string; cantidad?: number | null }[],
): number {
  return medidas.reduce((t, m) => t + (cuentaEnTotal(m.tipo) ? (m.cantidad ?? 0) : 0), 0);
}

/** Rojo con 15 o más, amarillo con 10 o más, si no sin color. */
export function colorMedidas(total: number): 'red' | 'yellow' | null {
  if (total >= UMBRAL_ROJO_MEDIDAS) return 'red';
  if (total >= UMBRAL_AMARILLO_MEDIDAS) return 'yellow';
  return null;
}

// ---------------------------------------------------------------------------
// Fechas (spec 01 §5)

/** /medidas-protected: la fecha mínima es 5 días antes de hoy. */
export const DIAS_ATRAS_MEDIDA_PROTEGIDO = 5;

/** Fecha mínima de una medida: 5 días atrás en modo protegido; la constante compartida en el completo. */
export function fechaMinimaMedida(hoy: string, modo: ModoFechas): string {
  return sumarDias(
    hoy,
    -(modo === 'protegido' ? DIAS_ATRAS_MEDIDA_PROTEGIDO : DIAS_ATRAS_MODO_COMPLETO),
  );
}

/** La fecha de una medida va de la mínima del modo a hoy, ambos incluidos. */
export function fechaMedidaValida(fecha: unknown, hoy: string, modo: ModoFechas): boolean {
  return fechaEnVentana(fecha, fechaMinimaMedida(hoy, modo), hoy);
}

/** En /medidas-protected no se editan ni se borran las medidas guardadas (spec 01 §2). */
export function puedeModificarMedidaGuardada(modo: ModoFechas): boolean {
  return modo === 'completo';
}

// ---------------------------------------------------------------------------
// Confirmaciones y errores (spec 01 §5, §8)

export const CONFIRMAR_AMONESTACION = '¿Pasar amonestación?';
export const CONFIRMAR_APERCIBIMIENTO = '¿Pasar apercibimiento?';
export const CONFIRMAR_BORRAR_MEDIDA = '¿Borrar medida disciplinaria?';

export const ERROR_GUARDAR_AMONESTACION = 'Error al guardar amonestación';
export const ERROR_CREAR_AMONESTACION = 'Error al crear amonestación';
export const ERROR_GUARDAR_APERCIBIMIENTO = 'Error al guardar apercibimiento';
export const ERROR_CREAR_APERCIBIMIENTO = 'Error al crear apercibimiento';
export const ERROR_BORRAR_MEDIDA = 'Error al borrar medida disciplinaria';

/** La confirmación antes de pasar (crear o guardar) una medida del tipo dado. */
export function textoConfirmacion(tipo: TipoMedidaEditable): string {
  return tipo === 'amonestacion' ? CONFIRMAR_AMONESTACION : CONFIRMAR_APERCIBIMIENTO;
}

/**
 * Lo que dice la confirmación bajo la pregunta de la spec (issue 11 §8: nombra lo que se
 * confirma): el tipo y la cantidad, el alumno y su curso, la fecha y el turno.
 * 'Amonestación de 1,5 a Pérez, Ana (2° 1°), el 12/05/2026, turno Mañana.'
 */
export function detalleConfirmacionMedida(m: {
  operacion: 'pasar' | 'borrar';
  tipo: TipoMedidaEditable;
  cantidad: number;
  alumno: string;
  curso: string | null;
  fecha: string;
  turno: string;
}): string {
  const que =
    m.tipo === 'amonestacion'
      ? `${ETIQUETA_TIPO_MEDIDA.amonestacion} de ${numero(m.cantidad)}`
      : ETIQUETA_TIPO_MEDIDA.apercibimiento;
  const quien = m.curso ? `${m.alumno} (${m.curso})` : m.alumno;
  const cuando = `${m.operacion === 'borrar' ? 'del' : 'el'} ${fechaLegible(m.fecha)}, turno ${m.turno}`;
  // Los apercibimientos no cuentan en el total (spec 01 §9): borrarlos no lo cambia.
  const total =
    m.operacion === 'borrar' && cuentaEnTotal(m.tipo) ? ' Deja de contar en el total.' : '';
  return `${que} a ${quien}, ${cuando}.${total}`;
}

export type OperacionMedida = 'crear' | 'guardar';

/** El mensaje de error de crear ('nueva') o guardar ('editar') una medida del tipo dado. */
export function mensajeErrorMedida(tipo: TipoMedidaEditable, operacion: OperacionMedida): string {
  if (tipo === 'amonestacion')
    return operacion === 'crear' ? ERROR_CREAR_AMONESTACION : ERROR_GUARDAR_AMONESTACION;
  return operacion === 'crear' ? ERROR_CREAR_APERCIBIMIENTO : ERROR_GUARDAR_APERCIBIMIENTO;
}

// ---------------------------------------------------------------------------
// Formulario y selección (spec 01 §2, §4)

/** Elegir el ítem ya elegido lo deselecciona; elegir otro lo selecciona. */
export function alternarSeleccion<K>(seleccionado: K | null, elegido: K): K | null {
  return seleccionado === elegido ? null : elegido;
}

/**
 * El formulario crea si no hay nada seleccionado y edita la medida seleccionada; en modo
 * protegido siempre crea, porque las guardadas no se editan.
 */
export function modoFormularioMedida(seleccionado: unknown, modo: ModoFechas): OperacionMedida {
  return seleccionado != null && puedeModificarMedidaGuardada(modo) ? 'guardar' : 'crear';
}
