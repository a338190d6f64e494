import { CuerpoDemasiadoGrande, leerBytes, respuestaCuerpoGrande } from '@/server/api/cuerpo';
import { contextoHttp } from '@/server/api/contexto-http';
import { otrosMetodos } from '@/server/api/metodos';
import { errorJson, respuestaDeError, sinPermiso } from '@/server/api/rest';
import { createCaller } from '@/server/api/root';
import { MENSAJE_ORIGEN, origenPermitido } from '@/server/seguridad';

export const dynamic = 'force-dynamic';

/** El cuerpo: el archivo de hasta 5 MB y lo que agrega el multipart. */
const LIMITE_IMPORTAR = 5.5 * 1024 * 1024;
const FALTA_ARCHIVO = 'Falta el archivo: envíelo como multipart/form-data en el campo "archivo".';

/**
 * POST /api/importar (issue 34 §1): sube una planilla .xlsx o .csv (multipart, campo `archivo`).
 * El origen, la sesión y el permiso (`importar.subir`: Alumnado y Admin) se comprueban ANTES de
 * leer el cuerpo, que se lee con tope (413). La lectura y lo que se guarda, en el procedimiento.
 */
export async function POST(req: Request) {
  if (!origenPermitido(req)) return errorJson(403, MENSAJE_ORIGEN);
  const ctx = await contextoHttp();
  const denegado = sinPermiso(ctx, 'importar.subir');
  if (denegado) return denegado;
  let archivo: File | null = null;
  try {
    const bytes = await leerBytes(req, LIMITE_IMPORTAR);
    const tipo = req.headers.get('content-type') ?? '';
    if (!tipo.includes('multipart/form-data')) return errorJson(400, FALTA_ARCHIVO);
    const formulario = await new Response(bytes, { headers: { 'content-type': tipo } }).formData();
    const campo = formulario.get('archivo');
    archivo = typeof campo === 'object' && campo !== null ? campo : null;
  } catch (e) {
    if (e instanceof CuerpoDemasiadoGrande) return respuestaCuerpoGrande(e);
    return errorJson(400, FALTA_ARCHIVO);
  }
  if (!archivo) return errorJson(400, FALTA_ARCHIVO);
  try {
    const r = await createCaller(ctx).importar.subir({
      nombre: archivo.name || 'planilla',
      datos: new Uint8Array(await archivo.arrayBuffer()),
    });
    return Response.json(r);
  } catch (e) {
    return respuestaDeError(e, ctx, 'POST /api/importar');
  }
}

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos('POST');
