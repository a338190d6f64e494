import 'server-only';
import { cache } from 'react';
import { contextoHttp } from '@/server/api/contexto-http';

/**
 * El contexto de la petición, una vez por render de servidor: lo comparten las guardias de página
 * (server/auth/guardia.ts), el marco y el llamador de procedimientos de @/trpc/server.
 */
export const contexto = cache(contextoHttp);
