/**
 * Filas REST de la sesión (spec 02 §7 Login): estado, permisos, catálogo de módulos y
 * configuración de la escuela. Las rutas de ingreso y salida que atiende su propio manejador en
 * src/app/api (logout, login_validate, authurl, login/change) van en `propias`: sólo se documentan.
 */
import { nada, type RutaPropia, type RutaRest } from '@/server/api/rest-tipos';

export const rutas: readonly RutaRest[] = [
  {
    metodo: 'GET',
    ruta: '/api/login/status',
    procedimiento: 'sesion.estado',
    resumen: 'Usuario de la sesión, roles (rls) y rol activo (rol).',
    entrada: nada,
  },
  {
    metodo: 'GET',
    ruta: '/api/permissions',
    procedimiento: 'sesion.permisos',
    resumen: 'Módulos que puede abrir el rol activo.',
    entrada: nada,
  },
  {
    metodo: 'GET',
    ruta: '/api/sysconfig',
    procedimiento: 'sesion.sysconfig',
    resumen: 'Catálogo de módulos del sistema.',
    entrada: nada,
  },
  {
    metodo: 'GET',
    ruta: '/api/configuration',
    procedimiento: 'sesion.configuracion',
    resumen: 'Configuración de la escuela y ciclos lectivos.',
    entrada: nada,
  },
];

export const propias: readonly RutaPropia[] = [
  {
    metodo: 'GET',
    ruta: '/api/admin/bypass',
    resumen:
      'Desde un dispositivo de administración (la cookie de /bypass): los usuarios para "ingresar como" (?q=, ?cursor=; páginas de 50), cada uno con sus roles.',
    manejador: 'src/app/api/admin/bypass/route.ts',
    anonima: true,
    respuestas: {
      200: 'La página de usuarios: { items: [{ orden, nombre, email, roles }], siguiente }.',
      400: 'La búsqueda no es válida.',
      403: 'El dispositivo no es de administración.',
    },
  },
  {
    metodo: 'POST',
    ruta: '/api/validate/bypass',
    resumen:
      'Registra el dispositivo como de administración (formulario o JSON { clave }), con el límite de cinco intentos fallidos por IP cada 15 minutos y auditado: correcta, la cookie del dispositivo.',
    manejador: 'src/app/api/validate/bypass/route.ts',
    anonima: true,
    respuestas: {
      200: 'Clave correcta: { ok: true } y la cookie del dispositivo.',
      400: 'Falta la clave.',
      401: 'Clave incorrecta.',
      429: 'Demasiados intentos fallidos desde esta IP.',
    },
  },
  {
    metodo: 'GET',
    ruta: '/api/salud',
    resumen:
      'Para el balanceador o el monitoreo: comprueba la base de datos con una consulta mínima y responde { ok: true, version }. Sin sesión ni cookies.',
    manejador: 'src/app/api/salud/route.ts',
    anonima: true,
    respuestas: {
      200: 'La base responde: { ok, version }.',
      503: 'La base no responde: { ok: false, version, message }.',
    },
  },
  {
    metodo: 'GET',
    ruta: '/api/logout',
    resumen: 'Cierra la sesión y redirige a /login.',
    manejador: 'src/app/api/logout/route.ts',
    anonima: true,
    respuestas: { 303: 'Redirección a /login.' },
  },
  {
    metodo: 'POST',
    ruta: '/api/login_validate',
    resumen:
      'Dice si el email { email } (JSON o formulario) es de una cuenta de Google, el único ingreso que acepta el portal: { google }. No dice si es de un usuario.',
    manejador: 'src/app/api/login_validate/route.ts',
    anonima: true,
    respuestas: { 200: 'Respuesta en JSON.', 400: 'Falta el email.' },
  },
  {
    metodo: 'GET',
    ruta: '/api/authurl',
    resumen:
      'Empieza el ingreso con Google y redirige a Google: ?origin=login, ?origin=registrar&role=256 (un referente nuevo) u ?origin=cambiar[&uid=] (el alumno de la sesión pasa a ingresar con Google; ésta sí pide sesión).',
    manejador: 'src/app/api/authurl/route.ts',
    anonima: true,
    respuestas: {
      302: 'Redirección a Google.',
      303: 'Un error pedido por el navegador (un enlace): redirección a /login?error= (o a /perfil/cambiaremail?error= con origin=cambiar) con el mensaje; a un cliente de la API, el error en JSON.',
      400: 'Origen o rol inválidos.',
      401: 'origin=cambiar sin sesión.',
      403: 'origin=cambiar de quien no es el alumno.',
      503: 'El ingreso con Google no está configurado en este servidor.',
    },
  },
  {
    metodo: 'GET',
    ruta: '/api/login/change/{rol}',
    resumen: 'Cambia el rol activo de la sesión a uno que el usuario tiene hoy; responde { rol }.',
    manejador: 'src/app/api/login/change/[rol]/route.ts',
    parametros: { rol: 'Bit del rol (1, 2, 4 … 512).' },
    respuestas: {
      200: 'Respuesta en JSON.',
      401: 'Sin sesión.',
      403: 'El usuario no tiene ese rol.',
    },
  },
];
