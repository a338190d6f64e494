/**
 * Listas exportables de varias páginas (issue 34 §2): las mesas del año, las materias, los
 * cursados de un ciclo, los alumnos y los usuarios. Cada pantalla las lee de a páginas ("Cargar
 * más"); la exportación (`paginada`) las trae todas: el archivo dice, celda por celda, lo que
 * devuelven TODAS las páginas del procedimiento de la pantalla para la misma entrada (con páginas
 * chicas, `limit`, o con mesas creadas acá, para que haya más de una). Los alumnos y los usuarios
 * salen con los encabezados que la importación reconoce (`mapeoAutomatico`). Un rol que no ve la
 * pantalla recibe 403; el alcance es el de la pantalla (un docente, sus mesas; un preceptor, sus
 * alumnos). El tope de filas (10.000) se prueba con un tope chico sobre el mismo bucle.
 */
import { TRPCError } from '@trpc/server';
import { mapeoAutomatico } from '@/domain/importacion/campos';
import { nombreCompleto } from '@/domain/escuela';
import { instanteEnZona } from '@/domain/ics';
import { ETIQUETA_ROL } from '@/domain/roles';
import { EXPORTACIONES } from '@/server/api/exportaciones';
import {
  MAXIMO_FILAS_EXPORTACION,
  MENSAJE_DEMASIADAS_FILAS,
  todasLasPaginas,
} from '@/server/api/exportar';
import { crearContexto } from '@/server/api/trpc';
import { momentoEscolar } from '@/server/reloj';
import type { Conexion, Db } from '@/server/db';
import { mesas, mesasTribunal } from '@/server/db/schema';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo, idDeUsuario, sesionDe } from '../fixtures/contexto';
import { exportador, QUIEN, type Consulta, type Quien } from '../fixtures/exportar';
import type { HojaLeida, ValorLeido } from '../fixtures/xlsx';

const { ciclo, zona } = momentoEscolar();

let c: Conexion;
let db: Db;
const { pedir, exportar } = exportador(() => db, ciclo);
type Caller = Awaited<ReturnType<typeof callerComo>>;

/**
 * Un año pasado sin mesas de la demo (la lista acepta de 2021 al actual): las 31 mesas de la
 * prueba (más de una página de 30).
 */
const ANIO_MESAS = 2022;
const MESAS_CREADAS = 31;
/** Cuántas de ellas son de la instancia buscada y cuántas tienen al docente en el tribunal. */
const ESPECIALES = 4;
const DEL_DOCENTE = 3;
/** Páginas chicas para que las listas de la demo tengan varias. */
const PAGINA = 7;

beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo);
  db = c.db;
  const creadas = await db
    .insert(mesas)
    .values(
      Array.from({ length: MESAS_CREADAS }, (_, i) => ({
        comienzo: instanteEnZona(
          `${ANIO_MESAS}-03-${String(1 + (i % 28)).padStart(2, '0')}`,
          `${String(8 + (i % 5)).padStart(2, '0')}:30`,
          zona,
        ),
        instancia: i < ESPECIALES ? 'Mesa especial de prueba' : 'Marzo regular',
        aula: i % 2 ? `Aula ${i}` : null,
      })),
    )
    .returning({ id: mesas.id });
  const docente = await idDeUsuario(db, QUIEN.docente.email);
  await db
    .insert(mesasTribunal)
    .values(
      creadas.slice(-DEL_DOCENTE).map((m) => ({ mesaId: m.id, docenteId: docente, orden: 1 })),
    );
}, 120_000);

afterAll(async () => {
  await c?.cerrar();
});

const como = (q: Quien) => callerComo(db, q.email, q.rol, { ciclo });

async function estado(quien: Quien | null, lista: string, q: Consulta = {}) {
  return (await pedir(quien, lista, { ...q, formato: 'xlsx' })).status;
}

/** Todas las páginas de un procedimiento con `cursor` (como "Cargar más" hasta el final). */
async function todas<T>(
  pagina: (cursor: number) => Promise<{ items: T[]; siguiente: number | null }>,
) {
  const items: T[] = [];
  let paginas = 0;
  for (let cursor: number | null = 0; cursor != null; paginas++) {
    const p = await pagina(cursor);
    items.push(...p.items);
    cursor = p.siguiente;
  }
  return { items, paginas };
}

/** El encabezado y las filas esperadas (texto vacío o ausente: celda vacía). */
function esperar(hoja: HojaLeida, encabezado: string[], filas: ValorLeido[][]) {
  expect(hoja.encabezado).toEqual(encabezado);
  expect(hoja.filas).toEqual(filas.map((f) => f.map((v) => (v === '' ? null : v))));
}

// ---------------------------------------------------------------------------------------------

describe('mesas del año (mesas)', () => {
  const ENCABEZADO = [
    'Materias',
    'Fecha',
    'Hora',
    'Instancia',
    'Aula',
    'Tribunal',
    'Alumnos',
    'Actas',
  ];
  type Mesa = Awaited<ReturnType<Caller['mesas']['lista']>>['items'][number];
  const filaDe = (m: Mesa): ValorLeido[] => {
    const cerradas = m.materias.filter((x) => x.cerrada).length;
    return [
      m.materias.map((x) => x.nombre).join(', '),
      m.fecha,
      m.hora,
      m.instancia,
      m.aula,
      m.tribunal.map(nombreCompleto).join('; '),
      m.materias.reduce((t, x) => t + x.alumnos, 0),
      m.materias.length === 0
        ? null
        : cerradas === m.materias.length
          ? 'Acta cerrada'
          : cerradas > 0
            ? `${cerradas} de ${m.materias.length} actas cerradas`
            : 'Acta abierta',
    ];
  };

  it('Alumnado: las dos páginas del año, celda por celda como mesas.lista; la fecha es fecha', async () => {
    const alumnado = await como(QUIEN.alumnado);
    const { items, paginas } = await todas((cursor) =>
      alumnado.mesas.lista({ anio: ANIO_MESAS, q: '', cursor }),
    );
    expect(paginas).toBe(2);
    expect(items).toHaveLength(MESAS_CREADAS);
    const { hoja, nombre } = await exportar(QUIEN.alumnado, 'mesas', { anio: ANIO_MESAS });
    esperar(hoja, ENCABEZADO, items.map(filaDe));
    expect(nombre).toBe(`mesas-${ANIO_MESAS}.xlsx`);
    expect(hoja.formatos.map((f) => f[1])).toEqual(items.map(() => 'dd/mm/yyyy'));
  });

  it('con la búsqueda de la pantalla; un docente, sólo las de su tribunal; un preceptor no (403)', async () => {
    const alumnado = await como(QUIEN.alumnado);
    const buscadas = await todas((cursor) =>
      alumnado.mesas.lista({ anio: ANIO_MESAS, q: 'especial', cursor }),
    );
    expect(buscadas.items).toHaveLength(ESPECIALES);
    const filtrada = await exportar(QUIEN.alumnado, 'mesas', { anio: ANIO_MESAS, q: 'especial' });
    esperar(filtrada.hoja, ENCABEZADO, buscadas.items.map(filaDe));

    const docente = await como(QUIEN.docente);
    const suyas = await todas((cursor) => docente.mesas.lista({ anio: ANIO_MESAS, q: '', cursor }));
    expect(suyas.items).toHaveLength(DEL_DOCENTE);
    const propia = await exportar(QUIEN.docente, 'mesas', { anio: ANIO_MESAS });
    esperar(propia.hoja, ENCABEZADO, suyas.items.map(filaDe));
    expect(await estado(QUIEN.preceptor, 'mesas', { anio: ANIO_MESAS })).toBe(403);
    expect(await estado(null, 'mesas', { anio: ANIO_MESAS })).toBe(401);
  });
});

// ---------------------------------------------------------------------------------------------

describe('materias y cursados (planificación)', () => {
  type Materia = Awaited<ReturnType<Caller['materias']['listar']>>['items'][number];
  const filaMateria = (m: Materia): ValorLeido[] => [
    m.materiaCode,
    m.nombre,
    m.anio,
    m.plan.year,
    m.plan.code,
    m.departamentoName,
    m.cursadosAsociados,
  ];

  it('materias: todas las páginas, celda por celda como materias.listar, con la búsqueda; un alumno no (403)', async () => {
    const alumnado = await como(QUIEN.alumnado);
    const { items, paginas } = await todas((cursor) =>
      alumnado.materias.listar({ q: '', cursor, limit: PAGINA }),
    );
    expect(paginas).toBeGreaterThan(1);
    const { hoja, nombre } = await exportar(QUIEN.alumnado, 'materias', { limit: PAGINA });
    esperar(
      hoja,
      ['Código', 'Nombre', 'Año', 'Plan (año)', 'Plan (código)', 'Departamento', 'Cursados'],
      items.map(filaMateria),
    );
    expect(nombre).toBe('materias.xlsx');
    // Con la página de la pantalla (sin `limit`) sale lo mismo.
    expect((await exportar(QUIEN.alumnado, 'materias')).hoja.filas).toEqual(hoja.filas);

    const q = items[0]!.nombre.slice(0, 4);
    const filtradas = await todas((cursor) => alumnado.materias.listar({ q, cursor }));
    expect(filtradas.items.length).toBeGreaterThan(0);
    expect(filtradas.items.length).toBeLessThan(items.length);
    expect((await exportar(QUIEN.alumnado, 'materias', { q })).hoja.filas).toEqual(
      filtradas.items.map(filaMateria),
    );
    expect(await estado(QUIEN.alumno, 'materias')).toBe(403);
  });

  it('cursados: todas las páginas del ciclo, celda por celda como cursados.listar; un docente no (403)', async () => {
    const regente = await como(QUIEN.regente);
    const { items, paginas } = await todas((cursor) =>
      regente.cursados.listar({ ciclo, q: '', cursor, limit: PAGINA }),
    );
    expect(paginas).toBeGreaterThan(1);
    const { hoja, nombre } = await exportar(QUIEN.regente, 'cursados', { ciclo, limit: PAGINA });
    esperar(
      hoja,
      ['Cursado', 'Modalidad', 'Horas semanales', 'Inscriptos', 'Materias', 'Cursos', 'Docentes'],
      items.map((x) => [
        x.nombre,
        x.modalidadNombre,
        x.horas,
        x._count.inscripciones,
        x.materiasPermitidas.map((m) => `${m.nombre} (${m.materiaCode})`).join(', '),
        x.cursosPermitidos.map((k) => k.nombre).join(', '),
        x.docentes.map((d) => `${d.apellido}, ${d.nombre}`).join(', '),
      ]),
    );
    expect(nombre).toBe(`cursados-${ciclo}.xlsx`);

    const q = items[0]!.nombre;
    const filtrados = await todas((cursor) => regente.cursados.listar({ ciclo, q, cursor }));
    expect(filtrados.items.length).toBeLessThan(items.length);
    expect(
      (await exportar(QUIEN.regente, 'cursados', { ciclo, q })).hoja.filas.map((f) => f[0]),
    ).toEqual(filtrados.items.map((x) => x.nombre));
    expect(await estado(QUIEN.docente, 'cursados', { ciclo })).toBe(403);
  });
});

// ---------------------------------------------------------------------------------------------

describe('alumnos y usuarios: se vuelven a importar tal cual', () => {
  const ENCABEZADO_ALUMNOS = [
    'Apellido',
    'Nombre',
    'DNI',
    'Género',
    'Nacimiento',
    'Email',
    'Teléfono',
    'Año',
    'División',
  ];
  type Alumno = Awaited<ReturnType<Caller['alumnos']['listar']>>['items'][number];
  const filaAlumno = (a: Alumno): ValorLeido[] => [
    a.apellido,
    a.nombre,
    a.dni,
    a.genero,
    a.nacimiento,
    a.email,
    a.telefono,
    a.curso?.anio ?? null,
    a.curso?.division ?? null,
  ];

  it('alumnos: toda la escuela para Alumnado, celda por celda; cada encabezado va a su campo', async () => {
    const alumnado = await como(QUIEN.alumnado);
    const { items, paginas } = await todas((cursor) =>
      alumnado.alumnos.listar({ cursor, limit: 50 }),
    );
    expect(paginas).toBeGreaterThan(1);
    const { hoja, nombre } = await exportar(QUIEN.alumnado, 'alumnos');
    esperar(hoja, ENCABEZADO_ALUMNOS, items.map(filaAlumno));
    expect(nombre).toBe('alumnos.xlsx');
    expect(mapeoAutomatico(hoja.encabezado)).toEqual([
      'alumno.apellido',
      'alumno.nombre',
      'alumno.dni',
      'alumno.genero',
      'alumno.nacimiento',
      'alumno.email',
      'alumno.telefono',
      'alumno.anio',
      'alumno.division',
    ]);
    // El nacimiento es una fecha de Excel; el DNI, el año y la división, números.
    const conNacimiento = items.findIndex((a) => a.nacimiento);
    expect(conNacimiento).toBeGreaterThanOrEqual(0);
    expect(hoja.formatos[conNacimiento]![4]).toBe('dd/mm/yyyy');
    expect(typeof hoja.filas[conNacimiento]![2]).toBe('number');
  });

  it('alumnos: con la búsqueda y el curso; un preceptor, sólo los de sus cursos; un docente no (403)', async () => {
    const alumnado = await como(QUIEN.alumnado);
    const escuela = await todas((cursor) => alumnado.alumnos.listar({ cursor, limit: 50 }));
    const q = escuela.items[0]!.apellido;
    const buscados = await todas((cursor) => alumnado.alumnos.listar({ q, cursor }));
    expect(buscados.items.length).toBeLessThan(escuela.items.length);
    esperar(
      (await exportar(QUIEN.alumnado, 'alumnos', { q })).hoja,
      ENCABEZADO_ALUMNOS,
      buscados.items.map(filaAlumno),
    );
    const curso = escuela.items.find((a) => a.curso)!.curso!.orden;
    const delCurso = await todas((cursor) => alumnado.alumnos.listar({ curso, cursor }));
    esperar(
      (await exportar(QUIEN.alumnado, 'alumnos', { curso })).hoja,
      ENCABEZADO_ALUMNOS,
      delCurso.items.map(filaAlumno),
    );

    const preceptor = await como(QUIEN.preceptor);
    const suyos = await todas((cursor) => preceptor.alumnos.listar({ cursor, limit: PAGINA }));
    const { hoja } = await exportar(QUIEN.preceptor, 'alumnos', { limit: PAGINA });
    esperar(hoja, ENCABEZADO_ALUMNOS, suyos.items.map(filaAlumno));
    expect(suyos.items.length).toBeGreaterThan(0);
    expect(suyos.items.length).toBeLessThan(escuela.items.length);
    expect(await estado(QUIEN.docente, 'alumnos')).toBe(403);
  });

  it('usuarios: Admin, todas las páginas con los roles como los muestra el portal; Alumnado no (403)', async () => {
    const admin = await como(QUIEN.admin);
    const { items, paginas } = await todas((cursor) =>
      admin.usuarios.listar({ cursor, limit: PAGINA }),
    );
    expect(paginas).toBeGreaterThan(1);
    const { hoja, nombre } = await exportar(QUIEN.admin, 'usuarios', { limit: PAGINA });
    esperar(
      hoja,
      ['Apellido', 'Nombre', 'Email', 'Teléfono', 'Roles', 'Habilitado'],
      items.map((u) => [
        u.apellido,
        u.nombre,
        u.email,
        u.telefono,
        u.roles.map((r) => ETIQUETA_ROL[r]).join(', '),
        u.habilitado ? 'Sí' : 'No',
      ]),
    );
    expect(nombre).toBe('usuarios.xlsx');
    // "Habilitado" es informativa: la importación no la lee (null), las demás van a su campo.
    expect(mapeoAutomatico(hoja.encabezado)).toEqual([
      'personal.apellido',
      'personal.nombre',
      'personal.email',
      'personal.telefono',
      'personal.roles',
      null,
    ]);
    const q = items[0]!.apellido;
    const buscados = await todas((cursor) => admin.usuarios.listar({ q, cursor }));
    expect(buscados.items.length).toBeLessThan(items.length);
    expect((await exportar(QUIEN.admin, 'usuarios', { q })).hoja.filas.map((f) => f[2])).toEqual(
      buscados.items.map((u) => u.email),
    );
    expect(await estado(QUIEN.alumnado, 'usuarios')).toBe(403);
  });
});

// ---------------------------------------------------------------------------------------------

describe('el tope de filas de una lista paginada', () => {
  it('más filas que el tope es un 400 en castellano; justo el tope, todas', async () => {
    expect(MAXIMO_FILAS_EXPORTACION).toBe(10_000);
    const ctx = await crearContexto({
      db,
      sesion: await sesionDe(db, QUIEN.alumnado.email, QUIEN.alumnado.rol),
      ciclo,
    });
    const e = EXPORTACIONES.alumnos!;
    const alumnado = await como(QUIEN.alumnado);
    const { items } = await todas((cursor) => alumnado.alumnos.listar({ cursor, limit: 50 }));
    const hasta = (maximo: number) =>
      todasLasPaginas(ctx, e, { limit: String(PAGINA) }, maximo) as Promise<{ items: unknown[] }>;
    expect((await hasta(items.length)).items).toHaveLength(items.length);
    const error = await hasta(items.length - 1).catch((x: unknown) => x);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe('BAD_REQUEST');
    expect((error as TRPCError).message).toBe(MENSAJE_DEMASIADAS_FILAS);
  });
});
