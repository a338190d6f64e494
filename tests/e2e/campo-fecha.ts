/**
 * Los campos de fecha y de hora (src/components/campos/fechas.tsx): se muestran y se escriben como
 * dd/mm/aaaa y hh:mm (24 h) en cualquier idioma del navegador; su valor es 'AAAA-MM-DD' y 'HH:MM'.
 * Al lado de cada fecha, el botón del calendario abre el `<input type="date">` nativo, oculto
 * (`calendarioDe`), que guarda los límites (min y max).
 */
import { fechaLegible } from '@/domain/texto';
import { expect, type Locator } from './prueba';

/** 'AAAA-MM-DD' → 'dd/mm/aaaa', como lo muestra el campo. */
export const textoFecha = (fecha: string) => fechaLegible(fecha);

/** El `<input type="date">` oculto del calendario de un campo de fecha. */
export const calendarioDe = (campo: Locator) =>
  campo.locator('xpath=..').locator('input[data-calendario]');

/** Escribe una fecha ('AAAA-MM-DD') de una vez, como dd/mm/aaaa, y sale del campo. */
export async function ponerFecha(campo: Locator, fecha: string) {
  await campo.fill(textoFecha(fecha));
  await campo.blur();
}

/**
 * Escribe una fecha ('AAAA-MM-DD') con el teclado, tecla por tecla, como dd/mm/aaaa, sin
 * confirmarla (la confirman Enter o salir del campo).
 */
export async function teclearFecha(campo: Locator, fecha: string) {
  await campo.focus();
  await campo.press('ControlOrMeta+a');
  await campo.pressSequentially(textoFecha(fecha));
  await expect(campo).toHaveValue(textoFecha(fecha));
}

/**
 * Elige una fecha ('AAAA-MM-DD') en el selector nativo del campo: como el del navegador, cambia
 * el valor del `<input type="date">` oculto sin pasar por el setter que vigila React y avisa con
 * `input` y `change` (el `fill` de Playwright pasa por ese setter y React no vería el cambio).
 */
export async function elegirEnCalendario(campo: Locator, fecha: string) {
  await calendarioDe(campo).evaluate((e: HTMLInputElement, dia) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(e, dia);
    e.dispatchEvent(new Event('input', { bubbles: true }));
    e.dispatchEvent(new Event('change', { bubbles: true }));
  }, fecha);
}
