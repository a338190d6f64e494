/**
 * Los estilos de Mantine van en dos partes (src/components/estilos-mantine/): la base (las
 * variables, el reset y lo que usan los avisos) en el layout raíz, y los componentes sólo en las
 * páginas que los muestran (/login, por ejemplo, no los baja). Esta prueba lee el código de
 * Mantine instalado y el de la app para que ninguna de las dos cosas pueda romperse sin que se
 * note:
 *  - cada componente de @mantine/core que usa la app (y los que éste usa por dentro) tiene su
 *    hoja en una de las dos listas, y en el orden de `@mantine/core/styles.css`;
 *  - toda página cuyo árbol de imports (con sus layouts) usa un componente con estilos importa
 *    la lista de componentes.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const RAIZ = path.resolve(__dirname, '../..');
const CORE = path.join(RAIZ, 'node_modules/@mantine/core');
const NOTIFICACIONES = path.join(RAIZ, 'node_modules/@mantine/notifications');
const LISTAS = path.join(RAIZ, 'src/components/estilos-mantine');
const MODULO_COMPONENTES = path.join(LISTAS, 'componentes.ts');

/** Las hojas que importa un archivo, sin la carpeta: 'Button', 'baseline', … */
function hojasImportadas(archivo: string): string[] {
  const texto = readFileSync(archivo, 'utf8');
  return [...texto.matchAll(/^import '@mantine\/core\/styles\/([\w-]+)\.css';$/gm)].map(
    (m) => m[1]!,
  );
}

/** Nombre exportado por @mantine/core → carpeta de esm/components que lo define. */
function carpetasDeExportaciones(): Map<string, string> {
  const indice = readFileSync(path.join(CORE, 'esm/index.mjs'), 'utf8');
  const mapa = new Map<string, string>();
  for (const m of indice.matchAll(/import \{([^}]*)\} from "\.\/components\/(\w+)\//g))
    for (const nombre of m[1]!.split(',')) mapa.set(nombre.trim(), m[2]!);
  return mapa;
}

/** Carpeta de componente → carpetas de componentes que importa su código. */
function dependenciasDeComponentes(): Map<string, Set<string>> {
  const base = path.join(CORE, 'esm/components');
  const grafo = new Map<string, Set<string>>();
  const recorrer = (carpeta: string, dir: string, deps: Set<string>) => {
    for (const f of readdirSync(dir)) {
      const p = path.join(dir, f);
      if (statSync(p).isDirectory()) recorrer(carpeta, p, deps);
      else if (f.endsWith('.mjs'))
        for (const m of readFileSync(p, 'utf8').matchAll(
          /from "(?:\.\.\/)+(?:components\/)?([A-Z]\w+)\//g,
        ))
          if (m[1] !== carpeta && existsSync(path.join(base, m[1]!))) deps.add(m[1]!);
    }
  };
  for (const carpeta of readdirSync(base)) {
    const deps = new Set<string>();
    recorrer(carpeta, path.join(base, carpeta), deps);
    grafo.set(carpeta, deps);
  }
  return grafo;
}

const GRAFO = dependenciasDeComponentes();
const CARPETA_DE = carpetasDeExportaciones();
const TIENE_HOJA = (c: string) => existsSync(path.join(CORE, 'styles', `${c}.css`));

/** Los nodos alcanzables desde `inicio` siguiendo `vecinos` (ellos incluidos). */
function alcanzables(inicio: Iterable<string>, vecinos: (n: string) => Iterable<string>) {
  const vistos = new Set<string>();
  const pendientes = [...inicio];
  while (pendientes.length) {
    const n = pendientes.pop()!;
    if (vistos.has(n)) continue;
    vistos.add(n);
    pendientes.push(...vecinos(n));
  }
  return vistos;
}

/** Estas carpetas de componentes y todas las que usan, directa o indirectamente. */
const cierre = (carpetas: Iterable<string>) => alcanzables(carpetas, (c) => GRAFO.get(c) ?? []);

/** Las hojas de estilos que necesitan estos nombres de @mantine/core, con sus dependencias. */
function hojasNecesarias(nombres: Iterable<string>): Set<string> {
  const carpetas = [...nombres].map((n) => CARPETA_DE.get(n)).filter((c): c is string => !!c);
  return new Set([...cierre(carpetas)].filter(TIENE_HOJA));
}

/** Los nombres (valores, no tipos) que un texto importa de `paquete`. */
function nombresImportados(texto: string, paquete: string): string[] {
  const nombres: string[] = [];
  const patron = new RegExp(
    `import\\s+(type\\s+)?\\{([^}]*)\\}\\s*from\\s*['"]${paquete}['"]`,
    'g',
  );
  for (const m of texto.matchAll(patron)) {
    if (m[1]) continue;
    for (const n of m[2]!.split(',')) {
      const nombre = n.trim();
      if (nombre && !nombre.startsWith('type ')) nombres.push(nombre.split(/\s+as\s+/)[0]!);
    }
  }
  return nombres;
}

const ORDEN_MANTINE = (() => {
  const todo = readFileSync(path.join(CORE, 'styles.css'), 'utf8');
  const posicion = new Map<string, number>();
  for (const f of readdirSync(path.join(CORE, 'styles'))) {
    if (f.includes('.layer.')) continue;
    const contenido = readFileSync(path.join(CORE, 'styles', f), 'utf8')
      .replace(/^\/\*.*\*\/\n/, '')
      .trim();
    posicion.set(f.replace(/\.css$/, ''), todo.indexOf(contenido.slice(0, 200)));
  }
  return posicion;
})();

// ---------------------------------------------------------------- el código de la app

const SRC = path.join(RAIZ, 'src');

function archivosFuente(dir: string, salida: string[] = []): string[] {
  for (const f of readdirSync(dir)) {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) archivosFuente(p, salida);
    else if (/\.tsx?$/.test(f)) salida.push(p);
  }
  return salida;
}

/** Resuelve un import de la app ('@/…', './…') a su archivo, o null si es un paquete o CSS. */
function resolver(desde: string, especificador: string): string | null {
  let base: string;
  if (especificador.startsWith('@/')) base = path.join(SRC, especificador.slice(2));
  else if (especificador.startsWith('.')) base = path.resolve(path.dirname(desde), especificador);
  else return null;
  for (const c of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
    if (existsSync(c) && statSync(c).isFile() && /\.tsx?$/.test(c)) return c;
  return null;
}

const IMPORTS =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

const cacheArchivo = new Map<string, { locales: string[]; mantine: string[] }>();
function leerArchivo(archivo: string) {
  let datos = cacheArchivo.get(archivo);
  if (!datos) {
    const texto = readFileSync(archivo, 'utf8');
    const locales = [...texto.matchAll(IMPORTS)]
      .map((m) => resolver(archivo, (m[1] ?? m[2] ?? m[3])!))
      .filter((r): r is string => !!r);
    datos = { locales, mantine: nombresImportados(texto, '@mantine/core') };
    cacheArchivo.set(archivo, datos);
  }
  return datos;
}

/** Todos los archivos de la app alcanzables desde `entradas`. */
const arbol = (entradas: string[]) => alcanzables(entradas, (a) => leerArchivo(a).locales);

/** Los layouts de una ruta, de la raíz hacia adentro, más el archivo de la ruta. */
function cadenaDeLayouts(archivo: string): string[] {
  const app = path.join(SRC, 'app');
  const cadena: string[] = [];
  let dir = path.dirname(archivo);
  const carpetas: string[] = [];
  while (dir.startsWith(app)) {
    carpetas.unshift(dir);
    if (dir === app) break;
    dir = path.dirname(dir);
  }
  for (const c of carpetas) {
    const layout = path.join(c, 'layout.tsx');
    if (existsSync(layout) && layout !== archivo) cadena.push(layout);
  }
  return [...cadena, archivo];
}

const BASE = hojasImportadas(path.join(LISTAS, 'base.ts'));
const COMPONENTES = hojasImportadas(MODULO_COMPONENTES);

describe('estilos de Mantine en dos partes', () => {
  it('la base tiene las variables, el reset y todo lo que usan los avisos (@mantine/notifications)', () => {
    const nombres: string[] = [];
    for (const f of readdirSync(path.join(NOTIFICACIONES, 'esm')))
      if (f.endsWith('.mjs'))
        nombres.push(
          ...nombresImportados(
            readFileSync(path.join(NOTIFICACIONES, 'esm', f), 'utf8'),
            '@mantine/core',
          ),
        );
    const necesarias = hojasNecesarias(nombres);
    expect(necesarias.has('Notification')).toBe(true);
    const faltan = [...necesarias].filter((h) => !BASE.includes(h));
    expect(faltan).toEqual([]);
    expect(BASE.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
  });

  it('cada componente que usa la app, y los que éste usa por dentro, tiene su hoja', () => {
    const nombres = archivosFuente(SRC).flatMap((a) => leerArchivo(a).mantine);
    expect(nombres).toContain('Button');
    const necesarias = hojasNecesarias(nombres);
    expect(necesarias.has('UnstyledButton')).toBe(true);
    const faltan = [...necesarias].filter((h) => !BASE.includes(h) && !COMPONENTES.includes(h));
    expect(faltan).toEqual([]);
  });

  it('sin repetidas y cada lista en el orden de styles.css (el de Mantine: cada hoja después de las que pisa)', () => {
    expect(BASE.filter((h) => COMPONENTES.includes(h))).toEqual([]);
    for (const lista of [BASE, COMPONENTES]) {
      for (const h of lista) expect([h, ORDEN_MANTINE.get(h) ?? -1]).not.toEqual([h, -1]);
      const ordenada = [...lista].sort((a, b) => ORDEN_MANTINE.get(a)! - ORDEN_MANTINE.get(b)!);
      expect(lista).toEqual(ordenada);
    }
    // La base va antes que todo (en styles.css, UnstyledButton va después de ScrollArea, Paper y
    // otros que no la usan ni la pisan): ninguna hoja de la base depende de una de componentes.
    const deLaBase = cierre(BASE.filter(TIENE_HOJA));
    expect(COMPONENTES.filter((h) => deLaBase.has(h))).toEqual([]);
  });

  it('toda página que muestra componentes de Mantine importa sus estilos; /login no', () => {
    const rutas = archivosFuente(path.join(SRC, 'app')).filter((a) =>
      /(?:^|\/)(page|loading|template|default|not-found|error|global-error)\.tsx$/.test(a),
    );
    expect(rutas.length).toBeGreaterThan(40);
    const sinEstilos: string[] = [];
    const conEstilos = new Map<string, boolean>();
    for (const ruta of rutas) {
      const archivos = arbol(cadenaDeLayouts(ruta));
      const hojas = hojasNecesarias([...archivos].flatMap((a) => leerArchivo(a).mantine));
      const usa = [...hojas].some((h) => !BASE.includes(h));
      conEstilos.set(path.relative(SRC, ruta), archivos.has(MODULO_COMPONENTES));
      if (usa && !archivos.has(MODULO_COMPONENTES)) sinEstilos.push(path.relative(SRC, ruta));
    }
    expect(sinEstilos).toEqual([]);
    expect(conEstilos.get('app/login/page.tsx')).toBe(false);
    expect(conEstilos.get('app/(staff)/(alumnos)/alumnos/page.tsx')).toBe(true);
  });
});
