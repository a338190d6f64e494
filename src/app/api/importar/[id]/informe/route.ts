import { contextoHttp } from '@/server/api/contexto-http';
import { disposicion } from '@/server/api/disposicion';
import { otrosMetodos } from '@/server/api/metodos';
import { errorJson, respuestaDeError } from '@/server/api/rest';
import { createCaller } from '@/server/api/root';

export const dynamic = 'force-dynamic';

/**
 * GET /api/importar/{id}/informe?formato=xlsx|csv (issue 34 §1): la tabla de la vista previa o de
 * la aplicación (Fila, Entidad, Acción, Cambios, Motivo/Errores). Alumnado y Admin.
 */
export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^[1-9]\d{0,9}$/.test(id)) return errorJson(404, 'La importación no existe.');
  const ctx = await contextoHttp();
  // Tal como viene: la valida el esquema del procedimiento (xlsx o csv; otro, 400).
  const formato = (new URL(req.url).searchParams.get('formato') || undefined) as
    'xlsx' | 'csv' | undefined;
  try {
    const r = await createCaller(ctx).importar.informe({ id: Number(id), formato });
    return new Response(typeof r.datos === 'string' ? r.datos : new Uint8Array(r.datos), {
      headers: {
        'Content-Type': r.tipo,
        'Content-Disposition': disposicion('attachment', r.nombre),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  } catch (e) {
    return respuestaDeError(e, ctx, 'GET /api/importar/{id}/informe');
  }
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos('GET');
