'use client';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import botones from '@/components/botones/botones.module.css';
import { IconoCerrar } from './iconos';
import clases from './inscripcion.module.css';

/**
 * Un diálogo modal con el elemento `dialog` del navegador: el foco queda adentro, el resto de la
 * página inerte, Escape o "Cerrar" lo cierran y el foco vuelve a donde estaba. Su nombre es el
 * título. El contenido se dibuja sólo mientras está abierto.
 */
export function Dialogo({
  abierto,
  titulo,
  alCerrar,
  children,
}: {
  abierto: boolean;
  titulo: string;
  alCerrar: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const idTitulo = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (abierto && !d.open) d.showModal();
    else if (!abierto && d.open) d.close();
  }, [abierto]);
  return (
    <dialog
      ref={ref}
      className={clases.dialogo}
      aria-labelledby={idTitulo}
      onCancel={(e) => {
        // Escape: lo cierra el estado, no el navegador (así no queda abierto en React).
        e.preventDefault();
        alCerrar();
      }}
      onMouseDown={(e) => {
        // Un clic en el fondo (fuera de la caja) lo cierra, como el de Mantine.
        if (e.target === e.currentTarget) {
          const r = e.currentTarget.getBoundingClientRect();
          const fuera =
            e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom;
          if (fuera) alCerrar();
        }
      }}
    >
      <div className={clases.dialogoCabecera}>
        <h2 className={clases.dialogoTitulo} id={idTitulo}>
          {titulo}
        </h2>
        <button type="button" className={clases.cerrar} aria-label="Cerrar" onClick={alCerrar}>
          <IconoCerrar />
        </button>
      </div>
      {abierto && children}
    </dialog>
  );
}

export interface OpcionesConfirmar {
  titulo: string;
  mensaje?: string;
  /** Texto del botón que confirma (por defecto 'Aceptar'). */
  confirmar?: string;
}

/**
 * `confirmar` de src/components/confirmar (el diálogo "Cancelar" / confirmar), sin el proveedor
 * de diálogos de Mantine: devuelve el diálogo para poner en la página y la función que pregunta
 * y resuelve true sólo si se confirma.
 */
export function useConfirmar(): [ReactNode, (o: OpcionesConfirmar) => Promise<boolean>] {
  const [pedido, setPedido] = useState<(OpcionesConfirmar & { fin: (v: boolean) => void }) | null>(
    null,
  );
  const preguntar = useCallback(
    (o: OpcionesConfirmar) =>
      new Promise<boolean>((resolve) => {
        setPedido({ ...o, fin: resolve });
      }),
    [],
  );
  const terminar = (valor: boolean) => {
    pedido?.fin(valor);
    setPedido(null);
  };
  const dialogo = (
    <Dialogo
      abierto={pedido !== null}
      titulo={pedido?.titulo ?? ''}
      alCerrar={() => terminar(false)}
    >
      <div className={clases.pilaChica}>
        {pedido?.mensaje && <p className={clases.texto}>{pedido.mensaje}</p>}
        <div className={clases.acciones}>
          <button
            type="button"
            className={`${botones.boton} ${botones.sm} ${botones.default}`}
            onClick={() => terminar(false)}
          >
            Cancelar
          </button>
          <button
            type="button"
            className={`${botones.boton} ${botones.sm} ${botones.filled}`}
            onClick={() => terminar(true)}
          >
            {pedido?.confirmar ?? 'Aceptar'}
          </button>
        </div>
      </div>
    </Dialogo>
  );
  return [dialogo, preguntar];
}
