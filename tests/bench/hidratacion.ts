/**
 * `npm run bench:hidratacion`: cuánto trabaja el teléfono al abrir las páginas de las familias,
 * para comparar dos versiones (A/B) con menos ruido que Lighthouse (issue 36). Lighthouse simula
 * el LCP a partir de una sola carga y, en esta máquina, su Chromium retiene a veces el primer
 * dibujo (Paint Holding, ver README "Velocidad"): una corrida suelta no distingue 100 ms.
 *
 *  1. (Re)crea la base (HIDRATACION_DATABASE_URL, por defecto portal_lighthouse en 127.0.0.1),
 *     la migra y siembra.
 *  2. Compila en NEXT_DIST_DIR (`.next-lighthouse/` por defecto; HIDRATACION_SKIP_BUILD=1 usa la
 *     existente) y arranca `npm start` en 127.0.0.1:3312.
 *  3. Por página (HIDRATACION_PAGINAS=/login,/horarios-externo: sólo ésas),
 *     HIDRATACION_CARGAS cargas (10 por defecto), cada una en un contexto nuevo de Chromium
 *     (CHROME_PATH) de 412×823, sin Paint Holding, con la CPU 4× más lenta (como Lighthouse
 *     móvil; HIDRATACION_CPU cambia el multiplicador) y la sesión de la cuenta de demostración;
 *     el service worker bloqueado salvo con HIDRATACION_WORKER=1 (como lo ve una familia la
 *     primera vez).
 *  4. En cada carga, 3 s después del `load`: la suma de lo que las tareas largas pasan de 50 ms
 *     (como el TBT) y la más larga, y el LCP observado. Imprime las medianas y cada valor.
 *
 * Es una medición para correr a mano, con la máquina quieta; sale con 0 (o 1 si algo no corre).
 */
import { existsSync } from 'node:fs';
import { chromium } from 'playwright';
import { EMAIL_DEMO } from '@/server/db/demo';
import { appNext, ejecutar, FalloBench, HOST, limpiezas, ms, prepararBaseDeDatos } from './app';

const URL_DATOS =
  process.env.HIDRATACION_DATABASE_URL || `postgres://postgres@${HOST}:5432/portal_lighthouse`;
const DIST = process.env.NEXT_DIST_DIR || '.next-lighthouse';
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const CARGAS = Number(process.env.HIDRATACION_CARGAS || 10);
/** Cuántas veces más lenta la CPU (4 por defecto, como Lighthouse móvil). */
const CPU = Number(process.env.HIDRATACION_CPU || 4);
const APP = appNext({ puerto: 3312, urlDatos: URL_DATOS, dist: DIST });

const SOLO = process.env.HIDRATACION_PAGINAS?.split(',');
const PAGINAS = [
  { ruta: '/login', email: null },
  { ruta: '/inscripcion/completar', email: EMAIL_DEMO.referente },
  { ruta: '/asistencias-externo', email: EMAIL_DEMO.alumno },
  { ruta: '/libretas-externo', email: EMAIL_DEMO.alumno },
  { ruta: '/evaluaciones-externo', email: EMAIL_DEMO.alumno },
  { ruta: '/horarios-externo', email: EMAIL_DEMO.alumno },
].filter((p) => !SOLO || SOLO.includes(p.ruta));

/**
 * Lo que se instala en la página antes de sus scripts. Va como texto: tsx compila las funciones
 * con `__name(…)`, que en la página no existe.
 */
const OBSERVADORES = `
  window.__largas = [];
  window.__lcp = 0;
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__largas.push(e.duration); })
    .observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcp = e.startTime; })
    .observe({ type: 'largest-contentful-paint', buffered: true });
`;

const mediana = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function principal() {
  if (!Number.isInteger(CARGAS) || CARGAS < 1)
    throw new FalloBench(`HIDRATACION_CARGAS inválido: "${process.env.HIDRATACION_CARGAS}".`);
  if (!(CPU >= 1))
    throw new FalloBench(`HIDRATACION_CPU inválido: "${process.env.HIDRATACION_CPU}".`);
  if (!existsSync(CHROME))
    throw new FalloBench(`No está Chromium en ${CHROME} (defina CHROME_PATH o instálelo).`);
  const t = performance.now();
  await prepararBaseDeDatos(URL_DATOS, 'HIDRATACION_DATABASE_URL');
  await APP.compilarOUsar('HIDRATACION_SKIP_BUILD');
  await APP.iniciarApp();
  const cookies = new Map<string, string>();
  for (const p of PAGINAS) if (p.email) cookies.set(p.email, await APP.ingresar(p.email));
  console.log(`Base, build y app listas (${ms(t)}).`);

  const navegador = await chromium.launch({
    executablePath: CHROME,
    args: ['--disable-features=PaintHolding'],
  });
  limpiezas.push(() => navegador.close());
  const trabajador = process.env.HIDRATACION_WORKER === '1' ? 'allow' : 'block';
  console.log(
    `\n${CARGAS} cargas por página, CPU ${CPU}× más lenta, 412×823, service worker ${trabajador === 'allow' ? 'permitido' : 'bloqueado'}.\n`,
  );
  console.log('| página | TBT (mediana) | tarea más larga | LCP | TBT de cada carga |');
  console.log('|---|--:|--:|--:|---|');
  for (const p of PAGINAS) {
    const tbt: number[] = [];
    const larga: number[] = [];
    const lcp: number[] = [];
    for (let i = 0; i < CARGAS; i++) {
      const contexto = await navegador.newContext({
        viewport: { width: 412, height: 823 },
        serviceWorkers: trabajador,
      });
      try {
        const cookie = p.email ? cookies.get(p.email)! : '';
        await contexto.addCookies(
          cookie
            .split('; ')
            .filter(Boolean)
            .map((c) => {
              const k = c.indexOf('=');
              return { name: c.slice(0, k), value: c.slice(k + 1), url: APP.origen };
            }),
        );
        const pagina = await contexto.newPage();
        await pagina.addInitScript({ content: OBSERVADORES });
        const cdp = await contexto.newCDPSession(pagina);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
        const r = await pagina.goto(APP.origen + p.ruta, { waitUntil: 'load' });
        if (r?.status() !== 200 || new URL(pagina.url()).pathname !== p.ruta)
          throw new FalloBench(`${p.ruta} respondió ${r?.status()} en ${pagina.url()}.`);
        await pagina.waitForTimeout(3000);
        const largas = (await pagina.evaluate('window.__largas')) as number[];
        tbt.push(Math.round(largas.reduce((s, d) => s + Math.max(0, d - 50), 0)));
        larga.push(Math.round(Math.max(0, ...largas)));
        lcp.push(Math.round((await pagina.evaluate('window.__lcp')) as number));
      } finally {
        await contexto.close();
      }
    }
    console.log(
      `| ${p.ruta} | ${mediana(tbt)} ms | ${mediana(larga)} ms | ${mediana(lcp)} ms | ${tbt.join(' · ')} |`,
    );
  }
}

ejecutar(principal, 'La medición de la hidratación');
