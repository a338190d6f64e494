'use client';
import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { MENSAJE_GUARDAR_HOJA, esHoja } from './reglas';

/** Donde se sirve el service worker (src/app/serwist/[path]/route.ts). */
export const URL_DEL_TRABAJADOR = '/serwist/sw.js';

/**
 * Registra el service worker (src/app/sw.ts) después de la carga de la página, sólo en la build
 * de producción (`activo`, del layout raíz: en `next dev` no se registra). No dibuja nada.
 *
 * También le pide guardar la planilla de asistencia cuando se abrió sin pasar por él: la primera
 * vez (el worker recién instalado todavía no controlaba la página) y al llegar por la navegación
 * del cliente (un pedido RSC, que no se guarda).
 */
export function RegistroDelTrabajador({ activo }: { activo: boolean }) {
  const camino = usePathname();
  const primera = useRef(true);

  useEffect(() => {
    if (!activo || !('serviceWorker' in navigator)) return;
    const sinControl = !navigator.serviceWorker.controller;
    const registrar = () => {
      navigator.serviceWorker
        .register(URL_DEL_TRABAJADOR, { scope: '/', updateViaCache: 'none' })
        .then(() => navigator.serviceWorker.ready)
        .then((registro) => {
          if (sinControl && esHoja(window.location.pathname)) pedirGuardar(registro.active);
        })
        .catch(() => {
          // Sin worker el portal funciona igual (sólo no hay copia sin conexión).
        });
    };
    if (document.readyState === 'complete') registrar();
    else window.addEventListener('load', registrar, { once: true });
    return () => window.removeEventListener('load', registrar);
  }, [activo]);

  useEffect(() => {
    if (primera.current) {
      primera.current = false;
      return;
    }
    if (!activo || !('serviceWorker' in navigator) || !esHoja(camino)) return;
    pedirGuardar(navigator.serviceWorker.controller);
  }, [activo, camino]);

  return null;
}

function pedirGuardar(trabajador: ServiceWorker | null) {
  trabajador?.postMessage({ tipo: MENSAJE_GUARDAR_HOJA, url: window.location.href });
}
