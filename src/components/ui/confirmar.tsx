'use client';
import { useId } from 'react';
import { createRoot } from 'react-dom/client';
import botones from './botones.module.css';
import { Dialogo } from './Dialogo';
import css from './confirmar.module.css';

export interface OpcionesConfirmar {
  /** La pregunta, con el texto exacto de la especificación: '¿Pasar amonestación?'. */
  titulo: string;
  /** Detalle opcional bajo la pregunta. */
  mensaje?: string;
  /** Texto del botón que confirma (por defecto 'Aceptar'). */
  confirmar?: string;
  /** Acción destructiva: el botón que confirma va en rojo. */
  peligro?: boolean;
  /** Sin "Cancelar": un aviso que sólo se acepta (la planilla reabierta). */
  soloAceptar?: boolean;
}

/**
 * La pregunta, en el diálogo compartido (Dialogo: el <dialog> nativo, con el foco adentro y de
 * vuelta al cerrar); Escape, "Cancelar" o un clic en el fondo la cierran sin confirmar.
 */
function Pregunta({
  titulo,
  mensaje,
  confirmar: textoConfirmar = 'Aceptar',
  peligro = false,
  soloAceptar = false,
  alCerrar,
}: OpcionesConfirmar & { alCerrar: (confirmado: boolean) => void }) {
  const idMensaje = useId();
  return (
    <Dialogo
      abierto
      onCerrar={() => alCerrar(false)}
      titulo={titulo}
      botonCerrar={false}
      idDescripcion={mensaje ? idMensaje : undefined}
    >
      {mensaje && (
        <p id={idMensaje} className={css.mensaje}>
          {mensaje}
        </p>
      )}
      <div className={css.botones}>
        {!soloAceptar && (
          <button
            type="button"
            className={`${botones.boton} ${botones.sm} ${botones.default}`}
            onClick={() => alCerrar(false)}
          >
            Cancelar
          </button>
        )}
        <button
          type="button"
          className={`${botones.boton} ${botones.sm} ${peligro ? botones.peligro : botones.filled}`}
          onClick={() => alCerrar(true)}
        >
          {textoConfirmar}
        </button>
      </div>
    </Dialogo>
  );
}

/**
 * Pide confirmación en un diálogo accesible (Escape o "Cancelar" lo cierran) y resuelve
 * true sólo si el usuario confirma. Uso: `if (!(await confirmar({ titulo }))) return;`
 *
 * Se monta aparte, en su propia raíz de React, sólo mientras está abierto: las pantallas no
 * necesitan un proveedor de diálogos ni cargan el código del Modal de Mantine para confirmar.
 */
export function confirmar(opciones: OpcionesConfirmar): Promise<boolean> {
  return new Promise((resolve) => {
    const contenedor = document.createElement('div');
    document.body.appendChild(contenedor);
    const raiz = createRoot(contenedor);
    let resuelto = false;
    const alCerrar = (confirmado: boolean) => {
      if (resuelto) return;
      resuelto = true;
      // Al desmontarse, Dialogo lo cierra y devuelve el foco a lo que lo tenía antes de abrir.
      raiz.unmount();
      contenedor.remove();
      resolve(confirmado);
    };
    raiz.render(<Pregunta {...opciones} alCerrar={alCerrar} />);
  });
}
