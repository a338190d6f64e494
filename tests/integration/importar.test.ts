/**
 * Importar planillas (issue 34 §1) contra una base real: la vista previa es lo que queda en la base
 * al aplicar, reimportar el mismo archivo no cambia nada, vaciar sí/no, al personal se le agregan
 * roles y no se le quitan, dos hermanos comparten un tutor, un DNI repetido en el archivo es un
 * error, y deshacer la última importación (y no poder si algo cambió después).
 */
import ExcelJS from 'exceljs';
import { count, eq, sql } from 'drizzle-orm';
import { Rol } from '@/domain/roles';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { momentoEscolar } from '@/server/reloj';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo } from '../fixtures/contexto';
import { errorDe } from '../fixtures/errores';

const { ciclo } = momentoEscolar();
let c: Conexion;
let db: Db;
type Caller = Awaited<ReturnType<typeof callerComo>>;
let alumnado: Caller;
let admin: Caller;

beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo);
  db = c.db;
  alumnado = await callerComo(db, EMAIL_DEMO.alumnado, Rol.Alumnado, { ciclo });
  admin = await callerComo(db, EMAIL_DEMO.admin, Rol.Admin, { ciclo });
});
afterAll(async () => {
  await c.cerrar();
});

/** Una planilla .xlsx armada con exceljs (la primera fila, el encabezado). */
async function xlsx(filas: ExcelJS.CellValue[][]): Promise<Uint8Array<ArrayBuffer>> {
  const libro = new ExcelJS.Workbook();
  const hoja = libro.addWorksheet('Alumnos');
  for (const f of filas) hoja.addRow(f);
  return new Uint8Array(await libro.xlsx.writeBuffer());
}

const ENCABEZADO = [
  'Apellido y nombre',
  'D.N.I.',
  'Fecha de nacimiento',
  'Teléfono celular',
  'Curso',
  'Tutor 1 Apellido y nombre',
  'Tutor 1 Correo electrónico',
  'Tutor 1 Teléfono',
  'Tutor 2 Apellido y nombre',
  'Tutor 2 Correo electrónico',
];

async function cuantos() {
  const n = async (t: typeof s.alumnos | typeof s.referentes | typeof s.usuarios) =>
    (await db.select({ n: count() }).from(t))[0]!.n;
  const [v] = await db.select({ n: count() }).from(s.alumnosReferentes);
  const [ac] = await db.select({ n: count() }).from(s.alumnosCursos);
  return {
    alumnos: await n(s.alumnos),
    referentes: await n(s.referentes),
    usuarios: await n(s.usuarios),
    vinculos: v!.n,
    cursos: ac!.n,
  };
}

async function subirYMapear(
  quien: Caller,
  bytes: Uint8Array<ArrayBuffer>,
  nombre = 'alumnos.xlsx',
) {
  const subida = await quien.importar.subir({ nombre, datos: bytes });
  return { ...subida, vaciar: false };
}

let cursoNombre = '';
let cursoId = 0;
let archivo: Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  const [curso] = await db
    .select()
    .from(s.cursos)
    .where(sql`${s.cursos.anio} = 1`)
    .orderBy(s.cursos.division)
    .limit(1);
  cursoId = curso!.id;
  cursoNombre = `1° ${curso!.division}ª`;
  archivo = await xlsx([
    ENCABEZADO,
    [
      'QUIROGA Ana María',
      '90.000.001',
      new Date(Date.UTC(2013, 2, 15)),
      '(0341) 15-555-1001',
      cursoNombre,
      'Ledesma, Rosa',
      'rosa.ledesma@gmail.com',
      '341 5552001',
      'Quiroga, Pablo',
      'pablo.quiroga@gmail.com',
    ],
    // El hermano: el mismo tutor 1 (email con mayúsculas), sin tutor 2.
    [
      'Quiroga, Juan',
      90000002,
      '02/05/2014',
      '',
      cursoNombre,
      'LEDESMA Rosa',
      'Rosa.Ledesma@gmail.com',
      '',
      '',
      '',
    ],
    // El mismo DNI que la fila 2: error.
    ['Quiroga, Otra', '90000001', '', '', cursoNombre, '', '', '', '', ''],
    // Un DNI mal escrito: error.
    ['Paz, Leo', '90.000.00', '', '', cursoNombre, '', '', '', '', ''],
    // Filas vacías al final.
    ['', '', '', '', '', '', '', '', '', ''],
  ]);
});

describe('alumnos, tutores y vínculos', () => {
  let id = 0;
  let mapeo: (string | null)[] = [];
  let vista: Awaited<ReturnType<Caller['importar']['vista']>>;

  test('subir lee la grilla y propone el mapeo; nada más se escribe', async () => {
    const antes = await cuantos();
    const r = await subirYMapear(alumnado, archivo);
    id = r.id;
    mapeo = r.mapeo;
    expect(r.filas).toBe(4);
    expect(r.encabezados).toEqual(ENCABEZADO);
    expect(r.mapeo).toEqual([
      'alumno.apellidoYNombre',
      'alumno.dni',
      'alumno.nacimiento',
      'alumno.telefono',
      'alumno.curso',
      'tutor1.apellidoYNombre',
      'tutor1.email',
      'tutor1.telefono',
      'tutor2.apellidoYNombre',
      'tutor2.email',
    ]);
    // La fecha de la celda de fecha, como dd/mm/aaaa; el número, como texto.
    expect(r.muestra[0]![2]).toBe('15/03/2013');
    expect(r.muestra[1]![1]).toBe('90000002');
    expect(await cuantos()).toEqual(antes);
  });

  test('la vista previa: cada fila con su resultado y los errores por celda; no escribe', async () => {
    const antes = await cuantos();
    vista = await alumnado.importar.vista({ id, mapeo, vaciar: false });
    expect(await cuantos()).toEqual(antes);
    expect(vista.filas.map((f) => f.fila)).toEqual([2, 3, 4, 5]);
    expect(vista.filas[2]!.errores).toEqual([
      { columna: 'D.N.I.', mensaje: 'Fila 4, D.N.I.: el DNI 90.000.001 ya está en la fila 2' },
    ]);
    expect(vista.filas[3]!.errores[0]!.mensaje).toBe(
      "Fila 5, D.N.I.: '90.000.00' no es un DNI válido",
    );
    expect(vista.cuentas.errores).toBe(2);
    expect(vista.cuentas.porTipo.alumno).toEqual({
      crear: 2,
      actualizar: 0,
      sinCambios: 0,
      // La fila 5 no tiene un alumno (su DNI no es válido): sólo su error.
      omitir: 1,
    });
    // Un tutor para los dos hermanos (con dos vínculos) y el tutor 2 del primero.
    expect(vista.cuentas.porTipo.tutor).toEqual({
      crear: 2,
      actualizar: 0,
      sinCambios: 1,
      omitir: 0,
    });
    expect(vista.cuentas.porTipo.vinculo.crear).toBe(3);
    const ana = vista.filas[0]!.entidades[0]!;
    expect(ana).toMatchObject({
      tipo: 'alumno',
      etiqueta: 'Quiroga, Ana María (DNI 90.000.001)',
      accion: 'crear',
    });
    expect(ana.cambios).toContainEqual({ campo: 'Teléfono', antes: '', despues: '341 5551001' });
    expect(ana.cambios).toContainEqual({ campo: 'Nacimiento', antes: '', despues: '15/03/2013' });
  });

  test('aplicar hace lo que dijo la vista previa, en la base', async () => {
    const antes = await cuantos();
    const r = await alumnado.importar.aplicar({ id, mapeo, vaciar: false });
    expect(r).toEqual(vista);
    const despues = await cuantos();
    expect(despues).toEqual({
      ...antes,
      alumnos: antes.alumnos + vista.cuentas.porTipo.alumno.crear,
      referentes: antes.referentes + vista.cuentas.porTipo.tutor.crear,
      vinculos: antes.vinculos + vista.cuentas.porTipo.vinculo.crear,
      cursos: antes.cursos + 2,
    });
    const alumnos = await db
      .select()
      .from(s.alumnos)
      .where(sql`${s.alumnos.dni} in (90000001, 90000002)`)
      .orderBy(s.alumnos.dni);
    expect(alumnos.map((a) => [a.apellido, a.nombre, a.telefono, a.nacimiento])).toEqual([
      ['Quiroga', 'Ana María', '341 5551001', '2013-03-15'],
      ['Quiroga', 'Juan', null, '2014-05-02'],
    ]);
    const ledesma = await db
      .select()
      .from(s.referentes)
      .where(eq(s.referentes.email, 'rosa.ledesma@gmail.com'));
    expect(ledesma).toHaveLength(1);
    const vinculos = await db
      .select()
      .from(s.alumnosReferentes)
      .where(eq(s.alumnosReferentes.referenteId, ledesma[0]!.id));
    expect(vinculos.map((v) => [v.alumnoId, v.confirmado, v.confirmadoCon])).toEqual(
      alumnos.map((a) => [a.id, true, 'personal']),
    );
    const cursosDelCiclo = await db.select({ curso: s.alumnosCursos.cursoId }).from(s.alumnosCursos)
      .where(sql`${s.alumnosCursos.alumnoId} in (${alumnos[0]!.id}, ${alumnos[1]!.id})
        and ${s.alumnosCursos.ciclolectivo} = ${ciclo}`);
    expect(cursosDelCiclo).toEqual([{ curso: cursoId }, { curso: cursoId }]);
    // Registrada y auditada.
    const [imp] = await db.select().from(s.importaciones).where(eq(s.importaciones.id, id));
    expect(imp).toMatchObject({ estado: 'aplicada', nombre: 'alumnos.xlsx', vaciar: false });
    expect(imp!.sha256).toMatch(/^[0-9a-f]{64}$/);
    const [aud] = await db.select().from(s.auditoria)
      .where(sql`${s.auditoria.entidad} = 'importaciones' and ${s.auditoria.accion} = 'aplicar'
        and ${s.auditoria.entidadId} = ${String(id)}`);
    expect(aud).toBeDefined();
  });

  test('aplicar dos veces la misma importación es un error', async () => {
    const e = await errorDe(alumnado.importar.aplicar({ id, mapeo, vaciar: false }));
    expect([e.code, e.message]).toEqual(['CONFLICT', 'Esta importación ya se aplicó.']);
  });

  test('reimportar el mismo archivo: todo sin cambios y la base igual', async () => {
    const antes = await cuantos();
    const otra = await subirYMapear(admin, archivo);
    const r = await admin.importar.aplicar({ id: otra.id, mapeo: otra.mapeo, vaciar: false });
    const acciones = new Set(
      r.filas.filter((f) => !f.errores.length).flatMap((f) => f.entidades.map((e) => e.accion)),
    );
    expect([...acciones]).toEqual(['sin cambios']);
    expect(r.cuentas).toMatchObject({ crear: 0, actualizar: 0 });
    expect(await cuantos()).toEqual(antes);
  });

  test('una celda vacía no borra; con vaciar, sí', async () => {
    const sinTelefono = await xlsx([
      ['DNI', 'Apellido', 'Nombre', 'Teléfono'],
      ['90000001', 'Quiroga', 'Ana María', ''],
    ]);
    const a = await subirYMapear(alumnado, sinTelefono, 'vacia.xlsx');
    const sinVaciar = await alumnado.importar.vista({ id: a.id, mapeo: a.mapeo, vaciar: false });
    expect(sinVaciar.filas[0]!.entidades[0]!.accion).toBe('sin cambios');
    const conVaciar = await alumnado.importar.aplicar({ id: a.id, mapeo: a.mapeo, vaciar: true });
    expect(conVaciar.filas[0]!.entidades[0]!.cambios).toEqual([
      { campo: 'Teléfono', antes: '341 5551001', despues: '' },
    ]);
    const [ana] = await db.select().from(s.alumnos).where(eq(s.alumnos.dni, 90000001));
    expect(ana!.telefono).toBeNull();
  });

  test('deshacer la última: vuelve el teléfono; la anterior ya no es la última', async () => {
    const [ultima] = await db
      .select({ id: s.importaciones.id })
      .from(s.importaciones)
      .where(eq(s.importaciones.nombre, 'vacia.xlsx'));
    const e = await errorDe(alumnado.importar.deshacer({ id }));
    expect(e.message).toBe('Sólo se puede deshacer la última importación aplicada.');
    const historial = await alumnado.importar.historial();
    expect(historial.filter((h) => h.puedeDeshacer).map((h) => h.id)).toEqual([ultima!.id]);
    expect(await alumnado.importar.deshacer({ id: ultima!.id })).toEqual({ deshechas: 1 });
    const [ana] = await db.select().from(s.alumnos).where(eq(s.alumnos.dni, 90000001));
    expect(ana!.telefono).toBe('341 5551001');
  });

  test('deshacer lo creado, y no si algo cambió después', async () => {
    const antes = await cuantos();
    const nuevo = await xlsx([
      ['Apellido', 'Nombre', 'DNI', 'Curso', 'Tutor 1 Apellido', 'Tutor 1 Nombre', 'Tutor 1 Email'],
      ['Ibarra', 'Sol', '90000010', cursoNombre, 'Ibarra', 'Raúl', 'raul.ibarra@gmail.com'],
      ['Ibarra', 'Lucas', '90000011', cursoNombre, 'Ibarra', 'Raúl', 'raul.ibarra@gmail.com'],
    ]);
    const a = await subirYMapear(alumnado, nuevo, 'ibarra.xlsx');
    await alumnado.importar.aplicar({ id: a.id, mapeo: a.mapeo, vaciar: false });
    expect((await cuantos()).alumnos).toBe(antes.alumnos + 2);
    // Alguien cambia a un alumno creado: no se puede deshacer, y el error dice quién.
    await db.update(s.alumnos).set({ telefono: '341 5559999' }).where(eq(s.alumnos.dni, 90000011));
    const e = await errorDe(alumnado.importar.deshacer({ id: a.id }));
    expect(e.code).toBe('CONFLICT');
    expect(e.message).toBe(
      'No se puede deshacer: cambió después de la importación: el alumno Ibarra, Lucas (DNI 90.000.011) se modificó.',
    );
    expect((await cuantos()).alumnos).toBe(antes.alumnos + 2);
    // Vuelto atrás el cambio, se deshace: ni alumnos, ni tutor, ni vínculos, ni cursos.
    await db.update(s.alumnos).set({ telefono: null }).where(eq(s.alumnos.dni, 90000011));
    const r = await alumnado.importar.deshacer({ id: a.id });
    expect(r.deshechas).toBe(7);
    expect(await cuantos()).toEqual(antes);
    const [imp] = await db.select().from(s.importaciones).where(eq(s.importaciones.id, a.id));
    expect(imp!.estado).toBe('deshecha');
    const e2 = await errorDe(alumnado.importar.vista({ id: a.id, mapeo: a.mapeo, vaciar: false }));
    expect(e2.code).toBe('CONFLICT');
  });
});

describe('personal', () => {
  test('por email: agrega roles sin quitar; uno nuevo con sus roles', async () => {
    const [antes] = await db
      .select()
      .from(s.usuarios)
      .where(eq(s.usuarios.email, EMAIL_DEMO.docente));
    const planilla = await xlsx([
      ['Apellido', 'Nombre', 'Email', 'Teléfono', 'Roles'],
      [antes!.apellido, antes!.nombre, EMAIL_DEMO.docente.toUpperCase(), '', 'Preceptor'],
      ['Funes', 'Marta', 'marta.funes@gmail.com', '341 5557777', 'Docente, Jefe de Departamento'],
      ['Sin', 'Roles', 'sin.roles@gmail.com', '', ''],
    ]);
    const a = await subirYMapear(admin, planilla, 'personal.xlsx');
    expect(a.mapeo).toEqual([
      'personal.apellido',
      'personal.nombre',
      'personal.email',
      'personal.telefono',
      'personal.roles',
    ]);
    const r = await admin.importar.aplicar({ id: a.id, mapeo: a.mapeo, vaciar: false });
    expect(r.filas[2]!.errores[0]!.mensaje).toBe(
      'Fila 4, Roles: indique al menos un rol para crear el usuario',
    );
    const [docente] = await db.select().from(s.usuarios).where(eq(s.usuarios.id, antes!.id));
    expect(docente!.rls).toBe(antes!.rls | Rol.Preceptor);
    expect(docente!.apellido).toBe(antes!.apellido);
    const [marta] = await db
      .select()
      .from(s.usuarios)
      .where(eq(s.usuarios.email, 'marta.funes@gmail.com'));
    expect(marta).toMatchObject({
      rls: Rol.Docente | Rol.JefeDepartamento,
      telefono: '341 5557777',
    });
    // Una planilla con menos roles no quita ninguno.
    const menos = await xlsx([
      ['Apellido', 'Nombre', 'Email', 'Roles'],
      ['Funes', 'Marta', 'marta.funes@gmail.com', 'Docente'],
    ]);
    const b = await subirYMapear(admin, menos, 'menos.xlsx');
    const r2 = await admin.importar.aplicar({ id: b.id, mapeo: b.mapeo, vaciar: true });
    expect(r2.filas[0]!.entidades[0]!.accion).toBe('sin cambios');
    const [marta2] = await db.select().from(s.usuarios).where(eq(s.usuarios.id, marta!.id));
    expect(marta2!.rls).toBe(Rol.Docente | Rol.JefeDepartamento);
    // Deshacer la que no cambió nada y después la anterior: el docente vuelve a sus roles y la
    // persona creada ya no está.
    expect(await admin.importar.deshacer({ id: b.id })).toEqual({ deshechas: 0 });
    expect(await admin.importar.deshacer({ id: a.id })).toEqual({ deshechas: 2 });
    const [docente2] = await db.select().from(s.usuarios).where(eq(s.usuarios.id, antes!.id));
    expect(docente2!.rls).toBe(antes!.rls);
    expect(await db.select().from(s.usuarios).where(eq(s.usuarios.id, marta!.id))).toEqual([]);
  });

  test('una planilla de tutores: el DNI del alumno vincula con alumnos que ya existen', async () => {
    const [uno, dos] = await db.select().from(s.alumnos).orderBy(s.alumnos.id).limit(2);
    const planilla = await xlsx([
      ['Tutor apellido y nombre', 'Tutor email', 'DNI'],
      ['Vera, Nora', 'nora.vera@gmail.com', `${uno!.dni}; ${dos!.dni}`],
    ]);
    const a = await subirYMapear(alumnado, planilla, 'tutores.xlsx');
    expect(a.mapeo).toEqual(['tutor1.apellidoYNombre', 'tutor1.email', 'tutor1.alumnoDni']);
    const r = await alumnado.importar.aplicar({ id: a.id, mapeo: a.mapeo, vaciar: false });
    expect(r.filas[0]!.entidades.map((e) => [e.tipo, e.accion])).toEqual([
      ['tutor', 'crear'],
      ['vinculo', 'crear'],
      ['vinculo', 'crear'],
    ]);
    const [nora] = await db
      .select()
      .from(s.referentes)
      .where(eq(s.referentes.email, 'nora.vera@gmail.com'));
    const vinculos = await db
      .select({ alumno: s.alumnosReferentes.alumnoId, confirmado: s.alumnosReferentes.confirmado })
      .from(s.alumnosReferentes)
      .where(eq(s.alumnosReferentes.referenteId, nora!.id))
      .orderBy(s.alumnosReferentes.alumnoId);
    expect(vinculos).toEqual([
      { alumno: uno!.id, confirmado: true },
      { alumno: dos!.id, confirmado: true },
    ]);
  });
});

describe('cursos', () => {
  test('se crea un curso; no se deshace si después se puso un alumno en él', async () => {
    const planilla = await xlsx([
      ['Año', 'División', 'Especialidad'],
      ['6', '7', 'Química'],
    ]);
    const a = await subirYMapear(alumnado, planilla, 'cursos.xlsx');
    expect(a.mapeo).toEqual(['curso.anio', 'curso.division', 'curso.especialidad']);
    const r = await alumnado.importar.aplicar({ id: a.id, mapeo: a.mapeo, vaciar: false });
    expect(r.filas[0]!.entidades[0]).toMatchObject({ etiqueta: '6° Química', accion: 'crear' });
    const [curso] = await db
      .select()
      .from(s.cursos)
      .where(sql`${s.cursos.anio} = 6 and ${s.cursos.division} = 7`);
    expect(curso!.especialidad).toBe('Química');
    const [alumno] = await db.select().from(s.alumnos).orderBy(s.alumnos.id).limit(1);
    await db
      .insert(s.alumnosCursos)
      .values({ alumnoId: alumno!.id, cursoId: curso!.id, ciclolectivo: ciclo + 1 });
    const e = await errorDe(alumnado.importar.deshacer({ id: a.id }));
    expect([e.code, e.message]).toEqual([
      'CONFLICT',
      'No se puede deshacer: cambió después de la importación: hay datos nuevos que usan lo que creó.',
    ]);
    const [sigue] = await db.select().from(s.cursos).where(eq(s.cursos.id, curso!.id));
    expect(sigue).toBeDefined();
  });
});

describe('dos importaciones a la vez', () => {
  test('dos planillas con el mismo tutor nuevo, aplicadas juntas: un tutor con sus dos vínculos', async () => {
    const encabezado = [
      'Apellido',
      'Nombre',
      'DNI',
      'Curso',
      'Tutor 1 Apellido y nombre',
      'Tutor 1 Email',
    ];
    const fila = (apellido: string, dni: number) => [
      apellido,
      'Sol',
      dni,
      cursoNombre,
      'Ferreyra, Marta',
      'marta.ferreyra.simultanea@gmail.com',
    ];
    const a = await subirYMapear(
      alumnado,
      await xlsx([encabezado, fila('Acosta', 90000801)]),
      'a.xlsx',
    );
    const b = await subirYMapear(
      admin,
      await xlsx([encabezado, fila('Benítez', 90000802)]),
      'b.xlsx',
    );
    const [ra, rb] = await Promise.all([
      alumnado.importar.aplicar({ id: a.id, mapeo: a.mapeo, vaciar: false }),
      admin.importar.aplicar({ id: b.id, mapeo: b.mapeo, vaciar: false }),
    ]);
    // Una de las dos crea a la tutora; la otra, que esperó, la encuentra y sólo la vincula.
    expect([ra.cuentas.porTipo.tutor.crear, rb.cuentas.porTipo.tutor.crear].sort()).toEqual([0, 1]);
    const tutoras = await db
      .select()
      .from(s.referentes)
      .where(eq(s.referentes.email, 'marta.ferreyra.simultanea@gmail.com'));
    expect(tutoras).toHaveLength(1);
    const vinculos = await db
      .select({ dni: s.alumnos.dni })
      .from(s.alumnosReferentes)
      .innerJoin(s.alumnos, eq(s.alumnos.id, s.alumnosReferentes.alumnoId))
      .where(eq(s.alumnosReferentes.referenteId, tutoras[0]!.id))
      .orderBy(s.alumnos.dni);
    expect(vinculos.map((v) => Number(v.dni))).toEqual([90000801, 90000802]);
  });
});
