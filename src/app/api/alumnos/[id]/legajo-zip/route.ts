import { contextoHttp } from '@/server/api/contexto-http';
import { responderLegajo } from '@/server/api/descargas-zip';
import { otrosMetodos } from '@/server/api/metodos';

export const dynamic = 'force-dynamic';

/**
 * GET /api/alumnos/{id}/legajo-zip (issue 34 §3): todo lo que el portal guarda sobre el alumno, en
 * un ZIP con un índice legible. Para el personal que ve su legajo completo, con su alcance.
 */
export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return responderLegajo(await contextoHttp(), id);
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos('GET');
