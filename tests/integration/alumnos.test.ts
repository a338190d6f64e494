/**
 * Alumnos (spec 01 §2 Student and guardian management, §4, §5, §7, §8): listas con alcance,
 * alta (DNI único), edición (DNI no editable), habilitado, curso del ciclo, inscripciones a
 * cursados (primera materia permitida, "primero un curso"), alumnos de un curso y la promoción
 * anual; por tRPC y por el contrato REST. Lo esperado sale de consultas propias a la base.
 */
import { momentoEscolar } from '@/server/reloj';
import { TRPCError } from '@trpc/server';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { ZodError } from 'zod';

import { ERROR_VINCULAR_CURSADOS, ERROR_VINCULAR_CURSO } from '@/domain/inscripciones';
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
let alumnado: Caller;
let preceptor: Caller;
let jefe: Caller;
let docente: Caller;

beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo);
  db = c.db;
  admin = await callerComo(db, EMAIL_DEMO.admin, Rol.Admin, { ciclo, ip: '10.0.0.9' });
  alumnado = await callerComo(db, EMAIL_DEMO.alumnado, Rol.Alumnado, { ciclo });
  preceptor = await callerComo(db, EMAIL_DEMO.preceptor, Rol.Preceptor, { ciclo });
  jefe = await callerComo(db, EMAIL_DEMO.jefePreceptores, Rol.JefePreceptor, { ciclo });
  docente = await callerComo(db, EMAIL_DEMO.docente, Rol.Docente, { ciclo });
});
afterAll(() => c?.cerrar());

// ---------------------------------------------------------------------------
// Ayudas

/** El mensaje que vería el usuario (el de zod unido, como en el formateador de errores). */
const mensaje = (e: TRPCError) =>
  e.cause instanceof ZodError ? mensajeDeValidacion(e.cause) : e.message;

async function contar() {
  return {
    alumnos: (await db.select({ n: count() }).from(s.alumnos))[0]!.n,
    alumnosCursos: (await db.select({ n: count() }).from(s.alumnosCursos))[0]!.n,
    inscripciones: (await db.select({ n: count() }).from(s.inscripciones))[0]!.n,
    auditoria: (await db.select({ n: count() }).from(s.auditoria))[0]!.n,
  };
}

async function cursoId(anio: number, division: number) {
  const [f] = await db
    .select({ id: s.cursos.id })
    .from(s.cursos)
    .where(and(eq(s.cursos.anio, anio), eq(s.cursos.division, division)));
  return f!.id;
}

/** Alumnos de un curso en un ciclo, por consulta propia. */
async function alumnosDelCurso(curso: number, enCiclo = ciclo) {
  const filas = await db
    .select({ id: s.alumnosCursos.alumnoId })
    .from(s.alumnosCursos)
    .where(and(eq(s.alumnosCursos.cursoId, curso), eq(s.alumnosCursos.ciclolectivo, enCiclo)));
  return filas.map((f) => f.id).sort((a, b) => a - b);
}

/** Alumnos de los cursos del preceptor de demostración (2° 1°, 2° 2°, 4° 1°). */
async function alumnosDelPreceptor() {
  const pid = await idDeUsuario(db, EMAIL_DEMO.preceptor);
  const filas = await db
    .select({ id: s.alumnosCursos.alumnoId })
    .from(s.alumnosCursos)
    .innerJoin(
      s.preceptoresCursos,
      and(
        eq(s.preceptoresCursos.cursoId, s.alumnosCursos.cursoId),
        eq(s.preceptoresCursos.ciclolectivo, s.alumnosCursos.ciclolectivo),
      ),
    )
    .where(and(eq(s.preceptoresCursos.usuarioId, pid), eq(s.alumnosCursos.ciclolectivo, ciclo)));
  return filas.map((f) => f.id).sort((a, b) => a - b);
}

async function ultimaAuditoria() {
  const [a] = await db.select().from(s.auditoria).orderBy(desc(s.auditoria.id)).limit(1);
  return a!;
}

const sinAcentos = (t: string) =>
  t
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

let dniLibre = 30_000_000;
const nuevoDni = () => ++dniLibre;

// ---------------------------------------------------------------------------
// Listas

describe('alumnos.listar y alumnos.base: alcance y curso del ciclo', () => {
  async function todos(caller: Caller, extra: { q?: string; curso?: number } = {}) {
    const items: { orden: number; curso: { nombre: string } | null }[] = [];
    let cursor: number | null = 0;
    while (cursor !== null) {
      const p: Awaited<ReturnType<Caller['alumnos']['listar']>> = await caller.alumnos.listar({
        ...extra,
        cursor,
        limit: 50,
      });
      if (p.siguiente !== null) expect(p.items).toHaveLength(50);
      items.push(...p.items);
      cursor = p.siguiente;
    }
    return items;
  }

  test('un preceptor ve exactamente los alumnos de sus cursos, con el curso del ciclo', async () => {
    const esperados = await alumnosDelPreceptor();
    expect(esperados.length).toBeGreaterThan(60);
    const items = await todos(preceptor);
    expect(items.map((i) => i.orden).sort((a, b) => a - b)).toEqual(esperados);
    expect(new Set(items.map((i) => i.curso?.nombre))).toEqual(
      new Set(['2° 1°', '2° 2°', '4° Electrónica']),
    );
    const base = await preceptor.alumnos.base();
    expect(base.map((b) => b.id).sort((a, b) => a - b)).toEqual(esperados);
    expect(Object.keys(base[0]!).sort()).toEqual(['apellido', 'dni', 'id', 'nombre']);
  });

  test('el jefe de preceptores ve toda la escuela; filtro por curso y búsqueda por DNI', async () => {
    const [total] = await db.select({ n: count() }).from(s.alumnos);
    expect((await jefe.alumnos.base()).length).toBe(total!.n);
    const curso = await cursoId(1, 2);
    const delCurso = await todos(jefe, { curso });
    expect(delCurso.map((i) => i.orden).sort((a, b) => a - b)).toEqual(
      await alumnosDelCurso(curso),
    );
    const [uno] = await db.select().from(s.alumnos).where(eq(s.alumnos.id, delCurso[0]!.orden));
    const porDni = await jefe.alumnos.listar({ q: String(uno!.dni) });
    expect(porDni.items.map((i) => i.orden)).toEqual([uno!.id]);
    // Un preceptor que filtra por un curso ajeno no ve nada.
    expect((await preceptor.alumnos.listar({ curso })).items).toEqual([]);
  });

  test('entrada inválida → BAD_REQUEST en castellano', async () => {
    const e = await errorDe(jefe.alumnos.listar({ limit: 500 }));
    expect(e.code).toBe('BAD_REQUEST');
    expect(mensaje(e)).toBe('El tamaño de página es como máximo 50.');
    expect(mensaje(await errorDe(jefe.alumnos.listar({ curso: 'x' as never })))).toBe(
      'El identificador debe ser un número.',
    );
  });
});

describe('alumnos.obtener y alumnos.legajo', () => {
  test('el preceptor obtiene un alumno suyo con curso y teléfono partido; uno ajeno → FORBIDDEN', async () => {
    const propio = (await alumnosDelPreceptor())[0]!;
    const a = await preceptor.alumnos.obtener({ id: propio });
    expect(a.orden).toBe(propio);
    expect(a.curso).not.toBeNull();
    expect(a.telefono).toBe(`${a.codigoArea} ${a.numero}`);
    const ajeno = (await alumnosDelCurso(await cursoId(1, 2)))[0]!;
    const e = await errorDe(preceptor.alumnos.obtener({ id: ajeno }));
    expect(e.code).toBe('FORBIDDEN');
    expect(e.message).toBe('No tiene acceso a ese alumno.');
    expect((await errorDe(preceptor.alumnos.obtener({ id: 9_999_999 }))).code).toBe('NOT_FOUND');
    expect((await errorDe(preceptor.alumnos.obtener({ id: 'abc' as never }))).code).toBe(
      'BAD_REQUEST',
    );
  });

  test('el legajo trae perfil, curso del ciclo, cursos por año y referentes (éstos no al docente); un docente sólo los de sus cursados', async () => {
    const [tomas] = await db
      .select({ id: s.alumnos.id })
      .from(s.alumnos)
      .innerJoin(s.usuarios, eq(s.usuarios.id, s.alumnos.usuarioId))
      .where(eq(s.usuarios.email, EMAIL_DEMO.alumno));
    const l = await docente.alumnos.legajo({ id: tomas!.id });
    expect(l).toMatchObject({
      orden: tomas!.id,
      apellido: 'Domínguez',
      nombre: 'Tomás',
      aviso: null,
      ciclo,
    });
    expect(l.curso?.nombre).toBe('4° Electrónica');
    // El ciclo actual y el anterior (la siembra guarda el curso del ciclo anterior).
    expect(l.cursos).toEqual([
      expect.objectContaining({ anioCursado: ciclo, nombre: '4° Electrónica' }),
      expect.objectContaining({ anioCursado: ciclo - 1, nombre: '3° 1°' }),
    ]);
    // El docente no recibe los referentes (ni DNI ni teléfono: spec 02 §6); la administración sí.
    expect(l).toMatchObject({ completo: false });
    expect(l).not.toHaveProperty('referentes');
    const completo = await (
      await callerComo(db, EMAIL_DEMO.alumnado, Rol.Alumnado, { ciclo })
    ).alumnos.legajo({ id: tomas!.id });
    if (!completo.completo) throw new Error('Alumnado debe recibir el legajo completo');
    expect(completo.referentes.map((r) => `${r.nombre} ${r.apellido}`).sort()).toEqual([
      'Carolina Sosa',
      'Diego Domínguez',
    ]);
    // Un alumno de 1° 2° no cursa con el docente de demostración.
    const ajeno = (await alumnosDelCurso(await cursoId(1, 2)))[0]!;
    expect((await errorDe(docente.alumnos.legajo({ id: ajeno }))).code).toBe('FORBIDDEN');
    // Alumnos y referentes no tienen legajo por esta vía.
    const alumno = await callerComo(db, EMAIL_DEMO.alumno, Rol.Alumno, { ciclo });
    expect((await errorDe(alumno.alumnos.legajo({ id: tomas!.id }))).code).toBe('FORBIDDEN');
  });
});

// ---------------------------------------------------------------------------
// Alta y edición

const datos = (extra: Record<string, unknown> = {}) => ({
  dni: nuevoDni(),
  apellido: 'Benítez',
  nombre: 'Julia',
  genero: 'Femenino',
  email: 'Julia.Benitez@Gmail.com',
  telefono: '3415123456',
  nacimiento: '2012-05-03',
  ...extra,
});

describe('alumnos.crear', () => {
  test('Alumnado crea un alumno con curso del ciclo: fila, curso, auditoría', async () => {
    const antes = await contar();
    const curso = await cursoId(1, 1);
    const d = datos({ curso });
    const r = await alumnado.alumnos.crear(d);
    expect(r).toMatchObject({
      dni: d.dni,
      apellido: 'Benítez',
      nombre: 'Julia',
      genero: 'Femenino',
      email: 'julia.benitez@gmail.com',
      telefono: '341 5123456',
      codigoArea: '341',
      numero: '5123456',
      habilitado: true,
      nacimiento: '2012-05-03',
      curso: { orden: curso, nombre: '1° 1°' },
    });
    expect(await contar()).toEqual({
      ...antes,
      alumnos: antes.alumnos + 1,
      alumnosCursos: antes.alumnosCursos + 1,
      auditoria: antes.auditoria + 1,
    });
    expect(await alumnosDelCurso(curso)).toContain(r.orden);
    expect(await ultimaAuditoria()).toMatchObject({
      accion: 'crear',
      entidad: 'alumnos',
      entidadId: String(r.orden),
      rol: Rol.Alumnado,
    });
  });

  test('género Sin decidir (o vacío) es null; sin curso queda sin curso', async () => {
    const r = await admin.alumnos.crear(datos({ genero: 'Sin decidir', email: '', telefono: '' }));
    expect(r).toMatchObject({ genero: null, email: null, telefono: null, curso: null });
  });

  test('DNI repetido → CONFLICT "Ya existe un alumno con ese DNI." y nada escrito', async () => {
    const [existente] = await db.select({ dni: s.alumnos.dni }).from(s.alumnos).limit(1);
    const antes = await contar();
    const e = await errorDe(
      admin.alumnos.crear(datos({ dni: String(existente!.dni), curso: await cursoId(1, 1) })),
    );
    expect(e.code).toBe('CONFLICT');
    expect(e.message).toBe('Ya existe un alumno con ese DNI.');
    expect(await contar()).toEqual(antes);
  });

  test('dos altas simultáneas con el mismo DNI: una entra y la otra recibe CONFLICT', async () => {
    const dni = nuevoDni();
    const r = await Promise.allSettled([
      admin.alumnos.crear(datos({ dni })),
      alumnado.alumnos.crear(datos({ dni })),
    ]);
    expect(r.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    const fallo = r.find((x) => x.status === 'rejected') as PromiseRejectedResult;
    expect(fallo.reason).toBeInstanceOf(TRPCError);
    expect((fallo.reason as TRPCError).message).toBe('Ya existe un alumno con ese DNI.');
  });

  test.each([
    [{ nombre: '  ' }, 'Nombre: no puede estar vacío.'],
    [{ apellido: '' }, 'Apellido: no puede estar vacío.'],
    [{ dni: 'abc' }, 'El DNI debe ser un número.'],
    [{ dni: 123 }, 'El DNI debe tener 7 u 8 dígitos.'],
    [{ dni: 45_000_000.5 }, 'El DNI debe ser un número entero.'],
    [{ email: 'no-es-email' }, 'El email no es válido.'],
    [{ genero: 'X' }, 'El género debe ser Sin decidir, Otro, Masculino o Femenino.'],
    [{ telefono: '12345' }, 'Código de área: entre 2 y 4 dígitos.'],
    [{ telefono: '341 12' }, 'Teléfono: entre 6 y 8 dígitos.'],
    [{ nacimiento: '2012-02-30' }, 'La fecha de nacimiento no es válida (AAAA-MM-DD).'],
    [{ curso: 'x' }, 'El identificador debe ser un número.'],
  ])('entrada inválida %j → "%s" y nada escrito', async (malo, esperado) => {
    const antes = await contar();
    const e = await errorDe(admin.alumnos.crear(datos(malo) as never));
    expect(e.code).toBe('BAD_REQUEST');
    expect(mensaje(e)).toBe(esperado);
    expect(await contar()).toEqual(antes);
  });

  test('curso inexistente → "No se pudo vincular el alumno al curso…" y nada escrito', async () => {
    const antes = await contar();
    const e = await errorDe(admin.alumnos.crear(datos({ curso: 9_999 })));
    expect(e.code).toBe('NOT_FOUND');
    expect(e.message).toBe(`${ERROR_VINCULAR_CURSO}: el curso no existe.`);
    expect(await contar()).toEqual(antes);
  });

  test('un preceptor crea sólo en sus cursos: sin curso o en uno ajeno se rechaza sin escribir', async () => {
    const antes = await contar();
    const sinCurso = await errorDe(preceptor.alumnos.crear(datos()));
    expect(sinCurso.code).toBe('BAD_REQUEST');
    expect(sinCurso.message).toBe('Elija uno de sus cursos para el alumno.');
    const ajeno = await errorDe(preceptor.alumnos.crear(datos({ curso: await cursoId(1, 2) })));
    expect(ajeno.code).toBe('FORBIDDEN');
    expect(await contar()).toEqual(antes);
    const r = await preceptor.alumnos.crear(datos({ curso: await cursoId(2, 1) }));
    expect(r.curso?.nombre).toBe('2° 1°');
    expect((await preceptor.alumnos.obtener({ id: r.orden })).orden).toBe(r.orden);
  });
});

describe('alumnos.editar', () => {
  let id: number;
  let dni: number;
  beforeAll(async () => {
    const r = await admin.alumnos.crear(datos({ curso: await cursoId(2, 2), pronombre: 'ella' }));
    id = r.orden;
    dni = r.dni;
  });

  test('edita con el mismo DNI; lo que no viene no cambia; vacío borra; auditado con antes y después', async () => {
    const antes = await contar();
    const r = await preceptor.alumnos.editar({
      id,
      dni: String(dni),
      apellido: 'Benítez Ruiz',
      nombre: 'Julia',
      telefono: '',
      genero: '',
    } as never);
    expect(r).toMatchObject({
      orden: id,
      dni,
      apellido: 'Benítez Ruiz',
      telefono: null,
      genero: null,
      email: 'julia.benitez@gmail.com',
      pronombre: 'ella',
    });
    expect(await contar()).toEqual({ ...antes, auditoria: antes.auditoria + 1 });
    const aud = await ultimaAuditoria();
    expect(aud).toMatchObject({
      accion: 'editar',
      entidad: 'alumnos',
      entidadId: String(id),
      rol: Rol.Preceptor,
    });
    expect(aud.antes).toMatchObject({
      apellido: 'Benítez',
      telefono: '341 5123456',
      genero: 'Femenino',
    });
    expect(aud.despues).toMatchObject({ apellido: 'Benítez Ruiz', telefono: null, genero: null });
  });

  test('el DNI no se puede modificar: BAD_REQUEST y nada escrito', async () => {
    const antes = await contar();
    const [fila] = await db.select().from(s.alumnos).where(eq(s.alumnos.id, id));
    const e = await errorDe(
      admin.alumnos.editar({ id, dni: dni + 1, apellido: 'Otro', nombre: 'Nombre' }),
    );
    expect(e.code).toBe('BAD_REQUEST');
    expect(e.message).toBe('El DNI no se puede modificar una vez creado el alumno.');
    expect(await contar()).toEqual(antes);
    expect((await db.select().from(s.alumnos).where(eq(s.alumnos.id, id)))[0]).toEqual(fila);
  });

  test('nombre vacío, email inválido, alumno ajeno o inexistente → error y nada escrito', async () => {
    const antes = await contar();
    expect(mensaje(await errorDe(admin.alumnos.editar({ id, apellido: 'A', nombre: ' ' })))).toBe(
      'Nombre: no puede estar vacío.',
    );
    expect(
      mensaje(await errorDe(admin.alumnos.editar({ id, apellido: 'A', nombre: 'B', email: 'x@' }))),
    ).toBe('El email no es válido.');
    const ajeno = (await alumnosDelCurso(await cursoId(1, 2)))[0]!;
    const e = await errorDe(preceptor.alumnos.editar({ id: ajeno, apellido: 'A', nombre: 'B' }));
    expect(e.code).toBe('FORBIDDEN');
    expect(
      (await errorDe(admin.alumnos.editar({ id: 9_999_999, apellido: 'A', nombre: 'B' }))).code,
    ).toBe('NOT_FOUND');
    expect(await contar()).toEqual(antes);
  });
});

// ---------------------------------------------------------------------------
// Habilitado, curso e inscripciones (Alumnado, Admin)

describe('alumnos.habilitar', () => {
  test('Alumnado deshabilita y vuelve a habilitar; cada cambio auditado', async () => {
    const id = (await alumnosDelCurso(await cursoId(3, 1)))[0]!;
    const antes = await contar();
    expect(await alumnado.alumnos.habilitar({ id, habilitado: '0' as never })).toEqual({
      orden: id,
      habilitado: false,
    });
    expect((await ultimaAuditoria()).accion).toBe('deshabilitar');
    expect(await alumnado.alumnos.habilitar({ id, habilitado: 'true' as never })).toEqual({
      orden: id,
      habilitado: true,
    });
    expect((await ultimaAuditoria()).accion).toBe('habilitar');
    expect(await contar()).toEqual({ ...antes, auditoria: antes.auditoria + 2 });
  });

  test('un preceptor no puede; valor inválido o alumno inexistente → error sin escribir', async () => {
    const id = (await alumnosDelPreceptor())[0]!;
    const antes = await contar();
    expect((await errorDe(preceptor.alumnos.habilitar({ id, habilitado: false }))).code).toBe(
      'FORBIDDEN',
    );
    expect(
      mensaje(await errorDe(admin.alumnos.habilitar({ id, habilitado: 'quizás' as never }))),
    ).toBe('Habilitado: debe ser 1/0 o true/false.');
    expect((await errorDe(admin.alumnos.habilitar({ id: 9_999_999, habilitado: true }))).code).toBe(
      'NOT_FOUND',
    );
    expect(await contar()).toEqual(antes);
  });
});

describe('alumnos.vincularCurso, alumnos.cursados, alumnos.desinscribir y cursados.inscripciones', () => {
  let sinCurso: number;
  beforeAll(async () => {
    sinCurso = (await admin.alumnos.crear(datos())).orden;
  });

  test('un alumno sin curso: aviso "El alumno no está cursando este año" y nada para agregar', async () => {
    const r = await alumnado.alumnos.cursados({ id: sinCurso });
    expect(r).toMatchObject({
      alumno: sinCurso,
      curso: null,
      aviso: 'El alumno no está cursando este año',
      inscripciones: [],
      disponibles: [],
    });
  });

  test('inscribirlo sin curso → "No se pudo vincular el alumno a los cursados" y nada escrito (aun con otros cambios válidos)', async () => {
    const curso = await cursoId(3, 2);
    const delCurso = await alumnosDelCurso(curso);
    const [cursado] = await db
      .select({ id: s.cursadosCursos.cursadoId, materia: s.cursadosMaterias.materiaId })
      .from(s.cursadosCursos)
      .innerJoin(s.cursadosMaterias, eq(s.cursadosMaterias.cursadoId, s.cursadosCursos.cursadoId))
      .where(eq(s.cursadosCursos.cursoId, curso))
      .limit(1);
    const antes = await contar();
    const e = await errorDe(
      alumnado.cursados.inscripciones([
        {
          action: 'unset',
          alumnoId: delCurso[0]!,
          cursadoId: cursado!.id,
          materiaId: cursado!.materia,
        },
        { action: 'set', alumnoId: sinCurso, cursadoId: cursado!.id, materiaId: cursado!.materia },
      ]),
    );
    expect(e.code).toBe('BAD_REQUEST');
    expect(e.message).toBe(ERROR_VINCULAR_CURSADOS);
    expect(await contar()).toEqual(antes);
  });

  test('vincularCurso asigna y reemplaza el curso del ciclo (una fila por ciclo), auditado', async () => {
    const c1 = await cursoId(3, 2);
    const c2 = await cursoId(3, 3);
    const antes = await contar();
    expect(await alumnado.alumnos.vincularCurso({ id: sinCurso, curso: c1 })).toMatchObject({
      alumno: sinCurso,
      ciclo,
      curso: { orden: c1, nombre: '3° 2°' },
    });
    expect(await admin.alumnos.vincularCurso({ id: sinCurso, curso: c2 })).toMatchObject({
      curso: { orden: c2 },
    });
    expect(await contar()).toEqual({
      ...antes,
      alumnosCursos: antes.alumnosCursos + 1,
      auditoria: antes.auditoria + 2,
    });
    expect(await ultimaAuditoria()).toMatchObject({
      accion: 'vincularCurso',
      antes: { ciclo, curso: c1 },
      despues: { ciclo, curso: c2 },
    });
    await admin.alumnos.vincularCurso({ id: sinCurso, curso: c1 });
  });

  test('vincularCurso con curso o alumno inexistente → "No se pudo vincular el alumno al curso…"; un preceptor no puede', async () => {
    const antes = await contar();
    const e = await errorDe(alumnado.alumnos.vincularCurso({ id: sinCurso, curso: 9_999 }));
    expect(e.message).toBe(`${ERROR_VINCULAR_CURSO}: el curso no existe.`);
    const e2 = await errorDe(
      alumnado.alumnos.vincularCurso({ id: 9_999_999, curso: await cursoId(1, 1) }),
    );
    expect(e2.message).toBe(`${ERROR_VINCULAR_CURSO}: el alumno no existe.`);
    expect(
      (await errorDe(preceptor.alumnos.vincularCurso({ id: sinCurso, curso: await cursoId(2, 1) })))
        .code,
    ).toBe('FORBIDDEN');
    expect(await contar()).toEqual(antes);
  });

  test('ya con curso: los cursados de su curso se ofrecen con la primera materia permitida; set y unset en una transacción', async () => {
    const curso = await cursoId(3, 2);
    const r = await alumnado.alumnos.cursados({ id: sinCurso });
    expect(r.curso?.orden).toBe(curso);
    expect(r.aviso).toBeNull();
    expect(r.inscripciones).toEqual([]);
    const ofertas = await db
      .select({ id: s.cursados.id })
      .from(s.cursados)
      .innerJoin(s.cursadosCursos, eq(s.cursadosCursos.cursadoId, s.cursados.id))
      .where(and(eq(s.cursadosCursos.cursoId, curso), eq(s.cursados.ciclolectivo, ciclo)));
    expect(r.disponibles.map((d) => d.cursadoId).sort((a, b) => a - b)).toEqual(
      ofertas.map((o) => o.id).sort((a, b) => a - b),
    );

    // Un cursado con dos materias permitidas: se ofrece con la primera (la de menor id).
    const elegido = r.disponibles[0]!;
    const [otra] = await db
      .select({ id: s.materias.id })
      .from(s.materias)
      .where(eq(s.materias.codigo, 'MAT1'));
    const [mayor] = await db
      .select({ id: s.materias.id })
      .from(s.materias)
      .orderBy(desc(s.materias.id))
      .limit(1);
    await db
      .insert(s.cursadosMaterias)
      .values({ cursadoId: elegido.cursadoId, materiaId: mayor!.id })
      .onConflictDoNothing();
    await db
      .insert(s.cursadosMaterias)
      .values({ cursadoId: elegido.cursadoId, materiaId: otra!.id })
      .onConflictDoNothing();
    const r2 = await alumnado.alumnos.cursados({ id: sinCurso });
    const conDos = r2.disponibles.find((d) => d.cursadoId === elegido.cursadoId)!;
    expect(conDos.materiasPermitidas).toEqual([...conDos.materiasPermitidas].sort((a, b) => a - b));
    expect(conDos.materiasPermitidas.length).toBeGreaterThanOrEqual(2);
    expect(conDos.materiaId).toBe(conDos.materiasPermitidas[0]);

    // Materia no permitida → nada escrito.
    const antes = await contar();
    const noPermitida = await errorDe(
      alumnado.cursados.inscripciones([
        { action: 'set', alumnoId: sinCurso, cursadoId: elegido.cursadoId, materiaId: 9_999 },
      ]),
    );
    expect(noPermitida.message).toBe(
      `${ERROR_VINCULAR_CURSADOS}: la materia no está permitida en ese cursado.`,
    );
    const inexistente = await errorDe(
      alumnado.cursados.inscripciones([
        { action: 'set', alumnoId: sinCurso, cursadoId: 9_999_999, materiaId: conDos.materiaId },
      ]),
    );
    expect(inexistente.code).toBe('NOT_FOUND');
    expect(await contar()).toEqual(antes);

    // Todas las ofertas de una vez, y luego quitar una: una fila de auditoría por llamada.
    const cambios = r2.disponibles.map((d) => ({
      action: 'set' as const,
      alumnoId: sinCurso,
      cursadoId: d.cursadoId,
      materiaId: d.materiaId,
    }));
    expect(await alumnado.cursados.inscripciones(cambios)).toEqual({
      agregadas: cambios.length,
      quitadas: 0,
    });
    const r3 = await alumnado.alumnos.cursados({ id: sinCurso });
    expect(r3.disponibles).toEqual([]);
    expect(r3.inscripciones.find((i) => i.cursadoId === elegido.cursadoId)).toMatchObject({
      materiaId: conDos.materiaId,
    });
    expect(
      await admin.cursados.inscripciones([
        {
          action: 'unset',
          alumnoId: sinCurso,
          cursadoId: elegido.cursadoId,
          materiaId: conDos.materiaId,
        },
      ]),
    ).toEqual({ agregadas: 0, quitadas: 1 });
    expect(await contar()).toEqual({
      ...antes,
      inscripciones: antes.inscripciones + cambios.length - 1,
      auditoria: antes.auditoria + 2,
    });
    expect(await ultimaAuditoria()).toMatchObject({
      accion: 'inscripciones',
      entidad: 'inscripciones',
      rol: Rol.Admin,
    });
    const r4 = await alumnado.alumnos.cursados({ id: sinCurso });
    expect(r4.disponibles.map((d) => d.cursadoId)).toEqual([elegido.cursadoId]);
  });

  test('desinscribir quita una inscripción (auditado); repetirlo → NOT_FOUND', async () => {
    const r = await alumnado.alumnos.cursados({ id: sinCurso });
    const una = r.inscripciones[0]!;
    const antes = await contar();
    expect(
      await alumnado.alumnos.desinscribir({ id: sinCurso, cursado: una.cursadoId }),
    ).toMatchObject({ alumno: sinCurso, cursado: una.cursadoId });
    expect(await contar()).toEqual({
      ...antes,
      inscripciones: antes.inscripciones - 1,
      auditoria: antes.auditoria + 1,
    });
    expect(await ultimaAuditoria()).toMatchObject({
      accion: 'desinscribir',
      entidad: 'inscripciones',
    });
    const e = await errorDe(
      alumnado.alumnos.desinscribir({ id: sinCurso, cursado: una.cursadoId }),
    );
    expect(e.code).toBe('NOT_FOUND');
    expect(e.message).toBe('El alumno no está inscripto en ese cursado.');
  });

  test('un preceptor lee las inscripciones de sus alumnos pero no las cambia', async () => {
    const propio = (await alumnosDelPreceptor())[0]!;
    const r = await preceptor.alumnos.cursados({ id: propio });
    expect(r.inscripciones.length).toBeGreaterThan(0);
    const ajeno = (await alumnosDelCurso(await cursoId(1, 2)))[0]!;
    expect((await errorDe(preceptor.alumnos.cursados({ id: ajeno }))).code).toBe('FORBIDDEN');
    const i = r.inscripciones[0]!;
    expect(
      (
        await errorDe(
          preceptor.cursados.inscripciones([
            { action: 'unset', alumnoId: propio, cursadoId: i.cursadoId, materiaId: i.materiaId },
          ]),
        )
      ).code,
    ).toBe('FORBIDDEN');
    expect(
      (await errorDe(preceptor.alumnos.desinscribir({ id: propio, cursado: i.cursadoId }))).code,
    ).toBe('FORBIDDEN');
  });

  test('lista de cambios inválida → BAD_REQUEST en castellano', async () => {
    expect(mensaje(await errorDe(alumnado.cursados.inscripciones([])))).toBe(
      'No hay cambios de inscripción para guardar.',
    );
    expect(
      mensaje(
        await errorDe(
          alumnado.cursados.inscripciones([
            { action: 'borrar', alumnoId: 1, cursadoId: 1, materiaId: 1 } as never,
          ]),
        ),
      ),
    ).toBe("La acción debe ser 'set' o 'unset'.");
    const dos = { action: 'set' as const, alumnoId: 1, cursadoId: 1, materiaId: 1 };
    expect(
      mensaje(await errorDe(alumnado.cursados.inscripciones([dos, { ...dos, action: 'unset' }]))),
    ).toBe('Un mismo alumno y cursado aparece más de una vez en la lista.');
  });
});

describe('cursos.alumnos', () => {
  test('un preceptor ve los alumnos de su curso; uno ajeno → FORBIDDEN; inexistente → NOT_FOUND', async () => {
    const curso = await cursoId(4, 1);
    const r = await preceptor.cursos.alumnos({ id: curso });
    expect(r.curso).toMatchObject({ orden: curso, nombre: '4° Electrónica' });
    expect(r.alumnos.map((a) => a.orden).sort((a, b) => a - b)).toEqual(
      await alumnosDelCurso(curso),
    );
    // Orden alfabético sin acentos ni mayúsculas (igual en PGlite, con intercalación C, y en el servidor).
    const nombres = r.alumnos.map((a) => sinAcentos(`${a.apellido}|${a.nombre}`));
    expect(nombres).toEqual([...nombres].sort());
    expect(nombres.findIndex((n) => n.startsWith('paez|'))).toBeLessThan(
      nombres.findIndex((n) => n.startsWith('pereyra|')),
    );
    expect((await errorDe(preceptor.cursos.alumnos({ id: await cursoId(1, 1) }))).code).toBe(
      'FORBIDDEN',
    );
    expect((await errorDe(jefe.cursos.alumnos({ id: 9_999 }))).code).toBe('NOT_FOUND');
    expect((await jefe.cursos.alumnos({ id: await cursoId(1, 1) })).alumnos.length).toBeGreaterThan(
      20,
    );
  });
});

// ---------------------------------------------------------------------------
// Contrato REST

describe('REST de alumnos', () => {
  async function pedir(
    metodo: string,
    camino: string,
    email: string,
    cuerpo?: unknown,
    rol?: number,
  ) {
    return pedirRest<Record<string, unknown>>(metodo, camino, { db, email, rol, ciclo }, cuerpo);
  }

  test('cada ruta del contrato llega a su procedimiento', () => {
    const casos: [string, string, string][] = [
      ['GET', '/api/alumnos', 'alumnos.listar'],
      ['GET', '/api/alumnos/base', 'alumnos.base'],
      ['POST', '/api/alumnos/insert', 'alumnos.crear'],
      ['POST', '/api/alumnos/7/editar', 'alumnos.editar'],
      ['POST', '/api/alumnos/7/habilitar/1', 'alumnos.habilitar'],
      ['DELETE', '/api/alumnos/7/cursa/3', 'alumnos.desinscribir'],
      ['GET', '/api/alumnos/7/cursados', 'alumnos.cursados'],
      ['POST', '/api/alumnos/link/referentes', 'referentes.vincular'],
      ['PUT', '/api/cursados/inscripciones', 'cursados.inscripciones'],
      ['POST', '/api/cursos/promover', 'cursos.promover'],
      ['GET', '/api/cursos/alumnos/3', 'cursos.alumnos'],
      ['GET', '/api/cursos', 'cursos.listar'],
    ];
    for (const [metodo, camino, proc] of casos)
      expect([metodo, camino, encontrarRuta(metodo, camino).ruta?.procedimiento]).toEqual([
        metodo,
        camino,
        proc,
      ]);
    expect(encontrarRuta('PUT', '/api/cursos/promover')).toMatchObject({
      ruta: undefined,
      metodoNoPermitido: true,
    });
  });

  test('POST /api/alumnos/insert con cuerpo de formulario; DNI repetido → 409; mal formado → 400', async () => {
    const dni = String(nuevoDni());
    const form = {
      dni,
      apellido: 'Luna',
      nombre: 'Sol',
      genero: '',
      email: '',
      telefono: '341 4555666',
      curso: String(await cursoId(2, 1)),
    };
    const ok = await pedir('POST', '/api/alumnos/insert', EMAIL_DEMO.preceptor, form);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ dni: Number(dni), genero: null, curso: { nombre: '2° 1°' } });
    expect(await pedir('POST', '/api/alumnos/insert', EMAIL_DEMO.admin, form)).toMatchObject({
      status: 409,
      body: { error: true, message: 'Ya existe un alumno con ese DNI.' },
    });
    const malo = await pedir('POST', '/api/alumnos/insert', EMAIL_DEMO.admin, {
      ...form,
      dni: '12a',
      nombre: '',
    });
    expect(malo).toMatchObject({
      status: 400,
      body: { error: true, message: 'El DNI debe ser un número. Nombre: no puede estar vacío.' },
    });
  });

  test('POST /api/alumnos/{id}/editar y /habilitar/{x}; GET y DELETE de cursados', async () => {
    const id = (await alumnosDelPreceptor())[1]!;
    const [fila] = await db.select().from(s.alumnos).where(eq(s.alumnos.id, id));
    const ed = await pedir('POST', `/api/alumnos/${id}/editar`, EMAIL_DEMO.preceptor, {
      apellido: fila!.apellido,
      nombre: 'Cambiado',
      dni: String(fila!.dni),
    });
    expect(ed).toMatchObject({ status: 200, body: { orden: id, nombre: 'Cambiado' } });
    expect(
      (
        await pedir('POST', `/api/alumnos/${id}/editar`, EMAIL_DEMO.preceptor, {
          apellido: 'X',
          nombre: 'Y',
          dni: '1234567',
        })
      ).status,
    ).toBe(400);
    expect(
      await pedir('POST', `/api/alumnos/${id}/habilitar/false`, EMAIL_DEMO.alumnado),
    ).toMatchObject({ status: 200, body: { habilitado: false } });
    expect(
      await pedir('POST', `/api/alumnos/${id}/habilitar/1`, EMAIL_DEMO.alumnado),
    ).toMatchObject({ status: 200, body: { habilitado: true } });
    expect(
      (await pedir('POST', `/api/alumnos/${id}/habilitar/1`, EMAIL_DEMO.preceptor)).status,
    ).toBe(403);
    expect((await pedir('POST', `/api/alumnos/abc/habilitar/1`, EMAIL_DEMO.alumnado)).status).toBe(
      400,
    );

    const cursados = await pedir('GET', `/api/alumnos/${id}/cursados`, EMAIL_DEMO.preceptor);
    expect(cursados.status).toBe(200);
    const una = (cursados.body.inscripciones as { cursadoId: number }[])[0]!;
    expect(
      (await pedir('DELETE', `/api/alumnos/${id}/cursa/${una.cursadoId}`, EMAIL_DEMO.preceptor))
        .status,
    ).toBe(403);
    expect(
      (await pedir('DELETE', `/api/alumnos/${id}/cursa/${una.cursadoId}`, EMAIL_DEMO.admin)).status,
    ).toBe(200);
    expect(
      (await pedir('DELETE', `/api/alumnos/${id}/cursa/${una.cursadoId}`, EMAIL_DEMO.admin)).status,
    ).toBe(404);
    const vuelve = await pedir('PUT', '/api/cursados/inscripciones', EMAIL_DEMO.alumnado, [
      {
        action: 'set',
        alumnoId: String(id),
        cursadoId: String(una.cursadoId),
        materiaId: String((una as unknown as { materiaId: number }).materiaId),
      },
    ]);
    expect(vuelve).toMatchObject({ status: 200, body: { agregadas: 1, quitadas: 0 } });
  });

  test('GET /api/alumnos y /api/cursos/alumnos/{id} con alcance', async () => {
    const lista = await pedir('GET', '/api/alumnos?limit=5&q=', EMAIL_DEMO.preceptor);
    expect(lista.status).toBe(200);
    expect((lista.body.items as unknown[]).length).toBe(5);
    expect(
      (await pedir('GET', `/api/cursos/alumnos/${await cursoId(1, 1)}`, EMAIL_DEMO.preceptor))
        .status,
    ).toBe(403);
    expect(
      (await pedir('GET', `/api/cursos/alumnos/${await cursoId(2, 1)}`, EMAIL_DEMO.preceptor))
        .status,
    ).toBe(200);
    expect((await pedir('GET', '/api/alumnos/base', EMAIL_DEMO.docente)).status).toBe(403);
    expect((await pedir('POST', '/api/cursos/promover', EMAIL_DEMO.preceptor)).status).toBe(403);
  });
});

// ---------------------------------------------------------------------------
// Promoción (al final: escribe el ciclo siguiente)

describe('cursos.promover: "Promover estudiantes de curso y autoinscribir"', () => {
  const siguiente = ciclo + 1;

  async function porAnio(enCiclo: number) {
    const filas = await db
      .select({ anio: s.cursos.anio, n: count() })
      .from(s.alumnosCursos)
      .innerJoin(s.cursos, eq(s.cursos.id, s.alumnosCursos.cursoId))
      .where(eq(s.alumnosCursos.ciclolectivo, enCiclo))
      .groupBy(s.cursos.anio)
      .orderBy(asc(s.cursos.anio));
    return Object.fromEntries(filas.map((f) => [f.anio, f.n]));
  }

  test('promueve, deja 3° → 4° para Alumnado, egresa 6°, autoinscribe e idempotente', async () => {
    // Un alumno deshabilitado de 1° 1° no se promueve.
    const deshabilitado = (await alumnosDelCurso(await cursoId(1, 1)))[0]!;
    await alumnado.alumnos.habilitar({ id: deshabilitado, habilitado: false });
    // Cursados del ciclo siguiente para 2° 1° (destino de 1° 1°): uno con dos materias, otro sin materias.
    const [m1, m2] = await db
      .select({ id: s.materias.id })
      .from(s.materias)
      .orderBy(asc(s.materias.id))
      .limit(2);
    const nuevos = await db
      .insert(s.cursados)
      .values([
        { nombre: 'Matemática 2° 1° (siguiente)', ciclolectivo: siguiente },
        { nombre: 'Sin materias (siguiente)', ciclolectivo: siguiente },
      ])
      .returning({ id: s.cursados.id });
    const destino = await cursoId(2, 1);
    await db
      .insert(s.cursadosCursos)
      .values(nuevos.map((n) => ({ cursadoId: n.id, cursoId: destino })));
    await db.insert(s.cursadosMaterias).values([
      { cursadoId: nuevos[0]!.id, materiaId: m2!.id },
      { cursadoId: nuevos[0]!.id, materiaId: m1!.id },
    ]);

    const actual = await porAnio(ciclo);
    const deshabilitados = await db
      .select({ n: count() })
      .from(s.alumnosCursos)
      .innerJoin(s.alumnos, eq(s.alumnos.id, s.alumnosCursos.alumnoId))
      .where(and(eq(s.alumnosCursos.ciclolectivo, ciclo), eq(s.alumnos.habilitado, false)));
    const nDeshabilitados = deshabilitados[0]!.n;
    expect(nDeshabilitados).toBeGreaterThanOrEqual(1);
    const de11 = (await alumnosDelCurso(await cursoId(1, 1))).filter((a) => a !== deshabilitado);

    const antes = await contar();
    const r = await alumnado.cursos.promover();
    const total = Object.values(actual).reduce((a, b) => a + b, 0);
    expect(r).toMatchObject({
      ciclo,
      cicloSiguiente: siguiente,
      noHabilitados: nDeshabilitados,
      yaAsignados: 0,
      sinCurso: 0,
    });
    expect(r.egresados + r.paraAsignar + r.promovidos + r.noHabilitados).toBe(total);
    expect(r.paraAsignar).toBe(r.pendientes.length);
    expect(r.pendientes.every((p) => p.motivo === 'paraAsignar' && p.curso.startsWith('3°'))).toBe(
      true,
    );
    expect(r.inscripciones).toBe(de11.length);

    const despues = await porAnio(siguiente);
    expect(despues[1]).toBeUndefined();
    expect(despues[4]).toBeUndefined();
    expect(r.promovidos).toBe(Object.values(despues).reduce((a, b) => a + b, 0));
    // 1° 1° → 2° 1° (la misma división); 4° Electrónica → 5° Electrónica.
    expect(await alumnosDelCurso(destino, siguiente)).toEqual(de11);
    const de41 = (await alumnosDelCurso(await cursoId(4, 1))).filter((a) => a !== deshabilitado);
    const en51 = await alumnosDelCurso(await cursoId(5, 1), siguiente);
    expect(en51.filter((a) => de41.includes(a))).toEqual(de41);
    // Inscriptos con la primera materia permitida (la de menor id), y no en el cursado sin materias.
    const insc = await db
      .select({
        alumno: s.inscripciones.alumnoId,
        cursado: s.inscripciones.cursadoId,
        materia: s.inscripciones.materiaId,
      })
      .from(s.inscripciones)
      .where(
        inArray(
          s.inscripciones.cursadoId,
          nuevos.map((n) => n.id),
        ),
      );
    expect(insc.map((i) => i.alumno).sort((a, b) => a - b)).toEqual(de11);
    expect(new Set(insc.map((i) => `${i.cursado}|${i.materia}`))).toEqual(
      new Set([`${nuevos[0]!.id}|${m1!.id}`]),
    );
    expect(await contar()).toEqual({
      ...antes,
      alumnosCursos: antes.alumnosCursos + r.promovidos,
      inscripciones: antes.inscripciones + r.inscripciones,
      auditoria: antes.auditoria + 1,
    });
    expect(await ultimaAuditoria()).toMatchObject({
      accion: 'promover',
      entidad: 'alumnos_cursos',
      entidadId: `${ciclo}-${siguiente}`,
      rol: Rol.Alumnado,
    });

    // Alumnado asigna a mano un alumno de 3° a 4° del ciclo siguiente; la segunda corrida no duplica nada.
    const de3 = r.pendientes[0]!.orden;
    const alumnadoSiguiente = await callerComo(db, EMAIL_DEMO.alumnado, Rol.Alumnado, {
      ciclo: siguiente,
    });
    await alumnadoSiguiente.alumnos.vincularCurso({ id: de3, curso: await cursoId(4, 2) });
    const antes2 = await contar();
    const r2 = await admin.cursos.promover();
    expect(r2).toMatchObject({
      promovidos: 0,
      inscripciones: 0,
      yaAsignados: r.promovidos + 1,
      paraAsignar: r.paraAsignar - 1,
      egresados: r.egresados,
    });
    expect(await contar()).toEqual({ ...antes2, auditoria: antes2.auditoria + 1 });
    expect(await porAnio(siguiente)).toEqual({ ...despues, 4: 1 });
  });

  test('sin alumnos en el ciclo elegido no hace nada más que auditar', async () => {
    const vacio = await callerComo(db, EMAIL_DEMO.admin, Rol.Admin, { ciclo: 2021 });
    const antes = await contar();
    expect(await vacio.cursos.promover()).toMatchObject({
      ciclo: 2021,
      promovidos: 0,
      egresados: 0,
      inscripciones: 0,
      pendientes: [],
    });
    expect(await contar()).toEqual({ ...antes, auditoria: antes.auditoria + 1 });
  });
});
