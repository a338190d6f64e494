/**
 * La baja desde el enlace de un correo (issue 35 §2, `/api/avisos/baja?t=<token>`): el token
 * firmado es la prueba (no hace falta sesión). Pone en 'no' la categoría (o, la del resumen, todas
 * las que llegaban en el resumen), lo anota en el registro de consentimientos (origen 'baja') y
 * saca del correo los avisos de esas categorías que todavía esperaban salir.
 */
import { sql } from 'drizzle-orm';
import { CATEGORIAS, NOMBRE_CATEGORIA, modoDe, type Categoria, type Modo } from '@/domain/avisos';
import type { DbOTx } from '@/server/db';
import { filasDe } from '@/server/db/sql';
import { transaccion } from '@/server/errores';
import { CuerpoDemasiadoGrande, leerBytes, respuestaCuerpoGrande } from '@/server/api/cuerpo';
import { leerTokenDeBaja, RUTA_PREFERENCIAS, type Baja } from './componer';
import { nombreDeLaEscuela } from './envios';

/** Lo que dice la página de la baja de cada enlace. */
export function queSeDaDeBaja(baja: Baja): string {
  return baja === 'resumen' ? 'el resumen diario de avisos' : `«${NOMBRE_CATEGORIA[baja]}»`;
}

export interface ResultadoBaja {
  cambios: { categoria: Categoria; antes: Modo; despues: Modo }[];
}

export async function darDeBaja(
  ctx: { db: DbOTx; ahora: Date; ip: string | null },
  datos: { usuario: number; baja: Baja },
): Promise<ResultadoBaja> {
  return transaccion(ctx, async ({ db }) => {
    // El usuario bloqueado: dos bajas a la vez no anotan dos veces el mismo cambio.
    const [u] = filasDe<{ id: number }>(
      await db.execute(sql`select id from usuarios where id = ${datos.usuario} for update`),
    );
    if (!u) return { cambios: [] };
    const elegidas = filasDe<{ categoria: Categoria; modo: Modo }>(
      await db.execute(
        sql`select categoria, modo from avisos_preferencias where usuario_id = ${datos.usuario}`,
      ),
    );
    const modos = Object.fromEntries(elegidas.map((e) => [e.categoria, e.modo]));
    const categorias =
      datos.baja === 'resumen'
        ? CATEGORIAS.filter((c) => modoDe(modos, c) === 'resumen')
        : [datos.baja];
    const cambios = categorias
      .map((c) => ({ categoria: c, antes: modoDe(modos, c), despues: 'no' as const }))
      .filter((c) => c.antes !== 'no');
    if (!cambios.length) return { cambios };
    const lista = cambios.map((c) => c.categoria);
    await db.execute(sql`
      insert into avisos_preferencias (usuario_id, categoria, modo)
      select ${datos.usuario}, c, 'no' from unnest(${`{${lista.join(',')}}`}::text[]) as c
      on conflict (usuario_id, categoria) do update set modo = 'no'`);
    await db.execute(sql`
      insert into avisos_consentimientos (usuario_id, cuando, ip, origen, cambios)
      values (${datos.usuario}, ${ctx.ahora.toISOString()}::timestamptz, ${ctx.ip}, 'baja', ${JSON.stringify(cambios)}::jsonb)`);
    await db.execute(sql`
      update avisos set correo = 'no'
      where usuario_id = ${datos.usuario} and correo = 'pendiente'
        and categoria = any(${`{${lista.join(',')}}`}::text[])`);
    return { cambios };
  });
}

// --- La página de /api/avisos/baja -------------------------------------------------------------

export const MENSAJE_BAJA_INVALIDA =
  'El enlace para dejar de recibir avisos no es válido. Cópielo completo desde el correo, o elija qué avisos recibir en el portal, en Preferencias de avisos.';

/** El cuerpo de un POST de baja: "List-Unsubscribe=One-Click" o el formulario de la página. */
export const LIMITE_CUERPO_BAJA = 4 * 1024;

const escapar = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Una página mínima, sin scripts (la CSP del portal vale igual). */
export function paginaDeBaja(titulo: string, parrafos: string[], formulario?: string): string {
  return (
    '<!doctype html><html lang="es"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapar(titulo)}</title>` +
    '<style>body{font-family:sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;line-height:1.5}' +
    'button{font-size:1rem;padding:.6rem 1.2rem}</style></head><body>' +
    `<h1>${escapar(titulo)}</h1>` +
    parrafos.map((p) => `<p>${escapar(p)}</p>`).join('') +
    (formulario ?? '') +
    '</body></html>'
  );
}

const html = (cuerpo: string, status = 200) =>
  new Response(cuerpo, { status, headers: { 'Content-Type': 'text/html; charset=utf-8' } });

/** Lo que necesita la ruta: la base, el secreto de los enlaces, el instante y la IP. */
export interface DependenciasBaja {
  db: DbOTx;
  secreto: string;
  ahora: Date;
  ip: string | null;
}

/**
 * GET: la página que confirma (no cambia nada: los antivirus del correo abren los enlaces).
 * POST: la baja (el "un clic" del cliente de correo, RFC 8058, o el botón de la página); 200.
 * Un token que no es válido: 400 con el mensaje en castellano; nada cambia.
 */
export async function atenderBaja(req: Request, d: DependenciasBaja): Promise<Response> {
  const url = new URL(req.url);
  const token = url.searchParams.get('t');
  const leido = leerTokenDeBaja(d.secreto, token);
  const quiereHtml =
    req.method === 'GET' || (req.headers.get('accept') ?? '').includes('text/html');
  const invalido = () =>
    quiereHtml
      ? html(paginaDeBaja('Enlace no válido', [MENSAJE_BAJA_INVALIDA]), 400)
      : Response.json({ error: true, message: MENSAJE_BAJA_INVALIDA }, { status: 400 });
  if (req.method === 'POST') {
    try {
      await leerBytes(req, LIMITE_CUERPO_BAJA);
    } catch (e) {
      if (e instanceof CuerpoDemasiadoGrande) return respuestaCuerpoGrande(e);
      throw e;
    }
  }
  if (!leido) return invalido();
  const escuela = await nombreDeLaEscuela(d.db);
  const que = queSeDaDeBaja(leido.baja);
  if (req.method === 'GET') {
    const accion = `${url.pathname}?t=${encodeURIComponent(token!)}`;
    return html(
      paginaDeBaja(
        'Dejar de recibir avisos por correo',
        [
          escuela,
          `¿Quiere dejar de recibir por correo ${que}?`,
          'Los avisos seguirán en la campana del portal.',
        ],
        `<form method="post" action="${escapar(accion)}">` +
          '<input type="hidden" name="List-Unsubscribe" value="One-Click">' +
          '<button type="submit">Dejar de recibirlos</button></form>',
      ),
    );
  }
  const r = await darDeBaja({ db: d.db, ahora: d.ahora, ip: d.ip }, leido);
  const mensaje = `Listo: ya no recibirá por correo ${que}.`;
  if (!quiereHtml) return Response.json({ ok: true, message: mensaje, cambios: r.cambios.length });
  return html(
    paginaDeBaja('Baja confirmada', [
      escuela,
      mensaje,
      `Puede volver a elegir qué avisos recibir en el portal, en ${RUTA_PREFERENCIAS}.`,
    ]),
  );
}
