import { contextoHttp } from '@/server/api/contexto-http';
import { errorJson, respuestaDeError } from '@/server/api/rest';
import { createCaller } from '@/server/api/root';
import { disposicion } from '@/server/api/disposicion';
import { otrosMetodos } from '@/server/api/metodos';

export const dynamic = 'force-dynamic';

/**
 * GET /api/inscripciones/{id}/comprobante: el comprobante de pago de una inscripción, como
 * adjunto y con su tipo verificado al subirlo. Sólo para el referente del alumno y para
 * Alumnado/Admin (lo decide el procedimiento `inscripcion.comprobante`, que lo audita).
 */
export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^[1-9]\d{0,9}$/.test(id)) return errorJson(404, 'La inscripción no existe.');
  const ctx = await contextoHttp();
  try {
    const c = await createCaller(ctx).inscripcion.comprobante({ id: Number(id) });
    return new Response(new Uint8Array(c.datos), {
      headers: {
        'Content-Type': c.tipo,
        'Content-Disposition': disposicion('attachment', c.nombre),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  } catch (e) {
    return respuestaDeError(e, ctx, 'GET /api/inscripciones/{id}/comprobante');
  }
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos('GET');
