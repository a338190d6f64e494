/**
 * Medidas disciplinarias (spec 01 §2, §3, §5, §7, §8, §9; DESIGN §6): alta, edición y borrado
 * con auditoría y el modo del rol activo (/medidas y /medidas-protected), cantidad en la grilla
 * de 0,5 entre 0 y 15, amonestación con 0 que no hace nada, mensajes del catálogo, lista por año
 * con total y color, vistas propias del alumno y del referente, planillón y el contrato REST.
 * Cada prueba crea sus propios alumnos; lo esperado sale de consultas propias a la base.
 */
import { momentoEscolar } from '@/server/reloj';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import { sumarDias } from '@/domain/escuela';
import { Rol } from '@/domain/roles';
import { crearContexto, type Contexto } from '@/server/api/trpc';
import * as servicio from '@/server/api/routers/medidas/service';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo, idDeUsuario, sesionDe } from '../fixtures/contexto';
import { pedirRest } from '../fixtures/rest';
import { errorDe, mensajeDe } from '../fixtures/errores';

const ciclo = momentoEscolar().ciclo;
const hoy = momentoEscolar().hoy;

let c: Conexion;
let db: Db;
beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo);
  db = c.db;
});
afterAll(() => c?.cerrar());

const como = (email: string, rol: number, extra: Partial<Contexto> = {}) =>
  callerComo(db, email, rol, { ciclo, ip: '10.1.2.3', ...extra });
const jefe = () => como(EMAIL_DEMO.jefePreceptores, Rol.JefePreceptor);
const regente = () => como(EMAIL_DEMO.regente, Rol.Regente);
const admin = () => como(EMAIL_DEMO.admin, Rol.Admin);
const preceptor = () => como(EMAIL_DEMO.preceptor, Rol.Preceptor);

const dma = (f: string) => f.split('-').reverse().join('/');

async function cursoId(anio: number, division: number) {
  const [cu] = await db
    .select({ id: s.cursos.id })
    .from(s.cursos)
    .where(and(eq(s.cursos.anio, anio), eq(s.cursos.division, division)));
  return cu!.id;
}

let dni = 95_000_000;
/** Un alumno nuevo en el curso dado para el ciclo (y, si se pide, otro curso el ciclo anterior). */
async function nuevoAlumno(anio: number, division: number, anterior?: [number, number]) {
  const [a] = await db
    .insert(s.alumnos)
    .values({ dni: ++dni, apellido: `Prueba${dni}`, nombre: 'Medidas' })
    .returning({ id: s.alumnos.id });
  await db
    .insert(s.alumnosCursos)
    .values({ alumnoId: a!.id, cursoId: await cursoId(anio, division), ciclolectivo: ciclo });
  if (anterior) {
    await db
      .insert(s.alumnosCursos)
      .values({ alumnoId: a!.id, cursoId: await cursoId(...anterior), ciclolectivo: ciclo - 1 });
  }
  return a!.id;
}

/** Una medida escrita directo en la base (datos viejos o de otros módulos). */
async function medidaDirecta(
  alumnoId: number,
  fecha: string,
  tipo: string,
  cantidad: number | null,
  motivo = 'Cargada',
) {
  const [m] = await db
    .insert(s.medidas)
    .values({ alumnoId, fecha, tipo, turno: 'Mañana', cantidad, motivo })
    .returning({ id: s.medidas.id });
  return m!.id;
}

async function contar() {
  const [m] = await db.select({ n: count() }).from(s.medidas);
  const [a] = await db.select({ n: count() }).from(s.auditoria);
  return { medidas: m!.n, auditoria: a!.n };
}

async function filaMedida(id: number) {
  const [m] = await db.select().from(s.medidas).where(eq(s.medidas.id, id));
  return m;
}

async function auditoriaDe(id: number) {
  return db
    .select()
    .from(s.auditoria)
    .where(and(eq(s.auditoria.entidad, 'medidas'), eq(s.auditoria.entidadId, String(id))))
    .orderBy(asc(s.auditoria.id));
}

/** Si el día de hace cinco días cae en el ciclo anterior, el alumno debe estar en un curso del preceptor también ese ciclo. */
const ANTERIOR_DEL_PRECEPTOR: [number, number] = [2, 2];

describe('medidas.nueva en /medidas (JefePreceptor, Regente, Admin)', () => {
  test('amonestación: cantidad con coma, auditada con quién, rol, ip y después', async () => {
    const alumno = await nuevoAlumno(3, 1);
    const r = await (
      await jefe()
    ).medidas.nueva({
      tipo: 'amonestacion',
      alumno,
      fecha: hoy,
      turno: 'Tarde',
      cantidad: '2,5',
      motivo: 'Uso del celular en clase',
    });
    expect(r).toEqual({
      orden: expect.any(Number),
      alumno,
      tipo: 'amonestacion',
      fecha: hoy,
      turno: 'Tarde',
      cantidad: 2.5,
      motivo: 'Uso del celular en clase',
    });
    const fila = await filaMedida(r!.orden);
    expect(fila).toMatchObject({
      alumnoId: alumno,
      tipo: 'amonestacion',
      fecha: hoy,
      turno: 'Tarde',
      cantidad: 2.5,
    });
    expect(fila!.creadoPor).toBe(await idDeUsuario(db, EMAIL_DEMO.jefePreceptores));
    const [aud] = await auditoriaDe(r!.orden);
    expect(aud).toMatchObject({
      accion: 'crear',
      usuarioId: await idDeUsuario(db, EMAIL_DEMO.jefePreceptores),
      rol: Rol.JefePreceptor,
      ip: '10.1.2.3',
      antes: null,
      despues: r,
    });
  });

  test('apercibimiento: no lleva cantidad aunque venga una; turno por defecto Mañana', async () => {
    const alumno = await nuevoAlumno(3, 1);
    const r = await (
      await regente()
    ).medidas.nueva({
      tipo: 'apercibimiento',
      alumno,
      fecha: hoy,
      cantidad: '3',
      motivo: 'Llegó tarde al taller',
    });
    expect(r).toMatchObject({ tipo: 'apercibimiento', cantidad: null, turno: 'Mañana' });
    expect((await filaMedida(r!.orden))!.cantidad).toBeNull();
    // Con una cantidad cualquiera (no numérica) también: se ignora.
    const r2 = await (
      await regente()
    ).medidas.nueva({
      tipo: 'apercibimiento',
      alumno,
      fecha: hoy,
      cantidad: 'x',
      motivo: 'Otra vez',
    });
    expect(r2).toMatchObject({ tipo: 'apercibimiento', cantidad: null });
  });

  test.each([
    ['0', 0],
    ['', ''],
    ['sin cantidad', undefined],
    ['null', null],
    ['0,0', '0,0'],
  ])('amonestación con cantidad %s: no hace nada y devuelve null', async (_n, cantidad) => {
    const alumno = await nuevoAlumno(3, 1);
    const antes = await contar();
    const r = await (
      await admin()
    ).medidas.nueva({ tipo: 'amonestacion', alumno, fecha: hoy, cantidad, motivo: 'Nada' });
    expect(r).toBeNull();
    expect(await contar()).toEqual(antes);
  });

  test('la fecha va de 365 días atrás a hoy (modo completo)', async () => {
    const alumno = await nuevoAlumno(3, 1, [2, 1]);
    const caller = await admin();
    const minima = sumarDias(hoy, -365);
    const r = await caller.medidas.nueva({
      tipo: 'amonestacion',
      alumno,
      fecha: minima,
      cantidad: 1,
      motivo: 'Vieja',
    });
    expect(r).toMatchObject({ fecha: minima });
    const antes = await contar();
    for (const fecha of [sumarDias(minima, -1), sumarDias(hoy, 1)]) {
      const e = await errorDe(
        caller.medidas.nueva({ tipo: 'amonestacion', alumno, fecha, cantidad: 1, motivo: 'Fuera' }),
      );
      expect(e.code).toBe('BAD_REQUEST');
      expect(e.message).toBe(`La fecha debe estar entre el ${dma(minima)} y hoy (${dma(hoy)}).`);
    }
    expect(await contar()).toEqual(antes);
  });

  const invalidas: [string, Record<string, unknown>, string][] = [
    [
      'cantidad fuera de la grilla',
      { cantidad: 2.3 },
      'La cantidad debe estar entre 0 y 15, en pasos de 0,5.',
    ],
    [
      'cantidad con coma fuera de la grilla',
      { cantidad: '1,25' },
      'La cantidad debe estar entre 0 y 15, en pasos de 0,5.',
    ],
    [
      'cantidad mayor que 15',
      { cantidad: 15.5 },
      'La cantidad debe estar entre 0 y 15, en pasos de 0,5.',
    ],
    [
      'cantidad negativa',
      { cantidad: '-1' },
      'La cantidad debe estar entre 0 y 15, en pasos de 0,5.',
    ],
    ['cantidad no numérica', { cantidad: 'dos' }, 'La cantidad debe ser un número.'],
    ['cantidad hexadecimal', { cantidad: '0x2' }, 'La cantidad debe ser un número.'],
    ['cantidad infinita', { cantidad: Infinity }, 'La cantidad debe ser un número.'],
    ['cantidad NaN', { cantidad: NaN }, 'La cantidad debe ser un número.'],
    [
      'tipo colectiva (sólo de lectura)',
      { tipo: 'colectiva' },
      'El tipo de medida debe ser amonestacion o apercibimiento.',
    ],
    [
      'tipo desconocido',
      { tipo: 'suspension' },
      'El tipo de medida debe ser amonestacion o apercibimiento.',
    ],
    [
      'fecha que no existe',
      { fecha: `${ciclo}-02-30` },
      'La fecha no es válida: use el formato AAAA-MM-DD.',
    ],
    [
      'fecha con otro formato',
      { fecha: dma(hoy) },
      'La fecha no es válida: use el formato AAAA-MM-DD.',
    ],
    ['turno desconocido', { turno: 'Noche' }, "El turno debe ser 'Mañana' o 'Tarde'."],
    ['motivo vacío', { motivo: '   ' }, 'Motivo: no puede estar vacío.'],
    [
      'motivo demasiado largo',
      { motivo: 'x'.repeat(1001) },
      'Motivo: como máximo 1000 caracteres.',
    ],
    ['alumno no numérico', { alumno: 'x' }, 'El identificador debe ser un número.'],
    ['alumno negativo', { alumno: -3 }, 'El identificador debe ser positivo.'],
  ];
  test.each(invalidas)(
    '%s → BAD_REQUEST en castellano, nada escrito',
    async (_n, cambio, mensaje) => {
      const alumno = await nuevoAlumno(3, 1);
      const antes = await contar();
      const e = await errorDe(
        (await jefe()).medidas.nueva({
          tipo: 'amonestacion',
          alumno,
          fecha: hoy,
          cantidad: 1,
          motivo: 'Motivo',
          ...cambio,
        } as never),
      );
      expect(e.code).toBe('BAD_REQUEST');
      expect(mensajeDe(e)).toBe(mensaje);
      expect(await contar()).toEqual(antes);
    },
  );

  test('sin datos → BAD_REQUEST; varios campos inválidos juntos se informan juntos', async () => {
    const caller = await jefe();
    const e = await errorDe(caller.medidas.nueva(undefined as never));
    expect(e.code).toBe('BAD_REQUEST');
    expect(mensajeDe(e)).toBe('Faltan los datos de la medida.');
    const e2 = await errorDe(
      caller.medidas.nueva({
        tipo: 'amonestacion',
        alumno: 1,
        fecha: 'ayer',
        cantidad: 99,
        motivo: '',
      } as never),
    );
    expect(mensajeDe(e2)).toBe(
      'La fecha no es válida: use el formato AAAA-MM-DD. Motivo: no puede estar vacío. La cantidad debe estar entre 0 y 15, en pasos de 0,5.',
    );
  });

  test('alumno inexistente → NOT_FOUND, nada escrito', async () => {
    const antes = await contar();
    const e = await errorDe(
      (await jefe()).medidas.nueva({
        tipo: 'apercibimiento',
        alumno: 99_999_999,
        fecha: hoy,
        motivo: 'X',
      }),
    );
    expect(e.code).toBe('NOT_FOUND');
    expect(e.message).toBe('El alumno no existe.');
    expect(await contar()).toEqual(antes);
  });
});

describe('/medidas-protected: el Preceptor', () => {
  test('crea para un alumno de sus cursos con fecha desde 5 días atrás; 6 días atrás no', async () => {
    const alumno = await nuevoAlumno(2, 1, ANTERIOR_DEL_PRECEPTOR);
    const caller = await preceptor();
    const minima = sumarDias(hoy, -5);
    const r = await caller.medidas.nueva({
      tipo: 'amonestacion',
      alumno,
      fecha: minima,
      cantidad: '1.5',
      motivo: 'Desorden',
    });
    expect(r).toMatchObject({ fecha: minima, cantidad: 1.5 });
    expect((await auditoriaDe(r!.orden))[0]).toMatchObject({ accion: 'crear', rol: Rol.Preceptor });
    const antes = await contar();
    const e = await errorDe(
      caller.medidas.nueva({
        tipo: 'apercibimiento',
        alumno,
        fecha: sumarDias(hoy, -6),
        motivo: 'Viejo',
      }),
    );
    expect(e.code).toBe('BAD_REQUEST');
    expect(e.message).toBe(`La fecha debe estar entre el ${dma(minima)} y hoy (${dma(hoy)}).`);
    expect(await contar()).toEqual(antes);
  });

  test('un alumno fuera de sus cursos → FORBIDDEN, nada escrito (también el multirol como preceptor)', async () => {
    const ajeno = await nuevoAlumno(3, 1);
    const antes = await contar();
    const e = await errorDe(
      (await preceptor()).medidas.nueva({
        tipo: 'amonestacion',
        alumno: ajeno,
        fecha: hoy,
        cantidad: 2,
        motivo: 'X',
      }),
    );
    expect(e.code).toBe('FORBIDDEN');
    expect(e.message).toBe('No tiene acceso a los datos de ese alumno.');
    const delPreceptorDemo = await nuevoAlumno(2, 1);
    const multirol = await como(EMAIL_DEMO.multirol, Rol.Preceptor);
    const e2 = await errorDe(
      multirol.medidas.nueva({
        tipo: 'apercibimiento',
        alumno: delPreceptorDemo,
        fecha: hoy,
        motivo: 'X',
      }),
    );
    expect(e2.code).toBe('FORBIDDEN');
    expect(await contar()).toEqual(antes);
  });

  test('no edita ni borra medidas guardadas: lo decide el rol activo en el servidor', async () => {
    const alumno = await nuevoAlumno(2, 1);
    const medida = await medidaDirecta(alumno, hoy, 'amonestacion', 2);
    const caller = await preceptor();
    const antes = await contar();
    const e = await errorDe(
      caller.medidas.editar({
        tipo: 'amonestacion',
        alumno,
        medida,
        fecha: hoy,
        cantidad: 3,
        motivo: 'Cambio',
      }),
    );
    expect(e.code).toBe('FORBIDDEN');
    expect((await errorDe(caller.medidas.borrar({ alumno, medida }))).code).toBe('FORBIDDEN');
    // El servicio tampoco lo permite si se lo llamara por otro camino.
    const sesion = await sesionDe(db, EMAIL_DEMO.preceptor, Rol.Preceptor);
    const ctx = { ...crearContexto({ db, sesion, ciclo, hoy }), sesion };
    const e2 = await errorDe(servicio.borrar(ctx, { alumno, medida }));
    expect(e2).toMatchObject({
      code: 'FORBIDDEN',
      message: 'En /medidas-protected no se editan ni se borran las medidas guardadas.',
    });
    const e3 = await errorDe(
      servicio.editar(ctx, {
        tipo: 'apercibimiento',
        alumno,
        medida,
        fecha: hoy,
        turno: 'Mañana',
        cantidad: null,
        motivo: 'X',
      }),
    );
    expect(e3.code).toBe('FORBIDDEN');
    expect(await contar()).toEqual(antes);
    expect((await filaMedida(medida))!.cantidad).toBe(2);
  });
});

describe('medidas.editar y medidas.borrar (modo completo)', () => {
  test('editar: cambia los campos, audita antes y después; puede pasar de amonestación a apercibimiento', async () => {
    const alumno = await nuevoAlumno(5, 1);
    const caller = await regente();
    const creada = await caller.medidas.nueva({
      tipo: 'amonestacion',
      alumno,
      fecha: hoy,
      cantidad: 4,
      motivo: 'Original',
    });
    const ayer = sumarDias(hoy, -1);
    const r = await caller.medidas.editar({
      tipo: 'amonestacion',
      alumno,
      medida: creada!.orden,
      fecha: ayer,
      turno: 'Tarde',
      cantidad: '4,5',
      motivo: 'Corregido',
    });
    expect(r).toEqual({
      ...creada,
      fecha: ayer,
      turno: 'Tarde',
      cantidad: 4.5,
      motivo: 'Corregido',
    });
    const aud = await auditoriaDe(creada!.orden);
    expect(aud.map((a) => a.accion)).toEqual(['crear', 'editar']);
    expect(aud[1]).toMatchObject({ rol: Rol.Regente, antes: creada, despues: r });

    const r2 = await caller.medidas.editar({
      tipo: 'apercibimiento',
      alumno,
      medida: creada!.orden,
      fecha: ayer,
      cantidad: 4.5,
      motivo: 'Es apercibimiento',
    });
    expect(r2).toMatchObject({ tipo: 'apercibimiento', cantidad: null, turno: 'Mañana' });
    expect(await filaMedida(creada!.orden)).toMatchObject({
      tipo: 'apercibimiento',
      cantidad: null,
    });
  });

  test('editar una medida de otro alumno o inexistente → NOT_FOUND y nada cambia', async () => {
    const alumno = await nuevoAlumno(5, 1);
    const otro = await nuevoAlumno(5, 1);
    const medida = await medidaDirecta(otro, hoy, 'amonestacion', 3);
    const caller = await jefe();
    const antes = await contar();
    for (const [a, m] of [
      [alumno, medida],
      [otro, 99_999_999],
    ] as const) {
      const e = await errorDe(
        caller.medidas.editar({
          tipo: 'amonestacion',
          alumno: a,
          medida: m,
          fecha: hoy,
          cantidad: 1,
          motivo: 'X',
        }),
      );
      expect(e.code).toBe('NOT_FOUND');
      expect(e.message).toBe('La medida disciplinaria no existe para ese alumno.');
    }
    const e = await errorDe(
      caller.medidas.editar({
        tipo: 'amonestacion',
        alumno: 99_999_999,
        medida,
        fecha: hoy,
        cantidad: 1,
        motivo: 'X',
      }),
    );
    expect(e).toMatchObject({ code: 'NOT_FOUND', message: 'El alumno no existe.' });
    expect(await contar()).toEqual(antes);
    expect((await filaMedida(medida))!.cantidad).toBe(3);
  });

  test('editar una amonestación a cantidad 0 no hace nada', async () => {
    const alumno = await nuevoAlumno(5, 1);
    const medida = await medidaDirecta(alumno, hoy, 'amonestacion', 3);
    const antes = await contar();
    const r = await (
      await admin()
    ).medidas.editar({
      tipo: 'amonestacion',
      alumno,
      medida,
      fecha: hoy,
      cantidad: '0',
      motivo: 'X',
    });
    expect(r).toBeNull();
    expect(await contar()).toEqual(antes);
    expect(await filaMedida(medida)).toMatchObject({ cantidad: 3, motivo: 'Cargada' });
  });

  test('una medida vieja: se corrige el motivo si la fecha no cambia; mover la fecha fuera de la ventana no', async () => {
    const alumno = await nuevoAlumno(5, 1);
    const vieja = sumarDias(hoy, -400);
    const medida = await medidaDirecta(alumno, vieja, 'amonestacion', 2);
    const caller = await admin();
    const r = await caller.medidas.editar({
      tipo: 'amonestacion',
      alumno,
      medida,
      fecha: vieja,
      cantidad: 2,
      motivo: 'Motivo corregido',
    });
    expect(r).toMatchObject({ fecha: vieja, motivo: 'Motivo corregido' });
    const antes = await contar();
    const e = await errorDe(
      caller.medidas.editar({
        tipo: 'amonestacion',
        alumno,
        medida,
        fecha: sumarDias(vieja, 1),
        cantidad: 2,
        motivo: 'Otra',
      }),
    );
    expect(e.code).toBe('BAD_REQUEST');
    expect(e.message).toBe(
      `La fecha debe estar entre el ${dma(sumarDias(hoy, -365))} y hoy (${dma(hoy)}).`,
    );
    expect(await contar()).toEqual(antes);
    expect(await filaMedida(medida)).toMatchObject({ fecha: vieja, motivo: 'Motivo corregido' });
  });

  test('borrar: sólo la medida de ese alumno, auditada con el antes', async () => {
    const alumno = await nuevoAlumno(6, 1);
    const otro = await nuevoAlumno(6, 1);
    const medida = await medidaDirecta(alumno, hoy, 'apercibimiento', null, 'A borrar');
    const caller = await admin();
    const antes = await contar();
    const e = await errorDe(caller.medidas.borrar({ alumno: otro, medida }));
    expect(e).toMatchObject({
      code: 'NOT_FOUND',
      message: 'La medida disciplinaria no existe para ese alumno.',
    });
    expect(await contar()).toEqual(antes);

    const r = await caller.medidas.borrar({ alumno, medida });
    expect(r).toEqual({
      orden: medida,
      alumno,
      tipo: 'apercibimiento',
      fecha: hoy,
      turno: 'Mañana',
      cantidad: null,
      motivo: 'A borrar',
    });
    expect(await filaMedida(medida)).toBeUndefined();
    const aud = await auditoriaDe(medida);
    expect(aud).toHaveLength(1);
    expect(aud[0]).toMatchObject({ accion: 'borrar', rol: Rol.Admin, antes: r, despues: null });
    expect((await errorDe(caller.medidas.borrar({ alumno, medida }))).code).toBe('NOT_FOUND');
    expect((await errorDe(caller.medidas.borrar({ alumno: 'x', medida } as never))).code).toBe(
      'BAD_REQUEST',
    );
  });
});

describe('fallas inesperadas al escribir: el mensaje del catálogo de cada llamada (spec 01 §8)', () => {
  /** La misma base, pero la transacción falla con el error dado. */
  const baseQueFalla = (error: unknown) =>
    new Proxy(db, {
      get: (t, p, r) => (p === 'transaction' ? () => Promise.reject(error) : Reflect.get(t, p, r)),
    });
  const falla = () => new Error('se cortó la conexión');
  const integridad = () =>
    Object.assign(new Error('insert or update violates foreign key constraint'), { code: '23503' });

  const casos: [string, (a: number, m: number) => Record<string, unknown>, string][] = [
    [
      'nueva',
      (a) => ({ tipo: 'amonestacion', alumno: a, fecha: hoy, cantidad: 1, motivo: 'X' }),
      'Error al crear amonestación',
    ],
    [
      'nueva',
      (a) => ({ tipo: 'apercibimiento', alumno: a, fecha: hoy, motivo: 'X' }),
      'Error al crear apercibimiento',
    ],
    [
      'editar',
      (a, m) => ({
        tipo: 'amonestacion',
        alumno: a,
        medida: m,
        fecha: hoy,
        cantidad: 1,
        motivo: 'X',
      }),
      'Error al guardar amonestación',
    ],
    [
      'editar',
      (a, m) => ({ tipo: 'apercibimiento', alumno: a, medida: m, fecha: hoy, motivo: 'X' }),
      'Error al guardar apercibimiento',
    ],
    ['borrar', (a, m) => ({ alumno: a, medida: m }), 'Error al borrar medida disciplinaria'],
  ];

  test.each(casos)(
    '%s → %#: falla inesperada INTERNAL_SERVER_ERROR, de integridad CONFLICT',
    async (proc, entrada, mensaje) => {
      const alumno = await nuevoAlumno(3, 2);
      const medida = await medidaDirecta(alumno, hoy, 'amonestacion', 1);
      const antes = await contar();
      for (const [error, codigo] of [
        [falla(), 'INTERNAL_SERVER_ERROR'],
        [integridad(), 'CONFLICT'],
      ] as const) {
        const caller = await como(EMAIL_DEMO.jefePreceptores, Rol.JefePreceptor, {
          db: baseQueFalla(error) as Db,
        });
        const f = (caller.medidas as unknown as Record<string, (x: unknown) => Promise<unknown>>)[
          proc
        ]!;
        const e = await errorDe(f(entrada(alumno, medida)));
        expect(e.code).toBe(codigo);
        expect(e.message).toBe(mensaje);
        expect(e.cause).toBe(error);
      }
      expect(await contar()).toEqual(antes);
    },
  );

  test('los errores de entrada y de alcance conservan su mensaje claro', async () => {
    const caller = await como(EMAIL_DEMO.preceptor, Rol.Preceptor);
    const e = await errorDe(
      caller.medidas.nueva({
        tipo: 'amonestacion',
        alumno: await nuevoAlumno(3, 2),
        fecha: hoy,
        cantidad: 1,
        motivo: 'X',
      }),
    );
    expect(e.message).toBe('No tiene acceso a los datos de ese alumno.');
  });
});

describe('medidas.delAlumno: lista por año con total y color (legajo)', () => {
  test('agrupa por ciclo con su curso, de la más nueva a la más vieja; total sin apercibimientos; colores 10 y 15', async () => {
    const alumno = await nuevoAlumno(4, 1, [3, 1]);
    const caller = await jefe();
    const delAnio = async () =>
      (await caller.medidas.delAlumno({ alumno })).anios.find((a) => a.ciclo === ciclo)!;

    const enCiclo = await delAnio();
    expect(enCiclo).toMatchObject({
      medidas: [],
      total: 0,
      color: null,
      curso: { anio: 4, division: 1 },
    });

    await caller.medidas.nueva({
      tipo: 'amonestacion',
      alumno,
      fecha: hoy,
      cantidad: 9.5,
      motivo: 'Primera',
    });
    await caller.medidas.nueva({ tipo: 'apercibimiento', alumno, fecha: hoy, motivo: 'No suma' });
    expect(await delAnio()).toMatchObject({ total: 9.5, color: null });
    await caller.medidas.nueva({
      tipo: 'amonestacion',
      alumno,
      fecha: hoy,
      cantidad: 0.5,
      motivo: 'Segunda',
    });
    expect(await delAnio()).toMatchObject({ total: 10, color: 'yellow' });
    await caller.medidas.nueva({
      tipo: 'amonestacion',
      alumno,
      fecha: hoy,
      cantidad: 4.5,
      motivo: 'Tercera',
    });
    expect(await delAnio()).toMatchObject({ total: 14.5, color: 'yellow' });
    // Una colectiva (sólo de lectura) cuenta en el total.
    await medidaDirecta(alumno, hoy, 'colectiva', 0.5, 'Colectiva del curso');
    expect(await delAnio()).toMatchObject({ total: 15, color: 'red' });

    // Otra del ciclo anterior, en su propio año con el curso de ese ciclo.
    await medidaDirecta(alumno, `${ciclo - 1}-06-15`, 'amonestacion', 12);
    const r = await caller.medidas.delAlumno({ alumno });
    expect(r.alumno).toMatchObject({ orden: alumno, nombre: 'Medidas' });
    expect(r.anios.map((a) => a.ciclo)).toEqual([ciclo - 1, ciclo]);
    expect(r.anios[0]).toMatchObject({
      curso: { anio: 3, division: 1, nombre: '3° 1°' },
      total: 12,
      color: 'yellow',
    });
    expect(r.anios[0]!.medidas).toHaveLength(1);

    // Lo esperado, de la base: las medidas del ciclo, por fecha y orden descendentes.
    const esperadas = await db
      .select({ orden: s.medidas.id })
      .from(s.medidas)
      .where(and(eq(s.medidas.alumnoId, alumno), sql`${s.medidas.fecha} >= ${`${ciclo}-01-01`}`))
      .orderBy(desc(s.medidas.fecha), desc(s.medidas.id));
    const actual = r.anios[1]!;
    expect(actual.medidas.map((m) => m.orden)).toEqual(esperadas.map((m) => m.orden));
    const [suma] = await db
      .select({ n: sql<string>`coalesce(sum(${s.medidas.cantidad}), 0)` })
      .from(s.medidas)
      .where(
        and(
          eq(s.medidas.alumnoId, alumno),
          ne(s.medidas.tipo, 'apercibimiento'),
          sql`${s.medidas.fecha} >= ${`${ciclo}-01-01`}`,
        ),
      );
    expect(actual.total).toBe(Number(suma!.n));
    // El personal ve quién la registró.
    expect(actual.medidas.find((m) => m.motivo === 'Primera')!.creadoPor).toEqual({
      nombre: 'Adriana',
      apellido: 'Quiroga',
    });
    expect(actual.medidas.find((m) => m.tipo === 'colectiva')!.creadoPor).toBeNull();
  });

  test('alcance: el preceptor ve a los de sus cursos; el docente sólo a los inscriptos en sus cursados', async () => {
    const propio = await nuevoAlumno(2, 2);
    const ajeno = await nuevoAlumno(3, 3);
    const prec = await preceptor();
    expect((await prec.medidas.delAlumno({ alumno: propio })).alumno.orden).toBe(propio);
    expect(await errorDe(prec.medidas.delAlumno({ alumno: ajeno }))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'No tiene acceso a los datos de ese alumno.',
    });
    const docente = await como(EMAIL_DEMO.docente, Rol.Docente);
    expect((await errorDe(docente.medidas.delAlumno({ alumno: propio }))).code).toBe('FORBIDDEN');
    expect(
      (await (await como(EMAIL_DEMO.alumnado, Rol.Alumnado)).medidas.delAlumno({ alumno: ajeno }))
        .alumno.orden,
    ).toBe(ajeno);
    expect((await errorDe(prec.medidas.delAlumno({ alumno: 99_999_999 }))).code).toBe('NOT_FOUND');
  });
});

describe('medidas.mias: alumno (propias) y referente (hijos vinculados)', () => {
  async function alumnoPorEmail(email: string) {
    const [a] = await db
      .select({ id: s.alumnos.id })
      .from(s.alumnos)
      .where(eq(s.alumnos.email, email));
    return a!.id;
  }
  async function hijosDe(email: string) {
    const filas = await db
      .select({ id: s.alumnosReferentes.alumnoId })
      .from(s.referentes)
      .innerJoin(s.alumnosReferentes, eq(s.alumnosReferentes.referenteId, s.referentes.id))
      .where(eq(s.referentes.usuarioId, await idDeUsuario(db, email)))
      .orderBy(asc(s.alumnosReferentes.alumnoId));
    return filas.map((f) => f.id);
  }
  async function idsEnBase(alumno: number) {
    const filas = await db
      .select({ id: s.medidas.id })
      .from(s.medidas)
      .where(eq(s.medidas.alumnoId, alumno));
    return filas.map((f) => f.id).sort((a, b) => a - b);
  }
  const idsDe = (r: { anios: { medidas: { orden: number }[] }[] }) =>
    r.anios.flatMap((a) => a.medidas.map((m) => m.orden)).sort((a, b) => a - b);

  test('el alumno ve las suyas, sin quién las registró; pedir las de otro → FORBIDDEN', async () => {
    const tomas = await alumnoPorEmail(EMAIL_DEMO.alumno);
    const creada = await (
      await jefe()
    ).medidas.nueva({
      tipo: 'amonestacion',
      alumno: tomas,
      fecha: hoy,
      cantidad: 1,
      motivo: 'Para Tomás',
    });
    const caller = await como(EMAIL_DEMO.alumno, Rol.Alumno);
    const r = await caller.medidas.mias();
    expect(r.alumno.orden).toBe(tomas);
    expect(idsDe(r)).toEqual(await idsEnBase(tomas));
    expect(idsDe(r)).toContain(creada!.orden);
    expect(r.anios.flatMap((a) => a.medidas).every((m) => !('creadoPor' in m))).toBe(true);
    expect((await caller.medidas.mias({ alumno: tomas })).alumno.orden).toBe(tomas);
    const [hermana] = (await hijosDe(EMAIL_DEMO.referente)).filter((h) => h !== tomas);
    expect(await errorDe(caller.medidas.mias({ alumno: hermana! }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect((await errorDe(caller.medidas.mias({ alumno: 99_999_999 }))).code).toBe('FORBIDDEN');
  });

  test('el referente: el hijo pedido si es suyo, el elegido en el selector si es suyo, si no el primero', async () => {
    const hijos = await hijosDe(EMAIL_DEMO.referente);
    expect(hijos).toHaveLength(2);
    const [primero, segundo] = hijos as [number, number];
    await (
      await jefe()
    ).medidas.nueva({
      tipo: 'apercibimiento',
      alumno: segundo,
      fecha: hoy,
      motivo: 'Para el segundo',
    });
    const ajenos = await hijosDe(EMAIL_DEMO.referenteOtro);

    expect(
      (await (await como(EMAIL_DEMO.referente, Rol.ReferenteParental)).medidas.mias()).alumno.orden,
    ).toBe(primero);
    const conSelector = await como(EMAIL_DEMO.referente, Rol.ReferenteParental, { hijo: segundo });
    const r = await conSelector.medidas.mias();
    expect(r.alumno.orden).toBe(segundo);
    expect(idsDe(r)).toEqual(await idsEnBase(segundo));
    // Un hijo de otra familia en la cookie no vale: cae al primero propio.
    const cookieAjena = await como(EMAIL_DEMO.referente, Rol.ReferenteParental, {
      hijo: ajenos[0]!,
    });
    expect((await cookieAjena.medidas.mias()).alumno.orden).toBe(primero);
    expect((await conSelector.medidas.mias({ alumno: primero })).alumno.orden).toBe(primero);
    for (const otro of ajenos) {
      expect((await errorDe(conSelector.medidas.mias({ alumno: otro }))).code).toBe('FORBIDDEN');
    }
    const otraFamilia = await como(EMAIL_DEMO.referenteOtro, Rol.ReferenteParental);
    expect((await errorDe(otraFamilia.medidas.mias({ alumno: segundo }))).code).toBe('FORBIDDEN');
  });
});

describe('medidas.reporte: planillón en modo medidas', () => {
  /** Cuenta las consultas (select) que arma el servicio. */
  function contadora() {
    const cuenta = { n: 0 };
    const base = new Proxy(db, {
      get: (t, p, r) => {
        const v = Reflect.get(t, p, r);
        if (p === 'select' && typeof v === 'function') {
          return (...args: unknown[]) => {
            cuenta.n++;
            return (v as (...a: unknown[]) => unknown).apply(t, args);
          };
        }
        return v;
      },
    });
    return { base: base as Db, cuenta };
  }

  test('alumnos del curso × días del mes con sus medidas, total del mes y total del ciclo con color', async () => {
    const curso = await cursoId(2, 1);
    const alumno = await nuevoAlumno(2, 1);
    const mes = hoy.slice(0, 7);
    const primero = `${mes}-01`;
    const jefeC = await jefe();
    const nueva = (tipo: 'amonestacion' | 'apercibimiento', cantidad: number | null) =>
      jefeC.medidas.nueva({ tipo, alumno, fecha: hoy, cantidad, motivo: `Hoy ${tipo}` });
    const a1 = await nueva('amonestacion', 2);
    const a2 = await nueva('apercibimiento', null);
    const a3 = await nueva('amonestacion', 8.5);
    const mesPasado = sumarDias(primero, -1);
    const delMesPasado = await medidaDirecta(alumno, mesPasado, 'amonestacion', 5);

    const r = await (await preceptor()).medidas.reporte({ curso, mes });
    expect(r).toMatchObject({ mes, ciclo, curso: { orden: curso, nombre: '2° 1°' } });
    expect(r.dias[0]!.fecha).toBe(primero);
    expect(r.dias.every((d) => d.fecha.startsWith(mes))).toBe(true);
    expect(r.dias.map((d) => d.fecha)).toContain(hoy);
    expect(sumarDias(r.dias.at(-1)!.fecha, 1).startsWith(mes)).toBe(false);
    const [a, m, d] = primero.split('-').map(Number) as [number, number, number];
    expect(r.dias[0]!.diaSemana).toBe(new Date(Date.UTC(a, m - 1, d)).getUTCDay());
    r.dias.slice(1).forEach((dia, k) => expect(dia.diaSemana).toBe((r.dias[k]!.diaSemana + 1) % 7));

    const enCurso = await db
      .select({ id: s.alumnosCursos.alumnoId })
      .from(s.alumnosCursos)
      .where(and(eq(s.alumnosCursos.cursoId, curso), eq(s.alumnosCursos.ciclolectivo, ciclo)));
    expect(r.alumnos.map((x) => x.orden).sort((x, y) => x - y)).toEqual(
      enCurso.map((x) => x.id).sort((x, y) => x - y),
    );
    const fila = r.alumnos.find((x) => x.orden === alumno)!;
    expect(fila.medidas.map((x) => x.orden)).toEqual([a1!.orden, a2!.orden, a3!.orden]);
    expect(fila.medidas.every((x) => x.fecha === hoy)).toBe(true);
    // Mes: 2 + 8,5 (el apercibimiento no cuenta); ciclo: además la del mes pasado si es del mismo año.
    expect(fila.totalMes).toBe(10.5);
    const mismoCiclo = mesPasado.startsWith(String(ciclo));
    expect(fila.total).toBe(mismoCiclo ? 15.5 : 10.5);
    expect(fila.color).toBe(mismoCiclo ? 'red' : 'yellow');
    const enGrilla = r.alumnos.flatMap((x) => x.medidas.map((y) => y.orden));
    expect(enGrilla).not.toContain(delMesPasado);
    expect(enGrilla.every((o) => typeof o === 'number')).toBe(true);
    // Orden por apellido y nombre (con la intercalación de la base).
    const ordenados = await db
      .select({ id: s.alumnos.id })
      .from(s.alumnosCursos)
      .innerJoin(s.alumnos, eq(s.alumnos.id, s.alumnosCursos.alumnoId))
      .where(and(eq(s.alumnosCursos.cursoId, curso), eq(s.alumnosCursos.ciclolectivo, ciclo)))
      .orderBy(asc(s.alumnos.apellido), asc(s.alumnos.nombre), asc(s.alumnos.id));
    expect(r.alumnos.map((x) => x.orden)).toEqual(ordenados.map((x) => x.id));
  });

  test('la cantidad de consultas no crece con los alumnos del curso', async () => {
    const curso = await cursoId(2, 2);
    const mes = hoy.slice(0, 7);
    const sesion = await sesionDe(db, EMAIL_DEMO.jefePreceptores, Rol.JefePreceptor);
    const ctxSobre = (base: Db) => ({ ...crearContexto({ db: base, sesion, ciclo, hoy }), sesion });
    const antes = contadora();
    await servicio.reporte(ctxSobre(antes.base), { curso, mes });
    for (let i = 0; i < 5; i++) {
      const a = await nuevoAlumno(2, 2);
      await medidaDirecta(a, hoy, 'amonestacion', 1);
    }
    const despues = contadora();
    const r = await servicio.reporte(ctxSobre(despues.base), { curso, mes });
    expect(r.alumnos.length).toBeGreaterThanOrEqual(5);
    expect(antes.cuenta.n).toBe(4);
    expect(despues.cuenta.n).toBe(antes.cuenta.n);
  });

  test('alcance y entrada: curso ajeno FORBIDDEN, inexistente NOT_FOUND, mes inválido BAD_REQUEST', async () => {
    const prec = await preceptor();
    const mes = hoy.slice(0, 7);
    expect(await errorDe(prec.medidas.reporte({ curso: await cursoId(3, 1), mes }))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'No tiene acceso a ese curso.',
    });
    expect((await errorDe(prec.medidas.reporte({ curso: 99_999, mes }))).code).toBe('NOT_FOUND');
    for (const [malo, mensaje] of [
      [`${ciclo}-13`, 'El mes no es válido: use el formato AAAA-MM.'],
      [`${ciclo}-1`, 'El mes no es válido: use el formato AAAA-MM.'],
      ['2019-03', 'El mes debe ser de un ciclo lectivo entre 2021 y el actual.'],
      [`${ciclo + 1}-03`, 'El mes debe ser de un ciclo lectivo entre 2021 y el actual.'],
    ]) {
      const e = await errorDe(prec.medidas.reporte({ curso: await cursoId(2, 1), mes: malo! }));
      expect(e.code).toBe('BAD_REQUEST');
      expect(mensajeDe(e)).toBe(mensaje);
    }
    const alumnado = await como(EMAIL_DEMO.alumnado, Rol.Alumnado);
    expect((await alumnado.medidas.reporte({ curso: await cursoId(3, 1), mes })).curso.nombre).toBe(
      '3° 1°',
    );
    const docente = await como(EMAIL_DEMO.docente, Rol.Docente);
    expect((await errorDe(docente.medidas.reporte({ curso: await cursoId(2, 1), mes }))).code).toBe(
      'FORBIDDEN',
    );
  });
});

describe('contrato REST de medidas (spec 01 §7)', () => {
  /** Simula el manejador genérico: encuentra la ruta, arma la entrada, llama y responde. */
  async function pedir(
    metodo: string,
    camino: string,
    email: string,
    rol: number,
    cuerpo?: unknown,
    extra: Partial<Contexto> = {},
  ) {
    return pedirRest(metodo, camino, { db, email, rol, ciclo, ...extra }, cuerpo);
  }
  const J = [EMAIL_DEMO.jefePreceptores, Rol.JefePreceptor] as const;

  test('POST nueva/amonestacion y nueva/apercibimiento con cuerpo de formulario', async () => {
    const alumno = await nuevoAlumno(1, 1);
    const a = await pedir('POST', `/api/medidas/nueva/amonestacion/${alumno}`, ...J, {
      fecha: hoy,
      turno: 'Tarde',
      cantidad: '1,5',
      motivo: 'Formulario',
    });
    expect(a).toEqual({
      status: 200,
      body: expect.objectContaining({
        tipo: 'amonestacion',
        alumno,
        cantidad: 1.5,
        turno: 'Tarde',
      }),
    });
    const p = await pedir('POST', `/api/medidas/nueva/apercibimiento/${alumno}`, ...J, {
      fecha: hoy,
      cantidad: '0',
      motivo: 'Formulario',
    });
    expect(p).toEqual({
      status: 200,
      body: expect.objectContaining({ tipo: 'apercibimiento', alumno, cantidad: null }),
    });
    // El tipo y el alumno del camino mandan sobre el cuerpo.
    const otro = await nuevoAlumno(1, 1);
    const x = await pedir('POST', `/api/medidas/nueva/apercibimiento/${alumno}`, ...J, {
      tipo: 'amonestacion',
      alumno: otro,
      fecha: hoy,
      motivo: 'Camino',
    });
    expect(x.body).toMatchObject({ tipo: 'apercibimiento', alumno });
  });

  test('amonestación con cantidad 0 → 200 null; fuera de la grilla → 400; sin cuerpo → 400; tipo desconocido → 404', async () => {
    const alumno = await nuevoAlumno(1, 1);
    const antes = await contar();
    expect(
      await pedir('POST', `/api/medidas/nueva/amonestacion/${alumno}`, ...J, {
        fecha: hoy,
        cantidad: '0',
        motivo: 'Nada',
      }),
    ).toEqual({ status: 200, body: null });
    expect(
      await pedir('POST', `/api/medidas/nueva/amonestacion/${alumno}`, ...J, {
        fecha: hoy,
        cantidad: '2,3',
        motivo: 'X',
      }),
    ).toEqual({
      status: 400,
      body: { error: true, message: 'La cantidad debe estar entre 0 y 15, en pasos de 0,5.' },
    });
    const sinCuerpo = await pedir(
      'POST',
      `/api/medidas/nueva/apercibimiento/${alumno}`,
      ...J,
      undefined,
    );
    expect(sinCuerpo).toEqual({
      status: 400,
      body: { error: true, message: 'La fecha es obligatoria. Motivo: no puede estar vacío.' },
    });
    expect(
      (
        await pedir('POST', `/api/medidas/nueva/amonestacion/abc`, ...J, {
          fecha: hoy,
          cantidad: 1,
          motivo: 'X',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await pedir('POST', `/api/medidas/nueva/colectiva/${alumno}`, ...J, {
          fecha: hoy,
          motivo: 'X',
        })
      ).status,
    ).toBe(404);
    expect((await pedir('GET', `/api/medidas/nueva/amonestacion/${alumno}`, ...J)).status).toBe(
      405,
    );
    expect(await contar()).toEqual(antes);
  });

  test('POST editar/{tipo}/{alumno}/{medida} y DELETE borrar/{alumno}/{medida}', async () => {
    const alumno = await nuevoAlumno(1, 2);
    const otro = await nuevoAlumno(1, 2);
    const medida = await medidaDirecta(alumno, hoy, 'amonestacion', 2);
    const e = await pedir('POST', `/api/medidas/editar/apercibimiento/${alumno}/${medida}`, ...J, {
      fecha: hoy,
      turno: 'Tarde',
      motivo: 'Ahora apercibimiento',
    });
    expect(e).toEqual({
      status: 200,
      body: expect.objectContaining({
        orden: medida,
        tipo: 'apercibimiento',
        cantidad: null,
        motivo: 'Ahora apercibimiento',
      }),
    });
    const e2 = await pedir('POST', `/api/medidas/editar/amonestacion/${alumno}/${medida}`, ...J, {
      fecha: hoy,
      cantidad: 3,
      motivo: 'Vuelve',
    });
    expect(e2.body).toMatchObject({ tipo: 'amonestacion', cantidad: 3 });
    expect(
      await pedir('POST', `/api/medidas/editar/amonestacion/${otro}/${medida}`, ...J, {
        fecha: hoy,
        cantidad: 3,
        motivo: 'X',
      }),
    ).toEqual({
      status: 404,
      body: { error: true, message: 'La medida disciplinaria no existe para ese alumno.' },
    });
    expect((await pedir('DELETE', `/api/medidas/borrar/${otro}/${medida}`, ...J)).status).toBe(404);
    const b = await pedir('DELETE', `/api/medidas/borrar/${alumno}/${medida}`, ...J, {});
    expect(b).toEqual({ status: 200, body: expect.objectContaining({ orden: medida, alumno }) });
    expect((await pedir('DELETE', `/api/medidas/borrar/${alumno}/${medida}`, ...J)).status).toBe(
      404,
    );
  });

  test('el preceptor: 403 al editar o borrar y con un alumno ajeno; 400 fuera de la ventana', async () => {
    const propio = await nuevoAlumno(4, 1, ANTERIOR_DEL_PRECEPTOR);
    const ajeno = await nuevoAlumno(1, 3);
    const medida = await medidaDirecta(propio, hoy, 'amonestacion', 1);
    const P = [EMAIL_DEMO.preceptor, Rol.Preceptor] as const;
    expect(
      (
        await pedir('POST', `/api/medidas/editar/amonestacion/${propio}/${medida}`, ...P, {
          fecha: hoy,
          cantidad: 2,
          motivo: 'X',
        })
      ).status,
    ).toBe(403);
    expect((await pedir('DELETE', `/api/medidas/borrar/${propio}/${medida}`, ...P)).status).toBe(
      403,
    );
    expect(
      await pedir('POST', `/api/medidas/nueva/apercibimiento/${ajeno}`, ...P, {
        fecha: hoy,
        motivo: 'X',
      }),
    ).toEqual({
      status: 403,
      body: { error: true, message: 'No tiene acceso a los datos de ese alumno.' },
    });
    const seis = await pedir('POST', `/api/medidas/nueva/apercibimiento/${propio}`, ...P, {
      fecha: sumarDias(hoy, -6),
      motivo: 'X',
    });
    expect(seis.status).toBe(400);
    const ok = await pedir('POST', `/api/medidas/nueva/apercibimiento/${propio}`, ...P, {
      fecha: sumarDias(hoy, -5),
      motivo: 'X',
    });
    expect(ok.status).toBe(200);
    expect((await filaMedida(medida))!.cantidad).toBe(1);
  });

  test('GET /api/mismedidas[/{id}]: propio o hijo vinculado; si no, 403', async () => {
    const [tomas] = await db
      .select({ id: s.alumnos.id })
      .from(s.alumnos)
      .where(eq(s.alumnos.email, EMAIL_DEMO.alumno));
    const ajeno = await nuevoAlumno(1, 1);
    const A = [EMAIL_DEMO.alumno, Rol.Alumno] as const;
    const R = [EMAIL_DEMO.referente, Rol.ReferenteParental] as const;
    expect((await pedir('GET', '/api/mismedidas', ...A)).body).toMatchObject({
      alumno: { orden: tomas!.id },
      anios: expect.any(Array),
    });
    expect((await pedir('GET', `/api/mismedidas/${tomas!.id}`, ...A)).status).toBe(200);
    expect((await pedir('GET', `/api/mismedidas/${ajeno}`, ...A)).status).toBe(403);
    expect((await pedir('GET', `/api/mismedidas/${tomas!.id}`, ...R)).body).toMatchObject({
      alumno: { orden: tomas!.id },
    });
    expect((await pedir('GET', `/api/mismedidas/${ajeno}`, ...R)).status).toBe(403);
    expect(
      (
        await pedir(
          'GET',
          `/api/mismedidas/${tomas!.id}`,
          EMAIL_DEMO.referenteOtro,
          Rol.ReferenteParental,
        )
      ).status,
    ).toBe(403);
    expect((await pedir('GET', '/api/mismedidas', EMAIL_DEMO.admin, Rol.Admin)).status).toBe(403);
    expect((await pedir('GET', '/api/mismedidas/abc', ...A)).status).toBe(400);
  });
});
