/**
 * El texto de los correos de avisos (issue 35 §2): funciones puras, sin base ni reloj. Texto plano
 * en castellano más un HTML simple (todo lo que viene de la base, escapado), el nombre de la
 * escuela, cada hijo con su curso, el enlace a la pantalla de cada aviso, el pie con el porqué y
 * el enlace a las preferencias, y las cabeceras de baja (List-Unsubscribe, RFC 2369 y 8058).
 * Nada más que el título y el texto de cada aviso: ningún dato médico llega hasta acá.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { NOMBRE_CATEGORIA, esCategoria, type Categoria } from '@/domain/avisos';

/** Lo que se da de baja con un enlace: una categoría, o todo lo que va en el resumen diario. */
export type Baja = Categoria | 'resumen';

export const RUTA_PREFERENCIAS = '/avisos/preferencias';
export const RUTA_BAJA = '/api/avisos/baja';

/** Un aviso tal como va en un correo. */
export interface AvisoDeCorreo {
  categoria: Categoria;
  titulo: string;
  texto: string;
  enlace: string;
  alumno: { id: number; apellido: string; nombre: string; curso: string | null } | null;
}

export interface DatosCorreo {
  escuela: string;
  urlBase: string;
  secreto: string;
  usuario: number;
  /** 'Nombre Apellido' de quien lo recibe. */
  destinatario: string;
  /** 'AAAA-MM-DD'. */
  dia: string;
  avisos: readonly AvisoDeCorreo[];
}

export interface Mensaje {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

// --- Enlaces de baja firmados ---------------------------------------------------------------

const firma = (secreto: string, cuerpo: string) =>
  createHmac('sha256', secreto).update(`avisos-baja:${cuerpo}`).digest('base64url');

/** El token del enlace de baja: `<usuario>.<categoría>.<HMAC>` (sin vencimiento). */
export function tokenDeBaja(secreto: string, usuario: number, baja: Baja): string {
  const cuerpo = `${usuario}.${baja}`;
  return `${cuerpo}.${firma(secreto, cuerpo)}`;
}

/** El usuario y la categoría de un token de baja, o null si no es uno firmado con este secreto. */
export function leerTokenDeBaja(
  secreto: string,
  token: string | null | undefined,
): { usuario: number; baja: Baja } | null {
  if (typeof token !== 'string' || token.length > 200) return null;
  const m = /^(\d{1,10})\.([a-z]{1,20})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const usuario = Number(m[1]);
  const baja = m[2]!;
  if (!Number.isSafeInteger(usuario) || !(baja === 'resumen' || esCategoria(baja))) return null;
  const esperada = Buffer.from(firma(secreto, `${m[1]}.${baja}`));
  const recibida = Buffer.from(m[3]!);
  if (esperada.length !== recibida.length || !timingSafeEqual(esperada, recibida)) return null;
  return { usuario, baja: baja as Baja };
}

export const enlaceDeBaja = (urlBase: string, secreto: string, usuario: number, baja: Baja) =>
  `${urlBase}${RUTA_BAJA}?t=${tokenDeBaja(secreto, usuario, baja)}`;

/** Las cabeceras de baja en un clic (RFC 8058): el cliente de correo hace POST al enlace. */
export function cabecerasDeBaja(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/**
 * El Message-ID de un envío, derivado de su clave: el mismo en cada reintento, así un correo
 * reenviado tras una caída a mitad del envío se reconoce como el mismo.
 */
export function idDeMensaje(clave: string, urlBase: string): string {
  let dominio = 'portal.invalid';
  try {
    dominio = new URL(urlBase).hostname || dominio;
  } catch {
    // urlBase inválida: el dominio de reserva.
  }
  const hash = createHash('sha256').update(`avisos:${clave}`).digest('hex').slice(0, 32);
  return `<aviso.${hash}@${dominio}>`;
}

// --- Texto ----------------------------------------------------------------------------------

/** Escapa lo que va en el HTML (texto y atributos). */
export function escaparHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** 'Pérez, Ana (3° 1°)'. */
export function nombreDelHijo(a: NonNullable<AvisoDeCorreo['alumno']>): string {
  return `${a.apellido}, ${a.nombre}${a.curso ? ` (${a.curso})` : ''}`;
}

/** 'A', 'A y B', 'A, B y C'. */
export function enumerar(xs: readonly string[]): string {
  if (xs.length <= 1) return xs[0] ?? '';
  return `${xs.slice(0, -1).join(', ')} y ${xs[xs.length - 1]}`;
}

/** 'DD/MM/AAAA' de 'AAAA-MM-DD'. */
export const fechaLegible = (dia: string) => dia.split('-').reverse().join('/');

/** Un enlace del portal: absoluto sólo si es una ruta del portal ('/…'); si no, la portada. */
export function enlaceDelPortal(urlBase: string, enlace: string): string {
  return `${urlBase}${/^\/(?!\/)/.test(enlace) ? enlace : '/'}`;
}

interface Grupo {
  clave: string;
  /** El hijo ('Pérez, Ana (3° 1°)') o null (avisos que no son de un alumno). */
  hijo: string | null;
  categorias: { categoria: Categoria; avisos: AvisoDeCorreo[] }[];
}

/** Agrupa por hijo (en el orden en que aparecen) y dentro de cada hijo por categoría. */
export function agruparPorHijo(avisos: readonly AvisoDeCorreo[]): Grupo[] {
  const grupos = new Map<string, Grupo>();
  for (const a of avisos) {
    const clave = a.alumno ? `a${a.alumno.id}` : 'general';
    let g = grupos.get(clave);
    if (!g) {
      g = { clave, hijo: a.alumno ? nombreDelHijo(a.alumno) : null, categorias: [] };
      grupos.set(clave, g);
    }
    let c = g.categorias.find((x) => x.categoria === a.categoria);
    if (!c) g.categorias.push((c = { categoria: a.categoria, avisos: [] }));
    c.avisos.push(a);
  }
  // Los de un hijo primero; los generales (comunicados de la escuela…), al final.
  return [...grupos.values()].sort((x, y) => Number(x.hijo === null) - Number(y.hijo === null));
}

function hijosDe(avisos: readonly AvisoDeCorreo[]): string[] {
  return agruparPorHijo(avisos).flatMap((g) => (g.hijo ? [g.hijo] : []));
}

function cuerpo(
  d: DatosCorreo,
  intro: string,
  grupos: Grupo[],
  porCategoria: boolean,
  pie: string[],
  bajas: { texto: string; url: string }[],
): { text: string; html: string } {
  const t: string[] = [d.escuela, '', `Hola, ${d.destinatario}:`, '', intro, ''];
  const h: string[] = [
    `<p style="font-size:1.1em"><strong>${escaparHtml(d.escuela)}</strong></p>`,
    `<p>Hola, ${escaparHtml(d.destinatario)}:</p>`,
    `<p>${escaparHtml(intro)}</p>`,
  ];
  for (const g of grupos) {
    const titulo = g.hijo ?? 'De la escuela';
    t.push(titulo, '-'.repeat(titulo.length));
    h.push(`<h2 style="font-size:1.05em;margin:1.2em 0 .4em">${escaparHtml(titulo)}</h2>`);
    for (const c of g.categorias) {
      if (porCategoria) {
        t.push(`${NOMBRE_CATEGORIA[c.categoria]}:`);
        h.push(
          `<h3 style="font-size:1em;margin:.8em 0 .3em">${escaparHtml(NOMBRE_CATEGORIA[c.categoria])}</h3>`,
        );
      }
      h.push('<ul>');
      for (const a of c.avisos) {
        const url = enlaceDelPortal(d.urlBase, a.enlace);
        t.push(
          `* ${a.titulo}`,
          ...a.texto.split('\n').map((l) => `  ${l}`),
          `  Ver en el portal: ${url}`,
        );
        h.push(
          `<li><strong>${escaparHtml(a.titulo)}</strong><br>` +
            `${a.texto.split('\n').map(escaparHtml).join('<br>')}<br>` +
            `<a href="${escaparHtml(url)}">Ver en el portal</a></li>`,
        );
      }
      h.push('</ul>');
      t.push('');
    }
  }
  const preferencias = `${d.urlBase}${RUTA_PREFERENCIAS}`;
  t.push('--', ...pie, '', `Para elegir qué avisos recibe por correo y cuándo: ${preferencias}`);
  for (const b of bajas) t.push(`${b.texto}: ${b.url}`);
  h.push(
    '<hr>',
    `<p style="color:#555;font-size:.9em">${pie.map(escaparHtml).join('<br>')}</p>`,
    `<p style="color:#555;font-size:.9em"><a href="${escaparHtml(preferencias)}">Elegir qué avisos recibe por correo y cuándo</a>` +
      bajas.map((b) => `<br><a href="${escaparHtml(b.url)}">${escaparHtml(b.texto)}</a>`).join('') +
      '</p>',
  );
  return {
    text: `${t.join('\n')}\n`,
    html:
      '<!doctype html><html lang="es"><head><meta charset="utf-8"></head>' +
      `<body style="font-family:sans-serif;line-height:1.4">${h.join('\n')}</body></html>`,
  };
}

const porQue = (d: DatosCorreo, hijos: string[]) =>
  hijos.length
    ? `Recibe este correo porque es referente de ${enumerar(hijos)} en el portal de ${d.escuela}.`
    : `Recibe este correo porque es referente de un alumno en el portal de ${d.escuela}.`;

/**
 * El correo "en el momento" de una categoría: todos los avisos de ese día y categoría, de todos
 * los hijos, en uno solo.
 */
export function componerInmediato(d: DatosCorreo, categoria: Categoria): Mensaje {
  const hijos = hijosDe(d.avisos);
  const nombre = NOMBRE_CATEGORIA[categoria];
  const baja = enlaceDeBaja(d.urlBase, d.secreto, d.usuario, categoria);
  const intro =
    d.avisos.length === 1
      ? `Tiene un aviso nuevo de ${nombre.toLowerCase()}.`
      : `Tiene ${d.avisos.length} avisos nuevos de ${nombre.toLowerCase()}.`;
  const { text, html } = cuerpo(
    d,
    intro,
    agruparPorHijo(d.avisos),
    false,
    [porQue(d, hijos), `Eligió recibir «${nombre}» por correo en el momento.`],
    [{ texto: `Dejar de recibir «${nombre}» por correo`, url: baja }],
  );
  return {
    subject: `${nombre}${hijos.length ? `: ${enumerar(hijos)}` : ''} — ${d.escuela}`,
    text,
    html,
    headers: cabecerasDeBaja(baja),
  };
}

/**
 * El resumen diario: los avisos pendientes de la persona, agrupados por hijo y dentro de cada uno
 * por categoría. La baja de la cabecera es la del resumen (todo lo que llega en él); en el pie, una
 * por cada categoría del correo.
 */
export function componerResumen(d: DatosCorreo): Mensaje {
  const hijos = hijosDe(d.avisos);
  const grupos = agruparPorHijo(d.avisos);
  const categorias = [...new Set(d.avisos.map((a) => a.categoria))];
  const bajaResumen = enlaceDeBaja(d.urlBase, d.secreto, d.usuario, 'resumen');
  const fecha = fechaLegible(d.dia);
  const intro =
    d.avisos.length === 1
      ? `Este es el aviso del ${fecha}.`
      : `Estos son los ${d.avisos.length} avisos del ${fecha}.`;
  const { text, html } = cuerpo(
    d,
    intro,
    grupos,
    true,
    [porQue(d, hijos), 'Este es su resumen diario de avisos del portal.'],
    [
      ...categorias.map((c) => ({
        texto: `Dejar de recibir «${NOMBRE_CATEGORIA[c]}» por correo`,
        url: enlaceDeBaja(d.urlBase, d.secreto, d.usuario, c),
      })),
      { texto: 'Dejar de recibir el resumen diario', url: bajaResumen },
    ],
  );
  return {
    subject: `Resumen del ${fecha}${hijos.length ? `: ${enumerar(hijos)}` : ''} — ${d.escuela}`,
    text,
    html,
    headers: cabecerasDeBaja(bajaResumen),
  };
}
