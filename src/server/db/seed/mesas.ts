/**
 * Mesas de demostración (issue 16):
 *  - las mesas de diciembre y marzo del año anterior, armadas con las actas de examen que ya
 *    sembró el historial (`historia.ts`): una mesa por instancia, fecha y departamento, con sus
 *    materias, un tribunal de docentes del departamento y las actas cerradas;
 *  - las mesas "Complementaria Noviembre/Diciembre" del ciclo (del 7 al 11 de diciembre, 8:00 y
 *    10:00), para las materias que alguien adeuda: primero las de los alumnos de demostración y
 *    las del docente de demostración (que integra dos tribunales). Se anotan los que la adeudan
 *    de ciclos anteriores (los del ciclo los propone la pantalla al cerrar las planillas). Si la
 *    fecha ya pasó (`hoy`), el acta tiene resultados y está cerrada (y escribe `examenes`).
 * Determinística: los mismos `{ ciclo, hoy }`, las mismas mesas.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ZONA_HORARIA_POR_DEFECTO } from '@/domain/escuela';
import { instanteEnZona } from '@/domain/ics';
import { adeudaMateria } from '@/domain/mesas';
import { AUSENTE, type ResultadoExamen } from '@/domain/notas';
import { Rol } from '@/domain/roles';
import { EMAIL_DEMO } from '../demo';
import type { DbOTx } from '../index';
import * as s from '../schema';
import { Azar, SEMILLAS } from './aleatorio';
import { insertarDevolviendo, insertarEnLotes } from './lotes';

const DICIEMBRE = 'Complementaria Noviembre/Diciembre';
const AULAS = ['Aula 3', 'Aula 7', 'Laboratorio 1', 'Aula 12', 'Taller 2', 'Biblioteca'];
const DIAS_DICIEMBRE = [7, 9, 10, 11];
const HORAS = ['08:00', '10:00'];
const MATERIAS_DEL_CICLO = 14;

const instante = (fecha: string, hora: string) =>
  instanteEnZona(fecha, hora, ZONA_HORARIA_POR_DEFECTO);

interface Deuda {
  alumno: number;
  cursado: number;
  ciclo: number;
  materia: number;
}

export async function sembrarMesas(
  tx: DbOTx,
  { ciclo, hoy }: { ciclo: number; hoy: string },
): Promise<{ mesas: number }> {
  const az = new Azar(SEMILLAS.notas + ciclo + 16);
  const [materias, docentes, demo] = await Promise.all([
    tx.select({ id: s.materias.id, departamento: s.materias.departamentoId }).from(s.materias),
    // Los docentes de cada materia (por sus cursados de cualquier ciclo).
    tx
      .selectDistinct({
        materia: s.cursadosMaterias.materiaId,
        docente: s.cursadosDocentes.usuarioId,
      })
      .from(s.cursadosMaterias)
      .innerJoin(s.cursadosDocentes, eq(s.cursadosDocentes.cursadoId, s.cursadosMaterias.cursadoId))
      .innerJoin(s.usuarios, eq(s.usuarios.id, s.cursadosDocentes.usuarioId))
      .where(sql`(${s.usuarios.rls} & ${Rol.Docente}) <> 0`)
      .orderBy(asc(s.cursadosMaterias.materiaId), asc(s.cursadosDocentes.usuarioId)),
    tx
      .select({ id: s.usuarios.id, email: s.usuarios.email })
      .from(s.usuarios)
      .where(inArray(sql`lower(${s.usuarios.email})`, [EMAIL_DEMO.docente, EMAIL_DEMO.alumno])),
  ]);
  const departamentoDe = new Map(materias.map((m) => [m.id, m.departamento]));
  const docentesDe = new Map<number, number[]>();
  for (const d of docentes)
    docentesDe.set(d.materia, [...(docentesDe.get(d.materia) ?? []), d.docente]);
  const docentesDelDepartamento = new Map<number, number[]>();
  for (const d of docentes) {
    const dep = departamentoDe.get(d.materia)!;
    const lista = docentesDelDepartamento.get(dep) ?? [];
    if (!lista.includes(d.docente)) lista.push(d.docente);
    docentesDelDepartamento.set(dep, lista);
  }
  const docenteDemo = demo.find((d) => d.email.toLowerCase() === EMAIL_DEMO.docente)?.id;
  /** Tribunal de tres: los docentes de las materias y, si faltan, otros del departamento. */
  const tribunalPara = (materiasMesa: number[]) => {
    const t: number[] = [];
    for (const m of materiasMesa)
      for (const d of docentesDe.get(m) ?? []) if (!t.includes(d)) t.push(d);
    const otros = docentesDelDepartamento.get(departamentoDe.get(materiasMesa[0]!)!) ?? [];
    for (const d of otros) if (t.length < 3 && !t.includes(d)) t.push(d);
    return t.slice(0, 3);
  };

  let creadas = 0;
  /** Crea mesas: cada una con sus materias, tribunal y alumnos (con resultado si se cierra). */
  const crear = async (
    nuevas: {
      comienzo: Date;
      instancia: string;
      aula: string;
      materias: number[];
      tribunal: number[];
      alumnos: (Deuda & { resultado: ResultadoExamen | null })[];
      cerrada: Date | null;
    }[],
  ) => {
    if (!nuevas.length) return;
    const ids = await insertarDevolviendo(
      tx,
      s.mesas,
      nuevas.map((m) => ({ comienzo: m.comienzo, instancia: m.instancia, aula: m.aula })),
      { id: s.mesas.id },
    );
    creadas += ids.length;
    await insertarEnLotes(
      tx,
      s.mesasMaterias,
      nuevas.flatMap((m, i) =>
        m.materias.map((materiaId, orden) => ({
          mesaId: ids[i]!.id,
          materiaId,
          orden: orden + 1,
          cerradaEn: m.cerrada,
          cerradaPor: m.cerrada ? (m.tribunal[0] ?? null) : null,
        })),
      ),
    );
    await insertarEnLotes(
      tx,
      s.mesasTribunal,
      nuevas.flatMap((m, i) =>
        m.tribunal.map((docenteId, orden) => ({ mesaId: ids[i]!.id, docenteId, orden: orden + 1 })),
      ),
    );
    await insertarEnLotes(
      tx,
      s.mesasAlumnos,
      nuevas.flatMap((m, i) =>
        m.alumnos.map((a) => ({
          mesaId: ids[i]!.id,
          materiaId: a.materia,
          alumnoId: a.alumno,
          cursadoId: a.cursado,
          nota: a.resultado?.nota ?? null,
          tipoNota: a.resultado?.tipoNota ?? null,
          modificadoPor: a.resultado ? (m.tribunal[0] ?? null) : null,
        })),
      ),
    );
  };

  // 1. Las mesas del historial: una por instancia, fecha y departamento, con actas cerradas.
  const historicas = await tx
    .select({
      alumno: s.examenes.alumnoId,
      cursado: s.examenes.cursadoId,
      instancia: s.examenes.instancia,
      fecha: s.examenes.fecha,
      nota: s.examenes.nota,
      tipoNota: s.examenes.tipoNota,
      materia: s.inscripciones.materiaId,
      ciclo: s.cursados.ciclolectivo,
    })
    .from(s.examenes)
    .innerJoin(
      s.inscripciones,
      and(
        eq(s.inscripciones.alumnoId, s.examenes.alumnoId),
        eq(s.inscripciones.cursadoId, s.examenes.cursadoId),
      ),
    )
    .innerJoin(s.cursados, eq(s.cursados.id, s.examenes.cursadoId))
    .orderBy(asc(s.examenes.fecha), asc(s.examenes.instancia), asc(s.inscripciones.materiaId));
  const grupos = new Map<string, typeof historicas>();
  for (const e of historicas) {
    const clave = `${e.fecha}|${e.instancia}|${departamentoDe.get(e.materia)}`;
    grupos.set(clave, [...(grupos.get(clave) ?? []), e]);
  }
  await crear(
    [...grupos.values()].map((g, i) => {
      const materiasMesa = [...new Set(g.map((e) => e.materia))];
      return {
        comienzo: instante(g[0]!.fecha, HORAS[i % 2]!),
        instancia: g[0]!.instancia,
        aula: AULAS[i % AULAS.length]!,
        materias: materiasMesa,
        tribunal: tribunalPara(materiasMesa),
        alumnos: g.map((e) => ({
          alumno: e.alumno,
          cursado: e.cursado,
          ciclo: e.ciclo,
          materia: e.materia,
          resultado: { nota: e.nota, tipoNota: e.tipoNota as ResultadoExamen['tipoNota'] },
        })),
        cerrada: instante(g[0]!.fecha, '13:00'),
      };
    }),
  );

  // 2. Las mesas de diciembre del ciclo, para las materias que alguien adeuda.
  const cursadas = await tx
    .select({
      alumno: s.inscripciones.alumnoId,
      cursado: s.inscripciones.cursadoId,
      materia: s.inscripciones.materiaId,
      ciclo: s.cursados.ciclolectivo,
      modalidad: s.cursados.modalidad,
      notas: sql<
        { c: number; nota: number | null; ausente: boolean }[]
      >`coalesce((select json_agg(json_build_object('c', n.cuatrimestre, 'nota', n.nota, 'ausente', n.ausente)) from notas n where n.alumno_id = ${s.inscripciones.alumnoId} and n.cursado_id = ${s.inscripciones.cursadoId}), '[]'::json)`,
      examenes: sql<
        ResultadoExamen[]
      >`coalesce((select json_agg(json_build_object('nota', e.nota, 'tipoNota', e.tipo_nota)) from examenes e where e.alumno_id = ${s.inscripciones.alumnoId} and e.cursado_id = ${s.inscripciones.cursadoId}), '[]'::json)`,
    })
    .from(s.inscripciones)
    .innerJoin(s.cursados, eq(s.cursados.id, s.inscripciones.cursadoId))
    .where(sql`${s.cursados.ciclolectivo} <= ${ciclo}`)
    .orderBy(asc(s.inscripciones.materiaId), asc(s.inscripciones.alumnoId));
  const valor = (ns: { c: number; nota: number | null; ausente: boolean }[], c: number) => {
    const n = ns.find((x) => x.c === c);
    return n == null ? null : n.ausente ? AUSENTE : n.nota;
  };
  const deudas: Deuda[] = cursadas
    .filter((c) =>
      adeudaMateria({
        modalidad: c.modalidad,
        primera: valor(c.notas, 1),
        segunda: valor(c.notas, 2),
        examenes: c.examenes,
      }),
    )
    .map((c) => ({ alumno: c.alumno, cursado: c.cursado, ciclo: c.ciclo, materia: c.materia }));
  const deudasDe = new Map<number, Deuda[]>();
  for (const d of deudas) deudasDe.set(d.materia, [...(deudasDe.get(d.materia) ?? []), d]);

  const alumnoDemo = await tx
    .select({ id: s.alumnos.id })
    .from(s.alumnos)
    .innerJoin(s.usuarios, eq(s.usuarios.id, s.alumnos.usuarioId))
    .where(eq(sql`lower(${s.usuarios.email})`, EMAIL_DEMO.alumno));
  const idAlumnoDemo = alumnoDemo[0]?.id;
  const prioridad = (m: number) =>
    (deudasDe.get(m)!.some((d) => d.alumno === idAlumnoDemo && d.ciclo < ciclo) ? 2 : 0) +
    (docenteDemo != null && (docentesDe.get(m) ?? []).includes(docenteDemo) ? 1 : 0);
  const elegidas = [...deudasDe.keys()]
    .sort(
      (a, b) =>
        prioridad(b) - prioridad(a) || deudasDe.get(b)!.length - deudasDe.get(a)!.length || a - b,
    )
    .slice(0, MATERIAS_DEL_CICLO);
  const conDemo = elegidas.filter((m) => prioridad(m) % 2 === 1).slice(0, 2);
  await crear(
    elegidas.map((materia, i) => {
      const dia = DIAS_DICIEMBRE[Math.floor(i / 2) % DIAS_DICIEMBRE.length]!;
      const fecha = `${ciclo}-12-${String(dia).padStart(2, '0')}`;
      const hora = HORAS[i % 2]!;
      const tribunal = tribunalPara([materia]);
      if (docenteDemo != null && conDemo.includes(materia) && !tribunal.includes(docenteDemo))
        tribunal.splice(0, 1, docenteDemo);
      const paso = fecha < hoy;
      return {
        comienzo: instante(fecha, hora),
        instancia: DICIEMBRE,
        aula: AULAS[(i + 2) % AULAS.length]!,
        materias: [materia],
        tribunal,
        alumnos: deudasDe
          .get(materia)!
          .filter((d) => d.ciclo < ciclo || paso)
          .map((d) => ({
            ...d,
            resultado: paso
              ? az.si(0.1)
                ? { nota: null, tipoNota: 'ausente' as const }
                : { nota: az.entero(2, 9), tipoNota: 'normal' as const }
              : null,
          })),
        cerrada: paso ? instante(fecha, '13:00') : null,
      };
    }),
  );
  // Las actas ya cerradas del ciclo (si `hoy` pasó diciembre) se vuelcan a las libretas.
  await tx.execute(sql`
    insert into examenes (alumno_id, cursado_id, instancia, fecha, nota, tipo_nota)
    select a.alumno_id, a.cursado_id, m.instancia, (m.comienzo at time zone ${ZONA_HORARIA_POR_DEFECTO})::date, a.nota, a.tipo_nota
    from mesas_alumnos a
    join mesas m on m.id = a.mesa_id
    join mesas_materias mm on mm.mesa_id = a.mesa_id and mm.materia_id = a.materia_id
    where mm.cerrada_en is not null
    on conflict do nothing`);
  return { mesas: creadas };
}
