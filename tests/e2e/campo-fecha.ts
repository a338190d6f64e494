/**
 * El campo de fecha nativo (`<input type="date">`, src/components/fechas.tsx): su valor es
 * 'AAAA-MM-DD' y a la vista está en el formato del navegador (DD/MM/AAAA en es-AR).
 */
import { expect, type Locator } from './prueba';

/** Pone una fecha de una vez (como al elegirla en el calendario del navegador) y sale del campo. */
export async function ponerFecha(campo: Locator, fecha: string) {
  await campo.fill(fecha);
  await campo.blur();
}

/**
 * Escribe una fecha con el teclado, segmento por segmento, sin confirmarla (la confirman Enter o
 * salir del campo). El orden de los segmentos es el del idioma del navegador (DD/MM/AAAA en
 * es-AR, MM/DD/AAAA en un Chromium en inglés): una flecha abajo en el primero dice si es el día
 * (el día nunca queda fijo: la ventana de fechas tiene más de un día).
 * Chromium no deja cambiar un segmento que los límites fijan (el mes, si la mínima y la máxima
 * son del mismo mes) pero acepta que se escriba su único valor.
 */
export async function teclearFecha(campo: Locator, fecha: string) {
  // Con el campo ya enfocado, focus() deja el segmento en que estaba: se sale y se vuelve a entrar
  // para empezar por el primero.
  await campo.blur();
  await campo.focus();
  const antes = await campo.inputValue();
  await campo.press('ArrowDown');
  const despues = await campo.inputValue();
  if (despues !== antes) await campo.press('ArrowUp');
  // Si no cambió nada, el primero es un segmento que los límites fijan: el mes o el año.
  const primeroEsDia = despues.slice(8) !== antes.slice(8);
  const [anio, mes, dia] = fecha.split('-') as [string, string, string];
  await campo.pressSequentially(primeroEsDia ? `${dia}${mes}${anio}` : `${mes}${dia}${anio}`);
  await expect(campo).toHaveValue(fecha);
}
