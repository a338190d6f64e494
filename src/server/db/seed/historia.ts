/**
 * El año anterior de la escuela de demostración (`sembrarHistorial`): cursados copiados,
 * notas de ambos cuatrimestres y mesas de diciembre y marzo de los cursos de las cuentas de
 * demostración.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  CUATRIMESTRES,
  NOTA_APROBACION,
  aplicaCuatrimestre,
  aprobada,
  type Cuatrimestre,
} from '@/domain/notas';
import { bitCuatrimestre } from '@/domain/periodos-notas';
import { EMAIL_DEMO } from '../demo';
import type { DbOTx } from '../index';
import * as s from '../schema';
import { Azar, SEMILLAS } from './aleatorio';
import { insertarDevolviendo, insertarEnLotes } from './lotes';
import { fechasDeNotas, notaAlAzar } from './notas';

const DICIEMBRE = 'Complementaria Noviembre/Diciembre';
const MARZO = 'Final Febrero/Marzo';

/**
 * Un año de historia, el ciclo anterior, para que la libreta muestre más de un año y las
 * columnas de mesa: los alumnos de los cursos del alumno y de los hijos de los referentes de
 * demostración (de 2° año en adelante) cursaron el año anterior en el curso de un año menos y
 * la misma división, con copias de sus cursados (mismas materias y docentes), ambos
 * cuatrimestres cargados y cerrados, y las actas de diciembre y de marzo de las materias que no
 * aprobaron. Cada uno de los alumnos de demostración tiene tres materias sin aprobar: una la
 * aprobó en diciembre, otra, ausente en diciembre, en marzo, y la tercera la sigue adeudando
 * (para las mesas del ciclo).
 */
export async function sembrarHistorial(
  tx: DbOTx,
  ciclo: number,
): Promise<{ notas: number; examenes: number }> {
  const anterior = ciclo - 1;
  const az = new Azar(SEMILLAS.notas + anterior);
  const demo = await tx
    .selectDistinct({ id: s.alumnos.id })
    .from(s.alumnos)
    .leftJoin(s.alumnosReferentes, eq(s.alumnosReferentes.alumnoId, s.alumnos.id))
    .leftJoin(s.referentes, eq(s.referentes.id, s.alumnosReferentes.referenteId))
    .innerJoin(
      s.usuarios,
      sql`${s.usuarios.id} in (${s.alumnos.usuarioId}, ${s.referentes.usuarioId})`,
    )
    .where(
      inArray(sql`lower(${s.usuarios.email})`, [
        EMAIL_DEMO.alumno,
        EMAIL_DEMO.referente,
        EMAIL_DEMO.referenteOtro,
      ]),
    );
  const idsDemo = new Set(demo.map((d) => d.id));
  if (!idsDemo.size) return { notas: 0, examenes: 0 };

  const todosLosCursos = await tx
    .select({ id: s.cursos.id, anio: s.cursos.anio, division: s.cursos.division })
    .from(s.cursos);
  const cursoPorClave = new Map(todosLosCursos.map((c) => [`${c.anio}|${c.division}`, c.id]));
  const previo = new Map<number, number>();
  for (const c of todosLosCursos) {
    const p = cursoPorClave.get(`${c.anio - 1}|${c.division}`);
    if (p != null) previo.set(c.id, p);
  }
  const cursosDemo = await tx
    .selectDistinct({ curso: s.alumnosCursos.cursoId })
    .from(s.alumnosCursos)
    .where(
      and(eq(s.alumnosCursos.ciclolectivo, ciclo), inArray(s.alumnosCursos.alumnoId, [...idsDemo])),
    );
  const cursosActuales = cursosDemo.map((c) => c.curso).filter((c) => previo.has(c));
  if (!cursosActuales.length) return { notas: 0, examenes: 0 };
  const alumnos = await tx
    .select({ alumno: s.alumnosCursos.alumnoId, curso: s.alumnosCursos.cursoId })
    .from(s.alumnosCursos)
    .where(
      and(
        eq(s.alumnosCursos.ciclolectivo, ciclo),
        inArray(s.alumnosCursos.cursoId, cursosActuales),
      ),
    )
    .orderBy(asc(s.alumnosCursos.alumnoId));

  // El curso del año anterior: el que ya tenga registrado (la inscripción anual siembra
  // algunos) o el de un año menos y la misma división.
  const registrados = await tx
    .select({ alumno: s.alumnosCursos.alumnoId, curso: s.alumnosCursos.cursoId })
    .from(s.alumnosCursos)
    .where(
      and(
        eq(s.alumnosCursos.ciclolectivo, anterior),
        inArray(
          s.alumnosCursos.alumnoId,
          alumnos.map((a) => a.alumno),
        ),
      ),
    );
  const registrado = new Map(registrados.map((r) => [r.alumno, r.curso]));
  const cursoAnterior = new Map(
    alumnos.map((a) => [a.alumno, registrado.get(a.alumno) ?? previo.get(a.curso)!]),
  );

  // Los cursados del año anterior: copias de los de este año de cada curso previo.
  const previos = [...new Set(cursoAnterior.values())];
  const modelos = await tx
    .select({
      id: s.cursados.id,
      nombre: s.cursados.nombre,
      modalidad: s.cursados.modalidad,
      horas: s.cursados.horas,
      curso: s.cursadosCursos.cursoId,
    })
    .from(s.cursados)
    .innerJoin(s.cursadosCursos, eq(s.cursadosCursos.cursadoId, s.cursados.id))
    .where(and(eq(s.cursados.ciclolectivo, ciclo), inArray(s.cursadosCursos.cursoId, previos)))
    .orderBy(asc(s.cursados.id));
  const idsModelo = modelos.map((m) => m.id);
  const [materiasDe, docentesDe] = await Promise.all([
    tx
      .select({ cursado: s.cursadosMaterias.cursadoId, materia: s.cursadosMaterias.materiaId })
      .from(s.cursadosMaterias)
      .where(inArray(s.cursadosMaterias.cursadoId, idsModelo)),
    tx
      .select({ cursado: s.cursadosDocentes.cursadoId, usuario: s.cursadosDocentes.usuarioId })
      .from(s.cursadosDocentes)
      .where(inArray(s.cursadosDocentes.cursadoId, idsModelo)),
  ]);
  const copias = await insertarDevolviendo(
    tx,
    s.cursados,
    modelos.map((m) => ({
      nombre: m.nombre,
      modalidad: m.modalidad,
      horas: m.horas,
      ciclolectivo: anterior,
      periodosCerrados: bitCuatrimestre(1) | bitCuatrimestre(2),
    })),
    { id: s.cursados.id },
  );
  const copiaDe = new Map(modelos.map((m, i) => [m.id, copias[i]!.id]));
  const materiaDe = new Map<number, number>();
  for (const m of materiasDe) if (!materiaDe.has(m.cursado)) materiaDe.set(m.cursado, m.materia);
  await insertarEnLotes(
    tx,
    s.cursadosMaterias,
    materiasDe.map((m) => ({ cursadoId: copiaDe.get(m.cursado)!, materiaId: m.materia })),
  );
  await insertarEnLotes(
    tx,
    s.cursadosCursos,
    modelos.map((m) => ({ cursadoId: copiaDe.get(m.id)!, cursoId: m.curso })),
  );
  await insertarEnLotes(
    tx,
    s.cursadosDocentes,
    docentesDe.map((d) => ({ cursadoId: copiaDe.get(d.cursado)!, usuarioId: d.usuario })),
  );

  await insertarEnLotes(
    tx,
    s.alumnosCursos,
    alumnos
      .filter((a) => !registrado.has(a.alumno))
      .map((a) => ({
        alumnoId: a.alumno,
        cursoId: cursoAnterior.get(a.alumno)!,
        ciclolectivo: anterior,
      })),
  );
  // Los preceptores del año anterior: los mismos cursos que este año. La asignación es de cada
  // ciclo: sin ella el preceptor no vería el año anterior de su curso.
  const asignados = await tx
    .select({ usuarioId: s.preceptoresCursos.usuarioId, cursoId: s.preceptoresCursos.cursoId })
    .from(s.preceptoresCursos)
    .where(eq(s.preceptoresCursos.ciclolectivo, ciclo))
    .orderBy(asc(s.preceptoresCursos.usuarioId), asc(s.preceptoresCursos.cursoId));
  await insertarEnLotes(
    tx,
    s.preceptoresCursos,
    asignados.map((p) => ({ ...p, ciclolectivo: anterior })),
  );

  const inscripciones: (typeof s.inscripciones.$inferInsert)[] = [];
  const filas: (typeof s.notas.$inferInsert)[] = [];
  const actas: (typeof s.examenes.$inferInsert)[] = [];
  const adeudadas: { alumnoId: number; cursadoId: number }[] = [];
  for (const a of alumnos) {
    const suyos = modelos.filter(
      (m) => m.curso === cursoAnterior.get(a.alumno) && materiaDe.has(m.id),
    );
    suyos.forEach((m, posicion) => {
      const cursadoId = copiaDe.get(m.id)!;
      inscripciones.push({ alumnoId: a.alumno, cursadoId, materiaId: materiaDe.get(m.id)! });
      const esDemo = idsDemo.has(a.alumno) && posicion < 2;
      if (idsDemo.has(a.alumno) && posicion === 2)
        adeudadas.push({ alumnoId: a.alumno, cursadoId });
      const notasDe: Record<Cuatrimestre, number | null> = { 1: null, 2: null };
      for (const c of CUATRIMESTRES) {
        if (!aplicaCuatrimestre(m.modalidad, c)) continue;
        const valor = esDemo ? { nota: c === 1 ? 3 : 4, ausente: false } : notaAlAzar(az);
        notasDe[c] = valor.nota;
        filas.push({ alumnoId: a.alumno, cursadoId, cuatrimestre: c, ...valor });
      }
      if (aprobada(m.modalidad, notasDe[1], notasDe[2])) return;
      // Diciembre: casi todos se presentan; la mitad aprueba. Si no, marzo.
      const ausenteDic = esDemo ? posicion === 1 : az.si(0.1);
      const notaDic = esDemo
        ? 7
        : az.ponderado<number>([
            [2, 1],
            [4, 2],
            [6, 2],
            [8, 1],
          ]);
      actas.push({
        alumnoId: a.alumno,
        cursadoId,
        instancia: DICIEMBRE,
        fecha: `${anterior}-12-14`,
        nota: ausenteDic ? null : notaDic,
        tipoNota: ausenteDic ? 'ausente' : 'normal',
      });
      if (!ausenteDic && notaDic >= NOTA_APROBACION) return;
      actas.push({
        alumnoId: a.alumno,
        cursadoId,
        instancia: MARZO,
        fecha: `${ciclo}-02-23`,
        nota: esDemo
          ? 6
          : az.ponderado<number>([
              [3, 1],
              [6, 3],
              [7, 2],
            ]),
        tipoNota: 'normal',
      });
    });
  }
  // La tercera materia de cada alumno de demostración quedó adeudada: 3 y 4, 3 en diciembre y 4
  // en marzo (se corrige después del sorteo para no cambiar las notas de los demás).
  for (const d of adeudadas) {
    const esta = (f: { alumnoId: number; cursadoId: number }) =>
      f.alumnoId === d.alumnoId && f.cursadoId === d.cursadoId;
    for (const f of filas.filter(esta))
      Object.assign(f, { nota: f.cuatrimestre === 1 ? 3 : 4, ausente: false });
    for (let i = actas.length - 1; i >= 0; i--) if (esta(actas[i]!)) actas.splice(i, 1);
    actas.push(
      { ...d, instancia: DICIEMBRE, fecha: `${anterior}-12-14`, nota: 3, tipoNota: 'normal' },
      { ...d, instancia: MARZO, fecha: `${ciclo}-02-23`, nota: 4, tipoNota: 'normal' },
    );
  }
  await insertarEnLotes(tx, s.inscripciones, inscripciones);
  await insertarEnLotes(tx, s.notas, filas);
  await insertarEnLotes(tx, s.examenes, actas);
  await insertarEnLotes(tx, s.calendario, fechasDeNotas(anterior));
  return { notas: filas.length, examenes: actas.length };
}
