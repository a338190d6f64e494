/**
 * Filas REST de usuarios (spec 02 §7): el de la sesión y la administración de cuentas.
 */
import { nada, soloQuery, type RutaRest } from '@/server/api/rest-tipos';

export const rutas: readonly RutaRest[] = [
  {
    metodo: 'GET',
    ruta: '/api/usuario/{rol}/{cursor}',
    procedimiento: 'usuarios.porRol',
    resumen:
      'Los usuarios habilitados con un rol, de a 50: [{ id, etiqueta "Apellido, Nombre", detalle email }] y siguiente (la posición de la página que sigue, o null). {a} de la especificación es el rol y {b} la posición.',
    entrada: ({ params, query }) => ({ ...query, rol: params.rol, cursor: params.cursor }),
    parametros: {
      rol: 'El bit del rol: 1 Docente, 4 Preceptor, 512 Coordinador, … (uno solo).',
      cursor: 'Posición desde la que se lista (0, 50, 100, …).',
    },
  },
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
