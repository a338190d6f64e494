/**
 * Lo que la pantalla /importar recibe del servidor (contrato de la importación, issue 34 §1): la
 * subida (POST /api/importar, una ruta propia) y las salidas de los procedimientos.
 */
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/api/root';

type Salidas = inferRouterOutputs<AppRouter>['importar'];

/** La respuesta de POST /api/importar (la ruta llama a `importar.subir`). */
export type Subida = Salidas['subir'];
export type Resultado = Salidas['vista'];
export type FilaHistorial = Salidas['historial'][number];
