/** Filas REST del tablero de pendientes (issue 15 §5). */
import { nada, type RutaRest } from '@/server/api/rest-tipos';

export const rutas: readonly RutaRest[] = [
  {
    metodo: 'GET',
    ruta: '/api/pendientes',
    procedimiento: 'pendientes.tablero',
    resumen:
      'Planillas de notas abiertas pasado su cierre, planillas de avances sin cerrar pasada la fecha de su instancia y cursos sin la asistencia tomada hoy por turno, cada uno con sus responsables (docentes o preceptores) y sus emails; dentro del alcance del rol.',
    entrada: nada,
  },
];
