/**
 * Los nombres de los procedimientos los comprueba el compilador (issue 33 §3): la tabla de acceso
 * (`PROCEDIMIENTOS satisfies Record<RutaProcedimiento, Acceso>`) y las filas REST
 * (`RutaRest.procedimiento: RutaProcedimiento`). Se compila con la API de TypeScript
 * tests/fixtures/ruta-mal-escrita.ts sin sus `@ts-expect-error` y se exige el error de cada nombre
 * mal escrito, en su línea; si `RutaProcedimiento` se degradara a `string`, no habría errores. Con
 * las directivas, el fixture entra en el `tsc --noEmit` de siempre: las filas bien escritas
 * compilan y cada directiva tiene su error.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';

const RAIZ = resolve(__dirname, '../..');
const FIXTURE = resolve(RAIZ, 'tests/fixtures/ruta-mal-escrita.ts');
const DIRECTIVA = /\/\/ @ts-expect-error.*$/;

function opciones(): ts.CompilerOptions {
  const archivo = ts.findConfigFile(RAIZ, ts.sys.fileExists, 'tsconfig.json')!;
  const { config } = ts.readConfigFile(archivo, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config, ts.sys, RAIZ).options;
}

/** Los errores del fixture compilado con este texto: [código, línea (desde 1), mensaje]. */
function errores(texto: string): [number, number, string][] {
  const opts = { ...opciones(), noEmit: true, incremental: false };
  const host = ts.createCompilerHost(opts);
  const original = host.getSourceFile.bind(host);
  host.getSourceFile = (nombre, version, ...resto) =>
    resolve(nombre) === FIXTURE
      ? ts.createSourceFile(nombre, texto, version)
      : original(nombre, version, ...resto);
  const programa = ts.createProgram([FIXTURE], opts, host);
  const fuente = programa.getSourceFile(FIXTURE)!;
  return [...programa.getSyntacticDiagnostics(fuente), ...programa.getSemanticDiagnostics(fuente)]
    .map((d): [number, number, string] => [
      d.code,
      fuente.getLineAndCharacterOfPosition(d.start ?? 0).line + 1,
      ts.flattenDiagnosticMessageText(d.messageText, '\n'),
    ])
    .sort((a, b) => a[1] - b[1]);
}

const texto = readFileSync(FIXTURE, 'utf8');
/** Las líneas (desde 1) que siguen a cada `@ts-expect-error`: las de los nombres mal escritos. */
const esperadas = texto.split('\n').flatMap((linea, i) => (DIRECTIVA.test(linea) ? [i + 2] : []));

describe('un nombre de procedimiento mal escrito no compila', () => {
  test('el fixture tiene los dos casos: la tabla de acceso y una fila REST', () => {
    expect(esperadas).toHaveLength(2);
  });

  // Arma el programa del proyecto alcanzable desde el fixture (appRouter y sus servicios).
  test('sin las directivas: un error por nombre mal escrito, en su línea, y ninguno más', () => {
    const sinDirectivas = texto
      .split('\n')
      .map((l) => l.replace(DIRECTIVA, '//'))
      .join('\n');
    const encontrados = errores(sinDirectivas);
    expect(encontrados.map(([, linea]) => linea)).toEqual(esperadas);
    const [tabla, fila] = encontrados;
    // La clave de más en `satisfies Record<RutaProcedimiento, …>`.
    expect(tabla![0]).toBe(2353);
    expect(tabla![2]).toContain("'notas.guardr'");
    // El procedimiento de la fila REST (2820: "…; ¿quiso decir 'notas.guardar'?").
    expect([2322, 2820]).toContain(fila![0]);
    expect(fila![2]).toContain('"notas.guardr"');
  }, 180_000);
});
