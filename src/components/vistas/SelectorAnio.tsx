import Link from 'next/link';
import type { AnioElegible } from './tipos';
import css from './vistas.module.css';

/**
 * El selector de año (spec 01 §2): un botón por año de cursado. Cada botón es un enlace a la
 * misma ruta con `?anio=` (un enlace relativo: sólo cambia la consulta), conservando los demás
 * parámetros (`parametros`). Sin estado ni hooks: sirve en componentes de servidor y de cliente.
 */
export function SelectorAnio({
  anios,
  actual,
  parametros = {},
}: {
  anios: AnioElegible[];
  actual: number;
  parametros?: Record<string, string>;
}) {
  if (anios.length === 0) return null;
  return (
    <div className={css.anios} role="group" aria-label="Año">
      {anios.map(({ anio, curso }) => {
        const elegido = anio === actual;
        const q = new URLSearchParams({ ...parametros, anio: String(anio) });
        return (
          <Link
            key={anio}
            href={`?${q.toString()}`}
            replace
            scroll={false}
            prefetch={false}
            className={css.anio}
            aria-current={elegido ? 'true' : undefined}
          >
            {curso ? `${anio} · ${curso}` : String(anio)}
          </Link>
        );
      })}
    </div>
  );
}
