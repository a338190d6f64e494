'use client';
import { useLinkStatus } from 'next/link';
import ruedita from './ruedita.module.css';

/**
 * Dentro de un `<Link>`: una ruedita mientras se carga la página que abre. Las páginas del
 * teléfono no tienen `loading.tsx` (con él, React revela el contenido transmitido unos 300 ms
 * después del esqueleto y el LCP pasa de 2,5 s; README "Rendimiento"): al navegar, la página
 * actual queda hasta que llega la nueva, y esto muestra que el toque se registró.
 */
export function Pendiente() {
  const { pending } = useLinkStatus();
  return pending ? (
    <span className={`${ruedita.ruedita} ${ruedita.alFinal}`} role="status" aria-label="Cargando" />
  ) : null;
}
