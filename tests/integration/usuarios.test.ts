/**
 * Usuarios (ABM del administrador): alta, edición, auditoría, emails repetidos, validación
 * en castellano sin escrituras, protección del propio administrador, obtener y listar.
 */
import { momentoEscolar } from '@/server/reloj';
import { TRPCError } from '@trpc/server';
import { count, desc, eq } from 'drizzle-orm';

import { Rol } from '@/domain/roles';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { sembrar } from '@/server/db/seed';
import { crearBaseDePrueba } from '../fixtures/base';
import { callerComo } from '../fixtures/contexto';
import { errorDe } from '../fixtures/errores';

const ciclo = momentoEscolar().ciclo;

let c: Conexion;
let db: Db;
let admin: Awaited<ReturnType<typeof callerComo>>;
let adminId: number;

beforeAll(async () => {
  c = await crearBaseDePrueba();
  db = c.db;
  await sembrar(db, { ciclo, hoy: momentoEscolar().hoy, ahora: momentoEscolar().instante });
  admin = await callerComo(db, EMAIL_DEMO.admin, Rol.Admin, { ciclo, ip: '10.0.0.7' });
  const [u] = await db
    .select({ id: s.usuarios.id })
    .from(s.usuarios)
    .where(eq(s.usuarios.email, EMAIL_DEMO.admin));
  adminId = u!.id;
});
afterAll(() => c?.cerrar());

/** Los mensajes de validación (zod) de un error BAD_REQUEST de entrada. */
function mensajesDe(e: TRPCError): string[] {
  const issues = (e.cause as { issues?: { message: string }[] } | undefined)?.issues;
  return issues ? issues.map((i) => i.message) : [e.message];
}

async function contar() {
  const [u] = await db.select({ n: count() }).from(s.usuarios);
  const [a] = await db.select({ n: count() }).from(s.auditoria);
  return { usuarios: u!.n, auditoria: a!.n };
}

async function fila(id: number) {
  const [u] = await db.select().from(s.usuarios).where(eq(s.usuarios.id, id));
  return u;
}

const nuevo = {
  apellido: 'Núñez',
  nombre: 'Ernesto',
  email: '  Ernesto.Nunez@Escuela.TEST ',
  telefono: '341 5123456',
  rol: Rol.Docente | Rol.Preceptor,
  habilitado: true,
};

describe('usuarios.guardar: alta y edición con auditoría', () => {
  let orden: number;

  test('el administrador crea un usuario y recibe su orden', async () => {
    const antes = await contar();
    const r = await admin.usuarios.guardar(nuevo);
    expect(typeof r.orden).toBe('number');
    orden = r.orden;
    expect(r).toEqual({
      orden,
      email: 'ernesto.nunez@escuela.test',
      nombre: 'Ernesto',
      apellido: 'Núñez',
      telefono: '341 5123456',
      rol: 5,
      habilitado: true,
    });
    expect(await fila(orden)).toMatchObject({
      email: 'ernesto.nunez@escuela.test',
      nombre: 'Ernesto',
      apellido: 'Núñez',
      rls: 5,
      habilitado: true,
    });
    expect(await contar()).toEqual({
      usuarios: antes.usuarios + 1,
      auditoria: antes.auditoria + 1,
    });

    const [aud] = await db
      .select()
      .from(s.auditoria)
      .where(eq(s.auditoria.entidadId, String(orden)))
      .orderBy(desc(s.auditoria.id));
    expect(aud).toMatchObject({
      usuarioId: adminId,
      rol: Rol.Admin,
      accion: 'crear',
      entidad: 'usuarios',
      entidadId: String(orden),
      antes: null,
      ip: '10.0.0.7',
    });
    expect(aud!.despues).toMatchObject({ orden, email: 'ernesto.nunez@escuela.test', rol: 5 });
  });

  test('lo edita y la auditoría guarda el antes y el después', async () => {
    const antes = await contar();
    const r = await admin.usuarios.guardar({
      ...nuevo,
      orden,
      nombre: 'Ernesto Luis',
      telefono: '',
      rol: Rol.Docente,
      habilitado: 'false',
    });
    expect(r).toMatchObject({
      orden,
      nombre: 'Ernesto Luis',
      telefono: null,
      rol: 1,
      habilitado: false,
    });
    expect(await fila(orden)).toMatchObject({
      nombre: 'Ernesto Luis',
      telefono: null,
      rls: 1,
      habilitado: false,
    });
    expect(await contar()).toEqual({ usuarios: antes.usuarios, auditoria: antes.auditoria + 1 });

    const auds = await db
      .select()
      .from(s.auditoria)
      .where(eq(s.auditoria.entidadId, String(orden)))
      .orderBy(desc(s.auditoria.id));
    expect(auds.map((a) => a.accion)).toEqual(['editar', 'crear']);
    expect(auds[0]).toMatchObject({ usuarioId: adminId, rol: Rol.Admin, entidad: 'usuarios' });
    expect(auds[0]!.antes).toMatchObject({
      nombre: 'Ernesto',
      telefono: '341 5123456',
      rol: 5,
      habilitado: true,
    });
    expect(auds[0]!.despues).toMatchObject({
      nombre: 'Ernesto Luis',
      telefono: null,
      rol: 1,
      habilitado: false,
    });
  });

  test('puede conservar su propio email con otras mayúsculas', async () => {
    const r = await admin.usuarios.guardar({
      ...nuevo,
      orden,
      email: 'ERNESTO.NUNEZ@escuela.test',
    });
    expect(r.email).toBe('ernesto.nunez@escuela.test');
  });

  test('email repetido (con cualquier mayúscula) → CONFLICT y nada escrito', async () => {
    const antes = await contar();
    const filaAntes = await fila(orden);
    for (const email of ['admin@escuela.test', 'ADMIN@Escuela.Test', '  Docente@ESCUELA.test']) {
      const e = await errorDe(admin.usuarios.guardar({ ...nuevo, email }));
      expect(e.code).toBe('CONFLICT');
      expect(e.message).toBe('Ya existe un usuario con ese email.');
    }
    // Editar un usuario poniéndole el email de otro.
    const e = await errorDe(
      admin.usuarios.guardar({ ...nuevo, orden, email: 'Preceptor@Escuela.test' }),
    );
    expect(e.code).toBe('CONFLICT');
    expect(e.message).toBe('Ya existe un usuario con ese email.');
    expect(await contar()).toEqual(antes);
    expect(await fila(orden)).toEqual(filaAntes);
  });

  test('editar un orden que no existe → NOT_FOUND y nada escrito', async () => {
    const antes = await contar();
    const e = await errorDe(
      admin.usuarios.guardar({ ...nuevo, orden: 987_654, email: 'fantasma@escuela.test' }),
    );
    expect(e.code).toBe('NOT_FOUND');
    expect(await contar()).toEqual(antes);
  });

  describe('entrada inválida → BAD_REQUEST con mensaje en castellano, sin cambios', () => {
    const casos: [string, Record<string, unknown>, string][] = [
      ['rol 0', { rol: 0 }, 'Los roles no son válidos: elija al menos uno de la lista.'],
      ['rol 1024', { rol: 1024 }, 'Los roles no son válidos: elija al menos uno de la lista.'],
      [
        'rol 2**32 + 1',
        { rol: 2 ** 32 + 1 },
        'Los roles no son válidos: elija al menos uno de la lista.',
      ],
      ['rol -1', { rol: -1 }, 'Los roles no son válidos: elija al menos uno de la lista.'],
      ['rol 3.5', { rol: 3.5 }, 'Los roles deben ser un número entero.'],
      ['rol "abc"', { rol: 'abc' }, 'Los roles deben ser un número.'],
      ['nombre vacío', { nombre: '' }, 'Nombre: no puede estar vacío.'],
      ['nombre sólo espacios', { nombre: '   ' }, 'Nombre: no puede estar vacío.'],
      ['apellido ausente', { apellido: undefined }, 'Apellido: no puede estar vacío.'],
      [
        'nombre de 101 caracteres',
        { nombre: 'x'.repeat(101) },
        'Nombre: como máximo 100 caracteres.',
      ],
      ['email inválido', { email: 'no-es-un-email' }, 'El email no es válido.'],
      ['email con dos arrobas', { email: 'a@b@escuela.test' }, 'El email no es válido.'],
      ['email ausente', { email: undefined }, 'El email es obligatorio.'],
      ['orden "abc"', { orden: 'abc' }, 'El identificador debe ser un número.'],
      ['orden 0', { orden: 0 }, 'El identificador debe ser positivo.'],
      ['orden 1.5', { orden: 1.5 }, 'El identificador debe ser un número entero.'],
      ['teléfono largo', { telefono: '1'.repeat(31) }, 'Teléfono: como máximo 30 caracteres.'],
    ];

    test.each(casos)('%s', async (_d, cambio, mensaje) => {
      const antes = await contar();
      const admin0 = await fila(adminId);
      const e = await errorDe(
        admin.usuarios.guardar({
          ...nuevo,
          email: 'valido.nuevo@escuela.test',
          ...cambio,
        } as never),
      );
      expect(e.code).toBe('BAD_REQUEST');
      expect(mensajesDe(e)).toContain(mensaje);
      expect(await contar()).toEqual(antes);
      expect(await fila(adminId)).toEqual(admin0);
      const [creado] = await db
        .select()
        .from(s.usuarios)
        .where(eq(s.usuarios.email, 'valido.nuevo@escuela.test'));
      expect(creado).toBeUndefined();
    });

    test('una edición inválida no cambia la fila', async () => {
      const antes = await fila(orden);
      const e = await errorDe(admin.usuarios.guardar({ ...nuevo, orden, nombre: 'Otro', rol: 0 }));
      expect(e.code).toBe('BAD_REQUEST');
      expect(await fila(orden)).toEqual(antes);
    });
  });
});

describe('el administrador no puede dejarse afuera', () => {
  const yo = () => ({
    orden: adminId,
    apellido: 'Ferreyra',
    nombre: 'Marcela',
    email: EMAIL_DEMO.admin,
    rol: Rol.Admin,
    habilitado: true,
  });

  test.each([
    ['quitarse el rol Admin', { rol: Rol.Docente }],
    ['quitarse Admin dejando otros roles', { rol: Rol.Regente | Rol.Alumnado }],
    ['deshabilitarse', { habilitado: false }],
    ['deshabilitarse con "0"', { habilitado: '0' }],
  ])('%s → BAD_REQUEST', async (_d, cambio) => {
    const antes = await contar();
    const filaAntes = await fila(adminId);
    const e = await errorDe(admin.usuarios.guardar({ ...yo(), ...cambio } as never));
    expect(e.code).toBe('BAD_REQUEST');
    expect(e.message).toBe(
      'No puede quitarse a sí mismo el rol de administrador ni deshabilitarse.',
    );
    expect(await fila(adminId)).toEqual(filaAntes);
    expect(await contar()).toEqual(antes);
  });

  test('sí puede editar sus datos conservando Admin', async () => {
    const r = await admin.usuarios.guardar({ ...yo(), telefono: '341 5000000' });
    expect(r).toMatchObject({
      orden: adminId,
      rol: Rol.Admin,
      habilitado: true,
      telefono: '341 5000000',
    });
  });

  test('un usuario que no es Admin no puede guardar', async () => {
    const antes = await contar();
    const regente = await callerComo(db, EMAIL_DEMO.regente, Rol.Regente, { ciclo });
    const e = await errorDe(regente.usuarios.guardar({ ...nuevo, email: 'otro@escuela.test' }));
    expect(e.code).toBe('FORBIDDEN');
    expect(await contar()).toEqual(antes);
  });
});

describe('usuarios.obtener y usuarios.yo', () => {
  test('obtener un id que no existe → NOT_FOUND', async () => {
    const e = await errorDe(admin.usuarios.obtener({ orden: 9_999_999 }));
    expect(e.code).toBe('NOT_FOUND');
    expect(e.message).toBe('El usuario no existe.');
  });

  test('obtener un usuario existente', async () => {
    const [d] = await db.select().from(s.usuarios).where(eq(s.usuarios.email, EMAIL_DEMO.docente));
    expect(await admin.usuarios.obtener({ orden: d!.id })).toEqual({
      orden: d!.id,
      email: EMAIL_DEMO.docente,
      nombre: 'Gustavo',
      apellido: 'Acosta',
      telefono: d!.telefono,
      rol: Rol.Docente,
      habilitado: true,
    });
  });

  test('obtener con un orden inválido → BAD_REQUEST', async () => {
    expect((await errorDe(admin.usuarios.obtener({ orden: 'abc' as never }))).code).toBe(
      'BAD_REQUEST',
    );
  });

  test('yo devuelve el usuario de la sesión y su rol activo', async () => {
    const multirol = await callerComo(db, EMAIL_DEMO.multirol, Rol.JefeDepartamento, { ciclo });
    expect(await multirol.usuarios.yo()).toMatchObject({
      email: EMAIL_DEMO.multirol,
      rol: 13,
      rolActivo: 8,
    });
  });
});

describe('usuarios.listar', () => {
  const sinAcentos = (t: string) =>
    t
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();

  async function todos() {
    return db.select().from(s.usuarios);
  }

  test('pagina de a 50: siguiente 50, después null; sin repetidos y con todos', async () => {
    const total = (await todos()).length;
    expect(total).toBeGreaterThan(50);
    expect(total).toBeLessThanOrEqual(100);
    const p1 = await admin.usuarios.listar({ limit: 50 });
    expect(p1.items).toHaveLength(50);
    expect(p1.siguiente).toBe(50);
    const p2 = await admin.usuarios.listar({ limit: 50, cursor: 50 });
    expect(p2.items).toHaveLength(total - 50);
    expect(p2.siguiente).toBeNull();
    const ids = [...p1.items, ...p2.items].map((u) => u.id);
    expect(new Set(ids).size).toBe(total);
    expect([...ids].sort((a, b) => a - b)).toEqual(
      (await todos()).map((u) => u.id).sort((a, b) => a - b),
    );
    // Sin entrada: página de 50 por defecto.
    const porDefecto = await admin.usuarios.listar();
    expect(porDefecto.items.map((u) => u.id)).toEqual(p1.items.map((u) => u.id));
  });

  test('limit mayor a 50 → BAD_REQUEST', async () => {
    const e = await errorDe(admin.usuarios.listar({ limit: 51 }));
    expect(e.code).toBe('BAD_REQUEST');
    expect(mensajesDe(e)).toContain('El tamaño de página es como máximo 50.');
  });

  test('buscar "admin" encuentra admin@escuela.test', async () => {
    const r = await admin.usuarios.listar({ q: 'admin' });
    expect(r.items.map((u) => u.detalle)).toContain('admin@escuela.test');
    expect(r.items.find((u) => u.detalle === 'admin@escuela.test')?.etiqueta).toBe(
      'Ferreyra, Marcela',
    );
  });

  test.each([
    ['dominguez', 'alumno.demo@gmail.com'],
    ['DOMINGUEZ tomas', 'alumno.demo@gmail.com'],
    ['ramirez', 'referente.otro@gmail.com'],
    ['Ramírez', 'referente.otro@gmail.com'],
    ['nunez', 'ernesto.nunez@escuela.test'],
  ])('sin acentos ni mayúsculas: "%s" encuentra %s', async (q, email) => {
    const r = await admin.usuarios.listar({ q });
    expect(r.items.map((u) => u.detalle)).toContain(email);
    // Exactamente los usuarios cuyo apellido, nombre o email contiene cada palabra (calculado aparte).
    const palabras = sinAcentos(q).split(/\s+/).filter(Boolean);
    const esperados = (await todos())
      .filter((u) =>
        palabras.every((p) =>
          [u.apellido, u.nombre, u.email].some((x) => sinAcentos(x).includes(p)),
        ),
      )
      .map((u) => u.id)
      .sort((a, b) => a - b);
    expect(r.items.map((u) => u.id).sort((a, b) => a - b)).toEqual(esperados);
  });

  test('los comodines de LIKE se buscan literalmente', async () => {
    expect((await admin.usuarios.listar({ q: '%' })).items).toEqual([]);
    expect((await admin.usuarios.listar({ q: '_' })).items).toEqual([]);
    expect((await admin.usuarios.listar({ q: 'zzzz-no-existe' })).items).toEqual([]);
  });
});

describe('altas simultáneas', () => {
  test('dos altas a la vez con el mismo email: una crea y la otra recibe CONFLICT (nunca un error interno)', async () => {
    const antes = await contar();
    const datos = { ...nuevo, email: 'simultaneo@escuela.test' };
    const resultados = await Promise.allSettled([
      admin.usuarios.guardar(datos),
      admin.usuarios.guardar({ ...datos, email: 'SIMULTANEO@escuela.test' }),
      admin.usuarios.guardar(datos),
    ]);
    const ok = resultados.filter((r) => r.status === 'fulfilled');
    const errores = resultados.flatMap((r) =>
      r.status === 'rejected' ? [r.reason as TRPCError] : [],
    );
    expect(ok).toHaveLength(1);
    expect(errores.map((e) => [e.code, e.message])).toEqual([
      ['CONFLICT', 'Ya existe un usuario con ese email.'],
      ['CONFLICT', 'Ya existe un usuario con ese email.'],
    ]);
    expect(await contar()).toEqual({
      usuarios: antes.usuarios + 1,
      auditoria: antes.auditoria + 1,
    });
  });
});
