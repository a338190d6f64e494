/** Departamentos de la escuela (spec 01 §3): la lista para los selectores. */
import { asc } from 'drizzle-orm';
import type { Ctx } from '@/server/contexto';
import { departamentos } from '@/server/db/schema';

export function listar(ctx: Ctx) {
  return ctx.db
    .select({ orden: departamentos.id, nombre: departamentos.nombre })
    .from(departamentos)
    .orderBy(asc(departamentos.nombre));
}
