/**
 * Filas REST de usuarios (spec 02 §7): el de la sesión y la administración de cuentas.
 */
import { nada, soloQuery, type RutaRest } from '@/server/api/rest-tipos';

export const rutas: readonly RutaRest[] = [
  {
    metodo: 'GET',
    ruta: '/api/usuario',
    procedimiento: 'usuarios.yo',
    resumen: 'Datos del usuario de la sesión.',
    entrada: nada,
  },
  {
    metodo: 'GET',
    ruta: '/api/usuarios',
    procedimiento: 'usuarios.listar',
    resumen: 'Usuarios (búsqueda q, paginado con cursor y limit ≤ 50).',
    entrada: soloQuery,
  },
  {
    metodo: 'POST',
    ruta: '/api/save/usuario',
    procedimiento: 'usuarios.guardar',
    resumen: 'Crea (sin orden) o modifica un usuario.',
    entrada: ({ cuerpo }) => cuerpo,
  },
];
