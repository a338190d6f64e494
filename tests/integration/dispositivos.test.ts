/**
 * Dispositivos de administración y suplantación (issue 31 §4 y §5).
 *
 * §4: registrar un dispositivo en /bypass crea su fila (la cookie lleva el id firmado); una
 * cookie falsificada, vencida, revocada o de otra clave no vale; cambiar la clave los revoca al
 * arrancar; Admin (con el dispositivo) los lista y revoca, y revocar cierra las sesiones de
 * suplantación abiertas desde él; "ingresar como" pide el dispositivo Y una sesión de Admin.
 * §5: la sesión de suplantación anota al Admin (`impersonado_por`), cada fila de la auditoría
 * escrita en ella también, y /root/log muestra "Admin como Usuario".
 */
import { and, eq, sql } from 'drizzle-orm';
import { mascaraDe } from '@/domain/jornada';
import { Rol } from '@/domain/roles';
import { createCaller } from '@/server/api/root';
import { crearContexto } from '@/server/api/trpc';
import {
  autorizarIngresoComo,
  crearCookieAdmin,
  dispositivoVigente,
  huellaDeClave,
  MAX_USER_AGENT,
  registrarDispositivoAdmin,
  revocarDispositivosDeOtraClave,
} from '@/server/auth/admin';
import { abrirSesion, cargarSesion, type Sesion } from '@/server/auth/sesion';
import { releerConfig } from '@/server/config';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo, idDeUsuario, sesionDe } from '../fixtures/contexto';
import { codigoDe } from '../fixtures/errores';

const CLAVE = 'clave-de-la-prueba-de-dispositivos';
const ciclo = 2026;
const hoy = '2026-11-24';
const IP = '192.0.2.50';

let c: Conexion;
let db: Db;
const claveAntes = process.env.ADMIN_BYPASS_PASSWORD;
const usarClave = (clave: string) => {
  process.env.ADMIN_BYPASS_PASSWORD = clave;
  releerConfig();
};
beforeAll(async () => {
  usarClave(CLAVE);
  c = await crearEscuelaDePrueba(ciclo, hoy);
  db = c.db;
});
afterAll(async () => {
  if (claveAntes == null) delete process.env.ADMIN_BYPASS_PASSWORD;
  else process.env.ADMIN_BYPASS_PASSWORD = claveAntes;
  releerConfig();
  await c?.cerrar();
});

/** Registra un dispositivo con la clave de hoy y devuelve su id y su cookie. */
async function registrar(ip = IP, userAgent: string | null = 'Navegador de prueba') {
  const r = await registrarDispositivoAdmin({ db, ip }, { clave: CLAVE, userAgent });
  if (!r.ok) throw new Error(r.error);
  return { id: r.dispositivoId, cookie: crearCookieAdmin(r.dispositivoId) };
}

const filaDe = async (id: string) =>
  (await db.select().from(s.dispositivosAdmin).where(eq(s.dispositivosAdmin.id, id)))[0];

/** Los procedimientos de root como Admin (o el rol dado) con el dispositivo `dispositivoId`. */
const rootCon = (sesion: Sesion, dispositivoId: string | null) =>
  createCaller(
    crearContexto({
      db,
      sesion,
      ciclo,
      hoy,
      dispositivoAdmin: dispositivoId != null,
      dispositivoId,
    }),
  );

describe('§4 el dispositivo queda registrado en la base', () => {
  test('registrar crea la fila (IP, navegador acotado, huella y no la clave) y la cookie la nombra', async () => {
    const { id, cookie } = await registrar(IP, 'M'.repeat(5000));
    const fila = await filaDe(id);
    expect(fila).toMatchObject({ ip: IP, revocado: null, revocadoPor: null });
    expect(fila!.userAgent).toHaveLength(MAX_USER_AGENT);
    expect(fila!.huellaClave).toBe(huellaDeClave(CLAVE));
    expect(JSON.stringify(fila)).not.toContain(CLAVE);
    expect(cookie.split('.')[0]).toBe(id);
    expect(await dispositivoVigente(db, cookie)).toBe(id);
    // El registro quedó auditado con el id del dispositivo.
    const [aud] = await db
      .select()
      .from(s.auditoria)
      .where(
        and(eq(s.auditoria.accion, 'bypass.dispositivo_registrado'), eq(s.auditoria.entidadId, id)),
      );
    expect(aud).toMatchObject({ ip: IP, entidad: 'dispositivo' });
  });

  test('una clave equivocada no crea fila', async () => {
    const antes = await db.$count(s.dispositivosAdmin);
    expect(await registrarDispositivoAdmin({ db, ip: '192.0.2.51' }, { clave: 'mala' })).toEqual({
      ok: false,
      error: 'Clave incorrecta.',
    });
    expect(await db.$count(s.dispositivosAdmin)).toBe(antes);
  });

  test('el último uso se anota, a lo sumo una vez por minuto', async () => {
    const { id, cookie } = await registrar();
    await db
      .update(s.dispositivosAdmin)
      .set({ ultimoUso: sql`now() - interval '5 minutes'` })
      .where(eq(s.dispositivosAdmin.id, id));
    const viejo = (await filaDe(id))!.ultimoUso!;
    expect(await dispositivoVigente(db, cookie)).toBe(id);
    const nuevo = (await filaDe(id))!.ultimoUso!;
    expect(nuevo.getTime()).toBeGreaterThan(viejo.getTime() + 4 * 60_000);
    expect(await dispositivoVigente(db, cookie)).toBe(id);
    expect((await filaDe(id))!.ultimoUso!.getTime()).toBe(nuevo.getTime());
  });

  test('una cookie falsificada, vencida o revocada no vale', async () => {
    const { id, cookie } = await registrar();
    // Sin firma, con otra firma, o un id firmado que no está en la tabla.
    expect(await dispositivoVigente(db, id)).toBeNull();
    expect(await dispositivoVigente(db, `${id}.firma-falsa`)).toBeNull();
    expect(await dispositivoVigente(db, crearCookieAdmin(crypto.randomUUID()))).toBeNull();
    // Vencida: 30 días desde el registro.
    await db
      .update(s.dispositivosAdmin)
      .set({ creado: sql`now() - interval '31 days'` })
      .where(eq(s.dispositivosAdmin.id, id));
    expect(await dispositivoVigente(db, cookie)).toBeNull();
    // Revocada.
    const otro = await registrar();
    expect(await dispositivoVigente(db, otro.cookie)).toBe(otro.id);
    await db
      .update(s.dispositivosAdmin)
      .set({ revocado: sql`now()` })
      .where(eq(s.dispositivosAdmin.id, otro.id));
    expect(await dispositivoVigente(db, otro.cookie)).toBeNull();
  });

  test('cambiar la clave: los dispositivos de la anterior dejan de valer ya y se revocan al arrancar', async () => {
    const viejo = await registrar();
    usarClave('otra-clave-de-la-prueba');
    try {
      // La huella ya no coincide: no vale aunque todavía no se haya revocado.
      expect(await dispositivoVigente(db, viejo.cookie)).toBeNull();
      const r = await registrarDispositivoAdmin(
        { db, ip: '192.0.2.52' },
        { clave: 'otra-clave-de-la-prueba' },
      );
      if (!r.ok) throw new Error(r.error);
      expect(await revocarDispositivosDeOtraClave(db)).toBeGreaterThanOrEqual(1);
      expect((await filaDe(viejo.id))!.revocado).not.toBeNull();
      // El de la clave nueva sigue.
      expect((await filaDe(r.dispositivoId))!.revocado).toBeNull();
      expect(await dispositivoVigente(db, crearCookieAdmin(r.dispositivoId))).toBe(r.dispositivoId);
    } finally {
      usarClave(CLAVE);
    }
    // Volver a la clave anterior no resucita un dispositivo revocado.
    expect(await dispositivoVigente(db, viejo.cookie)).toBeNull();
  });
});

describe('§4 y §5 ingresar como otro usuario', () => {
  let admin: Sesion;
  let regente: Sesion;
  let idAdmin: number;
  let idRegente: number;
  beforeAll(async () => {
    admin = await sesionDe(db, EMAIL_DEMO.admin, Rol.Admin);
    regente = await sesionDe(db, EMAIL_DEMO.regente, Rol.Regente);
    idAdmin = await idDeUsuario(db, EMAIL_DEMO.admin);
    idRegente = await idDeUsuario(db, EMAIL_DEMO.regente);
  });

  const ingresar = (cookieDispositivo: string | null, sesion: Sesion | null, usuarioId: number) =>
    autorizarIngresoComo({ db, ip: IP }, { cookieDispositivo, sesion, usuarioId });

  /** Ingresa como el regente y devuelve la sesión de suplantación (como la abre next-auth). */
  async function suplantarRegente(cookie: string) {
    const r = await ingresar(cookie, admin, idRegente);
    if (!r) throw new Error('no autorizó el ingreso');
    const sid = await abrirSesion(db, r.usuario.id, {
      impersonadoPor: r.impersonadoPor,
      dispositivoId: r.dispositivoId,
    });
    return { sid, sesion: (await cargarSesion(db, { usuarioId: idRegente, sid }))! };
  }

  test('pide el dispositivo y una sesión de Admin (no otro rol, no una suplantación)', async () => {
    const { cookie } = await registrar();
    expect(await ingresar(cookie, null, idRegente)).toBeNull();
    expect(await ingresar(cookie, regente, idRegente)).toBeNull();
    expect(await ingresar(null, admin, idRegente)).toBeNull();
    expect(await ingresar(crearCookieAdmin(crypto.randomUUID()), admin, idRegente)).toBeNull();
    const { sesion } = await suplantarRegente(cookie);
    // Desde una sesión de suplantación (aunque fuera de un Admin) no se encadena otra.
    expect(await ingresar(cookie, { ...admin, impersonadoPor: idRegente }, idRegente)).toBeNull();
    expect(await ingresar(cookie, sesion, idAdmin)).toBeNull();
  });

  test('la sesión y cada fila de la auditoría anotan al Admin; /root/log muestra "Admin como Regente"', async () => {
    const { id, cookie } = await registrar();
    const { sid, sesion } = await suplantarRegente(cookie);
    expect(sesion).toMatchObject({ rol: Rol.Regente, impersonadoPor: idAdmin });
    expect(sesion.usuario.id).toBe(idRegente);
    const [fila] = await db.select().from(s.sesiones).where(eq(s.sesiones.id, sid));
    expect(fila).toMatchObject({ impersonadoPor: idAdmin, dispositivoId: id });
    // El comienzo de la suplantación: quién, como quién, desde qué dispositivo.
    const [inicio] = await db
      .select()
      .from(s.auditoria)
      .where(eq(s.auditoria.accion, 'bypass.ingreso'))
      .orderBy(sql`${s.auditoria.id} desc`)
      .limit(1);
    expect(inicio).toMatchObject({
      usuarioId: idRegente,
      impersonadoPor: idAdmin,
      entidadId: String(idRegente),
      despues: { email: EMAIL_DEMO.regente, admin: EMAIL_DEMO.admin, dispositivo: id },
    });

    // Una escritura del personal en esa sesión.
    const caller = createCaller(crearContexto({ db, sesion, ciclo, hoy, ip: IP }));
    const { id: jornada } = await caller.jornada.crear({
      anio: ciclo,
      nombre: 'Taller suplantado',
      descripcion: 'Creado desde /bypass.',
      cupos: 5,
      comienzo: '09:00',
      fin: '11:00',
      aula: 'Aula 1',
      mascara: mascaraDe({ anios: [1, 2, 3, 4, 5, 6], mujeres: true, varones: true }),
    });
    const [escrita] = await db
      .select()
      .from(s.auditoria)
      .where(
        and(
          eq(s.auditoria.entidad, 'jcd_actividades'),
          eq(s.auditoria.entidadId, String(jornada)),
          eq(s.auditoria.accion, 'crear'),
        ),
      );
    expect(escrita).toMatchObject({
      usuarioId: idRegente,
      rol: Rol.Regente,
      impersonadoPor: idAdmin,
    });
    // Las del Regente en su propia sesión, no.
    const propia = createCaller(crearContexto({ db, sesion: regente, ciclo, hoy, ip: IP }));
    await propia.jornada.borrar({ id: jornada });
    const [borrada] = await db
      .select()
      .from(s.auditoria)
      .where(
        and(
          eq(s.auditoria.entidad, 'jcd_actividades'),
          eq(s.auditoria.entidadId, String(jornada)),
          eq(s.auditoria.accion, 'borrar'),
        ),
      );
    expect(borrada).toMatchObject({ usuarioId: idRegente, impersonadoPor: null });

    const [a] = await db.select().from(s.usuarios).where(eq(s.usuarios.id, idAdmin));
    const [r] = await db.select().from(s.usuarios).where(eq(s.usuarios.id, idRegente));
    const { lineas } = await rootCon(admin, id).root.log({ lineas: 50 });
    const textos = lineas.map((l) => l.texto);
    const como = `${a!.nombre} ${a!.apellido} como ${r!.nombre} ${r!.apellido}`;
    expect(textos).toContainEqual(
      expect.stringMatching(new RegExp(`^crear jcd_actividades ${jornada} · ${como} · `)),
    );
    expect(textos).toContainEqual(
      expect.stringMatching(new RegExp(`^bypass\\.ingreso usuarios ${idRegente} · ${como} · `)),
    );
    const borrado = textos.find((t) => t.startsWith(`borrar jcd_actividades ${jornada} `));
    expect(borrado).toBe(
      `borrar jcd_actividades ${jornada} · ${EMAIL_DEMO.regente} (rol ${Rol.Regente}) · IP ${IP}`,
    );
  });

  test('revocar el dispositivo cierra las sesiones de suplantación abiertas desde él', async () => {
    const { id, cookie } = await registrar();
    const { sid } = await suplantarRegente(cookie);
    const otro = await registrar();
    const deOtro = await suplantarRegente(otro.cookie);
    await rootCon(admin, otro.id).root.revocarDispositivo({ id });
    expect(await cargarSesion(db, { usuarioId: idRegente, sid })).toBeNull();
    expect(await dispositivoVigente(db, cookie)).toBeNull();
    expect(await filaDe(id)).toMatchObject({ revocadoPor: idAdmin });
    // La de otro dispositivo y la sesión propia del Admin siguen.
    expect(await cargarSesion(db, { usuarioId: idRegente, sid: deOtro.sid })).not.toBeNull();
    expect(await dispositivoVigente(db, otro.cookie)).toBe(otro.id);
    const [aud] = await db
      .select()
      .from(s.auditoria)
      .where(
        and(eq(s.auditoria.accion, 'root.dispositivo_revocado'), eq(s.auditoria.entidadId, id)),
      );
    expect(aud).toMatchObject({ usuarioId: idAdmin, entidad: 'dispositivo' });
    // Revocar otra vez, o uno que no existe: error, sin escribir.
    expect(await codigoDe(rootCon(admin, otro.id).root.revocarDispositivo({ id }))).toBe(
      'BAD_REQUEST',
    );
    expect(
      await codigoDe(rootCon(admin, otro.id).root.revocarDispositivo({ id: crypto.randomUUID() })),
    ).toBe('NOT_FOUND');
  });

  test('la lista: los dispositivos con su estado y "este dispositivo"', async () => {
    const este = await registrar('192.0.2.60', 'Navegador de la lista');
    const { dispositivos } = await rootCon(admin, este.id).root.dispositivos();
    const fila = dispositivos.find((d) => d.id === este.id);
    expect(fila).toMatchObject({
      ip: '192.0.2.60',
      userAgent: 'Navegador de la lista',
      revocado: null,
      esEste: true,
    });
    expect(dispositivos.filter((d) => d.esEste)).toHaveLength(1);
    const revocado = dispositivos.find((d) => d.revocado && d.revocadoPor);
    expect(revocado?.revocadoPor).toMatch(/\S/);
  });

  test('sólo Admin con el dispositivo lista y revoca', async () => {
    const { id } = await registrar();
    for (const [email, rol] of [
      [EMAIL_DEMO.regente, Rol.Regente],
      [EMAIL_DEMO.alumnado, Rol.Alumnado],
      [EMAIL_DEMO.docente, Rol.Docente],
    ] as const) {
      const otro = await callerComo(db, email, rol, { dispositivoAdmin: true, dispositivoId: id });
      expect(await codigoDe(otro.root.dispositivos())).toBe('FORBIDDEN');
      expect(await codigoDe(otro.root.revocarDispositivo({ id }))).toBe('FORBIDDEN');
    }
    const sinDispositivo = rootCon(admin, null);
    expect(await codigoDe(sinDispositivo.root.dispositivos())).toBe('FORBIDDEN');
    expect(await codigoDe(sinDispositivo.root.revocarDispositivo({ id }))).toBe('FORBIDDEN');
    expect((await filaDe(id))!.revocado).toBeNull();
  });
});
