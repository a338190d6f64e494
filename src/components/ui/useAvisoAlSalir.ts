'use client';
import { useEffect } from 'react';

/** Mientras `hayCambios`, salir de la página (cerrar, recargar, otra dirección) hace preguntar al navegador. */
export function useAvisoAlSalir(hayCambios: boolean) {
  useEffect(() => {
    if (!hayCambios) return;
    const avisar = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', avisar);
    return () => window.removeEventListener('beforeunload', avisar);
  }, [hayCambios]);
}
