/**
 * El texto de los correos de avisos (issue 35 §2): el escape del HTML, el nombre de cada hijo con
 * su curso, los hermanos juntos, el agrupado del resumen, los enlaces del portal (nunca a otro
 * sitio), el pie, las cabeceras de baja y el token firmado de la baja.
 */
import {
  agruparPorHijo,
  cabecerasDeBaja,
  componerInmediato,
  componerResumen,
  enlaceDelPortal,
  enumerar,
  escaparHtml,
  fechaLegible,
  idDeMensaje,
  leerTokenDeBaja,
  nombreDelHijo,
  tokenDeBaja,
  type AvisoDeCorreo,
  type DatosCorreo,
} from '@/server/avisos/correo/componer';
import { opcionesSmtp } from '@/server/avisos/correo/transporte';

const SECRETO = 'k'.repeat(40);
const ANA = { id: 1, apellido: 'Pérez', nombre: 'Ana', curso: '3° 1°' };
const JUAN = { id: 2, apellido: 'Pérez', nombre: 'Juan', curso: '5° Electrónica' };

const aviso = (extra: Partial<AvisoDeCorreo> = {}): AvisoDeCorreo => ({
  categoria: 'inasistencia',
  titulo: 'Inasistencia',
  texto: 'Ausente el 12/05/2026, turno mañana.',
  enlace: '/asistencias-externo',
  alumno: ANA,
  ...extra,
});

const datos = (avisos: AvisoDeCorreo[], extra: Partial<DatosCorreo> = {}): DatosCorreo => ({
  escuela: 'Escuela Técnica N° 462 "Gral. Manuel Belgrano"',
  urlBase: 'https://portal.escuela.test',
  secreto: SECRETO,
  usuario: 7,
  destinatario: 'María López',
  dia: '2026-05-12',
  avisos,
  ...extra,
});

test.each([
  ['<script>alert("x")</script>', '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;'],
  ["O'Brien & Hijos", 'O&#39;Brien &amp; Hijos'],
  ['sin nada', 'sin nada'],
])('escaparHtml(%p)', (entrada, salida) => {
  expect(escaparHtml(entrada)).toBe(salida);
});

test.each([
  [ANA, 'Pérez, Ana (3° 1°)'],
  [{ ...JUAN }, 'Pérez, Juan (5° Electrónica)'],
  [{ ...ANA, curso: null }, 'Pérez, Ana'],
])('nombreDelHijo(%p)', (a, nombre) => {
  expect(nombreDelHijo(a)).toBe(nombre);
});

test.each([
  [[], ''],
  [['A'], 'A'],
  [['A', 'B'], 'A y B'],
  [['A', 'B', 'C'], 'A, B y C'],
])('enumerar(%p)', (xs, s) => {
  expect(enumerar(xs)).toBe(s);
});

test.each([
  ['/asistencias-externo', 'https://p.test/asistencias-externo'],
  ['/mesas?x=1', 'https://p.test/mesas?x=1'],
  ['//otro.sitio/robo', 'https://p.test/'],
  ['https://otro.sitio/', 'https://p.test/'],
  ['javascript:alert(1)', 'https://p.test/'],
])('enlaceDelPortal(%p): sólo rutas del portal', (enlace, url) => {
  expect(enlaceDelPortal('https://p.test', enlace)).toBe(url);
});

test('fechaLegible', () => {
  expect(fechaLegible('2026-05-12')).toBe('12/05/2026');
});

describe('el token de la baja', () => {
  const bueno = tokenDeBaja(SECRETO, 7, 'inasistencia');
  test('se lee con el mismo secreto', () => {
    expect(bueno).toMatch(/^7\.inasistencia\.[\w-]{43}$/);
    expect(leerTokenDeBaja(SECRETO, bueno)).toEqual({ usuario: 7, baja: 'inasistencia' });
    expect(leerTokenDeBaja(SECRETO, tokenDeBaja(SECRETO, 7, 'resumen'))).toEqual({
      usuario: 7,
      baja: 'resumen',
    });
  });
  test.each([
    ['otro secreto', tokenDeBaja('otro'.repeat(10), 7, 'inasistencia')],
    ['otro usuario', bueno.replace(/^7/, '8')],
    ['otra categoría', bueno.replace('inasistencia', 'medida')],
    ['categoría inexistente', tokenDeBaja(SECRETO, 7, 'inasistencia').replace('inasistencia', 'x')],
    ['firma corta', bueno.slice(0, -1)],
    ['firma cambiada', `${bueno.slice(0, -1)}${bueno.endsWith('A') ? 'B' : 'A'}`],
    ['vacío', ''],
    ['null', null],
    ['muy largo', `${bueno}${'x'.repeat(300)}`],
  ])('%s: no vale', (_caso, token) => {
    expect(leerTokenDeBaja(SECRETO, token)).toBeNull();
  });
});

test('cabecerasDeBaja: List-Unsubscribe y el un clic de RFC 8058', () => {
  expect(cabecerasDeBaja('https://p.test/api/avisos/baja?t=x')).toEqual({
    'List-Unsubscribe': '<https://p.test/api/avisos/baja?t=x>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  });
});

test('idDeMensaje: el mismo para la misma clave, distinto para otra, con el dominio del portal', () => {
  const a = idDeMensaje('inmediato:7:inasistencia:2026-05-12', 'https://portal.escuela.test');
  expect(a).toMatch(/^<aviso\.[0-9a-f]{32}@portal\.escuela\.test>$/);
  expect(idDeMensaje('inmediato:7:inasistencia:2026-05-12', 'https://portal.escuela.test')).toBe(a);
  expect(
    idDeMensaje('inmediato:7:inasistencia:2026-05-13', 'https://portal.escuela.test'),
  ).not.toBe(a);
});

describe('componerInmediato', () => {
  test('hermanos en un correo, cada uno con su curso; la escuela, los enlaces, el pie y la baja', () => {
    const m = componerInmediato(
      datos([aviso(), aviso({ alumno: JUAN, texto: 'Tardanza el 12/05/2026.' })]),
      'inasistencia',
    );
    expect(m.subject).toBe(
      'Inasistencias, tardanzas y retiros: Pérez, Ana (3° 1°) y Pérez, Juan (5° Electrónica) — ' +
        'Escuela Técnica N° 462 "Gral. Manuel Belgrano"',
    );
    expect(m.text).toBe(
      [
        'Escuela Técnica N° 462 "Gral. Manuel Belgrano"',
        '',
        'Hola, María López:',
        '',
        'Tiene 2 avisos nuevos de inasistencias, tardanzas y retiros.',
        '',
        'Pérez, Ana (3° 1°)',
        '------------------',
        '* Inasistencia',
        '  Ausente el 12/05/2026, turno mañana.',
        '  Ver en el portal: https://portal.escuela.test/asistencias-externo',
        '',
        'Pérez, Juan (5° Electrónica)',
        '----------------------------',
        '* Inasistencia',
        '  Tardanza el 12/05/2026.',
        '  Ver en el portal: https://portal.escuela.test/asistencias-externo',
        '',
        '--',
        'Recibe este correo porque es referente de Pérez, Ana (3° 1°) y Pérez, Juan (5° Electrónica) ' +
          'en el portal de Escuela Técnica N° 462 "Gral. Manuel Belgrano".',
        'Eligió recibir «Inasistencias, tardanzas y retiros» por correo en el momento.',
        '',
        'Para elegir qué avisos recibe por correo y cuándo: https://portal.escuela.test/avisos/preferencias',
        `Dejar de recibir «Inasistencias, tardanzas y retiros» por correo: https://portal.escuela.test/api/avisos/baja?t=${tokenDeBaja(SECRETO, 7, 'inasistencia')}`,
        '',
      ].join('\n'),
    );
    expect(m.headers).toEqual(
      cabecerasDeBaja(
        `https://portal.escuela.test/api/avisos/baja?t=${tokenDeBaja(SECRETO, 7, 'inasistencia')}`,
      ),
    );
    expect(m.html).toContain(
      '<h2 style="font-size:1.05em;margin:1.2em 0 .4em">Pérez, Ana (3° 1°)</h2>',
    );
    expect(m.html).toContain('<a href="https://portal.escuela.test/avisos/preferencias">');
    expect(m.html).toContain('Escuela Técnica N° 462 &quot;Gral. Manuel Belgrano&quot;');
  });

  test('todo lo de la base va escapado en el HTML', () => {
    const m = componerInmediato(
      datos(
        [
          aviso({
            titulo: '<img src=x onerror=alert(1)>',
            texto: 'línea 1\n<b>línea 2</b>',
            alumno: { ...ANA, apellido: '<Pérez>' },
          }),
        ],
        { destinatario: 'María <López>', escuela: 'Escuela & "Co"' },
      ),
      'inasistencia',
    );
    expect(m.html).not.toMatch(/<img|<b>|<Pérez>|<López>/);
    expect(m.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(m.html).toContain('línea 1<br>&lt;b&gt;línea 2&lt;/b&gt;');
    expect(m.html).toContain('Escuela &amp; &quot;Co&quot;');
    expect(m.text).toContain('* <img src=x onerror=alert(1)>');
    expect(m.text).toContain('Tiene un aviso nuevo de inasistencias, tardanzas y retiros.');
  });
});

describe('componerResumen', () => {
  const avisos = [
    aviso({ alumno: JUAN, categoria: 'notas', titulo: 'Notas de Juan' }),
    aviso({ categoria: 'notas', titulo: 'Notas de Ana' }),
    aviso({
      alumno: null,
      categoria: 'comunicado',
      titulo: 'Acto del 25 de mayo',
      enlace: '/comunicados/3',
    }),
    aviso({ categoria: 'mesa', titulo: 'Mesa de Ana', enlace: '/mesas' }),
    aviso({ alumno: JUAN, categoria: 'inasistencia', titulo: 'Tardanza de Juan' }),
  ];

  test('agruparPorHijo: por hijo en el orden en que aparecen, los generales al final', () => {
    expect(
      agruparPorHijo(avisos).map((g) => [
        g.hijo,
        g.categorias.map((c) => [c.categoria, c.avisos.map((a) => a.titulo)]),
      ]),
    ).toEqual([
      [
        'Pérez, Juan (5° Electrónica)',
        [
          ['notas', ['Notas de Juan']],
          ['inasistencia', ['Tardanza de Juan']],
        ],
      ],
      [
        'Pérez, Ana (3° 1°)',
        [
          ['notas', ['Notas de Ana']],
          ['mesa', ['Mesa de Ana']],
        ],
      ],
      [null, [['comunicado', ['Acto del 25 de mayo']]]],
    ]);
  });

  test('el texto: por hijo y por categoría, una baja por categoría y la del resumen en la cabecera', () => {
    const m = componerResumen(datos(avisos));
    expect(m.subject).toBe(
      'Resumen del 12/05/2026: Pérez, Juan (5° Electrónica) y Pérez, Ana (3° 1°) — ' +
        'Escuela Técnica N° 462 "Gral. Manuel Belgrano"',
    );
    const t = m.text;
    const orden = [
      'Estos son los 5 avisos del 12/05/2026.',
      'Pérez, Juan (5° Electrónica)',
      'Notas publicadas:',
      '* Notas de Juan',
      'Inasistencias, tardanzas y retiros:',
      '* Tardanza de Juan',
      'Pérez, Ana (3° 1°)',
      'Notas publicadas:',
      '* Notas de Ana',
      'Mesas de examen:',
      '* Mesa de Ana',
      'De la escuela',
      'Comunicados de la escuela:',
      '* Acto del 25 de mayo',
      '  Ver en el portal: https://portal.escuela.test/comunicados/3',
      'Este es su resumen diario de avisos del portal.',
      'Dejar de recibir «Notas publicadas» por correo: ',
      'Dejar de recibir «Comunicados de la escuela» por correo: ',
      'Dejar de recibir el resumen diario: ',
    ];
    let desde = -1;
    for (const trozo of orden) {
      const i = t.indexOf(trozo, desde + 1);
      expect([trozo, i > desde]).toEqual([trozo, true]);
      desde = i;
    }
    const baja = `https://portal.escuela.test/api/avisos/baja?t=${tokenDeBaja(SECRETO, 7, 'resumen')}`;
    expect(m.headers).toEqual(cabecerasDeBaja(baja));
  });
});

test.each([
  [
    'smtp://usuario:cl%40ve@mail.test:2525',
    { host: 'mail.test', port: 2525, secure: false, auth: { user: 'usuario', pass: 'cl@ve' } },
  ],
  ['smtps://mail.test', { host: 'mail.test', port: 465, secure: true }],
  ['smtp://mail.test?maxConnections=2', { host: 'mail.test', port: 587, maxConnections: 2 }],
])('opcionesSmtp(%p)', (url, esperadas) => {
  expect(opcionesSmtp(url)).toMatchObject({ pool: true, ...esperadas });
});
