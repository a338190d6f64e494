/**
 * Los horarios de demostración del ciclo: cada cursado recibe tantos bloques como horas, repartidos
 * en la semana (primero el primer bloque de cada día, después el segundo…), sin que un curso ni
 * un docente estén en dos cursados a la vez y nunca el sábado a la tarde. El aula es la del curso.
 * Determinístico: recorre cursos y cursados por id.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { BLOQUES, bloqueBloqueado, DIAS } from '@/domain/horario';
import type { DbOTx } from '../index';
import * as s from '../schema';
import { insertarEnLotes } from './lotes';

interface CursadoDelCiclo {
  id: number;
  horas: number;
  cursos: number[];
  docentes: number[];
}

/** Los lugares de la semana en el orden en que se llenan: bloque por bloque, día por día. */
const LUGARES = BLOQUES.flatMap((b) =>
  DIAS.filter((dia) => !bloqueBloqueado(dia, b.bloque)).map((dia) => ({ dia, bloque: b.bloque })),
);

/** Reparte los bloques de los cursados (regla pura, probada por la semilla). */
export function repartirHorarios(
  lista: readonly CursadoDelCiclo[],
  aulaDe: (cursoId: number) => string,
): { cursadoId: number; dia: number; bloque: number; aula: string }[] {
  const ocupado = new Set<string>();
  const filas: { cursadoId: number; dia: number; bloque: number; aula: string }[] = [];
  for (const c of [...lista].sort(
    (a, b) => (a.cursos[0] ?? 0) - (b.cursos[0] ?? 0) || a.id - b.id,
  )) {
    let puestos = 0;
    const diasUsados = new Map<number, number>();
    for (const lugar of LUGARES) {
      if (puestos >= c.horas) break;
      // A lo sumo dos bloques por día de un mismo cursado, para que se reparta en la semana.
      if ((diasUsados.get(lugar.dia) ?? 0) >= 2) continue;
      const k = (quien: string) => `${quien}-${lugar.dia}-${lugar.bloque}`;
      const claves = [...c.cursos.map((x) => k(`c${x}`)), ...c.docentes.map((x) => k(`d${x}`))];
      if (claves.some((x) => ocupado.has(x))) continue;
      for (const x of claves) ocupado.add(x);
      diasUsados.set(lugar.dia, (diasUsados.get(lugar.dia) ?? 0) + 1);
      filas.push({ cursadoId: c.id, ...lugar, aula: aulaDe(c.cursos[0] ?? 0) });
      puestos++;
    }
  }
  return filas;
}

export async function sembrarHorarios(tx: DbOTx, ciclo: number): Promise<void> {
  const lista = await tx
    .select({
      id: s.cursados.id,
      horas: s.cursados.horas,
      cursos: sql<
        number[]
      >`coalesce((select array_agg(cc.curso_id order by cc.curso_id) from cursados_cursos cc where cc.cursado_id = ${sql.raw('"cursados"."id"')}), '{}')`,
      docentes: sql<
        number[]
      >`coalesce((select array_agg(cd.usuario_id order by cd.usuario_id) from cursados_docentes cd where cd.cursado_id = ${sql.raw('"cursados"."id"')}), '{}')`,
    })
    .from(s.cursados)
    .where(eq(s.cursados.ciclolectivo, ciclo))
    .orderBy(asc(s.cursados.id));
  const cursos = await tx
    .select()
    .from(s.cursos)
    .orderBy(asc(s.cursos.anio), asc(s.cursos.division));
  const aula = new Map(cursos.map((c, i) => [c.id, `Aula ${i + 1}`]));
  const filas = repartirHorarios(
    lista.map((c) => ({ ...c, cursos: c.cursos.map(Number), docentes: c.docentes.map(Number) })),
    (cursoId) => aula.get(cursoId) ?? 'Aula',
  );
  await insertarEnLotes(tx, s.horarios, filas);
}
