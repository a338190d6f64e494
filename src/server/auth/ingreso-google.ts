/**
 * Qué hace un ingreso con Google según la intención con la que empezó (spec 02 §2 "Access,
 * login and profile", §7 authurl origin=login|registrar|cambiar):
 * - login: entra el usuario con ese email, si existe y está habilitado.
 * - registrar: una cuenta de Google que todavía no es usuario se registra como referente
 *   parental (rol 256) con su ficha de referente; un usuario existente sin ese rol vuelve a
 *   /login?error=Se requiere referente parental.
 * - cambiar: un alumno cuya cuenta no era de Google pasa a ingresar con la de Google.
 *
 * La intención viaja en una cookie firmada (HMAC) de vida corta que sólo pone el servidor.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { SE_REQUIERE_REFERENTE } from '@/domain/inscripcion';
import { esCorreoGoogle, normalizarEmail } from '@/domain/escuela';
import { Rol, tieneRol } from '@/domain/roles';
import type { Db } from '@/server/db';
import { alumnos, usuarios } from '@/server/db/schema';
import { asegurarReferenteDeUsuario } from '@/server/consultas/referentes';
import { auditar } from '@/server/auditoria';
import { transaccion } from '@/server/errores';
import { secreto } from './admin';

export const COOKIE_INTENCION = 'portal_intencion';
export const DURACION_INTENCION_SEGUNDOS = 10 * 60;

export type Intencion = { tipo: 'registrar' } | { tipo: 'cambiar'; usuarioId: number };

function firma(payload: string): string {
  return createHmac('sha256', secreto()).update(`intencion:${payload}`).digest('base64url');
}

export function crearIntencion(i: Intencion, ahora = Date.now()): string {
  const vence = Math.floor(ahora / 1000) + DURACION_INTENCION_SEGUNDOS;
  const payload = `${i.tipo}.${i.tipo === 'cambiar' ? i.usuarioId : 0}.${vence}`;
  return `${payload}.${firma(payload)}`;
}

export function leerIntencion(
  valor: string | null | undefined,
  ahora = Date.now(),
): Intencion | null {
  if (!valor) return null;
  const partes = valor.split('.');
  if (partes.length !== 4) return null;
  const [tipo, uid, vence, f] = partes as [string, string, string, string];
  if (!/^\d+$/.test(uid) || !/^\d+$/.test(vence) || Number(vence) * 1000 < ahora) return null;
  const esperada = Buffer.from(firma(`${tipo}.${uid}.${vence}`));
  const recibida = Buffer.from(f);
  if (esperada.length !== recibida.length || !timingSafeEqual(esperada, recibida)) return null;
  if (tipo === 'registrar') return { tipo };
  if (tipo === 'cambiar' && Number(uid) > 0) return { tipo, usuarioId: Number(uid) };
  return null;
}

export const MENSAJES_LOGIN = {
  noRegistrado: 'La cuenta no está registrada en el portal. Consulte en la escuela.',
  deshabilitado: 'El usuario está deshabilitado. Consulte en la escuela.',
  noVerificado: 'La cuenta de Google no tiene el correo verificado.',
  seRequiereReferente: SE_REQUIERE_REFERENTE,
  emailEnUso: 'Esa cuenta de Google ya es de otro usuario del portal. Consulte en la escuela.',
  noEsGmail: 'Ingrese con una cuenta de Google (@gmail.com).',
  googleNoConfigurado:
    'El ingreso con Google no está configurado en este servidor. Consulte en la escuela.',
  soloReferentes: 'Sólo se registran referentes parentales (role=256).',
  origenInvalido: 'El origen debe ser login, registrar o cambiar.',
  inicieSesionParaCambiar: 'Inicie sesión para cambiar su cuenta.',
  soloAlumno: 'Sólo un alumno puede cambiar su propia cuenta.',
} as const;

/** Los códigos de error con los que next-auth vuelve a /login (`?error=`), en castellano. */
const MENSAJES_DE_NEXT_AUTH = new Map<string, string>([
  ['CredentialsSignin', 'No se pudo ingresar con ese usuario.'],
  ['AccessDenied', 'Acceso denegado.'],
  ['Configuration', 'El ingreso no está bien configurado. Avise a la escuela.'],
  ['OAuthSignin', 'No se pudo empezar el ingreso con Google. Intente nuevamente.'],
  ['OAuthSignInError', 'No se pudo empezar el ingreso con Google. Intente nuevamente.'],
  ['OAuthCallback', 'Google no completó el ingreso. Intente nuevamente.'],
  ['OAuthCallbackError', 'Google no completó el ingreso. Intente nuevamente.'],
  ['Callback', 'Google no completó el ingreso. Intente nuevamente.'],
  ['OAuthAccountNotLinked', 'Esa cuenta de Google no es la de un usuario del portal.'],
  ['AccountNotLinked', 'Esa cuenta de Google no es la de un usuario del portal.'],
  ['Verification', 'El enlace de ingreso venció.'],
  ['MissingCSRF', 'La página de ingreso venció. Recárguela e intente nuevamente.'],
  ['SessionRequired', 'Inicie sesión para continuar.'],
]);

/** Los mensajes propios que el portal pone en `?error=` (el ingreso con Google, /api/authurl). */
const MENSAJES_PROPIOS = new Set<string>(Object.values(MENSAJES_LOGIN));

export const MENSAJE_INGRESO_GENERICO =
  'No se pudo ingresar. Intente nuevamente o consulte en la escuela.';

/**
 * El aviso de `?error=` en /login (y en /perfil/cambiaremail): sólo mensajes conocidos (un código
 * de next-auth o un mensaje propio del portal); cualquier otra cosa, uno genérico. Nunca muestra
 * texto arbitrario de la URL (un enlace armado por otro no le habla a la persona en nombre de la
 * escuela).
 */
export function mensajeDeErrorDeIngreso(codigo: string | null | undefined): string | null {
  if (!codigo) return null;
  return (
    MENSAJES_DE_NEXT_AUTH.get(codigo) ??
    (MENSAJES_PROPIOS.has(codigo) ? codigo : MENSAJE_INGRESO_GENERICO)
  );
}

/**
 * ¿El pedido es una navegación del navegador (un enlace tocado, la barra de direcciones) y no
 * un cliente de la API? Los navegadores mandan `Sec-Fetch-Dest: document` y aceptan text/html.
 */
export function esNavegacion(cabeceras: Headers): boolean {
  if (cabeceras.get('sec-fetch-mode') === 'navigate') return true;
  if (cabeceras.get('sec-fetch-dest') === 'document') return true;
  return (cabeceras.get('accept') ?? '').includes('text/html');
}

/**
 * Adónde lleva un error de GET /api/authurl pedido por un enlace (issue 11 §2: un enlace nunca
 * termina en JSON crudo): el alumno que cambia su cuenta vuelve a /perfil/cambiaremail; los
 * demás (y el alumno sin sesión) a /login; el mensaje va en ?error= y la página lo muestra.
 */
export function destinoDeError(origen: string | null, estado: number, mensaje: string): string {
  const pagina = origen === 'cambiar' && estado !== 401 ? '/perfil/cambiaremail' : '/login';
  return `${pagina}?error=${encodeURIComponent(mensaje)}`;
}

export interface PerfilGoogle {
  email: string;
  verificado: boolean;
  nombre?: string | null;
  apellido?: string | null;
  /** El nombre completo, si Google no manda nombre y apellido por separado. */
  nombreCompleto?: string | null;
}

export type ResultadoIngreso = { usuarioId: number } | { error: string };

function nombreYApellido(p: PerfilGoogle): { nombre: string; apellido: string } {
  if (p.nombre || p.apellido)
    return { nombre: p.nombre?.trim() ?? '', apellido: p.apellido?.trim() ?? '' };
  const partes = (p.nombreCompleto ?? '').trim().split(/\s+/).filter(Boolean);
  if (partes.length < 2) return { nombre: partes[0] ?? '', apellido: '' };
  return { nombre: partes.slice(0, -1).join(' '), apellido: partes[partes.length - 1]! };
}

/** Resuelve el ingreso con Google: el usuario que entra, o el error para /login. */
export async function resolverIngresoGoogle(
  db: Db,
  perfil: PerfilGoogle,
  intencion: Intencion | null,
  ip: string | null = null,
): Promise<ResultadoIngreso> {
  if (!perfil.verificado) return { error: MENSAJES_LOGIN.noVerificado };
  const email = normalizarEmail(perfil.email);
  if (!email) return { error: MENSAJES_LOGIN.noRegistrado };
  const [u] = await db
    .select()
    .from(usuarios)
    .where(eq(sql`lower(${usuarios.email})`, email));

  if (intencion?.tipo === 'registrar') {
    if (u) {
      if (!u.habilitado) return { error: MENSAJES_LOGIN.deshabilitado };
      if (!tieneRol(u.rls, Rol.ReferenteParental))
        return { error: MENSAJES_LOGIN.seRequiereReferente };
      return { usuarioId: u.id };
    }
    const { nombre, apellido } = nombreYApellido(perfil);
    return transaccion({ db }, async ({ db: tx }) => {
      const [nuevo] = await tx
        .insert(usuarios)
        .values({ email, nombre, apellido, rls: Rol.ReferenteParental })
        .onConflictDoNothing()
        .returning({ id: usuarios.id });
      if (!nuevo) {
        // Otro pedido lo registró en paralelo (doble toque): entra ese usuario.
        const [ya] = await tx
          .select({ id: usuarios.id })
          .from(usuarios)
          .where(eq(sql`lower(${usuarios.email})`, email));
        return { usuarioId: ya!.id };
      }
      // Su ficha de referente: la que la escuela ya cargó con ese email (verificado por Google),
      // con sus datos y sus hijos, o una nueva (la misma regla que un alta en /usuarios).
      const ctx = { db: tx, sesion: null, ip };
      const ref = await asegurarReferenteDeUsuario(
        ctx,
        {
          id: nuevo.id,
          email,
          apellido,
          nombre,
          telefono: null,
        },
        { porEmailVerificado: true },
      );
      await auditar(ctx, {
        usuarioId: nuevo.id,
        rol: Rol.ReferenteParental,
        accion: 'registro',
        entidad: 'usuarios',
        entidadId: nuevo.id,
        despues: {
          email,
          nombre,
          apellido,
          rls: Rol.ReferenteParental,
          referente: ref.orden,
          referenteCargadoPorLaEscuela: ref.accion === 'vinculado',
        },
      });
      return { usuarioId: nuevo.id };
    });
  }

  if (intencion?.tipo === 'cambiar' && (!u || u.id === intencion.usuarioId)) {
    if (u) return u.habilitado ? { usuarioId: u.id } : { error: MENSAJES_LOGIN.deshabilitado };
    if (!esCorreoGoogle(email)) return { error: MENSAJES_LOGIN.noEsGmail };
    return transaccion({ db }, async ({ db: tx }) => {
      const [antes] = await tx
        .select({
          id: usuarios.id,
          email: usuarios.email,
          habilitado: usuarios.habilitado,
          rls: usuarios.rls,
        })
        .from(usuarios)
        .where(eq(usuarios.id, intencion.usuarioId));
      if (!antes || !antes.habilitado || !tieneRol(antes.rls, Rol.Alumno))
        return { error: MENSAJES_LOGIN.noRegistrado };
      await tx.update(usuarios).set({ email }).where(eq(usuarios.id, antes.id));
      await tx.update(alumnos).set({ email }).where(eq(alumnos.usuarioId, antes.id));
      await auditar(
        { db: tx, sesion: null, ip },
        {
          usuarioId: antes.id,
          rol: Rol.Alumno,
          accion: 'cambiar_email',
          entidad: 'usuarios',
          entidadId: antes.id,
          antes: { email: antes.email },
          despues: { email },
        },
      );
      return { usuarioId: antes.id };
    });
  }
  if (intencion?.tipo === 'cambiar' && u) return { error: MENSAJES_LOGIN.emailEnUso };

  if (!u) return { error: MENSAJES_LOGIN.noRegistrado };
  if (!u.habilitado) return { error: MENSAJES_LOGIN.deshabilitado };
  return { usuarioId: u.id };
}
