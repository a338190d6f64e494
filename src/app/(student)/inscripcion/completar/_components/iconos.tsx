/** Íconos de Tabler en SVG (los mismos trazos), sin la biblioteca en el código del teléfono. */
import { IconoSvg as Icono } from '@/components/iconos/IconoSvg';

export { IconoCerrar } from '@/components/iconos/IconoSvg';

export const IconoAlerta = () => (
  <Icono>
    <path d="M3 12a9 9 0 1 0 18 0a9 9 0 0 0 -18 0" />
    <path d="M12 8v4" />
    <path d="M12 16h.01" />
  </Icono>
);

export const IconoListo = () => (
  <Icono>
    <path d="M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0" />
    <path d="M9 12l2 2l4 -4" />
  </Icono>
);

export const IconoBuscar = () => (
  <Icono>
    <path d="M3 10a7 7 0 1 0 14 0a7 7 0 1 0 -14 0" />
    <path d="M21 21l-6 -6" />
  </Icono>
);

export const IconoClip = () => (
  <Icono>
    <path d="M15 7l-6.5 6.5a1.5 1.5 0 0 0 3 3l6.5 -6.5a3 3 0 0 0 -6 -6l-6.5 6.5a4.5 4.5 0 0 0 9 9l6.5 -6.5" />
  </Icono>
);

export const IconoAbajo = () => (
  <Icono>
    <path d="M6 9l6 6l6 -6" />
  </Icono>
);
