/**
 * Los rebotes que llegan después (issue 35 §5), con SMTP de verdad de punta a punta: el trabajador
 * (`iniciarTrabajador`, con SMTP_REBOTES y REBOTES_PUERTO) arranca el receptor de rebotes; un
 * correo de avisos sale por el servidor SMTP de la prueba con el remitente del sobre VERP
 * (rebotes+<token>@…, el From visible no cambia); con ese MAIL FROM se arma un DSN de verdad
 * (RFC 3464: multipart/report con message/delivery-status y las cabeceras del original) y se
 * entrega con nodemailer al receptor → el envío queda 'rebotado' con el motivo y cuándo. Una
 * demora no cambia nada; un token falso o un destinatario desconocido, 550 y nada cambia; el mismo
 * DSN dos veces, un solo registro; uno demasiado grande, rechazado. Un rebote después no hace que
 * el mismo correo se mande otra vez. /root/log lo muestra (filtro "rebotado", con el motivo) y marca
 * la dirección que rebotó 3 veces en 30 días.
 */
import { createServer, type AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { PgBoss } from 'pg-boss';
import { ESPERA_ASISTENCIA_POR_OMISION } from '@/domain/avisos';
import { Rol } from '@/domain/roles';
import { procesarCorreo } from '@/server/avisos/correo';
import { guardarAvisos } from '@/server/avisos/procesar';
import { iniciarTrabajador } from '@/server/avisos/trabajador';
import type { CtxTrabajo } from '@/server/avisos/tipos';
import { leerConfig } from '@/server/config';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import { avisosEnvios, usuarios } from '@/server/db/schema';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo } from '../fixtures/contexto';
import { iniciarSmtp, type Recibido, type ServidorSmtp } from '../fixtures/smtp';

const CICLO = 2026;
const HOY = '2026-05-12';
const SECRETO = 'k'.repeat(40);
const REBOTES = 'rebotes@portal.escuela.test';
let conexion: Conexion;
let db: Db;
let smtp: ServidorSmtp;
let boss: PgBoss;
let puerto: number;
const registro: string[] = [];
/** El reloj del trabajador (el instante de cada rebote). */
let instante = new Date('2026-05-12T22:00:00Z');

const filas = async <T>(consulta: ReturnType<typeof sql>): Promise<T[]> => {
  const r = (await db.execute(consulta)) as unknown as T[] | { rows: T[] };
  return Array.isArray(r) ? r : r.rows;
};

const ctx = (): CtxTrabajo => ({
  db,
  ahora: new Date('2026-05-12T21:00:00Z'),
  hoy: HOY,
  zona: 'America/Argentina/Cordoba',
  esperaAsistencia: ESPERA_ASISTENCIA_POR_OMISION,
  urlBase: 'https://portal.escuela.test',
  secreto: SECRETO,
  correo: smtp.correo('Escuela <avisos@escuela.test>'),
  rebotes: REBOTES,
});

async function puertoLibre(): Promise<number> {
  const s = createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', () => ok()));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((ok) => s.close(() => ok()));
  return port;
}

interface Envio {
  id: number;
  estado: string;
  motivo: string | null;
  rebotado: Date | null;
  intentos: number;
}
const envio = async (id: number) =>
  (
    await filas<Envio>(
      sql`select id, estado, motivo, rebotado, intentos from avisos_envios where id = ${id}`,
    )
  )[0]!;

let n = 0;
/** Un referente nuevo con un aviso y su correo "en el momento": el correo recibido y su envío. */
async function correoMandado(): Promise<{ recibido: Recibido; envio: number; usuario: number }> {
  n++;
  const email = `familia${n}@lejos.test`;
  const [u] = await db
    .insert(usuarios)
    .values({ email, nombre: 'Tutora', apellido: `Rebote${n}`, rls: Rol.ReferenteParental })
    .returning({ id: usuarios.id });
  await guardarAvisos(ctx(), [
    {
      usuario: u!.id,
      alumno: null,
      categoria: 'comunicado',
      clave: `prueba-rebote:${n}`,
      titulo: 'Reunión de padres',
      texto: 'El viernes a las 18.',
      enlace: '/comunicados-externo',
    },
  ]);
  await procesarCorreo(ctx(), { usuario: u!.id, categoria: 'comunicado', dia: HOY });
  const recibido = smtp.recibidos.find((r) => r.para.includes(email));
  expect(recibido).toBeDefined();
  const [e] = await filas<{ id: number }>(
    sql`select id from avisos_envios where usuario_id = ${u!.id}`,
  );
  return { recibido: recibido!, envio: Number(e!.id), usuario: u!.id };
}

/** Un DSN de RFC 3464 (la forma del de Postfix) para el correo `original`. */
function dsn(
  original: Recibido,
  o: {
    accion?: 'failed' | 'delayed';
    status?: string;
    diagnostico?: string;
    relleno?: number;
  } = {},
): string {
  const accion = o.accion ?? 'failed';
  const status = o.status ?? '5.1.1';
  const diagnostico =
    o.diagnostico ?? '550 5.1.1 <destino>: Recipient address rejected: User unknown';
  const para = original.para[0]!;
  return [
    'From: Mail Delivery System <MAILER-DAEMON@mx.lejos.test>',
    `To: ${original.remitente}`,
    `Subject: ${accion === 'failed' ? 'Undelivered Mail Returned to Sender' : 'Delayed Mail (still being retried)'}`,
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="LIMITE"',
    '',
    '--LIMITE',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is the mail system at host mx.lejos.test.',
    ...(o.relleno ? ['x'.repeat(76)].flatMap((l) => Array(o.relleno).fill(l) as string[]) : []),
    '',
    '--LIMITE',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.lejos.test',
    '',
    `Final-Recipient: rfc822; ${para}`,
    `Original-Recipient: rfc822;${para}`,
    `Action: ${accion}`,
    `Status: ${status}`,
    `Diagnostic-Code: smtp; ${diagnostico}`,
    '',
    '--LIMITE',
    'Content-Type: text/rfc822-headers',
    '',
    `Message-ID: ${original.messageId}`,
    `Subject: ${original.asunto}`,
    `To: ${para}`,
    '',
    '--LIMITE--',
    '',
  ].join('\r\n');
}

/** Entrega un correo crudo al receptor de rebotes por SMTP (nodemailer), con MAIL FROM:<>. */
async function entregar(para: string, crudo: string) {
  const t = nodemailer.createTransport({
    host: '127.0.0.1',
    port: puerto,
    secure: false,
    ignoreTLS: true,
  });
  try {
    return await t.sendMail({ envelope: { from: '', to: [para] }, raw: crudo });
  } finally {
    t.close();
  }
}

beforeAll(async () => {
  conexion = await crearEscuelaDePrueba(CICLO, HOY);
  db = conexion.db;
  smtp = await iniciarSmtp();
  puerto = await puertoLibre();
  const config = leerConfig({
    NODE_ENV: 'test',
    AUTH_SECRET: SECRETO,
    SMTP_REBOTES: REBOTES,
    REBOTES_PUERTO: String(puerto),
  });
  boss = await iniciarTrabajador(
    conexion,
    config,
    () => ({ instante, hoy: HOY, zona: 'America/Argentina/Cordoba' }),
    (m) => registro.push(m),
  );
});
afterAll(async () => {
  await boss?.stop({ graceful: false });
  await smtp?.cerrar();
  await conexion?.cerrar();
});

test('el trabajador arranca el receptor y lo dice', () => {
  expect(registro).toContain(`[avisos] Recibiendo rebotes para ${REBOTES} en el puerto ${puerto}.`);
});

test('otro trabajador en la misma máquina no puede abrir el puerto: lo dice y la cola sigue', async () => {
  const suyo: string[] = [];
  const otro = await iniciarTrabajador(
    conexion,
    leerConfig({
      NODE_ENV: 'test',
      AUTH_SECRET: SECRETO,
      SMTP_REBOTES: REBOTES,
      REBOTES_PUERTO: String(puerto),
    }),
    () => ({ instante, hoy: HOY, zona: 'America/Argentina/Cordoba' }),
    (m) => suyo.push(m),
  );
  try {
    expect(
      suyo.some((m) =>
        m.startsWith(`[avisos] No se pudo abrir el puerto ${puerto} para recibir rebotes (`),
      ),
    ).toBe(true);
    expect(await otro.isInstalled()).toBe(true);
  } finally {
    await otro.stop({ graceful: false });
  }
});

test('el correo sale con el remitente del sobre VERP; el From visible no cambia', async () => {
  const { recibido, envio: id } = await correoMandado();
  expect(recibido.de).toContain('avisos@escuela.test');
  expect(recibido.remitente).toMatch(
    new RegExp(`^rebotes\\+${id}-[0-9a-f]{20}@portal\\.escuela\\.test$`),
  );
  expect((await envio(id)).estado).toBe('enviado');
});

test('un DSN de no entrega deja el envío rebotado con el motivo, lo que dijo el servidor y cuándo', async () => {
  const { recibido, envio: id, usuario } = await correoMandado();
  instante = new Date('2026-05-12T22:30:00Z');
  const r = await entregar(recibido.remitente, dsn(recibido));
  expect(r.accepted).toEqual([recibido.remitente]);
  const e = await envio(id);
  expect(e.estado).toBe('rebotado');
  expect(e.motivo).toBe(
    'Rebotó: La dirección de correo no existe (5.1.1). El servidor remoto dijo: «550 5.1.1 <destino>: Recipient address rejected: User unknown»',
  );
  expect(new Date(e.rebotado!).toISOString()).toBe('2026-05-12T22:30:00.000Z');

  // El mismo DSN otra vez (un reintento del servidor remoto): se acepta, un solo registro.
  instante = new Date('2026-05-12T23:00:00Z');
  await entregar(recibido.remitente, dsn(recibido));
  const otra = await envio(id);
  expect(otra).toEqual(e);
  expect(await filas(sql`select id from avisos_envios where usuario_id = ${usuario}`)).toHaveLength(
    1,
  );

  // El trabajo del correo otra vez: el rebotado no se manda de nuevo (ni vuelve a 'enviado').
  const antes = smtp.recibidos.length;
  await procesarCorreo(ctx(), { usuario, categoria: 'comunicado', dia: HOY });
  expect(smtp.recibidos).toHaveLength(antes);
  expect(await envio(id)).toEqual(e);
});

test('una demora (Action: delayed) no cambia nada', async () => {
  const { recibido, envio: id } = await correoMandado();
  const antes = await envio(id);
  const r = await entregar(
    recibido.remitente,
    dsn(recibido, { accion: 'delayed', status: '4.4.1', diagnostico: 'Connection timed out' }),
  );
  expect(r.accepted).toHaveLength(1);
  expect(await envio(id)).toEqual(antes);
  expect(antes.estado).toBe('enviado');
});

test('un token falso, el de otro envío o un destinatario desconocido: 550 y nada cambia', async () => {
  const a = await correoMandado();
  const b = await correoMandado();
  const antes = [await envio(a.envio), await envio(b.envio)];
  const firma = /-([0-9a-f]{20})@/.exec(a.recibido.remitente)![1]!;
  const falsos = [
    // La firma de a con el id de b: no marca el correo de b.
    a.recibido.remitente.replace(`+${a.envio}-`, `+${b.envio}-`),
    a.recibido.remitente.replace(
      firma,
      firma.replace(/^./, (c) => (c === '0' ? '1' : '0')),
    ),
    `rebotes+${b.envio}@portal.escuela.test`,
    'rebotes@portal.escuela.test',
    'alguien@portal.escuela.test',
    a.recibido.remitente.replace('portal.escuela.test', 'otra.test'),
  ];
  for (const para of falsos)
    await expect(entregar(para, dsn(b.recibido))).rejects.toMatchObject({ responseCode: 550 });
  expect([await envio(a.envio), await envio(b.envio)]).toEqual(antes);
});

test('un correo de más de 256 KB se rechaza y nada cambia', async () => {
  const { recibido, envio: id } = await correoMandado();
  const antes = await envio(id);
  const grande = dsn(recibido, { relleno: 4000 }); // ~ 310 KB
  expect(grande.length).toBeGreaterThan(256 * 1024);
  await expect(entregar(recibido.remitente, grande)).rejects.toMatchObject({
    responseCode: 552,
  });
  expect(await envio(id)).toEqual(antes);
});

test('un correo cualquiera (no un rebote) a una dirección válida se acepta y no cambia nada', async () => {
  const { recibido, envio: id } = await correoMandado();
  const antes = await envio(id);
  await entregar(
    recibido.remitente,
    'From: Tutora <familia@lejos.test>\r\nTo: x\r\nSubject: Gracias\r\n\r\nGracias por avisar.\r\n',
  );
  expect(await envio(id)).toEqual(antes);
});

test('/root/log: el filtro de rebotados, con el motivo; la dirección con 3 rebotes en 30 días, marcada', async () => {
  const { recibido, envio: id } = await correoMandado();
  const email = recibido.para[0]!;
  // Dos rebotes anteriores de la misma dirección en los últimos 30 días y uno de hace más.
  const previo = (dias: number, clave: string) => ({
    email,
    clave,
    tipo: 'inmediato' as const,
    asunto: 'Anterior',
    estado: 'rebotado' as const,
    motivo: 'Rebotó: La dirección de correo no existe (5.1.1).',
    rebotado: new Date(Date.parse('2026-05-12T22:00:00Z') - dias * 86_400_000),
  });
  await db
    .insert(avisosEnvios)
    .values([
      previo(3, 'prueba-rebote-a'),
      previo(20, 'prueba-rebote-b'),
      previo(40, 'prueba-rebote-c'),
    ]);
  const admin = await callerComo(db, EMAIL_DEMO.admin, Rol.Admin, {
    ciclo: CICLO,
    dispositivoAdmin: true,
    ahora: new Date('2026-05-13T00:00:00Z'),
  });
  const deEsta = async () =>
    (await admin.comunicados.envios({ estado: 'todos', posicion: 0 })).items.find(
      (e) => e.id === id,
    )!;
  // Con dos rebotes recientes (y el viejo, que no cuenta), todavía no se marca.
  expect(await deEsta()).toMatchObject({ estado: 'enviado', rebotes: 2, muchosRebotes: false });
  await entregar(
    recibido.remitente,
    dsn(recibido, { status: '5.2.1', diagnostico: '550 5.2.1 Mailbox disabled' }),
  );
  const rebotados = await admin.comunicados.envios({ estado: 'rebotado', posicion: 0 });
  expect(rebotados.items.every((e) => e.estado === 'rebotado')).toBe(true);
  expect(rebotados.items.find((e) => e.id === id)).toMatchObject({
    estado: 'rebotado',
    email,
    motivo:
      'Rebotó: El buzón del destinatario está deshabilitado (5.2.1). El servidor remoto dijo: «550 5.2.1 Mailbox disabled»',
    rebotes: 3,
    muchosRebotes: true,
  });
  const enviados = await admin.comunicados.envios({ estado: 'enviado', posicion: 0 });
  expect(enviados.items.some((e) => e.id === id)).toBe(false);
});
