/**
 * Velocidad II (issue 37), el paso `velocidad` de `npm run bench`: todo relativo al piso del
 * framework (GET /api/salud en UN proceso) medido en la misma corrida.
 *
 *  - Los techos de esta build en un proceso (§6): una página prerenderizada (/techo/estatica),
 *    un componente de servidor vacío renderizado por pedido (/techo/vacia) y el marco de las
 *    familias con su sesión y sin contenido (/techo-marco). Sólo existen con BENCH_TECHO=1.
 *  - `npm start` con un proceso por núcleo: el piso en todos (§1, ≥ 1,7× en 2 núcleos), /login
 *    sin sesión (§2, ≥ 1,8×), las seis páginas de las familias con la sesión del alumno de
 *    demostración (§3, ≥ 0,5×), el inicio del admin (§4, ≥ 0,15×) y la planilla de asistencias
 *    del curso grande en JSON (§4, ≥ 0,3×), y los mismos techos.
 *
 * El que mide (autocannon, 10 conexiones) corre en la misma máquina: con 2 núcleos le quita
 * CPU a los procesos del servidor, como a la app de enfrente en la comparación del issue.
 */
export interface MedidaVelocidad {
  reqPorSeg: number;
  p50: number;
  p95: number;
  errores: number;
  no2xx: number;
}

export interface PaginaVelocidad {
  nombre: string;
  ruta: string;
  cookie: string;
  /** El principio del <title>, o null si la respuesta es JSON. */
  titulo: string | null;
  /** Objetivo: req/s ÷ el piso de un proceso. */
  objetivo?: number;
}

export interface FilaVelocidad {
  nombre: string;
  procesos: number;
  m: MedidaVelocidad;
  /** req/s ÷ el piso de un proceso. */
  relacion: number;
  objetivo?: number;
  kb: number;
}

export const PAGINAS_FAMILIAS = [
  { ruta: '/asistencias-externo', titulo: 'Asistencias' },
  { ruta: '/libretas-externo', titulo: 'Notas' },
  { ruta: '/avances-externo', titulo: 'Avances' },
  { ruta: '/evaluaciones-externo', titulo: 'Evaluaciones' },
  { ruta: '/horarios-externo', titulo: 'Horarios' },
  { ruta: '/medidas-externo', titulo: 'Medidas disciplinarias' },
] as const;

/** Las páginas y objetivos del issue 37, con las sesiones de quien las abre. */
export function paginasVelocidad(s: { alumno: string; admin: string; planilla: string }): {
  techos: PaginaVelocidad[];
  todas: PaginaVelocidad[];
} {
  const techos: PaginaVelocidad[] = [
    {
      nombre: 'techo: página prerenderizada',
      ruta: '/techo/estatica',
      cookie: '',
      titulo: 'Techo',
    },
    { nombre: 'techo: componente vacío', ruta: '/techo/vacia', cookie: '', titulo: 'Techo' },
    {
      nombre: 'techo: marco de las familias',
      ruta: '/techo-marco',
      cookie: s.alumno,
      titulo: 'Techo',
    },
  ];
  return {
    techos,
    todas: [
      {
        nombre: 'GET /api/salud (piso)',
        ruta: '/api/salud',
        cookie: '',
        titulo: null,
        objetivo: 1.7,
      },
      {
        nombre: 'GET /login (sin sesión)',
        ruta: '/login',
        cookie: '',
        titulo: 'Ingresar',
        objetivo: 1.8,
      },
      ...PAGINAS_FAMILIAS.map((p) => ({
        nombre: `GET ${p.ruta} (alumno)`,
        ruta: p.ruta,
        cookie: s.alumno,
        titulo: p.titulo,
        objetivo: 0.5,
      })),
      { nombre: 'GET / (admin)', ruta: '/', cookie: s.admin, titulo: 'Inicio', objetivo: 0.15 },
      {
        nombre: 'GET planilla de asistencias (JSON, admin)',
        ruta: s.planilla,
        cookie: s.admin,
        titulo: null,
        objetivo: 0.3,
      },
      ...techos,
    ],
  };
}

/** Una respuesta de prueba: 200, y el título o JSON esperados; devuelve su tamaño en kB. */
export async function verificarPagina(origen: string, p: PaginaVelocidad): Promise<number> {
  const r = await fetch(origen + p.ruta, {
    headers: { cookie: p.cookie },
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  });
  const texto = await r.text();
  if (r.status !== 200)
    throw new Error(`${p.nombre} respondió ${r.status}: ${texto.slice(0, 300)}`);
  if (p.titulo === null) {
    JSON.parse(texto);
  } else {
    const titulo = /<title>([^<]*)<\/title>/.exec(texto)?.[1];
    if (!titulo?.startsWith(p.titulo))
      throw new Error(
        `${p.nombre}: título ${JSON.stringify(titulo ?? null)}, se esperaba "${p.titulo} …"`,
      );
  }
  return Buffer.byteLength(texto) / 1000;
}

const uno = (n: number, d = 0) =>
  n.toLocaleString('es-AR', { minimumFractionDigits: d, maximumFractionDigits: d });

/** La tabla del issue 37 (Markdown), con el piso de un proceso de la misma corrida. */
export function tablaVelocidad(piso: MedidaVelocidad, filas: FilaVelocidad[]): string {
  const lineas = [
    `Piso (GET /api/salud, 1 proceso): ${uno(piso.reqPorSeg)} req/s, p50 ${uno(piso.p50, 1)} ms.`,
    '',
    '| página | procesos | kB | req/s | p50 ms | p95 ms | ÷ piso | objetivo |',
    '|---|--:|--:|--:|--:|--:|--:|---|',
  ];
  for (const f of filas) {
    const objetivo =
      f.objetivo === undefined
        ? ''
        : `≥ ${uno(f.objetivo, 2)}× ${f.relacion >= f.objetivo ? '✓' : '✗'}`;
    lineas.push(
      `| ${f.nombre} | ${f.procesos} | ${uno(f.kb, 1)} | ${uno(f.m.reqPorSeg)} | ${uno(f.m.p50, 1)} | ${uno(f.m.p95, 1)} | ${uno(f.relacion, 2)}× | ${objetivo} |`,
    );
  }
  return lineas.join('\n');
}
