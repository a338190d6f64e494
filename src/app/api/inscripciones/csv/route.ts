import { contextoHttp } from '@/server/api/contexto-http';
import { respuestaDeError } from '@/server/api/rest';
import { createCaller } from '@/server/api/root';
import { disposicion } from '@/server/api/disposicion';
import { otrosMetodos } from '@/server/api/metodos';

export const dynamic = 'force-dynamic';

/**
 * GET /api/inscripciones/csv[?ciclo=&curso=]: el seguimiento de inscripciones en CSV (';',
 * UTF-8 con BOM) para Alumnado y Admin (`inscripcion.csv`).
 */
export async function GET(req: Request) {
  const ctx = await contextoHttp();
  const q = Object.fromEntries(new URL(req.url).searchParams);
  try {
    // Tal como vienen: los valida el esquema del procedimiento (el ciclo, con el átomo `anio`:
    // de 2021 al actual; -1 o 99999 son un 400, no un CSV vacío).
    const r = await createCaller(ctx).inscripcion.csv({
      ciclo: q.ciclo || undefined,
      curso: q.curso || undefined,
    });
    return new Response(r.contenido, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': disposicion('attachment', `inscripciones-${r.ciclo}.csv`),
        'Cache-Control': 'private, no-store',
      },
    });
  } catch (e) {
    return respuestaDeError(e, ctx, 'GET /api/inscripciones/csv');
  }
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos('GET');
