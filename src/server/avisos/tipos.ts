/**
 * Lo que comparten las partes de los avisos (issue 35): el contexto del trabajador y lo que
 * devuelve cada compositor de un hecho.
 */
import type { Categoria } from '@/domain/avisos';
import type { DbOTx } from '@/server/db';

/** Cómo se manda un correo (nodemailer en el trabajador; el servidor SMTP de la prueba en Jest). */
export interface Correo {
  from: string;
  enviar(mensaje: {
    to: string;
    subject: string;
    text: string;
    html: string;
    headers: Record<string, string>;
    messageId: string;
    /** El remitente del sobre (MAIL FROM), si no es el From: la dirección VERP de los rebotes. */
    remitenteSobre?: string;
  }): Promise<{ messageId?: string; rechazados: string[] }>;
}

/**
 * El contexto de un trabajo: como el de un servicio (`(ctx, input)`), sin sesión. `ahora`/`hoy` del
 * reloj de la escuela (las pruebas los fijan); nada acá lee el entorno.
 */
export interface CtxTrabajo {
  db: DbOTx;
  ahora: Date;
  /** 'AAAA-MM-DD' en la zona de la escuela. */
  hoy: string;
  zona: string;
  /**
   * Segundos de espera tras el último cambio de una planilla de asistencia: los de
   * NOTIFICACIONES_ESPERA_SEGUNDOS, o null para la de la escuela (configuración 'avisos').
   */
  esperaAsistencia: number | null;
  /** La URL pública del portal, sin '/' final (los enlaces de los correos). */
  urlBase: string;
  /** El secreto con que se firman los enlaces de baja de los correos. */
  secreto: string;
  /** Sin SMTP_URL: null (no se manda ningún correo; los avisos del portal siguen). */
  correo: Correo | null;
  /**
   * SMTP_REBOTES ('rebotes@dominio'): el remitente del sobre de cada correo es
   * `rebotes+<token>@dominio` (VERP), así un rebote que llega después se asocia a su envío. Sin
   * ella, el del From.
   */
  rebotes?: string | null;
}

/** Un aviso para una persona, como lo arma el compositor de un hecho. */
export interface AvisoNuevo {
  usuario: number;
  alumno: number | null;
  categoria: Categoria;
  /** La del hecho, única por persona: 'inasistencia:<alumno>:<fecha>', 'medida:<id>'… */
  clave: string;
  titulo: string;
  texto: string;
  /** La pantalla del portal con el detalle ('/asistencias-externo'…). */
  enlace: string;
}

/** Lo que resuelve un compositor: los avisos, o volver a mirar dentro de tantos segundos. */
export type Composicion = { avisos: AvisoNuevo[] } | { reintentarEn: number };

export type Compositor<D> = (ctx: CtxTrabajo, datos: D) => Promise<Composicion>;
