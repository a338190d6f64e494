/**
 * Qué precarga el service worker (src/components/instalable/precarga.ts): sobre una build
 * inventada, con los manifiestos que escribe Next 16 con Turbopack, sólo public/ y lo que
 * necesitan "Sin conexión" y la planilla; si falta algo, todo con un aviso.
 */
import {
  carpetaDeLaBuild,
  conLosQueNombran,
  elegirPrecarga,
  leerManifiestoDeCliente,
  type EntradaDePrecarga,
} from '@/components/instalable/precarga';

const D = '.next-x/';

const PAGINAS: Record<string, string> = {
  '/sin-conexion': '/sin-conexion/page',
  '/asistencias': '/(staff)/(asistencias)/asistencias/page',
  '/asistencias-protected': '/(staff)/(asistencias)/asistencias-protected/page',
  '/alumnos': '/(staff)/(alumnos)/alumnos/page',
};

/** El script `<página>_client-reference-manifest.js` como lo escribe Next. */
function manifiestoDeCliente(pagina: string, js: string[], css: string[], modulos: string[]) {
  const m = {
    moduleLoading: { prefix: '' },
    clientModules: Object.fromEntries(
      modulos.map((c, i) => [
        `[project]/src/m${i}.tsx`,
        { id: i, name: '*', chunks: [`/_next/${c}`], async: false },
      ]),
    ),
    entryCSSFiles: {
      '[project]/src/app/layout': css.map((path) => ({ path, inlined: false })),
    },
    entryJSFiles: {
      '[project]/src/app/layout': ['static/chunks/layout.js'],
      [`[project]/src/app${pagina}`]: js,
    },
  };
  return (
    'globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\n' +
    `globalThis.__RSC_MANIFEST[${JSON.stringify(pagina)}] = ${JSON.stringify(m)};\n`
  );
}

/** Los archivos de la build inventada (camino → contenido). */
function build(): Map<string, string> {
  const f = new Map<string, string>();
  f.set(
    `${D}build-manifest.json`,
    JSON.stringify({
      polyfillFiles: ['static/chunks/polyfill.js'],
      rootMainFiles: ['static/chunks/main.js', 'static/chunks/turbopack.js'],
      lowPriorityFiles: ['static/ID/_buildManifest.js'],
    }),
  );
  f.set(
    `${D}app-path-routes-manifest.json`,
    JSON.stringify(Object.fromEntries(Object.entries(PAGINAS).map(([c, p]) => [p, c]))),
  );
  const base = (c: string) => `${D}server/app${PAGINAS[c]}`;
  f.set(
    `${base('/sin-conexion')}_client-reference-manifest.js`,
    manifiestoDeCliente(
      PAGINAS['/sin-conexion']!,
      ['static/chunks/sin.js'],
      ['static/chunks/global.css'],
      ['static/chunks/providers.js'],
    ),
  );
  f.set(
    `${base('/sin-conexion')}/react-loadable-manifest.json`,
    JSON.stringify({ 1: { id: 1, files: ['static/chunks/notificaciones.js'] } }),
  );
  for (const c of ['/asistencias', '/asistencias-protected']) {
    f.set(
      `${base(c)}_client-reference-manifest.js`,
      manifiestoDeCliente(
        PAGINAS[c]!,
        [`static/chunks/${c.slice(1)}.js`],
        ['static/chunks/global.css', 'static/chunks/personal.css'],
        ['static/chunks/providers.js', 'static/chunks/planilla.js'],
      ),
    );
    // Sin react-loadable-manifest: una página sin next/dynamic.
  }
  f.set(
    `${base('/alumnos')}_client-reference-manifest.js`,
    manifiestoDeCliente(PAGINAS['/alumnos']!, ['static/chunks/alumnos.js'], [], []),
  );
  // La planilla carga la cola con import(): Turbopack nombra el chunk en su JS; y la cola, otro.
  f.set(`${D}static/chunks/planilla.js`, 'e.l("static/chunks/cola.js")');
  f.set(`${D}static/chunks/cola.js`, 'e.l("static/chunks/idb.js")');
  f.set(`${D}static/chunks/idb.js`, '"static/chunks/no-existe.js"');
  return f;
}

const CHUNKS = [
  'polyfill.js',
  'main.js',
  'turbopack.js',
  'layout.js',
  'sin.js',
  'global.css',
  'providers.js',
  'notificaciones.js',
  'asistencias.js',
  'asistencias-protected.js',
  'personal.css',
  'planilla.js',
  'cola.js',
  'idb.js',
  'alumnos.js',
  'alumnos.css',
  'exportar.js',
];

function entradas(): EntradaDePrecarga[] {
  return [
    ...CHUNKS.map((c) => ({ url: `${D}static/chunks/${c}`, revision: null, size: 100 })),
    { url: `${D}static/ID/_buildManifest.js`, revision: 'r1', size: 10 },
    { url: 'public/icono-192.png', revision: 'r2', size: 10 },
    { url: 'public/apple-touch-icon.png', revision: 'r3', size: 10 },
  ];
}

const lector = (f: Map<string, string>) => (camino: string) => f.get(camino) ?? null;
const urls = (e: EntradaDePrecarga[]) => e.map((x) => x.url.replace(`${D}static/chunks/`, ''));

describe('elegirPrecarga', () => {
  test('sólo public/ y lo que necesitan "Sin conexión" y la planilla, con lo que cargan después', () => {
    const { manifest, warnings } = elegirPrecarga(entradas(), lector(build()));
    expect(warnings).toEqual([]);
    expect(urls(manifest).sort()).toEqual(
      [
        'polyfill.js',
        'main.js',
        'turbopack.js',
        'layout.js',
        'sin.js',
        'global.css',
        'providers.js',
        'notificaciones.js',
        'asistencias.js',
        'asistencias-protected.js',
        'personal.css',
        'planilla.js',
        'cola.js',
        'idb.js',
        'public/icono-192.png',
        'public/apple-touch-icon.png',
      ].sort(),
    );
  });

  test('las entradas quedan como estaban (dirección, revisión y tamaño)', () => {
    const todas = entradas();
    const { manifest } = elegirPrecarga(todas, lector(build()));
    expect(manifest.every((e) => todas.includes(e))).toBe(true);
  });

  const sin = (camino: string) => (f: Map<string, string>) => void f.delete(camino);
  const cambiar = (camino: string, texto: string) => (f: Map<string, string>) =>
    void f.set(camino, texto);
  const casos: [string, (f: Map<string, string>) => void, RegExp][] = [
    ['sin build-manifest.json', sin(`${D}build-manifest.json`), /falta .*build-manifest\.json/],
    [
      'build-manifest.json sin rootMainFiles',
      cambiar(`${D}build-manifest.json`, '{"polyfillFiles":[]}'),
      /sin rootMainFiles/,
    ],
    ['build-manifest.json roto', cambiar(`${D}build-manifest.json`, '{'), /JSON/],
    [
      'sin la lista de páginas',
      sin(`${D}app-path-routes-manifest.json`),
      /falta .*app-path-routes-manifest/,
    ],
    [
      'una página que no está en la lista',
      cambiar(`${D}app-path-routes-manifest.json`, '{"/sin-conexion/page":"/sin-conexion"}'),
      /no tiene la página \/asistencias/,
    ],
    [
      'sin el manifiesto del cliente de la planilla',
      sin(`${D}server/app${PAGINAS['/asistencias']}_client-reference-manifest.js`),
      /falta .*asistencias\/page_client-reference-manifest\.js/,
    ],
    [
      'un manifiesto del cliente de otra página',
      cambiar(
        `${D}server/app${PAGINAS['/asistencias']}_client-reference-manifest.js`,
        manifiestoDeCliente('/otra/page', ['static/chunks/x.js'], [], []),
      ),
      /no tiene \/\(staff\)\/\(asistencias\)\/asistencias\/page/,
    ],
    [
      'un manifiesto del cliente sin los JS de la página',
      cambiar(
        `${D}server/app${PAGINAS['/sin-conexion']}_client-reference-manifest.js`,
        manifiestoDeCliente('/sin-conexion/page', [], [], []),
      ),
      /no tiene los JS de \/sin-conexion/,
    ],
    [
      'un archivo nombrado que no está en la build',
      cambiar(
        `${D}build-manifest.json`,
        '{"rootMainFiles":["static/chunks/main.js","static/chunks/borrado.js"]}',
      ),
      /no están en la build: static\/chunks\/borrado\.js/,
    ],
  ];
  test.each(casos)('%s: precarga todo con un aviso', (_nombre, romper, motivo) => {
    const f = build();
    romper(f);
    const todas = entradas();
    const { manifest, warnings } = elegirPrecarga(todas, lector(f));
    expect(manifest).toEqual(todas);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^Precarga: no se pudo elegir .* se precarga toda la build\.$/);
    expect(warnings[0]).toMatch(motivo);
  });

  test('sin archivos de la build en la lista (sólo public/): todo, con un aviso', () => {
    const solo = [{ url: 'public/icono-192.png', revision: 'r', size: 1 }];
    const { manifest, warnings } = elegirPrecarga(solo, lector(build()));
    expect(manifest).toEqual(solo);
    expect(warnings[0]).toMatch(/no se reconoce la carpeta de la build/);
  });
});

describe('las piezas', () => {
  test('carpetaDeLaBuild: lo que va antes de static/ (una sola carpeta)', () => {
    expect(carpetaDeLaBuild(entradas())).toBe(D);
    expect(
      carpetaDeLaBuild([
        { url: '.next/static/a.js', size: 1 },
        { url: '.otra/static/b.js', size: 1 },
      ]),
    ).toBeNull();
    expect(carpetaDeLaBuild([{ url: '.next/a.js', size: 1 }])).toBeNull();
  });

  test('leerManifiestoDeCliente lee el objeto sin ejecutar el script', () => {
    const m = leerManifiestoDeCliente(
      manifiestoDeCliente('/x/page', ['static/chunks/x.js'], [], []),
      '/x/page',
    );
    expect(m.entryJSFiles?.['[project]/src/app/x/page']).toEqual(['static/chunks/x.js']);
  });

  test('conLosQueNombran sigue los chunks nombrados, sólo los que existen y sin repetir', () => {
    const textos: Record<string, string> = {
      'static/chunks/a.js': '"static/chunks/b.js" "static/chunks/c.css" "static/chunks/zz.js"',
      'static/chunks/b.js': '"static/chunks/a.js" "static/chunks/d.js"',
      'static/chunks/d.js': '',
    };
    const existentes = new Set([
      'static/chunks/a.js',
      'static/chunks/b.js',
      'static/chunks/c.css',
      'static/chunks/d.js',
      'static/chunks/e.js',
    ]);
    expect(
      [...conLosQueNombran(['static/chunks/a.js'], existentes, (a) => textos[a] ?? null)].sort(),
    ).toEqual([
      'static/chunks/a.js',
      'static/chunks/b.js',
      'static/chunks/c.css',
      'static/chunks/d.js',
    ]);
  });
});
