/**
 * Las reglas de SelectBuscable sin React (issue 12), para probarlas en una tabla: qué opciones
 * quedan con lo escrito y qué hace cada tecla en el campo (el patrón "combobox" de ARIA).
 */
import { sinAcentos } from '@/domain/texto';

export interface OpcionBuscable {
  value: string;
  label: string;
}

/**
 * Las opciones cuya etiqueta contiene lo escrito, sin distinguir mayúsculas ni tildes ("mate 4"
 * encuentra "Matemática 4° 1°"). Sin texto, todas.
 */
export function filtrarOpciones<T extends OpcionBuscable>(
  opciones: readonly T[],
  texto: string,
): T[] {
  const buscado = sinAcentos(texto.trim());
  if (!buscado) return [...opciones];
  return opciones.filter((o) => sinAcentos(o.label).includes(buscado));
}

/** La lista del campo: si está abierta y qué opción está activa (-1: ninguna). */
export interface EstadoLista {
  abierta: boolean;
  activa: number;
}

export interface Tecla {
  tecla: string;
  alt?: boolean;
}

/**
 * Lo que hace una tecla en el campo, con `total` opciones a la vista:
 * - Flecha abajo / arriba: abre la lista (con la opción activa, o la primera / la última) o, ya
 *   abierta, pasa a la opción siguiente / anterior, dando la vuelta. Alt + flecha abajo abre sin
 *   mover; Alt + flecha arriba cierra.
 * - Enter con una opción activa la elige (`elegir`); sin opción activa no hace nada (un
 *   formulario se envía, como con cualquier campo de texto).
 * - Escape cierra la lista abierta; Tab la cierra y sigue al próximo campo.
 * `manejada`: la tecla es del campo (el navegador no hace lo suyo ni la recibe un diálogo).
 */
export function alPresionar(
  estado: EstadoLista,
  { tecla, alt = false }: Tecla,
  total: number,
): EstadoLista & { elegir?: number; manejada: boolean } {
  const { abierta, activa } = estado;
  const valida = activa >= 0 && activa < total;
  switch (tecla) {
    case 'ArrowDown':
      if (!abierta || alt)
        return { abierta: true, activa: valida || alt ? activa : total ? 0 : -1, manejada: true };
      return { abierta, activa: total ? (valida ? (activa + 1) % total : 0) : -1, manejada: true };
    case 'ArrowUp':
      if (alt) return { abierta: false, activa, manejada: abierta };
      if (!abierta) return { abierta: true, activa: valida ? activa : total - 1, manejada: true };
      return {
        abierta,
        activa: total ? (valida && activa > 0 ? activa - 1 : total - 1) : -1,
        manejada: true,
      };
    case 'Enter':
      if (abierta && valida) return { abierta: false, activa, elegir: activa, manejada: true };
      return { abierta, activa, manejada: false };
    case 'Escape':
      return { abierta: false, activa, manejada: abierta };
    case 'Tab':
      return { abierta: false, activa, manejada: false };
    default:
      return { abierta, activa, manejada: false };
  }
}
