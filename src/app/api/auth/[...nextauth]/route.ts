import { NextRequest } from 'next/server';
import { handlers } from '@/server/auth';
import {
  CuerpoDemasiadoGrande,
  LIMITE_FORMULARIO_CHICO,
  leerBytes,
  respuestaCuerpoGrande,
} from '@/server/api/cuerpo';
import { otrosMetodos } from '@/server/api/metodos';

export const GET = handlers.GET;

/**
 * Los formularios de next-auth (ingreso, salida, actualizar la sesión) llegan sin sesión: a lo
 * sumo LIMITE_FORMULARIO_CHICO (413 si lo pasan); next-auth recibe los bytes ya leídos.
 */
export async function POST(req: NextRequest): Promise<Response> {
  let cuerpo: Uint8Array<ArrayBuffer>;
  try {
    cuerpo = await leerBytes(req, LIMITE_FORMULARIO_CHICO);
  } catch (e) {
    if (e instanceof CuerpoDemasiadoGrande) return respuestaCuerpoGrande(e);
    throw e;
  }
  const cabeceras = new Headers(req.headers);
  cabeceras.delete('content-length');
  cabeceras.delete('transfer-encoding');
  return handlers.POST(
    new NextRequest(req.url, { method: 'POST', headers: cabeceras, body: cuerpo }),
  );
}

export const { PUT, PATCH, DELETE, OPTIONS } = otrosMetodos('GET', 'POST');
