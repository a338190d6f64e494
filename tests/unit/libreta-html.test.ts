/**
 * El cuerpo de la libreta armado como texto (src/components/vistas/libreta-html.ts) debe ser
 * exactamente el HTML que React dibujaba con los mismos elementos: se compara con
 * renderToStaticMarkup de la tabla y las tarjetas como eran en VistaLibreta, con mesas con y sin
 * resultado, colores, modalidades y textos hostiles (etiquetas, comillas, &).
 */
import { createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  columnasLibreta,
  filaLibreta,
  type AnioLibreta,
  type MateriaLibreta,
} from '@/components/vistas/libreta';
import { htmlDeTabla, htmlDeTarjetas, type ClasesLibreta } from '@/components/vistas/libreta-html';
import type { ColorNota } from '@/domain/notas';

const C: ClasesLibreta = {
  materia: 'l_materia',
  modalidad: 'l_modalidad',
  nota: 'l_nota',
  valor: 'l_valor',
  tarjeta: 'l_tarjeta',
  tituloTarjeta: 'l_titulo',
  valores: 'l_valores',
  'color-red': 'l_rojo',
  'color-yellow': 'l_amarillo',
  'color-gray': 'l_gris',
};

const claseColor = (color: ColorNota | null) =>
  color ? C[`color-${color}` as keyof ClasesLibreta] : undefined;
const unir = (...x: (string | undefined)[]) => x.filter(Boolean).join(' ');

/** La tabla elemento por elemento, como la dibujaba VistaLibreta (el oráculo). */
function tablaConReact(anio: AnioLibreta): string {
  const columnas = columnasLibreta(anio.instancias);
  const etiqueta = `Notas ${anio.ciclo}`;
  return renderToStaticMarkup(
    h(
      'table',
      null,
      h(
        'caption',
        null,
        h(
          'span',
          { className: 'solo-lector' },
          anio.curso ? `${etiqueta} · ${anio.curso}` : etiqueta,
        ),
      ),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          h('th', { scope: 'col', className: C.materia }, 'Materia'),
          ...columnas.map((c) =>
            h(
              'th',
              {
                key: c.clave,
                scope: 'col',
                'data-columna': c.clave,
                title: c.descripcion,
                'aria-label': c.titulo === c.descripcion ? undefined : c.descripcion,
              },
              c.titulo,
            ),
          ),
        ),
      ),
      h(
        'tbody',
        null,
        ...anio.materias.map((m) => {
          const fila = filaLibreta(m, anio.instancias);
          return h(
            'tr',
            { key: fila.cursado, 'data-cursado': fila.cursado },
            h(
              'th',
              { scope: 'row', className: C.materia },
              fila.materia,
              fila.modalidad && h('span', { className: C.modalidad }, fila.modalidad),
            ),
            ...fila.celdas.map((celda, i) =>
              h(
                'td',
                {
                  key: columnas[i]!.clave,
                  'data-columna': columnas[i]!.clave,
                  'data-color': celda.color ?? undefined,
                  className: unir(C.nota, claseColor(celda.color)),
                },
                celda.texto,
              ),
            ),
          );
        }),
      ),
    ),
  );
}

/** Las tarjetas como las dibujaba VistaLibreta (el oráculo). */
function tarjetasConReact(anio: AnioLibreta, nivel: 2 | 3): string {
  const columnas = columnasLibreta(anio.instancias);
  const items: ReactNode[] = anio.materias.map((m) => {
    const fila = filaLibreta(m, anio.instancias);
    return h(
      'li',
      { key: fila.cursado, className: C.tarjeta, 'data-cursado': fila.cursado },
      h(
        nivel === 2 ? 'h2' : 'h3',
        { className: C.tituloTarjeta },
        fila.materia,
        fila.modalidad && h('span', { className: C.modalidad }, fila.modalidad),
      ),
      h(
        'dl',
        { className: C.valores },
        ...fila.celdas.map((celda, i) => {
          const c = columnas[i]!;
          if (c.clave.startsWith('mesa:') && !celda.texto) return null;
          return h(
            'div',
            { key: c.clave, 'data-columna': c.clave },
            h(
              'dt',
              { title: c.descripcion },
              c.titulo,
              c.titulo !== c.descripcion &&
                h('span', { className: 'solo-lector' }, ` (${c.descripcion})`),
            ),
            h(
              'dd',
              {
                'data-color': celda.color ?? undefined,
                className: unir(C.nota, C.valor, claseColor(celda.color)),
              },
              celda.texto || h('span', { className: 'solo-lector' }, 'Sin nota'),
            ),
          );
        }),
      ),
    );
  });
  return renderToStaticMarkup(h('ul', null, ...items));
}

const materia = (
  cursado: number,
  nombre: string,
  modalidad: number,
  notas: MateriaLibreta['notas'],
  final: number | null,
  examenes: MateriaLibreta['examenes'] = {},
): MateriaLibreta => ({ cursado, materia: nombre, modalidad, notas, final, examenes });

const HOSTIL = `<script>alert("x")</script> & 'Lengua' "y" <b>`;

const ANIOS: [string, AnioLibreta][] = [
  [
    'un año con mesas, colores, modalidades y textos hostiles',
    {
      ciclo: 2026,
      curso: `4° <Electrónica> & "B"`,
      anioCursado: 4,
      publicado: { '1': true, '2': false },
      instancias: ['Complementaria Noviembre/Diciembre', 'Final Febrero/Marzo', `Rara <${HOSTIL}>`],
      materias: [
        materia(1, 'Matemática', 0, { 1: 3, 2: 8 }, 6, {
          'Complementaria Noviembre/Diciembre': { nota: 5, tipoNota: 'normal' },
        }),
        materia(2, HOSTIL, 1, { 1: 'ausente', 2: null }, null, {
          'Final Febrero/Marzo': { nota: null, tipoNota: 'ausente' },
        }),
        materia(3, 'Física', 3, { 1: 4, 2: 9 }, 7, {
          [`Rara <${HOSTIL}>`]: { nota: null, tipoNota: 'adeuda' },
        }),
      ],
    } as AnioLibreta,
  ],
  [
    'un año sin curso, sin mesas ni materias',
    {
      ciclo: 2024,
      curso: null,
      anioCursado: null,
      publicado: { '1': true, '2': true },
      instancias: [],
      materias: [],
    } as AnioLibreta,
  ],
];

describe.each(ANIOS)('%s', (_, anio) => {
  test('la tabla es la que dibujaba React', () =>
    expect(`<table>${htmlDeTabla(anio, C)}</table>`).toBe(tablaConReact(anio)));

  test.each([2, 3] as const)('las tarjetas (h%i) son las que dibujaba React', (nivel) =>
    expect(`<ul>${htmlDeTarjetas(anio, nivel, C)}</ul>`).toBe(tarjetasConReact(anio, nivel)),
  );
});

test('nada del texto hostil queda como etiqueta', () => {
  const html = htmlDeTabla(ANIOS[0]![1], C) + htmlDeTarjetas(ANIOS[0]![1], 2, C);
  expect(html).not.toMatch(/<script|<b>|<Electr/);
  expect(html).toContain(
    '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;Lengua&#x27;',
  );
});
