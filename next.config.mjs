const dev = process.env.NODE_ENV !== 'production';

// La CSP de lo que no es un documento (/api, /_next, archivos): ningún script en línea. Las
// páginas llevan la misma con el nonce de cada pedido, que pone el servidor antes de Next en el
// pedido y en la respuesta (src/server/csp.ts: si cambia una, cambie la otra); por eso esta regla
// no se aplica cuando el pedido ya trae la cabecera. Mantine escribe estilos en línea:
// 'unsafe-inline' sólo en style-src. Todo lo demás sólo del propio origen; nadie puede enmarcar
// el portal.
const csp = [
  "default-src 'self'",
  `script-src 'self'${dev ? " 'unsafe-eval'" : ''}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
  "frame-ancestors 'none'",
  "form-action 'self'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ');

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // Carpeta de compilación: otra permite compilar en paralelo (pruebas, mediciones).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // `npm run bench` compila con BENCH_TECHO=1: suma la ruta del techo de Next
  // (src/app/api/techo/[...ruta]/route.techo.ts). Ninguna otra build la tiene.
  pageExtensions: [
    'tsx',
    'ts',
    'jsx',
    'js',
    ...(process.env.BENCH_TECHO === '1' ? ['techo.ts', 'techo.tsx'] : []),
  ],
  // El chequeo de tipos corre aparte (`npm run typecheck`, en CI) sobre todo el repositorio.
  typescript: { ignoreBuildErrors: true },
  // drizzle-orm, de node_modules y una sola vez por proceso: compilado, cada capa del servidor
  // (páginas, manejadores de rutas) tendría su copia, y la base (una por proceso, abierta por la
  // primera que la pide) no reconocería con `instanceof` las tablas y columnas de las otras:
  // drizzle caería en su comparación lenta por el prototipo en cada columna de cada fila.
  // esbuild compila el service worker al armar /serwist/sw.js (src/app/serwist/[path]/route.ts):
  // binario nativo, fuera del paquete. Es lo que hace `withSerwist` de @serwist/turbopack, sin
  // cargar ese paquete en cada arranque para leer esta configuración.
  serverExternalPackages: [
    '@electric-sql/pglite',
    'postgres',
    'drizzle-orm',
    'oidc-provider',
    'esbuild',
  ],
  // Ver shims/floating-ui-react.mjs: useMergeRefs sin traer floating-ui entero.
  turbopack: { resolveAlias: { '@floating-ui/react': './shims/floating-ui-react.mjs' } },
  experimental: {
    optimizePackageImports: ['@mantine/core', '@mantine/hooks', '@tabler/icons-react'],
    // Un pedido que pasa por el proxy (src/proxy.ts: los caminos con "%") llega con su cuerpo
    // copiado en memoria por Next, hasta este máximo (10 MB por defecto): 20 subidas sin sesión
    // a /api/x%41 eran 200 MB. Con el máximo del JSON (1 MB), a lo sumo ~2 MB por pedido; lo
    // que pase se corta (la ruta responde 400 o 413). Ningún cliente sube archivos por esos caminos.
    proxyClientMaxBodySize: '1mb',
  },
  async headers() {
    const comunes = [
      { key: 'X-Content-Type-Options', value: 'nosniff' },
      { key: 'X-Frame-Options', value: 'DENY' },
      { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
      { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
    ];
    return [
      { source: '/:path*', headers: comunes },
      {
        source: '/:path*',
        missing: [{ type: 'header', key: 'content-security-policy' }],
        headers: [{ key: 'Content-Security-Policy', value: csp }],
      },
      {
        // La API responde datos personales (JSON del contrato REST y de tRPC, fotos,
        // comprobantes, CSV): ni el navegador ni un proxy guardan una copia (también los
        // errores y las respuestas del proxy; este valor prevalece sobre el de un manejador).
        // Las páginas con sesión son dinámicas y Next ya les pone `private, no-cache, no-store`.
        source: '/api/:path*',
        headers: [{ key: 'Cache-Control', value: 'no-store' }],
      },
      {
        // HSTS sólo cuando se sirve por HTTPS (detrás del balanceador).
        source: '/:path*',
        has: [{ type: 'header', key: 'x-forwarded-proto', value: 'https' }],
        headers: [
          { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' },
        ],
      },
    ];
  },
};

export default nextConfig;
