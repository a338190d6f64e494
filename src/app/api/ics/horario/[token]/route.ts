import { calendarioIcs } from '@/server/api/calendario-ics';
import { otrosMetodos } from '@/server/api/metodos';

export const dynamic = 'force-dynamic';

/**
 * GET /api/ics/horario/{token}[.ics]: la semana del docente (issue 32 §5), cada bloque una clase
 * semanal (`horarios.calendario`, público en la tabla de acceso; 404 si el dueño no es docente).
 */
export const GET = calendarioIcs('horario.ics', 'GET /api/ics/horario/{token}', (llamador, token) =>
  llamador.horarios.calendario({ token }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos('GET');
