/**
 * Las descargas en ZIP de issue 34 §3, para sus rutas (src/app/api/exportar-todo y
 * src/app/api/alumnos/[id]/legajo-zip) y las pruebas. Primero la puerta, con el procedimiento de
 * siempre (sesión, rol, dispositivo de administración y alcance: 401, 403, 404 en JSON antes de
 * leer nada); después la respuesta, cuyo cuerpo se arma mientras el navegador lo descarga.
 */
import type { Contexto, Ctx } from '@/server/contexto';
import { exportarTodo } from '@/server/exportacion/completa';
import { exportarLegajo } from '@/server/exportacion/legajo';
import { ZipEnStream, CANCELADA } from '@/server/exportacion/zip';
import { registrarError } from '@/server/registro';
import { disposicion } from './disposicion';
import { errorJson, respuestaDeError } from './rest';
import { createCaller } from './root';

const cabeceras = (archivo: string) => ({
  'Content-Type': 'application/zip',
  'Content-Disposition': disposicion('attachment', archivo),
  'Cache-Control': 'private, no-store',
  'X-Content-Type-Options': 'nosniff',
});

/** Si la producción falla a mitad de camino (no por un corte del navegador), queda en /root/log. */
function seguir(ctx: Contexto, ruta: string, trabajo: Promise<unknown>) {
  trabajo.catch((e: unknown) => {
    if (e instanceof Error && e.message === CANCELADA) return;
    void registrarError(ctx, { ruta, error: e });
  });
}

/** La fecha del nombre del archivo (AAAA-MM-DD, el día escolar). */
const RUTA_COMPLETA = 'GET /api/exportar-todo';
const RUTA_LEGAJO = 'GET /api/alumnos/{id}/legajo-zip';

/** GET /api/exportar-todo: la exportación completa (Admin con el dispositivo de administración). */
export async function responderExportacionCompleta(ctx: Contexto): Promise<Response> {
  try {
    await createCaller(ctx).datos.resumen();
  } catch (e) {
    return respuestaDeError(e, ctx, RUTA_COMPLETA);
  }
  const zip = new ZipEnStream(ctx.ahora);
  seguir(ctx, RUTA_COMPLETA, exportarTodo(ctx as Ctx, zip));
  return new Response(zip.cuerpo, { headers: cabeceras(`portal-escolar-${ctx.hoy}.zip`) });
}

/** GET /api/alumnos/{id}/legajo-zip: el legajo del alumno (quien lo ve completo, con su alcance). */
export async function responderLegajo(ctx: Contexto, texto: string): Promise<Response> {
  if (!/^[1-9]\d{0,9}$/.test(texto)) return errorJson(404, 'El alumno no existe.');
  let datos;
  try {
    datos = await createCaller(ctx).datos.legajo({ alumno: Number(texto) });
  } catch (e) {
    return respuestaDeError(e, ctx, RUTA_LEGAJO);
  }
  const zip = new ZipEnStream(ctx.ahora);
  seguir(ctx, RUTA_LEGAJO, exportarLegajo(ctx as Ctx, zip, datos.alumno));
  return new Response(zip.cuerpo, { headers: cabeceras(datos.archivo) });
}
