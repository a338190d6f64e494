/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/tests/unit', '<rootDir>/tests/integration'],
  testMatch: ['**/*.test.ts'],
  // Cada llamada a un procedimiento con salida declarada valida lo que devuelve (issue 33 §3).
  setupFiles: ['<rootDir>/tests/fixtures/validar-salidas.ts'],
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/src/$1',
    '^server-only$': '<rootDir>/tests/fixtures/vacio.ts',
  },
  transform: {
    '^.+\\.(t|j)sx?$': [
      'ts-jest',
      {
        tsconfig: {
          jsx: 'react-jsx',
          module: 'commonjs',
          moduleResolution: 'node',
          allowJs: true,
          isolatedModules: true,
        },
        diagnostics: false,
      },
    ],
  },
  // @auth/core, jose y @panva/hkdf (ESM): la prueba del token de sesión usa el `encode` de next-auth.
  // archiver 8 y sus dependencias ESM (zip-stream, compress-commons, crc32-stream, is-stream): la
  // exportación completa y la del legajo (issue 34 §3).
  transformIgnorePatterns: [
    '/node_modules/(?!(superjson|copy-anything|is-what|@auth|jose|@panva|pg-boss|serialize-error|non-error|rrule-temporal|cron-parser|archiver|zip-stream|compress-commons|crc32-stream|is-stream)/)',
  ],
  testTimeout: 60_000,
  maxWorkers: 2,
};
export default config;
