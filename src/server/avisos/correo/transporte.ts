/**
 * El transporte SMTP de los avisos (nodemailer): SMTP_URL (smtp:// o smtps://usuario:clave@host:
 * puerto) y SMTP_FROM. Con un grupo de conexiones (el resumen diario manda cientos seguidos) y
 * tiempos de espera cortos: el envío corre dentro de la transacción que lo registra.
 */
import nodemailer from 'nodemailer';
import type { Correo } from '../tipos';

/** Conexiones SMTP a la vez (el resumen manda de a tantos en paralelo). */
export const CONEXIONES_SMTP = 4;

/** Las opciones de nodemailer de una URL smtp(s)://; los parámetros `?clave=valor` se suman. */
export function opcionesSmtp(url: string) {
  const u = new URL(url);
  const secure = u.protocol === 'smtps:';
  const extra = Object.fromEntries(
    [...u.searchParams].map(([k, v]) => [
      k,
      v === 'true' ? true : v === 'false' ? false : v !== '' && !isNaN(Number(v)) ? Number(v) : v,
    ]),
  );
  return {
    host: u.hostname,
    port: Number(u.port) || (secure ? 465 : 587),
    secure,
    ...(u.username
      ? { auth: { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } }
      : {}),
    pool: true as const,
    maxConnections: CONEXIONES_SMTP,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
    ...extra,
  };
}

export type CorreoSmtp = Correo & { cerrar(): void };

export function crearCorreo(smtp: { url: string; from: string }): CorreoSmtp {
  const transporte = nodemailer.createTransport(opcionesSmtp(smtp.url));
  return {
    from: smtp.from,
    async enviar(m) {
      const info = await transporte.sendMail({
        from: smtp.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        headers: m.headers,
        messageId: m.messageId,
        // El sobre: el From visible no cambia; los rebotes van a la dirección VERP del envío.
        ...(m.remitenteSobre ? { envelope: { from: m.remitenteSobre, to: m.to } } : {}),
      });
      const rechazados = ((info.rejected ?? []) as (string | { address: string })[]).map((r) =>
        typeof r === 'string' ? r : r.address,
      );
      return { messageId: info.messageId, rechazados };
    },
    cerrar: () => transporte.close(),
  };
}
