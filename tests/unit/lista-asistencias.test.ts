/**
 * La lista de asistencias armada como texto (src/components/vistas/lista-asistencias.ts) debe
 * ser exactamente el HTML que React dibujaría con los mismos elementos: se compara con
 * renderToStaticMarkup, también con textos hostiles (etiquetas, comillas, &, NUL, surrogates).
 */
import { createElement as h, Fragment, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { escaparHtml } from '@/components/ui/escapar-html';
import {
  desempaquetarFilas,
  empaquetarFilas,
  htmlDeFilas,
  type ClasesLista,
  type FilaAsistencia,
} from '@/components/vistas/lista-asistencias';

const CLASES: ClasesLista = {
  tarjeta: 'v_tarjeta',
  verde: 'v_verde',
  fila: 'v_fila',
  texto: 'v_texto',
  medio: 'v_medio',
  fuerte: 'v_fuerte',
  chico: 'v_chico',
  entrada: 'v_entrada',
  justificada: 'v_justificada',
  injustificada: 'v_injustificada',
};

/** La lista elemento por elemento, como la dibujaba el componente de React (el oráculo). */
function conReact(filas: readonly FilaAsistencia[], c: ClasesLista): string {
  const items: ReactNode[] = filas.map((f) =>
    f[0] === 'r'
      ? h(
          'li',
          {
            key: `r${f[1]}`,
            className: `${c.tarjeta} ${c.verde}`,
            'data-testid': 'reincorporacion',
          },
          h(
            'div',
            { className: c.fila },
            h('span', { className: `${c.texto} ${c.medio}` }, f[2]),
            h('span', { className: c.fuerte }, f[3]),
          ),
          h('p', { className: c.chico }, 'Reincorporación'),
        )
      : h(
          'li',
          { key: `a${f[1]}`, className: c.entrada, 'data-testid': 'entrada-asistencia' },
          h('span', null, f[2]),
          h('span', { className: f[3] ? c.justificada : c.injustificada }, f[4]),
          h('span', null, f[5]),
        ),
  );
  return renderToStaticMarkup(h(Fragment, null, ...items));
}

const HOSTILES = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'O\'Brien & "hijos"',
  'a\u0000b',
  'lone \ud800 surrogate',
  '&amp; ya escapado',
  '',
  '   espacios   ',
  'x'.repeat(5000),
];

const CASOS: [string, FilaAsistencia[]][] = [
  ['vacía', []],
  [
    'entradas comunes',
    [
      ['a', 1, '24/11/2026 · Mañana', false, 'Injustificada', 'Falta'],
      [
        'a',
        2,
        '23/11/2026 · Tarde',
        true,
        'Justificada: Certificado médico',
        'Tardanza Ingreso · Educación Física',
      ],
      ['a', 3, '20/11/2026 · Mañana', true, 'Justificada', 'Retiro con Permiso (Falta)'],
    ],
  ],
  [
    'reincorporaciones',
    [
      ['r', 7, '10/11/2026', '+ 2'],
      ['r', 8, '09/11/2026', '+ 0,5'],
    ],
  ],
  ...HOSTILES.map((t): [string, FilaAsistencia[]] => [
    `texto hostil ${JSON.stringify(t.slice(0, 30))}`,
    [
      ['a', 1, t, false, t, t],
      ['a', 2, t, true, t, t],
      ['r', 3, t, t],
    ],
  ]),
];

describe('htmlDeFilas: el mismo HTML que React', () => {
  it.each(CASOS)('%s', (_nombre, filas) => {
    expect(htmlDeFilas(filas, CLASES)).toBe(conReact(filas, CLASES));
  });

  it('con clases que llevan caracteres especiales también', () => {
    const raras = Object.fromEntries(
      Object.keys(CLASES).map((k) => [k, `${k}"<&'>`]),
    ) as ClasesLista;
    const filas: FilaAsistencia[] = [
      ['a', 1, 'x', true, 'y', 'z'],
      ['a', 2, 'x', false, 'y', 'z'],
      ['r', 3, 'x', 'y'],
    ];
    expect(htmlDeFilas(filas, raras)).toBe(conReact(filas, raras));
  });

  it('ningún texto hostil abre una etiqueta ni cierra un atributo', () => {
    for (const t of HOSTILES) {
      const html = htmlDeFilas([['a', 1, t, false, t, t]], CLASES);
      expect(html.match(/</g)?.length).toBe(8); // <li> <span>×3 y sus cierres
      expect(html.match(/"/g)?.length).toBe(6); // class y data-testid del li, class del span
    }
  });
});

describe('empaquetarFilas / desempaquetarFilas', () => {
  it.each(CASOS)('%s: ida y vuelta sin cambios', (_nombre, filas) => {
    const texto = empaquetarFilas(filas);
    expect(typeof texto).toBe('string');
    expect(desempaquetarFilas(texto)).toEqual(filas);
  });
});

describe('escaparHtml', () => {
  it.each([
    ['&', '&amp;'],
    ['<', '&lt;'],
    ['>', '&gt;'],
    ['"', '&quot;'],
    ["'", '&#x27;'],
    ['sin nada', 'sin nada'],
    ['á · ñ', 'á · ñ'],
  ])('%j → %j', (entrada, salida) => {
    expect(escaparHtml(entrada)).toBe(salida);
  });
});
