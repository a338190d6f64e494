/**
 * Filas REST del perfil del alumno (spec 02 §7).
 */
import { LIMITE_FOTO, type RutaRest } from '@/server/api/rest-tipos';

export const rutas: readonly RutaRest[] = [
  {
    metodo: 'POST',
    ruta: '/api/alumnos/update/{alumno}',
    procedimiento: 'perfil.actualizar',
    resumen:
      'El alumno edita su perfil (multipart/form-data): nombre, apellido, telefono "área número", email (obligatorios), pronombre y fotoPerfil (JPG, PNG o WebP por contenido, ≤ 5 MB).',
    entrada: ({ params, cuerpo }) => ({ ...(cuerpo as object), alumno: params.alumno }),
    parametros: { alumno: 'Orden del alumno (el propio).' },
    limiteCuerpo: LIMITE_FOTO,
  },
];
