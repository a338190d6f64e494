/**
 * La exportación completa (issue 34 §3, "La escuela es dueña de sus datos"): un ZIP con un CSV por
 * tabla del esquema (`tablas/<tabla>.csv`: ';', UTF-8 con BOM, como src/domain/csv.ts), los
 * archivos subidos en carpetas según qué son (`archivos/comprobantes`, `archivos/fotos`,
 * `archivos/imagenes`, y `archivos/otros` los que nadie referencia) con el nombre
 * `<id>-<nombre seguro>`, y `manifiesto.json` con las filas de cada tabla y el sha256 de cada
 * archivo. Se lee todo en una sola instantánea (transacción de sólo lectura, repeatable read):
 * las cuentas del manifiesto son las de un mismo momento. Las tablas se leen de a lotes y los
 * archivos de a uno y de a trozos de 256 KB, al ritmo del navegador: la memoria no crece con los datos.
 */
import { sql, type SQL } from 'drizzle-orm';
import { auditar } from '@/server/auditoria';
import type { Ctx } from '@/server/contexto';
import type { DbOTx } from '@/server/db';
import { transaccion } from '@/server/errores';
import paquete from '../../../package.json';
import { csvDeTabla, filasDe, id, nombreSeguro, tablasDelEsquema, type TablaMeta } from './tablas';
import { conHuella, ZipEnStream } from './zip';

/** La versión del formato del ZIP (cambia si cambia su estructura). */
export const FORMATO_EXPORTACION = 1;
/** Bytes por lectura de un archivo subido. */
export const BYTES_POR_TROZO = 256 * 1024;
const ARCHIVOS_POR_LOTE = 500;

/** La carpeta de los archivos según la columna que los referencia (el resto, por su tabla). */
const CARPETA_POR_COLUMNA: Record<string, string> = {
  'alumnos.foto_id': 'fotos',
  'inscripciones_anuales.comprobante_id': 'comprobantes',
  'jcd_actividades.imagen_id': 'imagenes',
};
export const CARPETA_SIN_REFERENCIA = 'otros';

/** Las columnas del esquema que referencian `archivos` y la carpeta de cada una. */
export function referenciasAArchivos(): { tabla: string; columna: string; carpeta: string }[] {
  return tablasDelEsquema().flatMap((t) =>
    t.foraneas
      .filter((f) => f.tabla === 'archivos' && f.columnas.length === 1)
      .map((f) => ({
        tabla: t.nombre,
        columna: f.columnas[0]!,
        carpeta: CARPETA_POR_COLUMNA[`${t.nombre}.${f.columnas[0]}`] ?? t.nombre,
      })),
  );
}

/** La instantánea: sólo lectura, repeatable read, instantes en UTC. */
export async function instantanea(db: DbOTx) {
  await db.execute(sql`set transaction isolation level repeatable read, read only`);
  await db.execute(sql`set local time zone 'UTC'`);
}

/** Los bytes de un archivo subido, de a trozos (una consulta por trozo). */
export async function* bytesDeArchivo(db: DbOTx, archivo: number, bytes: number) {
  for (let desde = 1; desde <= bytes; desde += BYTES_POR_TROZO) {
    const [f] = filasDe<{ b: Uint8Array }>(
      await db.execute(
        sql`select substring(datos from ${desde}::int for ${BYTES_POR_TROZO}::int) as b from archivos where id = ${archivo}`,
      ),
    );
    if (!f) throw new Error(`El archivo ${archivo} desapareció durante la exportación.`);
    yield Buffer.isBuffer(f.b) ? f.b : Buffer.from(f.b.buffer, f.b.byteOffset, f.b.byteLength);
  }
}

export interface ArchivoExportado {
  id: number;
  ruta: string;
  nombre: string;
  tipo: string;
  bytes: number;
  sha256: string;
  /** El sha256 que se guardó al subirlo: si no coincide, el archivo cambió en la base. */
  sha256Guardado: string;
  coincide: boolean;
}

interface FilaArchivo {
  id: number;
  nombre: string;
  tipo: string;
  sha256: string;
  bytes: number;
  carpeta: string;
}

/**
 * Los archivos (de `archivos`, o de los ids que da `ids`, para el legajo) en el ZIP, de a uno.
 * Devuelve lo que va al manifiesto y la ruta de cada uno en el ZIP (para el CSV de `archivos`).
 */
export async function agregarArchivos(
  db: DbOTx,
  zip: ZipEnStream,
  prefijo: string,
  filtro?: SQL,
): Promise<{ lista: ArchivoExportado[]; rutas: Map<string, string> }> {
  const refs = referenciasAArchivos();
  const carpeta = refs.length
    ? sql.raw(
        `case ${refs
          .map(
            (r) =>
              `when exists (select 1 from ${id(r.tabla)} r where r.${id(r.columna)} = archivos.id) then '${r.carpeta}'`,
          )
          .join(' ')} else '${CARPETA_SIN_REFERENCIA}' end`,
      )
    : sql.raw(`'${CARPETA_SIN_REFERENCIA}'`);
  const lista: ArchivoExportado[] = [];
  const rutas = new Map<string, string>();
  let ultimo = 0;
  for (;;) {
    const lote = filasDe<FilaArchivo>(
      await db.execute(sql`
        select archivos.id, archivos.nombre, archivos.tipo, archivos.sha256,
          octet_length(archivos.datos) as bytes, ${carpeta} as carpeta
        from archivos
        where archivos.id > ${ultimo} ${filtro ? sql`and (${filtro})` : sql``}
        order by archivos.id limit ${ARCHIVOS_POR_LOTE}`),
    );
    for (const f of lote) {
      const ruta = `${prefijo}${f.carpeta}/${f.id}-${nombreSeguro(f.nombre)}`;
      const huella = conHuella(bytesDeArchivo(db, f.id, Number(f.bytes)));
      await zip.agregar(ruta, huella.trozos, true);
      const { sha256, bytes } = huella.resumen();
      const calculado = sha256 ?? '';
      lista.push({
        id: f.id,
        ruta,
        nombre: f.nombre,
        tipo: f.tipo,
        bytes,
        sha256: calculado,
        sha256Guardado: f.sha256,
        coincide: calculado === f.sha256,
      });
      rutas.set(String(f.id), ruta);
    }
    if (lote.length < ARCHIVOS_POR_LOTE) break;
    ultimo = lote[lote.length - 1]!.id;
  }
  return { lista, rutas };
}

/** La versión del esquema: las migraciones aplicadas. */
export async function versionDelEsquema(db: DbOTx) {
  const [m] = filasDe<{ n: number; ultima: string | null }>(
    await db.execute(
      sql`select count(*)::int as n, max(created_at)::text as ultima from drizzle.__drizzle_migrations`,
    ),
  );
  return { migraciones: Number(m?.n ?? 0), ultimaMigracion: m?.ultima ?? null };
}

export interface ResumenExportacion {
  tablas: Record<string, number>;
  archivos: number;
  bytesArchivos: number;
  bytesZip: number;
  completa: boolean;
}

/** Una tabla entera al ZIP (`tablas/<tabla>.csv`); devuelve sus filas. */
export async function agregarTabla(
  db: DbOTx,
  zip: ZipEnStream,
  t: TablaMeta,
  opciones: Parameters<typeof csvDeTabla>[2] & { ruta: string },
): Promise<number> {
  let filas = 0;
  await zip.agregar(
    opciones.ruta,
    csvDeTabla(db, t, { ...opciones, alContar: (n) => (filas += n) }),
  );
  return filas;
}

const AYUDA = [
  'tablas/<tabla>.csv: una fila por registro, separador ";", UTF-8 con BOM, valores en el formato de texto de PostgreSQL (fechas AAAA-MM-DD, instantes en UTC).',
  'Un valor que empieza con =, +, - o @ lleva un apóstrofo delante (protección contra fórmulas de las planillas).',
  'Las columnas binarias no van en el CSV: en archivos.csv, la columna "datos" tiene la ruta del archivo dentro del ZIP.',
  'archivos/<carpeta>/<id>-<nombre>: los archivos subidos, según quién los referencia (comprobantes, fotos, imagenes; otros si nadie).',
];

/**
 * Escribe la exportación completa en `zip` y lo cierra; audita al final (completa o no, con las
 * cuentas). La llama la ruta después de comprobar sesión, rol y dispositivo (`exportar.resumen`).
 */
export async function exportarTodo(ctx: Ctx, zip: ZipEnStream): Promise<ResumenExportacion> {
  const resumen: ResumenExportacion = {
    tablas: {},
    archivos: 0,
    bytesArchivos: 0,
    bytesZip: 0,
    completa: false,
  };
  let error: unknown = null;
  try {
    await transaccion(ctx, async ({ db }) => {
      await instantanea(db);
      const version = await versionDelEsquema(db);
      const { lista, rutas } = await agregarArchivos(db, zip, 'archivos/');
      resumen.archivos = lista.length;
      resumen.bytesArchivos = lista.reduce((s, a) => s + a.bytes, 0);
      const tablas = [];
      for (const t of tablasDelEsquema()) {
        const ruta = `tablas/${t.nombre}.csv`;
        const filas = await agregarTabla(db, zip, t, {
          ruta,
          // Sólo `archivos` tiene sus bytes en el ZIP; otra columna binaria va como su tamaño.
          rutaBinaria: t.nombre === 'archivos' ? (f) => rutas.get(f.id ?? '') ?? '' : undefined,
        });
        resumen.tablas[t.nombre] = filas;
        tablas.push({
          tabla: t.nombre,
          archivo: ruta,
          filas,
          clave: t.clave,
          columnas: t.columnas.map((c) => c.nombre),
        });
      }
      const manifiesto = {
        formato: 'portal-escolar/exportacion-completa',
        version: {
          formato: FORMATO_EXPORTACION,
          aplicacion: paquete.version,
          ...version,
        },
        fecha: ctx.ahora.toISOString(),
        usuario: {
          id: ctx.sesion.usuario.id,
          email: ctx.sesion.usuario.email,
          nombre: `${ctx.sesion.usuario.apellido}, ${ctx.sesion.usuario.nombre}`,
        },
        ayuda: AYUDA,
        totales: {
          tablas: tablas.length,
          filas: tablas.reduce((s, t) => s + t.filas, 0),
          archivos: lista.length,
          bytesArchivos: resumen.bytesArchivos,
        },
        tablas,
        archivos: lista,
      };
      await zip.agregar('manifiesto.json', JSON.stringify(manifiesto, null, 2));
    });
    resumen.completa = true;
  } catch (e) {
    error = e;
  }
  resumen.bytesZip = zip.bytes;
  await auditar(ctx, {
    accion: 'exportar_todo',
    entidad: 'exportacion',
    despues: { ...resumen, ...(error ? { error: String(error) } : {}) },
  });
  if (error) {
    zip.cortar(error);
    throw error;
  }
  await zip.terminar();
  return resumen;
}
