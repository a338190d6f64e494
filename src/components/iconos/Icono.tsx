/**
 * Un ícono del sprite (`/iconos.svg`, src/components/iconos/sprite.tsx): un `<svg>` con un `<use>`, sin
 * los trazos. Sirve en componentes de servidor y de cliente; `sprite` es la ruta con su versión.
 */
export function Icono({
  sprite,
  nombre,
  size = 20,
  stroke = 1.6,
}: {
  sprite: string;
  nombre: string;
  size?: number;
  stroke?: number;
}) {
  return (
    <svg
      width={size}
      height={size}
      strokeWidth={stroke}
      aria-hidden
      focusable="false"
      className="tabler-icon"
      style={{ flexShrink: 0 }}
    >
      <use href={`${sprite}#${nombre}`} />
    </svg>
  );
}
