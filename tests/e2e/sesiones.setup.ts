/**
 * Proyecto `sesiones` (playwright.config.ts): antes que las demás pruebas, ingresa una vez
 * con cada cuenta de demostración en cada servidor (tests/e2e/servidores.ts) por la API de
 * next-auth (el proveedor `dev` de "Ingresar como", src/server/auth/index.ts) y guarda la sesión
 * en un archivo (tests/e2e/sesiones.ts). La cookie de sesión es un JWT de 12 h: dura toda la corrida.
 *
 * Las pruebas sobre el ingreso mismo siguen entrando por la pantalla (`ingresarPorElLogin`
 * en ingreso, google, selectores y salida; bypass.spec.ts, por /bypass); las que salen con
 * "Salir" usan una sesión propia (`ingresarConSesionPropia`): salir la cierra en el servidor.
 */
import { expect, request as pedidos, test as setup } from './prueba';
import { CUENTAS_DEMO } from '../../src/server/db/demo';
import { archivoDeSesion } from './sesiones';
import { SERVIDORES, urlDelServidor } from './servidores';

for (let n = 0; n < SERVIDORES; n++) {
  for (const c of CUENTAS_DEMO) {
    setup(`sesión de ${c.email} en el servidor ${n}`, async () => {
      const request = await pedidos.newContext({ baseURL: urlDelServidor(n) });
      try {
        const csrf = await request.get('/api/auth/csrf');
        expect(csrf.status()).toBe(200);
        const { csrfToken } = (await csrf.json()) as { csrfToken: string };

        const r = await request.post('/api/auth/callback/dev', {
          form: { csrfToken, email: c.email, callbackUrl: '/' },
          maxRedirects: 0,
        });
        // next-auth redirige a callbackUrl si ingresó, o a /login?error=… si no.
        expect(r.status(), await r.text()).toBe(302);
        expect(r.headers()['location']).not.toContain('error');

        const estado = await request.get('/api/login/status');
        expect(estado.status()).toBe(200);
        expect(await estado.json()).toMatchObject({ rls: c.rls, usuario: { email: c.email } });

        await request.storageState({ path: archivoDeSesion(c.email, n) });
      } finally {
        await request.dispose();
      }
    });
  }
}
