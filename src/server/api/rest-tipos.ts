/**
 * La forma de una fila del contrato REST (DESIGN §5) y las ayudas para armar su entrada. Sólo
 * importa tipos: lo usan las filas de cada módulo (`routers/<modulo>/rest.ts`) y el núcleo
 * (`rest.ts`, `rest-openapi.ts`) sin formar ciclos.
 */
import type { RutaProcedimiento } from './root';

/**
 * Un camino con un "%" que no es un escape UTF-8 válido (400): lo responden el proxy y el
 * manejador de /api/[...ruta].
 */
export const MENSAJE_CAMINO_MAL_CODIFICADO =
  'La dirección pedida no es válida: tiene un "%" mal codificado.';

export type Metodo = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Los máximos del cuerpo de una petición (los aplica src/server/api/cuerpo.ts, después de la
 * sesión y el permiso; 413 al pasarlos). Una fila que sube un archivo declara el suyo
 * (`limiteCuerpo`).
 */
export const LIMITE_JSON = 1024 * 1024;
/** La inscripción: el comprobante (≤ 10 MB) y los campos del formulario. */
export const LIMITE_INSCRIPCION = 12 * 1024 * 1024;
/** Una foto o imagen (≤ 5 MB: la de perfil, la de una actividad de la jornada) y los campos. */
export const LIMITE_FOTO = 6 * 1024 * 1024;
/** Los formularios chicos sin sesión: la clave de /bypass, el email de login_validate. */
export const LIMITE_FORMULARIO_CHICO = 4 * 1024;

export type FormaCuerpo = 'objeto' | 'lista' | 'objeto-o-lista';

/** Lo que trae la petición: parámetros del camino, consulta y cuerpo (JSON, formulario o multipart). */
export interface PeticionRest {
  params: Record<string, string>;
  query: Record<string, string>;
  cuerpo: unknown;
}

/** Una ruta que llama a un procedimiento tRPC: el mismo que usan las pantallas. */
export interface RutaRest {
  metodo: Metodo;
  /** Ruta con parámetros entre llaves: '/api/cursos_preceptor/{id}'. */
  ruta: string;
  /**
   * Ruta del procedimiento, `modulo.procedimiento`; el módulo es el de la carpeta de la fila. La
   * comprueba el compilador: un procedimiento que no existe en `appRouter` no compila.
   */
  procedimiento: RutaProcedimiento;
  resumen: string;
  /**
   * Arma la entrada del procedimiento; por defecto, el cuerpo. El núcleo ya verificó la forma del
   * cuerpo (`cuerpo`): una fila puede mezclarlo en un objeto (`{ ...cuerpo, id }`) sin mirarlo.
   */
  entrada?: (p: PeticionRest) => unknown;
  /**
   * La forma del cuerpo que acepta (si viene): por defecto un objeto JSON; 'lista', un arreglo;
   * 'objeto-o-lista', cualquiera de los dos. Otra forma (un arreglo donde va un objeto, un texto,
   * un número, null) es un 400 antes de llamar al procedimiento.
   */
  cuerpo?: FormaCuerpo;
  /** Descripción de cada parámetro del camino (OpenAPI). */
  parametros?: Record<string, string>;
  /**
   * El máximo del cuerpo en bytes (src/server/api/cuerpo.ts): por defecto LIMITE_JSON (1 MB);
   * las que suben un archivo, el suyo (413 al pasarlo).
   */
  limiteCuerpo?: number;
}

/**
 * Una ruta del contrato que atiende su propio manejador en `src/app/api` (no pasa por la tabla):
 * sólo se documenta en OpenAPI.
 */
export interface RutaPropia {
  metodo: Metodo;
  ruta: string;
  resumen: string;
  /** El archivo que la atiende (las pruebas verifican que existe y exporta el método). */
  manejador: string;
  /** Responde sin sesión (en OpenAPI, `security: []`). */
  anonima?: true;
  parametros?: Record<string, string>;
  /** Los parámetros de la consulta (`?t=…`): nombre → descripción (OpenAPI). */
  consulta?: Record<string, string>;
  /**
   * El cuerpo multipart/form-data que lee el manejador (OpenAPI): cada campo con su descripción,
   * si es un archivo y si es obligatorio.
   */
  formulario?: Record<string, { descripcion: string; archivo?: true; requerido?: true }>;
  /** Estado → descripción. */
  respuestas: Record<number, string>;
}

/** Listado con búsqueda y paginado: la consulta es la entrada (q, cursor, limit). */
export const soloQuery = ({ query }: { query: Record<string, string> }) =>
  Object.keys(query).length ? query : undefined;

/** El procedimiento no recibe entrada. */
export const nada = () => undefined;
