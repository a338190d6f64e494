import css from './cargando.module.css';

/**
 * Esqueleto mientras se carga una vista de lista (loading.tsx de las pantallas). HTML y CSS (el
 * aspecto del `Skeleton` de Mantine): no suma código a la primera carga del teléfono.
 */
export function Cargando({ filas = 5 }: { filas?: number }) {
  return (
    <div className={css.cargando} aria-busy="true" role="status" aria-label="Cargando">
      <div className={css.hueso} style={{ height: 32, width: 220 }} />
      <div className={css.hueso} style={{ height: 28, width: 160 }} />
      {Array.from({ length: filas }, (_, i) => (
        <div key={i} className={css.hueso} style={{ height: 64 }} />
      ))}
    </div>
  );
}
