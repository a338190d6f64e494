/**
 * Los módulos que abre la sesión: la grilla de inicio y el menú del marco (server/auth/guardia.ts)
 * y GET /api/permissions (sesion) leen lo mismo.
 */
import { anioDe } from '@/domain/escuela';
import { aModuloSistema, dependeDelAnio, modulosDe, type ModuloSistema } from '@/domain/modulos';
import type { Ctx } from '@/server/contexto';
import { anioQueCursa } from '@/server/consultas/personas';

/**
 * Los módulos que el rol activo puede abrir (grilla de inicio, menú, /api/permissions). Al alumno,
 * los de un solo año (gimnasia electiva) sólo si lo cursa en el ciclo en curso (el del día
 * escolar, no el del selector de año): una lectura más, sólo para ese rol.
 */
export async function permisos(ctx: Pick<Ctx, 'sesion' | 'db' | 'hoy'>): Promise<ModuloSistema[]> {
  const { rol, usuario } = ctx.sesion;
  const anio = dependeDelAnio(rol) ? await anioQueCursa(ctx.db, usuario.id, anioDe(ctx.hoy)) : null;
  return modulosDe(rol, anio).map(aModuloSistema);
}
