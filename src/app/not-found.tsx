import css from './error.module.css';

export const metadata = { title: 'No existe esa página' };

/**
 * Una página que no existe (en castellano, en lugar del 404 en inglés de Next). Las rutas
 * desconocidas vuelven al inicio ([...resto]); ésta queda para un `notFound()` y, chica, es la que
 * Next agrega a los datos de cada página como límite del layout raíz.
 */
export default function NoEncontrada() {
  return (
    <main className={css.centro}>
      <div className={css.pila}>
        <h1>No existe esa página</h1>
        {/* Un <a> y no next/link: este límite va en todas las páginas y Link sumaba 3 kB a la
            primera carga de las del teléfono (/inscripcion/completar pasaba los 170 kB). */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a href="/">Volver al inicio</a>
      </div>
    </main>
  );
}
