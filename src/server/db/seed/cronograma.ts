/**
 * El calendario de clases de demostración: los feriados y el receso de invierno del ciclo como
 * fechas del área `restriccion` (no hay clase), y algunas evaluaciones reservadas en las clases
 * de las próximas semanas (una por cursado cada tanto, respetando las reglas por defecto: a lo
 * sumo 3 por curso y semana, una por curso y día, con 2 días de anticipación). `ciclo` da los
 * feriados; las evaluaciones, los días siguientes a `hoy`.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { diaDeLaSemana } from '@/domain/cronograma';
import { estadoDeLugar, REGLAS_POR_DEFECTO, type EvaluacionDelCurso } from '@/domain/evaluaciones';
import type { DbOTx } from '../index';
import * as s from '../schema';
import { fecha } from './estructura';
import { insertarEnLotes } from './lotes';

/** Feriados nacionales y el receso invernal de Santa Fe (aproximados, sin los trasladables). */
export function restriccionesDelCiclo(ciclo: number): string[] {
  const fijos: [number, number][] = [
    [3, 24],
    [4, 2],
    [5, 1],
    [5, 25],
    [6, 20],
    [7, 9],
    [10, 12],
    [11, 20],
    [12, 8],
  ];
  const receso = Array.from({ length: 12 }, (_, i) => [7, 13 + i] as [number, number]);
  return [...fijos, ...receso].map(([m, d]) => fecha(ciclo, m, d));
}

/**
 * Los días con clase del cursado entre 3 y 28 días después de `hoy` (sin las restringidas). A
 * propósito no se cortan en el fin del año lectivo: la demostración (y sus pruebas) tiene
 * evaluaciones próximas en cualquier fecha en que se siembre, también en diciembre o en verano.
 */
function proximosDias(hoy: string, dias: readonly number[], sinClase: ReadonlySet<string>) {
  const base = Date.parse(`${hoy}T00:00:00Z`);
  return Array.from({ length: 26 }, (_, i) =>
    new Date(base + (i + 3) * 86_400_000).toISOString().slice(0, 10),
  ).filter((f) => dias.includes(diaDeLaSemana(f)) && !sinClase.has(f));
}

export async function sembrarCronograma(tx: DbOTx, { ciclo, hoy }: { ciclo: number; hoy: string }) {
  const restringidas = restriccionesDelCiclo(ciclo);
  await insertarEnLotes(
    tx,
    s.calendario,
    restringidas.map((f) => ({ fecha: f, tipo: '', area: 'restriccion' })),
  );
  const lista = await tx
    .select({
      id: s.cursados.id,
      nombre: s.cursados.nombre,
      dias: sql<
        number[]
      >`coalesce((select array_agg(distinct h.dia) from horarios h where h.cursado_id = ${sql.raw('"cursados"."id"')}), '{}')`,
      cursos: sql<
        number[]
      >`coalesce((select array_agg(cc.curso_id) from cursados_cursos cc where cc.cursado_id = ${sql.raw('"cursados"."id"')}), '{}')`,
    })
    .from(s.cursados)
    .where(eq(s.cursados.ciclolectivo, ciclo))
    .orderBy(asc(s.cursados.id));
  const sinClase = new Set(restringidas);
  const reservadas: (EvaluacionDelCurso & { id: number })[] = [];
  for (const [i, c] of lista.entries()) {
    if (i % 3 !== 0) continue;
    const cursos = c.cursos.map(Number);
    const proximas = proximosDias(hoy, c.dias.map(Number), sinClase);
    const elegida = proximas.slice(i % 4).find(
      (f) =>
        estadoDeLugar(
          {
            cursadoId: c.id,
            cursos,
            fecha: f,
            hoy,
            restringidas: sinClase,
            pic: new Set(),
            reglas: REGLAS_POR_DEFECTO,
          },
          reservadas,
        ).estado === 'disponible',
    );
    if (elegida)
      reservadas.push({ id: c.id, cursadoId: c.id, cursado: c.nombre, fecha: elegida, cursos });
  }
  await insertarEnLotes(
    tx,
    s.evaluaciones,
    reservadas.map((r) => ({ cursadoId: r.cursadoId, fecha: r.fecha })),
  );
}
