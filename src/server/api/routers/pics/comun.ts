/**
 * Lo que comparten las partes del módulo de PIC: el alcance del rol (las materias del Jefe de
 * Departamento, quién carga la planilla), la PIC buscada, sus períodos de notas, la salida, y sus
 * alumnos con los datos para las listas y las planillas.
 */
import { TRPCError } from '@trpc/server';
import { and, between, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { FechaCalendario } from '@/domain/calendario';
import { nombreCurso } from '@/domain/escuela';
import { AUSENTE, type Cuatrimestre } from '@/domain/notas';
import type { ModoPlanilla } from '@/domain/periodos-notas';
import {
  comienzoEnZona,
  ErrorPic,
  periodosPic,
  valorDeFila,
  type OrigenPic,
  type ValorPic,
} from '@/domain/pics';
import { Rol } from '@/domain/roles';
import type { Ctx } from '@/server/contexto';
import { alumnosDePics, type FilaPicDe } from '@/server/consultas/pics';
import type { DbOTx } from '@/server/db';
import {
  alumnos,
  alumnosCursos,
  calendario,
  cursados,
  cursadosDocentes,
  cursadosMaterias,
  cursos,
  inscripciones,
  jefesDepartamento,
  materias,
  notas,
  pics,
} from '@/server/db/schema';
import type { ClavePic } from './schemas';

export const prohibido = (message: string) => new TRPCError({ code: 'FORBIDDEN', message });
export const noEncontrada = () =>
  new TRPCError({ code: 'NOT_FOUND', message: ErrorPic.inexistente });

// ---------------------------------------------------------------------------
// Alcance

/** Las materias del departamento del jefe que inició sesión (subconsulta). */
export const materiasDelJefe = (ctx: Ctx) =>
  ctx.db
    .select({ id: materias.id })
    .from(materias)
    .innerJoin(jefesDepartamento, eq(jefesDepartamento.departamentoId, materias.departamentoId))
    .where(eq(jefesDepartamento.usuarioId, ctx.sesion.usuario.id));

/** El filtro de materias del rol: el Jefe de Departamento, las de su departamento. */
export const materiasDelRol = (ctx: Ctx): SQL | undefined =>
  ctx.sesion.rol === Rol.JefeDepartamento ? inArray(materias.id, materiasDelJefe(ctx)) : undefined;

/**
 * La materia, si existe (404) y el rol puede programar sus PIC (el Jefe de Departamento, sólo
 * las de su departamento: 403). Una consulta.
 */
export async function materiaDelRol(ctx: Ctx, materiaId: number) {
  const [m] = await ctx.db
    .select({
      id: materias.id,
      nombre: materias.nombre,
      propia:
        ctx.sesion.rol === Rol.JefeDepartamento
          ? sql<boolean>`${inArray(materias.id, materiasDelJefe(ctx))}`
          : sql<boolean>`true`,
    })
    .from(materias)
    .where(eq(materias.id, materiaId));
  if (!m) throw new TRPCError({ code: 'NOT_FOUND', message: ErrorPic.materiaInexistente });
  if (!m.propia) throw prohibido(ErrorPic.otroDepartamento);
  return m;
}

/**
 * Quién mira la planilla: el Docente que enseña la materia en el ciclo la carga (otro docente:
 * 403); Alumnado la carga; Admin y el Jefe de Departamento (de su departamento) la leen.
 */
export async function modoDe(ctx: Ctx, clave: ClavePic): Promise<ModoPlanilla> {
  const { rol } = ctx.sesion;
  if (rol === Rol.Alumnado) return 'alumnado';
  if (rol === Rol.Docente) {
    const [d] = await ctx.db
      .select({ id: cursados.id })
      .from(cursadosDocentes)
      .innerJoin(cursados, eq(cursados.id, cursadosDocentes.cursadoId))
      .innerJoin(cursadosMaterias, eq(cursadosMaterias.cursadoId, cursados.id))
      .where(
        and(
          eq(cursadosDocentes.usuarioId, ctx.sesion.usuario.id),
          eq(cursados.ciclolectivo, clave.anio),
          eq(cursadosMaterias.materiaId, clave.materia),
        ),
      )
      .limit(1);
    if (!d) throw prohibido(ErrorPic.noDocente);
    return 'docente';
  }
  if (rol === Rol.JefeDepartamento) await materiaDelRol(ctx, clave.materia);
  return 'lectura';
}

// ---------------------------------------------------------------------------
// Lecturas de apoyo

export const columnasPic = {
  id: pics.id,
  ciclolectivo: pics.ciclolectivo,
  materiaId: pics.materiaId,
  materia: materias.nombre,
  cuatrimestre: pics.cuatrimestre,
  comienzo: pics.comienzo,
  aula: pics.aula,
  cerrada: pics.cerrada,
};

/** La PIC del año, la materia y el cuatrimestre; con `bloquear`, su fila queda bloqueada. */
export async function buscarPic(db: DbOTx, clave: ClavePic, bloquear = false) {
  const q = db
    .select(columnasPic)
    .from(pics)
    .innerJoin(materias, eq(materias.id, pics.materiaId))
    .where(
      and(
        eq(pics.ciclolectivo, clave.anio),
        eq(pics.materiaId, clave.materia),
        eq(pics.cuatrimestre, clave.cuatrimestre),
      ),
    );
  const [p] = bloquear ? await q.for('update', { of: pics }) : await q;
  if (!p) throw noEncontrada();
  return p;
}
export type Pic = Awaited<ReturnType<typeof buscarPic>>;

/** Los períodos de notas de PIC del año (fechas '_pic' del área 'nota'). Una consulta. */
export async function periodosDelAnio(db: DbOTx, anio: number) {
  const fechas = await db
    .select({ fecha: calendario.fecha, tipo: calendario.tipo, area: calendario.area })
    .from(calendario)
    .where(
      and(
        eq(calendario.area, 'nota'),
        like(calendario.tipo, '%\\_pic'),
        between(calendario.fecha, `${anio}-01-01`, `${anio}-12-31`),
      ),
    );
  return periodosPic(fechas as FechaCalendario[]);
}

/** La PIC para la respuesta: el comienzo en fecha y hora de la escuela. */
export const salida = (ctx: Ctx, p: Pic) => ({
  id: p.id,
  anio: p.ciclolectivo,
  materia: { id: p.materiaId, nombre: p.materia },
  cuatrimestre: p.cuatrimestre as Cuatrimestre,
  comienzo: comienzoEnZona(p.comienzo, ctx.zona),
  instante: p.comienzo.toISOString(),
  aula: p.aula,
  cerrada: p.cerrada,
});

/** Nombre y curso del ciclo de cada alumno. Una consulta. */
export async function personas(db: DbOTx, ids: readonly number[], anio: number) {
  if (!ids.length) return new Map<number, { apellido: string; nombre: string; curso: string }>();
  const filas = await db
    .select({
      id: alumnos.id,
      apellido: alumnos.apellido,
      nombre: alumnos.nombre,
      anio: cursos.anio,
      division: cursos.division,
      especialidad: cursos.especialidad,
    })
    .from(alumnos)
    .leftJoin(
      alumnosCursos,
      and(eq(alumnosCursos.alumnoId, alumnos.id), eq(alumnosCursos.ciclolectivo, anio)),
    )
    .leftJoin(cursos, eq(cursos.id, alumnosCursos.cursoId))
    .where(inArray(alumnos.id, [...ids]));
  return new Map(
    filas.map((f) => [
      f.id,
      {
        apellido: f.apellido,
        nombre: f.nombre,
        curso:
          f.anio != null
            ? nombreCurso({ anio: f.anio, division: f.division!, especialidad: f.especialidad! })
            : '',
      },
    ]),
  );
}

export const porNombre = <T extends { apellido: string; nombre: string; alumnoId: number }>(
  a: T,
  b: T,
) =>
  a.apellido.localeCompare(b.apellido, 'es') ||
  a.nombre.localeCompare(b.nombre, 'es') ||
  a.alumnoId - b.alumnoId;

/** Las inscripciones de la materia en el ciclo con la nota del cuatrimestre (una consulta). */
export function inscriptosDeLaMateria(
  db: DbOTx,
  p: Pick<Pic, 'materiaId' | 'ciclolectivo' | 'cuatrimestre'>,
  alumno?: number,
) {
  return db
    .select({
      alumnoId: inscripciones.alumnoId,
      modalidad: cursados.modalidad,
      nota: notas.nota,
      ausente: notas.ausente,
    })
    .from(inscripciones)
    .innerJoin(
      cursados,
      and(eq(cursados.id, inscripciones.cursadoId), eq(cursados.ciclolectivo, p.ciclolectivo)),
    )
    .leftJoin(
      notas,
      and(
        eq(notas.alumnoId, inscripciones.alumnoId),
        eq(notas.cursadoId, inscripciones.cursadoId),
        eq(notas.cuatrimestre, p.cuatrimestre),
      ),
    )
    .where(
      and(
        eq(inscripciones.materiaId, p.materiaId),
        alumno ? eq(inscripciones.alumnoId, alumno) : undefined,
      ),
    );
}

export const valorNota = (n: { nota: number | null; ausente: boolean | null }) =>
  n.ausente ? AUSENTE : (n.nota ?? null);

/**
 * Los alumnos de la PIC con su origen, su curso, su nota del cuatrimestre y la de la PIC, y los
 * demás inscriptos en la materia (para agregar a mano). Cuatro consultas.
 */
export async function alumnosConDatos(db: DbOTx, p: Pic) {
  const [{ alumnos: de, filas }, insc] = await Promise.all([
    alumnosDePics(db, [p]),
    inscriptosDeLaMateria(db, p),
  ]);
  const origen = de.get(p.id) ?? new Map<number, OrigenPic>();
  const ids = [...new Set([...origen.keys(), ...insc.map((i) => i.alumnoId)])];
  const datos = await personas(db, ids, p.ciclolectivo);
  const notaDelCuatrimestre = new Map(insc.map((i) => [i.alumnoId, valorNota(i)]));
  const fila = new Map(filas.map((f) => [f.alumnoId, f]));
  const fuera = (id: number) => ({
    alumnoId: id,
    ...datos.get(id)!,
    notaCuatrimestre: notaDelCuatrimestre.get(id) ?? null,
  });
  return {
    filas: fila as Map<number, FilaPicDe>,
    enLaPic: [...origen.entries()]
      .map(([id, o]) => ({
        ...fuera(id),
        origen: o,
        guardado: valorDeFila(fila.get(id)) as ValorPic | null,
      }))
      .sort(porNombre),
    otros: ids
      .filter((id) => !origen.has(id))
      .map(fuera)
      .sort(porNombre),
  };
}
