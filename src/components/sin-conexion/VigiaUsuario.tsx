'use client';
import { useEffect } from 'react';

/**
 * En cada pantalla con sesión (el marco): si el último usuario que ingresó en este teléfono es
 * otro, borra sus copias de planillas y las cachés (issue 36 §1: nunca se muestra lo de otra
 * persona). La base se abre después de la carga, con un import dinámico: no suma JS de primera
 * carga. No dibuja nada.
 */
export function VigiaUsuario({ usuario }: { usuario: number }) {
  useEffect(() => {
    import('./almacen')
      .then((a) => a.alIngresar(usuario))
      .catch(() => {
        // Sin IndexedDB (algunas ventanas privadas): no hay nada guardado que borrar.
      });
  }, [usuario]);
  return null;
}
