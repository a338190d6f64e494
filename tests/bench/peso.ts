/**
 * JS de primera carga por ruta (issue 12, objetivo 4), con gzip nivel 9, contra su presupuesto:
 * ≤ 170 kB en lo que se abre desde el teléfono (/login, /inscripcion/completar, cada vista
 * -externo y /perfil/*) y ≤ 250 kB en las pantallas del personal (las páginas de
 * src/app/(staff)). Lo usa `npm run bench` y se corre solo con `npm run peso` sobre una build
 * existente (NEXT_DIST_DIR, `.next-bench` por defecto): `npx next build` antes.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { gzipSync } from 'node:zlib';

const RAIZ = process.cwd();

export interface PrimeraCarga {
  ruta: string;
  bytes: number;
  gzip: number;
  chunks: number;
}

/** Presupuestos del issue 12 (kB = 1000 B, gzip nivel 9). */
export const PRESUPUESTO_TELEFONO = 170_000;
export const PRESUPUESTO_PERSONAL = 250_000;

const esDeTelefono = (ruta: string) =>
  ruta === '/login' ||
  // Lo que se sirve a quien llega sin sesión (src/server/login-estatico.ts).
  ruta === '/login/estatico' ||
  ruta === '/inscripcion/completar' ||
  // Cada vista -externo y lo que cuelga de ella (/comunicados-externo/[id]).
  /-externo(\/|$)/.test(ruta) ||
  ruta.startsWith('/perfil/');

/** Las rutas de las páginas del personal: las carpetas con page.tsx bajo src/app/(staff). */
function rutasDelPersonal(): Set<string> {
  const rutas = new Set<string>();
  const base = path.join(RAIZ, 'src/app/(staff)');
  const recorrer = (carpeta: string, ruta: string) => {
    for (const e of readdirSync(carpeta, { withFileTypes: true })) {
      if (!e.isDirectory()) {
        if (e.name === 'page.tsx') rutas.add(ruta || '/');
        continue;
      }
      if (e.name.startsWith('_')) continue;
      // Los grupos "(x)" no suman segmento a la ruta.
      const segmento = e.name.startsWith('(') ? '' : `/${e.name}`;
      recorrer(path.join(carpeta, e.name), ruta + segmento);
    }
  };
  if (existsSync(base)) recorrer(base, '');
  return rutas;
}

/** El presupuesto de una ruta, o null si el issue no le pone uno. */
export function presupuestoDe(ruta: string, personal = rutasDelPersonal()): number | null {
  if (esDeTelefono(ruta)) return PRESUPUESTO_TELEFONO;
  if (ruta === '/' || personal.has(ruta)) return PRESUPUESTO_PERSONAL;
  return null;
}

function medirChunks(ruta: string, archivos: string[]): PrimeraCarga {
  let bytes = 0;
  let gzip = 0;
  for (const archivo of archivos) {
    const contenido = readFileSync(path.resolve(RAIZ, archivo));
    bytes += contenido.length;
    gzip += gzipSync(contenido, { level: 9 }).length;
  }
  return { ruta, bytes, gzip, chunks: archivos.length };
}

/**
 * JS de primera carga por ruta. Next 16 deja la lista de chunks de cada ruta en
 * <dist>/diagnostics/route-bundle-stats.json (sin gzip: se calcula aquí). Si no existe, se
 * arma desde los manifiestos: los entryJSFiles del client reference manifest de la página
 * más los rootMainFiles del build manifest.
 */
export function primeraCarga(dist: string): { filas: PrimeraCarga[]; fuente: string } {
  const stats = path.join(RAIZ, dist, 'diagnostics/route-bundle-stats.json');
  if (existsSync(stats)) {
    const rutas = JSON.parse(readFileSync(stats, 'utf8')) as {
      route: string;
      firstLoadUncompressedJsBytes: number;
      firstLoadChunkPaths: string[];
    }[];
    const filas = rutas.map((r) => {
      const medida = medirChunks(r.route, r.firstLoadChunkPaths);
      if (medida.bytes !== r.firstLoadUncompressedJsBytes) {
        console.warn(
          `⚠ ${r.route}: los chunks suman ${medida.bytes} B y Next informa ${r.firstLoadUncompressedJsBytes} B.`,
        );
      }
      return medida;
    });
    return { filas, fuente: `${dist}/diagnostics/route-bundle-stats.json` };
  }
  const raices = (
    JSON.parse(readFileSync(path.join(RAIZ, dist, 'build-manifest.json'), 'utf8')) as {
      rootMainFiles: string[];
    }
  ).rootMainFiles;
  const filas: PrimeraCarga[] = [];
  for (const [ruta, carpeta] of [
    ['/', ''],
    ['/login', 'login'],
  ] as const) {
    const archivo = path.join(
      RAIZ,
      dist,
      'server/app',
      carpeta,
      'page_client-reference-manifest.js',
    );
    if (!existsSync(archivo)) continue;
    const contexto = {
      globalThis: {} as {
        __RSC_MANIFEST?: Record<string, { entryJSFiles?: Record<string, string[]> }>;
      },
    };
    vm.runInNewContext(readFileSync(archivo, 'utf8'), contexto);
    const manifiesto = Object.values(contexto.globalThis.__RSC_MANIFEST ?? {})[0];
    const chunks = new Set([...Object.values(manifiesto?.entryJSFiles ?? {}).flat(), ...raices]);
    filas.push(
      medirChunks(
        ruta,
        [...chunks].map((c) => path.join(dist, c)),
      ),
    );
  }
  return { filas, fuente: 'client reference manifests + build-manifest.json' };
}

const kB = (b: number) =>
  `${(b / 1000).toLocaleString('es-AR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} kB`;

/** La tabla en Markdown, con el presupuesto de cada ruta y ✓/✗; al pie, cuántas lo cumplen. */
export function tablaPrimeraCarga(filas: PrimeraCarga[]): string {
  const personal = rutasDelPersonal();
  const lineas = [
    '| Ruta | JS de primera carga | gzip (nivel 9) | chunks | presupuesto |',
    '|---|--:|--:|--:|--|',
  ];
  const cuenta: Record<'telefono' | 'personal', [number, number]> = {
    telefono: [0, 0],
    personal: [0, 0],
  };
  for (const f of filas) {
    const tope = presupuestoDe(f.ruta, personal);
    let marca = '—';
    if (tope !== null) {
      const ok = f.gzip <= tope;
      const grupo = tope === PRESUPUESTO_TELEFONO ? cuenta.telefono : cuenta.personal;
      grupo[0] += ok ? 1 : 0;
      grupo[1] += 1;
      marca = `≤ ${kB(tope)} ${ok ? '✓' : '✗'}`;
    }
    lineas.push(`| ${f.ruta} | ${kB(f.bytes)} | ${kB(f.gzip)} | ${f.chunks} | ${marca} |`);
  }
  lineas.push(
    '',
    `Dentro del presupuesto: teléfono ${cuenta.telefono[0]} de ${cuenta.telefono[1]}, ` +
      `personal ${cuenta.personal[0]} de ${cuenta.personal[1]}.`,
  );
  return lineas.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  const dist = process.env.NEXT_DIST_DIR || '.next-bench';
  const { filas, fuente } = primeraCarga(dist);
  const soloFuera = process.argv.includes('--fuera');
  const personal = rutasDelPersonal();
  const elegidas = soloFuera
    ? filas.filter((f) => {
        const tope = presupuestoDe(f.ruta, personal);
        return tope !== null && f.gzip > tope;
      })
    : filas;
  console.log(`Fuente: ${fuente}; kB = 1000 B.\n`);
  console.log(tablaPrimeraCarga(elegidas));
}
