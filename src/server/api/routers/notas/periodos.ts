/**
 * Notas: los períodos de notas de cada ciclo (área 'nota' del calendario), el estado de cada
 * cuatrimestre de un cursado para el rol activo y el valor de una celda guardada. Lo usan la
 * planilla, el cierre y las libretas de este módulo (sólo este módulo).
 */
import { and, between, eq } from 'drizzle-orm';
import { periodosDeArea, type FechaCalendario } from '@/domain/calendario';
import { AUSENTE, CUATRIMESTRES, type Cuatrimestre, type ValorNota } from '@/domain/notas';
import {
  estadoPeriodoNotas,
  type EstadoPeriodoNotas,
  type FechasPeriodoNotas,
  type ModoPlanilla,
} from '@/domain/periodos-notas';
import { Rol } from '@/domain/roles';
import type { Contexto, Ctx } from '@/server/contexto';
import { calendario } from '@/server/db/schema';

export type FechasDelCiclo = Record<Cuatrimestre, FechasPeriodoNotas | null>;

/** El modo de la planilla según el rol activo. */
export function modoDe(rol: number): ModoPlanilla {
  if (rol === Rol.Docente) return 'docente';
  if (rol === Rol.Alumnado) return 'alumnado';
  return 'lectura';
}

/**
 * Las fechas de los períodos de notas de uno o más ciclos (área 'nota' del calendario): en cada
 * año, el 1er período es el 1° cuatrimestre y el 2° el 2° cuatrimestre. Una consulta.
 */
export async function periodosDeNotas(
  ctx: Pick<Contexto, 'db'>,
  ciclos: readonly number[],
): Promise<Map<number, FechasDelCiclo>> {
  const resultado = new Map<number, FechasDelCiclo>();
  if (!ciclos.length) return resultado;
  const desde = Math.min(...ciclos);
  const hasta = Math.max(...ciclos);
  const filas = await ctx.db
    .select({ fecha: calendario.fecha, tipo: calendario.tipo, area: calendario.area })
    .from(calendario)
    .where(
      and(
        eq(calendario.area, 'nota'),
        between(calendario.fecha, `${desde}-01-01`, `${hasta}-12-31`),
      ),
    );
  for (const ciclo of ciclos) {
    const periodos = periodosDeArea(
      filas.filter((f) => f.fecha.startsWith(`${ciclo}-`)) as FechaCalendario[],
      'nota',
    );
    resultado.set(ciclo, { 1: periodos[0] ?? null, 2: periodos[1] ?? null });
  }
  return resultado;
}

/** El estado de los dos cuatrimestres de un cursado para el rol activo, en el día del contexto. */
export function estados(
  ctx: Pick<Ctx, 'sesion' | 'hoy'>,
  {
    cursado,
    fechas,
  }: {
    cursado: { modalidad: number; periodosCerrados: number };
    fechas: FechasDelCiclo | undefined;
  },
): EstadoPeriodoNotas[] {
  const modo = modoDe(ctx.sesion.rol);
  return CUATRIMESTRES.map((c) =>
    estadoPeriodoNotas({
      modalidad: cursado.modalidad,
      cuatrimestre: c,
      fechas: fechas?.[c] ?? null,
      cerrados: cursado.periodosCerrados,
      hoy: ctx.hoy,
      modo,
    }),
  );
}

/** El cuatrimestre en curso: el último ya iniciado que la modalidad usa. */
export function cuatrimestreEnCurso(es: readonly EstadoPeriodoNotas[]): Cuatrimestre | null {
  const iniciados = es.filter((e) => e.aplica && e.iniciado);
  return iniciados.at(-1)?.cuatrimestre ?? null;
}

// ---------------------------------------------------------------------------
// Celdas

/** Las dos notas (1° y 2° cuatrimestre) de una celda. */
export type Notas = Record<Cuatrimestre, ValorNota | null>;
export const SIN_NOTAS = (): Notas => ({ 1: null, 2: null });

/** El valor de una fila de `notas`: la nota, 'ausente' o nada. */
export const valorDe = (
  fila: { nota: number | null; ausente: boolean } | undefined,
): ValorNota | null => (fila == null ? null : fila.ausente ? AUSENTE : fila.nota);
