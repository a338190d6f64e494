'use client';

/** Vuelve a cargar la página que se quería abrir (el worker muestra ésta bajo su dirección). */
export function Reintentar({ className }: { className: string }) {
  return (
    <button type="button" className={className} onClick={() => window.location.reload()}>
      Reintentar
    </button>
  );
}
