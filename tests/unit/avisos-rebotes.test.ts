/**
 * Los rebotes que llegan después (issue 35 §5): el token VERP firmado (ida y vuelta, uno falso,
 * otro secreto, otro dominio, mayúsculas) y lo que dice cada rebote, con correos de la forma de
 * los reales: el DSN de Gmail (5.1.1), el de Exchange (5.2.2, con HTML y el original adjunto), un
 * rebote de texto de un MAILER-DAEMON, una demora (delayed), un DSN de entrega (delivered) y una
 * respuesta automática de vacaciones (no son rebotes).
 */
import { simpleParser } from 'mailparser';
import {
  envioDeDireccion,
  interpretarRebote,
  leerTokenDeRebote,
  motivoDeRebote,
  motivoDeStatus,
  remitenteDeRebote,
  tokenDeRebote,
} from '@/server/avisos/correo/rebotes';

const SECRETO = 'r'.repeat(40);
const BASE = 'rebotes@portal.escuela.test';

describe('token VERP', () => {
  it('ida y vuelta: sólo [a-z0-9-], el id del envío', () => {
    const t = tokenDeRebote(SECRETO, 1234);
    expect(t).toMatch(/^[a-z0-9-]+$/);
    expect(t.length).toBeLessThanOrEqual(31);
    expect(leerTokenDeRebote(SECRETO, t)).toBe(1234);
    const dir = remitenteDeRebote(BASE, SECRETO, 1234);
    expect(dir).toBe(`rebotes+${t}@portal.escuela.test`);
    expect(envioDeDireccion(BASE, SECRETO, dir)).toBe(1234);
    // Un servidor que pasa la dirección a mayúsculas no la rompe.
    expect(envioDeDireccion(BASE, SECRETO, dir.toUpperCase())).toBe(1234);
  });

  it.each([
    ['otro id con la misma firma', (t: string) => t.replace(/^\d+/, '1235')],
    ['la firma cambiada', (t: string) => t.slice(0, -1) + (t.endsWith('0') ? '1' : '0')],
    ['sin firma', (t: string) => t.split('-')[0]!],
    ['firma corta', (t: string) => t.slice(0, -2)],
    ['vacío', () => ''],
    ['id cero', (t: string) => t.replace(/^\d+/, '0')],
  ])('rechaza un token falso: %s', (_n, cambiar) => {
    expect(leerTokenDeRebote(SECRETO, cambiar(tokenDeRebote(SECRETO, 1234)))).toBeNull();
  });

  it('rechaza otro secreto, otro dominio, otra dirección base y una dirección sin token', () => {
    const dir = remitenteDeRebote(BASE, SECRETO, 7);
    expect(envioDeDireccion(BASE, 'x'.repeat(40), dir)).toBeNull();
    expect(envioDeDireccion(BASE, SECRETO, dir.replace('escuela.test', 'otra.test'))).toBeNull();
    expect(envioDeDireccion(BASE, SECRETO, dir.replace('rebotes+', 'otro+'))).toBeNull();
    expect(envioDeDireccion(BASE, SECRETO, BASE)).toBeNull();
    expect(envioDeDireccion(BASE, SECRETO, 'cualquiera@portal.escuela.test')).toBeNull();
  });
});

const GMAIL = `Return-Path: <>
From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>
To: rebotes+1-abc@portal.escuela.test
Subject: Delivery Status Notification (Failure)
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; boundary="000000000000b1"; report-type=delivery-status

--000000000000b1
Content-Type: multipart/related; boundary="000000000000b2"

--000000000000b2
Content-Type: multipart/alternative; boundary="000000000000b3"

--000000000000b3
Content-Type: text/plain; charset="UTF-8"

** Address not found **

Your message wasn't delivered to nadie.existe@gmail.com because the address couldn't be found, or is unable to receive mail.

--000000000000b3
Content-Type: text/html; charset="UTF-8"

<html><body><h2>Address not found</h2></body></html>

--000000000000b3--
--000000000000b2--
--000000000000b1
Content-Type: message/delivery-status

Reporting-MTA: dns; googlemail.com
Received-From-MTA: dns; smtp.escuela.test
Arrival-Date: Tue, 12 May 2026 18:00:01 -0700 (PDT)

Final-Recipient: rfc822; nadie.existe@gmail.com
Action: failed
Status: 5.1.1
Remote-MTA: dns; gmail-smtp-in.l.google.com. (2607:f8b0::1b, the server for the domain gmail.com.)
Diagnostic-Code: smtp; 550-5.1.1 The email account that you tried to reach does
 not exist. Please try double-checking the recipient's email address for typos
 or unnecessary spaces. https://support.google.com/mail/?p=NoSuchUser
Last-Attempt-Date: Tue, 12 May 2026 18:00:02 -0700 (PDT)

--000000000000b1
Content-Type: text/rfc822-headers

Message-ID: <aviso.0123@portal.escuela.test>
Subject: Inasistencia de Pérez, Juan
From: Escuela <avisos@escuela.test>

--000000000000b1--
`;

const EXCHANGE = `From: postmaster@outlook.com
To: rebotes+2-abc@portal.escuela.test
Subject: Undeliverable: Inasistencia de Pérez, Juan
Content-Type: multipart/report; report-type=delivery-status;
\tboundary="_000_DSN_EXCHANGE_"
MIME-Version: 1.0

--_000_DSN_EXCHANGE_
Content-Type: multipart/alternative; differences=Content-Type;
\tboundary="_001_ALT_"

--_001_ALT_
Content-Type: text/plain; charset="us-ascii"

Delivery has failed to these recipients or groups:

tutora@contoso.com
The recipient's mailbox is full and can't accept messages now.

--_001_ALT_
Content-Type: text/html; charset="us-ascii"

<html><body><b>Delivery has failed</b></body></html>

--_001_ALT_--

--_000_DSN_EXCHANGE_
Content-Type: message/delivery-status

Reporting-MTA: dns;AM0PR01MB1234.eurprd01.prod.exchangelabs.com
Received-From-MTA: dns;smtp.escuela.test
Arrival-Date: Tue, 12 May 2026 21:00:02 +0000

Final-Recipient: rfc822;tutora@contoso.com
Action: failed
Status: 5.2.2
Diagnostic-Code: smtp;554 5.2.2 mailbox full;
 STOREDRV.Deliver.Exception:QuotaExceededException.MapiExceptionShutoffQuotaExceeded

--_000_DSN_EXCHANGE_
Content-Type: message/rfc822

Message-ID: <aviso.0456@portal.escuela.test>
Subject: Inasistencia de Pérez, Juan
From: Escuela <avisos@escuela.test>
To: tutora@contoso.com

Hola.

--_000_DSN_EXCHANGE_--
`;

const TEXTO = `From: MAILER-DAEMON@mx.proveedor.com.ar (Mail Delivery System)
To: rebotes+3-abc@portal.escuela.test
Subject: Undelivered Mail Returned to Sender
Content-Type: text/plain; charset=us-ascii

This is the mail system at host mx.proveedor.com.ar.
I'm sorry to have to inform you that your message could not
be delivered to one or more recipients.
<vieja@proveedor.com.ar>: host mx.proveedor.com.ar said: 550 5.1.1 User unknown
`;

const DEMORADO = `From: Mail Delivery System <MAILER-DAEMON@mx.escuela.test>
To: rebotes+4-abc@portal.escuela.test
Subject: Delayed Mail (still being retried)
Content-Type: multipart/report; report-type=delivery-status; boundary="D"
MIME-Version: 1.0

--D
Content-Type: text/plain

This is a warning only. Your message is still being retried.
--D
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.escuela.test

Final-Recipient: rfc822; lenta@lejos.test
Action: delayed
Status: 4.4.1
Diagnostic-Code: X-Postfix; connect to mx.lejos.test[192.0.2.1]:25: Connection timed out
Will-Retry-Until: Sat, 16 May 2026 21:00:00 +0000

--D--
`;

const ENTREGADO = DEMORADO.replace('Action: delayed', 'Action: delivered').replace(
  'Status: 4.4.1',
  'Status: 2.0.0',
);

const VACACIONES = `From: Tutora <tutora@contoso.com>
To: rebotes+5-abc@portal.escuela.test
Subject: Respuesta automática: Inasistencia de Pérez, Juan
Auto-Submitted: auto-replied
Content-Type: text/plain; charset=utf-8

Estoy de vacaciones hasta el lunes.
`;

const CUALQUIERA = `From: alguien@otro.test
To: rebotes+6-abc@portal.escuela.test
Subject: Hola
Content-Type: text/plain; charset=utf-8

¿Me pasan el horario?
`;

const leer = async (crudo: string) =>
  interpretarRebote(await simpleParser(crudo.replace(/\r?\n/g, '\r\n')));

describe('interpretarRebote', () => {
  it.each([
    [
      'Gmail, 5.1.1 (con Auto-Submitted: es un DSN, no una respuesta)',
      GMAIL,
      'failed',
      '5.1.1',
      'La dirección de correo no existe.',
      /^550-5\.1\.1 The email account that you tried to reach does not exist\. Please try/,
    ],
    [
      'Exchange, 5.2.2 buzón lleno',
      EXCHANGE,
      'failed',
      '5.2.2',
      'El buzón del destinatario está lleno.',
      /^554 5\.2\.2 mailbox full; STOREDRV\.Deliver\.Exception:QuotaExceeded/,
    ],
    [
      'rebote de texto de un MAILER-DAEMON',
      TEXTO,
      'failed',
      '5.1.1',
      'La dirección de correo no existe.',
      /^This is the mail system at host mx\.proveedor\.com\.ar\. I'm sorry/,
    ],
    [
      'demora (delayed)',
      DEMORADO,
      'delayed',
      '4.4.1',
      'El servidor del destinatario no lo pudo entregar después de varios intentos.',
      /^connect to mx\.lejos\.test\[192\.0\.2\.1\]:25: Connection timed out$/,
    ],
  ])('%s', async (_n, crudo, accion, status, motivo, diagnostico) => {
    const r = await leer(crudo);
    expect(r).toMatchObject({ accion, status, motivo });
    expect(r!.diagnostico).toMatch(diagnostico);
  });

  it.each([
    ['un DSN de entrega (delivered)', ENTREGADO],
    ['una respuesta automática de vacaciones', VACACIONES],
    ['un correo cualquiera', CUALQUIERA],
  ])('no es un rebote: %s', async (_n, crudo) => {
    expect(await leer(crudo)).toBeNull();
  });

  it('el motivo del registro: en castellano, con el código y lo que dijo el servidor remoto', async () => {
    expect(motivoDeRebote((await leer(GMAIL))!)).toMatch(
      /^Rebotó: La dirección de correo no existe \(5\.1\.1\)\. El servidor remoto dijo: «550-5\.1\.1 The email account/,
    );
    expect(motivoDeStatus('5.7.1')).toMatch(/políticas/);
    expect(motivoDeStatus(null)).toMatch(/devolvió el correo/);
  });
});
