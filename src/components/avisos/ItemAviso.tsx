'use client';
import type { MouseEvent } from 'react';
import css from './avisos.module.css';

/** Un aviso como lo devuelve avisos.lista. */
export interface AvisoDeLista {
  id: number;
  fecha: string;
  editado: boolean;
  alumnoId: number | null;
  alumno: string | null;
  categoria: string;
  categoriaNombre: string;
  titulo: string;
  texto: string;
  enlace: string;
  leido: boolean;
}

/**
 * Un aviso de la campana o de /avisos: el título (con "Sin leer"), la fecha, el alumno y la
 * categoría, y el texto; todo es el enlace a la pantalla con el detalle (`alSeguir` lo marca leído).
 */
export function ItemAviso({
  aviso,
  alSeguir,
}: {
  aviso: AvisoDeLista;
  alSeguir: (aviso: AvisoDeLista, e: MouseEvent<HTMLAnchorElement>) => void;
}) {
  return (
    <li className={css.fila}>
      <a
        href={aviso.enlace}
        className={css.item}
        data-no-leido={!aviso.leido || undefined}
        onClick={(e) => alSeguir(aviso, e)}
        data-testid="aviso"
      >
        <span className={css.cabeza}>
          <span className={css.titulo}>{aviso.titulo}</span>
          {!aviso.leido && <span className={css.sinLeer}>Sin leer</span>}
        </span>
        <span className={css.meta}>
          {aviso.fecha}
          {aviso.alumno && ` · ${aviso.alumno}`} · {aviso.categoriaNombre}
          {aviso.editado && ' · editado'}
        </span>
        <span className={css.texto}>{aviso.texto}</span>
      </a>
    </li>
  );
}

/** ¿Un clic que el navegador abre aparte (otra pestaña, otra ventana)? Ése no se intercepta. */
export const clicAparte = (e: MouseEvent) =>
  e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;
