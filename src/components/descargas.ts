'use client';

/** Descarga un texto como archivo (los CSV que devuelve el servidor). */
export function descargarTexto(nombre: string, contenido: string, tipo = 'text/csv'): void {
  const url = URL.createObjectURL(new Blob([contenido], { type: `${tipo};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = nombre;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
