/**
 * Medición del resumen diario de avisos (issue 35, "Measured"): 1.500 familias con avisos
 * pendientes (la mitad con dos hijos) en una base PostgreSQL propia recién creada; el resumen
 * compuesto y entregado a un servidor SMTP de verdad (`smtp-server`, en este proceso) por un
 * trabajador en otro proceso, del que se mide el tiempo y la memoria residente máxima (objetivo en
 * la máquina de 2 núcleos: < 60 s y < 300 MB).
 *
 * Después, la caída: el mismo resumen desde cero, con el trabajador muerto con SIGKILL a mitad de
 * camino (al llegar cierta cantidad de correos) y vuelto a arrancar (como lo retoma pg-boss).
 * Cuenta los correos perdidos (familias sin correo) y los repetidos: cada correo va en su propia
 * transacción, así que sólo uno en vuelo al morir (que el SMTP aceptó y no llegó al commit; a lo
 * sumo CONEXIONES_SMTP) se vuelve a mandar, con el mismo Message-ID (derivado de la clave del
 * envío); se cuentan por Message-ID distintos y también en bruto.
 *
 * `npm run bench:avisos`. La base: BENCH_AVISOS_URL, por defecto portal_bench_avisos en 127.0.0.1.
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { ESPERA_ASISTENCIA_POR_OMISION } from '@/domain/avisos';
import { Rol } from '@/domain/roles';
import { crearCorreo, procesarResumen } from '@/server/avisos/correo';
import type { CtxTrabajo } from '@/server/avisos/tipos';
import { abrirBase } from '@/server/db';

const URL_BASE_DATOS =
  process.env.BENCH_AVISOS_URL || 'postgres://postgres@127.0.0.1:5432/portal_bench_avisos';
const FAMILIAS = Number(process.env.BENCH_AVISOS_FAMILIAS || 1500);
const HOY = '2026-05-12';
const HORA = 18;
const MATAR_AL_LLEGAR = Math.round(FAMILIAS * 0.4);

const mb = (b: number) => Math.round((b / 1024 / 1024) * 10) / 10;

// --- El trabajador (proceso hijo) -------------------------------------------------------------

async function trabajador() {
  const smtpUrl = process.env.BENCH_SMTP_URL!;
  const conexion = await abrirBase({ url: URL_BASE_DATOS, max: 4 });
  const correo = crearCorreo({ url: smtpUrl, from: 'Portal <avisos@escuela.test>' });
  const ctx: CtxTrabajo = {
    db: conexion.db,
    ahora: new Date('2026-05-12T21:00:00Z'),
    hoy: HOY,
    zona: 'America/Argentina/Cordoba',
    esperaAsistencia: ESPERA_ASISTENCIA_POR_OMISION,
    urlBase: 'https://portal.escuela.test',
    secreto: 'bench'.repeat(8),
    correo,
  };
  let rssMax = process.memoryUsage().rss;
  const muestra = setInterval(() => {
    rssMax = Math.max(rssMax, process.memoryUsage().rss);
  }, 20);
  const rssAntes = process.memoryUsage().rss;
  const t0 = performance.now();
  const r = await procesarResumen(ctx, { hora: HORA });
  const ms = performance.now() - t0;
  clearInterval(muestra);
  rssMax = Math.max(rssMax, process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024);
  process.stdout.write(
    `${JSON.stringify({ ...r, ms, rssAntesMb: mb(rssAntes), rssMaxMb: mb(rssMax) })}\n`,
  );
  correo.cerrar();
  await conexion.cerrar();
}

// --- La base ----------------------------------------------------------------------------------

async function baseNueva() {
  const destino = new URL(URL_BASE_DATOS);
  const nombre = destino.pathname.slice(1);
  const admin = new URL(URL_BASE_DATOS);
  admin.pathname = '/postgres';
  const a = postgres(admin.toString(), { max: 1, onnotice: () => {} });
  await a.unsafe(`drop database if exists ${nombre} with (force)`);
  await a.unsafe(`create database ${nombre}`);
  await a.end();
  const c = await abrirBase({ url: URL_BASE_DATOS, max: 2 });
  const db = c.db;
  await db.execute(sql`
    insert into configuracion (clave, valor) values ('escuela',
      ${JSON.stringify({ nombre: 'Escuela Técnica N° 462 "Gral. Manuel Belgrano"' })}::jsonb)
    on conflict (clave) do update set valor = excluded.valor`);
  await db.execute(sql`
    insert into cursos (anio, division, especialidad)
    select a, d, case when a <= 3 then 'Ciclo Básico' else 'Electrónica' end
    from generate_series(1, 6) a, generate_series(1, 3) d
    on conflict do nothing`);
  // Familias: el usuario referente, su ficha y uno o dos hijos (la mitad, dos), cada uno en un curso.
  await db.execute(sql`
    insert into usuarios (email, nombre, apellido, rls)
    select 'familia' || i || '@correo.test', 'Tutora', 'Familia' || i, ${Rol.ReferenteParental}
    from generate_series(1, ${FAMILIAS}) i`);
  await db.execute(sql`
    insert into referentes (usuario_id, apellido, nombre, email)
    select id, apellido, nombre, email from usuarios where email like 'familia%@correo.test'`);
  await db.execute(sql`
    insert into alumnos (dni, apellido, nombre)
    select 40000000 + i * 2 + h, 'Familia' || i, case h when 0 then 'Ana' else 'Juan' end
    from generate_series(1, ${FAMILIAS}) i, generate_series(0, 1) h
    where h = 0 or i % 2 = 0`);
  await db.execute(sql`
    insert into alumnos_cursos (alumno_id, curso_id, ciclolectivo)
    select a.id, (select id from cursos order by id offset a.id % 18 limit 1), 2026 from alumnos a`);
  await db.execute(sql`
    insert into alumnos_referentes (alumno_id, referente_id, confirmado)
    select a.id, r.id, true from alumnos a join referentes r on r.apellido = a.apellido`);
  // Los avisos del día: por hijo, las notas publicadas y una evaluación próxima; la mitad, también
  // una tardanza que quedó del correo en el momento.
  await db.execute(sql`
    insert into avisos (usuario_id, alumno_id, categoria, clave, titulo, texto, enlace, correo)
    select r.usuario_id, a.id, x.categoria, x.categoria || ':' || a.id, x.titulo,
      a.apellido || ', ' || a.nombre || ': ' || x.texto, x.enlace, 'pendiente'
    from alumnos a
    join alumnos_referentes ar on ar.alumno_id = a.id
    join referentes r on r.id = ar.referente_id
    cross join (values
      ('notas', 'Notas del 1.er cuatrimestre publicadas', 'Matemática 8, Lengua 7, Historia 9, Física 6 (en proceso).', '/calificaciones'),
      ('evaluacion', 'Evaluación de Matemática el 15/05', 'Trabajo práctico integrador, de 8 a 10 h.', '/evaluaciones'),
      ('inasistencia', 'Tardanza', 'Llegó tarde el 12/05/2026, turno mañana.', '/asistencias-externo')
    ) as x(categoria, titulo, texto, enlace)
    where x.categoria <> 'inasistencia' or a.id % 2 = 0`);
  const [n] = (await db.execute(
    sql`select count(*)::int as avisos, count(distinct usuario_id)::int as familias from avisos`,
  )) as unknown as { avisos: number; familias: number }[];
  await c.cerrar();
  return n!;
}

/** Vuelve todo a 'pendiente' sin envíos (para la corrida con la caída). */
async function reiniciar() {
  const s = postgres(URL_BASE_DATOS, { max: 1, onnotice: () => {} });
  await s`delete from avisos_envios`;
  await s`update avisos set correo = 'pendiente', envio_id = null`;
  await s.end();
}

interface Medida {
  enviados: number;
  fallidos: number;
  lotes: number;
  ms: number;
  rssAntesMb: number;
  rssMaxMb: number;
}

/** Corre el trabajador en otro proceso; `alLlegar(n)` se llama con cada correo recibido. */
function correrTrabajador(smtpUrl: string) {
  const hijo = spawn(process.execPath, ['--import', 'tsx', __filename, 'trabajador'], {
    env: { ...process.env, BENCH_SMTP_URL: smtpUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let salida = '';
  hijo.stdout.on('data', (d: Buffer) => (salida += d.toString()));
  const fin = new Promise<{ codigo: number | null; senal: string | null; medida: Medida | null }>(
    (ok) =>
      hijo.on('exit', (codigo, senal) => {
        const linea = salida.trim().split('\n').pop();
        let medida: Medida | null = null;
        try {
          medida = linea ? (JSON.parse(linea) as Medida) : null;
        } catch {
          medida = null;
        }
        ok({ codigo, senal, medida });
      }),
  );
  return { hijo, fin };
}

async function principal() {
  const t0 = performance.now();
  const semilla = await baseNueva();
  console.log(
    `Base: ${semilla.familias} familias, ${semilla.avisos} avisos pendientes (${Math.round(performance.now() - t0)} ms)`,
  );
  // El servidor SMTP, sólo en este proceso (no suma a la memoria del trabajador).
  const { iniciarSmtp } = await import('../fixtures/smtp');
  const smtp = await iniciarSmtp({ liviano: true });
  try {
    // 1. El resumen de todas las familias, de una vez.
    const { fin } = correrTrabajador(smtp.url);
    const r = await fin;
    if (!r.medida) throw new Error(`El trabajador terminó sin medir (código ${r.codigo})`);
    const ids = new Set(smtp.recibidos.map((m) => m.messageId));
    console.log(
      `Resumen diario: ${r.medida.enviados} correos (${smtp.recibidos.length} recibidos por SMTP, ` +
        `${ids.size} Message-ID distintos) en ${(r.medida.ms / 1000).toFixed(1)} s; ` +
        `RSS del trabajador ${r.medida.rssAntesMb} MB al empezar, ${r.medida.rssMaxMb} MB máximo; ` +
        `${r.medida.lotes} lotes`,
    );
    const ok1 = ids.size === FAMILIAS && smtp.recibidos.length === FAMILIAS;

    // 2. La caída: SIGKILL a mitad de camino y otra vez desde el principio.
    await reiniciar();
    smtp.recibidos.length = 0;
    const primero = correrTrabajador(smtp.url);
    await new Promise<void>((ok) => {
      const espera = setInterval(() => {
        if (smtp.recibidos.length >= MATAR_AL_LLEGAR || primero.hijo.exitCode !== null) {
          clearInterval(espera);
          primero.hijo.kill('SIGKILL');
          ok();
        }
      }, 5);
    });
    const muerto = await primero.fin;
    const alMorir = smtp.recibidos.length;
    const segundo = await correrTrabajador(smtp.url).fin;
    const recibidos = smtp.recibidos.length;
    const distintos = new Set(smtp.recibidos.map((m) => m.messageId));
    const destinatarios = new Set(smtp.recibidos.flatMap((m) => m.para));
    const s = postgres(URL_BASE_DATOS, { max: 1, onnotice: () => {} });
    const [estado] = await s<{ enviados: number; pendientes: number }[]>`
      select (select count(*)::int from avisos_envios where estado = 'enviado') as enviados,
        (select count(*)::int from avisos where correo = 'pendiente') as pendientes`;
    await s.end();
    const perdidos = FAMILIAS - destinatarios.size;
    console.log(
      `Caída: el trabajador murió (${muerto.senal}) con ${alMorir} correos recibidos; al volver ` +
        `mandó ${segundo.medida?.enviados ?? '?'}. Recibidos ${recibidos}, Message-ID distintos ` +
        `${distintos.size} de ${FAMILIAS} familias: ${perdidos} perdidos, ` +
        `${recibidos - distintos.size} reenviados con el mismo Message-ID (los que estaban en vuelo), ` +
        `${distintos.size - destinatarios.size} repetidos con otro Message-ID. En la base: ` +
        `${estado!.enviados} envíos 'enviado', ${estado!.pendientes} avisos pendientes.`,
    );
    const ok2 =
      perdidos === 0 &&
      distintos.size === FAMILIAS &&
      estado!.enviados === FAMILIAS &&
      estado!.pendientes === 0;
    if (!ok1 || !ok2) {
      console.error('[x] Faltan o sobran correos.');
      process.exitCode = 1;
    }
  } finally {
    await smtp.cerrar();
  }
}

if (process.argv[2] === 'trabajador') void trabajador();
else void principal();
