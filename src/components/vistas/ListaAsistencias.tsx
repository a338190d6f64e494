'use client';
import { useMemo } from 'react';
import { desempaquetarFilas, htmlDeFilas, type ClasesLista } from './lista-asistencias';
import css from './vistas.module.css';

/**
 * La lista de asistencias de un año. Es un componente de cliente a propósito: recibe las filas
 * compactas (unos 60 bytes cada una) en un solo texto JSON (empaquetarFilas), que es lo único
 * que viaja para hidratar; como componente de servidor, cada uno de sus cientos de elementos
 * viajaba además como árbol de React dentro de la página. Los `<li>` se arman como texto
 * (htmlDeFilas, que escapa cada valor como React): el servidor no dibuja cientos de elementos
 * por pedido y el navegador, al hidratar, no los compara.
 */
// Las clases que pide htmlDeFilas están en vistas.module.css (el tipo de los módulos CSS no las nombra).
const clases = css as ClasesLista;

export function ListaAsistencias({
  filas,
  anio,
}: {
  /** Las filas, de empaquetarFilas. */
  filas: string;
  anio: number;
}) {
  const html = useMemo(() => htmlDeFilas(desempaquetarFilas(filas), clases), [filas]);
  return (
    <ul
      className={css.lista}
      aria-label={`Asistencias ${anio}`}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
