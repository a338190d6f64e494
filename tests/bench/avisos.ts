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
 * Por último, la demora de la inasistencia (objetivo: p95 < 60 s pasada la espera): el camino de
 * verdad, con el trabajador de la cola (`iniciarTrabajador`: pg-boss consultando cada 2 s) en otro
 * proceso con NOTIFICACIONES_ESPERA_SEGUNDOS=5 y SMTP_URL hacia el servidor de prueba, y un
 * preceptor que guarda las planillas de varios cursos (`asistencias.guardarPlanilla`, una cada
 * INTERVALO_MS) con una inasistencia por familia. La demora de cada una: la llegada del correo al
 * SMTP − (el guardado + la espera); incluye los 20 s de ESPERA_PARA_JUNTAR (hermanos). Falla si
 * falta o sobra algún correo.
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
import type { ServidorSmtp } from '../fixtures/smtp';

const URL_BASE_DATOS =
  process.env.BENCH_AVISOS_URL || 'postgres://postgres@127.0.0.1:5432/portal_bench_avisos';
const FAMILIAS = Number(process.env.BENCH_AVISOS_FAMILIAS || 1500);
const HOY = '2026-05-12';
const HORA = 18;
const MATAR_AL_LLEGAR = Math.round(FAMILIAS * 0.4);
const CICLO = 2026;
const ZONA = 'America/Argentina/Cordoba';
/** La demora de la inasistencia: cursos, inasistencias por curso, espera y guardados. */
const CURSOS_DEMORA = Number(process.env.BENCH_AVISOS_CURSOS || 8);
const POR_CURSO = Number(process.env.BENCH_AVISOS_POR_CURSO || 5);
const ESPERA_DEMORA = 5;
const INTERVALO_MS = 2500;
const OBJETIVO_DEMORA_S = 60;

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

/**
 * El trabajador de la cola, el de `npm start` y `npm run worker` (proceso hijo): la configuración
 * leída del entorno (SMTP_URL, NOTIFICACIONES_ESPERA_SEGUNDOS) y el reloj real, con el día de la
 * semilla. Avisa 'listo' y corre hasta SIGTERM.
 */
async function trabajadorDeLaCola() {
  const { leerConfig } = await import('@/server/config');
  const { iniciarTrabajador } = await import('@/server/avisos/trabajador');
  const c = leerConfig({
    ...process.env,
    DATABASE_URL: URL_BASE_DATOS,
    SMTP_URL: process.env.BENCH_SMTP_URL,
    SMTP_FROM: 'Portal <avisos@escuela.test>',
    NOTIFICACIONES_ESPERA_SEGUNDOS: String(ESPERA_DEMORA),
    SCHOOL_TZ: ZONA,
  });
  const conexion = await abrirBase({ url: URL_BASE_DATOS, max: 4 });
  const boss = await iniciarTrabajador(
    conexion,
    c,
    () => ({ instante: new Date(), hoy: HOY, zona: ZONA }),
    () => {},
  );
  process.once('SIGTERM', () => {
    void boss
      .stop({ graceful: true, timeout: 10_000 })
      .then(() => conexion.cerrar())
      .then(() => process.exit(0));
  });
  process.stdout.write('listo\n');
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

const percentil = (xs: number[], p: number) => {
  const o = [...xs].sort((a, b) => a - b);
  return o.length ? o[Math.min(o.length - 1, Math.ceil((p / 100) * o.length) - 1)]! : NaN;
};
const seg = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface Inasistencia {
  alumno: number;
  curso: number;
  email: string;
  /** El instante del guardado (el `ahora` del pedido: desde ahí cuenta la espera). */
  guardado: number;
}

/**
 * 3. La demora de la inasistencia por el camino de verdad: el trabajador de la cola en otro
 * proceso, un preceptor que guarda planillas. Devuelve si llegaron todos los correos, una vez.
 */
async function demoraInasistencia(smtp: ServidorSmtp) {
  // Sólo en este proceso (el trabajador del resumen no los carga: no suman a su memoria).
  const { createCaller } = await import('@/server/api/root');
  const { crearContexto } = await import('@/server/api/trpc');
  const { abrirSesion, cargarSesion } = await import('@/server/auth/sesion');
  const { horaEn } = await import('@/server/avisos/trabajador');
  const c = await abrirBase({ url: URL_BASE_DATOS, max: 4 });
  const db = c.db;
  const filas = async <T>(q: ReturnType<typeof sql>) => (await db.execute(q)) as unknown as T[];
  // Desde cero: sin los avisos ni los envíos de las mediciones anteriores.
  await db.execute(sql`delete from avisos_envios`);
  await db.execute(sql`delete from avisos`);
  await db.execute(sql`delete from pgboss.job`);
  // Alumnos de familias con un solo hijo (un correo por inasistencia), POR_CURSO en cada curso.
  const elegidos = await filas<Omit<Inasistencia, 'guardado'>>(sql`
    with unicos as (
      select a.id as alumno, ac.curso_id as curso, u.email, r.usuario_id,
        row_number() over (partition by ac.curso_id order by a.id) as n
      from alumnos a
      join alumnos_cursos ac on ac.alumno_id = a.id and ac.ciclolectivo = ${CICLO}
      join alumnos_referentes ar on ar.alumno_id = a.id and ar.confirmado
      join referentes r on r.id = ar.referente_id
      join usuarios u on u.id = r.usuario_id
      where (select count(*) from alumnos_referentes x where x.referente_id = r.id) = 1
    ), cursos_elegidos as (
      select distinct curso from unicos order by curso limit ${CURSOS_DEMORA}
    )
    select alumno, curso, email from unicos
    where n <= ${POR_CURSO} and curso in (select curso from cursos_elegidos)
    order by curso, alumno`);
  // Que el resumen de la hora en punto (si la corrida la cruza) no se lleve estos avisos.
  const lejos = (horaEn(new Date(), ZONA) + 12) % 24;
  await db.execute(sql`
    insert into avisos_ajustes (usuario_id, hora_resumen)
    select id, ${lejos} from usuarios where email = any(${`{${elegidos.map((e) => e.email).join(',')}}`}::text[])
    on conflict (usuario_id) do update set hora_resumen = excluded.hora_resumen`);
  // El preceptor de esos cursos.
  const [pre] = await filas<{ id: number }>(sql`
    insert into usuarios (email, nombre, apellido, rls)
    values ('preceptor.bench@escuela.test', 'Pablo', 'Preceptor', ${Rol.Preceptor})
    on conflict do nothing returning id`);
  const cursos = [...new Set(elegidos.map((e) => e.curso))];
  await db.execute(sql`
    insert into preceptores_cursos (usuario_id, curso_id, ciclolectivo)
    select ${pre!.id}, unnest(${`{${cursos.join(',')}}`}::int[]), ${CICLO}`);
  const sesion = await cargarSesion(db, {
    usuarioId: pre!.id,
    rol: Rol.Preceptor,
    sid: await abrirSesion(db, pre!.id),
  });
  if (!sesion) throw new Error('No se cargó la sesión del preceptor.');

  const hijo = spawn(process.execPath, ['--import', 'tsx', __filename, 'cola'], {
    env: { ...process.env, BENCH_SMTP_URL: smtp.url },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const salida = new Promise<void>((ok) => hijo.on('exit', () => ok()));
  await new Promise<void>((ok, mal) => {
    hijo.stdout.on('data', (d: Buffer) => d.toString().includes('listo') && ok());
    hijo.on('exit', (codigo) => mal(new Error(`El trabajador de la cola salió (${codigo}).`)));
  });

  // La llegada de cada correo, por destinatario (cada 10 ms).
  smtp.recibidos.length = 0;
  const llegadas = new Map<string, number[]>();
  let vistos = 0;
  const marcar = () => {
    for (; vistos < smtp.recibidos.length; vistos++)
      for (const para of smtp.recibidos[vistos]!.para)
        llegadas.set(para, [...(llegadas.get(para) ?? []), Date.now()]);
  };
  const reloj = setInterval(marcar, 10);

  const inasistencias: Inasistencia[] = [];
  const tiposDe = ['Falta', 'Tardanza Ingreso', 'Retiro con Permiso (Falta)'] as const;
  let colas: { cola: string; n: number; p50: number; max: number }[] = [];
  const t0 = Date.now();
  try {
    for (const [k, curso] of cursos.entries()) {
      await new Promise((ok) => setTimeout(ok, Math.max(0, t0 + k * INTERVALO_MS - Date.now())));
      const delCurso = elegidos.filter((e) => e.curso === curso);
      const ahora = new Date();
      const caller = createCaller(crearContexto({ db, sesion, ciclo: CICLO, hoy: HOY, ahora }));
      await caller.asistencias.guardarPlanilla({
        curso,
        fecha: HOY,
        turno: 'Mañana',
        alumnos: delCurso.map((e, i) => ({
          alumno: e.alumno,
          crear: [{ tipo: tiposDe[i % tiposDe.length]! }],
        })),
      });
      for (const e of delCurso) inasistencias.push({ ...e, guardado: ahora.getTime() });
    }
    // Hasta que lleguen todos, o 120 s más allá de la espera del último guardado.
    const limite = Date.now() + (ESPERA_DEMORA + 120) * 1000;
    while (Date.now() < limite && inasistencias.some((i) => !llegadas.has(i.email)))
      await new Promise((ok) => setTimeout(ok, 100));
    // Un rato más, por si llega alguno repetido.
    await new Promise((ok) => setTimeout(ok, 3000));
    marcar();
  } finally {
    clearInterval(reloj);
    hijo.kill('SIGTERM');
    const matar = setTimeout(() => hijo.kill('SIGKILL'), 15_000);
    await salida;
    clearTimeout(matar);
    // Dónde se va el tiempo: de vencido (start_after) a tomado por el trabajador, por cola.
    colas = await filas<{ cola: string; n: number; p50: number; max: number }>(sql`
      select name as cola, count(*)::int as n,
        percentile_cont(0.5) within group (order by extract(epoch from started_on - start_after))::float8 as p50,
        max(extract(epoch from started_on - start_after))::float8 as max
      from pgboss.job where state = 'completed' group by name order by name`);
    await c.cerrar();
  }

  const demoras = inasistencias
    .filter((i) => llegadas.has(i.email))
    .map((i) => llegadas.get(i.email)![0]! - (i.guardado + ESPERA_DEMORA * 1000));
  const esperadosEmails = new Set(inasistencias.map((i) => i.email));
  const faltan = inasistencias.length - demoras.length;
  const ajenos = smtp.recibidos.filter((m) => !m.para.some((p) => esperadosEmails.has(p))).length;
  const repetidos = [...llegadas.values()].reduce((n, l) => n + l.length - 1, 0);
  const p95 = percentil(demoras, 95);
  console.log(
    `Inasistencia → correo (${inasistencias.length} inasistencias en ${cursos.length} cursos, ` +
      `un guardado cada ${INTERVALO_MS / 1000} s, espera ${ESPERA_DEMORA} s, trabajador con ` +
      `pg-boss cada 2 s): recibidos ${demoras.length} de ${inasistencias.length}, ` +
      `${repetidos} repetidos, ${ajenos} ajenos; demora pasada la espera p50 ` +
      `${seg(percentil(demoras, 50))}, p95 ${seg(p95)}, máx ${seg(Math.max(...demoras))} ` +
      `(objetivo p95 < ${OBJETIVO_DEMORA_S} s${p95 < OBJETIVO_DEMORA_S * 1000 ? '' : ': NO'}; ` +
      `incluye los 20 s para juntar hermanos). De vencido a tomado: ` +
      colas
        .map(
          (q) => `${q.cola} ${q.n} trabajos, p50 ${q.p50.toFixed(1)} s, máx ${q.max.toFixed(1)} s`,
        )
        .join('; '),
  );
  return faltan === 0 && repetidos === 0 && ajenos === 0 && inasistencias.length > 0;
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

    // 3. La demora de la inasistencia, por el trabajador de la cola.
    const ok3 = await demoraInasistencia(smtp);
    if (!ok1 || !ok2 || !ok3) {
      console.error('[x] Faltan o sobran correos.');
      process.exitCode = 1;
    }
  } finally {
    await smtp.cerrar();
  }
}

if (process.argv[2] === 'trabajador') void trabajador();
else if (process.argv[2] === 'cola') void trabajadorDeLaCola();
else void principal();
