/**
 * Planificación y asignaciones (issue 13; spec 02 §2 /planificacion, /alumnos-cursados,
 * /docentes, /coordinadores, /preceptores; §3, §5, §7, §8): materias y cursados de cada ciclo,
 * replicar el ciclo anterior, la autoinscripción y quién enseña, coordina o cuida qué. Por rol,
 * con las negaciones de alcance, la entrada inválida que no escribe nada y dos a la vez.
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { Rol } from '@/domain/roles';
import { ERROR_GUARDAR_MATERIA } from '@/domain/planificacion';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { momentoEscolar } from '@/server/reloj';
import { CODIGO_REPETIDO, NO_ES_COORDINADOR } from '@/server/api/routers/materias/service';
import { DOCENTE_INVALIDO, FUERA_DEL_DEPARTAMENTO } from '@/server/api/routers/cursados/oferta';
import {
  ERROR_DESVINCULAR_PRECEPTOR,
  ERROR_VINCULAR_PRECEPTOR,
} from '@/server/api/routers/cursos/service';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { cursadoAjeno } from '../fixtures/cursados';
import { callerComo, idDeUsuario } from '../fixtures/contexto';
import { codigoDe, fallo } from '../fixtures/errores';
import { pedirRest } from '../fixtures/rest';

const { ciclo, hoy } = momentoEscolar();
const proximo = ciclo + 1;

let c: Conexion;
let db: Db;
const como = (email: string, rol: number) => callerComo(db, email, rol, { ciclo, hoy });
const alumnado = () => como(EMAIL_DEMO.alumnado, Rol.Alumnado);
const admin = () => como(EMAIL_DEMO.admin, Rol.Admin);
const docente = () => como(EMAIL_DEMO.docente, Rol.Docente);
const jefe = () => como(EMAIL_DEMO.jefeDepartamento, Rol.JefeDepartamento);

const ids = { plan: 0, exactas: 0, mat2: 0, tal1: 0, curso21: 0, curso41: 0, docente: 0 };

async function contar(tabla: PgTable) {
  const [f] = await db.select({ n: count() }).from(tabla);
  return f!.n;
}
/** Las asignaciones de preceptores de un ciclo, [usuario, curso], ordenadas. */
async function asignacionesDe(anio: number) {
  const filas = await db
    .select({ u: s.preceptoresCursos.usuarioId, c: s.preceptoresCursos.cursoId })
    .from(s.preceptoresCursos)
    .where(eq(s.preceptoresCursos.ciclolectivo, anio))
    .orderBy(s.preceptoresCursos.usuarioId, s.preceptoresCursos.cursoId);
  return filas.map((f) => [f.u, f.c]);
}

/** Filas de las tablas que la planificación toca: para probar que un rechazo no escribe nada. */
async function huella() {
  return {
    materias: await contar(s.materias),
    cursados: await contar(s.cursados),
    cursadosMaterias: await contar(s.cursadosMaterias),
    cursadosCursos: await contar(s.cursadosCursos),
    cursadosDocentes: await contar(s.cursadosDocentes),
    coordinadores: await contar(s.coordinadoresMaterias),
    preceptores: await contar(s.preceptoresCursos),
    inscripciones: await contar(s.inscripciones),
  };
}

beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo, hoy);
  db = c.db;
  const materia = async (codigo: string) =>
    (await db.select().from(s.materias).where(eq(s.materias.codigo, codigo)))[0]!;
  const curso = async (anio: number, division: number) =>
    (
      await db
        .select()
        .from(s.cursos)
        .where(and(eq(s.cursos.anio, anio), eq(s.cursos.division, division)))
    )[0]!.id;
  const mat2 = await materia('MAT2');
  Object.assign(ids, {
    plan: mat2.planId,
    exactas: mat2.departamentoId,
    mat2: mat2.id,
    tal1: (await materia('TAL1')).id,
    curso21: await curso(2, 1),
    curso41: await curso(4, 1),
    docente: await idDeUsuario(db, EMAIL_DEMO.docente),
  });
});
afterAll(() => c?.cerrar());

describe('materias', () => {
  test('lista de a 30 con búsqueda sin acentos; "Cargar más" sigue donde terminó', async () => {
    const a = await alumnado();
    const p1 = await a.materias.listar({ limit: 30 });
    expect(p1.items).toHaveLength(30);
    expect(p1.siguiente).toBe(30);
    const p2 = await a.materias.listar({ cursor: 30, limit: 30 });
    expect(p2.items[0]!.orden).not.toBe(p1.items[0]!.orden);
    // El tope de la página de materias es 30, aunque se pidan 50.
    expect((await a.materias.listar({ limit: 50 })).items).toHaveLength(30);
    const mate = await a.materias.listar({ q: 'matematica' });
    expect(mate.items.length).toBeGreaterThanOrEqual(6);
    expect(mate.items.every((m) => m.nombre === 'Matemática')).toBe(true);
    expect(mate.items[0]).toMatchObject({
      materiaCode: expect.any(String),
      plan: { year: expect.any(Number), code: expect.any(String), name: expect.any(String) },
      departamentoName: 'Ciencias Exactas',
      cursadosAsociados: expect.any(Number),
    });
  });

  test('crear, editar y borrar una materia sin uso (auditado)', async () => {
    const a = await alumnado();
    const nueva = await a.materias.crear({
      plan: ids.plan,
      codigo: 'ROB4',
      nombre: 'Robótica',
      anio: 4,
      departamento: ids.exactas,
    });
    expect(nueva).toMatchObject({ materiaCode: 'ROB4', nombre: 'Robótica', cursadosAsociados: 0 });
    const editada = await a.materias.editar({
      id: nueva.orden,
      plan: ids.plan,
      codigo: 'ROB5',
      nombre: 'Robótica aplicada',
      anio: 5,
      departamento: ids.exactas,
    });
    expect(editada).toMatchObject({ materiaCode: 'ROB5', anio: 5 });
    expect(await a.materias.borrar({ id: nueva.orden })).toEqual({
      orden: nueva.orden,
      borrada: true,
    });
    expect(await codigoDe(a.materias.obtener({ id: nueva.orden }))).toBe('NOT_FOUND');
    const auditadas = await db
      .select({ accion: s.auditoria.accion })
      .from(s.auditoria)
      .where(
        and(eq(s.auditoria.entidad, 'materias'), eq(s.auditoria.entidadId, String(nueva.orden))),
      );
    expect(auditadas.map((x) => x.accion).sort()).toEqual(['borrar', 'crear', 'editar']);
  });

  test('entrada inválida: 400 o 409 en castellano, y nada escrito', async () => {
    const a = await alumnado();
    const antes = await huella();
    const base = {
      plan: ids.plan,
      codigo: 'XYZ1',
      nombre: 'X',
      anio: 1,
      departamento: ids.exactas,
    };
    const casos: [unknown, number, string | RegExp][] = [
      [{ ...base, codigo: 'MAT2' }, 409, CODIGO_REPETIDO],
      [{ ...base, codigo: 'ABCDEFGHI' }, 400, 'Código: como máximo 8 caracteres.'],
      [{ ...base, codigo: '' }, 400, 'Código: no puede estar vacío.'],
      [{ ...base, codigo: 'A B' }, 400, 'Código: sólo letras, números, punto, guion y guion bajo.'],
      [{ ...base, nombre: '  ' }, 400, 'Nombre: no puede estar vacío.'],
      [{ ...base, anio: 7 }, 400, 'Año: como máximo 6.'],
      [{ ...base, plan: 999_999 }, 409, new RegExp(`^${ERROR_GUARDAR_MATERIA}`)],
      [{ ...base, nombre: 'a\u0000b' }, 400, 'Nombre: contiene caracteres no válidos.'],
      [[base], 400, /Se esperan plan, código, nombre, año y departamento/],
    ];
    for (const [entrada, status, mensaje] of casos) {
      const r = await fallo(a.materias.crear(entrada as never));
      expect(r.status).toBe(status);
      expect(r.message).toMatch(mensaje);
    }
    expect(await huella()).toEqual(antes);
  });

  test('borrar una materia que usan cursados e inscripciones: 409 que dice qué depende de ella', async () => {
    const a = await alumnado();
    const antes = await huella();
    const r = await fallo(a.materias.borrar({ id: ids.mat2 }));
    expect(r.status).toBe(409);
    expect(r.message).toMatch(
      /^No se puede borrar Matemática \(MAT2\): \d+ cursados la permiten y \d+ inscripciones la usan\./,
    );
    expect(await huella()).toEqual(antes);
  });

  test('el docente y el referente no escriben materias', async () => {
    for (const caller of [await docente(), await como(EMAIL_DEMO.referente, Rol.ReferenteParental)])
      expect(
        await codigoDe(
          caller.materias.crear({
            plan: ids.plan,
            codigo: 'NO1',
            nombre: 'No',
            anio: 1,
            departamento: ids.exactas,
          }),
        ),
      ).toBe('FORBIDDEN');
  });

  test('el jefe de departamento ve las materias de su departamento', async () => {
    const propias = await (await jefe()).materias.delDepartamento();
    expect(propias.length).toBeGreaterThan(5);
    expect(new Set(propias.map((m) => m.departamentoName))).toEqual(new Set(['Ciencias Exactas']));
  });

  test('CSV: exporta, la vista previa marca errores por fila, importar es todo o nada y no duplica', async () => {
    const a = await alumnado();
    const { contenido } = await a.materias.csv();
    expect(
      contenido.startsWith(
        '\ufeffPlan (año);Plan (código);Código;Nombre;Año;Departamento;Cursados\r\n',
      ),
    ).toBe(true);
    const [plan] = await db.select().from(s.planes).where(eq(s.planes.id, ids.plan));
    const archivo = (filas: string[]) =>
      ['Plan (año);Plan (código);Código;Nombre;Año;Departamento', ...filas].join('\n');
    const buena = `${plan!.anio};${plan!.codigo};QUI5;Química orgánica;5;Ciencias Exactas`;
    const conErrores = archivo([
      buena,
      `${plan!.anio};${plan!.codigo};MAT2;Matemática;2;Ciencias Exactas`,
      `${plan!.anio};NOEXISTE;X1;Algo;1;Ciencias Exactas`,
      `${plan!.anio};${plan!.codigo};X2;Algo;9;Astrología`,
    ]);
    const vista = await a.materias.importarVista({ contenido: conErrores });
    expect(vista).toMatchObject({ nuevas: 1, existentes: 1, errores: 2 });
    expect(vista.filas.map((f) => [f.linea, f.estado, f.errores])).toEqual([
      [2, 'nueva', []],
      [3, 'existe', []],
      [4, 'error', [`Plan: no existe el plan NOEXISTE de ${plan!.anio}.`]],
      [5, 'error', ['Año: debe ser un número de 1 a 6.', 'Departamento: no existe "Astrología".']],
    ]);
    const antes = await huella();
    expect(await fallo(a.materias.importar({ contenido: conErrores }))).toEqual({
      status: 400,
      message: 'El archivo tiene errores: corríjalos y vuelva a importarlo. Líneas: 4, 5.',
    });
    expect(await huella()).toEqual(antes);
    expect(await a.materias.importar({ contenido: archivo([buena]) })).toEqual({
      creadas: 1,
      existentes: 0,
    });
    expect(await a.materias.importar({ contenido: archivo([buena]) })).toEqual({
      creadas: 0,
      existentes: 1,
    });
    expect(await fallo(a.materias.importar({ contenido: 'hola' }))).toMatchObject({ status: 400 });
    // Lo exportado se vuelve a importar: todo "ya existe", nada nuevo.
    const ida = await a.materias.importarVista({ contenido: (await a.materias.csv()).contenido });
    expect(ida.errores).toBe(0);
    expect(ida.nuevas).toBe(0);
    expect(ida.existentes).toBe(ida.filas.length);
  });
});

describe('coordinadores', () => {
  test('el coordinador ve sus materias; otro coordinador no las de él; Admin sí', async () => {
    const coord = await como(EMAIL_DEMO.coordinador, Rol.Coordinador);
    const propias = await coord.materias.delCoordinador({});
    expect(propias.map((m) => m.materiaCode).sort()).toContain('TAL1');
    const id = await idDeUsuario(db, EMAIL_DEMO.coordinador);
    const multirol = await idDeUsuario(db, EMAIL_DEMO.multirol);
    expect(await codigoDe(coord.materias.delCoordinador({ id: multirol }))).toBe('FORBIDDEN');
    expect((await (await admin()).materias.delCoordinador({ id })).length).toBe(propias.length);
  });

  test('guardar reemplaza la lista; el alcance del coordinador cambia en la petición siguiente', async () => {
    const id = await idDeUsuario(db, EMAIL_DEMO.coordinador);
    const a = await admin();
    const coord = () => como(EMAIL_DEMO.coordinador, Rol.Coordinador);
    const antes = (await (await coord()).notas.cursados({})).map((x) => x.id);
    expect(await a.materias.guardarCoordinador({ id, materias: [ids.mat2] })).toEqual({
      orden: id,
      materias: 1,
    });
    const despues = await (await coord()).notas.cursados({});
    expect(despues.length).toBeGreaterThan(0);
    expect(despues.every((x) => x.nombre.startsWith('Matemática'))).toBe(true);
    expect(despues.map((x) => x.id)).not.toEqual(antes);
    // Un usuario sin el rol Coordinador: 400 y nada cambia.
    const sinRol = await fallo(
      a.materias.guardarCoordinador({ id: ids.docente, materias: [ids.mat2] }),
    );
    expect(sinRol).toEqual({ status: 400, message: NO_ES_COORDINADOR });
    // Dos pestañas a la vez: una lista o la otra, nunca una mezcla.
    await Promise.all([
      a.materias.guardarCoordinador({ id, materias: [ids.tal1] }),
      a.materias.guardarCoordinador({ id, materias: [ids.mat2] }),
    ]);
    const final = (await (await coord()).materias.delCoordinador({})).map((m) => m.orden);
    expect([[ids.tal1], [ids.mat2]]).toContainEqual(final);
    expect(await codigoDe((await coord()).materias.guardarCoordinador({ id, materias: [] }))).toBe(
      'FORBIDDEN',
    );
  });
});

describe('cursados', () => {
  test('lista de a 20 del ciclo; el jefe de departamento sólo los de su departamento; el docente no lista', async () => {
    const a = await alumnado();
    const p = await a.cursados.listar({});
    expect(p.ciclo).toBe(ciclo);
    expect(p.items).toHaveLength(20);
    expect(p.siguiente).toBe(20);
    expect(p.items[0]).toMatchObject({
      modalidadNombre: expect.any(String),
      materiasPermitidas: [expect.objectContaining({ materiaCode: expect.any(String) })],
      cursosPermitidos: [expect.objectContaining({ nombre: expect.any(String) })],
      _count: { inscripciones: expect.any(Number) },
    });
    const delJefe = await (await jefe()).cursados.listar({ limit: 20, q: '' });
    expect(delJefe.items.length).toBeGreaterThan(0);
    const deptos = await db
      .select({ depto: s.departamentos.nombre })
      .from(s.cursadosMaterias)
      .innerJoin(s.materias, eq(s.materias.id, s.cursadosMaterias.materiaId))
      .innerJoin(s.departamentos, eq(s.departamentos.id, s.materias.departamentoId))
      .where(
        inArray(
          s.cursadosMaterias.cursadoId,
          delJefe.items.map((x) => x.cursadoId),
        ),
      );
    expect(new Set(deptos.map((d) => d.depto))).toEqual(new Set(['Ciencias Exactas']));
    expect(await codigoDe((await docente()).cursados.listar({}))).toBe('FORBIDDEN');
    // Buscar por docente: su apellido y nombre traen sus cursados.
    const [yo] = await db
      .select({ apellido: s.usuarios.apellido, nombre: s.usuarios.nombre })
      .from(s.usuarios)
      .where(eq(s.usuarios.id, ids.docente));
    const delDocente = await a.cursados.listar({ q: `${yo!.apellido} ${yo!.nombre}` });
    const propios = await (await docente()).cursados.mios();
    expect(propios.length).toBe(4);
    expect(delDocente.items.map((x) => x.cursadoId).sort()).toEqual(
      propios.map((x) => x.cursadoId).sort(),
    );
  });

  test('un docente ve sus cursados y no los ajenos', async () => {
    const d = await docente();
    const [propio] = await d.cursados.mios();
    expect((await d.cursados.obtener({ id: propio!.cursadoId })).cursadoId).toBe(propio!.cursadoId);
    const ajeno = { id: await cursadoAjeno(db, ids.docente, ciclo) };
    expect(await codigoDe(d.cursados.obtener({ id: ajeno.id }))).toBe('FORBIDDEN');
    expect(await codigoDe(d.cursados.obtener({ id: 99_999_999 }))).toBe('NOT_FOUND');
    expect(await codigoDe(d.cursados.delDocente({ id: ids.docente + 1 }))).toBe('FORBIDDEN');
  });

  test('crear (2 horas por defecto), editar, cambiar materias y cursos, borrar', async () => {
    const a = await alumnado();
    const nuevo = await a.cursados.crear({
      nombre: 'Matemática (recuperatorio)',
      modalidad: 1,
      ciclo,
      materias: [ids.mat2],
      cursos: [ids.curso21],
    } as never);
    expect(nuevo).toMatchObject({
      horas: 2,
      modalidad: 1,
      modalidadNombre: '1° Cuatrimestre',
      ciclolectivo: ciclo,
      materiasPermitidas: [{ orden: ids.mat2 }],
      cursosPermitidos: [{ orden: ids.curso21, nombre: '2° 1°' }],
      docentes: [],
      _count: { inscripciones: 0 },
    });
    const editado = await a.cursados.editar({
      id: nuevo.cursadoId,
      nombre: 'Matemática II',
      modalidad: 3,
      horas: 4,
    });
    expect(editado).toMatchObject({ nombre: 'Matemática II', modalidadNombre: 'Bicuatrimestral' });
    const curso22 = (
      await db
        .select({ id: s.cursos.id })
        .from(s.cursos)
        .where(and(eq(s.cursos.anio, 2), eq(s.cursos.division, 2)))
    )[0]!.id;
    const conCursos = await a.cursados.guardarCursos({
      id: nuevo.cursadoId,
      cursos: [ids.curso21, curso22],
    });
    expect(conCursos.cursosPermitidos.map((x) => x.nombre)).toEqual(['2° 1°', '2° 2°']);
    // Un curso de otro año que sus materias: 400 y nada cambia.
    const antes = await huella();
    expect(
      await fallo(a.cursados.guardarCursos({ id: nuevo.cursadoId, cursos: [ids.curso41] })),
    ).toEqual({
      status: 400,
      message:
        'Error al guardar: el curso 4° Electrónica es de otro año que las materias del cursado.',
    });
    expect(await huella()).toEqual(antes);
    // Editar datos, materias y cursos juntos: una transacción; si una parte falla, nada cambia.
    const [mat3] = await db.select().from(s.materias).where(eq(s.materias.codigo, 'MAT3'));
    const curso31 = (
      await db
        .select({ id: s.cursos.id })
        .from(s.cursos)
        .where(and(eq(s.cursos.anio, 3), eq(s.cursos.division, 1)))
    )[0]!.id;
    const sinCambios = await huella();
    expect(
      await fallo(
        a.cursados.editar({
          id: nuevo.cursadoId,
          nombre: 'Matemática III',
          modalidad: 0,
          horas: 5,
          materias: [mat3!.id],
          cursos: [ids.curso21],
        }),
      ),
    ).toMatchObject({ status: 400 });
    expect(await huella()).toEqual(sinCambios);
    expect((await a.cursados.obtener({ id: nuevo.cursadoId })).nombre).toBe('Matemática II');
    const todo = await a.cursados.editar({
      id: nuevo.cursadoId,
      nombre: 'Matemática III',
      modalidad: 0,
      horas: 5,
      materias: [mat3!.id],
      cursos: [curso31],
    });
    expect(todo).toMatchObject({
      nombre: 'Matemática III',
      materiasPermitidas: [{ orden: mat3!.id }],
      cursosPermitidos: [{ orden: curso31 }],
    });
    expect(await a.cursados.borrar({ id: nuevo.cursadoId })).toEqual({
      cursadoId: nuevo.cursadoId,
      borrado: true,
    });
    expect(await codigoDe(a.cursados.obtener({ id: nuevo.cursadoId }))).toBe('NOT_FOUND');
  });

  test('entrada inválida: modalidad fuera de rango, horas 0 o texto, curso de otro año → 400 y nada escrito', async () => {
    const a = await alumnado();
    const antes = await huella();
    const base = { nombre: 'X', modalidad: 0, horas: 2, ciclo, materias: [ids.mat2], cursos: [] };
    const casos: [unknown, string][] = [
      [{ ...base, modalidad: 4 }, 'Modalidad: debe ser 0, 1, 2 o 3.'],
      [
        { ...base, modalidad: 'Anual' },
        'Modalidad: debe ser 0 (Anual), 1 (1° Cuatrimestre), 2 (2° Cuatrimestre) o 3 (Bicuatrimestral).',
      ],
      [{ ...base, horas: 0 }, 'Horas: como mínimo 1.'],
      [{ ...base, horas: 'dos' }, 'Horas: debe ser un número.'],
      [{ ...base, horas: 97 }, 'Horas: como máximo 96 (los bloques de la semana).'],
      [{ ...base, nombre: '' }, 'Nombre: no puede estar vacío.'],
      [{ ...base, ciclo: 2019 }, 'El ciclo lectivo no es válido.'],
      [
        { ...base, cursos: [ids.curso41] },
        'Error al guardar: el curso 4° Electrónica es de otro año que las materias del cursado.',
      ],
      [{ ...base, materias: [999_999] }, 'Error al guardar: alguna de las materias no existe.'],
      [{ ...base, materias: { 0: 1 } }, 'Materias permitidas: se espera una lista de ids.'],
    ];
    for (const [entrada, mensaje] of casos)
      expect(await fallo(a.cursados.crear(entrada as never))).toEqual({
        status: 400,
        message: mensaje,
      });
    expect(await huella()).toEqual(antes);
  });

  test('borrar un cursado con inscripciones y notas: 409 que lo dice; quitar una materia en uso, también', async () => {
    const a = await alumnado();
    const [conNotas] = await db.select({ id: s.notas.cursadoId }).from(s.notas).limit(1);
    const antes = await huella();
    const r = await fallo(a.cursados.borrar({ id: conNotas!.id }));
    expect(r.status).toBe(409);
    expect(r.message).toMatch(
      /^No se puede borrar .+: tiene \d+ alumnos inscriptos(, | y )\d+ notas( y .+|, .+)?\.$/,
    );
    const [conInscriptos] = await db
      .select({ id: s.inscripciones.cursadoId, materia: s.inscripciones.materiaId })
      .from(s.inscripciones)
      .limit(1);
    expect(
      await fallo(a.cursados.guardarMaterias({ id: conInscriptos!.id, materias: [] })),
    ).toMatchObject({ status: 409 });
    expect(await huella()).toEqual(antes);
    // La base tampoco borra en cascada notas e inscripciones con su cursado.
    await expect(db.delete(s.cursados).where(eq(s.cursados.id, conNotas!.id))).rejects.toBeTruthy();
  });

  test('horas por curso contra los 96 bloques, y el CSV de la oferta', async () => {
    const a = await alumnado();
    const h = await a.cursados.horas({});
    expect(h.bloques).toBe(96);
    expect(h.cursos.length).toBeGreaterThan(10);
    const c21 = h.cursos.find((x) => x.cursoId === ids.curso21)!;
    const [suma] = await db
      .select({ n: sql<number>`sum(${s.cursados.horas})::int` })
      .from(s.cursadosCursos)
      .innerJoin(s.cursados, eq(s.cursados.id, s.cursadosCursos.cursadoId))
      .where(and(eq(s.cursadosCursos.cursoId, ids.curso21), eq(s.cursados.ciclolectivo, ciclo)));
    expect(c21.horas).toBe(suma!.n);
    expect(c21.excedido).toBe(c21.horas > 96);
    const { contenido } = await a.cursados.csv({});
    expect(contenido.split('\r\n')[0]).toBe(
      '\ufeffCiclo;Cursado;Modalidad;Horas;Materias;Cursos;Docentes;Inscriptos',
    );
  });
});

describe('docentes de cada cursado', () => {
  test('asignar cambia el alcance en la petición siguiente: el docente ve el cursado en /notas, quitado ya no', async () => {
    const ajeno = { id: await cursadoAjeno(db, ids.docente, ciclo) };
    const a = await alumnado();
    const veEnNotas = async () =>
      (await (await docente()).notas.cursados({})).some((x) => x.id === ajeno.id);
    expect(await veEnNotas()).toBe(false);
    expect(
      await a.cursados.asignarDocentes([
        { action: 'set', cursadoId: ajeno.id, usuarioId: ids.docente },
      ]),
    ).toEqual({ agregados: 1, quitados: 0 });
    expect(await veEnNotas()).toBe(true);
    expect((await a.cursados.docentes({ id: ajeno.id })).map((d) => d.orden)).toContain(
      ids.docente,
    );
    // Asignar otra vez no duplica.
    expect(
      await a.cursados.asignarDocentes([
        { action: 'set', cursadoId: ajeno.id, usuarioId: ids.docente },
      ]),
    ).toEqual({ agregados: 0, quitados: 0 });
    expect(
      await a.cursados.asignarDocentes([
        { action: 'unset', cursadoId: ajeno.id, usuarioId: ids.docente },
      ]),
    ).toEqual({ agregados: 0, quitados: 1 });
    expect(await veEnNotas()).toBe(false);
  });

  test('el jefe de departamento asigna sólo en su departamento; un usuario sin rol Docente no se asigna', async () => {
    const j = await jefe();
    const propios = await j.cursados.listar({});
    const [fuera] = await db
      .select({ id: s.cursadosMaterias.cursadoId })
      .from(s.cursadosMaterias)
      .where(eq(s.cursadosMaterias.materiaId, ids.tal1))
      .limit(1);
    const antes = await huella();
    expect(
      await fallo(
        j.cursados.asignarDocentes([
          { action: 'set', cursadoId: propios.items[0]!.cursadoId, usuarioId: ids.docente },
          { action: 'set', cursadoId: fuera!.id, usuarioId: ids.docente },
        ]),
      ),
    ).toEqual({ status: 403, message: FUERA_DEL_DEPARTAMENTO });
    const preceptor = await idDeUsuario(db, EMAIL_DEMO.preceptor);
    expect(
      await fallo(
        (await alumnado()).cursados.asignarDocentes([
          { action: 'set', cursadoId: fuera!.id, usuarioId: preceptor },
        ]),
      ),
    ).toEqual({ status: 400, message: DOCENTE_INVALIDO });
    expect(await huella()).toEqual(antes);
    expect(await codigoDe(j.cursados.docentes({ id: fuera!.id }))).toBe('FORBIDDEN');
    expect(
      await j.cursados.asignarDocentes([
        { action: 'set', cursadoId: propios.items[0]!.cursadoId, usuarioId: ids.docente },
      ]),
    ).toMatchObject({ quitados: 0 });
  });
});

describe('preceptores y cursos', () => {
  test('vincular, ignorar el vínculo repetido y desvincular; el alcance del preceptor sigue', async () => {
    const preceptor = await idDeUsuario(db, EMAIL_DEMO.preceptor);
    const jp = await como(EMAIL_DEMO.jefePreceptores, Rol.JefePreceptor);
    const [curso61] = await db
      .select({ id: s.cursos.id })
      .from(s.cursos)
      .where(and(eq(s.cursos.anio, 6), eq(s.cursos.division, 2)));
    const susCursos = async () =>
      (await (await como(EMAIL_DEMO.preceptor, Rol.Preceptor)).cursos.delPreceptor({})).map(
        (x) => x.orden,
      );
    expect(await susCursos()).not.toContain(curso61!.id);
    const vincular = (link: boolean) =>
      jp.cursos.vincularPreceptor({ preceptor, curso: curso61!.id, link });
    expect(await vincular(true)).toMatchObject({ cambio: true });
    expect(await susCursos()).toContain(curso61!.id);
    expect(await vincular(true)).toMatchObject({ cambio: false });
    expect(await vincular(false)).toMatchObject({ cambio: true });
    expect(await susCursos()).not.toContain(curso61!.id);
    // Un usuario que no es preceptor, o un curso que no existe: el mensaje del catálogo.
    expect(
      await fallo(
        jp.cursos.vincularPreceptor({ preceptor: ids.docente, curso: curso61!.id, link: true }),
      ),
    ).toEqual({
      status: 400,
      message: `${ERROR_VINCULAR_PRECEPTOR}: el usuario no existe o no es preceptor.`,
    });
    expect(
      await fallo(jp.cursos.vincularPreceptor({ preceptor, curso: 999_999, link: false })),
    ).toEqual({ status: 400, message: `${ERROR_DESVINCULAR_PRECEPTOR}: el curso no existe.` });
    expect(
      await codigoDe(
        (await como(EMAIL_DEMO.preceptor, Rol.Preceptor)).cursos.vincularPreceptor({
          preceptor,
          curso: curso61!.id,
          link: true,
        }),
      ),
    ).toBe('FORBIDDEN');
  });
});

describe('un ciclo nuevo: replicar el anterior y autoinscribir', () => {
  test('la vista previa hacia el año actual: todo ya existe (la escuela lo armó a mano)', async () => {
    const plan = await (await alumnado()).cursados.planReplicacion({ ciclo });
    expect(plan.desde).toBe(ciclo - 1);
    expect(plan.crear).toHaveLength(0);
    expect(plan.existentes.length).toBeGreaterThan(0);
  });

  test('hacia el año próximo: vista previa sin escribir, aplicar en una transacción, dos veces no duplica, dos a la vez tampoco', async () => {
    const a = await alumnado();
    const antes = await huella();
    const plan = await a.cursados.planReplicacion({ ciclo: proximo });
    expect(await huella()).toEqual(antes);
    const [delActual] = await db
      .select({ n: count() })
      .from(s.cursados)
      .where(eq(s.cursados.ciclolectivo, ciclo));
    expect(plan.crear.length + plan.conflictos.length).toBe(delActual!.n);
    expect(plan.existentes).toHaveLength(0);

    const susCursados = async (anio: number) =>
      db
        .select({ id: s.cursadosDocentes.cursadoId })
        .from(s.cursadosDocentes)
        .innerJoin(s.cursados, eq(s.cursados.id, s.cursadosDocentes.cursadoId))
        .where(
          and(eq(s.cursadosDocentes.usuarioId, ids.docente), eq(s.cursados.ciclolectivo, anio)),
        );
    const delDocenteAntes = (await susCursados(ciclo)).length;

    // Dos pestañas de Alumnado replican a la vez: cada cursado se crea una sola vez.
    const [r1, r2] = await Promise.all([
      a.cursados.replicar({ ciclo: proximo }),
      (await admin()).cursados.replicar({ ciclo: proximo }),
    ]);
    expect(r1.creados + r2.creados).toBe(plan.crear.length);
    const [enProximo] = await db
      .select({ n: count() })
      .from(s.cursados)
      .where(eq(s.cursados.ciclolectivo, proximo));
    expect(enProximo!.n).toBe(plan.crear.length);

    // Se copiaron materias, cursos y docentes.
    expect(await susCursados(proximo)).toHaveLength(delDocenteAntes);
    const [vinculos] = await db
      .select({ n: count() })
      .from(s.cursadosMaterias)
      .innerJoin(s.cursados, eq(s.cursados.id, s.cursadosMaterias.cursadoId))
      .where(eq(s.cursados.ciclolectivo, proximo));
    expect(vinculos!.n).toBeGreaterThanOrEqual(plan.crear.length);

    // Sin pedirlo, los preceptores no se copian: cada ciclo se asigna por separado.
    expect(await asignacionesDe(proximo)).toEqual([]);

    // Otra vez: nada nuevo, todo "ya existe".
    const otra = await a.cursados.replicar({ ciclo: proximo });
    expect(otra.creados).toBe(0);
    expect(otra.existentes).toHaveLength(plan.crear.length);

    // Autoinscribir en el próximo: nadie tiene curso todavía (falta la promoción).
    expect(await a.cursados.autoinscribir({ ciclo: proximo })).toEqual({
      ciclo: proximo,
      alumnos: 0,
      inscripciones: 0,
    });
  });

  test('con la casilla de preceptores, replicar copia sus cursos del ciclo anterior (tRPC y REST); dos veces no duplica', async () => {
    const a = await alumnado();
    // Un preceptor deshabilitado (no de demostración) no se copia.
    const [deshabilitado] = await db
      .select({ id: s.preceptoresCursos.usuarioId })
      .from(s.preceptoresCursos)
      .innerJoin(s.usuarios, eq(s.usuarios.id, s.preceptoresCursos.usuarioId))
      .where(
        and(
          eq(s.preceptoresCursos.ciclolectivo, ciclo),
          sql`${s.usuarios.email} not in (${EMAIL_DEMO.preceptor}, ${EMAIL_DEMO.multirol})`,
        ),
      )
      .orderBy(s.preceptoresCursos.usuarioId)
      .limit(1);
    await db
      .update(s.usuarios)
      .set({ habilitado: false })
      .where(eq(s.usuarios.id, deshabilitado!.id));
    const esperadas = (await asignacionesDe(ciclo)).filter(([u]) => u !== deshabilitado!.id);
    expect(esperadas.length).toBeGreaterThan(0);

    expect(await asignacionesDe(proximo)).toEqual([]);
    const plan = await a.cursados.planReplicacion({ ciclo: proximo });
    expect(plan.crear).toHaveLength(0);
    expect(plan.preceptores).toBe(esperadas.length);
    const r = await a.cursados.replicar({ ciclo: proximo, preceptores: true });
    expect(r).toMatchObject({ creados: 0, preceptores: esperadas.length });
    expect(await asignacionesDe(proximo)).toEqual(esperadas);
    expect((await a.cursados.planReplicacion({ ciclo: proximo })).preceptores).toBe(0);

    // Por REST, otra vez: nada nuevo.
    const pedido = { db, email: EMAIL_DEMO.alumnado, rol: Rol.Alumnado, ciclo, hoy };
    const rest = await pedirRest('POST', '/api/cursados/replicar', pedido, {
      ciclo: proximo,
      preceptores: 'true',
    });
    expect(rest).toMatchObject({ status: 200, body: { creados: 0, preceptores: 0 } });
    expect(await asignacionesDe(proximo)).toEqual(esperadas);
    await db
      .update(s.usuarios)
      .set({ habilitado: true })
      .where(eq(s.usuarios.id, deshabilitado!.id));
  });

  test('autoinscribir inscribe a quien tiene curso y ninguna inscripción, con la primera materia; repetirla no duplica', async () => {
    const a = await alumnado();
    const [nuevo] = await db
      .insert(s.alumnos)
      .values({ dni: 49_876_543, apellido: 'Nuevo', nombre: 'Ingresante', habilitado: true })
      .returning({ id: s.alumnos.id });
    await db
      .insert(s.alumnosCursos)
      .values({ alumnoId: nuevo!.id, cursoId: ids.curso21, ciclolectivo: ciclo });
    const delCurso = await db
      .select({ id: s.cursados.id })
      .from(s.cursados)
      .innerJoin(s.cursadosCursos, eq(s.cursadosCursos.cursadoId, s.cursados.id))
      .where(and(eq(s.cursadosCursos.cursoId, ids.curso21), eq(s.cursados.ciclolectivo, ciclo)));
    expect(delCurso.length).toBeGreaterThan(5);
    const r = await a.cursados.autoinscribir({ ciclo });
    expect(r.inscripciones).toBe(delCurso.length);
    const suyas = await db
      .select({ materia: s.inscripciones.materiaId, cursado: s.inscripciones.cursadoId })
      .from(s.inscripciones)
      .where(eq(s.inscripciones.alumnoId, nuevo!.id));
    expect(suyas.map((x) => x.cursado).sort()).toEqual(delCurso.map((x) => x.id).sort());
    expect((await a.cursados.autoinscribir({ ciclo })).inscripciones).toBe(0);
  });
});

describe('lecturas de apoyo de las pantallas', () => {
  test('planes, inscriptos de un cursado, cursados de un docente y coordinadores buscables', async () => {
    const a = await alumnado();
    const planes = await a.materias.planes();
    expect(planes.length).toBeGreaterThan(0);
    expect(planes[0]).toEqual({
      orden: expect.any(Number),
      year: expect.any(Number),
      code: expect.any(String),
      name: expect.any(String),
    });
    const [propio] = await (await docente()).cursados.mios();
    const inscriptos = await a.cursados.inscripcionesDe({ id: propio!.cursadoId });
    expect(inscriptos.length).toBe(propio!._count.inscripciones);
    expect(new Set(inscriptos.map((x) => x.materia))).toEqual(
      new Set([propio!.materiasPermitidas[0]!.nombre]),
    );
    expect(
      await codigoDe((await docente()).cursados.inscripcionesDe({ id: propio!.cursadoId })),
    ).toBe('FORBIDDEN');
    // Los cursados de un docente, para Alumnado y para el jefe (sólo los de su departamento).
    const delDocente = await a.cursados.delDocente({ id: ids.docente });
    expect(delDocente.map((x) => x.cursadoId).sort()).toEqual(
      (await (await docente()).cursados.mios()).map((x) => x.cursadoId).sort(),
    );
    const multirol = await idDeUsuario(db, EMAIL_DEMO.multirol);
    expect((await a.cursados.delDocente({ id: multirol })).length).toBeGreaterThan(0);
    expect(await (await jefe()).cursados.delDocente({ id: multirol })).toEqual([]);
    // Coordinadores: sólo usuarios con el rol 512.
    const coords = await (await admin()).buscar.coordinadores({});
    expect(coords.items.map((x) => x.detalle)).toContain(EMAIL_DEMO.coordinador);
    expect(coords.items.map((x) => x.detalle)).not.toContain(EMAIL_DEMO.docente);
    // Alumnos de una materia en un cursado: la materia debe ser una de las permitidas.
    const alumnos = await a.materias.alumnos({
      id: propio!.materiasPermitidas[0]!.orden,
      cursado: propio!.cursadoId,
    });
    expect(alumnos.alumnos.filter((x) => x.inscripto).length).toBe(inscriptos.length);
    expect(await fallo(a.materias.alumnos({ id: ids.tal1, cursado: propio!.cursadoId }))).toEqual({
      status: 400,
      message: 'La materia no es una de las permitidas del cursado.',
    });
  });
});

describe('usuarios por rol y REST', () => {
  test('GET /api/usuario/{rol}/{cursor}: los coordinadores; un rol inválido es 400', async () => {
    const pedido = { db, email: EMAIL_DEMO.admin, rol: Rol.Admin, ciclo, hoy };
    const r = await pedirRest<{ items: { etiqueta: string }[] }>(
      'GET',
      `/api/usuario/${Rol.Coordinador}/0`,
      pedido,
    );
    expect(r.status).toBe(200);
    expect(r.body.items.length).toBeGreaterThan(0);
    expect((await pedirRest('GET', '/api/usuario/3/0', pedido)).status).toBe(400);
    expect(
      (
        await pedirRest('GET', '/api/usuario/1/0', {
          ...pedido,
          email: EMAIL_DEMO.docente,
          rol: Rol.Docente,
        })
      ).status,
    ).toBe(403);
  });

  test('REST: cursados del próximo año, el 409 de borrar una materia en uso, y el vínculo de preceptor', async () => {
    const pedido = { db, email: EMAIL_DEMO.alumnado, rol: Rol.Alumnado, ciclo, hoy };
    const l = await pedirRest<{ ciclo: number; items: unknown[] }>(
      'GET',
      `/api/cursados?ciclo=${ciclo}&limit=5`,
      pedido,
    );
    expect(l).toMatchObject({ status: 200, body: { ciclo } });
    expect(l.body.items).toHaveLength(5);
    const b = await pedirRest('DELETE', `/api/materias/${ids.mat2}`, pedido);
    expect(b.status).toBe(409);
    expect(b.body).toMatchObject({
      error: true,
      message: expect.stringMatching(/^No se puede borrar/),
    });
    const jp = { db, email: EMAIL_DEMO.jefePreceptores, rol: Rol.JefePreceptor, ciclo, hoy };
    const v = await pedirRest('POST', '/api/link/preceptor_curso', jp, {
      preceptor: await idDeUsuario(db, EMAIL_DEMO.preceptor),
      curso: ids.curso21,
      link: 'true',
    });
    expect(v).toMatchObject({ status: 200, body: { link: true, cambio: false } });
  });
});
