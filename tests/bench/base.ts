/**
 * La línea de base del benchmark: un `node:http` pelado que responde las mismas rutas
 * que la app con el mismo SQL (postgres.js, sin Drizzle, sin tRPC, sin Next) y la misma
 * forma de JSON. No revisa la sesión: mide el piso de "HTTP + consulta + JSON".
 *
 * Corre en un worker thread del proceso del benchmark (ver `iniciarBase` en run.ts), para
 * no compartir el event loop con autocannon, que mide desde el hilo principal.
 */
import { momentoEscolar } from '@/server/reloj';
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import postgres from 'postgres';
import { nombreCurso } from '@/domain/escuela';
import { version } from '../../package.json';

export interface DatosBase {
  url: string;
  puerto: number;
}

type Sql = ReturnType<typeof postgres>;

/** Igual que `normalizar` de buscar/service.ts: minúsculas, sin acentos, comodines escapados. */
function normalizar(q: string) {
  return q
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[%_\\]/g, (c) => `\\${c}`);
}

/** GET /api/cursos → cursos.listar. */
async function cursos(sql: Sql) {
  const filas = await sql<
    { orden: number; anio: number; division: number; especialidad: string }[]
  >`
    select id as orden, anio, division, especialidad from cursos order by anio, division`;
  return filas.map((c) => ({ ...c, nombre: nombreCurso(c) }));
}

/**
 * GET /api/trpc/buscar.alumnos → buscarAlumnos con un rol que ve toda la escuela (sin
 * subconsulta de alcance), una sola palabra de búsqueda. Devuelve el sobre de tRPC.
 */
async function alumnos(sql: Sql, entrada: { q?: string; cursor?: number; limit?: number }) {
  const q = normalizar(String(entrada.q ?? '').trim());
  const cursor = Number(entrada.cursor ?? 0);
  const limit = Number(entrada.limit ?? 50);
  const patron = `%${q}%`;
  const filas = await sql<
    {
      id: number;
      apellido: string;
      nombre: string;
      dni: number;
      anio: number | null;
      division: number | null;
      especialidad: string | null;
    }[]
  >`
    select a.id, a.apellido, a.nombre, a.dni, c.anio, c.division, c.especialidad
    from alumnos a
    left join alumnos_cursos ac on ac.alumno_id = a.id and ac.ciclolectivo = ${momentoEscolar().ciclo}
    left join cursos c on c.id = ac.curso_id
    where translate(lower(a.apellido), 'áéíóúüñ', 'aeiouun') ilike ${patron}
       or translate(lower(a.nombre), 'áéíóúüñ', 'aeiouun') ilike ${patron}
       or translate(lower(a.dni::text), 'áéíóúüñ', 'aeiouun') ilike ${patron}
    order by a.apellido, a.nombre, a.id
    limit ${limit + 1} offset ${cursor}`;
  const items = filas.map((a) => ({
    id: a.id,
    etiqueta: `${a.apellido}, ${a.nombre}`,
    detalle: `DNI ${a.dni}${a.anio ? ` · ${nombreCurso({ anio: a.anio, division: a.division!, especialidad: a.especialidad })}` : ''}`,
  }));
  const hayMas = items.length > limit;
  const pagina = {
    items: hayMas ? items.slice(0, limit) : items,
    siguiente: hayMas ? cursor + limit : null,
  };
  return { result: { data: { json: pagina } } };
}

/**
 * La respuesta de la base a un pedido: la usan su servidor `node:http` y el techo de Next
 * (src/app/api/techo, sólo en la build del benchmark), así los dos hacen exactamente lo mismo.
 */
export async function responder(
  sql: Sql,
  metodo: string,
  u: URL,
): Promise<{ status: number; cuerpo: unknown }> {
  try {
    if (metodo === 'GET' && u.pathname === '/api/salud') {
      await sql`select 1`;
      return { status: 200, cuerpo: { ok: true, version } };
    }
    if (metodo === 'GET' && u.pathname === '/api/cursos')
      return { status: 200, cuerpo: await cursos(sql) };
    if (metodo === 'GET' && u.pathname === '/api/trpc/buscar.alumnos') {
      const entrada = JSON.parse(u.searchParams.get('input') ?? '{}') as {
        json?: Record<string, unknown>;
      };
      return { status: 200, cuerpo: await alumnos(sql, entrada.json ?? {}) };
    }
    return { status: 404, cuerpo: { error: true, message: 'No existe esa ruta.' } };
  } catch (e) {
    return { status: 500, cuerpo: { error: true, message: String(e) } };
  }
}

/** La conexión de la base: como la de la app, 10 conexiones. */
export const conectarBase = (url: string): Sql => postgres(url, { max: 10, onnotice: () => {} });

/** Arranca la base en `puerto` (sólo 127.0.0.1) y devuelve cómo cerrarla. */
export async function servirBase({
  url,
  puerto,
}: DatosBase): Promise<{ cerrar: () => Promise<void> }> {
  const sql = conectarBase(url);
  const servidor = http.createServer(async (req, res) => {
    const { status, cuerpo } = await responder(
      sql,
      req.method ?? 'GET',
      new URL(req.url ?? '/', 'http://127.0.0.1'),
    );
    const texto = JSON.stringify(cuerpo);
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(texto),
    });
    res.end(texto);
  });
  servidor.keepAliveTimeout = 65_000;
  await new Promise<void>((ok, mal) => {
    servidor.once('error', mal);
    servidor.listen(puerto, '127.0.0.1', () => ok());
  });
  return {
    cerrar: async () => {
      servidor.closeAllConnections();
      await new Promise<void>((ok) => servidor.close(() => ok()));
      await sql.end({ timeout: 5 });
    },
  };
}

/**
 * Punto de entrada del worker: arranca con `workerData`, avisa 'lista' (o 'error: …') y
 * cierra todo al recibir 'cerrar', avisando 'cerrada'.
 */
export async function servirDesdeWorker() {
  const canal = parentPort;
  if (!canal) throw new Error('servirDesdeWorker sólo corre en un worker thread.');
  try {
    const base = await servirBase(workerData as DatosBase);
    canal.on('message', async (m) => {
      if (m !== 'cerrar') return;
      await base.cerrar().catch(() => {});
      canal.postMessage('cerrada');
      canal.close();
    });
    canal.postMessage('lista');
  } catch (e) {
    canal.postMessage(`error: ${e instanceof Error ? e.message : String(e)}`);
  }
}
