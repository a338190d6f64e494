/**
 * Ingreso con Google según la intención (spec 02 §2, §7, §8; issue 5 §1 y §6): registrar un
 * referente parental nuevo, el usuario existente sin ese rol ("Se requiere referente
 * parental"), el cambio de email de un alumno a su cuenta de Google, y la cookie firmada.
 */
import { momentoEscolar } from '@/server/reloj';
import { and, count, eq, sql } from 'drizzle-orm';
import { Rol } from '@/domain/roles';
import {
  DURACION_INTENCION_SEGUNDOS,
  MENSAJES_LOGIN,
  crearIntencion,
  leerIntencion,
  resolverIngresoGoogle,
} from '@/server/auth/ingreso-google';

import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo } from '../fixtures/contexto';

let c: Conexion;
let db: Db;
beforeAll(async () => {
  c = await crearEscuelaDePrueba(momentoEscolar().ciclo);
  db = c.db;
});
afterAll(() => c?.cerrar());

const usuario = async (email: string) =>
  (
    await db
      .select()
      .from(s.usuarios)
      .where(eq(sql`lower(${s.usuarios.email})`, email))
  )[0];

describe('cookie de intención', () => {
  test('ida y vuelta, y vence a los 10 minutos', () => {
    const ahora = Date.UTC(2026, 1, 10, 12);
    expect(leerIntencion(crearIntencion({ tipo: 'registrar' }, ahora), ahora)).toEqual({
      tipo: 'registrar',
    });
    const cambiar = crearIntencion({ tipo: 'cambiar', usuarioId: 42 }, ahora);
    expect(leerIntencion(cambiar, ahora + 60_000)).toEqual({ tipo: 'cambiar', usuarioId: 42 });
    expect(leerIntencion(cambiar, ahora + (DURACION_INTENCION_SEGUNDOS + 1) * 1000)).toBeNull();
  });

  test.each([
    ['vacía', ''],
    ['sin firma', 'registrar.0.9999999999'],
    ['firma cambiada', 'registrar.0.9999999999.AAAA'],
    ['otro usuario con la firma de uno', 'x'],
    ['tipo desconocido', 'admin.0.9999999999.x'],
  ])('%s: no vale', (_d, valor) => {
    const real = crearIntencion({ tipo: 'cambiar', usuarioId: 42 });
    const alterada = valor === 'x' ? real.replace(/^cambiar\.42\./, 'cambiar.43.') : valor;
    expect(leerIntencion(alterada)).toBeNull();
  });
});

describe('ingresar (sin intención)', () => {
  test('un usuario habilitado entra; uno inexistente o sin correo verificado, no', async () => {
    const docente = await usuario(EMAIL_DEMO.docente);
    expect(
      await resolverIngresoGoogle(db, { email: 'DOCENTE@escuela.test', verificado: true }, null),
    ).toEqual({ usuarioId: docente!.id });
    expect(
      await resolverIngresoGoogle(db, { email: 'nadie@gmail.com', verificado: true }, null),
    ).toEqual({ error: MENSAJES_LOGIN.noRegistrado });
    expect(
      await resolverIngresoGoogle(db, { email: EMAIL_DEMO.docente, verificado: false }, null),
    ).toEqual({ error: MENSAJES_LOGIN.noVerificado });
  });
});

describe('registrarse como referente parental', () => {
  test('una cuenta nueva queda registrada con el rol 256 y su ficha de referente, auditado', async () => {
    const r = await resolverIngresoGoogle(
      db,
      { email: 'Nueva.Madre@gmail.com', verificado: true, nombreCompleto: 'Ana María Pérez' },
      { tipo: 'registrar' },
    );
    expect(r).toHaveProperty('usuarioId');
    const u = await usuario('nueva.madre@gmail.com');
    expect(u).toMatchObject({ rls: Rol.ReferenteParental, nombre: 'Ana María', apellido: 'Pérez' });
    const [ref] = await db.select().from(s.referentes).where(eq(s.referentes.usuarioId, u!.id));
    expect(ref).toMatchObject({ email: 'nueva.madre@gmail.com', nombre: 'Ana María' });
    const [aud] = await db
      .select({ n: count() })
      .from(s.auditoria)
      .where(and(eq(s.auditoria.accion, 'registro'), eq(s.auditoria.entidadId, String(u!.id))));
    expect(aud!.n).toBe(1);

    // Ya registrado: vuelve a entrar, sin duplicar.
    expect(
      await resolverIngresoGoogle(
        db,
        { email: 'nueva.madre@gmail.com', verificado: true },
        { tipo: 'registrar' },
      ),
    ).toEqual({ usuarioId: u!.id });
    const [refs] = await db
      .select({ n: count() })
      .from(s.referentes)
      .where(eq(s.referentes.usuarioId, u!.id));
    expect(refs!.n).toBe(1);

    // Y ve su inscripción: datos incompletos (falta el teléfono), sin hijos.
    const caller = await callerComo(db, 'nueva.madre@gmail.com', Rol.ReferenteParental);
    const mis = await caller.inscripcion.mishijos();
    expect(mis.referente.completo).toBe(false);
    expect(mis.hijos).toEqual([]);
  });

  test('un referente que la escuela cargó con ese email recibe la cuenta: conserva sus datos y sus hijos', async () => {
    // La escuela lo cargó en /alumnos, vinculado (confirmado) a un alumno, sin usuario.
    const [alumno] = await db.select({ id: s.alumnos.id }).from(s.alumnos).limit(1);
    const [cargado] = await db
      .insert(s.referentes)
      .values({
        apellido: 'Benítez',
        nombre: 'Rocío',
        email: 'Rocio.Benitez@gmail.com',
        telefono: '341 5559876',
      })
      .returning();
    await db
      .insert(s.alumnosReferentes)
      .values({ alumnoId: alumno!.id, referenteId: cargado!.id, confirmado: true });
    const [antes] = await db.select({ n: count() }).from(s.referentes);

    const r = await resolverIngresoGoogle(
      db,
      { email: 'rocio.benitez@gmail.com', verificado: true, nombreCompleto: 'Rocío B.' },
      { tipo: 'registrar' },
    );
    const u = await usuario('rocio.benitez@gmail.com');
    expect(r).toEqual({ usuarioId: u!.id });
    const [despues] = await db.select({ n: count() }).from(s.referentes);
    expect(despues!.n).toBe(antes!.n);
    const [ref] = await db.select().from(s.referentes).where(eq(s.referentes.usuarioId, u!.id));
    expect(ref).toMatchObject({ id: cargado!.id, apellido: 'Benítez', telefono: '341 5559876' });
    const caller = await callerComo(db, 'rocio.benitez@gmail.com', Rol.ReferenteParental);
    expect((await caller.sesion.hijos()).map((h) => h.id)).toEqual([alumno!.id]);
  });

  test('un usuario existente sin el rol de referente: "Se requiere referente parental", nada cambia', async () => {
    const [antes] = await db.select({ n: count() }).from(s.usuarios);
    expect(
      await resolverIngresoGoogle(
        db,
        { email: EMAIL_DEMO.preceptor, verificado: true },
        { tipo: 'registrar' },
      ),
    ).toEqual({ error: 'Se requiere referente parental' });
    const [despues] = await db.select({ n: count() }).from(s.usuarios);
    expect(despues!.n).toBe(antes!.n);
    expect((await usuario(EMAIL_DEMO.preceptor))!.rls).toBe(Rol.Preceptor);
  });

  test('un referente existente entra normalmente', async () => {
    const ref = await usuario(EMAIL_DEMO.referente);
    expect(
      await resolverIngresoGoogle(
        db,
        { email: EMAIL_DEMO.referente, verificado: true },
        { tipo: 'registrar' },
      ),
    ).toEqual({ usuarioId: ref!.id });
  });
});

describe('cambiar el email de un alumno a su cuenta de Google', () => {
  test('el alumno con cuenta institucional pasa a ingresar con su Gmail, auditado', async () => {
    const alumno = await usuario(EMAIL_DEMO.alumnoInstitucional);
    expect(
      await resolverIngresoGoogle(
        db,
        { email: 'otro.correo@empresa.com', verificado: true },
        { tipo: 'cambiar', usuarioId: alumno!.id },
      ),
    ).toEqual({ error: MENSAJES_LOGIN.noEsGmail });
    expect(
      await resolverIngresoGoogle(
        db,
        { email: EMAIL_DEMO.referente, verificado: true },
        { tipo: 'cambiar', usuarioId: alumno!.id },
      ),
    ).toEqual({ error: MENSAJES_LOGIN.emailEnUso });
    expect(
      await resolverIngresoGoogle(
        db,
        { email: 'alumno.nuevo@gmail.com', verificado: true },
        { tipo: 'cambiar', usuarioId: alumno!.id },
      ),
    ).toEqual({ usuarioId: alumno!.id });
    expect((await usuario('alumno.nuevo@gmail.com'))!.id).toBe(alumno!.id);
    const [a] = await db.select().from(s.alumnos).where(eq(s.alumnos.usuarioId, alumno!.id));
    expect(a!.email).toBe('alumno.nuevo@gmail.com');
  });

  test('sólo para alumnos: un docente no cambia su email así', async () => {
    const docente = await usuario(EMAIL_DEMO.docente);
    expect(
      await resolverIngresoGoogle(
        db,
        { email: 'docente.gmail@gmail.com', verificado: true },
        { tipo: 'cambiar', usuarioId: docente!.id },
      ),
    ).toEqual({ error: MENSAJES_LOGIN.noRegistrado });
    expect((await usuario(EMAIL_DEMO.docente))!.email).toBe(EMAIL_DEMO.docente);
  });
});
