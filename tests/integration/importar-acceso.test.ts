/**
 * Importar planillas (issue 34 §1): sólo Alumnado y Admin, por tRPC y por las rutas propias
 * (POST /api/importar comprueba la sesión y el permiso ANTES de leer el cuerpo), y los archivos
 * hostiles: otro tipo, más de 5,5 MB (413 sin leerlo), un .xlsx dañado, más de 10.000 filas, un CSV
 * de Excel en Windows-1252. El informe y la planilla modelo se abren con exceljs.
 */
import ExcelJS from 'exceljs';
import { Rol } from '@/domain/roles';
import { crearContexto, type Contexto } from '@/server/api/trpc';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import { momentoEscolar } from '@/server/reloj';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerAnonimo, callerComo, sesionDe } from '../fixtures/contexto';
import { codigoDe, errorDe, mensajeDe } from '../fixtures/errores';

// Las rutas arman el contexto con las cookies de Next: aquí, el de la prueba.
let contexto: Contexto;
jest.mock('@/server/api/contexto-http', () => ({ contextoHttp: async () => contexto }));

const { ciclo } = momentoEscolar();
let c: Conexion;
let db: Db;

beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo);
  db = c.db;
});
afterAll(async () => {
  await c.cerrar();
});

const QUIENES: [string, string, number][] = [
  ['Alumnado', EMAIL_DEMO.alumnado, Rol.Alumnado],
  ['Admin', EMAIL_DEMO.admin, Rol.Admin],
  ['Preceptor', EMAIL_DEMO.preceptor, Rol.Preceptor],
  ['Regente', EMAIL_DEMO.regente, Rol.Regente],
  ['Docente', EMAIL_DEMO.docente, Rol.Docente],
  ['Alumno', EMAIL_DEMO.alumno, Rol.Alumno],
  ['Referente', EMAIL_DEMO.referente, Rol.ReferenteParental],
];
const PERMITIDOS = ['Alumnado', 'Admin'];

async function como(email: string | null, rol?: number) {
  contexto = crearContexto({ db, sesion: email ? await sesionDe(db, email, rol) : null, ciclo });
}

const CSV = 'Apellido;Nombre;DNI\r\nPérez;Ana;45.123.456\r\n';

/** Un POST multipart a /api/importar con el archivo (y si el cuerpo se llegó a leer). */
async function subir(
  bytes: Uint8Array<ArrayBuffer>,
  nombre = 'planilla.csv',
  cabeceras: HeadersInit = {},
) {
  const { POST } = await import('@/app/api/importar/route');
  const formulario = new FormData();
  formulario.append('archivo', new Blob([bytes]), nombre);
  // Una sola respuesta: el límite del multipart es el mismo en el cuerpo y en la cabecera.
  const armado = new Response(formulario);
  const tipo = armado.headers.get('content-type')!;
  const cuerpo = new Uint8Array(await armado.arrayBuffer());
  let leido = false;
  // Sin lectura anticipada (highWaterMark 0): `pull` corre sólo si la ruta lee el cuerpo.
  const flujo = new ReadableStream<Uint8Array>(
    {
      pull(control) {
        leido = true;
        control.enqueue(cuerpo);
        control.close();
      },
    },
    { highWaterMark: 0 },
  );
  const req = new Request('http://localhost/api/importar', {
    method: 'POST',
    headers: { 'content-type': tipo, ...cabeceras },
    body: flujo,
    duplex: 'half',
  } as RequestInit);
  const res = await POST(req);
  return {
    res,
    leido: () => leido,
    json: async () => (await res.json()) as Record<string, unknown>,
  };
}

describe.each(QUIENES)('%s', (quien, email, rol) => {
  const permitido = PERMITIDOS.includes(quien);

  test(`por tRPC: ${permitido ? 'puede' : 'no puede'} importar`, async () => {
    const caller = await callerComo(db, email, rol, { ciclo });
    expect(await codigoDe(caller.importar.historial())).toBe(permitido ? null : 'FORBIDDEN');
    expect(
      await codigoDe(caller.importar.vista({ id: 999_999, mapeo: [null], vaciar: false })),
    ).toBe(permitido ? 'NOT_FOUND' : 'FORBIDDEN');
    expect(await codigoDe(caller.importar.deshacer({ id: 999_999 }))).toBe(
      permitido ? 'NOT_FOUND' : 'FORBIDDEN',
    );
  });

  test(`por las rutas: ${permitido ? '200' : '403 sin leer el cuerpo'}`, async () => {
    await como(email, rol);
    const r = await subir(new TextEncoder().encode(CSV));
    expect(r.res.status).toBe(permitido ? 200 : 403);
    expect(r.leido()).toBe(permitido);
    const { GET } = await import('@/app/api/importar/modelo/route');
    expect((await GET()).status).toBe(permitido ? 200 : 403);
  });
});

test('un mapeo con un campo que no existe: 400 en castellano', async () => {
  const caller = await callerComo(db, EMAIL_DEMO.alumnado, Rol.Alumnado, { ciclo });
  const e = await errorDe(caller.importar.vista({ id: 1, mapeo: ['alumno.foto'], vaciar: false }));
  expect([e.code, mensajeDe(e)]).toEqual([
    'BAD_REQUEST',
    'El mapeo debe dar, para cada columna, un campo importable o ninguno.',
  ]);
});

test('sin sesión: 401 por las rutas sin leer el cuerpo, y UNAUTHORIZED por tRPC', async () => {
  await como(null);
  const r = await subir(new TextEncoder().encode(CSV));
  expect(r.res.status).toBe(401);
  expect(r.leido()).toBe(false);
  expect(await codigoDe(callerAnonimo(db).importar.historial())).toBe('UNAUTHORIZED');
});

describe('archivos hostiles (Alumnado)', () => {
  beforeAll(async () => {
    await como(EMAIL_DEMO.alumnado, Rol.Alumnado);
  });

  test('un PDF no es una planilla: 400 en castellano', async () => {
    const r = await subir(new TextEncoder().encode('%PDF-1.4\n\u0000\u0001\u0002binario'), 'x.pdf');
    expect(r.res.status).toBe(400);
    expect(await r.json()).toEqual({
      error: true,
      message: 'El archivo no es una planilla .xlsx ni un archivo .csv.',
    });
  });

  test('6 MB: 413 por Content-Length, antes de leer el cuerpo', async () => {
    const r = await subir(new Uint8Array(6 * 1024 * 1024), 'grande.csv', {
      'content-length': String(6 * 1024 * 1024 + 300),
    });
    expect(r.res.status).toBe(413);
    expect(r.leido()).toBe(false);
    expect((await r.json()).message).toBe('El cuerpo de la petición supera el máximo de 5.5 MB.');
  });

  test('un .xlsx dañado: 400 en castellano', async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new TextEncoder().encode('basura')]);
    const r = await subir(bytes, 'roto.xlsx');
    expect(r.res.status).toBe(400);
    expect((await r.json()).message).toBe('El archivo .xlsx está dañado o no se puede leer.');
  });

  test('una bomba ZIP (200 MB descomprimidos declarados): 400 antes de abrirla', async () => {
    const nombre = new TextEncoder().encode('xl/worksheets/sheet1.xml');
    const local = new Uint8Array(30 + nombre.length);
    new DataView(local.buffer).setUint32(0, 0x04034b50, true);
    local.set(nombre, 30);
    const central = new Uint8Array(46 + nombre.length);
    const c = new DataView(central.buffer);
    c.setUint32(0, 0x02014b50, true);
    c.setUint16(10, 8, true);
    c.setUint32(20, 1000, true);
    c.setUint32(24, 200 * 1024 * 1024, true);
    c.setUint16(28, nombre.length, true);
    central.set(nombre, 46);
    const fin = new Uint8Array(22);
    const f = new DataView(fin.buffer);
    f.setUint32(0, 0x06054b50, true);
    f.setUint16(8, 1, true);
    f.setUint16(10, 1, true);
    f.setUint32(12, central.length, true);
    f.setUint32(16, local.length, true);
    const r = await subir(new Uint8Array([...local, ...central, ...fin]), 'bomba.xlsx');
    expect(r.res.status).toBe(400);
    expect((await r.json()).message).toBe(
      'La planilla es demasiado grande una vez descomprimida (más de 80 MB).',
    );
  });

  test('10.001 filas: 400; 10.000, se acepta', async () => {
    const filas = (n: number) =>
      'DNI;Apellido\r\n' + Array.from({ length: n }, (_, i) => `${10000000 + i};X\r\n`).join('');
    const mucho = await subir(new TextEncoder().encode(filas(10_001)));
    expect(mucho.res.status).toBe(400);
    expect((await mucho.json()).message).toBe('La planilla tiene más de 10.000 filas.');
    const justo = await subir(new TextEncoder().encode(filas(10_000)));
    expect(justo.res.status).toBe(200);
    expect((await justo.json()).filas).toBe(10_000);
  });

  test('un CSV de Excel en Windows-1252 con "," se lee con sus tildes', async () => {
    // "Año,División,Teléfono" en Windows-1252 (ñ = 0xF1, ó = 0xF3, é = 0xE9).
    const texto = 'Apellido,Año,División,Teléfono\r\nNúñez,3,2,341 5551234\r\n';
    const bytes = Uint8Array.from([...texto].map((ch) => ch.charCodeAt(0)));
    const r = await subir(bytes);
    expect(r.res.status).toBe(200);
    const cuerpo = await r.json();
    expect(cuerpo.encabezados).toEqual(['Apellido', 'Año', 'División', 'Teléfono']);
    expect(cuerpo.muestra).toEqual([['Núñez', '3', '2', '341 5551234']]);
    expect(cuerpo.mapeo).toEqual([
      'alumno.apellido',
      'alumno.anio',
      'alumno.division',
      'alumno.telefono',
    ]);
  });

  test('una planilla con fórmulas, texto con formato y un encabezado combinado', async () => {
    const libro = new ExcelJS.Workbook();
    const hoja = libro.addWorksheet('Hoja1');
    hoja.addRow(['Alumno', '', 'Tutor 1', '']);
    hoja.mergeCells('A1:B1');
    hoja.mergeCells('C1:D1');
    hoja.addRow(['Apellido', 'DNI', 'Apellido y nombre', 'Email']);
    hoja.addRow([
      { richText: [{ text: 'Pé' }, { font: { bold: true }, text: 'rez' }] },
      { formula: '45000000+123456', result: 45123456 },
      'Gómez, Laura',
      'laura@gmail.com',
    ]);
    const bytes = new Uint8Array(await libro.xlsx.writeBuffer());
    const r = await subir(bytes, 'formulas.xlsx');
    expect(r.res.status).toBe(200);
    const cuerpo = await r.json();
    expect(cuerpo.encabezados).toEqual([
      'Alumno Apellido',
      'Alumno DNI',
      'Tutor 1 Apellido y nombre',
      'Tutor 1 Email',
    ]);
    expect(cuerpo.mapeo).toEqual([
      'alumno.apellido',
      'alumno.dni',
      'tutor1.apellidoYNombre',
      'tutor1.email',
    ]);
    // La segunda fila del encabezado queda vacía: el dato es la fila 3 de la planilla.
    expect(cuerpo.muestra).toEqual([
      ['', '', '', ''],
      ['Pérez', '45123456', 'Gómez, Laura', 'laura@gmail.com'],
    ]);
  });

  test('el informe en xlsx y csv, y la planilla modelo, se abren', async () => {
    const r = await subir(new TextEncoder().encode(CSV));
    const { id } = (await r.json()) as { id: number };
    const { GET } = await import('@/app/api/importar/[id]/informe/route');
    const params = Promise.resolve({ id: String(id) });
    const xlsx = await GET(new Request(`http://localhost/api/importar/${id}/informe`), { params });
    expect(xlsx.status).toBe(200);
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(await xlsx.arrayBuffer());
    const hoja = libro.getWorksheet('Informe')!;
    expect(hoja.getRow(1).values).toEqual([
      undefined,
      'Fila',
      'Entidad',
      'Acción',
      'Cambios',
      'Motivo/Errores',
    ]);
    expect(hoja.getRow(2).getCell(2).value).toBe('Alumno: Pérez, Ana (DNI 45.123.456)');
    expect(hoja.getRow(2).getCell(3).value).toBe('Crear');
    const csv = await GET(new Request(`http://localhost/api/importar/${id}/informe?formato=csv`), {
      params,
    });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = new Uint8Array(await csv.arrayBuffer());
    // UTF-8 con BOM, ';' (como lo abre Excel en castellano).
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes).split('\r\n')[0]).toBe(
      'Fila;Entidad;Acción;Cambios;Motivo/Errores',
    );
    const malo = await GET(new Request(`http://localhost/api/importar/${id}/informe?formato=pdf`), {
      params,
    });
    expect(malo.status).toBe(400);
    const { GET: modelo } = await import('@/app/api/importar/modelo/route');
    const m = new ExcelJS.Workbook();
    await m.xlsx.load(await (await modelo()).arrayBuffer());
    expect(m.worksheets.map((h) => h.name)).toEqual([
      'Alumnos y tutores',
      'Personal',
      'Cursos',
      'Notas',
    ]);
  });
});
