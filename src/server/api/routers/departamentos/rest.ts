/**
 * Filas REST de departamentos.
 */
import { nada, type RutaRest } from '@/server/api/rest-tipos';

export const rutas: readonly RutaRest[] = [
  {
    metodo: 'GET',
    ruta: '/api/departamentos',
    procedimiento: 'departamentos.listar',
    resumen: 'Departamentos.',
    entrada: nada,
  },
];
