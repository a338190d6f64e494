import { contextoHttp } from '@/server/api/contexto-http';
import { disposicion } from '@/server/api/disposicion';
import { otrosMetodos } from '@/server/api/metodos';
import { respuestaDeError } from '@/server/api/rest';
import { createCaller } from '@/server/api/root';

export const dynamic = 'force-dynamic';

/**
 * GET /api/importar/modelo (issue 34 §1): la planilla modelo .xlsx (alumnos y tutores, personal,
 * cursos, con un ejemplo cada una, y una hoja de notas). Alumnado y Admin.
 */
export async function GET() {
  const ctx = await contextoHttp();
  try {
    const r = await createCaller(ctx).importar.modelo();
    return new Response(new Uint8Array(r.datos), {
      headers: {
        'Content-Type': r.tipo,
        'Content-Disposition': disposicion('attachment', r.nombre),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  } catch (e) {
    return respuestaDeError(e, ctx, 'GET /api/importar/modelo');
  }
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos('GET');
