/**
 * `npm start` (issue 37 §1): un servidor de Next por núcleo, todos en el mismo puerto.
 *
 * El proceso principal (node:cluster) no atiende: arranca WEB_CONCURRENCY procesos (por omisión,
 * uno por núcleo disponible) y cada uno corre `next start` con los argumentos de `npm start`
 * (`npm start -- -p 3000 -H 0.0.0.0`); el puerto lo comparte node:cluster, que reparte las
 * conexiones entre ellos. Nada que deban compartir vive en la memoria de un proceso: la sesión
 * va en la cookie, los límites, dispositivos, la cola de avisos y las auditorías en PostgreSQL;
 * lo que sí queda en memoria (los tokens ya verificados, las consultas preparadas) es un caché
 * de cada proceso. Las migraciones al abrir la base van bajo un candado de PostgreSQL
 * (src/server/db/index.ts): dos procesos no las aplican a la vez.
 *
 * Con PGlite (sin DATABASE_URL) hay un solo proceso: su carpeta de datos no admite dos.
 *
 * Si un proceso termina después de estar atendiendo, se arranca otro (a lo sumo uno por
 * segundo); si termina antes de atender (configuración inválida: src/server/config.ts) o cinco
 * seguidos caen a los pocos segundos de arrancar (Next escucha antes de leer la build), se
 * detienen todos y `npm start` sale con su código. SIGTERM y SIGINT se pasan a todos.
 *
 * `node src/server/arranque.mjs --procesos` sólo dice cuántos arrancaría (lo usan las pruebas).
 *
 * Este archivo corre antes que Next y sin compilar: lee el entorno él mismo (WEB_CONCURRENCY,
 * DATABASE_URL); todo lo demás del entorno lo valida src/server/config.ts en cada proceso.
 */
import cluster from 'node:cluster';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';

const MAXIMO = 64;

/** Cuántos procesos: 1 con PGlite; si no, WEB_CONCURRENCY o los núcleos. Inválido: un error. */
function procesosWeb(entorno, nucleos) {
  if (!entorno.DATABASE_URL?.trim()) return { n: 1 };
  const pedido = entorno.WEB_CONCURRENCY?.trim();
  if (!pedido) return { n: Math.max(1, Math.min(nucleos, MAXIMO)) };
  const n = Number(pedido);
  if (!Number.isInteger(n) || n < 1 || n > MAXIMO)
    return { error: `WEB_CONCURRENCY debe ser un entero de 1 a ${MAXIMO} (vale "${pedido}").` };
  return { n };
}

const decision = procesosWeb(process.env, availableParallelism());

if (process.argv[2] === '--procesos') {
  console.log(decision.error ?? String(decision.n));
  process.exit(decision.error ? 1 : 0);
}
if (decision.error) {
  console.error(`[-] ${decision.error}`);
  process.exit(1);
}

/** Corre `next start` con los argumentos recibidos, en este proceso. */
function correrNext() {
  const require = createRequire(import.meta.url);
  const bin = require.resolve('next/dist/bin/next');
  process.argv = [process.argv[0], bin, 'start', ...process.argv.slice(2)];
  require(bin);
}

/** Un proceso que termina antes de esto cuenta como caída al arrancar. */
const VIDA_MINIMA_MS = 10_000;
/** Tantas caídas al arrancar seguidas: se detiene todo (reintentar no lo arregla). */
const CAIDAS_SEGUIDAS = 5;

if (cluster.isWorker || decision.n === 1) {
  correrNext();
} else {
  const atendiendo = new WeakSet();
  const nacimiento = new WeakMap();
  let deteniendo = false;
  let caidas = 0;
  let ultimoReinicio = 0;

  const arrancar = () => {
    const w = cluster.fork();
    nacimiento.set(w, Date.now());
    w.once('listening', () => atendiendo.add(w));
  };
  const detenerTodo = (senal) => {
    deteniendo = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(senal);
  };
  const abandonar = (motivo, codigo) => {
    console.error(`[-] ${motivo}: se detienen todos.`);
    process.exitCode = typeof codigo === 'number' && codigo !== 0 ? codigo : 1;
    detenerTodo('SIGTERM');
  };

  console.log(`[i] ${decision.n} procesos de Next en el mismo puerto (WEB_CONCURRENCY).`);
  for (let i = 0; i < decision.n; i++) arrancar();

  cluster.on('exit', (w, codigo, senal) => {
    const quedan = Object.keys(cluster.workers ?? {}).length;
    const como = senal ?? codigo;
    if (!deteniendo) {
      const breve = Date.now() - (nacimiento.get(w) ?? 0) < VIDA_MINIMA_MS;
      caidas = breve ? caidas + 1 : 0;
      if (!atendiendo.has(w))
        // No llegó a atender (configuración inválida, puerto ocupado): reintentar no lo arregla.
        abandonar(`un proceso de Next terminó al arrancar (${como})`, codigo);
      else if (caidas >= CAIDAS_SEGUIDAS)
        abandonar(
          `los procesos de Next terminan apenas arrancan (${caidas} seguidos, ${como})`,
          codigo,
        );
      else {
        console.error(`[-] un proceso de Next terminó (${como}); se arranca otro.`);
        const espera = Math.max(0, ultimoReinicio + 1000 - Date.now());
        ultimoReinicio = Date.now() + espera;
        setTimeout(arrancar, espera);
        return;
      }
    }
    if (quedan === 0) process.exit(process.exitCode ?? 0);
  });
  for (const senal of ['SIGTERM', 'SIGINT'])
    process.on(senal, () => {
      detenerTodo(senal);
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
}
