import type { CSSProperties, ReactNode } from 'react';
import css from './desplazar-tabla.module.css';

/**
 * Una tabla ancha que se desplaza a lo ancho (y a lo alto con `maxHeight`) dentro de su caja,
 * con el desplazamiento nativo del navegador: lo que hacía `Table.ScrollContainer` de Mantine
 * sin su ScrollArea, que arrastra @floating-ui (≈ 20 kB gzip) a la primera carga.
 */
export function DesplazarTabla({
  minWidth,
  maxHeight,
  children,
}: {
  /** Ancho mínimo de la tabla en px: más angosta que eso, se desplaza. */
  minWidth: number;
  maxHeight?: number;
  children: ReactNode;
}) {
  const estilo = { '--ancho-minimo': `${minWidth}px`, maxHeight } as CSSProperties;
  return (
    <div className={css.caja} style={estilo}>
      {children}
    </div>
  );
}
