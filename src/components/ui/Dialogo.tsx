'use client';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import botonIcono from './boton-icono.module.css';
import css from './dialogo.module.css';
import { IconoCerrar } from '@/components/iconos/IconoSvg';

export type AnchoDialogo = 'sm' | 'md' | 'lg' | 'xl';

interface Props {
  abierto: boolean;
  /** Lo piden "Cerrar", Escape, un clic en el fondo o el gesto de volver del teléfono. */
  onCerrar: () => void;
  /** El título: es el nombre accesible del diálogo. */
  titulo: string;
  /** Los anchos del Modal de Mantine: sm 380, md 440, lg 620, xl 780 px (en el teléfono, todo). */
  ancho?: AnchoDialogo;
  /** false: sólo se cierra desde adentro (ni Escape, ni el fondo, ni el botón "Cerrar"). */
  cerrable?: boolean;
  /** El botón "Cerrar" de la cabecera (por defecto, si es cerrable). */
  botonCerrar?: boolean;
  /** El id del texto que describe el diálogo (aria-describedby). */
  idDescripcion?: string;
  children: ReactNode;
}

/**
 * Un diálogo modal sobre el <dialog> del navegador, abierto con showModal(): el foco entra (al
 * primer elemento con `data-autofocus` o al primero que lo acepte) y queda adentro, el resto de la
 * página queda inerte y no se desplaza, y al cerrar el foco vuelve a quien lo abrió. El estado de
 * React manda: Escape y el evento `cancel` piden el cierre con `onCerrar`, y si el navegador lo
 * cierra por su cuenta (Chrome no deja cancelar un segundo Escape seguido) se vuelve a abrir
 * mientras `abierto` siga en true. El contenido se dibuja sólo mientras está abierto y se
 * desplaza dentro del diálogo cuando es largo.
 */
export function Dialogo({
  abierto,
  onCerrar,
  titulo,
  ancho = 'md',
  cerrable = true,
  botonCerrar = cerrable,
  idDescripcion,
  children,
}: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const idTitulo = useId();
  // Cambia cuando el navegador cerró el diálogo sin que lo pidiera el estado: vuelve a abrirlo.
  const [reapertura, setReapertura] = useState(0);

  useEffect(() => {
    const dialogo = ref.current;
    if (!abierto || !dialogo) return;
    const anterior = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const html = document.documentElement;
    // El ancho de la barra de desplazamiento que se oculta (sólo el primer diálogo lo mide).
    if (!document.querySelector('dialog:modal')) {
      html.style.setProperty('--dialogo-barra', `${window.innerWidth - html.clientWidth}px`);
    }
    if (!dialogo.open) dialogo.showModal();
    dialogo.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (dialogo.open) dialogo.close();
      // close() devuelve el foco, pero no si el diálogo se desmontó abierto o el foco se perdió.
      const activo = document.activeElement;
      if (
        anterior?.isConnected &&
        (!activo || activo === document.body || dialogo.contains(activo))
      )
        anterior.focus();
    };
  }, [abierto, reapertura]);

  return (
    <dialog
      ref={ref}
      className={css.dialogo}
      data-ancho={ancho}
      aria-labelledby={idTitulo}
      aria-describedby={idDescripcion}
      onKeyDown={(e) => {
        // Escape lo maneja el estado (el navegador no siempre deja cancelar su cierre).
        if (e.key !== 'Escape' || e.defaultPrevented) return;
        e.preventDefault();
        if (cerrable) onCerrar();
      }}
      onCancel={(e) => {
        e.preventDefault();
        if (cerrable) onCerrar();
      }}
      onClose={() => {
        if (!abierto) return;
        if (cerrable) onCerrar();
        setReapertura((n) => n + 1);
      }}
      onMouseDown={(e) => {
        if (cerrable && e.target === e.currentTarget) onCerrar();
      }}
    >
      <div className={css.cabecera}>
        <h2 id={idTitulo} className={css.titulo}>
          {titulo}
        </h2>
        {botonCerrar && (
          <button
            type="button"
            className={botonIcono.botonIcono}
            aria-label="Cerrar"
            onClick={onCerrar}
          >
            <IconoCerrar tamanio={18} />
          </button>
        )}
      </div>
      <div className={css.cuerpo}>{abierto && children}</div>
    </dialog>
  );
}
