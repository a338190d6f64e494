/**
 * Los rebotes que llegan después (issue 35 §5, "los rebotes y las fallas quedan registrados"): el
 * servidor de correo de la escuela acepta un correo y, más tarde, el del destinatario avisa que no
 * lo pudo entregar con un correo de no entrega (DSN, RFC 3464) al remitente del sobre (MAIL FROM).
 *
 * - VERP: con SMTP_REBOTES (p. ej. rebotes@portal.escuela.edu.ar) el remitente del sobre de cada
 *   correo es `rebotes+<token>@portal.escuela.edu.ar` (el From visible no cambia). El token es el
 *   id del envío (`avisos_envios`) y una firma HMAC con AUTH_SECRET: un rebote falsificado no puede
 *   marcar el correo de otro. Sólo [a-z0-9-]: sobrevive a los servidores que pasan la dirección a
 *   minúsculas.
 * - `interpretarRebote(correo)`: lo que dice un DSN (multipart/report; report-type=delivery-status:
 *   Action, Status, Diagnostic-Code) o un rebote de texto (de MAILER-DAEMON o postmaster, o con un
 *   asunto de no entrega). Una demora (Action: delayed) no es un rebote; una respuesta automática
 *   de texto (vacaciones, Auto-Submitted: auto-replied) tampoco.
 *
 * Todo acá es puro (se prueba con tablas); el receptor SMTP está en receptor.ts.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ParsedMail } from 'mailparser';

/** Largo de la firma del token (hex): 80 bits, de sobra para quien prueba por SMTP. */
const LARGO_FIRMA = 20;

const firma = (secreto: string, id: number) =>
  createHmac('sha256', secreto).update(`avisos-rebote:${id}`).digest('hex').slice(0, LARGO_FIRMA);

/** El token de un envío: `<id>-<firma>`. */
export function tokenDeRebote(secreto: string, id: number): string {
  return `${id}-${firma(secreto, id)}`;
}

/** El id del envío de un token firmado con este secreto, o null. */
export function leerTokenDeRebote(secreto: string, token: string): number | null {
  const m = /^(\d{1,10})-([0-9a-f]{20})$/.exec(token.toLowerCase());
  if (!m) return null;
  const id = Number(m[1]);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const esperada = Buffer.from(firma(secreto, id));
  const recibida = Buffer.from(m[2]!);
  return esperada.length === recibida.length && timingSafeEqual(esperada, recibida) ? id : null;
}

/** 'rebotes@portal.escuela.edu.ar' → sus partes (la configuración ya validó la forma). */
function partes(direccion: string): { local: string; dominio: string } {
  const i = direccion.lastIndexOf('@');
  return {
    local: direccion.slice(0, i).toLowerCase(),
    dominio: direccion.slice(i + 1).toLowerCase(),
  };
}

/** El remitente del sobre (VERP) del envío `id`: `rebotes+<token>@dominio`. */
export function remitenteDeRebote(direccion: string, secreto: string, id: number): string {
  const { local, dominio } = partes(direccion);
  return `${local}+${tokenDeRebote(secreto, id)}@${dominio}`;
}

/** El id del envío de una dirección VERP de esta instalación con un token válido, o null. */
export function envioDeDireccion(direccion: string, secreto: string, rcpt: string): number | null {
  const { local, dominio } = partes(direccion);
  const r = rcpt.trim().toLowerCase();
  const i = r.lastIndexOf('@');
  if (i < 0 || r.slice(i + 1) !== dominio) return null;
  const izq = r.slice(0, i);
  if (!izq.startsWith(`${local}+`)) return null;
  return leerTokenDeRebote(secreto, izq.slice(local.length + 1));
}

// --- Lo que dice un rebote ---------------------------------------------------------------------

export interface Rebote {
  /** 'failed': no se entregó (se anota); 'delayed': demorado (no se anota). */
  accion: 'failed' | 'delayed';
  /** El código de estado (RFC 3463), '5.1.1'…, si vino. */
  status: string | null;
  /** Lo que dijo el servidor remoto (Diagnostic-Code o las primeras líneas del texto). */
  diagnostico: string;
  /** El motivo en castellano, para el registro de envíos. */
  motivo: string;
}

/** El motivo en castellano de un código de estado de RFC 3463. */
export function motivoDeStatus(status: string | null): string {
  if (!status) return 'El servidor del destinatario devolvió el correo sin entregarlo.';
  const [clase, sujeto, detalle] = status.split('.').map(Number);
  if (clase === 4)
    return 'El servidor del destinatario no lo pudo entregar después de varios intentos.';
  if (sujeto === 1)
    return detalle === 1 || detalle === 0
      ? 'La dirección de correo no existe.'
      : detalle === 2
        ? 'El dominio de la dirección de correo no existe.'
        : 'La dirección de correo no es válida.';
  if (sujeto === 2)
    return detalle === 2
      ? 'El buzón del destinatario está lleno.'
      : detalle === 1
        ? 'El buzón del destinatario está deshabilitado.'
        : 'El buzón del destinatario no recibe correo.';
  if (sujeto === 3) return 'El servidor del destinatario no puede recibir correo.';
  if (sujeto === 4) return 'No se encontró el camino hasta el servidor del destinatario.';
  if (sujeto === 7)
    return 'El servidor del destinatario lo rechazó por sus políticas (seguridad o correo no deseado).';
  return 'El servidor del destinatario devolvió el correo sin entregarlo.';
}

/** Los campos de un bloque "Campo: valor" (con las líneas que siguen con espacio). */
function campos(bloque: string): Map<string, string> {
  const m = new Map<string, string>();
  const lineas = bloque
    .replace(/\r\n/g, '\n')
    .replace(/\n[ \t]+/g, ' ')
    .split('\n');
  for (const l of lineas) {
    const i = l.indexOf(':');
    if (i > 0) m.set(l.slice(0, i).trim().toLowerCase(), l.slice(i + 1).trim());
  }
  return m;
}

/** Sin el tipo ("smtp; 550 …" → "550 …"), en una línea, corto. */
const limpiar = (s: string, largo = 500) =>
  s
    .replace(/^\s*(smtp|x-[a-z-]+)\s*;\s*/i, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, largo);

function tipoDe(mail: ParsedMail): { tipo: string; reporte: string } {
  const ct = mail.headers.get('content-type') as
    { value?: string; params?: Record<string, string> } | string | undefined;
  if (!ct) return { tipo: '', reporte: '' };
  if (typeof ct === 'string') return { tipo: ct.toLowerCase(), reporte: '' };
  return {
    tipo: (ct.value ?? '').toLowerCase(),
    reporte: (ct.params?.['report-type'] ?? '').toLowerCase(),
  };
}

/** El texto de la parte message/delivery-status: mailparser la suma al texto del correo. */
function camposDeEntrega(mail: ParsedMail): Map<string, string>[] {
  const fuentes = [
    mail.text ?? '',
    ...mail.attachments
      .filter((a) => /delivery-status/i.test(a.contentType))
      .map((a) => a.content.toString('utf8')),
  ];
  const bloques: Map<string, string>[] = [];
  for (const f of fuentes) {
    // Los bloques de cada destinatario empiezan con Final-Recipient (o Original-Recipient).
    const partesTexto = f.replace(/\r\n/g, '\n').split(/\n\s*\n/);
    for (const p of partesTexto) {
      const c = campos(p);
      if (c.has('action') && (c.has('final-recipient') || c.has('status'))) bloques.push(c);
    }
    if (bloques.length) break;
  }
  return bloques;
}

const PARECE_REBOTE =
  /(undeliver|not (be )?delivered|delivery (status notification|has failed|failure)|returned mail|failure notice|mail delivery (failed|subsystem)|no (se pudo )?entregad|rebot)/i;

/**
 * Lo que dice un correo que llegó a una dirección de rebotes: el rebote (failed o delayed), o
 * null si no es un rebote (una respuesta automática, un correo cualquiera, un DSN de entrega).
 */
export function interpretarRebote(mail: ParsedMail): Rebote | null {
  const { tipo, reporte } = tipoDe(mail);
  if (tipo === 'multipart/report' && reporte === 'delivery-status') {
    const bloques = camposDeEntrega(mail);
    const fallido = bloques.find((b) => (b.get('action') ?? '').toLowerCase().startsWith('failed'));
    const demorado = bloques.find((b) =>
      (b.get('action') ?? '').toLowerCase().startsWith('delayed'),
    );
    const b = fallido ?? demorado;
    if (!b) return null; // delivered, relayed, expanded: no es un rebote.
    const status = /^\d\.\d{1,3}\.\d{1,3}/.exec(b.get('status') ?? '')?.[0] ?? null;
    const diagnostico = limpiar(b.get('diagnostic-code') ?? '');
    return {
      accion: fallido ? 'failed' : 'delayed',
      status,
      diagnostico,
      motivo: motivoDeStatus(status),
    };
  }
  // Un rebote de texto: de MAILER-DAEMON o postmaster, o con un asunto de no entrega; una respuesta
  // automática (vacaciones) no (los DSN de Gmail también dicen auto-replied: ya se vieron arriba).
  const auto = String(mail.headers.get('auto-submitted') ?? '').toLowerCase();
  if (auto.startsWith('auto-replied')) return null;
  const de = (mail.from?.value[0]?.address ?? '').toLowerCase();
  const delDemonio = /^(mailer-daemon|postmaster)@/.test(de);
  if (!delDemonio && !PARECE_REBOTE.test(mail.subject ?? '')) return null;
  const texto = (mail.text ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 4)
    .join(' ');
  const status = /\b([45]\.\d{1,3}\.\d{1,3})\b/.exec(mail.text ?? '')?.[1] ?? null;
  return {
    accion: 'failed',
    status: status?.startsWith('5') ? status : null,
    diagnostico: limpiar(texto),
    motivo: motivoDeStatus(status?.startsWith('5') ? status : null),
  };
}

/** El motivo que queda en el registro: el de acá, el código y lo que dijo el servidor remoto. */
export function motivoDeRebote(r: Rebote): string {
  const codigo = r.status ? ` (${r.status})` : '';
  const remoto = r.diagnostico ? ` El servidor remoto dijo: «${r.diagnostico}»` : '';
  return `Rebotó: ${r.motivo.replace(/\.$/, '')}${codigo}.${remoto}`.slice(0, 1000);
}
