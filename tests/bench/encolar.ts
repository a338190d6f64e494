/**
 * Lo que suma encolar el aviso al guardado de la planilla (issue 35, "Measured": "request figures
 * of the attendance save unchanged (enqueueing adds < 5 ms p95)"), en una base PostgreSQL propia
 * con la escuela de demostración:
 *
 *  1. El guardado de la planilla de un curso (`asistencias.guardarPlanilla`, el procedimiento de
 *     POST /api/asistencias/planilla/{curso}/{fecha}/{turno}), como el preceptor de demostración:
 *     N guardados seguidos (BENCH_ENCOLAR_N, 1.000 por omisión; antes 50 de calentamiento) que
 *     alternan entre anotar una falta a 3 alumnos y borrarlas (ninguno es un guardado vacío: cada
 *     uno encola su hecho). p50/p95/media, en procesos alternados (con, sin, con, sin): con la cola y con `encolar` cambiado
 *     por uno que no hace nada (sólo en ese proceso del bench, antes de cargar el servicio; el
 *     bench verifica que ese proceso no encoló nada y el otro, un trabajo por guardado).
 *  2. `encolar` solo, dentro de una transacción que ya escribió (lo que agrega al guardado): N
 *     veces, p50/p95, frente a la misma transacción sin encolar.
 *
 * `npx tsx tests/bench/encolar.ts`. La base: BENCH_ENCOLAR_URL (por omisión portal_bench_encolar
 * en 127.0.0.1), se recrea.
 */
import { spawnSync } from 'node:child_process';
import Module from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';

const URL_DATOS =
  process.env.BENCH_ENCOLAR_URL || 'postgres://postgres@127.0.0.1:5432/portal_bench_encolar';
const N = Number(process.env.BENCH_ENCOLAR_N || 1000);
const CALENTAMIENTO = 50;
const CICLO = 2026;
const HOY = '2026-05-12';

const percentil = (xs: number[], p: number) => {
  const o = [...xs].sort((a, b) => a - b);
  return o[Math.min(o.length - 1, Math.ceil((p / 100) * o.length) - 1)]!;
};
const resumen = (xs: number[]) => ({
  n: xs.length,
  p50: +percentil(xs, 50).toFixed(2),
  p95: +percentil(xs, 95).toFixed(2),
  media: +(xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(2),
});

async function recrearBase() {
  const url = new URL(URL_DATOS);
  const nombre = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = postgres(url.toString(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${nombre}" with (force)`);
  await admin.unsafe(`create database "${nombre}"`);
  await admin.end();
  const { abrirBase } = await import('@/server/db');
  const { sembrar } = await import('@/server/db/seed');
  const c = await abrirBase({ url: URL_DATOS, max: 2 });
  await sembrar(c.db, { ciclo: CICLO, hoy: HOY, ahora: new Date(`${HOY}T12:00:00Z`) });
  await c.cerrar();
}

/** Cambia `encolar` por uno que no hace nada, antes de que el servicio cargue la cola. */
function sinCola() {
  const req = Module.createRequire(__filename);
  const archivo = req.resolve(path.join(process.cwd(), 'src/server/avisos/cola.ts'));
  const real = req(archivo) as Record<string, unknown>;
  const cache = (Module as unknown as { _cache: Record<string, { exports: unknown }> })._cache;
  cache[archivo]!.exports = { ...real, encolar: async () => null };
}

/** 1. Los guardados de la planilla, en este proceso (con la cola o sin ella). */
async function guardados(conCola: boolean) {
  if (!conCola) sinCola();
  const { abrirBase } = await import('@/server/db');
  const { createCaller } = await import('@/server/api/root');
  const { crearContexto } = await import('@/server/api/trpc');
  const { abrirSesion, cargarSesion } = await import('@/server/auth/sesion');
  const { EMAIL_DEMO } = await import('@/server/db/demo');
  const { Rol } = await import('@/domain/roles');
  const c = await abrirBase({ url: URL_DATOS, max: 4 });
  const db = c.db;
  const filas = async <T>(q: ReturnType<typeof sql>) => (await db.execute(q)) as unknown as T[];
  const [pre] = await filas<{ id: number }>(
    sql`select id from usuarios where email = ${EMAIL_DEMO.preceptor}`,
  );
  const [curso] = await filas<{ id: number }>(sql`
    select pc.curso_id as id from preceptores_cursos pc
    where pc.usuario_id = ${pre!.id} and pc.ciclolectivo = ${CICLO} order by 1 limit 1`);
  const alumnos = (
    await filas<{ id: number }>(sql`
      select alumno_id as id from alumnos_cursos
      where curso_id = ${curso!.id} and ciclolectivo = ${CICLO} order by 1 limit 3`)
  ).map((a) => a.id);
  await db.execute(sql`delete from asistencias where alumno_id = any(${`{${alumnos}}`}::int[])
    and fecha = ${HOY}::date`);
  const sesion = await cargarSesion(db, {
    usuarioId: pre!.id,
    rol: Rol.Preceptor,
    sid: await abrirSesion(db, pre!.id),
  });
  const contar = async () =>
    (
      await filas<{ n: number }>(
        sql`select count(*)::int as n from pgboss.job where name = 'avisos-evento'`,
      )
    )[0]!.n;
  const antes = await contar();
  const tiempos: number[] = [];
  for (let i = 0; i < CALENTAMIENTO + N; i++) {
    const anotar = i % 2 === 0;
    const ids = anotar
      ? []
      : await filas<{ id: number; alumno: number }>(sql`
          select id, alumno_id as alumno from asistencias
          where alumno_id = any(${`{${alumnos}}`}::int[]) and fecha = ${HOY}::date`);
    const caller = createCaller(
      crearContexto({ db, sesion, ciclo: CICLO, hoy: HOY, ahora: new Date() }),
    );
    const t0 = performance.now();
    await caller.asistencias.guardarPlanilla({
      curso: curso!.id,
      fecha: HOY,
      turno: 'Mañana',
      alumnos: alumnos.map((a) =>
        anotar
          ? { alumno: a, crear: [{ tipo: 'Falta' }] }
          : { alumno: a, borrar: ids.filter((x) => x.alumno === a).map((x) => x.id) },
      ),
    } as never);
    if (i >= CALENTAMIENTO) tiempos.push(performance.now() - t0);
  }
  const trabajos = (await contar()) - antes;
  await c.cerrar();
  process.stdout.write(`${JSON.stringify({ ...resumen(tiempos), trabajos })}\n`);
}

/** 2. `encolar` solo, en una transacción que ya escribió, frente a la misma sin encolar. */
async function encolarSolo() {
  const { abrirBase } = await import('@/server/db');
  const { encolar } = await import('@/server/avisos/cola');
  const c = await abrirBase({ url: URL_DATOS, max: 2 });
  const con: number[] = [];
  const sin: number[] = [];
  for (let i = 0; i < CALENTAMIENTO + N; i++)
    for (const conCola of [true, false]) {
      const t0 = performance.now();
      await c.db.transaction(async (tx) => {
        await tx.execute(sql`update configuracion set clave = clave where clave = 'escuela'`);
        if (conCola)
          await encolar(tx, {
            tipo: 'asistencia',
            alumnos: [1, 2, 3],
            fechas: [HOY],
            en: new Date().toISOString(),
          });
      });
      if (i >= CALENTAMIENTO) (conCola ? con : sin).push(performance.now() - t0);
    }
  await c.cerrar();
  return { con: resumen(con), sin: resumen(sin) };
}

function enOtroProceso(modo: string) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', __filename, modo], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`El proceso '${modo}' salió con ${r.status}.`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as ReturnType<typeof resumen> & {
    trabajos: number;
  };
}

async function principal() {
  const modo = process.argv[2];
  if (modo === 'con' || modo === 'sin') return guardados(modo === 'con');
  console.log(`Base ${URL_DATOS}: se recrea y se siembra…`);
  await recrearBase();
  console.log(
    `Guardado de la planilla (3 alumnos, anotar/borrar), ${N} veces por proceso, en ms (dos rondas alternadas):`,
  );
  const filas: Record<string, ReturnType<typeof enOtroProceso>> = {};
  for (const ronda of [1, 2])
    for (const modo of ['con', 'sin'] as const) {
      const r = enOtroProceso(modo);
      if (r.trabajos !== (modo === 'con' ? CALENTAMIENTO + N : 0))
        throw new Error(`Trabajos encolados inesperados (${modo}): ${r.trabajos}.`);
      filas[`${modo === 'con' ? 'con la cola' : 'sin encolar'} (${ronda})`] = r;
    }
  console.table(filas);
  const medio = (a: number, b: number) => (a + b) / 2;
  const con = {
    p50: medio(filas['con la cola (1)']!.p50, filas['con la cola (2)']!.p50),
    p95: medio(filas['con la cola (1)']!.p95, filas['con la cola (2)']!.p95),
  };
  const sin = {
    p50: medio(filas['sin encolar (1)']!.p50, filas['sin encolar (2)']!.p50),
    p95: medio(filas['sin encolar (1)']!.p95, filas['sin encolar (2)']!.p95),
  };
  console.log(
    `Diferencia (promedio de las rondas): p50 ${(con.p50 - sin.p50).toFixed(2)} ms, p95 ${(con.p95 - sin.p95).toFixed(2)} ms (objetivo < 5 ms).`,
  );
  const solo = await encolarSolo();
  console.log(`Una transacción que escribe una fila, con y sin encolar (${N} veces, ms):`);
  console.table(solo);
  console.log(
    `encolar suma: p50 ${(solo.con.p50 - solo.sin.p50).toFixed(2)} ms, p95 ${(solo.con.p95 - solo.sin.p95).toFixed(2)} ms.`,
  );
}

principal().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
