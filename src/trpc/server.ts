import 'server-only';
import { cache } from 'react';
import { createCaller } from '@/server/api/root';
import { contextoHttp } from '@/server/api/contexto-http';

/** Contexto de la petición, una vez por render de servidor. */
export const contexto = cache(contextoHttp);

/** Llamador de procedimientos para componentes de servidor (mismas reglas que el cliente). */
export async function servidor() {
  return createCaller(await contexto());
}
