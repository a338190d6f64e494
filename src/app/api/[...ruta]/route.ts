import { contextoHttp } from '@/server/api/contexto-http';
import { atenderPeticion } from '@/server/api/rest';

export const dynamic = 'force-dynamic';

/** El contrato REST (src/server/api/rest.ts): origen, ruta, sesión y permiso, y recién el cuerpo. */
function handler(req: Request) {
  return atenderPeticion(req, contextoHttp);
}

export {
  handler as GET,
  handler as POST,
  handler as PUT,
  handler as DELETE,
  handler as PATCH,
  handler as OPTIONS,
};
