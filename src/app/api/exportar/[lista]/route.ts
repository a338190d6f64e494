import { contextoHttp } from '@/server/api/contexto-http';
import { atenderExportacion } from '@/server/api/exportar';
import { otrosMetodos } from '@/server/api/metodos';

export const dynamic = 'force-dynamic';

/**
 * GET /api/exportar/{lista}?formato=xlsx|csv&…: una lista de la pantalla en Excel o CSV, con el
 * acceso y el alcance del procedimiento de la pantalla (src/server/api/exportar.ts).
 */
export async function GET(req: Request, { params }: { params: Promise<{ lista: string }> }) {
  const { lista } = await params;
  return atenderExportacion(req, lista, contextoHttp);
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos('GET');
