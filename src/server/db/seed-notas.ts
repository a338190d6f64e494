/**
 * Las notas de la escuela de demostración (DESIGN §7): con las fechas del calendario sembrado
 * (1° cuatrimestre: apertura 15/6, cierre 3/7, publicación 10/7; 2° cuatrimestre: 9/11, 27/11,
 * 4/12), lo que ya pasó a `hoy`:
 *  - terminado el 1° cuatrimestre, una nota por inscripción en las materias que lo usan (casi
 *    todas aprobadas, algunas en riesgo, unas pocas desaprobadas y algún ausente) y la planilla
 *    cerrada, salvo en el primer cursado del docente de demostración, que quedó abierta (el
 *    aviso "…quedó abierta, y ya pasó la fecha de cierre…");
 *  - abierto el 2° cuatrimestre, la mitad de los cursados ya tiene sus notas cargadas.
 * Determinística (generador con semilla fija). Lo llama `sembrar` dentro de su transacción.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { hoyEscolar } from '@/domain/escuela';
import {
  CUATRIMESTRES,
  NOTA_APROBACION,
  aplicaCuatrimestre,
  aprobada,
  bitCuatrimestre,
  type Cuatrimestre,
} from '@/domain/notas';
import { EMAIL_DEMO } from './demo';
import type { DbOTx } from './index';
import * as s from './schema';
import { Azar, generador } from './seed-vida-escolar';

const SEMILLA_NOTAS = 20_260_615;
const LOTE = 1000;

/** Una nota al azar: la mayoría aprobadas, algunas 4–5, pocas desaprobadas, ~2 % ausentes. */
function notaAlAzar(az: Azar): { nota: number | null; ausente: boolean } {
  if (az.si(0.02)) return { nota: null, ausente: true };
  const nota = az.ponderado<number>([
    [1, 1],
    [2, 2],
    [3, 3],
    [4, 6],
    [5, 8],
    [6, 16],
    [7, 20],
    [8, 20],
    [9, 14],
    [10, 10],
  ]);
  return { nota, ausente: false };
}

export async function sembrarNotas(
  tx: DbOTx,
  opciones: { ciclo: number; hoy?: string },
): Promise<{ notas: number }> {
  const { ciclo } = opciones;
  const hoy = opciones.hoy ?? hoyEscolar();
  const terminoPrimero = hoy > `${ciclo}-07-03`;
  const empezoSegundo = hoy >= `${ciclo}-11-09`;
  if (!terminoPrimero) return { notas: 0 };
  const az = new Azar(generador(SEMILLA_NOTAS + ciclo));

  const cursados = await tx
    .select({ id: s.cursados.id, modalidad: s.cursados.modalidad })
    .from(s.cursados)
    .where(eq(s.cursados.ciclolectivo, ciclo))
    .orderBy(asc(s.cursados.id));
  const [docente] = await tx
    .select({ id: s.usuarios.id })
    .from(s.usuarios)
    .where(eq(sql`lower(${s.usuarios.email})`, EMAIL_DEMO.docente));
  const [abiertoDelDocente] = docente
    ? await tx
        .select({ id: s.cursadosDocentes.cursadoId })
        .from(s.cursadosDocentes)
        .innerJoin(s.cursados, eq(s.cursados.id, s.cursadosDocentes.cursadoId))
        .where(
          and(
            eq(s.cursadosDocentes.usuarioId, docente.id),
            eq(s.cursados.ciclolectivo, ciclo),
            inArray(s.cursados.modalidad, [0, 1, 3]),
          ),
        )
        .orderBy(asc(s.cursados.id))
        .limit(1)
    : [];
  const inscriptos = await tx
    .select({ alumnoId: s.inscripciones.alumnoId, cursadoId: s.inscripciones.cursadoId })
    .from(s.inscripciones)
    .innerJoin(s.cursados, eq(s.cursados.id, s.inscripciones.cursadoId))
    .where(eq(s.cursados.ciclolectivo, ciclo))
    .orderBy(asc(s.inscripciones.cursadoId), asc(s.inscripciones.alumnoId));

  const modalidad = new Map(cursados.map((c) => [c.id, c.modalidad]));
  /** En el 2° cuatrimestre, la mitad de los cursados (los de posición par) ya cargó. */
  const cargoSegundo = new Set(cursados.filter((_, i) => i % 2 === 0).map((c) => c.id));
  const filas: (typeof s.notas.$inferInsert)[] = [];
  for (const i of inscriptos) {
    const m = modalidad.get(i.cursadoId)!;
    const cuatrimestres: Cuatrimestre[] = [];
    if (aplicaCuatrimestre(m, 1)) cuatrimestres.push(1);
    if (empezoSegundo && aplicaCuatrimestre(m, 2) && cargoSegundo.has(i.cursadoId)) {
      cuatrimestres.push(2);
    }
    for (const c of cuatrimestres) {
      filas.push({
        alumnoId: i.alumnoId,
        cursadoId: i.cursadoId,
        cuatrimestre: c,
        ...notaAlAzar(az),
        modificadoPor: docente?.id ?? null,
      });
    }
  }
  for (let i = 0; i < filas.length; i += LOTE) {
    await tx.insert(s.notas).values(filas.slice(i, i + LOTE));
  }
  // El 1° cuatrimestre quedó cerrado, salvo el cursado del docente que lo dejó abierto.
  const cerrar = cursados
    .filter((c) => aplicaCuatrimestre(c.modalidad, 1) && c.id !== abiertoDelDocente?.id)
    .map((c) => c.id);
  if (cerrar.length) {
    await tx
      .update(s.cursados)
      .set({ periodosCerrados: sql`${s.cursados.periodosCerrados} | ${bitCuatrimestre(1)}` })
      .where(inArray(s.cursados.id, cerrar));
  }
  return { notas: filas.length };
}

/** Las fechas de notas de un ciclo en el calendario sembrado (las mismas todos los años). */
export function fechasDeNotas(ciclo: number) {
  const f = (mes: number, dia: number, tipo: string) => ({
    fecha: `${ciclo}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`,
    tipo,
    area: 'nota',
  });
  return [
    f(6, 15, 'apertura'),
    f(7, 3, 'cierre'),
    f(7, 10, 'publicacion'),
    f(11, 9, 'apertura'),
    f(11, 27, 'cierre'),
    f(12, 4, 'publicacion'),
  ];
}

const DICIEMBRE = 'Complementaria Noviembre/Diciembre';
const MARZO = 'Final Febrero/Marzo';

/**
 * Un año de historia, el ciclo anterior, para que la libreta muestre más de un año y las
 * columnas de mesa: los alumnos de los cursos del alumno y de los hijos de los referentes de
 * demostración (de 2° año en adelante) cursaron el año anterior en el curso de un año menos y
 * la misma división, con copias de sus cursados (mismas materias y docentes), ambos
 * cuatrimestres cargados y cerrados, y las actas de diciembre y de marzo de las materias que no
 * aprobaron. Cada uno de los alumnos de demostración tiene dos materias sin aprobar: una la
 * aprobó en diciembre y la otra, ausente en diciembre, en marzo.
 */
export async function sembrarHistorial(
  tx: DbOTx,
  ciclo: number,
): Promise<{ notas: number; examenes: number }> {
  const anterior = ciclo - 1;
  const az = new Azar(generador(SEMILLA_NOTAS + anterior));
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
  const copias = await tx
    .insert(s.cursados)
    .values(
      modelos.map((m) => ({
        nombre: m.nombre,
        modalidad: m.modalidad,
        horas: m.horas,
        ciclolectivo: anterior,
        periodosCerrados: bitCuatrimestre(1) | bitCuatrimestre(2),
      })),
    )
    .returning({ id: s.cursados.id });
  const copiaDe = new Map(modelos.map((m, i) => [m.id, copias[i]!.id]));
  const materiaDe = new Map<number, number>();
  for (const m of materiasDe) if (!materiaDe.has(m.cursado)) materiaDe.set(m.cursado, m.materia);
  await tx
    .insert(s.cursadosMaterias)
    .values(materiasDe.map((m) => ({ cursadoId: copiaDe.get(m.cursado)!, materiaId: m.materia })));
  await tx
    .insert(s.cursadosCursos)
    .values(modelos.map((m) => ({ cursadoId: copiaDe.get(m.id)!, cursoId: m.curso })));
  if (docentesDe.length) {
    await tx
      .insert(s.cursadosDocentes)
      .values(
        docentesDe.map((d) => ({ cursadoId: copiaDe.get(d.cursado)!, usuarioId: d.usuario })),
      );
  }

  const sinRegistro = alumnos.filter((a) => !registrado.has(a.alumno));
  if (sinRegistro.length) {
    await tx.insert(s.alumnosCursos).values(
      sinRegistro.map((a) => ({
        alumnoId: a.alumno,
        cursoId: cursoAnterior.get(a.alumno)!,
        ciclolectivo: anterior,
      })),
    );
  }
  const inscripciones: (typeof s.inscripciones.$inferInsert)[] = [];
  const filas: (typeof s.notas.$inferInsert)[] = [];
  const actas: (typeof s.examenes.$inferInsert)[] = [];
  for (const a of alumnos) {
    const suyos = modelos.filter(
      (m) => m.curso === cursoAnterior.get(a.alumno) && materiaDe.has(m.id),
    );
    suyos.forEach((m, posicion) => {
      const cursadoId = copiaDe.get(m.id)!;
      inscripciones.push({ alumnoId: a.alumno, cursadoId, materiaId: materiaDe.get(m.id)! });
      const esDemo = idsDemo.has(a.alumno) && posicion < 2;
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
  for (let i = 0; i < inscripciones.length; i += LOTE) {
    await tx.insert(s.inscripciones).values(inscripciones.slice(i, i + LOTE));
  }
  for (let i = 0; i < filas.length; i += LOTE) {
    await tx.insert(s.notas).values(filas.slice(i, i + LOTE));
  }
  if (actas.length) await tx.insert(s.examenes).values(actas);
  await tx.insert(s.calendario).values(fechasDeNotas(anterior));
  return { notas: filas.length, examenes: actas.length };
}
