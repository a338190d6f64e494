import { errorJson, respuestaDeError } from '@/server/api/rest';
import { createCaller } from '@/server/api/root';
import { crearContexto } from '@/server/api/trpc';
import { getDb } from '@/server/db';
import { disposicion } from '@/server/api/disposicion';
import { otrosMetodos } from '@/server/api/metodos';

export const dynamic = 'force-dynamic';

/**
 * GET /api/ics/horario/{token}[.ics]: la semana del docente (issue 32 §5) para Google Calendar,
 * Outlook o el teléfono, cada bloque una clase semanal. Sin sesión: el secreto de la dirección es
 * la llave (`horarios.calendario`, público en la tabla de acceso). Un secreto mal formado,
 * reemplazado, quitado o de quien no es docente: 404.
 */
export async function GET(_req: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const ctx = crearContexto({ db: await getDb(), sesion: null });
  try {
    const r = await createCaller(ctx).horarios.calendario({
      token: token.replace(/\.ics$/i, ''),
    });
    return new Response(r.contenido, {
      headers: {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': disposicion('inline', 'horario.ics'),
        // Privado: ningún intermediario lo guarda (al regenerar el enlace, deja de verse).
        'Cache-Control': 'private, no-store',
        'X-Robots-Tag': 'noindex',
      },
    });
  } catch (e) {
    const codigo = (e as { code?: string }).code;
    if (codigo === 'BAD_REQUEST') return errorJson(404, 'El calendario no existe.');
    return respuestaDeError(e, ctx, 'GET /api/ics/horario/{token}');
  }
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos('GET');
