/**
 * Referentes (spec 01 §2, §3 Referente, §7; spec 02 §2 /referentes, §3 contacto, §5, §7):
 * listas y contactos por curso con alcance, guardar (teléfono "área número", exalumno 0/1),
 * alta, vínculos alumno–referente en una transacción y /api/mishijos; por tRPC y REST.
 */
import { momentoEscolar } from '@/server/reloj';
import { TRPCError } from '@trpc/server';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { ZodError } from 'zod';

import { Rol } from '@/domain/roles';
import { encontrarRuta } from '@/server/api/rest';
import { mensajeDeValidacion } from '@/server/api/schemas';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo, idDeUsuario } from '../fixtures/contexto';
import { pedirRest } from '../fixtures/rest';
import { errorDe } from '../fixtures/errores';

const ciclo = momentoEscolar().ciclo;

let c: Conexion;
let db: Db;
type Caller = Awaited<ReturnType<typeof callerComo>>;
let admin: Caller;
let jefe: Caller;
let preceptor: Caller;
let referente: Caller;

/** Las dos familias de demostración: Domínguez (2° 1° y 4° Electrónica) y Ramírez (1° 2° y 6° Construcciones). */
const ids = {
  tomas: 0,
  valentina: 0,
  lucia: 0,
  mateo: 0,
  carolina: 0,
  diego: 0,
  jorge: 0,
  paola: 0,
};

beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo);
  db = c.db;
  admin = await callerComo(db, EMAIL_DEMO.admin, Rol.Admin, { ciclo });
  jefe = await callerComo(db, EMAIL_DEMO.jefePreceptores, Rol.JefePreceptor, {
    ciclo,
    ip: '10.1.1.1',
  });
  preceptor = await callerComo(db, EMAIL_DEMO.preceptor, Rol.Preceptor, { ciclo });
  referente = await callerComo(db, EMAIL_DEMO.referente, Rol.ReferenteParental, { ciclo });
  const alumno = async (apellido: string, nombre: string) =>
    (
      await db
        .select({ id: s.alumnos.id })
        .from(s.alumnos)
        .where(and(eq(s.alumnos.apellido, apellido), eq(s.alumnos.nombre, nombre)))
    )[0]!.id;
  const ref = async (apellido: string, nombre: string) =>
    (
      await db
        .select({ id: s.referentes.id })
        .from(s.referentes)
        .where(and(eq(s.referentes.apellido, apellido), eq(s.referentes.nombre, nombre)))
    )[0]!.id;
  ids.tomas = await alumno('Domínguez', 'Tomás');
  ids.valentina = await alumno('Domínguez', 'Valentina');
  ids.lucia = await alumno('Ramírez', 'Lucía');
  ids.mateo = await alumno('Ramírez', 'Mateo');
  ids.carolina = await ref('Sosa', 'Carolina');
  ids.diego = await ref('Domínguez', 'Diego');
  ids.jorge = await ref('Ramírez', 'Jorge');
  ids.paola = await ref('Giménez', 'Paola');
});
afterAll(() => c?.cerrar());

const mensaje = (e: TRPCError) =>
  e.cause instanceof ZodError ? mensajeDeValidacion(e.cause) : e.message;

async function contar() {
  return {
    referentes: (await db.select({ n: count() }).from(s.referentes))[0]!.n,
    vinculos: (await db.select({ n: count() }).from(s.alumnosReferentes))[0]!.n,
    auditoria: (await db.select({ n: count() }).from(s.auditoria))[0]!.n,
  };
}

async function filaReferente(id: number) {
  return (await db.select().from(s.referentes).where(eq(s.referentes.id, id)))[0];
}

async function ultimaAuditoria() {
  return (await db.select().from(s.auditoria).orderBy(desc(s.auditoria.id)).limit(1))[0]!;
}

async function cursoId(anio: number, division: number) {
  return (
    await db
      .select({ id: s.cursos.id })
      .from(s.cursos)
      .where(and(eq(s.cursos.anio, anio), eq(s.cursos.division, division)))
  )[0]!.id;
}

const orden = (xs: Iterable<number>) => [...xs].sort((a, b) => a - b);

// ---------------------------------------------------------------------------

describe('referentes.listar y referentes.delAlumno: alcance', () => {
  test('un preceptor ve exactamente los referentes de los alumnos de sus cursos', async () => {
    const pid = await idDeUsuario(db, EMAIL_DEMO.preceptor);
    const esperados = await db
      .selectDistinct({ id: s.alumnosReferentes.referenteId })
      .from(s.alumnosReferentes)
      .innerJoin(s.alumnosCursos, eq(s.alumnosCursos.alumnoId, s.alumnosReferentes.alumnoId))
      .innerJoin(
        s.preceptoresCursos,
        and(
          eq(s.preceptoresCursos.cursoId, s.alumnosCursos.cursoId),
          eq(s.preceptoresCursos.ciclolectivo, s.alumnosCursos.ciclolectivo),
        ),
      )
      .where(and(eq(s.preceptoresCursos.usuarioId, pid), eq(s.alumnosCursos.ciclolectivo, ciclo)));
    const vistos: number[] = [];
    let cursor: number | null = 0;
    while (cursor !== null) {
      const p: Awaited<ReturnType<Caller['referentes']['listar']>> =
        await preceptor.referentes.listar({ cursor, limit: 50 });
      vistos.push(...p.items.map((i) => i.orden));
      cursor = p.siguiente;
    }
    expect(orden(vistos)).toEqual(orden(esperados.map((e) => e.id)));
    expect(vistos).toContain(ids.carolina);
    expect(vistos).not.toContain(ids.jorge);
  });

  test('búsqueda sin acentos; el jefe de preceptores ve a todos', async () => {
    const r = await jefe.referentes.listar({ q: 'ramirez jorge' });
    expect(r.items.map((i) => i.orden)).toEqual([ids.jorge]);
    expect(r.items[0]).toMatchObject({
      apellido: 'Ramírez',
      nombre: 'Jorge',
      email: EMAIL_DEMO.referenteOtro,
      exalumno: false,
    });
    expect((await preceptor.referentes.listar({ q: 'ramirez jorge' })).items).toEqual([]);
  });

  test('los referentes de un alumno, con el teléfono partido; fuera del alcance → FORBIDDEN', async () => {
    const r = await preceptor.referentes.delAlumno({ id: ids.tomas });
    expect(r.map((x) => x.orden).sort()).toEqual(orden([ids.carolina, ids.diego]).sort());
    for (const x of r) expect(x.telefono).toBe(`${x.codigoArea} ${x.numero}`);
    expect(r[0]!.codigoArea).toBe('341');
    const e = await errorDe(preceptor.referentes.delAlumno({ id: ids.lucia }));
    expect(e.code).toBe('FORBIDDEN');
    expect((await errorDe(jefe.referentes.delAlumno({ id: 9_999_999 }))).code).toBe('NOT_FOUND');
    expect(mensaje(await errorDe(jefe.referentes.delAlumno({ id: 'x' as never })))).toBe(
      'El identificador debe ser un número.',
    );
  });
});

describe('referentes.porCurso: contactos del curso (/referentes, /referentes-protected)', () => {
  test('todos los alumnos del curso en el ciclo, cada uno con sus referentes', async () => {
    const curso = await cursoId(4, 1);
    const r = await preceptor.referentes.porCurso({ curso, ciclo });
    expect(r.curso).toMatchObject({ orden: curso, nombre: '4° Electrónica' });
    expect(r.ciclo).toBe(ciclo);
    const delCurso = await db
      .select({ id: s.alumnosCursos.alumnoId })
      .from(s.alumnosCursos)
      .where(and(eq(s.alumnosCursos.cursoId, curso), eq(s.alumnosCursos.ciclolectivo, ciclo)));
    expect(orden(r.alumnos.map((a) => a.orden))).toEqual(orden(delCurso.map((d) => d.id)));
    const vinculos = await db
      .select({ n: count() })
      .from(s.alumnosReferentes)
      .where(
        inArray(
          s.alumnosReferentes.alumnoId,
          delCurso.map((d) => d.id),
        ),
      );
    expect(r.alumnos.reduce((n, a) => n + a.referentes.length, 0)).toBe(vinculos[0]!.n);
    const tomas = r.alumnos.find((a) => a.orden === ids.tomas)!;
    expect(tomas.referentes.map((x) => x.nombre).sort()).toEqual(['Carolina', 'Diego']);
    expect(tomas.referentes.find((x) => x.nombre === 'Carolina')).toMatchObject({
      email: EMAIL_DEMO.referente,
      codigoArea: '341',
    });
    // Sin ciclo: el elegido en el selector.
    expect((await preceptor.referentes.porCurso({ curso })).alumnos.length).toBe(r.alumnos.length);
  });

  test('curso ajeno → FORBIDDEN; inexistente → NOT_FOUND; ciclo sin alumnos → lista vacía; ciclo inválido → BAD_REQUEST', async () => {
    expect(
      (await errorDe(preceptor.referentes.porCurso({ curso: await cursoId(1, 2), ciclo }))).code,
    ).toBe('FORBIDDEN');
    expect((await errorDe(jefe.referentes.porCurso({ curso: 9_999, ciclo }))).code).toBe(
      'NOT_FOUND',
    );
    expect(
      (await jefe.referentes.porCurso({ curso: await cursoId(1, 2), ciclo: 2021 })).alumnos,
    ).toEqual([]);
    const e = await errorDe(jefe.referentes.porCurso({ curso: await cursoId(1, 2), ciclo: 2019 }));
    expect(e.code).toBe('BAD_REQUEST');
    expect(mensaje(e)).toBe('El ciclo lectivo no es válido.');
    expect(
      (await errorDe(referente.referentes.porCurso({ curso: await cursoId(2, 1), ciclo }))).code,
    ).toBe('FORBIDDEN');
  });
});

describe('referentes.guardar', () => {
  test('el preceptor guarda un referente de sus alumnos: teléfono "área número", exalumno 0/1, auditado', async () => {
    const antes = await contar();
    const emailAntes = (await filaReferente(ids.diego))!.email;
    const r = await preceptor.referentes.guardar({
      orden: ids.diego,
      apellido: ' Domínguez ',
      nombre: 'Diego Martín',
      telefono: '3416123456',
      exalumno: '1' as never,
    });
    expect(r).toMatchObject({
      orden: ids.diego,
      apellido: 'Domínguez',
      nombre: 'Diego Martín',
      telefono: '341 6123456',
      codigoArea: '341',
      numero: '6123456',
      exalumno: true,
      email: emailAntes,
    });
    expect(await filaReferente(ids.diego)).toMatchObject({
      nombre: 'Diego Martín',
      telefono: '341 6123456',
      exalumno: true,
    });
    expect(await contar()).toEqual({ ...antes, auditoria: antes.auditoria + 1 });
    const aud = await ultimaAuditoria();
    expect(aud).toMatchObject({
      accion: 'editar',
      entidad: 'referentes',
      entidadId: String(ids.diego),
      rol: Rol.Preceptor,
    });
    expect(aud.antes).toMatchObject({ nombre: 'Diego', exalumno: false });
    expect(aud.despues).toMatchObject({ nombre: 'Diego Martín', exalumno: true });
    // Email nuevo en minúsculas; vacío lo borra; exalumno '0'.
    expect(
      await jefe.referentes.guardar({
        orden: ids.diego,
        apellido: 'Domínguez',
        nombre: 'Diego',
        email: 'Diego.D@Gmail.com',
        exalumno: '0' as never,
      }),
    ).toMatchObject({ email: 'diego.d@gmail.com', exalumno: false, telefono: '341 6123456' });
    expect(
      await jefe.referentes.guardar({
        orden: ids.diego,
        apellido: 'Domínguez',
        nombre: 'Diego',
        email: '',
      }),
    ).toMatchObject({ email: null });
  });

  test.each([
    [{ nombre: ' ' }, 'Nombre: no puede estar vacío.'],
    [{ apellido: '' }, 'Apellido: no puede estar vacío.'],
    [{ email: 'diego@' }, 'El email no es válido.'],
    [{ telefono: '341 123' }, 'Teléfono: entre 6 y 8 dígitos.'],
    [{ telefono: '12345 1234567' }, 'Código de área: entre 2 y 4 dígitos.'],
    [{ exalumno: 'si' }, 'Exalumno: debe ser 1/0 o true/false.'],
    [{ orden: 'abc' }, 'El identificador debe ser un número.'],
  ])('entrada inválida %j → "%s" y nada escrito', async (malo, esperado) => {
    const antes = await contar();
    const fila = await filaReferente(ids.diego);
    const e = await errorDe(
      jefe.referentes.guardar({
        orden: ids.diego,
        apellido: 'Domínguez',
        nombre: 'Diego',
        ...malo,
      } as never),
    );
    expect(e.code).toBe('BAD_REQUEST');
    expect(mensaje(e)).toBe(esperado);
    expect(await contar()).toEqual(antes);
    expect(await filaReferente(ids.diego)).toEqual(fila);
  });

  test('fuera del alcance o inexistente → error y nada escrito', async () => {
    const antes = await contar();
    const fila = await filaReferente(ids.paola);
    const e = await errorDe(
      preceptor.referentes.guardar({ orden: ids.paola, apellido: 'X', nombre: 'Y' }),
    );
    expect(e.code).toBe('FORBIDDEN');
    expect(e.message).toBe('No tiene acceso a ese referente.');
    expect(
      (await errorDe(jefe.referentes.guardar({ orden: 9_999_999, apellido: 'X', nombre: 'Y' })))
        .code,
    ).toBe('NOT_FOUND');
    expect(await contar()).toEqual(antes);
    expect(await filaReferente(ids.paola)).toEqual(fila);
  });

  test('el referente parental guarda sólo sus datos, con el email de su cuenta y teléfono obligatorio', async () => {
    const r = await referente.referentes.guardar({
      orden: ids.carolina,
      apellido: 'Sosa',
      nombre: 'Carolina',
      email: 'otro@gmail.com',
      telefono: '11 41234567',
      exalumno: '1' as never,
    });
    expect(r).toMatchObject({
      email: EMAIL_DEMO.referente,
      telefono: '11 41234567',
      codigoArea: '11',
      numero: '41234567',
      exalumno: true,
    });
    expect(await ultimaAuditoria()).toMatchObject({
      accion: 'editar',
      rol: Rol.ReferenteParental,
      entidadId: String(ids.carolina),
    });
    const antes = await contar();
    const sinTel = await errorDe(
      referente.referentes.guardar({
        orden: ids.carolina,
        apellido: 'Sosa',
        nombre: 'Carolina',
        telefono: '',
      }),
    );
    expect(sinTel.code).toBe('BAD_REQUEST');
    expect(sinTel.message).toBe('Teléfono: no puede estar vacío.');
    const ajeno = await errorDe(
      referente.referentes.guardar({
        orden: ids.diego,
        apellido: 'X',
        nombre: 'Y',
        telefono: '341 4123456',
      }),
    );
    expect(ajeno.code).toBe('FORBIDDEN');
    expect(ajeno.message).toBe('Sólo puede modificar sus propios datos.');
    expect(await contar()).toEqual(antes);
  });
});

describe('referentes.crear y referentes.vincular', () => {
  test('el preceptor crea un referente para su alumno, ya vinculado; para un alumno ajeno → FORBIDDEN sin escribir', async () => {
    const antes = await contar();
    const r = await preceptor.referentes.crear({
      alumno: ids.valentina,
      apellido: 'Domínguez',
      nombre: 'Abuela Marta',
      telefono: '341 4987654',
    });
    expect(r).toMatchObject({
      alumno: ids.valentina,
      apellido: 'Domínguez',
      nombre: 'Abuela Marta',
      email: null,
      exalumno: false,
      codigoArea: '341',
    });
    expect(
      (await preceptor.referentes.delAlumno({ id: ids.valentina })).map((x) => x.orden),
    ).toContain(r.orden);
    expect(await contar()).toEqual({
      referentes: antes.referentes + 1,
      vinculos: antes.vinculos + 1,
      auditoria: antes.auditoria + 1,
    });
    expect(await ultimaAuditoria()).toMatchObject({
      accion: 'crear',
      entidad: 'referentes',
      entidadId: String(r.orden),
    });

    const antes2 = await contar();
    expect(
      (await errorDe(preceptor.referentes.crear({ alumno: ids.lucia, apellido: 'X', nombre: 'Y' })))
        .code,
    ).toBe('FORBIDDEN');
    expect(
      mensaje(
        await errorDe(
          preceptor.referentes.crear({ alumno: ids.valentina, apellido: 'X', nombre: '' }),
        ),
      ),
    ).toBe('Nombre: no puede estar vacío.');
    expect(
      mensaje(
        await errorDe(
          preceptor.referentes.crear({
            alumno: ids.valentina,
            apellido: 'X',
            nombre: 'Y',
            email: 'x',
          }),
        ),
      ),
    ).toBe('El email no es válido.');
    expect(await contar()).toEqual(antes2);
  });

  test('agrega y quita vínculos en una transacción; agregar uno existente no duplica', async () => {
    const antes = await contar();
    const r = await admin.referentes.vincular({
      add: [
        { alumno: ids.tomas, referente: ids.paola },
        { alumno: ids.tomas, referente: ids.carolina },
      ],
      remove: [{ alumno: ids.valentina, referente: ids.diego }],
    });
    expect(r).toEqual({ agregados: 1, quitados: 1, confirmados: 0, pendientes: 0 });
    expect(await contar()).toEqual({ ...antes, auditoria: antes.auditoria + 1 });
    expect((await admin.referentes.delAlumno({ id: ids.tomas })).map((x) => x.orden)).toContain(
      ids.paola,
    );
    expect(
      (await admin.referentes.delAlumno({ id: ids.valentina })).map((x) => x.orden),
    ).not.toContain(ids.diego);
    expect(await ultimaAuditoria()).toMatchObject({
      accion: 'vincular',
      entidad: 'alumnos_referentes',
    });
    // Vuelve a como estaba.
    expect(
      await admin.referentes.vincular({
        add: [{ alumno: ids.valentina, referente: ids.diego }],
        remove: [{ alumno: ids.tomas, referente: ids.paola }],
      }),
    ).toEqual({ agregados: 1, quitados: 1, confirmados: 0, pendientes: 0 });
  });

  test('un alumno fuera del alcance, un referente inexistente o listas vacías → error y nada escrito', async () => {
    const antes = await contar();
    const ajeno = await errorDe(
      preceptor.referentes.vincular({
        add: [{ alumno: ids.tomas, referente: ids.paola }],
        remove: [{ alumno: ids.lucia, referente: ids.jorge }],
      }),
    );
    expect(ajeno.code).toBe('FORBIDDEN');
    const inexistente = await errorDe(
      admin.referentes.vincular({ add: [{ alumno: ids.tomas, referente: 9_999_999 }] }),
    );
    expect(inexistente.code).toBe('NOT_FOUND');
    expect(inexistente.message).toBe('El referente no existe.');
    expect(mensaje(await errorDe(admin.referentes.vincular({ add: [], remove: [] })))).toBe(
      'No hay vínculos para guardar.',
    );
    const v = { alumno: ids.tomas, referente: ids.diego };
    expect(mensaje(await errorDe(admin.referentes.vincular({ add: [v], remove: [v] })))).toBe(
      'Un mismo vínculo no puede agregarse y quitarse a la vez.',
    );
    expect(await contar()).toEqual(antes);
    expect((await admin.referentes.delAlumno({ id: ids.lucia })).map((x) => x.orden)).toContain(
      ids.jorge,
    );
  });
});

describe('referentes.mishijos (GET /api/mishijos)', () => {
  test('el referente ve sus hijos con el curso del ciclo, igual que sesion.hijos; otra familia, los suyos', async () => {
    const hijos = await referente.referentes.mishijos();
    expect(hijos).toEqual(await referente.sesion.hijos());
    expect(hijos.map((h) => [h.id, h.curso]).sort()).toEqual(
      [
        [ids.tomas, '4° Electrónica'],
        [ids.valentina, '2° 1°'],
      ].sort(),
    );
    const otro = await callerComo(db, EMAIL_DEMO.referenteOtro, Rol.ReferenteParental, { ciclo });
    expect(orden((await otro.referentes.mishijos()).map((h) => h.id))).toEqual(
      orden([ids.lucia, ids.mateo]),
    );
  });

  test('el personal y los alumnos no pueden', async () => {
    expect((await errorDe(admin.referentes.mishijos())).code).toBe('FORBIDDEN');
    const alumno = await callerComo(db, EMAIL_DEMO.alumno, Rol.Alumno, { ciclo });
    expect((await errorDe(alumno.referentes.mishijos())).code).toBe('FORBIDDEN');
  });
});

describe('REST de referentes', () => {
  async function pedir(metodo: string, camino: string, email: string, cuerpo?: unknown) {
    return pedirRest<Record<string, unknown>>(metodo, camino, { db, email, ciclo }, cuerpo);
  }

  test('las rutas del contrato llegan a su procedimiento', () => {
    const casos: [string, string, string][] = [
      ['GET', '/api/referentes', 'referentes.listar'],
      ['PUT', '/api/referente/5/guardar', 'referentes.guardar'],
      ['GET', '/api/mishijos', 'referentes.mishijos'],
      ['GET', '/api/referentes/alumno/5', 'referentes.delAlumno'],
      ['POST', '/api/referentes/alumno/5', 'referentes.crear'],
      ['POST', '/api/alumnos/link/referentes', 'referentes.vincular'],
      ['GET', `/api/cursos/3/referentes/${ciclo}`, 'referentes.porCurso'],
    ];
    for (const [metodo, camino, proc] of casos)
      expect([camino, encontrarRuta(metodo, camino).ruta?.procedimiento]).toEqual([camino, proc]);
  });

  test('PUT /api/referente/{orden}/guardar con cuerpo de formulario; errores 400/403/404 en castellano', async () => {
    const form = {
      orden: String(ids.diego),
      apellido: 'Domínguez',
      nombre: 'Diego',
      email: 'diego@gmail.com',
      telefono: '341 5554433',
      exalumno: '0',
    };
    const ok = await pedir(
      'PUT',
      `/api/referente/${ids.diego}/guardar`,
      EMAIL_DEMO.preceptor,
      form,
    );
    expect(ok).toMatchObject({
      status: 200,
      body: {
        orden: ids.diego,
        email: 'diego@gmail.com',
        telefono: '341 5554433',
        exalumno: false,
      },
    });
    expect(
      await pedir('PUT', `/api/referente/${ids.diego}/guardar`, EMAIL_DEMO.preceptor, {
        ...form,
        nombre: '',
      }),
    ).toEqual({
      status: 400,
      body: { error: true, message: 'Nombre: no puede estar vacío.' },
    });
    expect(
      (await pedir('PUT', `/api/referente/${ids.paola}/guardar`, EMAIL_DEMO.preceptor, form))
        .status,
    ).toBe(403);
    expect(
      (await pedir('PUT', '/api/referente/9999999/guardar', EMAIL_DEMO.admin, form)).status,
    ).toBe(404);
    expect(
      (await pedir('PUT', `/api/referente/${ids.diego}/guardar`, EMAIL_DEMO.docente, form)).status,
    ).toBe(403);
  });

  test('GET /api/mishijos, /api/referentes, /api/referentes/alumno/{id} y /api/cursos/{a}/referentes/{b}', async () => {
    const hijos = await pedir('GET', '/api/mishijos', EMAIL_DEMO.referente);
    expect(hijos.status).toBe(200);
    expect((hijos.body as unknown as unknown[]).length).toBe(2);
    expect((await pedir('GET', '/api/mishijos', EMAIL_DEMO.admin)).status).toBe(403);
    const lista = await pedir('GET', '/api/referentes?q=sosa', EMAIL_DEMO.jefePreceptores);
    expect((lista.body.items as { orden: number }[]).map((i) => i.orden)).toContain(ids.carolina);
    expect(
      (await pedir('GET', `/api/referentes/alumno/${ids.lucia}`, EMAIL_DEMO.preceptor)).status,
    ).toBe(403);
    expect(
      (
        await pedir(
          'GET',
          `/api/cursos/${await cursoId(2, 1)}/referentes/${ciclo}`,
          EMAIL_DEMO.preceptor,
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await pedir(
          'GET',
          `/api/cursos/${await cursoId(1, 2)}/referentes/${ciclo}`,
          EMAIL_DEMO.preceptor,
        )
      ).status,
    ).toBe(403);
    expect(
      await pedir('GET', `/api/cursos/${await cursoId(2, 1)}/referentes/abc`, EMAIL_DEMO.preceptor),
    ).toEqual({
      status: 400,
      body: { error: true, message: 'El ciclo lectivo debe ser un número.' },
    });
  });

  test('POST /api/alumnos/link/referentes y POST /api/referentes/alumno/{id}', async () => {
    const link = await pedir('POST', '/api/alumnos/link/referentes', EMAIL_DEMO.alumnado, {
      add: [{ alumno: String(ids.mateo), referente: String(ids.carolina) }],
      remove: [],
    });
    expect(link).toEqual({
      status: 200,
      body: { agregados: 1, quitados: 0, confirmados: 0, pendientes: 0 },
    });
    expect(
      (
        await pedir('POST', '/api/alumnos/link/referentes', EMAIL_DEMO.preceptor, {
          add: [{ alumno: ids.mateo, referente: ids.diego }],
          remove: [],
        })
      ).status,
    ).toBe(403);
    const nuevo = await pedir('POST', `/api/referentes/alumno/${ids.mateo}`, EMAIL_DEMO.alumnado, {
      apellido: 'Ramírez',
      nombre: 'Tía Ana',
      exalumno: '1',
      email: '',
    });
    expect(nuevo).toMatchObject({
      status: 200,
      body: { alumno: ids.mateo, exalumno: true, email: null },
    });
  });
});
