/**
 * La lectura de la inscripción con la ficha médica (spec 02 §2, §5, §7): la más reciente de
 * un alumno, para él mismo, su referente o el personal que lo cuida (dentro de su alcance), y
 * el certificado de alumno regular. Cada lectura de una ficha médica queda en la auditoría.
 */
import { TRPCError } from '@trpc/server';
import { and, desc, eq } from 'drizzle-orm';
import type { EstadoInscripcion } from '@/domain/inscripcion';
import { Rol } from '@/domain/roles';
import { alumnoPropioOHijo, alumnoVisible } from '@/server/alcance';
import { auditar } from '@/server/auditoria';
import type { Contexto, Ctx } from '@/server/contexto';
import { columnasCurso, conTelefono, cursoInfo } from '@/server/consultas/personas';
import {
  alumnos,
  alumnosCursos,
  cursos,
  fichasMedicas,
  inscripcionesAnuales,
} from '@/server/db/schema';
import { cicloActual } from './service';

/** Roles del personal que ven la ficha médica (los que cuidan al alumno en la escuela). */
export const ROLES_FICHA_MEDICA: readonly number[] = [
  Rol.Preceptor,
  Rol.JefePreceptor,
  Rol.Regente,
  Rol.Alumnado,
  Rol.Admin,
];

/** La inscripción más reciente del alumno con su ficha médica, o null. Dos consultas. */
async function inscripcionConFicha(ctx: Pick<Contexto, 'db'>, alumnoId: number) {
  const [i] = await ctx.db
    .select({
      orden: inscripcionesAnuales.id,
      ciclolectivo: inscripcionesAnuales.ciclolectivo,
      email: inscripcionesAnuales.email,
      telefono: inscripcionesAnuales.telefono,
      cuil: inscripcionesAnuales.cuil,
      calle: inscripcionesAnuales.calle,
      altura: inscripcionesAnuales.altura,
      localidad: inscripcionesAnuales.localidad,
      estado: inscripcionesAnuales.estado,
      observacion: inscripcionesAnuales.observacion,
      creado: inscripcionesAnuales.creado,
      comprobante: inscripcionesAnuales.comprobanteId,
    })
    .from(inscripcionesAnuales)
    .where(eq(inscripcionesAnuales.alumnoId, alumnoId))
    .orderBy(desc(inscripcionesAnuales.ciclolectivo))
    .limit(1);
  if (!i) return null;
  const [f] = await ctx.db
    .select()
    .from(fichasMedicas)
    .where(eq(fichasMedicas.inscripcionId, i.orden));
  const { inscripcionId: _i, ...fichaMedica } = f ?? ({} as typeof fichasMedicas.$inferSelect);
  return {
    ...conTelefono(i),
    estado: i.estado as EstadoInscripcion,
    creado: i.creado.toISOString(),
    fichaMedica: f ? fichaMedica : null,
  };
}

/** El alumno con su curso del ciclo lectivo en curso (el del certificado), no el del selector. */
async function datosDelAlumno(ctx: Pick<Contexto, 'db' | 'hoy'>, alumnoId: number) {
  const ciclo = cicloActual(ctx);
  const [a] = await ctx.db
    .select({
      orden: alumnos.id,
      dni: alumnos.dni,
      apellido: alumnos.apellido,
      nombre: alumnos.nombre,
      email: alumnos.email,
      telefono: alumnos.telefono,
      nacimiento: alumnos.nacimiento,
      pronombre: alumnos.pronombre,
    })
    .from(alumnos)
    .where(eq(alumnos.id, alumnoId));
  if (!a) throw new TRPCError({ code: 'NOT_FOUND', message: 'El alumno no existe.' });
  const [delCiclo] = await ctx.db
    .select(columnasCurso)
    .from(alumnosCursos)
    .innerJoin(cursos, eq(cursos.id, alumnosCursos.cursoId))
    .where(and(eq(alumnosCursos.alumnoId, alumnoId), eq(alumnosCursos.ciclolectivo, ciclo)));
  return { alumno: conTelefono(a), ciclo, curso: delCiclo ? cursoInfo(delCiclo) : null };
}

/**
 * GET /api/alumnos/datosinscripcion[/{id}]: la inscripción más reciente de un alumno con la
 * ficha médica, para el propio alumno, su referente (sin `alumno`, el hijo elegido en el
 * selector) o el personal que la necesita (dentro de su alcance en el ciclo del selector).
 * Cada lectura de una ficha médica queda en la auditoría.
 */
export async function datos(ctx: Ctx, { alumno: alumnoPedido }: { alumno?: number }) {
  const { sesion } = ctx;
  let alumnoId: number;
  if (sesion.rol === Rol.Alumno || sesion.rol === Rol.ReferenteParental) {
    alumnoId = await alumnoPropioOHijo(ctx, alumnoPedido);
  } else {
    if (alumnoPedido === undefined)
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'Indique el alumno.' });
    await alumnoVisible(ctx, { alumno: alumnoPedido });
    alumnoId = alumnoPedido;
  }
  const base = await datosDelAlumno(ctx, alumnoId);
  const inscripcion = await inscripcionConFicha(ctx, alumnoId);
  if (inscripcion?.fichaMedica) {
    await auditar(ctx, {
      accion: 'ver',
      entidad: 'fichas_medicas',
      entidadId: inscripcion.orden,
      despues: { alumno: alumnoId },
    });
  }
  return { ...base, inscripcion };
}

/**
 * GET /api/miinscripcion: para un alumno, su inscripción más reciente con la ficha médica
 * (resumen del perfil, ficha para imprimir) y los datos del certificado de alumno regular,
 * que sólo existe si se conoce su curso del ciclo actual (spec 02 §2).
 */
export async function mia(ctx: Ctx) {
  // La del usuario mismo (sólo un alumno la pide): el hijo del selector no cuenta.
  const alumnoId = await alumnoPropioOHijo({ ...ctx, hijo: null });
  const r = await datos(ctx, { alumno: alumnoId });
  return { ...r, certificado: r.curso ? { anio: r.curso.anio, curso: r.curso.nombre } : null };
}
