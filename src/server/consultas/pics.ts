/**
 * Quién está en cada PIC (issue 16; la regla en `domain/pics.ts`, `alumnosDePic`): lo leen el
 * módulo de PIC (sus listas y planillas) y el de evaluaciones (las tarjetas 'PIC de {materia}' y
 * el calendario personal). Dos consultas, cualquiera sea la cantidad de PIC o de alumnos.
 */
import { and, eq, gte, inArray, type SQL } from 'drizzle-orm';
import { AUSENTE, type Cuatrimestre } from '@/domain/notas';
import { alumnosDePic, type AjustePic, type FilaPic, type InscripcionPic } from '@/domain/pics';
import type { DbOTx } from '@/server/db';
import {
  cursados,
  cursadosMaterias,
  inscripciones,
  materias,
  notas,
  pics,
  picsAlumnos,
} from '@/server/db/schema';

export interface PicBase {
  id: number;
  ciclolectivo: number;
  materiaId: number;
  cuatrimestre: number;
  cerrada: boolean;
}

/**
 * Los cursados de una PIC: los de su materia en su ciclo. Para unir `pics` con
 * `cursadosMaterias` (`materiaDeLaPic`) y después con `cursados` (`cursadoDeLaPic`): la lista de
 * PIC de un cursado (módulo de PIC) y las tarjetas de PIC de un curso (módulo de evaluaciones).
 */
export const materiaDeLaPic = eq(cursadosMaterias.materiaId, pics.materiaId);
export const cursadoDeLaPic = and(
  eq(cursados.id, cursadosMaterias.cursadoId),
  eq(cursados.ciclolectivo, pics.ciclolectivo),
);

const valor = (n: { nota: number | null; ausente: boolean | null }) =>
  n.ausente ? AUSENTE : (n.nota ?? null);

/** Arma, con las inscripciones y las filas de cada PIC, sus alumnos (id → origen). */
function armar(
  lista: readonly PicBase[],
  insc: readonly (InscripcionPic & { picId: number })[],
  filas: readonly (FilaPic & { picId: number })[],
) {
  const resultado = new Map<number, ReturnType<typeof alumnosDePic>>();
  for (const p of lista)
    resultado.set(
      p.id,
      alumnosDePic({
        cuatrimestre: p.cuatrimestre as Cuatrimestre,
        cerrada: p.cerrada,
        inscripciones: insc.filter((i) => i.picId === p.id),
        filas: filas.filter((f) => f.picId === p.id),
      }),
    );
  return resultado;
}

const columnasInscripcion = {
  picId: pics.id,
  alumnoId: inscripciones.alumnoId,
  modalidad: cursados.modalidad,
  nota: notas.nota,
  ausente: notas.ausente,
};

/** Las inscripciones en la materia de cada PIC, en su ciclo, con la nota del cuatrimestre. */
function inscripcionesDePics(db: DbOTx, donde: SQL | undefined) {
  return db
    .select(columnasInscripcion)
    .from(pics)
    .innerJoin(inscripciones, eq(inscripciones.materiaId, pics.materiaId))
    .innerJoin(
      cursados,
      and(eq(cursados.id, inscripciones.cursadoId), eq(cursados.ciclolectivo, pics.ciclolectivo)),
    )
    .leftJoin(
      notas,
      and(
        eq(notas.alumnoId, inscripciones.alumnoId),
        eq(notas.cursadoId, inscripciones.cursadoId),
        eq(notas.cuatrimestre, pics.cuatrimestre),
      ),
    )
    .where(donde);
}

const aInscripcion = (i: Awaited<ReturnType<typeof inscripcionesDePics>>[number]) => ({
  picId: i.picId,
  alumnoId: i.alumnoId,
  modalidad: i.modalidad,
  valor: valor(i),
});
const aFila = (f: typeof picsAlumnos.$inferSelect) => ({
  picId: f.picId,
  alumnoId: f.alumnoId,
  ajuste: (f.ajuste as AjustePic | null) ?? null,
  nota: f.nota,
  ausente: f.ausente,
});

/**
 * Los alumnos de cada PIC de la lista (id de PIC → id de alumno → origen), con las filas de
 * `pics_alumnos` (notas y ajustes) de esas PIC. Dos consultas.
 */
export async function alumnosDePics(db: DbOTx, lista: readonly PicBase[]) {
  if (!lista.length)
    return { alumnos: new Map<number, Map<number, never>>(), filas: [] as FilaPicDe[] };
  const ids = lista.map((p) => p.id);
  const [insc, filas] = await Promise.all([
    inscripcionesDePics(db, inArray(pics.id, ids)),
    db.select().from(picsAlumnos).where(inArray(picsAlumnos.picId, ids)),
  ]);
  const f = filas.map(aFila);
  return { alumnos: armar(lista, insc.map(aInscripcion), f), filas: f };
}
export type FilaPicDe = FilaPic & { picId: number };

/** Una PIC de un alumno: la sesión y, si tiene, su nota. */
export interface PicDeAlumno {
  picId: number;
  alumnoId: number;
  ciclolectivo: number;
  cuatrimestre: Cuatrimestre;
  materiaId: number;
  materia: string;
  comienzo: Date;
  aula: string | null;
  cerrada: boolean;
  nota: number | null;
  ausente: boolean;
}

/**
 * Las PIC en las que están estos alumnos (por la regla o a mano), con `donde` sobre `pics`
 * (p. ej. el ciclo o desde una fecha). Tres consultas, cualquiera sea la cantidad de alumnos.
 */
export async function picsDeAlumnos(
  db: DbOTx,
  { alumnos: ids, donde }: { alumnos: readonly number[]; donde?: SQL },
): Promise<PicDeAlumno[]> {
  if (!ids.length) return [];
  const [insc, filas] = await Promise.all([
    inscripcionesDePics(db, and(inArray(inscripciones.alumnoId, [...ids]), donde)),
    db
      .select({ fila: picsAlumnos })
      .from(picsAlumnos)
      .innerJoin(pics, eq(pics.id, picsAlumnos.picId))
      .where(and(inArray(picsAlumnos.alumnoId, [...ids]), donde)),
  ]);
  const picIds = [...new Set([...insc.map((i) => i.picId), ...filas.map((f) => f.fila.picId)])];
  if (!picIds.length) return [];
  const datos = await picsConMateria(db, picIds);
  const f = filas.map((x) => aFila(x.fila));
  const porPic = armar(datos, insc.map(aInscripcion), f);
  const resultado: PicDeAlumno[] = [];
  for (const p of datos)
    for (const alumnoId of porPic.get(p.id)!.keys()) {
      if (!ids.includes(alumnoId)) continue;
      const fila = f.find((x) => x.picId === p.id && x.alumnoId === alumnoId);
      resultado.push({
        picId: p.id,
        alumnoId,
        ciclolectivo: p.ciclolectivo,
        cuatrimestre: p.cuatrimestre as Cuatrimestre,
        materiaId: p.materiaId,
        materia: p.materia,
        comienzo: p.comienzo,
        aula: p.aula,
        cerrada: p.cerrada,
        nota: fila?.nota ?? null,
        ausente: fila?.ausente ?? false,
      });
    }
  return resultado;
}

/** `pics.comienzo >= instante`, para las próximas. */
/**
 * Las PIC con el nombre de su materia, por id, por comienzo: las de los alumnos (`picsDeAlumnos`)
 * y la del aviso a las familias (src/server/avisos/eventos/pic.ts).
 */
export function picsConMateria(db: DbOTx, ids: readonly number[]) {
  return db
    .select({
      id: pics.id,
      ciclolectivo: pics.ciclolectivo,
      materiaId: pics.materiaId,
      cuatrimestre: pics.cuatrimestre,
      cerrada: pics.cerrada,
      comienzo: pics.comienzo,
      aula: pics.aula,
      materia: materias.nombre,
    })
    .from(pics)
    .innerJoin(materias, eq(materias.id, pics.materiaId))
    .where(inArray(pics.id, [...ids]))
    .orderBy(pics.comienzo, pics.id);
}

export const picsDesde = (instante: Date) => gte(pics.comienzo, instante);
