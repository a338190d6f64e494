'use client';
import Link from 'next/link';
import { BotonSalir } from '@/components/marco/BotonSalir';
import botones from '@/components/ui/botones.module.css';
import css from './error.module.css';

/**
 * Error inesperado al mostrar una pantalla: mensaje en castellano y reintento. HTML y CSS: este
 * límite de error va en la primera carga de todas las páginas, así que no suma código de Mantine.
 */
export default function ErrorPantalla({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <div className={css.centro}>
      <div className={css.pila}>
        <div className={css.aviso} role="alert">
          <strong>Ocurrió un error inesperado</strong>
          No se pudo mostrar esta pantalla. Intente nuevamente; si el problema sigue, avise a la
          escuela
          {error.digest ? ` (código ${error.digest})` : ''}.
        </div>
        <div className={css.fila}>
          <button
            type="button"
            className={`${botones.boton} ${botones.filled} ${botones.sm}`}
            onClick={reset}
          >
            Reintentar
          </button>
          <div className={css.fila}>
            <Link href="/">Volver al inicio</Link>
            <BotonSalir />
          </div>
        </div>
      </div>
    </div>
  );
}
