/**
 * Lo que comparten las partes del módulo de mesas (la mesa misma, sus actas, sus candidatos y sus
 * superposiciones): los mensajes, el permiso del rol, el alcance (qué mesas ve), las columnas del
 * listado y el detalle, la materia evaluada y el curso del ciclo de un alumno.
 */
import { TRPCError } from '@trpc/server';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { comienzoEnZona } from '@/domain/pics';
import { permisosMesa } from '@/domain/mesas';
import { nombreCortoInstancia } from '@/domain/notas';
import { Rol } from '@/domain/roles';
import type { Ctx } from '@/server/contexto';
import type { DbOTx } from '@/server/db';
import { materias, mesas, mesasMaterias } from '@/server/db/schema';
import type { Acta } from './schemas';

export const MesasError = {
  inexistente: 'La mesa no existe.',
  sinPermiso: 'No tiene permiso para esa acción en las mesas de examen.',
  ajena: 'No tiene acceso a esa mesa.',
  otraVersion:
    'Otra persona modificó la mesa mientras la editaba: se recargaron los datos, revise y vuelva a guardar.',
  actasCerradasFecha:
    'La mesa tiene actas cerradas: ya no se pueden cambiar la fecha ni la instancia.',
  actasCerradasBorrar: 'La mesa tiene actas cerradas: no se puede borrar.',
  resultadosBorrar:
    'La mesa tiene resultados cargados en sus actas: quite los resultados antes de borrarla.',
  materiaInexistente: 'La materia no existe.',
  materiaNoEvaluada: 'La mesa no evalúa esa materia.',
  materiaConAlumnos: (m: string) =>
    `No se puede quitar ${m}: tiene alumnos anotados. Quítelos primero en la pestaña Alumnos.`,
  noDocente: 'Sólo se pueden agregar al tribunal usuarios habilitados con rol Docente.',
  actaCerrada: 'El acta ya está cerrada: es definitiva y no se puede modificar.',
  noAnotado: (quienes: string) => `Estos alumnos no están anotados en el acta: ${quienes}.`,
  noAdeuda: (quienes: string, materia: string) =>
    `Estos alumnos no adeudan ${materia}: ${quienes}.`,
  conflicto: (quienes: string) =>
    `Otra persona cambió el acta mientras la editaba (${quienes}). Se recargaron los datos guardados: revise y vuelva a guardar.`,
  conResultado: (quienes: string) =>
    `No se puede quitar a quien ya tiene resultado en el acta: ${quienes}.`,
} as const;

export const HORA_POR_DEFECTO = '07:30';

export const falla = (code: TRPCError['code'], message: string) => new TRPCError({ code, message });

export function permisos(ctx: Ctx) {
  const p = permisosMesa(ctx.sesion.rol);
  if (!p.pestanas.length) throw falla('FORBIDDEN', MesasError.sinPermiso);
  return p;
}

/** Las mesas que ve el rol: subconsulta de ids, o null si ve todas. */
export function mesasVisibles(ctx: Ctx): SQL | null {
  const { rol, usuario } = ctx.sesion;
  if (rol === Rol.Alumnado || rol === Rol.Admin) return null;
  if (rol === Rol.JefeDepartamento)
    return sql`${mesas.id} in (select mm.mesa_id from mesas_materias mm join materias m on m.id = mm.materia_id join jefes_departamento j on j.departamento_id = m.departamento_id where j.usuario_id = ${usuario.id})`;
  if (rol === Rol.Docente)
    return sql`${mesas.id} in (select t.mesa_id from mesas_tribunal t where t.docente_id = ${usuario.id})`;
  return sql`false`;
}

/** La mesa (bloqueada si `bloquear`), visible para el rol; 404 o 403 si no. */
export async function mesaVisible(
  ctx: Ctx,
  idMesa: number,
  { bloquear = false, noEncontrada = MesasError.inexistente as string } = {},
) {
  const visibles = mesasVisibles(ctx);
  let consulta = ctx.db
    .select({
      id: mesas.id,
      comienzo: mesas.comienzo,
      instancia: mesas.instancia,
      aula: mesas.aula,
      version: mesas.version,
      visible: visibles ? sql<boolean>`${visibles}` : sql<boolean>`true`,
    })
    .from(mesas)
    .where(eq(mesas.id, idMesa))
    .$dynamic();
  if (bloquear) consulta = consulta.for('update', { of: mesas });
  const [fila] = await consulta;
  if (!fila) throw falla('NOT_FOUND', noEncontrada);
  if (!fila.visible) throw falla('FORBIDDEN', MesasError.ajena);
  return fila;
}

// ---------------------------------------------------------------------------
// Columnas compartidas por el listado y el detalle

const ID_MESA = sql.raw('"mesas"."id"');
export const columnaMaterias = sql<
  { id: number; nombre: string; cerrada: boolean; alumnos: number }[]
>`
  coalesce((select json_agg(json_build_object('id', m.id, 'nombre', m.nombre, 'cerrada', mm.cerrada_en is not null,
    'alumnos', (select count(*) from mesas_alumnos a where a.mesa_id = mm.mesa_id and a.materia_id = mm.materia_id)) order by mm.orden, m.nombre)
   from mesas_materias mm join materias m on m.id = mm.materia_id where mm.mesa_id = ${ID_MESA}), '[]'::json)`;
export const columnaTribunal = sql<{ id: number; apellido: string; nombre: string }[]>`
  coalesce((select json_agg(json_build_object('id', u.id, 'apellido', u.apellido, 'nombre', u.nombre) order by t.orden, u.apellido)
   from mesas_tribunal t join usuarios u on u.id = t.docente_id where t.mesa_id = ${ID_MESA}), '[]'::json)`;
export const textoBuscable = sql`${mesas.instancia} || ' ' || coalesce(${mesas.aula}, '') || ' ' ||
  coalesce((select string_agg(m.nombre, ' ') from mesas_materias mm join materias m on m.id = mm.materia_id where mm.mesa_id = ${ID_MESA}), '') || ' ' ||
  coalesce((select string_agg(u.apellido || ' ' || u.nombre, ' ') from mesas_tribunal t join usuarios u on u.id = t.docente_id where t.mesa_id = ${ID_MESA}), '')`;

export function conHora<T extends { comienzo: Date; instancia: string }>(ctx: Ctx, m: T) {
  return {
    ...m,
    ...comienzoEnZona(m.comienzo, ctx.zona),
    corta: nombreCortoInstancia(m.instancia),
  };
}

/** Los datos de la mesa para la pantalla (sin la marca de alcance). */
export const datosMesa = (
  ctx: Ctx,
  { visible: _, ...m }: Awaited<ReturnType<typeof mesaVisible>>,
) => conHora(ctx, m);

export function exigir(
  cond: boolean,
  code: TRPCError['code'] = 'FORBIDDEN',
  msg: string = MesasError.sinPermiso,
) {
  if (!cond) throw falla(code, msg);
}

/** Un instante como parámetro de SQL escrito a mano (postgres.js no convierte `Date` ahí). */
export const instanteSql = (d: Date) => sql`${d.toISOString()}::timestamptz`;
/** La materia de la mesa (bloqueada si `bloquear`) con su estado, o 404. */
export async function materiaDeMesa(tx: DbOTx, d: Acta, bloquear = false) {
  let q = tx
    .select({
      nombre: materias.nombre,
      cerradaEn: mesasMaterias.cerradaEn,
      cerradaPor: sql<
        string | null
      >`(select u.apellido || ', ' || u.nombre from usuarios u where u.id = ${mesasMaterias.cerradaPor})`,
    })
    .from(mesasMaterias)
    .innerJoin(materias, eq(materias.id, mesasMaterias.materiaId))
    .where(and(eq(mesasMaterias.mesaId, d.id), eq(mesasMaterias.materiaId, d.materia)))
    .$dynamic();
  if (bloquear) q = q.for('update', { of: mesasMaterias });
  const [f] = await q;
  if (!f) throw falla('NOT_FOUND', MesasError.materiaNoEvaluada);
  return f;
}

/** El curso del alumno en el ciclo del cursado (para nombrarlo en el acta y en los que adeudan). */
export const cursoDelCiclo = sql<{
  anio: number;
  division: number;
  especialidad: string;
} | null>`(select json_build_object('anio', c.anio, 'division', c.division, 'especialidad', c.especialidad)
  from alumnos_cursos ac join cursos c on c.id = ac.curso_id
  where ac.alumno_id = ${sql.raw('"alumnos"."id"')} and ac.ciclolectivo = ${sql.raw('"cursados"."ciclolectivo"')} limit 1)`;
