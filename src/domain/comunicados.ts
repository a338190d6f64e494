/**
 * Los comunicados de la escuela (issue 35 §4): quién escribe a qué audiencia, el adjunto (PDF o
 * JPG de hasta 5 MB, reconocido por su contenido) y los textos que ven las familias. Reglas puras:
 * las usan el servidor y las pantallas.
 */
import { problemaDeComprobante, tipoDeComprobante } from './inscripcion';
import { Rol } from './roles';

export const AUDIENCIAS = ['escuela', 'anio', 'curso', 'cursado'] as const;
export type TipoAudiencia = (typeof AUDIENCIAS)[number];

export const NOMBRE_AUDIENCIA: Record<TipoAudiencia, string> = {
  escuela: 'Toda la escuela',
  anio: 'Un año',
  curso: 'Un curso',
  cursado: 'Un cursado',
};

/** Las audiencias que puede elegir cada rol activo (el alcance dentro de ellas lo decide el servidor). */
export function audienciasDe(rol: number): readonly TipoAudiencia[] {
  switch (rol) {
    case Rol.Regente:
    case Rol.Alumnado:
    case Rol.Admin:
      return ['escuela', 'anio', 'curso'];
    case Rol.JefePreceptor:
    case Rol.Preceptor:
      return ['curso'];
    case Rol.Docente:
      return ['cursado'];
    default:
      return [];
  }
}

/** Los roles que escriben comunicados. */
export const AUTORES_COMUNICADOS = [
  Rol.Regente,
  Rol.Alumnado,
  Rol.Admin,
  Rol.JefePreceptor,
  Rol.Preceptor,
  Rol.Docente,
] as const;

/** Los que ven todos los comunicados de la escuela (los demás autores, sólo los suyos). */
export const VEN_TODOS_LOS_COMUNICADOS: readonly number[] = [Rol.Regente, Rol.Alumnado, Rol.Admin];

export const MAXIMO_TITULO = 150;
export const MAXIMO_TEXTO = 10_000;

// ── El adjunto ──────────────────────────────────────────────────────────────────────────────
export const TAMANIO_MAXIMO_ADJUNTO = 5 * 1024 * 1024;
export const ADJUNTO_DEMASIADO_GRANDE = 'El adjunto no puede superar los 5 MB.';
export const ADJUNTO_INVALIDO = 'El adjunto debe ser un PDF o una imagen JPG.';
/** Para el `accept` del selector de archivos (el servidor decide por el contenido). */
export const ACEPTA_ADJUNTO = '.pdf,.jpg,.jpeg,application/pdf,image/jpeg';

/** El tipo real del adjunto por sus primeros bytes (PDF o JPEG, sin HTML detrás), o null. */
export function tipoDeAdjunto(bytes: Uint8Array): 'application/pdf' | 'image/jpeg' | null {
  return tipoDeComprobante(bytes);
}

/** Por qué no sirve un adjunto (tamaño primero, después el contenido), o null si sirve. */
export function problemaDeAdjunto(bytes: Uint8Array): string | null {
  if (bytes.length > TAMANIO_MAXIMO_ADJUNTO) return ADJUNTO_DEMASIADO_GRANDE;
  if (problemaDeComprobante(bytes) === null) return null;
  return ADJUNTO_INVALIDO;
}

// ── Mensajes ────────────────────────────────────────────────────────────────────────────────
export const COMUNICADO_INEXISTENTE = 'El comunicado no existe o no está dirigido a usted.';
export const AUDIENCIA_NO_PERMITIDA = 'No puede enviar un comunicado a esa audiencia.';
export const CURSO_AJENO = 'No puede enviar un comunicado a ese curso: no es uno de los suyos.';
export const CURSADO_AJENO = 'No puede enviar un comunicado a ese cursado: no es uno de los suyos.';
export const SIN_DESTINATARIOS =
  'La audiencia elegida no tiene alumnos ni familias con usuario en el portal.';
export const SOLO_EL_AUTOR = 'Sólo quien escribió el comunicado puede corregirlo.';
export const SIN_ADJUNTO = 'El comunicado no tiene adjunto.';
export const NO_REQUIERE_CONFIRMACION = 'Este comunicado no pide confirmación de lectura.';
/** Lo que dice la pantalla del autor: un comunicado se corrige, no se borra. */
export const NO_SE_BORRA =
  'Los comunicados no se pueden borrar: si algo estaba mal, corríjalo y las familias verán la marca «editado».';

/** La pantalla del comunicado para quien lo recibe (el enlace del aviso). */
export const enlaceComunicado = (id: number) => `/comunicados-externo/${id}`;
/** La dirección del adjunto. */
export const enlaceAdjunto = (id: number) => `/api/comunicados/${id}/adjunto`;
/** La clave del aviso de un comunicado (una por persona). */
export const claveComunicado = (id: number) => `comunicado:${id}`;

/**
 * El texto del aviso de la campana: el título y por qué hijos ("Pérez, Ana (3° 1°)"); si se
 * corrigió, lo dice. Un referente con dos hijos en la audiencia recibe uno solo, con los dos.
 */
export function textoAviso(c: {
  titulo: string;
  alumnos: readonly { nombre: string; curso: string | null }[];
  requiereConfirmacion: boolean;
  editado: boolean;
}): { titulo: string; texto: string } {
  const nombres = c.alumnos.map((a) => (a.curso ? `${a.nombre} (${a.curso})` : a.nombre));
  const quien =
    nombres.length > 1 ? `${nombres.slice(0, -1).join(', ')} y ${nombres.at(-1)}` : nombres[0];
  return {
    titulo: `Comunicado${c.editado ? ' (editado)' : ''}: ${c.titulo}`,
    texto: `${quien ? `${quien}: ` : ''}la escuela publicó «${c.titulo}».${
      c.requiereConfirmacion ? ' Pide confirmar la lectura.' : ''
    }`,
  };
}
