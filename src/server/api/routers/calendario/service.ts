/**
 * Calendario escolar (spec 02 §2 /calendario, §3 Calendar date, §4, §7, §9): las fechas de un
 * año y el guardado por área de las fechas nuevas y borradas, en una transacción auditada.
 *
 * Las áreas sin tipos (restriccion, jcd) tienen tipo `null` en el dominio; la columna
 * `calendario.tipo` es `text not null`, así que se guardan con tipo '' (SIN_TIPO) y al leer
 * '' vuelve a ser `null`. Con '' (y no NULL) el índice único (fecha, tipo, area) también
 * impide repetir una fecha de esas áreas.
 */
import { and, asc, between, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  AreaCalendario,
  FechaCalendario,
  MarcaCalendario,
  TipoCalendario,
} from '@/domain/calendario';
import { auditar } from '@/server/auditoria';
import type { Contexto, Ctx } from '@/server/contexto';
import { transaccion } from '@/server/errores';
import type { DbOTx } from '@/server/db';
import { calendario } from '@/server/db/schema';
import type { GuardarCalendario } from './schemas';

/** El tipo con que se guardan las fechas de las áreas sin tipos (restriccion, jcd). */
export const SIN_TIPO = '';

/** Candado de transacción por área: dos guardados de la misma área no se mezclan. */
const CANDADO_CALENDARIO = 20_260_402;

export interface FechaDelCalendario extends FechaCalendario {
  fecha: string;
  tipo: TipoCalendario | null;
  area: AreaCalendario;
}

const columnas = { fecha: calendario.fecha, tipo: calendario.tipo, area: calendario.area };

const desdeFila = (f: { fecha: string; tipo: string; area: string }): FechaDelCalendario => ({
  fecha: f.fecha,
  tipo: (f.tipo || null) as TipoCalendario | null,
  area: f.area as AreaCalendario,
});

const delAnioSql = (anio: number) => between(calendario.fecha, `${anio}-01-01`, `${anio}-12-31`);

/** Todas las fechas de un año (GET /calendario/{year}), por fecha, área y tipo. Una consulta. */
export async function delAnio(
  ctx: Pick<Contexto, 'db'>,
  { anio }: { anio: number },
): Promise<FechaDelCalendario[]> {
  const filas = await ctx.db
    .select(columnas)
    .from(calendario)
    .where(delAnioSql(anio))
    .orderBy(asc(calendario.fecha), asc(calendario.area), asc(calendario.tipo));
  return filas.map(desdeFila);
}

const anioDe = (m: MarcaCalendario) => Number(m.fecha.slice(0, 4));

/** Las fechas de un área en los años dados (el antes y el después de la auditoría). */
async function delArea(tx: DbOTx, area: AreaCalendario, anios: number[]) {
  const filas = await tx
    .select({ fecha: calendario.fecha, tipo: calendario.tipo })
    .from(calendario)
    .where(
      and(
        eq(calendario.area, area),
        inArray(sql<number>`extract(year from ${calendario.fecha})::int`, anios),
      ),
    )
    .orderBy(asc(calendario.fecha), asc(calendario.tipo));
  return filas.map((f) => ({ fecha: f.fecha, tipo: f.tipo || null }));
}

/** `(fecha, tipo) in ((…), (…))` para borrar en una sola sentencia. */
function entre(marcas: readonly MarcaCalendario[]): SQL {
  const tuplas = marcas.map((m) => sql`(${m.fecha}::date, ${m.tipo ?? SIN_TIPO})`);
  return sql`(${calendario.fecha}, ${calendario.tipo}) in (${sql.join(tuplas, sql`, `)})`;
}

/**
 * Guarda los cambios de un área (POST /calendario/save/{area}): agrega las nuevas (las que ya
 * estaban no se repiten) y borra las borradas (las que no estaban no cuentan), todo en una
 * transacción con su entrada de auditoría (antes y después del área en los años tocados, y lo que
 * cambió de verdad). Sin cambios no escribe nada. Devuelve las fechas del año `anio` (por
 * defecto, el de la primera fecha enviada; sin fechas, el año en curso: el de `ctx.hoy`, no
 * el elegido en el selector).
 */
export async function guardar(ctx: Ctx, datos: GuardarCalendario): Promise<FechaDelCalendario[]> {
  const { area, nuevas, borradas } = datos;
  const primera = nuevas[0] ?? borradas[0];
  const anio = datos.anio ?? (primera ? anioDe(primera) : Number(ctx.hoy.slice(0, 4)));
  if (nuevas.length + borradas.length === 0) return delAnio(ctx, { anio });

  return transaccion(ctx, async (tx) => {
    await tx.db.execute(
      sql`select pg_advisory_xact_lock(${CANDADO_CALENDARIO}::int, hashtext(${area}))`,
    );
    const anios = [...new Set([...nuevas, ...borradas].map(anioDe))].sort();
    const antes = await delArea(tx.db, area, anios);

    const agregadas = nuevas.length
      ? await tx.db
          .insert(calendario)
          .values(nuevas.map((m) => ({ fecha: m.fecha, tipo: m.tipo ?? SIN_TIPO, area })))
          .onConflictDoNothing()
          .returning({ fecha: calendario.fecha, tipo: calendario.tipo })
      : [];
    const quitadas = borradas.length
      ? await tx.db
          .delete(calendario)
          .where(and(eq(calendario.area, area), entre(borradas)))
          .returning({ fecha: calendario.fecha, tipo: calendario.tipo })
      : [];

    if (agregadas.length + quitadas.length > 0) {
      const sinVacio = (l: { fecha: string; tipo: string }[]) =>
        l.map((m) => ({ fecha: m.fecha, tipo: m.tipo || null }));
      await auditar(tx, {
        accion: 'guardar',
        entidad: 'calendario',
        entidadId: area,
        antes: { area, anios, fechas: antes },
        despues: {
          area,
          anios,
          fechas: await delArea(tx.db, area, anios),
          agregadas: sinVacio(agregadas),
          borradas: sinVacio(quitadas),
        },
      });
    }
    return delAnio(tx, { anio });
  });
}
