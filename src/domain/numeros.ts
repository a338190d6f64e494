/**
 * Números escritos por una persona (issue 32 §1): la única lectura de los campos con decimales
 * (cantidad de una medida, reincorporaciones, notas de un acta, peso y altura de la ficha médica).
 * Es pura: recibe el texto tal como quedó en el campo, lo haya tecleado tecla por tecla o lo haya
 * insertado de una vez el teclado de un teléfono.
 *
 * Decisión: la coma y el punto son, los dos, el separador decimal ("1,5" y "1.5" son uno y
 * medio). Como no hay separador de miles, un texto con dos separadores ("1.234,5", "1..5",
 * "1,5,") es ambiguo y se rechaza con un mensaje: nunca se descarta un separador en silencio.
 * Vacío (o sólo espacios) no es un error: es `null` y cada campo decide (valor por defecto u
 * obligatorio). Los espacios de los costados se ignoran; los de adentro, no ("1 5" es un error).
 */

export type LecturaNumero = { ok: true; valor: number | null } | { ok: false; mensaje: string };

export const MENSAJE_NO_ES_NUMERO = 'Escriba un número, por ejemplo 1,5.';
export const MENSAJE_SEPARADORES =
  'Escriba un solo separador decimal (1,5 o 1.5), sin separador de miles.';

/** Cifras con, a lo sumo, un separador (coma o punto) y un signo menos adelante. */
const NUMERO = /^-?(\d+[.,]?\d*|[.,]\d+)$/;

export function leerDecimal(texto: string | number | null | undefined): LecturaNumero {
  if (typeof texto === 'number')
    return Number.isFinite(texto) ? { ok: true, valor: texto + 0 } : noEsNumero();
  const t = (texto ?? '').trim();
  if (t === '') return { ok: true, valor: null };
  if (!NUMERO.test(t)) {
    const separadores = (t.match(/[.,]/g) ?? []).length;
    const soloCifras = /^-?[\d.,]+$/.test(t);
    return {
      ok: false,
      mensaje: soloCifras && separadores > 1 ? MENSAJE_SEPARADORES : MENSAJE_NO_ES_NUMERO,
    };
  }
  return { ok: true, valor: Number(t.replace(',', '.')) + 0 };
}

function noEsNumero(): LecturaNumero {
  return { ok: false, mensaje: MENSAJE_NO_ES_NUMERO };
}

/** Un número como se muestra en un campo: con coma decimal y sin separador de miles ("1,5"). */
export function textoDeCampo(n: number): string {
  return String(n + 0).replace('.', ',');
}

export const MENSAJE_ENTERO = 'Escriba un número entero, sin coma ni punto.';
export const MENSAJE_ENTERO_CON_MILES =
  'Escriba un número entero, sin decimales (el punto separa los miles: 1.500).';

/** Cifras sueltas, o agrupadas de a tres con puntos ("135.000"). */
const ENTERO = /^\d+$/;
const ENTERO_CON_MILES = /^\d{1,3}(\.\d{3})+$/;

/**
 * Un número entero escrito por una persona: horas, cupos, cuotas, un monto en pesos. Nunca
 * descarta un separador en silencio: "1.5" o "1,5" en un campo de horas es un error que lo dice
 * (un `NumberInput` sin decimales lo leía como 15). Con `miles` (montos en pesos), el punto
 * separa los miles como se escribe en la Argentina ("135.000"), siempre de a tres cifras; la coma
 * sigue siendo un error. Vacío es `null`, como en `leerDecimal`.
 */
export function leerEntero(
  texto: string | number | null | undefined,
  { miles = false }: { miles?: boolean } = {},
): LecturaNumero {
  const mensaje = miles ? MENSAJE_ENTERO_CON_MILES : MENSAJE_ENTERO;
  if (typeof texto === 'number')
    return Number.isSafeInteger(texto) ? { ok: true, valor: texto + 0 } : { ok: false, mensaje };
  const t = (texto ?? '').trim();
  if (t === '') return { ok: true, valor: null };
  if (ENTERO.test(t) || (miles && ENTERO_CON_MILES.test(t))) {
    const valor = Number(t.replaceAll('.', ''));
    if (Number.isSafeInteger(valor)) return { ok: true, valor };
  }
  return { ok: false, mensaje };
}

/** Un entero como se muestra en su campo: con puntos de miles si `miles` ("135.000"). */
export function textoDeEntero(n: number, { miles = false }: { miles?: boolean } = {}): string {
  return miles ? String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.') : String(n);
}
