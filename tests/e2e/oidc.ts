/**
 * Un emisor OpenID Connect local que ocupa el lugar de Google en las pruebas
 * (cada servidor de prueba arranca con el suyo en AUTH_GOOGLE_ISSUER, 4401 + n): el código de
 * ingreso con Google de next-auth es el mismo (descubrimiento, PKCE S256, state,
 * nonce, intercambio del código, validación del id_token).
 *
 * Usa las pantallas de desarrollo de oidc-provider (devInteractions): el "login" que
 * se escribe es el email de la cuenta, y la contraseña no se verifica.
 */
import type { Server } from 'node:http';
import { emisorDelServidor, urlDelServidor } from './servidores';

/** El de este worker: cada servidor de prueba tiene el suyo (tests/e2e/servidores.ts). */
export const EMISOR = emisorDelServidor();
export const CLIENTE = {
  client_id: 'portal-e2e',
  client_secret: 'secreto-e2e',
  redirect_uris: [`${urlDelServidor()}/api/auth/callback/google`],
  grant_types: ['authorization_code'],
  response_types: ['code'],
};

export interface EmisorOidc {
  url: string;
  detener: () => Promise<void>;
}

/** Nombre legible a partir del email (sólo para el claim `name`). */
function nombreDe(email: string): string {
  return email
    .split('@')[0]!
    .split(/[._-]+/)
    .filter(Boolean)
    .map((p) => p[0]!.toUpperCase() + p.slice(1))
    .join(' ');
}

export async function iniciarEmisor(): Promise<EmisorOidc> {
  // oidc-provider v9 es sólo ESM.
  const { default: Provider } = await import('oidc-provider');
  const proveedor = new Provider(EMISOR, {
    clients: [CLIENTE],
    cookies: { keys: ['clave-de-cookies-del-emisor-e2e'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
    },
    // next-auth lee el perfil del id_token (como con Google): los claims de los scopes van ahí.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx: unknown, sub: string) {
      const email = sub.trim().toLowerCase();
      return {
        accountId: email,
        async claims() {
          return { sub: email, email, email_verified: true, name: nombreDe(email) };
        },
      };
    },
  });
  proveedor.on('server_error', (_ctx: unknown, error: unknown) => console.error('[oidc]', error));
  const servidor: Server = await new Promise((resolve, reject) => {
    const s = proveedor.listen(Number(new URL(EMISOR).port), '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
  return {
    url: EMISOR,
    detener: () =>
      new Promise<void>((resolve, reject) => {
        servidor.closeAllConnections?.();
        servidor.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
