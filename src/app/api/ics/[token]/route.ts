import { errorJson, respuestaDeError } from '@/server/api/rest';
import { createCaller } from '@/server/api/root';
import { crearContexto } from '@/server/api/trpc';
import { getDb } from '@/server/db';
import { disposicion } from '@/server/api/disposicion';
import { otrosMetodos } from '@/server/api/metodos';

export const dynamic = 'force-dynamic';

/**
 * GET /api/ics/{token}[.ics]: el calendario personal (issue 14 §10) para Google Calendar, Outlook
 * o el teléfono. Sin sesión: el secreto de la dirección es la llave (`evaluaciones.calendario`,
 * público en la tabla de acceso). Un secreto mal formado, reemplazado o quitado: 404.
 */
export async function GET(_req: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const ctx = crearContexto({ db: await getDb(), sesion: null });
  try {
    const r = await createCaller(ctx).evaluaciones.calendario({
      token: token.replace(/\.ics$/i, ''),
    });
    return new Response(r.contenido, {
      headers: {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': disposicion('inline', 'evaluaciones.ics'),
        // Privado: ningún intermediario lo guarda (al reemplazar el enlace, deja de verse).
        'Cache-Control': 'private, no-store',
        'X-Robots-Tag': 'noindex',
      },
    });
  } catch (e) {
    const codigo = (e as { code?: string }).code;
    if (codigo === 'BAD_REQUEST') return errorJson(404, 'El calendario no existe.');
    return respuestaDeError(e, ctx, 'GET /api/ics/{token}');
  }
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos('GET');
