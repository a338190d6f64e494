/** Filas REST de las herramientas de root (spec 02 §7): la consola de reportes y el registro. */
import type { RutaRest } from '@/server/api/rest-tipos';

export const rutas: readonly RutaRest[] = [
  {
    metodo: 'POST',
    ruta: '/api/root/reportes',
    procedimiento: 'root.reportes',
    resumen:
      'Consola de reportes (Admin con el dispositivo de administración): ejecuta una sola consulta de lectura { sql } (SELECT, WITH, VALUES o TABLE) con un rol que sólo lee y no ve los secretos, en una transacción de sólo lectura, con tiempo máximo de 5 s y hasta 1000 filas. Responde { columnas, filas, truncado }; un error de la consulta es un 400 con el mensaje. Cada consulta queda en la auditoría.',
  },
  {
    metodo: 'GET',
    ruta: '/api/root/log/{lineas}',
    procedimiento: 'root.log',
    resumen:
      'Las últimas líneas del registro de la aplicación (Admin con el dispositivo de administración), las más recientes primero: errores del servidor con el id de la petición y entradas de la auditoría. { lineas: [{ id, cuando, tipo, requestId, texto }] }.',
    entrada: ({ params }) => ({ lineas: params.lineas }),
    parametros: { lineas: 'Cantidad de líneas, de 1 a 1000 ({lines} en la especificación).' },
  },
];
