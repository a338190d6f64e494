import 'server-only';
import { createCaller } from '@/server/api/root';
import { contexto } from '@/server/contexto-pedido';

/** Contexto de la petición, una vez por render de servidor (el mismo de las guardias de página). */
export { contexto };

/** Llamador de procedimientos para componentes de servidor (mismas reglas que el cliente). */
export async function servidor() {
  return createCaller(await contexto());
}
