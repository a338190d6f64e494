import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import prettier from 'eslint-config-prettier';

/** Los avisos pasan por `avisar` (src/components/ui/avisos.ts): no se apilan (issue 11 §8). */
const AVISOS = {
  object: 'notifications',
  property: 'show',
  message:
    'Use avisar() de @/components/ui/avisos: un aviso del mismo tipo reemplaza al anterior en vez de apilarse.',
};
/** El entorno se lee sólo en src/server/config.ts. */
const ENTORNO = {
  object: 'process',
  property: 'env',
  message: 'El entorno se lee sólo en src/server/config.ts: use config().',
};
/**
 * Las pantallas (src/app, src/components) no entran al interior de un módulo ni a la base: las
 * formas de lo que devuelve un procedimiento salen de `inferRouterOutputs<AppRouter>`, lo que
 * comparten con el servidor vive en src/domain, src/server/consultas o src/server/api/schemas.ts.
 * Vale también para `import type` y para las rutas relativas.
 */
const INTERIOR_DEL_SERVIDOR = {
  group: [
    '@/server/api/routers',
    '@/server/api/routers/**',
    '@/server/db/schema',
    '@/server/db/schema/**',
    '**/server/api/routers',
    '**/server/api/routers/**',
    '**/server/db/schema',
    '**/server/db/schema/**',
  ],
  message:
    'Las pantallas no importan un módulo (src/server/api/routers) ni el esquema de la base: use inferRouterOutputs<AppRouter>, src/domain o src/server/consultas.',
};
/** El servidor no depende de las capas de arriba (pantallas, cliente y llamador de tRPC). */
const CAPAS_DE_ARRIBA = {
  group: ['@/app', '@/app/**', '@/components', '@/components/**', '@/trpc', '@/trpc/**'],
  message:
    'src/server no importa src/app, src/components ni src/trpc: lo que ambos usan baja al servidor (p. ej. src/server/contexto-pedido.ts).',
};

const config = [
  ...nextVitals,
  ...nextTs,
  prettier,
  {
    ignores: [
      '.next*/**',
      '.next/**',
      'node_modules/**',
      'drizzle/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      'next-env.d.ts',
    ],
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  // Fronteras de los módulos (README "Arquitectura", DESIGN §4). Un bloque posterior con la misma
  // regla reemplaza las opciones del anterior: los módulos repiten CAPAS_DE_ARRIBA.
  {
    files: ['src/server/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [CAPAS_DE_ARRIBA] }] },
  },
  {
    files: ['src/server/api/routers/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/server/api/routers/**', '../*', '../**'],
              message:
                'Un módulo no importa otro módulo: lo compartido va a src/server/consultas, src/server/api/schemas.ts o src/domain.',
            },
            {
              group: ['@/server/reloj', '@/server/config'],
              message:
                'Los servicios no leen el reloj ni el entorno: "hoy" y el ciclo vienen de ctx (ctx.hoy, ctx.ciclo).',
            },
            CAPAS_DE_ARRIBA,
          ],
        },
      ],
    },
  },
  {
    files: ['src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/app', '@/app/**', '../app/**', '../../app/**', '../../../app/**'],
              message: 'src/components no importa src/app: lo compartido vive en components.',
            },
            INTERIOR_DEL_SERVIDOR,
          ],
        },
      ],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    // Provisorio: la búsqueda de usuarios de /bypass se está mudando a src/server/consultas
    // (issue 33 §2); al terminar, estas dos salen de la lista.
    ignores: ['src/app/bypass/page.tsx', 'src/app/api/admin/bypass/route.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [INTERIOR_DEL_SERVIDOR] }] },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@/server/**',
                '@/app/**',
                '@/components/**',
                'next',
                'next/**',
                'drizzle-orm',
                'drizzle-orm/**',
                'react',
              ],
              message:
                'src/domain es puro: reglas sin E/S ni dependencias del servidor o de la interfaz.',
            },
          ],
        },
      ],
    },
  },
  // Ningún archivo de src/ pasa de 650 líneas (issue 33 §1), contadas como `wc -l` (también las
  // vacías y los comentarios): un módulo que crece se parte por tarea, como notas/ e inscripcion/.
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 650, skipBlankLines: false, skipComments: false }] },
  },
  // `no-restricted-properties` en src/: en la configuración plana, un bloque posterior con la misma
  // regla reemplaza sus opciones (no las suma). Por eso las dos restricciones van juntas y cada
  // excepción vuelve a nombrar la que sigue valiendo allí.
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-properties': ['error', AVISOS, ENTORNO] },
  },
  {
    files: ['src/components/ui/avisos.ts'],
    rules: { 'no-restricted-properties': ['error', ENTORNO] },
  },
  {
    files: ['src/server/config.ts', 'src/trpc/react.tsx'],
    rules: { 'no-restricted-properties': ['error', AVISOS] },
  },
  // Una sola forma de transacción (issue 33 §5): `transaccion(ctx, async (tx) => …)` de
  // src/server/errores.ts, que reintenta los interbloqueos y traduce los errores de integridad.
  // La siembra (un guion, no una petición) abre la suya. Es el único bloque `no-restricted-syntax` de src/:
  // uno posterior sobre los mismos archivos reemplazaría este (como con no-restricted-properties).
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/errores.ts', 'src/server/db/seed/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.type='MemberExpression'][callee.property.name='transaction']",
          message:
            'Las transacciones se abren con transaccion(ctx, async (tx) => …) de @/server/errores: reintenta los interbloqueos y traduce los errores de integridad.',
        },
        // revalidatePath('/', …) regenera en el servidor las páginas prerenderizadas (/login,
        // /sin-conexion): /login dejaría de coincidir con los sha256 de su CSP
        // (src/server/login-estatico.ts) y no hidrataría. Para que el navegador vuelva a pedir
        // las páginas alcanza con poner la cookie en la acción (Next invalida su caché) o con
        // router.refresh().
        {
          selector:
            "CallExpression[callee.name=/^revalidate(Path|Tag)$/][arguments.0.type='Literal'][arguments.0.value='/']",
          message:
            "revalidatePath('/') regenera /login prerenderizado y rompe su CSP: revalide sólo las rutas de lo que cambió (ver src/server/login-estatico.ts).",
        },
      ],
    },
  },
  // Pruebas de punta a punta: corren en el día escolar fijo (tests/e2e/fecha.ts) y con el reloj del
  // navegador en ese día (tests/e2e/prueba.ts), no en el de la máquina.
  {
    files: ['tests/e2e/**/*.ts'],
    ignores: ['tests/e2e/prueba.ts', 'tests/e2e/fecha.ts', 'tests/e2e/servidor.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              message:
                'Importe test y expect de ./prueba: instalan el reloj del navegador en el día escolar fijo.',
            },
          ],
          patterns: [
            {
              group: ['@/server/reloj', '**/server/reloj'],
              message:
                'El proceso de las pruebas no tiene el día fijo del servidor: use FECHA_ESCOLAR o CICLO_ESCOLAR de ./fecha.',
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'browser',
          property: 'newContext',
          message: 'Use nuevoContexto(browser, opciones) de ./prueba: lleva el reloj del día fijo.',
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message:
            'Las fechas de las pruebas salen de ./fecha (FECHA_ESCOLAR, ahoraEscolar()), no del reloj de la máquina.',
        },
      ],
    },
  },
];
export default config;
