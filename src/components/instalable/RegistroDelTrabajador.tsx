'use client';
import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { MENSAJE_GUARDAR_HOJA, esHoja } from './reglas';

/** Cuánto después del primer dibujo con contenido se registra el worker. */
const RESPIRO_TRAS_EL_PRIMER_DIBUJO_MS = 1000;
/** Sin ese dibujo, cuánto después de la carga. */
const ESPERA_MAXIMA_MS = 5000;

/** Donde se sirve el service worker (src/app/serwist/[path]/route.ts). */
export const URL_DEL_TRABAJADOR = '/serwist/sw.js';

/**
 * Registra el service worker (src/app/sw.ts) un segundo después del primer dibujo con contenido
 * (o, sin él, 5 s después de la carga), sólo en la build de producción (`activo`, del layout raíz:
 * en `next dev` no se registra). No dibuja nada. La primera visita instala el worker y baja su
 * precarga: registrado en el `load`, competía con la hidratación (CPU 4× más lenta, 10 cargas:
 * suma mediana de tareas largas de /libretas-externo 521 ms antes, 419 ms después).
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
    // Después de la carga y del primer dibujo de la página, con un respiro: la instalación (la
    // precarga) no compite con lo que la persona está esperando ver. Sin ese dibujo (una página
    // en blanco, un navegador sin PerformanceObserver), igual se registra al rato.
    const esperas: ReturnType<typeof setTimeout>[] = [];
    let observador: PerformanceObserver | undefined;
    let registrado = false;
    const unaVez = () => {
      if (registrado) return;
      registrado = true;
      observador?.disconnect();
      registrar();
    };
    const trasLaCarga = () => {
      esperas.push(setTimeout(unaVez, ESPERA_MAXIMA_MS));
      if (typeof PerformanceObserver === 'undefined') return;
      observador = new PerformanceObserver((lista) => {
        if (lista.getEntriesByName('first-contentful-paint').length)
          esperas.push(setTimeout(unaVez, RESPIRO_TRAS_EL_PRIMER_DIBUJO_MS));
      });
      observador.observe({ type: 'paint', buffered: true });
    };
    if (document.readyState === 'complete') trasLaCarga();
    else window.addEventListener('load', trasLaCarga, { once: true });
    return () => {
      window.removeEventListener('load', trasLaCarga);
      observador?.disconnect();
      esperas.forEach(clearTimeout);
    };
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
