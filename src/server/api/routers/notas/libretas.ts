/**
 * Notas, lecturas por alumno y por curso (spec 01 §2 Grade booklet, Overview, §9): la libreta
 * de un alumno (personal, alumno y referente) y el planillón en modo notas. Cada lectura hace
 * una cantidad fija de consultas, cualquiera sea la cantidad de años, materias o alumnos.
 */
import { TRPCError } from '@trpc/server';
import { and, asc, eq, sql } from 'drizzle-orm';
import { nombreCurso } from '@/domain/escuela';
import {
  CUATRIMESTRES,
  PERIODO_DE_INSTANCIA,
  aplicaCuatrimestre,
  condicionDeMateria,
  type Cuatrimestre,
  type InstanciaMesa,
  type ResultadoExamen,
  type TipoNotaExamen,
} from '@/domain/notas';
import { Rol } from '@/domain/roles';
import {
  alumnoPropioOHijo,
  alumnoVisible,
  cursadosVisibles,
  cursoVisible,
  dentroDe,
} from '@/server/alcance';
import type { Ctx } from '@/server/contexto';
import { cursosDelAlumnoJson } from '@/server/consultas/personas';
import { enteros } from '@/server/db/sql';
import { alumnos, alumnosCursos, cursados, cursadosCursos, notas } from '@/server/db/schema';
import { periodosDeNotas, SIN_NOTAS, valorDe, type Notas } from './periodos';

// ---------------------------------------------------------------------------
// Libretas (spec 01 §2 Grade booklet)

/** Orden de las columnas de mesa: por período (3 a 7), las inusuales al final. */
function ordenInstancia(instancia: string): number {
  return PERIODO_DE_INSTANCIA[instancia as InstanciaMesa] ?? 99;
}

interface MateriaCursadaJson {
  cursado: number;
  ciclo: number;
  modalidad: number;
  materia: string;
}
interface NotaJson {
  cursado: number;
  cuatrimestre: number;
  nota: number | null;
  ausente: boolean;
}
interface ExamenJson {
  cursado: number;
  instancia: string;
  fecha: string;
  nota: number | null;
  tipoNota: string;
}

/**
 * La libreta de un alumno: una tabla por ciclo con cada materia, C1, C2, la nota final y una
 * columna por instancia de mesa. Con `soloPublicadas` (alumno y referente), un cuatrimestre se
 * ve desde su publicación, y la nota final sólo cuando todos los que usa la modalidad lo están.
 * Dos consultas, cualquiera sea la cantidad de años y materias.
 */
async function libretaDe(
  ctx: Ctx,
  { alumno: alumnoId, soloPublicadas }: { alumno: number; soloPublicadas: boolean },
) {
  const { db, hoy } = ctx;
  // Una sola consulta: la fila del alumno con sus materias, cursos, notas y actas como arreglos
  // JSON (cada subconsulta por el alumno de afuera); después, los períodos de sus ciclos.
  const [fila] = await db
    .select({
      id: alumnos.id,
      apellido: alumnos.apellido,
      nombre: alumnos.nombre,
      materiasCursadas: sql<MateriaCursadaJson[]>`(
        select coalesce(json_agg(json_build_object('cursado', c.id, 'ciclo', c.ciclolectivo,
          'modalidad', c.modalidad, 'materia', m.nombre) order by m.nombre, c.id), '[]')
        from inscripciones i
        join cursados c on c.id = i.cursado_id
        join materias m on m.id = i.materia_id
        where i.alumno_id = alumnos.id)`,
      susCursos: cursosDelAlumnoJson(),
      susNotas: sql<NotaJson[]>`(
        select coalesce(json_agg(json_build_object('cursado', n.cursado_id,
          'cuatrimestre', n.cuatrimestre, 'nota', n.nota, 'ausente', n.ausente)), '[]')
        from notas n where n.alumno_id = alumnos.id)`,
      susExamenes: sql<ExamenJson[]>`(
        select coalesce(json_agg(json_build_object('cursado', e.cursado_id,
          'instancia', e.instancia, 'fecha', e.fecha, 'nota', e.nota, 'tipoNota', e.tipo_nota)
          order by e.fecha), '[]')
        from examenes e where e.alumno_id = alumnos.id)`,
    })
    .from(alumnos)
    .where(eq(alumnos.id, alumnoId));
  if (!fila) throw new TRPCError({ code: 'NOT_FOUND', message: 'El alumno no existe.' });
  const { materiasCursadas, susCursos, susNotas, susExamenes, ...alumno } = fila;
  const ciclos = [
    ...new Set([...materiasCursadas.map((m) => m.ciclo), ...susCursos.map((c) => c.ciclo)]),
  ].sort((a, b) => b - a);
  const periodos = await periodosDeNotas(ctx, ciclos);
  const notasDe = new Map<number, Notas>();
  for (const n of susNotas) {
    const fila = notasDe.get(n.cursado) ?? SIN_NOTAS();
    fila[n.cuatrimestre as Cuatrimestre] = valorDe(n);
    notasDe.set(n.cursado, fila);
  }
  const examenesDe = new Map<number, Record<string, ResultadoExamen>>();
  for (const e of susExamenes) {
    const fila = examenesDe.get(e.cursado) ?? {};
    // La última acta de la instancia (por fecha) es la que vale.
    fila[e.instancia] = { nota: e.nota, tipoNota: e.tipoNota as TipoNotaExamen };
    examenesDe.set(e.cursado, fila);
  }

  const anios = ciclos.map((ciclo) => {
    const curso = susCursos.find((c) => c.ciclo === ciclo);
    const fechas = periodos.get(ciclo);
    const publicado: Record<Cuatrimestre, boolean> = {
      1: fechas?.[1]?.publicacion != null && fechas[1].publicacion <= hoy,
      2: fechas?.[2]?.publicacion != null && fechas[2].publicacion <= hoy,
    };
    const filas = materiasCursadas
      .filter((m) => m.ciclo === ciclo)
      .map((m) => {
        const guardadas = notasDe.get(m.cursado) ?? SIN_NOTAS();
        const visibles: Notas = {
          1: !soloPublicadas || publicado[1] ? guardadas[1] : null,
          2: !soloPublicadas || publicado[2] ? guardadas[2] : null,
        };
        const completa = CUATRIMESTRES.every(
          (c) => !aplicaCuatrimestre(m.modalidad, c) || !soloPublicadas || publicado[c],
        );
        return {
          cursado: m.cursado,
          materia: m.materia,
          modalidad: m.modalidad,
          notas: visibles,
          final: completa ? condicionDeMateria(m.modalidad, visibles[1], visibles[2]).final : null,
          examenes: examenesDe.get(m.cursado) ?? {},
        };
      });
    const instancias = [...new Set(filas.flatMap((f) => Object.keys(f.examenes)))].sort(
      (a, b) => ordenInstancia(a) - ordenInstancia(b) || a.localeCompare(b, 'es'),
    );
    return {
      ciclo,
      curso: curso ? nombreCurso(curso) : null,
      anioCursado: curso?.anio ?? null,
      publicado,
      instancias,
      materias: filas,
    };
  });
  return { alumno, anios };
}

/**
 * La libreta de cualquier alumno para el personal (/libretas, legajo), con el alcance del rol. Un
 * Docente ve, como el alumno y su referente, sólo lo publicado (issue 31, punto 6).
 */
export async function libreta(ctx: Ctx, { alumno }: { alumno: number }) {
  await alumnoVisible(ctx, { alumno });
  return libretaDe(ctx, { alumno, soloPublicadas: ctx.sesion.rol === Rol.Docente });
}

/** La libreta propia (Alumno) o de un hijo vinculado (Referente): sólo lo publicado. */
export async function mias(ctx: Ctx, { alumno }: { alumno?: number }) {
  const id = await alumnoPropioOHijo(ctx, alumno);
  return libretaDe(ctx, { alumno: id, soloPublicadas: true });
}

// ---------------------------------------------------------------------------
// Planillón en modo notas (spec 01 §2 Overview, §9)

/**
 * Alumnos del curso × cursados del curso en el ciclo, con las dos notas de cada celda. El
 * JefeDepartamento y el Coordinador ven sólo las columnas de sus materias. Cuatro consultas.
 */
export async function reporte(ctx: Ctx, entrada: { curso: number; ciclo?: number }) {
  const { db, sesion } = ctx;
  const pedido = { curso: entrada.curso, ciclo: entrada.ciclo ?? ctx.ciclo };
  const curso = await cursoVisible(ctx, pedido);
  const soloSusMaterias =
    sesion.rol === Rol.JefeDepartamento || sesion.rol === Rol.Coordinador
      ? cursadosVisibles(ctx, pedido.ciclo)
      : null;
  const [columnas, filas] = await Promise.all([
    db
      .select({ id: cursados.id, nombre: cursados.nombre, modalidad: cursados.modalidad })
      .from(cursadosCursos)
      .innerJoin(cursados, eq(cursados.id, cursadosCursos.cursadoId))
      .where(
        and(
          eq(cursadosCursos.cursoId, curso.orden),
          eq(cursados.ciclolectivo, pedido.ciclo),
          dentroDe(cursados.id, soloSusMaterias),
        ),
      )
      .orderBy(asc(cursados.nombre), asc(cursados.id)),
    db
      .select({ orden: alumnos.id, apellido: alumnos.apellido, nombre: alumnos.nombre })
      .from(alumnosCursos)
      .innerJoin(alumnos, eq(alumnos.id, alumnosCursos.alumnoId))
      .where(
        and(eq(alumnosCursos.cursoId, curso.orden), eq(alumnosCursos.ciclolectivo, pedido.ciclo)),
      )
      .orderBy(asc(alumnos.apellido), asc(alumnos.nombre), asc(alumnos.id)),
  ]);
  const guardadas =
    columnas.length && filas.length
      ? await db
          .select({
            alumnoId: notas.alumnoId,
            cursadoId: notas.cursadoId,
            cuatrimestre: notas.cuatrimestre,
            nota: notas.nota,
            ausente: notas.ausente,
          })
          .from(notas)
          .innerJoin(alumnosCursos, eq(alumnosCursos.alumnoId, notas.alumnoId))
          .where(
            and(
              eq(alumnosCursos.cursoId, curso.orden),
              eq(alumnosCursos.ciclolectivo, pedido.ciclo),
              sql`${notas.cursadoId} = any(${enteros(columnas.map((c) => c.id))})`,
            ),
          )
      : [];
  const celdas = new Map<string, Notas>();
  for (const n of guardadas) {
    const k = `${n.alumnoId}:${n.cursadoId}`;
    const fila = celdas.get(k) ?? SIN_NOTAS();
    fila[n.cuatrimestre as Cuatrimestre] = valorDe(n);
    celdas.set(k, fila);
  }
  return {
    curso: { orden: curso.orden, nombre: curso.nombre },
    ciclo: pedido.ciclo,
    cursados: columnas,
    alumnos: filas.map((a) => ({
      ...a,
      notas: columnas.map((c) => celdas.get(`${a.orden}:${c.id}`) ?? SIN_NOTAS()),
    })),
  };
}
