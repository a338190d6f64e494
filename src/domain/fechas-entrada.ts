/**
 * Fechas y horas escritas por una persona (issue 32 §9): la única lectura de los campos de fecha
 * y de hora de las pantallas (src/components/campos/fechas.tsx). Se muestran y se escriben siempre como
 * dd/mm/aaaa y hh:mm en 24 horas, sea cual sea el idioma del navegador; el valor es
 * 'AAAA-MM-DD' y 'HH:MM'.
 *
 * Fecha: día, mes y año de cuatro cifras separados por "/", "-", "." o espacios (el mismo
 * separador las dos veces: "1/3/2026", "01-03-2026", "1.3.2026", "1 3 2026"), las ocho cifras
 * juntas ("01032026") o 'AAAA-MM-DD' pegado de otro lado. Un año de dos cifras se rechaza con un
 * mensaje (¿1995 o 2095?).
 * Hora: "9" (las 9 en punto), "930", "0930", "9:30", "09.30", "21:05"; de 00:00 a 23:59, sin
 * am/pm. Los minutos van con dos cifras ("9:5" es un error: ¿9:05 o 9:50?).
 *
 * Vacío (o sólo espacios) no es un error: es `null` y cada campo decide (obligatorio u
 * opcional). Es pura: los límites llegan como argumentos.
 */
import { esFechaValida } from './escuela';
import { fechaLegible } from './texto';

export type LecturaEntrada = { ok: true; valor: string | null } | { ok: false; mensaje: string };

export const FORMATO_FECHA = 'dd/mm/aaaa';
export const FORMATO_HORA = 'hh:mm';
export const MENSAJE_FORMATO_FECHA = 'Escriba la fecha como dd/mm/aaaa, por ejemplo 28/11/2026.';
export const MENSAJE_ANIO_CORTO = 'Escriba el año con cuatro cifras: dd/mm/aaaa.';
export const MENSAJE_FORMATO_HORA =
  'Escriba la hora como hh:mm, de 00:00 a 23:59 (por ejemplo 09:30).';

/** "El 31/02/2026 no existe." */
export const mensajeFechaInexistente = (dia: string, mes: string, anio: string) =>
  `El ${dia.padStart(2, '0')}/${mes.padStart(2, '0')}/${anio} no existe en el calendario.`;

/** El mensaje de una fecha fuera de [mínima, máxima] (cualquiera de las dos puede faltar). */
export function mensajeFechaFueraDeRango(minima?: string, maxima?: string): string {
  if (minima && maxima)
    return `Elija una fecha entre el ${fechaLegible(minima)} y el ${fechaLegible(maxima)}.`;
  if (minima) return `Elija una fecha desde el ${fechaLegible(minima)}.`;
  return `Elija una fecha hasta el ${fechaLegible(maxima ?? '')}.`;
}

/** El mensaje de una hora fuera de [mínima, máxima]. */
export function mensajeHoraFueraDeRango(minima?: string, maxima?: string): string {
  if (minima && maxima) return `Elija una hora entre las ${minima} y las ${maxima}.`;
  if (minima) return `Elija una hora desde las ${minima}.`;
  return `Elija una hora hasta las ${maxima ?? ''}.`;
}

const FECHA_SEPARADA = /^(\d{1,2})([/.\- ])(\d{1,2})\2(\d+)$/;
const FECHA_JUNTA = /^(\d{2})(\d{2})(\d{4})$/;
const FECHA_ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Lo escrito en un campo de fecha → 'AAAA-MM-DD' (o null si está vacío), o el mensaje de por qué
 * no se acepta. `minima` y `maxima` ('AAAA-MM-DD', incluidas) son opcionales.
 */
export function leerFecha(
  texto: string | null | undefined,
  limites: { minima?: string; maxima?: string } = {},
): LecturaEntrada {
  const t = (texto ?? '').trim().replace(/\s+/g, ' ');
  if (t === '') return { ok: true, valor: null };
  let partes: [dia: string, mes: string, anio: string] | null = null;
  const iso = FECHA_ISO.exec(t);
  const junta = FECHA_JUNTA.exec(t);
  const separada = FECHA_SEPARADA.exec(t);
  if (iso) partes = [iso[3]!, iso[2]!, iso[1]!];
  else if (junta) partes = [junta[1]!, junta[2]!, junta[3]!];
  else if (separada) {
    const anio = separada[4]!;
    if (anio.length === 2) return { ok: false, mensaje: MENSAJE_ANIO_CORTO };
    if (anio.length !== 4) return { ok: false, mensaje: MENSAJE_FORMATO_FECHA };
    partes = [separada[1]!, separada[3]!, anio];
  }
  if (!partes) return { ok: false, mensaje: MENSAJE_FORMATO_FECHA };
  const [dia, mes, anio] = partes;
  const fecha = `${anio}-${mes.padStart(2, '0')}-${dia.padStart(2, '0')}`;
  if (!esFechaValida(fecha)) return { ok: false, mensaje: mensajeFechaInexistente(dia, mes, anio) };
  const { minima, maxima } = limites;
  if ((minima && fecha < minima) || (maxima && fecha > maxima))
    return { ok: false, mensaje: mensajeFechaFueraDeRango(minima, maxima) };
  return { ok: true, valor: fecha };
}

const HORA_SEPARADA = /^(\d{1,2})[:.](\d{2})$/;
const HORA_JUNTA = /^(\d{1,2}?)(\d{2})$/;
const HORA_SOLA = /^\d{1,2}$/;

/**
 * Lo escrito en un campo de hora → 'HH:MM' (o null si está vacío), o el mensaje de por qué no se
 * acepta. `minima` y `maxima` ('HH:MM', incluidas) son opcionales.
 */
export function leerHora(
  texto: string | null | undefined,
  limites: { minima?: string; maxima?: string } = {},
): LecturaEntrada {
  const t = (texto ?? '').trim();
  if (t === '') return { ok: true, valor: null };
  let horas: string;
  let minutos: string;
  const separada = HORA_SEPARADA.exec(t);
  if (separada) [horas, minutos] = [separada[1]!, separada[2]!];
  else if (HORA_SOLA.test(t)) [horas, minutos] = [t, '00'];
  else {
    const junta = /^\d{3,4}$/.test(t) ? HORA_JUNTA.exec(t) : null;
    if (!junta) return { ok: false, mensaje: MENSAJE_FORMATO_HORA };
    [horas, minutos] = [junta[1]!, junta[2]!];
  }
  if (Number(horas) > 23 || Number(minutos) > 59)
    return { ok: false, mensaje: MENSAJE_FORMATO_HORA };
  const hora = `${horas.padStart(2, '0')}:${minutos}`;
  const { minima, maxima } = limites;
  if ((minima && hora < minima) || (maxima && hora > maxima))
    return { ok: false, mensaje: mensajeHoraFueraDeRango(minima, maxima) };
  return { ok: true, valor: hora };
}

/** 'AAAA-MM-DD' → 'dd/mm/aaaa' para el campo ('' sin fecha). */
export function textoDeFecha(fecha: string | null | undefined): string {
  return fecha ? fechaLegible(fecha) : '';
}
