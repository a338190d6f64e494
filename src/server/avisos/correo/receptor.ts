/**
 * El receptor de rebotes (issue 35 §5): un servidor SMTP chico (`smtp-server`) que el trabajador
 * arranca con REBOTES_PUERTO. El MX del dominio de SMTP_REBOTES apunta acá (lo configura la
 * escuela). Acepta sólo destinatarios `rebotes+<token>@dominio` con un token firmado válido (el
 * resto: 550), correos de hasta LIMITE_REBOTE y a lo sumo MAXIMO_CONEXIONES a la vez; interpreta
 * cada uno con `mailparser` (rebotes.ts) y, si es un rebote, deja el envío 'rebotado' con el
 * motivo y cuándo. Dos copias del mismo rebote dejan un solo registro (sólo un 'enviado' pasa a
 * 'rebotado'); una demora no cambia nada. Todo lo demás que llega se acepta y se descarta.
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { DbOTx } from '@/server/db';
import { filasDe } from '@/server/db/sql';
import { envioDeDireccion, interpretarRebote, motivoDeRebote, type Rebote } from './rebotes';

/** El tamaño máximo de un rebote (un DSN trae las cabeceras o, a lo sumo, el correo original). */
export const LIMITE_REBOTE = 256 * 1024;
export const MAXIMO_CONEXIONES = 20;
/** Destinatarios por correo: un rebote va a una sola dirección VERP. */
const MAXIMO_DESTINATARIOS = 5;

/**
 * Anota el rebote de un envío: sólo un 'enviado' pasa a 'rebotado' (la misma fila no se anota dos
 * veces; uno 'fallido' o 'pendiente' no salió). Una demora no cambia nada. true si lo anotó.
 */
export async function registrarRebote(
  ctx: { db: DbOTx; ahora: Date },
  envio: number,
  rebote: Rebote,
): Promise<boolean> {
  if (rebote.accion !== 'failed') return false;
  const filas = filasDe<{ id: number }>(
    await ctx.db.execute(sql`
      update avisos_envios
      set estado = 'rebotado', motivo = ${motivoDeRebote(rebote)},
        rebotado = ${ctx.ahora.toISOString()}::timestamptz
      where id = ${envio} and estado = 'enviado'
      returning id`),
  );
  return filas.length > 0;
}

export interface OpcionesReceptor {
  db: DbOTx;
  /** SMTP_REBOTES: 'rebotes@portal.escuela.edu.ar'. */
  direccion: string;
  /** AUTH_SECRET (el de los tokens). */
  secreto: string;
  puerto: number;
  /** Por omisión, todas las interfaces. */
  host?: string;
  /** El instante de cada rebote. */
  ahora: () => Date;
  registro?: (m: string) => void;
}

export interface ReceptorRebotes {
  puerto: number;
  cerrar(): Promise<void>;
}

const errorSmtp = (codigo: number, mensaje: string) =>
  Object.assign(new Error(mensaje), { responseCode: codigo });

/** Arranca el receptor; resuelve cuando ya escucha. */
export async function iniciarReceptorRebotes(o: OpcionesReceptor): Promise<ReceptorRebotes> {
  const registro = o.registro ?? ((m: string) => console.warn(m));
  const servidor = new SMTPServer({
    name: o.direccion.slice(o.direccion.lastIndexOf('@') + 1),
    banner: 'Rebotes del portal escolar',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    size: LIMITE_REBOTE,
    maxClients: MAXIMO_CONEXIONES,
    socketTimeout: 30_000,
    closeTimeout: 5_000,
    onRcptTo(direccion, sesion, listo) {
      if (sesion.envelope.rcptTo.length >= MAXIMO_DESTINATARIOS)
        return listo(errorSmtp(452, '4.5.3 Demasiados destinatarios'));
      if (envioDeDireccion(o.direccion, o.secreto, direccion.address) == null)
        return listo(errorSmtp(550, '5.1.1 Destinatario desconocido'));
      listo();
    },
    onData(flujo, sesion, listo) {
      const trozos: Buffer[] = [];
      let largo = 0;
      flujo.on('data', (t: Buffer) => {
        largo += t.length;
        if (largo <= LIMITE_REBOTE) trozos.push(t);
      });
      flujo.on('error', (e: Error) => listo(e));
      flujo.on('end', () => {
        if (flujo.sizeExceeded || largo > LIMITE_REBOTE)
          return listo(errorSmtp(552, '5.3.4 El mensaje es demasiado grande'));
        const envios = sesion.envelope.rcptTo
          .map((r) => envioDeDireccion(o.direccion, o.secreto, r.address))
          .filter((id): id is number => id != null);
        void (async () => {
          const mail = await simpleParser(Buffer.concat(trozos));
          const rebote = interpretarRebote(mail);
          if (rebote)
            for (const id of new Set(envios))
              await registrarRebote({ db: o.db, ahora: o.ahora() }, id, rebote);
        })().then(
          () => listo(),
          (e: unknown) => {
            registro(`[avisos] No se pudo anotar un rebote: ${String(e)}`);
            listo(errorSmtp(451, '4.3.0 Error temporal, reintente más tarde'));
          },
        );
      });
    },
  });
  servidor.on('error', (e) => registro(`[avisos] Error del receptor de rebotes: ${e.message}`));
  await new Promise<void>((ok, mal) => {
    servidor.server.once('error', mal);
    servidor.listen(o.puerto, o.host, () => {
      servidor.server.off('error', mal);
      ok();
    });
  });
  const { port } = servidor.server.address() as AddressInfo;
  return {
    puerto: port,
    cerrar: () => new Promise<void>((ok) => servidor.close(() => ok())),
  };
}
