import { asc } from 'drizzle-orm';
import { procedimiento, router } from '@/server/api/trpc';
import { departamentos } from '@/server/db/schema';

export const departamentosRouter = router({
  listar: procedimiento.query(({ ctx }) =>
    ctx.db
      .select({ orden: departamentos.id, nombre: departamentos.nombre })
      .from(departamentos)
      .orderBy(asc(departamentos.nombre)),
  ),
});
