'use client';
import dynamic from 'next/dynamic';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import css from './campana.module.css';
import { EVENTO_NO_LEIDOS, etiquetaCampana } from './comun';

/** La lista de la campana: se baja al abrirla (no pesa en la primera carga). */
const Panel = dynamic(() => import('./PanelAvisos'), { ssr: false });

/** Cada cuánto se vuelve a contar (y al volver a la ventana). */
const CADA = 60_000;

/**
 * La campana de la barra (issue 35 §2): el botón con los avisos sin leer (el número lo trae el
 * servidor con la página; después se vuelve a pedir cada minuto, al volver a la ventana y cuando
 * la lista avisa un cambio) y, al tocarla, el panel con los últimos avisos. `children`: el ícono,
 * dibujado en el servidor.
 */
export function Campana({ inicial, children }: { inicial: number; children: ReactNode }) {
  const [n, setN] = useState(inicial);
  const [abierto, setAbierto] = useState(false);
  const boton = useRef<HTMLButtonElement>(null);
  const cerrar = useCallback((volver: boolean) => {
    setAbierto(false);
    if (volver) boton.current?.focus();
  }, []);
  useEffect(() => {
    const contar = () =>
      fetch('/api/trpc/avisos.noLeidos')
        .then((r) => (r.ok ? r.json() : null))
        .then((j) => {
          const v = j?.result?.data?.json;
          if (typeof v === 'number') setN(v);
        })
        .catch(() => {});
    const alCambiar = (e: Event) => setN((e as CustomEvent<number>).detail);
    const t = setInterval(contar, CADA);
    addEventListener('focus', contar);
    addEventListener(EVENTO_NO_LEIDOS, alCambiar);
    return () => {
      clearInterval(t);
      removeEventListener('focus', contar);
      removeEventListener(EVENTO_NO_LEIDOS, alCambiar);
    };
  }, []);
  return (
    <>
      <button
        ref={boton}
        type="button"
        className={css.campana}
        aria-label={etiquetaCampana(n)}
        title={etiquetaCampana(n)}
        aria-expanded={abierto}
        aria-haspopup="dialog"
        onClick={() => setAbierto(!abierto)}
        data-testid="campana"
      >
        {children}
        {n > 0 && (
          <span className={css.insignia} aria-hidden data-testid="campana-cuenta">
            {n > 99 ? '99+' : n}
          </span>
        )}
      </button>
      {abierto && <Panel alCerrar={cerrar} boton={boton} />}
    </>
  );
}
