import type { ReactNode } from 'react';

/**
 * Un ícono de Tabler en SVG (los mismos trazos), sin @tabler/icons-react: lo usan el diálogo
 * compartido y las pantallas del teléfono, que no cargan la biblioteca.
 */
export function IconoSvg({ children, tamanio = 24 }: { children: ReactNode; tamanio?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={tamanio}
      height={tamanio}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** La X de Tabler (IconX). */
export const IconoCerrar = ({ tamanio }: { tamanio?: number }) => (
  <IconoSvg tamanio={tamanio}>
    <path d="M18 6l-12 12" />
    <path d="M6 6l12 12" />
  </IconoSvg>
);
