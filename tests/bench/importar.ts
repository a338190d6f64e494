/**
 * Medición de la importación de planillas (issue 34 §1): una planilla .xlsx con 1.500 alumnos,
 * 2.500 tutores (columnas Tutor 1 y Tutor 2) y 150 personas del personal, subida, vista previa y
 * aplicada por los procedimientos (el mismo código que la pantalla), como Alumnado, sobre una base
 * PostgreSQL propia recién sembrada. Antes, lo mismo con la décima parte: las sentencias SQL de la
 * vista previa y de la aplicación deben ser las mismas en los dos tamaños (por lotes, ninguna por
 * fila). Mide tiempos y la memoria residente máxima del proceso durante la importación, y
 * comprueba que la aplicación es la vista previa y que reimportar el mismo archivo no cambia nada.
 * Objetivos en la máquina de 2 núcleos: vista previa < 10 s, aplicar < 30 s, RSS < 300 MB.
 *
 * Parte de `npm run bench` (paso importar); sola: `npm run bench:importar`.
 * La base: BENCH_IMPORTAR_URL, por defecto portal_bench_importar en 127.0.0.1.
 */
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { mapeoAutomatico } from '@/domain/importacion/campos';
import { Rol } from '@/domain/roles';
import { createCaller } from '@/server/api/root';
import { crearContexto } from '@/server/api/trpc';
import { abrirSesion, cargarSesion } from '@/server/auth/sesion';
import { abrirBase } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import { cursos, usuarios } from '@/server/db/schema';
import { sembrar } from '@/server/db/seed';
import { momentoEscolar } from '@/server/reloj';
import { archivoDeLog, contarSentencias } from './asistencias';

export interface MedidaImportacion {
  alumnos: number;
  tutores: number;
  personal: number;
  bytes: number;
  subirMs: number;
  vistaMs: number;
  vistaSentencias: number | null;
  aplicarMs: number;
  aplicarSentencias: number | null;
  creadas: number;
  /** La memoria residente del proceso antes de subir (con la base ya sembrada) y la máxima. */
  rssAntesMb: number;
  rssMaxMb: number;
}

const URL_IMPORTAR =
  process.env.BENCH_IMPORTAR_URL || 'postgres://postgres@127.0.0.1:5432/portal_bench_importar';

const ENCABEZADO = [
  'Alumno Apellido',
  'Alumno Nombre',
  'Alumno DNI',
  'Alumno Curso',
  'Alumno Teléfono',
  'Tutor 1 Apellido',
  'Tutor 1 Nombre',
  'Tutor 1 Email',
  'Tutor 1 Teléfono',
  'Tutor 2 Apellido',
  'Tutor 2 Nombre',
  'Tutor 2 Email',
  'Tutor 2 Teléfono',
  'Apellido',
  'Nombre',
  'Email',
  'Roles',
];

/** La planilla: `n` alumnos (cada uno con tutor 1; los primeros 2/3, con tutor 2) y `p` del personal. */
async function planilla(
  n: number,
  p: number,
  marca: string,
  dniBase: number,
  nombresCursos: string[],
): Promise<{ bytes: Uint8Array<ArrayBuffer>; tutores: number }> {
  const libro = new ExcelJS.Workbook();
  const hoja = libro.addWorksheet('Alumnos y tutores');
  hoja.addRow(ENCABEZADO);
  const conTutor2 = Math.round((n * 2) / 3);
  for (let i = 0; i < n; i++) {
    const t2 = i < conTutor2;
    hoja.addRow([
      `Apellido${marca}${i}`,
      'Alumno',
      dniBase + i,
      nombresCursos[i % nombresCursos.length],
      `341 5${String(i).padStart(6, '0')}`,
      `Madre${marca}${i}`,
      'Tutora',
      `madre.${marca}${i}@gmail.com`,
      `341 6${String(i).padStart(6, '0')}`,
      t2 ? `Padre${marca}${i}` : '',
      t2 ? 'Tutor' : '',
      t2 ? `padre.${marca}${i}@gmail.com` : '',
      '',
      '',
      '',
      '',
      '',
    ]);
  }
  for (let i = 0; i < p; i++)
    hoja.addRow([
      ...Array.from({ length: 13 }, () => ''),
      `Personal${marca}${i}`,
      'Docente',
      `personal.${marca}${i}@escuela.test`,
      i % 3 ? 'Docente' : 'Docente, Preceptor',
    ]);
  return {
    bytes: new Uint8Array(await libro.xlsx.writeBuffer()),
    tutores: n + conTutor2,
  };
}

async function medir(
  url: string,
  tamanio: { alumnos: number; personal: number; marca: string; dniBase: number },
  log: string | null,
  base: string,
): Promise<MedidaImportacion> {
  const conexion = await abrirBase({ url });
  try {
    const db = conexion.db;
    const [u] = await db
      .select({ id: usuarios.id })
      .from(usuarios)
      .where(eq(usuarios.email, EMAIL_DEMO.alumnado));
    const usuarioId = Number(u!.id);
    const sesion = await cargarSesion(db, {
      usuarioId,
      rol: Rol.Alumnado,
      sid: await abrirSesion(db, usuarioId),
    });
    const { hoy, ciclo } = momentoEscolar();
    const caller = createCaller(crearContexto({ db, sesion, ciclo, hoy }));
    const nombresCursos = (await db.select().from(cursos)).map((c) => `${c.anio}° ${c.division}ª`);
    const { bytes, tutores } = await planilla(
      tamanio.alumnos,
      tamanio.personal,
      tamanio.marca,
      tamanio.dniBase,
      nombresCursos,
    );
    const contar = async (f: () => Promise<void>) =>
      log ? contarSentencias(log, base, f) : (await f(), null);

    const rssAntes = process.memoryUsage().rss;
    let rssMax = rssAntes;
    const muestreo = setInterval(() => {
      rssMax = Math.max(rssMax, process.memoryUsage().rss);
    }, 20);
    try {
      const t0 = performance.now();
      const subida = await caller.importar.subir({ nombre: 'bench.xlsx', datos: bytes });
      const subirMs = performance.now() - t0;
      const mapeo = mapeoAutomatico(subida.encabezados);
      if (mapeo.some((m) => m == null))
        throw new Error(`Mapeo incompleto: ${JSON.stringify(mapeo)}`);
      let vista: Awaited<ReturnType<typeof caller.importar.vista>> | undefined;
      // El tiempo, dentro de lo contado (el conteo espera después a que el servidor escriba el log).
      let vistaMs = 0;
      const vistaSentencias = await contar(async () => {
        const t1 = performance.now();
        vista = await caller.importar.vista({ id: subida.id, mapeo, vaciar: false });
        vistaMs = performance.now() - t1;
      });
      let aplicada: typeof vista;
      let aplicarMs = 0;
      const aplicarSentencias = await contar(async () => {
        const t2 = performance.now();
        aplicada = await caller.importar.aplicar({ id: subida.id, mapeo, vaciar: false });
        aplicarMs = performance.now() - t2;
      });
      rssMax = Math.max(rssMax, process.memoryUsage().rss);
      if (JSON.stringify(aplicada) !== JSON.stringify(vista))
        throw new Error('La aplicación no coincide con la vista previa.');
      if (aplicada!.cuentas.errores)
        throw new Error(`Filas con errores: ${aplicada!.cuentas.errores}`);
      // Reimportar el mismo archivo no cambia nada.
      const otra = await caller.importar.subir({ nombre: 'bench.xlsx', datos: bytes });
      const deNuevo = await caller.importar.aplicar({ id: otra.id, mapeo, vaciar: false });
      if (deNuevo.cuentas.crear || deNuevo.cuentas.actualizar)
        throw new Error(`Reimportar cambió datos: ${JSON.stringify(deNuevo.cuentas)}`);
      return {
        alumnos: tamanio.alumnos,
        tutores,
        personal: tamanio.personal,
        bytes: bytes.byteLength,
        subirMs,
        vistaMs,
        vistaSentencias,
        aplicarMs,
        aplicarSentencias,
        creadas: aplicada!.cuentas.crear,
        rssAntesMb: rssAntes / 1024 / 1024,
        rssMaxMb: rssMax / 1024 / 1024,
      };
    } finally {
      clearInterval(muestreo);
    }
  } finally {
    await conexion.cerrar();
  }
}

/** Siembra una base propia, importa la décima parte y después la planilla entera. */
export async function medirImportacion(url: string = URL_IMPORTAR): Promise<MedidaImportacion[]> {
  const base = new URL(url).pathname.slice(1);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${base}" with (force)`);
    await admin.unsafe(`create database "${base}"`);
    const { ciclo, hoy, instante } = momentoEscolar();
    const semilla = await abrirBase({ url });
    await sembrar(semilla.db, { ciclo, hoy, ahora: instante });
    await semilla.cerrar();
    const log = await archivoDeLog(admin);
    try {
      if (log) await admin.unsafe(`alter database "${base}" set log_statement = 'all'`);
      const chica = await medir(
        url,
        { alumnos: 150, personal: 15, marca: 'a', dniBase: 91_000_000 },
        log,
        base,
      );
      const grande = await medir(
        url,
        { alumnos: 1500, personal: 150, marca: 'b', dniBase: 92_000_000 },
        log,
        base,
      );
      return [chica, grande];
    } finally {
      if (log) await admin.unsafe(`alter database "${base}" reset log_statement`);
    }
  } finally {
    await admin.end();
  }
}

export function tablaImportacion(medidas: MedidaImportacion[]): string {
  const filas = medidas.map(
    (m) =>
      `| ${m.alumnos} alumnos, ${m.tutores} tutores, ${m.personal} personal (${(m.bytes / 1024).toFixed(0)} KB) | ${m.subirMs.toFixed(0)} ms | ${m.vistaMs.toFixed(0)} ms | ${m.vistaSentencias ?? '—'} | ${m.aplicarMs.toFixed(0)} ms | ${m.aplicarSentencias ?? '—'} | ${m.creadas} | ${m.rssAntesMb.toFixed(0)} → ${m.rssMaxMb.toFixed(0)} MB |`,
  );
  return [
    '| Planilla | subir | vista previa | sentencias | aplicar | sentencias | creadas | RSS (antes → máx.) |',
    '|---|--:|--:|--:|--:|--:|--:|--:|',
    ...filas,
    '',
    'Objetivos: vista previa < 10 s, aplicar < 30 s, RSS < 300 MB; las sentencias, iguales en los dos tamaños.',
  ].join('\n');
}

if (process.argv[1]?.endsWith('importar.ts')) {
  medirImportacion()
    .then((m) => {
      console.log('\n## Importar planillas\n');
      console.log(tablaImportacion(m));
    })
    .catch((e) => {
      console.error(e);
      process.exit(1);
    });
}
