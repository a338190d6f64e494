import { ETIQUETA_ROL } from '@/domain/roles';
import { contextoHttp } from '@/server/api/contexto-http';
import { sesionDeAdmin } from '@/server/auth/admin';
import { errorJson, respuestaDeError } from '@/server/api/rest';
import { busqueda, mensajeDeValidacion } from '@/server/api/schemas';
import { usuariosParaIngresar } from '@/server/consultas/usuarios';
import { otrosMetodos } from '@/server/api/metodos';

export const dynamic = 'force-dynamic';

/**
 * GET /api/admin/bypass (spec 02 §7): desde un dispositivo de administración (la cookie de
 * /bypass), los usuarios para "ingresar como" (?q= busca por apellido, nombre o email; páginas
 * de 50 con ?cursor=), cada uno con sus roles. Sin el dispositivo: 403, con o sin sesión; con
 * el dispositivo, también 403 sin una sesión de Admin (suplantar pide las dos cosas).
 */
export async function GET(req: Request): Promise<Response> {
  const ctx = await contextoHttp();
  if (!ctx.dispositivoAdmin)
    return errorJson(
      403,
      'Este dispositivo no es de administración: registre la clave en /bypass.',
    );
  if (!sesionDeAdmin(ctx.sesion))
    return errorJson(403, 'Ingrese con su cuenta de Admin para ingresar como otro usuario.');
  const consulta = Object.fromEntries(new URL(req.url).searchParams);
  const b = busqueda.safeParse({ q: consulta.q ?? '', cursor: consulta.cursor ?? 0, limit: 50 });
  if (!b.success) return errorJson(400, mensajeDeValidacion(b.error));
  try {
    const pagina = await usuariosParaIngresar(ctx, b.data);
    return Response.json({
      items: pagina.items.map((u) => ({
        orden: u.id,
        nombre: u.etiqueta,
        email: u.detalle,
        roles: u.roles.map((r) => ETIQUETA_ROL[r]),
      })),
      siguiente: pagina.siguiente,
    });
  } catch (e) {
    return respuestaDeError(e, ctx, 'GET /api/admin/bypass');
  }
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos('GET');
