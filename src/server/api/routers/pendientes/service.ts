/**
 * "Pendientes" (issue 15 §5): planillas de notas vencidas, avances sin cerrar pasada su fecha y
 * cursos sin la asistencia tomada hoy, cada uno con sus responsables. El alcance es el del rol
 * (el jefe de departamento, los cursados de su departamento; la asistencia no es suya). Cuatro
 * consultas, sea cual sea el tamaño de la escuela.
 */
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { instanciaAbierta, instanciasDeAvances } from '@/domain/avances';
import { periodosDeArea, type FechaCalendario } from '@/domain/calendario';
import { nombreCurso } from '@/domain/escuela';
import type { Cuatrimestre } from '@/domain/notas';
import {
  esDiaDeAsistencia,
  notaVencida,
  porResponsable,
  type Responsable,
} from '@/domain/pendientes';
import { Rol } from '@/domain/roles';
import { cursadosVisibles, dentroDe } from '@/server/alcance';
import type { Ctx } from '@/server/contexto';
import { avancesPlanillas, calendario, cursados, cursos } from '@/server/db/schema';

const TURNOS = ['Mañana', 'Tarde'] as const;

type Curso = { anio: number; division: number; especialidad: string };

/** Los docentes del cursado, como responsables. */
const docentesDelCursado = sql<Responsable[]>`coalesce((
  select json_agg(json_build_object('id', u.id, 'nombre', u.apellido || ', ' || u.nombre, 'email', u.email) order by u.apellido, u.nombre)
  from cursados_docentes cd join usuarios u on u.id = cd.usuario_id
  where cd.cursado_id = ${sql.raw('"cursados"."id"')}), '[]'::json)`;
const cursosDelCursado = sql<Curso[]>`coalesce((
  select json_agg(json_build_object('anio', c.anio, 'division', c.division, 'especialidad', c.especialidad) order by c.anio, c.division)
  from cursados_cursos cc join cursos c on c.id = cc.curso_id
  where cc.cursado_id = ${sql.raw('"cursados"."id"')}), '[]'::json)`;
/** Los preceptores del curso en el ciclo. */
const preceptoresDelCurso = (ciclo: number) => sql<Responsable[]>`coalesce((
  select json_agg(json_build_object('id', u.id, 'nombre', u.apellido || ', ' || u.nombre, 'email', u.email) order by u.apellido, u.nombre)
  from preceptores_cursos pc join usuarios u on u.id = pc.usuario_id
  where pc.curso_id = ${sql.raw('"cursos"."id"')} and pc.ciclolectivo = ${ciclo}), '[]'::json)`;

/** GET /api/pendientes: el tablero del día. */
export async function tablero(ctx: Ctx) {
  const { db, hoy, ciclo } = ctx;
  const [fechas, lista] = await Promise.all([
    db
      .select({ fecha: calendario.fecha, tipo: calendario.tipo, area: calendario.area })
      .from(calendario)
      .where(
        and(
          inArray(calendario.area, ['nota', 'avance', 'restriccion']),
          gte(calendario.fecha, `${ciclo}-01-01`),
          lte(calendario.fecha, `${ciclo}-12-31`),
        ),
      ),
    db
      .select({
        id: cursados.id,
        nombre: cursados.nombre,
        modalidad: cursados.modalidad,
        cerrados: cursados.periodosCerrados,
        docentes: docentesDelCursado,
        cursos: cursosDelCursado,
      })
      .from(cursados)
      .where(and(eq(cursados.ciclolectivo, ciclo), dentroDe(cursados.id, cursadosVisibles(ctx))))
      .orderBy(cursados.nombre, cursados.id),
  ]);
  const delCalendario = fechas as FechaCalendario[];
  const periodos = periodosDeArea(delCalendario, 'nota');
  const instancias = instanciasDeAvances(delCalendario).filter(
    (i) => hoy > i.fecha && instanciaAbierta(i, hoy),
  );
  const restringidas = new Set(
    delCalendario.filter((f) => f.area === 'restriccion').map((f) => f.fecha),
  );
  const describir = (c: (typeof lista)[number]) => ({
    cursadoId: c.id,
    cursado: c.nombre,
    cursos: c.cursos.map(nombreCurso),
    responsables: c.docentes,
  });

  const notas = lista.flatMap((c) =>
    ([1, 2] as const satisfies readonly Cuatrimestre[])
      .filter((cuatrimestre) =>
        notaVencida({
          periodo: periodos[cuatrimestre - 1] ?? null,
          cuatrimestre,
          modalidad: c.modalidad,
          cerrados: c.cerrados,
          hoy,
        }),
      )
      .map((cuatrimestre) => ({
        ...describir(c),
        cuatrimestre,
        cierre: periodos[cuatrimestre - 1]!.cierre!,
      })),
  );

  const cerradas =
    instancias.length && lista.length
      ? await db
          .select({ cursadoId: avancesPlanillas.cursadoId, fecha: avancesPlanillas.fecha })
          .from(avancesPlanillas)
          .where(
            and(
              eq(avancesPlanillas.cerrada, true),
              inArray(
                avancesPlanillas.fecha,
                instancias.map((i) => i.fecha),
              ),
              dentroDe(avancesPlanillas.cursadoId, cursadosVisibles(ctx)),
            ),
          )
      : [];
  const cerrada = new Set(cerradas.map((p) => `${p.cursadoId}:${p.fecha}`));
  const avances = instancias.flatMap((i) =>
    lista
      .filter((c) => !cerrada.has(`${c.id}:${i.fecha}`))
      .map((c) => ({ ...describir(c), fecha: i.fecha })),
  );

  // La asistencia es de los cursos: no del jefe de departamento (sus cursados no son cursos).
  const rolConAsistencia = ctx.sesion.rol !== Rol.JefeDepartamento;
  const conAsistencia = rolConAsistencia && esDiaDeAsistencia(hoy, restringidas);
  const sinTomar = conAsistencia
    ? await db
        .select({
          cursoId: cursos.id,
          anio: cursos.anio,
          division: cursos.division,
          especialidad: cursos.especialidad,
          preceptores: preceptoresDelCurso(ciclo),
          tomados: sql<string[]>`coalesce((
            select json_agg(t.turno) from asistencias_tomadas t
            where t.curso_id = ${sql.raw('"cursos"."id"')} and t.fecha = ${hoy}), '[]'::json)`,
        })
        .from(cursos)
        .orderBy(cursos.anio, cursos.division)
    : [];
  const asistencias = sinTomar.flatMap((c) =>
    TURNOS.filter((t) => !c.tomados.includes(t)).map((turno) => ({
      cursoId: c.cursoId,
      curso: nombreCurso(c),
      turno,
      responsables: c.preceptores,
    })),
  );

  return {
    hoy,
    /** El rol reclama la asistencia (el jefe de departamento, no). */
    rolConAsistencia,
    diaDeAsistencia: conAsistencia,
    notas: { items: notas, porResponsable: porResponsable(notas) },
    avances: { items: avances, porResponsable: porResponsable(avances) },
    asistencias: { items: asistencias, porResponsable: porResponsable(asistencias) },
  };
}
