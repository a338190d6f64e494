/**
 * Las fechas de clase de un cursado (spec 01 §5; issue 14 §5): los días de la semana de sus
 * bloques de horario dentro del año lectivo, menos las fechas restringidas del calendario. Las
 * usan el cronograma (libro de temas) y las evaluaciones (reservas). Dos consultas.
 */
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import { FIN_DE_CLASES, fechasDeClase, INICIO_DE_CLASES } from '@/domain/cronograma';
import type { DbOTx } from '@/server/db';
import { calendario, horarios } from '@/server/db/schema';

/** Las fechas de un área (y tipos) del calendario dentro del año lectivo del ciclo. */
export async function fechasDelCalendario(
  db: DbOTx,
  ciclo: number,
  area: string,
  tipos?: readonly string[],
): Promise<Set<string>> {
  const filas = await db
    .select({ fecha: calendario.fecha })
    .from(calendario)
    .where(
      and(
        eq(calendario.area, area),
        tipos ? inArray(calendario.tipo, [...tipos]) : undefined,
        gte(calendario.fecha, `${ciclo}-${INICIO_DE_CLASES}`),
        lte(calendario.fecha, `${ciclo}-${FIN_DE_CLASES}`),
      ),
    );
  return new Set(filas.map((f) => f.fecha));
}

export async function clasesDe(db: DbOTx, cursadoId: number, ciclo: number): Promise<string[]> {
  const [dias, restringidas] = await Promise.all([
    db
      .selectDistinct({ dia: horarios.dia })
      .from(horarios)
      .where(eq(horarios.cursadoId, cursadoId)),
    fechasDelCalendario(db, ciclo, 'restriccion'),
  ]);
  return fechasDeClase(
    ciclo,
    dias.map((d) => d.dia),
    restringidas,
  );
}
