/**
 * Un usuario con el rol Referente Parental (256) dado de alta o editado en /usuarios tiene su
 * fila de `referentes` (issue 11, ítem 10): se crea o se vincula en la misma transacción que el
 * usuario (tRPC `usuarios.guardar` y REST `POST /api/save/usuario`), nunca dos por usuario; el
 * email del usuario es el del referente; quitar el rol conserva la fila. Y el referente nuevo
 * entra a la inscripción (`inscripcion.mishijos`) sin "No hay datos de referente parental".
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { Rol } from '@/domain/roles';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { momentoEscolar } from '@/server/reloj';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo } from '../fixtures/contexto';
import { pedirRest } from '../fixtures/rest';

const ciclo = momentoEscolar().ciclo;

let c: Conexion;
let db: Db;
let admin: Awaited<ReturnType<typeof callerComo>>;

beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo);
  db = c.db;
  admin = await callerComo(db, EMAIL_DEMO.admin, Rol.Admin, { ciclo });
});
afterAll(() => c?.cerrar());

/** Las filas de `referentes` del usuario. */
const referentesDe = (usuarioId: number) =>
  db.select().from(s.referentes).where(eq(s.referentes.usuarioId, usuarioId));

const comoReferente = (email: string) => callerComo(db, email, Rol.ReferenteParental, { ciclo });

describe('alta de un referente parental en /usuarios', () => {
  test('usuarios.guardar crea su referente con los datos del usuario y la inscripción lo encuentra', async () => {
    const u = await admin.usuarios.guardar({
      apellido: 'Benítez',
      nombre: 'Marta',
      email: 'Marta.Benitez@gmail.com',
      telefono: '341 5551234',
      rol: Rol.ReferenteParental,
      habilitado: true,
    });
    const filas = await referentesDe(u.orden);
    expect(filas).toHaveLength(1);
    expect(filas[0]).toMatchObject({
      apellido: 'Benítez',
      nombre: 'Marta',
      email: 'marta.benitez@gmail.com',
      telefono: '341 5551234',
      exalumno: false,
    });
    const r = await (await comoReferente('marta.benitez@gmail.com')).inscripcion.mishijos();
    expect(r.referente).toMatchObject({
      orden: filas[0]!.id,
      apellido: 'Benítez',
      nombre: 'Marta',
      email: 'marta.benitez@gmail.com',
      completo: true,
    });
    expect(r.hijos).toEqual([]);
    // El alta del referente queda en la auditoría.
    const [aud] = await db
      .select({ n: count() })
      .from(s.auditoria)
      .where(
        and(eq(s.auditoria.entidad, 'referentes'), eq(s.auditoria.entidadId, String(filas[0]!.id))),
      );
    expect(aud!.n).toBe(1);
  });

  test('POST /api/save/usuario (formulario) también crea el referente', async () => {
    const r = await pedirRest<{ orden: number }>(
      'POST',
      '/api/save/usuario',
      { db, email: EMAIL_DEMO.admin, rol: Rol.Admin, ciclo },
      {
        apellido: 'Quiroga',
        nombre: 'Hernán',
        email: 'hernan.quiroga@gmail.com',
        telefono: '',
        rol: String(Rol.ReferenteParental | Rol.Docente),
        habilitado: '1',
      },
    );
    expect(r.status).toBe(200);
    const filas = await referentesDe(r.body.orden);
    expect(filas).toHaveLength(1);
    expect(filas[0]).toMatchObject({
      apellido: 'Quiroga',
      nombre: 'Hernán',
      email: 'hernan.quiroga@gmail.com',
      telefono: null,
    });
    const m = await (await comoReferente('hernan.quiroga@gmail.com')).inscripcion.mishijos();
    // Sin teléfono: la inscripción le pide completar sus datos, no dice que no existe.
    expect(m.referente).toMatchObject({ orden: filas[0]!.id, completo: false });
  });

  test('un teléfono que no es "área número" no se copia al referente (lo completa la familia)', async () => {
    const u = await admin.usuarios.guardar({
      apellido: 'Ojeda',
      nombre: 'Rita',
      email: 'rita.ojeda@gmail.com',
      telefono: 'interno 12',
      rol: Rol.ReferenteParental,
      habilitado: true,
    });
    expect((await referentesDe(u.orden))[0]).toMatchObject({ telefono: null });
  });

  test('si la escuela ya tenía un referente con ese email y sin usuario, se vincula ése (con sus hijos)', async () => {
    // "Diego Domínguez", el otro referente de la familia de demostración, no tiene usuario.
    const [diego] = await db
      .select()
      .from(s.referentes)
      .where(and(eq(s.referentes.apellido, 'Domínguez'), eq(s.referentes.nombre, 'Diego')));
    expect(diego!.usuarioId).toBeNull();
    await db
      .update(s.referentes)
      .set({ email: 'Diego.Dominguez@gmail.com' })
      .where(eq(s.referentes.id, diego!.id));
    const [antes] = await db.select({ n: count() }).from(s.referentes);
    const u = await admin.usuarios.guardar({
      apellido: 'Domínguez',
      nombre: 'Diego Martín',
      email: 'diego.dominguez@gmail.com',
      telefono: null,
      rol: Rol.ReferenteParental,
      habilitado: true,
    });
    const [despues] = await db.select({ n: count() }).from(s.referentes);
    expect(despues!.n).toBe(antes!.n);
    const filas = await referentesDe(u.orden);
    expect(filas.map((f) => f.id)).toEqual([diego!.id]);
    // Los datos que la escuela tenía no cambian.
    expect(filas[0]).toMatchObject({ nombre: 'Diego', telefono: diego!.telefono });
    const m = await (await comoReferente('diego.dominguez@gmail.com')).inscripcion.mishijos();
    expect(m.referente.orden).toBe(diego!.id);
    expect(m.hijos.map((h) => h.nombre).sort()).toEqual(['Tomás', 'Valentina']);
  });

  test('un referente con ese email que ya es de otro usuario no se toma: se crea uno nuevo', async () => {
    const [carolina] = await db
      .select()
      .from(s.referentes)
      .where(and(eq(s.referentes.apellido, 'Sosa'), eq(s.referentes.nombre, 'Carolina')));
    expect(carolina!.usuarioId).not.toBeNull();
    await db
      .update(s.referentes)
      .set({ email: 'compartido@gmail.com' })
      .where(eq(s.referentes.id, carolina!.id));
    try {
      const u = await admin.usuarios.guardar({
        apellido: 'Sosa',
        nombre: 'Carla',
        email: 'compartido@gmail.com',
        telefono: null,
        rol: Rol.ReferenteParental,
        habilitado: true,
      });
      const filas = await referentesDe(u.orden);
      expect(filas).toHaveLength(1);
      expect(filas[0]!.id).not.toBe(carolina!.id);
      expect((await referentesDe(carolina!.usuarioId!))[0]!.id).toBe(carolina!.id);
    } finally {
      await db
        .update(s.referentes)
        .set({ email: carolina!.email })
        .where(eq(s.referentes.id, carolina!.id));
    }
  });
});

describe('edición de un usuario y su referente', () => {
  test('agregar el rol 256 crea el referente; editar no crea otro; el email nuevo pasa al referente; quitar el rol lo conserva', async () => {
    const base = {
      apellido: 'Luna',
      nombre: 'Sofía',
      email: 'sofia.luna@escuela.test',
      telefono: '341 4447777',
      rol: Rol.Docente,
      habilitado: true,
    };
    const u = await admin.usuarios.guardar(base);
    expect(await referentesDe(u.orden)).toHaveLength(0);

    await admin.usuarios.guardar({
      ...base,
      orden: u.orden,
      rol: Rol.Docente | Rol.ReferenteParental,
    });
    const [creado] = await referentesDe(u.orden);
    expect(creado).toMatchObject({ apellido: 'Luna', nombre: 'Sofía', telefono: '341 4447777' });
    expect((await (await comoReferente(base.email)).inscripcion.mishijos()).referente.orden).toBe(
      creado!.id,
    );

    // Otra edición (con el rol todavía) no crea una segunda fila.
    await admin.usuarios.guardar({
      ...base,
      orden: u.orden,
      nombre: 'Sofía Inés',
      rol: Rol.Docente | Rol.ReferenteParental,
    });
    expect((await referentesDe(u.orden)).map((f) => f.id)).toEqual([creado!.id]);

    // El email de la cuenta es el del referente (de sólo lectura en la inscripción).
    await admin.usuarios.guardar({
      ...base,
      orden: u.orden,
      email: 'Sofia.Luna@gmail.com',
      rol: Rol.Docente | Rol.ReferenteParental,
    });
    expect((await referentesDe(u.orden))[0]).toMatchObject({
      id: creado!.id,
      email: 'sofia.luna@gmail.com',
    });

    // Quitar el rol conserva la fila (el historial de sus hijos e inscripciones).
    await admin.usuarios.guardar({ ...base, orden: u.orden, email: 'sofia.luna@gmail.com' });
    expect((await referentesDe(u.orden)).map((f) => f.id)).toEqual([creado!.id]);

    // Y volver a darlo no crea otra.
    await admin.usuarios.guardar({
      ...base,
      orden: u.orden,
      email: 'sofia.luna@gmail.com',
      rol: Rol.ReferenteParental,
    });
    expect((await referentesDe(u.orden)).map((f) => f.id)).toEqual([creado!.id]);
  });

  test('un guardado rechazado no deja referente', async () => {
    const [antes] = await db.select({ n: count() }).from(s.referentes);
    await expect(
      admin.usuarios.guardar({
        apellido: 'Repetido',
        nombre: 'Email',
        email: EMAIL_DEMO.docente,
        telefono: null,
        rol: Rol.ReferenteParental,
        habilitado: true,
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    const [despues] = await db.select({ n: count() }).from(s.referentes);
    expect(despues!.n).toBe(antes!.n);
  });

  test('ningún usuario con el rol 256 queda sin referente, ni con dos', async () => {
    const sinReferente = await db
      .select({ id: s.usuarios.id })
      .from(s.usuarios)
      .leftJoin(s.referentes, eq(s.referentes.usuarioId, s.usuarios.id))
      .where(
        and(sql`(${s.usuarios.rls} & ${Rol.ReferenteParental}) <> 0`, isNull(s.referentes.id)),
      );
    expect(sinReferente).toEqual([]);
    const dobles = await db
      .select({ u: s.referentes.usuarioId, n: count() })
      .from(s.referentes)
      .where(sql`${s.referentes.usuarioId} is not null`)
      .groupBy(s.referentes.usuarioId)
      .having(sql`count(*) > 1`);
    expect(dobles).toEqual([]);
  });
});

describe('la migración que confirma los vínculos existentes también completa los referentes', () => {
  /** Las sentencias de datos (UPDATE/INSERT) de la migración `*_vinculos_confirmados.sql`. */
  function sentenciasDeDatos(): string[] {
    const carpeta = join(process.cwd(), 'drizzle');
    const archivo = readdirSync(carpeta).find((f) => f.endsWith('_vinculos_confirmados.sql'));
    if (!archivo) throw new Error('Falta la migración *_vinculos_confirmados.sql');
    return readFileSync(join(carpeta, archivo), 'utf8')
      .split('--> statement-breakpoint')
      .map((x) =>
        x
          .split('\n')
          .filter((l) => !l.trim().startsWith('--'))
          .join('\n')
          .trim(),
      )
      .filter((x) => /^(UPDATE|INSERT)/.test(x));
  }

  test('usuarios 256 anteriores sin referente: se vincula el cargado con su email o se crea uno; los vínculos quedan confirmados', async () => {
    const [vieja, cargada] = await db
      .insert(s.usuarios)
      .values([
        {
          email: 'vieja.familia@gmail.com',
          nombre: 'Ana',
          apellido: 'Vieja',
          telefono: '341 5550000',
          rls: Rol.ReferenteParental,
        },
        {
          email: 'cargada@gmail.com',
          nombre: 'Bea',
          apellido: 'Cargada',
          telefono: 'sin teléfono',
          rls: Rol.ReferenteParental | Rol.Docente,
        },
      ])
      .returning({ id: s.usuarios.id });
    const [ref] = await db
      .insert(s.referentes)
      .values({ apellido: 'Cargada', nombre: 'Beatriz', email: 'Cargada@Gmail.com' })
      .returning({ id: s.referentes.id });
    const [alumno] = await db.select({ id: s.alumnos.id }).from(s.alumnos).limit(1);
    await db
      .insert(s.alumnosReferentes)
      .values({ alumnoId: alumno!.id, referenteId: ref!.id, confirmado: false });

    const sentencias = sentenciasDeDatos();
    expect(sentencias).toHaveLength(3);
    for (let vez = 0; vez < 2; vez++) for (const q of sentencias) await db.execute(sql.raw(q));

    expect(await referentesDe(vieja!.id)).toEqual([
      expect.objectContaining({
        apellido: 'Vieja',
        nombre: 'Ana',
        email: 'vieja.familia@gmail.com',
        telefono: '341 5550000',
      }),
    ]);
    expect((await referentesDe(cargada!.id)).map((r) => r.id)).toEqual([ref!.id]);
    const [v] = await db
      .select({ confirmado: s.alumnosReferentes.confirmado })
      .from(s.alumnosReferentes)
      .where(eq(s.alumnosReferentes.referenteId, ref!.id));
    expect(v!.confirmado).toBe(true);
  });
});
