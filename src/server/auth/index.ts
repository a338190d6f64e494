import NextAuth, { CredentialsSignin, type NextAuthConfig } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { config } from '@/server/config';
import Google from 'next-auth/providers/google';
import { eq, sql } from 'drizzle-orm';
import { esRolBit, rolInicial, tieneRol } from '@/domain/roles';
import { normalizarEmail } from '@/domain/escuela';
import { getDb } from '@/server/db';
import { usuarios } from '@/server/db/schema';
import { cookies, headers } from 'next/headers';
import { ipDePeticion, pedidoPorHttps } from '@/server/ip';
import { autorizarIngresoComo, COOKIE_ADMIN, cookiesDeCabecera, secreto } from './admin';
import {
  abrirSesion,
  cargarSesion,
  cerrarSesion,
  DURACION_SESION_SEGUNDOS,
  type TokenDeSesion,
} from './sesion';
import { tokenDeCookies } from './token';
import { COOKIE_INTENCION, leerIntencion, resolverIngresoGoogle } from './ingreso-google';

/** "Ingresar como" (cuentas de demostración): nunca por defecto en producción. */
export const ingresoDemoActivo = () => config().ingresoDemo;
export const googleConfigurado = () => config().google != null;

declare module 'next-auth' {
  interface Session {
    usuarioId: number;
    rls: number;
    rol: number;
    /** Id de la fila de `sesiones` (cada petición la relee: src/server/auth/sesion.ts). */
    sid: string;
  }
  interface User {
    /** Sólo en el ingreso por /bypass: el Admin que suplanta y su dispositivo. */
    impersonadoPor?: number;
    dispositivoId?: string;
  }
}

class UsuarioInvalido extends CredentialsSignin {
  code = 'usuario';
}

async function usuarioPorEmail(email: string) {
  const db = await getDb();
  const [u] = await db
    .select()
    .from(usuarios)
    .where(eq(sql`lower(${usuarios.email})`, normalizarEmail(email)));
  return u;
}

export { MENSAJES_LOGIN } from './ingreso-google';

const providers: NextAuthConfig['providers'] = [
  Google({
    clientId: config().google?.id,
    clientSecret: config().google?.secret,
    // En pruebas, un emisor OpenID Connect local ocupa el lugar de Google (el código es el mismo).
    ...(config().google?.issuer ? { issuer: config().google?.issuer } : {}),
  }),
  // Ingreso como cualquier usuario desde un dispositivo de administración (/bypass).
  Credentials({
    id: 'bypass',
    name: 'Bypass',
    credentials: { usuarioId: {} },
    async authorize(credenciales, request) {
      // El dispositivo (cookie firmada, con su fila vigente) y una sesión de Admin en el navegador.
      const galletas = cookiesDeCabecera(request.headers.get('cookie'));
      const db = await getDb();
      const token = tokenDeCookies(
        (nombre) => galletas.get(nombre),
        [...galletas.keys()],
        secreto(),
        Math.floor(Date.now() / 1000),
      );
      const sesion = token
        ? await cargarSesion(db, {
            usuarioId: token.usuarioId as TokenDeSesion['usuarioId'],
            rol: token.rol as TokenDeSesion['rol'],
            sid: token.sid,
          })
        : null;
      const ingreso = await autorizarIngresoComo(
        { db, ip: ipDePeticion(request.headers) },
        {
          cookieDispositivo: galletas.get(COOKIE_ADMIN),
          sesion,
          usuarioId: Number(credenciales?.usuarioId),
        },
      );
      if (!ingreso) throw new UsuarioInvalido();
      const u = ingreso.usuario;
      return {
        id: String(u.id),
        email: u.email,
        name: `${u.nombre} ${u.apellido}`,
        impersonadoPor: ingreso.impersonadoPor,
        dispositivoId: ingreso.dispositivoId,
      };
    },
  }),
];

if (ingresoDemoActivo()) {
  providers.push(
    Credentials({
      id: 'dev',
      name: 'Ingresar como',
      credentials: { email: { label: 'Email', type: 'email' } },
      async authorize(credenciales) {
        const email = typeof credenciales?.email === 'string' ? credenciales.email : '';
        const u = email ? await usuarioPorEmail(email) : undefined;
        if (!u || !u.habilitado) throw new UsuarioInvalido();
        return { id: String(u.id), email: u.email, name: `${u.nombre} ${u.apellido}` };
      },
    }),
  );
}

export const configAuth: NextAuthConfig = {
  // En producción next-auth exige AUTH_SECRET (y falla al atender, no al compilar).
  secret: config().authSecret ?? (config().produccion ? undefined : secreto()),
  trustHost: true,
  session: { strategy: 'jwt', maxAge: DURACION_SESION_SEGUNDOS },
  pages: { signIn: '/login', error: '/login' },
  providers,
  callbacks: {
    async signIn({ account, profile, user }) {
      if (account?.provider !== 'google') return true;
      // Sólo cuentas de Google con correo verificado. Con la intención (registrar un referente,
      // cambiar el email de un alumno) que dejó el botón que empezó el ingreso.
      const galletas = await cookies();
      const intencion = leerIntencion(galletas.get(COOKIE_INTENCION)?.value);
      if (intencion) galletas.delete(COOKIE_INTENCION);
      const cabeceras = await headers();
      const r = await resolverIngresoGoogle(
        await getDb(),
        {
          email: String(profile?.email ?? user.email ?? ''),
          verificado: profile?.email_verified !== false,
          nombre: typeof profile?.given_name === 'string' ? profile.given_name : null,
          apellido: typeof profile?.family_name === 'string' ? profile.family_name : null,
          nombreCompleto: typeof profile?.name === 'string' ? profile.name : user.name,
        },
        intencion,
        ipDePeticion(cabeceras),
      );
      if ('error' in r) return `/login?error=${encodeURIComponent(r.error)}`;
      user.id = String(r.usuarioId);
      return true;
    },
    async jwt({ token, user, trigger, session }) {
      if (user) {
        const id = Number(user.id);
        const db = await getDb();
        const [u] = await db
          .select({ rls: usuarios.rls })
          .from(usuarios)
          .where(eq(usuarios.id, id));
        token.usuarioId = id;
        token.rls = u?.rls ?? 0;
        token.rol = rolInicial(u?.rls ?? 0) ?? 0;
        // Cada ingreso (Google, "Ingresar como", bypass) abre su sesión en la base; salir la cierra.
        // Por /bypass, la sesión anota al Admin que suplanta y el dispositivo (revocarlo la cierra).
        token.sid = await abrirSesion(
          db,
          id,
          user.impersonadoPor && user.dispositivoId
            ? { impersonadoPor: user.impersonadoPor, dispositivoId: user.dispositivoId }
            : null,
        );
      }
      if (trigger === 'update' && session && typeof session === 'object' && 'rol' in session) {
        // Sólo se acepta un rol que el usuario tiene hoy (se relee de la base).
        const pedido = Number((session as { rol: unknown }).rol);
        const db = await getDb();
        const [u] = await db
          .select({ rls: usuarios.rls })
          .from(usuarios)
          .where(eq(usuarios.id, Number(token.usuarioId)));
        if (u && esRolBit(pedido) && tieneRol(u.rls, pedido)) {
          token.rol = pedido;
          token.rls = u.rls;
        }
      }
      return token;
    },
    session({ session, token }) {
      session.usuarioId = Number(token.usuarioId);
      session.rls = Number(token.rls);
      session.rol = Number(token.rol);
      session.sid = typeof token.sid === 'string' ? token.sid : '';
      return session;
    },
  },
  events: {
    // Salir (GET /api/logout, la acción "Salir", POST /api/auth/signout) cierra la sesión en la
    // base: una copia de la cookie deja de valer. Si falla, next-auth lo registra y borra la cookie.
    async signOut(mensaje) {
      if ('token' in mensaje) await cerrarSesion(await getDb(), mensaje.token?.sid);
    },
  },
};

/**
 * La configuración se arma en cada uso: el `Secure` de las cookies de next-auth (y el prefijo
 * `__Secure-` de sus nombres) sigue al pedido, no a AUTH_URL (next-auth lo decide por el
 * protocolo de AUTH_URL o de X-Forwarded-Proto, que el portal deja fiel: src/server/ip.ts).
 */
export const { handlers, auth, signIn, signOut, unstable_update } = NextAuth(async (req) => ({
  ...configAuth,
  useSecureCookies: pedidoPorHttps(req?.headers instanceof Headers ? req.headers : await headers()),
}));
