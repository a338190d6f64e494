/**
 * Los hechos que no causa un cambio sino el día (issue 35 §3): las notas publicadas (la fecha de
 * publicación del calendario) y las evaluaciones de los próximos 7 días. El trabajador los agenda
 * en la cola de hechos (`boss.schedule`, hora de la escuela); si estuvo caído a esa hora, los corre
 * una vez al volver (`missed: 'once'`). Cada uno es idempotente por sus claves.
 */
import type { Evento } from '.';

export const DIARIOS: readonly { clave: string; cron: string; evento: Evento }[] = [
  { clave: 'notas-publicadas', cron: '0 7 * * *', evento: { tipo: 'notas-publicadas' } },
  { clave: 'evaluaciones-proximas', cron: '0 7 * * *', evento: { tipo: 'evaluaciones-proximas' } },
];
