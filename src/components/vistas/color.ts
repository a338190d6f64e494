/**
 * Un color del tema como lo escribe el dominio ('red', 'teal.8', 'green.9') en CSS, con las
 * variables de Mantine: el tono pedido ('red.8' → var(--mantine-color-red-8)) o, sin tono, la
 * variante del color para texto (`-text`) o para fondo relleno (`-filled`), como `c` y `color`.
 */
function variable(color: string | null | undefined, sinTono: 'text' | 'filled') {
  if (!color) return undefined;
  const [nombre, tono, ...resto] = color.split('.');
  if (!nombre || !/^[a-z]+$/.test(nombre) || resto.length) return undefined;
  if (tono === undefined) return `var(--mantine-color-${nombre}-${sinTono})`;
  return /^\d$/.test(tono) ? `var(--mantine-color-${nombre}-${tono})` : undefined;
}

export const colorDeTexto = (color: string | null | undefined) => variable(color, 'text');
export const colorDeFondo = (color: string | null | undefined) => variable(color, 'filled');
