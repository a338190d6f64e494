/**
 * La cola de avisos (issue 35 §1): pg-boss en la misma base, el trabajo encolado en la transacción
 * del cambio (si se deshace, no queda), los avisos guardados una vez por persona y clave (un
 * reintento no duplica; un cambio actualiza el texto sin otro correo) y el correo de cada aviso
 * según quién lo recibe y sus preferencias. El trabajador de verdad (pg-boss con su propio pool)
 * toma los trabajos y reintenta el que falla.
 */
import { eq, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { ESPERA_ASISTENCIA_POR_OMISION } from '@/domain/avisos';
import { COLAS, encolar } from '@/server/avisos/cola';
import type { Evento } from '@/server/avisos/eventos';
import { guardarAvisos } from '@/server/avisos/procesar';
import { iniciarTrabajador } from '@/server/avisos/trabajador';
import type { AvisoNuevo, CtxTrabajo } from '@/server/avisos/tipos';
import { leerConfig } from '@/server/config';
import type { Conexion, Db } from '@/server/db';
import { avisos, avisosPreferencias } from '@/server/db/schema';
import { EMAIL_DEMO } from '@/server/db/demo';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { idDeUsuario, idsDeLaDemo } from '../fixtures/contexto';

const CICLO = 2026;
const HOY = '2026-05-12';
let conexion: Conexion;
let db: Db;

beforeAll(async () => {
  conexion = await crearEscuelaDePrueba(CICLO, HOY);
  db = conexion.db;
});
afterAll(() => conexion.cerrar());

/** Las filas de `db.execute` (postgres.js: la lista; PGlite: `rows`). */
const filas = async <T>(consulta: ReturnType<typeof sql>): Promise<T[]> => {
  const r = (await db.execute(consulta)) as unknown as T[] | { rows: T[] };
  return Array.isArray(r) ? r : r.rows;
};
const trabajos = async (cola: string): Promise<number> =>
  (
    await filas<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = ${cola}`)
  )[0]!.n;

const ctx = (): CtxTrabajo => ({
  db,
  ahora: new Date('2026-05-12T13:00:00Z'),
  hoy: HOY,
  zona: 'America/Argentina/Cordoba',
  esperaAsistencia: ESPERA_ASISTENCIA_POR_OMISION,
  urlBase: 'http://localhost:3000',
  secreto: 'x'.repeat(40),
  correo: null,
});

/** Un hecho de un tipo que ningún compositor conoce (para probar la cola sola). */
const hechoDesconocido = (n: number) => ({ tipo: 'desconocido', n }) as unknown as Evento;

test('encolar en una transacción que se deshace no deja ningún trabajo; la que se confirma, uno', async () => {
  const antes = await trabajos(COLAS.evento);
  await expect(
    db.transaction(async (tx) => {
      await encolar(tx, hechoDesconocido(1));
      throw new Error('el guardado falla después de encolar');
    }),
  ).rejects.toThrow('el guardado falla');
  expect(await trabajos(COLAS.evento)).toBe(antes);
  await db.transaction(async (tx) => {
    await encolar(tx, hechoDesconocido(2));
  });
  expect(await trabajos(COLAS.evento)).toBe(antes + 1);
  await db.execute(sql`delete from pgboss.job where name = ${COLAS.evento}`);
});

describe('guardarAvisos', () => {
  let referente: number;
  let alumnoUsuario: number;
  let alumno: number;
  const aviso = (usuario: number, extra: Partial<AvisoNuevo> = {}): AvisoNuevo => ({
    usuario,
    alumno,
    categoria: 'inasistencia',
    clave: `inasistencia:${alumno}:${HOY}`,
    titulo: 'Inasistencia',
    texto: 'Ausente el 12/05/2026, turno mañana.',
    enlace: '/asistencias-externo',
    ...extra,
  });

  beforeAll(async () => {
    referente = await idDeUsuario(db, EMAIL_DEMO.referente);
    alumnoUsuario = await idDeUsuario(db, EMAIL_DEMO.alumno);
    alumno = (await idsDeLaDemo(db)).hijo;
  });
  beforeEach(async () => {
    await db.delete(avisos);
    await db.delete(avisosPreferencias);
    await db.execute(sql`delete from pgboss.job where name = ${COLAS.correo}`);
  });

  test('una vez por persona y clave: el reintento no duplica; el texto nuevo actualiza sin otro correo', async () => {
    const r1 = await guardarAvisos(ctx(), [aviso(referente), aviso(alumnoUsuario)]);
    expect(r1).toEqual({ nuevos: 2, actualizados: 0, correos: 1 });
    expect(await trabajos(COLAS.correo)).toBe(1);
    // El mismo hecho otra vez (un reintento, otro trabajador): nada nuevo.
    const r2 = await guardarAvisos(ctx(), [aviso(referente), aviso(alumnoUsuario)]);
    expect(r2).toEqual({ nuevos: 0, actualizados: 0, correos: 0 });
    // La justificación: el mismo aviso con otro texto.
    const r3 = await guardarAvisos(ctx(), [
      aviso(referente, { texto: 'Ausente el 12/05/2026, turno mañana. Justificada.' }),
    ]);
    expect(r3).toEqual({ nuevos: 0, actualizados: 1, correos: 0 });
    expect(await trabajos(COLAS.correo)).toBe(1);
    const filas = await db
      .select({ usuario: avisos.usuarioId, texto: avisos.texto, correo: avisos.correo })
      .from(avisos)
      .orderBy(avisos.usuarioId);
    expect(filas).toEqual(
      [
        {
          usuario: referente,
          texto: 'Ausente el 12/05/2026, turno mañana. Justificada.',
          correo: 'pendiente',
        },
        // El alumno lo ve en el portal; el correo es para las familias.
        { usuario: alumnoUsuario, texto: 'Ausente el 12/05/2026, turno mañana.', correo: 'no' },
      ].sort((a, b) => a.usuario - b.usuario),
    );
  });

  test('el correo según la preferencia: en el momento encola; en el resumen espera; "no", nada', async () => {
    await db.insert(avisosPreferencias).values([
      { usuarioId: referente, categoria: 'medida', modo: 'no' },
      { usuarioId: referente, categoria: 'inasistencia', modo: 'resumen' },
    ]);
    const r = await guardarAvisos(ctx(), [
      aviso(referente),
      aviso(referente, { categoria: 'medida', clave: 'medida:1' }),
      aviso(referente, { categoria: 'umbral', clave: `umbral:${alumno}:${CICLO}:cerca:0` }),
    ]);
    expect(r).toEqual({ nuevos: 3, actualizados: 0, correos: 1 });
    const porCategoria = Object.fromEntries(
      (
        await db
          .select({ categoria: avisos.categoria, correo: avisos.correo })
          .from(avisos)
          .where(eq(avisos.usuarioId, referente))
      ).map((f) => [f.categoria, f.correo]),
    );
    expect(porCategoria).toEqual({ inasistencia: 'pendiente', medida: 'no', umbral: 'pendiente' });
    const [job] = await filas<{ data: unknown }>(
      sql`select data from pgboss.job where name = ${COLAS.correo}`,
    );
    expect(job!.data).toEqual({ usuario: referente, categoria: 'umbral', dia: HOY });
  });
});

describe('el trabajador de verdad', () => {
  let boss: PgBoss;
  afterAll(() => boss?.stop({ graceful: false }));

  test('toma el trabajo, y el que falla queda para reintentar con su error', async () => {
    const c = leerConfig({ NODE_ENV: 'test', AVISOS_TRABAJADOR: 'si' });
    const mensajes: string[] = [];
    boss = await iniciarTrabajador(
      conexion,
      c,
      () => ({ instante: new Date(), hoy: HOY, zona: c.zonaHoraria }),
      (m) => mensajes.push(m),
    );
    // Sin SMTP_URL lo dice (en /root/log, por src/instrumentation.ts).
    expect(mensajes).toEqual([
      '[avisos] Sin SMTP_URL: los avisos no se mandan por correo (los del portal siguen funcionando).',
    ]);
    await db.transaction((tx) => encolar(tx, hechoDesconocido(3)));
    let estado: { state: string; output: { message?: string } | null } | undefined;
    for (let i = 0; i < 100; i++) {
      const r = await filas<{ state: string; output: { message?: string } | null }>(
        sql`select state, output from pgboss.job where name = ${COLAS.evento} and data->>'n' = '3'`,
      );
      estado = r[0];
      if (estado && estado.state !== 'created' && estado.state !== 'active') break;
      await new Promise((listo) => setTimeout(listo, 100));
    }
    expect(estado!.state).toBe('retry');
    expect(estado!.output?.message).toContain('Hecho desconocido');
    // El resumen diario queda agendado cada hora en punto.
    const agenda = await filas<{ name: string; cron: string }>(
      sql`select name, cron from pgboss.schedule where name = ${COLAS.resumen}`,
    );
    expect(agenda).toEqual([{ name: COLAS.resumen, cron: '0 * * * *' }]);
  });
});
