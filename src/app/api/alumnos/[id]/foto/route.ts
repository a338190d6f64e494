import { contextoHttp } from '@/server/api/contexto-http';
import { errorJson, respuestaDeError } from '@/server/api/rest';
import { createCaller } from '@/server/api/root';
import { otrosMetodos } from '@/server/api/metodos';

export const dynamic = 'force-dynamic';

/** GET /api/alumnos/{id}/foto: la foto de perfil (alumno, sus referentes, personal con alcance). */
export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^[1-9]\d{0,9}$/.test(id)) return errorJson(404, 'El alumno no existe.');
  const ctx = await contextoHttp();
  try {
    const f = await createCaller(ctx).perfil.foto({ alumno: Number(id) });
    return new Response(new Uint8Array(f.datos), {
      headers: {
        // El tipo detectado al subirla (bytes mágicos), nunca el que declaró el navegador.
        'Content-Type': f.tipo,
        'Content-Disposition': 'inline',
        // Dato personal: ni el navegador ni un proxy la guardan.
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'",
      },
    });
  } catch (e) {
    return respuestaDeError(e, ctx, 'GET /api/alumnos/{id}/foto');
  }
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos('GET');
