import { errorJson, respuestaDeError } from '@/server/api/rest';
import { createCaller } from '@/server/api/root';
import { crearContexto } from '@/server/api/trpc';
import { getDb } from '@/server/db';
import { disposicion } from '@/server/api/disposicion';

type Llamador = ReturnType<typeof createCaller>;

/**
 * El manejador GET de un calendario .ics por una dirección privada (`/api/ics/{token}[.ics]`,
 * `/api/ics/horario/{token}[.ics]`), para Google Calendar, Outlook o el teléfono. Sin sesión: el
 * secreto de la dirección es la llave (un procedimiento público de la tabla de acceso lo busca).
 * Un secreto mal formado, reemplazado o quitado: 404. Ningún intermediario guarda la respuesta
 * (al regenerar el enlace deja de verse).
 */
export function calendarioIcs(
  archivo: string,
  ruta: string,
  leer: (llamador: Llamador, token: string) => Promise<{ contenido: string }>,
) {
  return async function GET(
    _req: Request,
    { params }: { params: Promise<{ token: string }> },
  ): Promise<Response> {
    const { token } = await params;
    const ctx = crearContexto({ db: await getDb(), sesion: null });
    try {
      const r = await leer(createCaller(ctx), token.replace(/\.ics$/i, ''));
      return new Response(r.contenido, {
        headers: {
          'Content-Type': 'text/calendar; charset=utf-8',
          'Content-Disposition': disposicion('inline', archivo),
          'Cache-Control': 'private, no-store',
          'X-Robots-Tag': 'noindex',
        },
      });
    } catch (e) {
      const codigo = (e as { code?: string }).code;
      if (codigo === 'BAD_REQUEST') return errorJson(404, 'El calendario no existe.');
      return respuestaDeError(e, ctx, ruta);
    }
  };
}
