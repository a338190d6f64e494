import { ADJUNTO_DEMASIADO_GRANDE, TAMANIO_MAXIMO_ADJUNTO } from '@/domain/comunicados';
import { CuerpoDemasiadoGrande, leerBytes } from '@/server/api/cuerpo';
import { contextoHttp } from '@/server/api/contexto-http';
import { otrosMetodos } from '@/server/api/metodos';
import { errorJson, respuestaDeError, sinPermiso } from '@/server/api/rest';
import { createCaller } from '@/server/api/root';
import { MENSAJE_ORIGEN, origenPermitido } from '@/server/seguridad';

export const dynamic = 'force-dynamic';

/** El cuerpo: el adjunto (≤ 5 MB), el texto (≤ 10.000 caracteres) y lo que agrega el multipart. */
const LIMITE_COMUNICADO = TAMANIO_MAXIMO_ADJUNTO + 128 * 1024;
const FORMULARIO = 'Envíe el comunicado como multipart/form-data.';

/**
 * POST /api/comunicados (issue 35 §4): publica un comunicado (multipart: titulo, texto, audiencia,
 * anio | curso | cursado, requiereConfirmacion y el adjunto optativo en `adjunto`). El origen, la
 * sesión y el permiso se comprueban ANTES de leer el cuerpo, que se lee con tope (413 sin leerlo
 * si `Content-Length` lo pasa). El tipo del adjunto (PDF o JPG por su contenido), el alcance de la
 * audiencia y lo que se guarda, en el procedimiento `comunicados.publicar`.
 */
export async function POST(req: Request) {
  if (!origenPermitido(req)) return errorJson(403, MENSAJE_ORIGEN);
  const ctx = await contextoHttp();
  const denegado = sinPermiso(ctx, 'comunicados.publicar');
  if (denegado) return denegado;
  let campos: Record<string, unknown>;
  try {
    const bytes = await leerBytes(req, LIMITE_COMUNICADO);
    const tipo = req.headers.get('content-type') ?? '';
    if (!tipo.includes('multipart/form-data')) return errorJson(400, FORMULARIO);
    const formulario = await new Response(bytes, { headers: { 'content-type': tipo } }).formData();
    campos = {};
    for (const [clave, valor] of formulario) {
      if (clave === 'adjunto') {
        if (typeof valor === 'object' && valor.size > 0)
          campos.adjunto = {
            nombre: (valor.name || 'adjunto').slice(0, 200),
            datos: new Uint8Array(await valor.arrayBuffer()),
          };
      } else if (typeof valor === 'string' && valor !== '') campos[clave] = valor;
    }
  } catch (e) {
    if (e instanceof CuerpoDemasiadoGrande) return errorJson(413, ADJUNTO_DEMASIADO_GRANDE);
    return errorJson(400, FORMULARIO);
  }
  try {
    const r = await createCaller(ctx).comunicados.publicar(campos as never);
    return Response.json(r);
  } catch (e) {
    return respuestaDeError(e, ctx, 'POST /api/comunicados');
  }
}

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos('POST');
