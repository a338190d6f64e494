/**
 * Listas exportables de la escuela (issue 34 §2): el acta de una mesa, los alumnos de una PIC,
 * los referentes de un curso y el seguimiento de inscripciones. Cada una se pide a
 * /api/exportar/[lista] (el mismo núcleo que la ruta) y se abre con exceljs: el archivo dice,
 * celda por celda, lo que devuelve el procedimiento de la pantalla para la misma entrada; el .csv
 * dice lo mismo que el .xlsx. Un rol que no ve la pantalla recibe 403, y fuera del alcance de la
 * pantalla (un docente con una mesa ajena, un jefe de departamento con una PIC de otro, un
 * preceptor con un curso que no es suyo) también.
 */
import { nombreCompleto } from '@/domain/escuela';
import { ETIQUETA_ESTADO_INSCRIPCION } from '@/domain/inscripcion';
import { AUSENTE } from '@/domain/notas';
import { Rol } from '@/domain/roles';
import { PENDIENTE_DE_CONFIRMACION } from '@/domain/vinculos';
import { momentoEscolar } from '@/server/reloj';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo } from '../fixtures/contexto';
import { exportador, QUIEN, type Quien } from '../fixtures/exportar';
import type { HojaLeida, ValorLeido } from '../fixtures/xlsx';

const { ciclo, zona } = momentoEscolar();

let c: Conexion;
let db: Db;
const { pedir, exportar } = exportador(() => db, ciclo);
type Caller = Awaited<ReturnType<typeof callerComo>>;
let admin: Caller;
let alumnado: Caller;

beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo);
  db = c.db;
  admin = await callerComo(db, QUIEN.admin.email, QUIEN.admin.rol, { ciclo });
  alumnado = await callerComo(db, QUIEN.alumnado.email, QUIEN.alumnado.rol, { ciclo });
}, 120_000);

afterAll(async () => {
  await c?.cerrar();
});

/** El día de un instante en la hora de la escuela, 'AAAA-MM-DD' (como lo lee `leerXlsx`). */
const diaEnLaEscuela = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zona }).format(new Date(iso));

/** Lo que la planilla debe decir: el encabezado y cada fila (vacío: null). */
function esperar(hoja: HojaLeida, encabezado: string[], filas: ValorLeido[][]) {
  expect(hoja.encabezado).toEqual(encabezado);
  expect(hoja.filas).toEqual(filas.map((f) => f.map((v) => (v === '' ? null : v))));
}

async function estado(quien: Quien | null, lista: string, q: Record<string, string | number>) {
  const r = await pedir(quien, lista, { ...q, formato: 'xlsx' });
  return { status: r.status, cuerpo: r.status === 200 ? null : await r.json() };
}

// ---------------------------------------------------------------------------------------------

describe('acta de una mesa (acta-mesa)', () => {
  /** Una mesa del año anterior con el acta cerrada y resultados (la semilla las cierra). */
  async function mesaConResultados() {
    const { items } = await admin.mesas.lista({ anio: ciclo - 1, q: '', cursor: 0 });
    for (const m of items)
      for (const x of m.materias) {
        if (x.alumnos < 2) continue;
        const acta = await admin.mesas.acta({ id: m.id, materia: x.id });
        if (acta.alumnos.some((a) => a.resultado?.tipoNota === 'normal'))
          return { mesa: m, materia: x.id, acta };
      }
    throw new Error('La semilla no tiene actas con resultados');
  }

  const filasDe = (acta: Awaited<ReturnType<Caller['mesas']['acta']>>) =>
    acta.alumnos.map((a, i) => [
      i + 1,
      nombreCompleto(a),
      a.curso,
      a.ciclo,
      a.resultado == null
        ? null
        : a.resultado.tipoNota === 'normal'
          ? a.resultado.nota
          : a.resultado.tipoNota === 'ausente'
            ? 'A'
            : 'AC',
    ]);
  const ENCABEZADO = ['N°', 'Apellido y nombre', 'Curso', 'Ciclo', 'Nota'];

  it('Alumnado: el acta, celda por celda como mesas.acta; las notas son números', async () => {
    const { mesa, materia, acta } = await mesaConResultados();
    const { hoja, nombre } = await exportar(QUIEN.alumnado, 'acta-mesa', {
      mesa: mesa.id,
      materia,
    });
    esperar(hoja, ENCABEZADO, filasDe(acta));
    expect(hoja.filas.some((f) => typeof f[4] === 'number')).toBe(true);
    expect(nombre).toMatch(new RegExp(`^acta-.+-${acta.mesa.fecha}\\.xlsx$`));
  });

  it('un docente exporta el acta de una mesa de su tribunal y no la de una ajena (403)', async () => {
    const docente = await callerComo(db, QUIEN.docente.email, QUIEN.docente.rol, { ciclo });
    const propias = await docente.mesas.lista({ anio: ciclo, q: '', cursor: 0 });
    const propia = propias.items.find((m) => m.materias.length > 0);
    expect(propia).toBeDefined();
    const materia = propia!.materias[0]!.id;
    const { hoja } = await exportar(QUIEN.docente, 'acta-mesa', { mesa: propia!.id, materia });
    esperar(hoja, ENCABEZADO, filasDe(await docente.mesas.acta({ id: propia!.id, materia })));

    const ids = new Set(propias.items.map((m) => m.id));
    const todas = await admin.mesas.lista({ anio: ciclo, q: '', cursor: 0 });
    const ajena = todas.items.find((m) => !ids.has(m.id) && m.materias.length > 0)!;
    const r = await estado(QUIEN.docente, 'acta-mesa', {
      mesa: ajena.id,
      materia: ajena.materias[0]!.id,
    });
    expect(r).toEqual({
      status: 403,
      cuerpo: { error: true, message: 'No tiene acceso a esa mesa.' },
    });
  });

  it('el jefe de departamento no ve actas (403); sin sesión, 401; mesa inexistente, 404', async () => {
    const { mesa, materia } = await mesaConResultados();
    expect(
      (await estado(QUIEN.jefeDepartamento, 'acta-mesa', { mesa: mesa.id, materia })).status,
    ).toBe(403);
    expect((await estado(null, 'acta-mesa', { mesa: mesa.id, materia })).status).toBe(401);
    expect((await estado(QUIEN.admin, 'acta-mesa', { mesa: 999_999, materia })).status).toBe(404);
    expect((await estado(QUIEN.admin, 'acta-mesa', { mesa: 'x', materia })).status).toBe(400);
  });
});

// ---------------------------------------------------------------------------------------------

describe('alumnos de una PIC (pic-alumnos)', () => {
  async function pics(caller: Caller) {
    return (await caller.pics.delAnio({ anio: ciclo })).pics;
  }
  const clave = (p: Awaited<ReturnType<typeof pics>>[number]) => ({
    anio: p.anio,
    materia: p.materia.id,
    cuatrimestre: p.cuatrimestre,
  });

  it('Alumnado: cada alumno con su curso y su nota, celda por celda como pics.alumnos', async () => {
    const conAlumnos = (await pics(alumnado)).find((p) => p.alumnos > 1);
    expect(conAlumnos).toBeDefined();
    const k = clave(conAlumnos!);
    const { alumnos } = await alumnado.pics.alumnos(k);
    const { hoja, nombre } = await exportar(QUIEN.alumnado, 'pic-alumnos', k);
    esperar(
      hoja,
      ['Apellido', 'Nombre', 'Curso', 'Nota del cuatrimestre', 'Agregado'],
      alumnos.map((a) => [
        a.apellido,
        a.nombre,
        a.curso,
        a.notaCuatrimestre === AUSENTE ? 'A' : a.notaCuatrimestre,
        a.origen === 'agregado' ? 'Sí' : null,
      ]),
    );
    expect(hoja.filas.some((f) => typeof f[3] === 'number')).toBe(true);
    expect(nombre).toMatch(new RegExp(`^pic-.+-${ciclo}-${k.cuatrimestre}c\\.xlsx$`));
  });

  it('un jefe de departamento, sólo las PIC de su departamento; el docente no (403)', async () => {
    const jefe = await callerComo(db, QUIEN.jefeDepartamento.email, QUIEN.jefeDepartamento.rol, {
      ciclo,
    });
    const suyas = await pics(jefe);
    expect(suyas.length).toBeGreaterThan(0);
    const { hoja } = await exportar(QUIEN.jefeDepartamento, 'pic-alumnos', clave(suyas[0]!));
    expect(hoja.filas).toHaveLength((await jefe.pics.alumnos(clave(suyas[0]!))).alumnos.length);

    const propias = new Set(suyas.map((p) => p.materia.id));
    const ajena = (await pics(admin)).find((p) => !propias.has(p.materia.id));
    expect(ajena).toBeDefined();
    const r = await estado(QUIEN.jefeDepartamento, 'pic-alumnos', clave(ajena!));
    expect(r.status).toBe(403);
    expect((await estado(QUIEN.docente, 'pic-alumnos', clave(ajena!))).status).toBe(403);
  });
});

// ---------------------------------------------------------------------------------------------

describe('referentes de un curso (referentes-curso)', () => {
  it('JefePreceptor: una fila por referente, celda por celda como referentes.porCurso', async () => {
    const jefeP: Quien = { email: EMAIL_DEMO.jefePreceptores, rol: Rol.JefePreceptor };
    const { items } = await admin.buscar.cursos({ q: '', cursor: 0, limit: 50 });
    const curso = items[0]!.id;
    const jefe = await callerComo(db, jefeP.email, jefeP.rol, { ciclo });
    const r = await jefe.referentes.porCurso({ curso, ciclo });
    const filas = r.alumnos.flatMap((a) =>
      a.referentes.length
        ? a.referentes.map((x) => [
            nombreCompleto(a),
            nombreCompleto(x),
            x.telefono,
            x.email,
            x.exalumno ? 'Sí' : 'No',
            x.confirmado ? 'Confirmado' : PENDIENTE_DE_CONFIRMACION,
          ])
        : [[nombreCompleto(a), 'Sin referentes', null, null, null, null]],
    );
    expect(filas.length).toBeGreaterThan(0);
    const { hoja, nombre } = await exportar(jefeP, 'referentes-curso', { curso, ciclo });
    esperar(hoja, ['Alumno', 'Referente', 'Teléfono', 'Email', 'Exalumno', 'Vínculo'], filas);
    expect(nombre).toMatch(new RegExp(`^referentes-.+-${ciclo}\\.xlsx$`));
  });

  it('un preceptor, sus cursos; otro curso, 403; un docente no ve la pantalla (403)', async () => {
    const preceptor = await callerComo(db, QUIEN.preceptor.email, QUIEN.preceptor.rol, { ciclo });
    const suyos = (await preceptor.buscar.cursos({ q: '', cursor: 0, limit: 50 })).items;
    expect(suyos.length).toBeGreaterThan(0);
    const { hoja } = await exportar(QUIEN.preceptor, 'referentes-curso', {
      curso: suyos[0]!.id,
      ciclo,
    });
    expect(hoja.filas.length).toBeGreaterThan(0);
    const propios = new Set(suyos.map((x) => x.id));
    const todos = (await admin.buscar.cursos({ q: '', cursor: 0, limit: 50 })).items;
    const otro = todos.find((x) => !propios.has(x.id))!;
    expect(
      (await estado(QUIEN.preceptor, 'referentes-curso', { curso: otro.id, ciclo })).status,
    ).toBe(403);
    expect(
      (await estado(QUIEN.docente, 'referentes-curso', { curso: otro.id, ciclo })).status,
    ).toBe(403);
  });
});

// ---------------------------------------------------------------------------------------------

describe('seguimiento de inscripciones (inscripciones)', () => {
  type Listado = Awaited<ReturnType<Caller['inscripcion']['listar']>>;
  const filasDe = (r: Listado, pasa: (e: string | null) => boolean = () => true) =>
    r.cursos.flatMap((c) =>
      c.alumnos
        .filter((a) => pasa(a.inscripcion?.estado ?? null))
        .map((a) => {
          const i = a.inscripcion;
          return [
            c.nombre,
            a.apellido,
            a.nombre,
            a.dni,
            i ? ETIQUETA_ESTADO_INSCRIPCION[i.estado] : 'Sin inscripción',
            i?.observacion ?? null,
            i ? diaEnLaEscuela(i.creado) : null,
            i?.email ?? null,
            i?.telefono ?? null,
            i ? (i.comprobante === 'application/pdf' ? 'PDF' : 'Imagen') : null,
          ];
        }),
    );
  const ENCABEZADO = [
    'Curso',
    'Apellido',
    'Nombre',
    'DNI',
    'Estado',
    'Observación',
    'Enviada',
    'Email',
    'Teléfono',
    'Comprobante',
  ];

  it('Alumnado: toda la escuela, celda por celda como inscripcion.listar (DNI y fecha con su tipo)', async () => {
    const r = await alumnado.inscripcion.listar({ ciclo });
    const { hoja, nombre } = await exportar(QUIEN.alumnado, 'inscripciones', { ciclo });
    esperar(hoja, ENCABEZADO, filasDe(r));
    expect(r.inscriptos).toBeGreaterThan(0);
    expect(hoja.filas.every((f) => typeof f[3] === 'number')).toBe(true);
    expect(nombre).toBe(`inscripciones-${ciclo}.xlsx`);
  });

  it('con el curso y el filtro "Mostrar" de la pantalla', async () => {
    const todo = await alumnado.inscripcion.listar({ ciclo });
    const curso = todo.cursos.find((x) => x.inscriptos > 0 && x.faltantes > 0)!;
    const r = await alumnado.inscripcion.listar({ ciclo, curso: curso.orden });
    const { hoja } = await exportar(QUIEN.admin, 'inscripciones', {
      ciclo,
      curso: curso.orden,
      filtro: 'faltantes',
    });
    const esperadas = filasDe(r, (e) => e == null);
    expect(esperadas).toHaveLength(curso.faltantes);
    esperar(hoja, ENCABEZADO, esperadas);
  });

  it('un preceptor no ve la pantalla (403)', async () => {
    expect((await estado(QUIEN.preceptor, 'inscripciones', { ciclo })).status).toBe(403);
  });
});
