/**
 * PIC de demostración (issue 16): las fechas de notas de PIC del calendario (1° cuatrimestre:
 * apertura 3/8, cierre 14/8, publicación 21/8; 2°: 9/12, 18/12, 22/12) y, por cada cuatrimestre
 * cuyas notas ya están cargadas a `hoy`, las PIC de las materias con más alumnos que no lo
 * aprobaron (`rindePic`), en días del período de PIC, a una hora de los horarios fijos y en un
 * aula. Lo que ya pasó a `hoy`: dentro del período, la mitad de las notas cargadas; pasado el
 * cierre, todas y la planilla cerrada (salvo una, que quedó abierta hasta la publicación). El
 * alumno de demostración está en alguna PIC (si no rinde ninguna, agregado a mano) para que sus
 * pantallas tengan datos. Determinística: los mismos `{ ciclo, hoy }`, las mismas PIC.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { ZONA_HORARIA_POR_DEFECTO } from '@/domain/escuela';
import { AUSENTE, type Cuatrimestre } from '@/domain/notas';
import { HORARIOS_PIC, instanteDeComienzo, rindePorRegla } from '@/domain/pics';
import { EMAIL_DEMO } from '../demo';
import type { DbOTx } from '../index';
import * as s from '../schema';
import { Azar, SEMILLAS } from './aleatorio';
import { fecha } from './estructura';
import { insertarEnLotes } from './lotes';

/** Cuántas PIC por cuatrimestre. */
const PICS_POR_CUATRIMESTRE = 10;
const AULAS = ['11', '12', '14', '21', '23', '32', 'Laboratorio 1', 'Biblioteca'];

/** Las fechas de notas de PIC de un ciclo (área 'nota', tipos '_pic'). */
export function fechasDePic(ciclo: number) {
  const f = (mes: number, dia: number, tipo: string) => ({
    fecha: fecha(ciclo, mes, dia),
    tipo,
    area: 'nota',
  });
  return [
    f(8, 3, 'apertura_pic'),
    f(8, 14, 'cierre_pic'),
    f(8, 21, 'publicacion_pic'),
    f(12, 9, 'apertura_pic'),
    f(12, 18, 'cierre_pic'),
    f(12, 22, 'publicacion_pic'),
  ];
}

/** Los días de las PIC de cada cuatrimestre (los primeros del período de PIC). */
const DIAS: Record<Cuatrimestre, [number, number][]> = {
  1: [
    [8, 3],
    [8, 4],
    [8, 5],
    [8, 6],
    [8, 7],
  ],
  2: [
    [12, 9],
    [12, 10],
    [12, 11],
    [12, 14],
    [12, 15],
  ],
};
/** Las notas del cuatrimestre ya están cargadas (las de `sembrarNotas`). */
const notasCargadas = (c: Cuatrimestre, ciclo: number, hoy: string) =>
  c === 1 ? hoy > `${ciclo}-07-03` : hoy >= `${ciclo}-11-09`;

function notaDePic(az: Azar): { nota: number | null; ausente: boolean } {
  if (az.si(0.08)) return { nota: null, ausente: true };
  return {
    nota: az.ponderado<number>([
      [2, 1],
      [3, 2],
      [4, 3],
      [5, 3],
      [6, 8],
      [7, 8],
      [8, 5],
      [9, 2],
      [10, 1],
    ]),
    ausente: false,
  };
}

export async function sembrarPics(tx: DbOTx, { ciclo, hoy }: { ciclo: number; hoy: string }) {
  const periodos = fechasDePic(ciclo);
  await insertarEnLotes(tx, s.calendario, periodos);
  const az = new Azar(SEMILLAS.notas + 16 * ciclo);
  const [alumnoDemo] = await tx
    .select({ id: s.alumnos.id })
    .from(s.alumnos)
    .innerJoin(s.usuarios, eq(s.usuarios.id, s.alumnos.usuarioId))
    .where(eq(sql`lower(${s.usuarios.email})`, EMAIL_DEMO.alumno));
  const cuatrimestres = ([1, 2] as const).filter((c) => notasCargadas(c, ciclo, hoy));
  for (const c of cuatrimestres) {
    const inscriptos = await tx
      .select({
        alumnoId: s.inscripciones.alumnoId,
        materiaId: s.inscripciones.materiaId,
        modalidad: s.cursados.modalidad,
        nota: s.notas.nota,
        ausente: s.notas.ausente,
      })
      .from(s.inscripciones)
      .innerJoin(
        s.cursados,
        and(eq(s.cursados.id, s.inscripciones.cursadoId), eq(s.cursados.ciclolectivo, ciclo)),
      )
      .leftJoin(
        s.notas,
        and(
          eq(s.notas.alumnoId, s.inscripciones.alumnoId),
          eq(s.notas.cursadoId, s.inscripciones.cursadoId),
          eq(s.notas.cuatrimestre, c),
        ),
      )
      .orderBy(asc(s.inscripciones.materiaId), asc(s.inscripciones.alumnoId));
    const rinden = new Map<number, number[]>();
    for (const i of inscriptos) {
      const valor = i.ausente ? AUSENTE : i.nota;
      if (!rindePorRegla(c, [{ modalidad: i.modalidad, valor }])) continue;
      rinden.set(i.materiaId, [...(rinden.get(i.materiaId) ?? []), i.alumnoId]);
    }
    const elegidas = [...rinden.entries()]
      .sort((a, b) => b[1].length - a[1].length || a[0] - b[0])
      .slice(0, PICS_POR_CUATRIMESTRE);
    // La materia del alumno de demostración que no aprobó, si hay, también tiene su PIC.
    const delDemo = [...rinden.entries()].find(
      ([m, ids]) => alumnoDemo && ids.includes(alumnoDemo.id) && !elegidas.some(([e]) => e === m),
    );
    if (delDemo) elegidas.push(delDemo);
    if (
      c === cuatrimestres.at(-1) &&
      alumnoDemo &&
      !elegidas.some(([, ids]) => ids.includes(alumnoDemo.id))
    ) {
      // No rinde ninguna: agregado a mano a la PIC de una de sus materias.
      const suya = inscriptos.find((i) => i.alumnoId === alumnoDemo.id);
      if (suya) {
        const existente = elegidas.find(([m]) => m === suya.materiaId);
        if (existente) existente[1] = [...existente[1], alumnoDemo.id];
        else elegidas.push([suya.materiaId, [alumnoDemo.id]]);
      }
    }
    const [apertura, cierre, publicacion] = periodos
      .slice((c - 1) * 3, c * 3)
      .map((p) => p.fecha) as [string, string, string];
    const nuevas = await tx
      .insert(s.pics)
      .values(
        elegidas.map(([materiaId, ids], n) => {
          // La del alumno de demostración, el último día (sus pantallas la muestran por venir).
          const deDemo = alumnoDemo != null && ids.includes(alumnoDemo.id);
          const [mes, dia] = DIAS[c][deDemo ? DIAS[c].length - 1 : n % DIAS[c].length]!;
          const cerrada = hoy > cierre && (n > 0 || hoy >= publicacion);
          return {
            ciclolectivo: ciclo,
            materiaId,
            cuatrimestre: c,
            comienzo: instanteDeComienzo(
              { fecha: fecha(ciclo, mes, dia), hora: az.elegir(HORARIOS_PIC) },
              ZONA_HORARIA_POR_DEFECTO,
            ),
            aula: az.elegir(AULAS),
            // Pasado el cierre quedaron cerradas, salvo la primera (abierta hasta la publicación).
            cerrada,
            cerradaEn: cerrada ? new Date(`${cierre}T21:00:00Z`) : null,
          };
        }),
      )
      .returning({ id: s.pics.id, materiaId: s.pics.materiaId, cerrada: s.pics.cerrada });
    const filas: (typeof s.picsAlumnos.$inferInsert)[] = [];
    for (const p of nuevas) {
      const ids = elegidas.find(([m]) => m === p.materiaId)![1];
      for (const [k, alumnoId] of ids.entries()) {
        const agregado = !(rinden.get(p.materiaId) ?? []).includes(alumnoId);
        // Dentro del período, la mitad ya tiene nota; pasado el cierre, todos.
        const calificado = hoy > cierre || (hoy >= apertura && k % 2 === 0);
        if (!calificado && !agregado && !p.cerrada) continue;
        filas.push({
          picId: p.id,
          alumnoId,
          ajuste: agregado ? 'agregado' : null,
          ...(calificado ? notaDePic(az) : { nota: null, ausente: false }),
        });
      }
    }
    await insertarEnLotes(tx, s.picsAlumnos, filas);
  }
}
