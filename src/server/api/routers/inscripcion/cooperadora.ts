/**
 * La cuota de la Asociación Cooperadora de cada ciclo (spec 02 §9): configuración anual en
 * `configuracion['cuota.{ciclo}']` con la forma de `domain/cooperadora.ts`. La lee el referente
 * parental (la del ciclo en curso, también dentro de `mishijos`) y Admin (cualquier ciclo); sólo
 * Admin la guarda, auditado.
 */
import { and, desc, eq, like, lte } from 'drizzle-orm';
import { Rol } from '@/domain/roles';
import { claveCuota, type ConfiguracionCooperadora } from '@/domain/cooperadora';
import { leerConfiguracionCooperadora } from '@/domain/cooperadora-esquema';
import { opcionesDePago } from '@/domain/inscripcion';
import { auditar } from '@/server/auditoria';
import type { Contexto, Ctx } from '@/server/contexto';
import { transaccion } from '@/server/errores';
import { configuracion } from '@/server/db/schema';
import type { GuardarCooperadora } from './schemas';
import { cicloActual } from './service';

/** La configuración de la cuota de un ciclo, o null si no hay una válida. */
export async function cuotaDelCiclo(
  ctx: Pick<Contexto, 'db'>,
  ciclo: number,
): Promise<ConfiguracionCooperadora | null> {
  const [fila] = await ctx.db
    .select({ valor: configuracion.valor })
    .from(configuracion)
    .where(eq(configuracion.clave, claveCuota(ciclo)));
  return fila ? leerConfiguracionCooperadora(fila.valor) : null;
}

/** Para el bloque de la inscripción: la configuración y las opciones en una línea cada una. */
export async function cuotaParaLaInscripcion(ctx: Pick<Contexto, 'db'>, ciclo: number) {
  const cuota = await cuotaDelCiclo(ctx, ciclo);
  return cuota && { ...cuota, opciones: opcionesDePago(cuota) };
}

/**
 * La última configuración válida de un ciclo anterior o igual (para que Admin empiece la del
 * año nuevo desde la del anterior: la cuenta y los enlaces no suelen cambiar).
 */
async function ultimaHasta(ctx: Pick<Contexto, 'db'>, ciclo: number) {
  const filas = await ctx.db
    .select({ clave: configuracion.clave, valor: configuracion.valor })
    .from(configuracion)
    .where(and(like(configuracion.clave, 'cuota.%'), lte(configuracion.clave, claveCuota(ciclo))))
    .orderBy(desc(configuracion.clave))
    .limit(10);
  for (const f of filas) {
    const c = leerConfiguracionCooperadora(f.valor);
    if (c) return { ciclo: Number(f.clave.slice('cuota.'.length)), cuota: c };
  }
  return null;
}

/**
 * La cuota de un ciclo. El referente parental ve siempre la del ciclo en curso (el `ciclo`
 * pedido sólo lo usa Admin). Para Admin, además, `base`: la del último ciclo configurado hasta
 * ése, para empezar un año sin configurar.
 */
export async function leer(ctx: Ctx, input: { ciclo?: number }) {
  const actual = cicloActual(ctx);
  const esAdmin = ctx.sesion.rol === Rol.Admin;
  const ciclo = esAdmin ? (input.ciclo ?? actual) : actual;
  const cuota = await cuotaDelCiclo(ctx, ciclo);
  const base = esAdmin && !cuota ? await ultimaHasta(ctx, ciclo) : null;
  return { ciclo, actual, cuota, base };
}

/** Admin guarda la cuota de un ciclo: una fila por ciclo, con el antes y el después auditados. */
export async function guardar(ctx: Ctx, { ciclo, cuota }: GuardarCooperadora) {
  const clave = claveCuota(ciclo);
  return transaccion(ctx, async (tx) => {
    const [previa] = await tx.db
      .select({ valor: configuracion.valor })
      .from(configuracion)
      .where(eq(configuracion.clave, clave))
      .for('update');
    await tx.db
      .insert(configuracion)
      .values({ clave, valor: cuota })
      .onConflictDoUpdate({ target: configuracion.clave, set: { valor: cuota } });
    await auditar(tx, {
      accion: previa ? 'editar' : 'crear',
      entidad: 'configuracion',
      entidadId: clave,
      antes: previa?.valor ?? null,
      despues: cuota,
    });
    return { ciclo, cuota };
  });
}
