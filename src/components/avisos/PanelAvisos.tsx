'use client';
import Link from 'next/link';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import lista from './avisos.module.css';
import css from './panel.module.css';
import { avisarNoLeidos } from './comun';
import { ItemAviso, type AvisoDeLista } from './ItemAviso';
import { consultar } from './llamar';
import { marcarTodos, useSeguirAviso } from './seguir';

/** Cuántos avisos muestra la campana (los demás, en /avisos). */
const EN_LA_CAMPANA = 10;

interface Pagina {
  items: AvisoDeLista[];
  noLeidos: number;
}

interface Props {
  /** Cierra el panel; `volver`: el foco vuelve a la campana (Escape, "Cerrar"). */
  alCerrar: (volver: boolean) => void;
  boton: RefObject<HTMLButtonElement | null>;
}

/**
 * El panel de la campana (se baja al abrirla): los últimos avisos, cada uno con su enlace (seguirlo
 * lo marca leído y, si es de otro hijo, lo elige en el selector), "Marcar todos como leídos", "Ver
 * todos" (/avisos) y las preferencias. Se cierra con Escape, con "Cerrar" y tocando fuera.
 */
export default function PanelAvisos({ alCerrar, boton }: Props) {
  const panel = useRef<HTMLDivElement>(null);
  const [datos, setDatos] = useState<Pagina | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [marcando, setMarcando] = useState(false);
  const seguir = useSeguirAviso(() => alCerrar(false));

  const cargar = useCallback(
    () =>
      consultar<Pagina>('avisos.lista', { limit: EN_LA_CAMPANA })
        .then((d) => {
          setDatos(d);
          setError(null);
          avisarNoLeidos(d.noLeidos);
        })
        .catch((e: Error) => setError(`No se pudieron cargar los avisos: ${e.message}`)),
    [],
  );

  useEffect(() => {
    void cargar();
    panel.current?.focus();
    const tecla = (e: KeyboardEvent) => {
      if (e.key === 'Escape') alCerrar(true);
    };
    const fuera = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!panel.current?.contains(t) && !boton.current?.contains(t)) alCerrar(false);
    };
    document.addEventListener('keydown', tecla);
    document.addEventListener('pointerdown', fuera);
    return () => {
      document.removeEventListener('keydown', tecla);
      document.removeEventListener('pointerdown', fuera);
    };
  }, [alCerrar, boton, cargar]);

  const todos = async () => {
    setMarcando(true);
    try {
      await marcarTodos();
      await cargar();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setMarcando(false);
    }
  };

  return (
    <div
      ref={panel}
      className={css.panel}
      role="dialog"
      aria-labelledby="panel-avisos-titulo"
      tabIndex={-1}
      data-testid="panel-avisos"
    >
      <div className={css.cabecera}>
        <h2 id="panel-avisos-titulo">Avisos</h2>
        <button type="button" className={css.cerrar} onClick={() => alCerrar(true)}>
          Cerrar
        </button>
      </div>
      <div className={css.cuerpo}>
        {error ? (
          <p className={css.estado} role="alert">
            {error}
          </p>
        ) : !datos ? (
          <p className={css.estado} role="status">
            Cargando avisos…
          </p>
        ) : datos.items.length === 0 ? (
          <p className={css.estado}>No tiene avisos.</p>
        ) : (
          <ul className={lista.lista}>
            {datos.items.map((a) => (
              <ItemAviso key={a.id} aviso={a} alSeguir={seguir} />
            ))}
          </ul>
        )}
      </div>
      <div className={css.pie}>
        <button
          type="button"
          className={css.accion}
          disabled={!datos?.noLeidos || marcando}
          onClick={todos}
        >
          {marcando ? 'Marcando…' : 'Marcar todos como leídos'}
        </button>
        <Link href="/avisos" className={css.accion} onClick={() => alCerrar(false)}>
          Ver todos
        </Link>
        <Link href="/avisos/preferencias" className={css.accion} onClick={() => alCerrar(false)}>
          Preferencias
        </Link>
      </div>
    </div>
  );
}
