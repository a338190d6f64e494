/**
 * El cuerpo de la libreta (la tabla y las tarjetas del teléfono) armado como texto, como la lista
 * de asistencias (lista-asistencias.ts): VistaLibreta es un componente de cliente (el selector de
 * año, Imprimir) y, con sus cientos de celdas como elementos de React, hidratarlas era la tarea
 * más larga de /libretas-externo en el teléfono (Lighthouse, issue 36). Como texto, React no las
 * compara al hidratar: la libreta entera es un elemento. Cada valor se escapa como lo escapa React
 * (tests/unit/libreta-html.test.ts lo compara con renderToStaticMarkup de los mismos elementos).
 */
import { escaparHtml as e } from '@/components/ui/escapar-html';
import type { ColorNota } from '@/domain/notas';
import { columnasLibreta, filaLibreta, type AnioLibreta } from './libreta';

/** Las clases de libreta.module.css que usa el cuerpo de la libreta. */
export interface ClasesLibreta {
  materia: string;
  modalidad: string;
  nota: string;
  valor: string;
  tarjeta: string;
  tituloTarjeta: string;
  valores: string;
  'color-red': string;
  'color-yellow': string;
  'color-gray': string;
}

const unir = (...clases: (string | null | undefined | false)[]) => clases.filter(Boolean).join(' ');

const claseColor = (c: ClasesLibreta, color: ColorNota | null) =>
  color ? c[`color-${color}` as keyof ClasesLibreta] : null;

/** ` data-color="red"`, o nada sin color. */
const datoColor = (color: ColorNota | null) => (color ? ` data-color="${e(color)}"` : '');

const nombreMateria = (c: ClasesLibreta, materia: string, modalidad: string | null) =>
  e(materia) + (modalidad ? `<span class="${e(c.modalidad)}">${e(modalidad)}</span>` : '');

/** El contenido de `<table>`: el título para lectores de pantalla, encabezados y una fila por materia. */
export function htmlDeTabla(anio: AnioLibreta, c: ClasesLibreta): string {
  const columnas = columnasLibreta(anio.instancias);
  const etiqueta = `Notas ${anio.ciclo}`;
  let html =
    `<caption><span class="solo-lector">${e(anio.curso ? `${etiqueta} · ${anio.curso}` : etiqueta)}</span></caption>` +
    `<thead><tr><th scope="col" class="${e(c.materia)}">Materia</th>`;
  for (const col of columnas)
    html +=
      `<th scope="col" data-columna="${e(col.clave)}" title="${e(col.descripcion)}"` +
      (col.titulo === col.descripcion ? '' : ` aria-label="${e(col.descripcion)}"`) +
      `>${e(col.titulo)}</th>`;
  html += '</tr></thead><tbody>';
  for (const m of anio.materias) {
    const fila = filaLibreta(m, anio.instancias);
    html +=
      `<tr data-cursado="${fila.cursado}"><th scope="row" class="${e(c.materia)}">` +
      `${nombreMateria(c, fila.materia, fila.modalidad)}</th>`;
    fila.celdas.forEach((celda, i) => {
      html +=
        `<td data-columna="${e(columnas[i]!.clave)}"${datoColor(celda.color)}` +
        ` class="${e(unir(c.nota, claseColor(c, celda.color)))}">${e(celda.texto)}</td>`;
    });
    html += '</tr>';
  }
  return `${html}</tbody>`;
}

/**
 * El contenido de la lista de tarjetas (el teléfono): una por materia con su nombre (`h2`, o `h3`
 * en el legajo), C1, C2, Nota Final y las mesas con resultado.
 */
export function htmlDeTarjetas(anio: AnioLibreta, nivel: 2 | 3, c: ClasesLibreta): string {
  const columnas = columnasLibreta(anio.instancias);
  const h = `h${nivel}`;
  let html = '';
  for (const m of anio.materias) {
    const fila = filaLibreta(m, anio.instancias);
    html +=
      `<li class="${e(c.tarjeta)}" data-cursado="${fila.cursado}">` +
      `<${h} class="${e(c.tituloTarjeta)}">${nombreMateria(c, fila.materia, fila.modalidad)}</${h}>` +
      `<dl class="${e(c.valores)}">`;
    fila.celdas.forEach((celda, i) => {
      const col = columnas[i]!;
      // Las mesas sin resultado no se muestran; C1, C2 y Nota Final, siempre.
      if (col.clave.startsWith('mesa:') && !celda.texto) return;
      html +=
        `<div data-columna="${e(col.clave)}"><dt title="${e(col.descripcion)}">${e(col.titulo)}` +
        (col.titulo !== col.descripcion
          ? `<span class="solo-lector"> (${e(col.descripcion)})</span>`
          : '') +
        `</dt><dd${datoColor(celda.color)} class="${e(unir(c.nota, c.valor, claseColor(c, celda.color)))}">` +
        (celda.texto ? e(celda.texto) : '<span class="solo-lector">Sin nota</span>') +
        '</dd></div>';
    });
    html += '</dl></li>';
  }
  return html;
}
