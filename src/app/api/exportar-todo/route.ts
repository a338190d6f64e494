import { contextoHttp } from '@/server/api/contexto-http';
import { responderExportacionCompleta } from '@/server/api/descargas-zip';
import { otrosMetodos } from '@/server/api/metodos';

export const dynamic = 'force-dynamic';

/**
 * GET /api/exportar-todo (issue 34 §3): la exportación completa de los datos de la escuela en un
 * ZIP que se arma mientras se descarga. Sólo Admin con el dispositivo de administración.
 */
export async function GET() {
  return responderExportacionCompleta(await contextoHttp());
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos('GET');
