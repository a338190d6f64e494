/**
 * El formulario de usuarios (Admin): los campos y sus reglas, sin zod. Los usa el esquema
 * `guardarUsuario` del servidor y la pantalla /usuarios; tests/unit/campos.test.ts compara las
 * dos validaciones sobre las mismas entradas.
 */
import {
  anotar,
  aNumero,
  bien,
  CAMPO_APELLIDO,
  CAMPO_NOMBRE,
  esEntero,
  esNumero,
  mal,
  reglaBooleano,
  reglaEmail,
  reglaId,
  reglaTexto,
  type Errores,
  type OpcionesTexto,
  type Resultado,
} from './campos';
import { mascaraValida } from './roles';

export const CAMPO_TELEFONO_USUARIO: OpcionesTexto = { campo: 'Teléfono', max: 30 };
export const CAMPO_HABILITADO = 'Habilitado';

export const MENSAJES_ROLES = {
  numero: 'Los roles deben ser un número.',
  entero: 'Los roles deben ser un número entero.',
  invalidos: 'Los roles no son válidos: elija al menos uno de la lista.',
} as const;

/** La máscara de roles de un usuario: sólo bits conocidos y al menos uno. */
export function reglaRoles(valor: unknown): Resultado<number> {
  const n = aNumero(valor);
  if (!esNumero(n)) return mal(MENSAJES_ROLES.numero);
  if (!esEntero(n)) return mal(MENSAJES_ROLES.entero);
  return mascaraValida(n) ? bien(n) : mal(MENSAJES_ROLES.invalidos);
}

const apellido = reglaTexto(CAMPO_APELLIDO);
const nombre = reglaTexto(CAMPO_NOMBRE);
const telefono = reglaTexto(CAMPO_TELEFONO_USUARIO);
const habilitado = reglaBooleano(CAMPO_HABILITADO);

export interface EntradaUsuario {
  orden?: unknown;
  apellido?: unknown;
  nombre?: unknown;
  email?: unknown;
  telefono?: unknown;
  rol?: unknown;
  habilitado?: unknown;
}

/**
 * Los errores del formulario de usuario por campo (el primero de cada uno), los mismos que da
 * `guardarUsuario` del servidor. `orden` (sin él se crea uno nuevo) y `telefono` son optativos.
 */
export function erroresUsuario(v: EntradaUsuario): Errores {
  const e: Errores = {};
  if (v.orden != null) anotar(e, 'orden', reglaId(v.orden));
  anotar(e, 'apellido', apellido(v.apellido));
  anotar(e, 'nombre', nombre(v.nombre));
  anotar(e, 'email', reglaEmail(v.email));
  if (v.telefono != null) anotar(e, 'telefono', telefono(v.telefono));
  anotar(e, 'rol', reglaRoles(v.rol));
  anotar(e, 'habilitado', habilitado(v.habilitado));
  return e;
}
