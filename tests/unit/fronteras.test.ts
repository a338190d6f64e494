/**
 * Las fronteras de los módulos (README "Arquitectura") son reglas de lint: estas pruebas le
 * pasan a ESLint código que las viola, con la ruta de un archivo del proyecto, y exigen el
 * error; y el mismo código en un lugar permitido, sin error.
 */
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: process.cwd() });

async function reglasQueFallan(codigo: string, archivo: string): Promise<string[]> {
  const [r] = await eslint.lintText(codigo, { filePath: archivo });
  return r!.messages.filter((m) => m.severity === 2).map((m) => m.ruleId ?? m.message);
}

const MODULO = 'src/server/api/routers/ejemplo/service.ts';

describe('un módulo no importa otro módulo', () => {
  test.each([
    "import { listar } from '@/server/api/routers/alumnos/service';\nexport const x = listar;\n",
    "import { crearAlumno } from '@/server/api/routers/alumnos/schemas';\nexport const x = crearAlumno;\n",
    "import { listar } from '../alumnos/service';\nexport const x = listar;\n",
    "import { alumnosRouter } from '@/server/api/routers/alumnos/router';\nexport const x = alumnosRouter;\n",
  ])('%s → error', async (codigo) => {
    expect(await reglasQueFallan(codigo, MODULO)).toContain('no-restricted-imports');
  });

  test.each([
    "import { planilla } from './schemas';\nexport const x = planilla;\n",
    "import { alumnosVisibles } from '@/server/alcance';\nexport const x = alumnosVisibles;\n",
    "import { coincide } from '@/server/consultas/personas';\nexport const x = coincide;\n",
    "import { id } from '@/server/api/schemas';\nexport const x = id;\n",
    "import { nombreCurso } from '@/domain/escuela';\nexport const x = nombreCurso;\n",
  ])('%s → permitido', async (codigo) => {
    expect(await reglasQueFallan(codigo, MODULO)).toEqual([]);
  });

  test('fuera de los módulos (root.ts une los routers) sí se puede', async () => {
    const codigo =
      "import { alumnosRouter } from '@/server/api/routers/alumnos/router';\nexport const x = alumnosRouter;\n";
    expect(await reglasQueFallan(codigo, 'src/server/api/root.ts')).toEqual([]);
  });
});

test('un servicio no lee el reloj ni la configuración', async () => {
  for (const m of ['@/server/reloj', '@/server/config'])
    expect(
      await reglasQueFallan(`import * as x from '${m}';\nexport const y = x;\n`, MODULO),
    ).toContain('no-restricted-imports');
});

test('src/components no importa src/app', async () => {
  const codigo = "import { cambiarRol } from '@/app/acciones';\nexport const x = cambiarRol;\n";
  expect(await reglasQueFallan(codigo, 'src/components/Ejemplo.tsx')).toContain(
    'no-restricted-imports',
  );
  expect(await reglasQueFallan(codigo, 'src/app/ejemplo/page.tsx')).toEqual([]);
});

describe('las pantallas no importan un módulo ni el esquema de la base', () => {
  test.each([
    [
      "import type { Opcion } from '@/server/api/routers/buscar/service';\nexport type X = Opcion;\n",
      'src/app/(staff)/ejemplo/_components/PantallaEjemplo.tsx',
    ],
    [
      "import { hijos } from '@/server/api/routers/sesion/service';\nexport const x = hijos;\n",
      'src/components/Ejemplo.tsx',
    ],
    [
      "export type { Hijo } from '@/server/api/routers/sesion/service';\n",
      'src/components/ejemplo.ts',
    ],
    [
      "import { ultimoAnioCalendario } from '../../../server/api/routers/calendario/schemas';\nexport const x = ultimoAnioCalendario;\n",
      'src/app/(staff)/ejemplo/page.tsx',
    ],
    [
      "import { usuarios } from '@/server/db/schema';\nexport const x = usuarios;\n",
      'src/app/api/ejemplo/route.ts',
    ],
    [
      "import type { alumnos } from '@/server/db/schema/alumnos';\nexport type X = typeof alumnos;\n",
      'src/components/Ejemplo.tsx',
    ],
    [
      "import { usuarios } from '../../server/db/schema';\nexport const x = usuarios;\n",
      'src/app/ejemplo/page.tsx',
    ],
  ])('%s en %s → error', async (codigo, archivo) => {
    expect(await reglasQueFallan(codigo, archivo)).toContain('no-restricted-imports');
  });

  test.each([
    "import type { Opcion } from '@/domain/opciones';\nexport type X = Opcion;\n",
    "import { hijos } from '@/server/consultas/hijos';\nexport const x = hijos;\n",
    "import type { AppRouter } from '@/server/api/root';\nexport type X = AppRouter;\n",
    "import { ultimoCicloPlanificable } from '@/server/api/schemas';\nexport const x = ultimoCicloPlanificable;\n",
    "import type { MedidaDeLista } from '@/components/vistas/tipos';\nexport type X = MedidaDeLista;\n",
  ])('%s → permitido en src/app y src/components', async (codigo) => {
    expect(await reglasQueFallan(codigo, 'src/app/(staff)/ejemplo/page.tsx')).toEqual([]);
    expect(await reglasQueFallan(codigo, 'src/components/Ejemplo.tsx')).toEqual([]);
  });

  test('los servicios sí usan el esquema de la base', async () => {
    const codigo = "import { usuarios } from '@/server/db/schema';\nexport const x = usuarios;\n";
    expect(await reglasQueFallan(codigo, MODULO)).toEqual([]);
    expect(await reglasQueFallan(codigo, 'src/server/consultas/ejemplo.ts')).toEqual([]);
  });
});

describe('el servidor no importa las capas de arriba (src/app, src/components, src/trpc)', () => {
  test.each([
    [
      "import { contexto } from '@/trpc/server';\nexport const x = contexto;\n",
      'src/server/auth/guardia.ts',
    ],
    [
      "import { avisar } from '@/components/ui/avisos';\nexport const x = avisar;\n",
      'src/server/consultas/ejemplo.ts',
    ],
    ["import { cambiarRol } from '@/app/acciones';\nexport const x = cambiarRol;\n", MODULO],
  ])('%s en %s → error', async (codigo, archivo) => {
    expect(await reglasQueFallan(codigo, archivo)).toContain('no-restricted-imports');
  });

  test('el contexto de la petición vive en el servidor', async () => {
    const codigo =
      "import { contexto } from '@/server/contexto-pedido';\nexport const x = contexto;\n";
    expect(await reglasQueFallan(codigo, 'src/server/auth/guardia.ts')).toEqual([]);
  });
});

test('src/domain es puro: no importa el servidor', async () => {
  const codigo = "import { config } from '@/server/config';\nexport const x = config;\n";
  expect(await reglasQueFallan(codigo, 'src/domain/ejemplo.ts')).toContain('no-restricted-imports');
});

test('process.env sólo en src/server/config.ts', async () => {
  const codigo = 'export const x = process.env.SCHOOL_TZ;\n';
  expect(await reglasQueFallan(codigo, 'src/server/api/routers/ejemplo/service.ts')).toContain(
    'no-restricted-properties',
  );
  expect(await reglasQueFallan(codigo, 'src/app/ejemplo/page.tsx')).toContain(
    'no-restricted-properties',
  );
  expect(await reglasQueFallan(codigo, 'src/server/config.ts')).toEqual([]);
});

test('los avisos pasan por avisar(): notifications.show sólo en src/components/ui/avisos.ts', async () => {
  const codigo =
    "import { notifications } from '@mantine/notifications';\nexport const x = () => notifications.show({ message: 'm' });\n";
  for (const archivo of [
    'src/app/ejemplo/page.tsx',
    'src/components/Ejemplo.tsx',
    'src/server/config.ts',
    'src/trpc/react.tsx',
  ])
    expect({ archivo, reglas: await reglasQueFallan(codigo, archivo) }).toEqual({
      archivo,
      reglas: ['no-restricted-properties'],
    });
  expect(await reglasQueFallan(codigo, 'src/components/ui/avisos.ts')).toEqual([]);
  // Y avisos.ts sigue sin poder leer el entorno.
  expect(
    await reglasQueFallan(
      'export const x = process.env.SCHOOL_TZ;\n',
      'src/components/ui/avisos.ts',
    ),
  ).toContain('no-restricted-properties');
});

describe('una sola forma de transacción: transaccion() de src/server/errores.ts (issue 33 §5)', () => {
  const CODIGO = [
    "import type { Ctx } from '@/server/contexto';\nexport const f = (ctx: Ctx) => ctx.db.transaction(async (tx) => tx.execute('select 1'));\n",
    "import type { Db } from '@/server/db';\nexport const f = (db: Db) => db.transaction(async () => 1);\n",
  ];

  test.each([
    MODULO,
    'src/server/consultas/ejemplo.ts',
    'src/server/auth/ejemplo.ts',
    'src/app/api/ejemplo/route.ts',
  ])('.transaction( en %s → error', async (archivo) => {
    for (const codigo of CODIGO)
      expect(await reglasQueFallan(codigo, archivo)).toContain('no-restricted-syntax');
  });

  test('en src/server/errores.ts (la que la abre) y en la siembra, permitido', async () => {
    for (const archivo of ['src/server/errores.ts', 'src/server/db/seed/ejemplo.ts'])
      for (const codigo of CODIGO) expect(await reglasQueFallan(codigo, archivo)).toEqual([]);
  });

  test('transaccion(ctx, …) en un módulo, permitido', async () => {
    const codigo =
      "import type { Ctx } from '@/server/contexto';\nimport { transaccion } from '@/server/errores';\nexport const f = (ctx: Ctx) => transaccion(ctx, async (tx) => tx.db.execute('select 1'));\n";
    expect(await reglasQueFallan(codigo, MODULO)).toEqual([]);
  });
});

describe('ningún archivo de src/ pasa de 650 líneas (issue 33 §1)', () => {
  /** Un archivo de `n` líneas según `wc -l`, la mitad vacías o de comentario: también cuentan. */
  const deLineas = (n: number) =>
    Array.from({ length: n }, (_, i) =>
      i === 0 ? 'export const x = 1;' : i % 3 === 0 ? '' : i % 3 === 1 ? '// nota' : '/* otra */',
    ).join('\n') + '\n';

  test('651 líneas → error', async () => {
    const codigo = deLineas(651);
    expect(codigo.split('\n').length - 1).toBe(651);
    for (const archivo of [MODULO, 'src/domain/ejemplo.ts', 'src/app/ejemplo/page.tsx'])
      expect({ archivo, reglas: await reglasQueFallan(codigo, archivo) }).toEqual({
        archivo,
        reglas: ['max-lines'],
      });
  });

  test('650 líneas → permitido', async () => {
    expect(await reglasQueFallan(deLineas(650), MODULO)).toEqual([]);
  });
});

describe('pruebas de punta a punta: el día escolar fijo, no el reloj de la máquina', () => {
  const SPEC = 'tests/e2e/ejemplo.spec.ts';
  test.each([
    ["import { test } from '@playwright/test';\nexport const x = test;\n", 'no-restricted-imports'],
    [
      "import { momentoEscolar } from '@/server/reloj';\nexport const x = momentoEscolar;\n",
      'no-restricted-imports',
    ],
    [
      'export const abrir = (browser: { newContext(): unknown }) => browser.newContext();\n',
      'no-restricted-properties',
    ],
    ['export const anio = new Date().getFullYear();\n', 'no-restricted-syntax'],
  ])('%s → %s', async (codigo, regla) => {
    expect(await reglasQueFallan(codigo, SPEC)).toContain(regla);
  });

  test.each([
    "import { expect, test } from './prueba';\nexport const x = [expect, test];\n",
    "import { FECHA_ESCOLAR } from './fecha';\nexport const x = new Date(`${FECHA_ESCOLAR}T12:00:00Z`);\n",
    'export const sufijo = Date.now();\n',
  ])('%s → permitido', async (codigo) => {
    expect(await reglasQueFallan(codigo, SPEC)).toEqual([]);
  });

  test('el fixture sí importa @playwright/test', async () => {
    const codigo = "import { test } from '@playwright/test';\nexport const x = test;\n";
    expect(await reglasQueFallan(codigo, 'tests/e2e/prueba.ts')).toEqual([]);
  });
});
