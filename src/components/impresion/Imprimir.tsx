'use client';
import { IconPrinter } from '@tabler/icons-react';
import botones from '@/components/ui/botones.module.css';

/** "Imprimir": la impresión del navegador. */
export function Imprimir() {
  return (
    <button
      type="button"
      className={`${botones.boton} ${botones.filled} ${botones.sm}`}
      onClick={() => window.print()}
    >
      <IconPrinter size={16} aria-hidden />
      Imprimir
    </button>
  );
}
