/**
 * /login?error= (issue 31 §9): el aviso muestra sólo mensajes conocidos, nunca texto arbitrario
 * de la URL (un enlace armado por otro no habla en nombre de la escuela).
 */
import {
  MENSAJES_LOGIN,
  MENSAJE_INGRESO_GENERICO,
  destinoDeError,
  mensajeDeErrorDeIngreso,
} from '@/server/auth/ingreso-google';

describe('mensajeDeErrorDeIngreso', () => {
  test.each([
    ['CredentialsSignin', 'No se pudo ingresar con ese usuario.'],
    ['AccessDenied', 'Acceso denegado.'],
    ['Configuration', 'El ingreso no está bien configurado. Avise a la escuela.'],
    ['OAuthSignin', 'No se pudo empezar el ingreso con Google. Intente nuevamente.'],
    ['OAuthCallbackError', 'Google no completó el ingreso. Intente nuevamente.'],
    ['Verification', 'El enlace de ingreso venció.'],
  ])('código de next-auth %s → su mensaje en castellano', (codigo, mensaje) => {
    expect(mensajeDeErrorDeIngreso(codigo)).toBe(mensaje);
  });

  test.each(Object.values(MENSAJES_LOGIN))('mensaje propio del portal: %s', (mensaje) => {
    expect(mensajeDeErrorDeIngreso(mensaje)).toBe(mensaje);
  });

  test('el de la spec: /login?error=Se requiere referente parental', () => {
    expect(mensajeDeErrorDeIngreso('Se requiere referente parental')).toBe(
      'Se requiere referente parental',
    );
  });

  test('lo que el portal pone en ?error= (destinoDeError) se muestra tal cual', () => {
    for (const mensaje of Object.values(MENSAJES_LOGIN)) {
      const url = new URL(destinoDeError('login', 400, mensaje), 'http://localhost');
      expect(mensajeDeErrorDeIngreso(url.searchParams.get('error'))).toBe(mensaje);
    }
  });

  test.each([
    'Algo salió mal',
    'Su cuenta fue suspendida: llame al 0800-FALSO',
    '<script>alert(1)</script>',
    'accessdenied',
    '__proto__',
    'constructor',
    'toString',
    'Default',
    'x'.repeat(5000),
  ])('texto desconocido %p → el mensaje genérico', (texto) => {
    expect(mensajeDeErrorDeIngreso(texto)).toBe(MENSAJE_INGRESO_GENERICO);
  });

  test('sin ?error=, sin aviso', () => {
    expect(mensajeDeErrorDeIngreso(undefined)).toBeNull();
    expect(mensajeDeErrorDeIngreso('')).toBeNull();
  });
});
