import { COMUNICADO_INEXISTENTE } from '@/domain/comunicados';
import { contextoHttp } from '@/server/api/contexto-http';
import { disposicion } from '@/server/api/disposicion';
import { otrosMetodos } from '@/server/api/metodos';
import { errorJson, respuestaDeError } from '@/server/api/rest';
import { createCaller } from '@/server/api/root';

export const dynamic = 'force-dynamic';

/**
 * GET /api/comunicados/{id}/adjunto (issue 35 §4): el adjunto de un comunicado, con el tipo
 * detectado al subirlo. Sólo sus destinatarios, su autor y Regente, Alumnado o Admin (lo decide
 * `comunicados.adjunto`): a cualquier otro, 404.
 */
export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^[1-9]\d{0,9}$/.test(id)) return errorJson(404, COMUNICADO_INEXISTENTE);
  const ctx = await contextoHttp();
  try {
    const a = await createCaller(ctx).comunicados.adjunto({ id: Number(id) });
    return new Response(new Uint8Array(a.datos), {
      headers: {
        'Content-Type': a.tipo,
        'Content-Disposition': disposicion('attachment', a.nombre),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'",
      },
    });
  } catch (e) {
    return respuestaDeError(e, ctx, 'GET /api/comunicados/{id}/adjunto');
  }
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos('GET');
