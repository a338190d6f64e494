/**
 * Filas REST de la campana de avisos (issue 35 §2): los mismos procedimientos que la campana y
 * /avisos. Cada persona, sólo sus avisos (el servicio nunca toma de quién de la entrada): el aviso
 * de otra persona no existe para quien pregunta (404).
 */
import { nada, soloQuery, type RutaPropia, type RutaRest } from '@/server/api/rest-tipos';

export const rutas: readonly RutaRest[] = [
  {
    metodo: 'GET',
    ruta: '/api/avisos',
    procedimiento: 'avisos.lista',
    resumen:
      'Los avisos propios, del más nuevo al más viejo, por páginas (cursor, limit ≤ 50; noLeidos=true: sólo los no leídos); con la siguiente posición y cuántos hay sin leer.',
    entrada: soloQuery,
  },
  {
    metodo: 'GET',
    ruta: '/api/avisos/sin-leer',
    procedimiento: 'avisos.noLeidos',
    resumen: 'Cuántos avisos propios no se leyeron (el número de la campana).',
    entrada: nada,
  },
  {
    metodo: 'POST',
    ruta: '/api/avisos/{id}/leido',
    procedimiento: 'avisos.marcarLeido',
    resumen:
      'Marca leído un aviso propio (leerlo otra vez no cambia nada); devuelve cuántos quedan sin leer. El de otra persona: 404.',
    entrada: ({ params }) => ({ id: params.id }),
    parametros: { id: 'Id del aviso (uno propio).' },
  },
  {
    metodo: 'POST',
    ruta: '/api/avisos/leidos',
    procedimiento: 'avisos.marcarTodos',
    resumen: 'Marca leídos todos los avisos propios; devuelve cuántos quedan sin leer (0).',
    entrada: nada,
  },
];

const BAJA = {
  ruta: '/api/avisos/baja',
  manejador: 'src/app/api/avisos/baja/route.ts',
  anonima: true,
  consulta: { t: 'El token firmado del enlace del correo (usuario y categoría, o el resumen).' },
} as const;

/** La baja desde el enlace List-Unsubscribe de cada correo (sin sesión: el token es la prueba). */
export const propias: readonly RutaPropia[] = [
  {
    ...BAJA,
    metodo: 'GET',
    resumen:
      'La página (HTML) que confirma la baja de una categoría de avisos por correo; no cambia nada.',
    respuestas: { 200: 'La página (text/html).', 400: 'El token no es válido.' },
  },
  {
    ...BAJA,
    metodo: 'POST',
    resumen:
      'Da de baja la categoría del token (o el resumen diario) por correo, en un clic (RFC 8058), y lo anota en el registro de consentimientos. Cuerpo de a lo sumo 4 KB.',
    respuestas: {
      200: 'Hecho: { ok, message, cambios } en JSON, o la página que lo confirma si pide text/html.',
      400: 'El token no es válido (nada cambia).',
      413: 'El cuerpo pasa de 4 KB.',
    },
  },
];
