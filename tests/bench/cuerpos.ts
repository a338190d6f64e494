/**
 * Cuerpos grandes sin sesión (issue 31 ítem 11): 20 subidas simultáneas de 200 MB, sin cookies,
 * a cada destino (la inscripción por REST, una mutación tRPC, el ingreso de next-auth y
 * /api/validate/bypass), una tanda por trozos (sin Content-Length) y otra con Content-Length.
 * Cada subida escribe de a 64 KB mientras el servidor no responda; al llegar la respuesta deja
 * de escribir y cierra. Se mide
 * cuánto tarda cada respuesta (objetivo: < 1 s, y un 401 o 413) y cuánto crece la memoria
 * residente del servidor (la suma de VmRSS de los procesos del grupo de `npm start`, leída de
 * /proc cada 50 ms; objetivo: < 50 MB sobre la de antes de la tanda).
 *
 * Corre dentro de `npm run bench` (paso `cuerpos`) o sola, `npm run bench:cuerpos`: recrea la base
 * BENCH_CUERPOS_DATABASE_URL (por defecto portal_bench_cuerpos en 127.0.0.1), compila en
 * NEXT_DIST_DIR (`.next-bench/`; BENCH_SKIP_BUILD=1 usa la existente) y arranca la app en
 * 127.0.0.1:3302. Compila: sólo bajo `flock /tmp/portal/e2e.lock`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { FalloBench, HOST, appNext, ejecutar, esperar, ms, prepararBaseDeDatos } from './app';

const MB = 1024 * 1024;
const TAMANIO = 200 * MB;
const SIMULTANEAS = 20;
const TROZO = new Uint8Array(64 * 1024).fill(0x61);
const OBJETIVO_MS = 1000;
const OBJETIVO_RSS_MB = 50;

interface Destino {
  nombre: string;
  camino: string;
  tipo: string;
}
const DESTINOS: Destino[] = [
  {
    nombre: 'POST /api/alumnos/{id}/inscribir (REST, multipart)',
    camino: '/api/alumnos/1/inscribir',
    tipo: 'multipart/form-data; boundary=bench',
  },
  {
    nombre: 'POST /api/trpc/inscripcion.declararIngles (tRPC)',
    camino: '/api/trpc/inscripcion.declararIngles',
    tipo: 'application/json',
  },
  {
    nombre: 'POST /api/auth/callback/dev (next-auth, sin sesión)',
    camino: '/api/auth/callback/dev',
    tipo: 'application/x-www-form-urlencoded',
  },
  {
    nombre: 'POST /api/validate/bypass (formulario sin sesión)',
    camino: '/api/validate/bypass',
    tipo: 'application/x-www-form-urlencoded',
  },
];

/** La memoria residente (kB) de los procesos del grupo `grupo`: npm, next y su servidor. */
function rssDelGrupo(grupo: number): number {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // El nombre va entre paréntesis y puede tener espacios: los campos siguen después.
      const campos = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(campos[2]) !== grupo) continue; // pgrp
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      total += Number(m?.[1] ?? 0);
    } catch {
      /* terminó mientras se leía */
    }
  }
  return total;
}

interface Subida {
  status: number;
  milis: number;
  enviados: number;
}

/** Una subida de TAMANIO bytes sin cookies; termina al llegar la respuesta (o a los 30 s). */
function subir(puerto: number, d: Destino, conLargo: boolean): Promise<Subida> {
  return new Promise((ok) => {
    const inicio = performance.now();
    let enviados = 0;
    let terminado = false;
    const headers: Record<string, string | number> = { 'content-type': d.tipo };
    if (conLargo) headers['content-length'] = TAMANIO;
    const req = http.request({ host: HOST, port: puerto, method: 'POST', path: d.camino, headers });
    const fin = (status: number) => {
      if (terminado) return;
      terminado = true;
      clearTimeout(reloj);
      ok({ status, milis: performance.now() - inicio, enviados });
      req.destroy();
    };
    const reloj = setTimeout(() => fin(0), 30_000);
    req.on('response', (r) => {
      r.resume();
      fin(r.statusCode ?? 0);
    });
    // El servidor puede cortar la conexión después de responder: no es un fallo.
    req.on('error', () => fin(0));
    const escribir = () => {
      while (!terminado && enviados < TAMANIO) {
        enviados += TROZO.byteLength;
        if (!req.write(TROZO)) return void req.once('drain', escribir);
      }
      if (!terminado) req.end();
    };
    escribir();
  });
}

export interface MedidaCuerpos {
  destino: string;
  forma: string;
  estados: string;
  p50: number;
  max: number;
  enviadosMb: number;
  rssAntesMb: number;
  crecimientoMb: number;
}

/**
 * Las tandas (cada destino, por trozos y con Content-Length) contra la app en `puerto`, cuyo
 * `npm start` es el grupo de procesos `grupo`. Falla si alguna respuesta no es 401/413, tarda
 * 1 s o más, o la memoria crece 50 MB o más.
 */
export async function medirCuerpos(puerto: number, grupo: number): Promise<MedidaCuerpos[]> {
  const medidas: MedidaCuerpos[] = [];
  for (const d of DESTINOS) {
    // Calentamiento: la primera petición carga el módulo de la ruta (no es memoria de cuerpos).
    await fetch(`http://${HOST}:${puerto}${d.camino}`, {
      method: 'POST',
      headers: { 'content-type': d.tipo },
      body: '',
    }).then((r) => r.arrayBuffer());
    for (const conLargo of [false, true]) {
      await esperar(500);
      const antes = rssDelGrupo(grupo);
      let pico = antes;
      const muestreo = setInterval(() => (pico = Math.max(pico, rssDelGrupo(grupo))), 50);
      const subidas = await Promise.all(
        Array.from({ length: SIMULTANEAS }, () => subir(puerto, d, conLargo)),
      );
      await esperar(200);
      clearInterval(muestreo);
      pico = Math.max(pico, rssDelGrupo(grupo));
      const tiempos = subidas.map((s) => s.milis).sort((a, b) => a - b);
      const cuenta = new Map<number, number>();
      for (const s of subidas) cuenta.set(s.status, (cuenta.get(s.status) ?? 0) + 1);
      medidas.push({
        destino: d.nombre,
        forma: conLargo ? 'Content-Length 200 MB' : 'por trozos',
        estados: [...cuenta].map(([s, n]) => `${n}×${s}`).join(' '),
        p50: tiempos[Math.floor(tiempos.length / 2)]!,
        max: tiempos.at(-1)!,
        enviadosMb: subidas.reduce((t, s) => t + s.enviados, 0) / MB,
        rssAntesMb: antes / 1024,
        crecimientoMb: (pico - antes) / 1024,
      });
    }
  }
  return medidas;
}

export function tablaCuerpos(medidas: MedidaCuerpos[]): string {
  const filas = medidas.map(
    (m) =>
      `| ${m.destino} | ${m.forma} | ${m.estados} | ${m.p50.toFixed(0)} ms | ` +
      `${m.max.toFixed(0)} ms | ${m.enviadosMb.toFixed(1)} MB | ${m.rssAntesMb.toFixed(0)} MB | ` +
      `${m.crecimientoMb.toFixed(1)} MB |`,
  );
  return [
    `\n### Cuerpos grandes sin sesión: ${SIMULTANEAS} subidas simultáneas de 200 MB por tanda ` +
      `(objetivo: cada una rechazada en < ${OBJETIVO_MS} ms; la memoria del servidor crece < ${OBJETIVO_RSS_MB} MB)\n`,
    '| Destino | Forma | Respuestas | p50 | máx. | Enviado en total | RSS antes | Crecimiento de RSS (pico) |',
    '|---|---|---|---|---|---|---|---|',
    ...filas,
  ].join('\n');
}

/** Los incumplimientos de los objetivos (vacío si todo bien). */
export function fallasCuerpos(medidas: MedidaCuerpos[]): string[] {
  return medidas.flatMap((m) => {
    const f: string[] = [];
    if (!/^(\d+×(401|413) ?)+$/.test(m.estados))
      f.push(`${m.destino} (${m.forma}): respuestas ${m.estados}, se esperaban 401 o 413`);
    if (m.max >= OBJETIVO_MS)
      f.push(`${m.destino} (${m.forma}): la más lenta tardó ${m.max.toFixed(0)} ms`);
    if (m.crecimientoMb >= OBJETIVO_RSS_MB)
      f.push(`${m.destino} (${m.forma}): la memoria creció ${m.crecimientoMb.toFixed(1)} MB`);
    return f;
  });
}

if (process.argv[1]?.endsWith('cuerpos.ts')) {
  const PUERTO = 3302;
  const URL_DATOS =
    process.env.BENCH_CUERPOS_DATABASE_URL ||
    `postgres://postgres@${HOST}:5432/portal_bench_cuerpos`;
  const DIST = process.env.NEXT_DIST_DIR || '.next-bench';
  ejecutar(async () => {
    const t = performance.now();
    await prepararBaseDeDatos(URL_DATOS, 'BENCH_CUERPOS_DATABASE_URL');
    console.log(`Base recreada y sembrada (${ms(t)}).`);
    const { compilarOUsar, iniciarApp } = appNext({
      puerto: PUERTO,
      urlDatos: URL_DATOS,
      dist: DIST,
    });
    await compilarOUsar('BENCH_SKIP_BUILD');
    const grupo = await iniciarApp();
    console.log(`App en http://${HOST}:${PUERTO} (grupo de procesos ${grupo}).`);
    const medidas = await medirCuerpos(PUERTO, grupo);
    console.log(tablaCuerpos(medidas));
    const fallas = fallasCuerpos(medidas);
    if (fallas.length) throw new FalloBench(`objetivos no cumplidos:\n- ${fallas.join('\n- ')}`);
    console.log('\nObjetivos cumplidos.');
  }, 'La medición de cuerpos');
}
