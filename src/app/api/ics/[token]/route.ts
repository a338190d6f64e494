import { calendarioIcs } from '@/server/api/calendario-ics';
import { otrosMetodos } from '@/server/api/metodos';

export const dynamic = 'force-dynamic';

/**
 * GET /api/ics/{token}[.ics]: el calendario personal de evaluaciones (issue 14 §10;
 * `evaluaciones.calendario`, público en la tabla de acceso).
 */
export const GET = calendarioIcs('evaluaciones.ics', 'GET /api/ics/{token}', (llamador, token) =>
  llamador.evaluaciones.calendario({ token }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos('GET');
