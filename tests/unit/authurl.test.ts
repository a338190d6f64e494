/**
 * GET /api/authurl es un enlace que una persona toca (issue 11 §2): cuando falla, un navegador
 * nunca termina en JSON crudo sino en una página con el mensaje en castellano; un cliente de la
 * API sigue recibiendo `{ error: true, message }` con su estado.
 */
import { MENSAJES_LOGIN, destinoDeError, esNavegacion } from '@/server/auth/ingreso-google';

const cabeceras = (h: Record<string, string>) => new Headers(h);

describe('esNavegacion: ¿lo pidió un enlace o la barra de direcciones?', () => {
  test.each([
    [{ 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' }, true],
    [{ 'sec-fetch-dest': 'document' }, true],
    [{ accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }, true],
    [{ accept: 'application/json' }, false],
    [{ accept: '*/*' }, false],
    [{}, false],
    [{ 'sec-fetch-mode': 'cors', accept: '*/*' }, false],
  ])('%j → %p', (h, esperado) => {
    expect(esNavegacion(cabeceras(h))).toBe(esperado);
  });
});

describe('destinoDeError: la página que muestra el mensaje', () => {
  test.each([
    // Google sin configurar: el ingreso y el registro vuelven al login con el aviso.
    ['login', 503, MENSAJES_LOGIN.googleNoConfigurado, '/login'],
    ['registrar', 503, MENSAJES_LOGIN.googleNoConfigurado, '/login'],
    [null, 400, 'El origen debe ser login, registrar o cambiar.', '/login'],
    // El alumno que cambia su cuenta vuelve a /perfil/cambiaremail (tiene sesión: /login lo echaría).
    ['cambiar', 503, MENSAJES_LOGIN.googleNoConfigurado, '/perfil/cambiaremail'],
    ['cambiar', 403, 'Sólo un alumno puede cambiar su propia cuenta.', '/perfil/cambiaremail'],
    // Sin sesión no hay /perfil/cambiaremail: al login.
    ['cambiar', 401, 'Inicie sesión para cambiar su cuenta.', '/login'],
  ] as const)('origin=%p, %p → %s', (origen, estado, mensaje, pagina) => {
    const destino = destinoDeError(origen, estado, mensaje);
    const url = new URL(destino, 'http://localhost');
    expect(url.pathname).toBe(pagina);
    expect(url.searchParams.get('error')).toBe(mensaje);
  });

  test('el mensaje de Google sin configurar es para una persona', () => {
    expect(MENSAJES_LOGIN.googleNoConfigurado).toBe(
      'El ingreso con Google no está configurado en este servidor. Consulte en la escuela.',
    );
  });
});
