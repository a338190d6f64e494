/**
 * Medidas disciplinarias (spec 01 §2 Disciplinary measures, §3 Measure, §5, §8, §9):
 * alta, edición y borrado con auditoría, la lista por año del legajo y de las vistas
 * externas, y la grilla del planillón en modo medidas.
 *
 * El modo sale del rol activo, nunca del cliente: el Preceptor trabaja en modo protegido
 * (/medidas-protected: fecha mínima 5 días atrás, sólo sus cursos, sin editar ni borrar
 * —la tabla de acceso ni siquiera le deja llamar a `editar` y `borrar`—); JefePreceptor,
 * Regente y Admin en modo completo (/medidas).
 */
import { TRPCError } from '@trpc/server';
import { and, asc, between, desc, eq, sql } from 'drizzle-orm';
import { nombreCurso, sumarDias } from '@/domain/escuela';
import type { ModoFechas } from '@/domain/asistencias';
import {
  colorMedidas,
  debeEnviarse,
  ERROR_BORRAR_MEDIDA,
  fechaMedidaValida,
  fechaMinimaMedida,
  mensajeErrorMedida,
  puedeModificarMedidaGuardada,
  totalMedidas,
} from '@/domain/medidas';
import { Rol } from '@/domain/roles';
import { fechaLegible } from '@/domain/texto';
import { alumnos, alumnosCursos, cursos, medidas, usuarios } from '@/server/db/schema';
import { alumnoPropioOHijo, alumnoVisible, cursoVisible } from '@/server/alcance';
import { auditar } from '@/server/auditoria';
import { encolar } from '@/server/avisos/cola';
import type { Ctx } from '@/server/contexto';
import { conMensajeDeCatalogo, transaccion } from '@/server/errores';
import type { BorrarMedida, EditarMedida, NuevaMedida, ReporteMedidas } from './schemas';

export const MEDIDA_INEXISTENTE = 'La medida disciplinaria no existe para ese alumno.';
export const NO_MODIFICABLE =
  'En /medidas-protected no se editan ni se borran las medidas guardadas.';

/** El modo de fechas del rol activo: el Preceptor trabaja en /medidas-protected. */
function modoDe(ctx: Ctx): ModoFechas {
  return ctx.sesion.rol === Rol.Preceptor ? 'protegido' : 'completo';
}

/** La fecha debe estar entre la mínima del modo y hoy (spec 01 §5); si no, BAD_REQUEST. */
function exigirFechaEnVentana(fecha: string, modo: ModoFechas, hoy: string) {
  if (!fechaMedidaValida(fecha, hoy, modo)) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `La fecha debe estar entre el ${fechaLegible(fechaMinimaMedida(hoy, modo))} y hoy (${fechaLegible(hoy)}).`,
    });
  }
}

/** El ciclo lectivo al que pertenece una fecha 'AAAA-MM-DD'. */
const cicloDe = (fecha: string) => Number(fecha.slice(0, 4));

const columnasMedida = {
  orden: medidas.id,
  alumno: medidas.alumnoId,
  tipo: medidas.tipo,
  fecha: medidas.fecha,
  turno: medidas.turno,
  cantidad: medidas.cantidad,
  motivo: medidas.motivo,
};

export interface MedidaVista {
  orden: number;
  alumno: number;
  tipo: string;
  fecha: string;
  turno: string;
  /** Sólo las amonestaciones (y colectivas) tienen cantidad; los apercibimientos, null. */
  cantidad: number | null;
  motivo: string;
}

/**
 * El aviso a las familias (issue 35 §3): la medida pasada, corregida o borrada, encolada en la
 * transacción del cambio (si se deshace, no queda nada encolado).
 */
function avisarMedida(ctx: Ctx, m: MedidaVista) {
  return encolar(ctx.db, {
    tipo: 'medida',
    medida: m.orden,
    alumno: m.alumno,
    ciclo: cicloDe(m.fecha),
  });
}

/**
 * Crea una amonestación o un apercibimiento (POST /api/medidas/nueva/{tipo}/{id}).
 * Una amonestación con cantidad 0 no hace nada (spec 01 §5): devuelve `null` sin leer ni
 * escribir la base. Si no, devuelve la medida creada.
 */
export async function nueva(ctx: Ctx, datos: NuevaMedida): Promise<MedidaVista | null> {
  if (!debeEnviarse(datos.tipo, datos.cantidad)) return null;
  exigirFechaEnVentana(datos.fecha, modoDe(ctx), ctx.hoy);
  return conMensajeDeCatalogo(mensajeErrorMedida(datos.tipo, 'crear'), () =>
    transaccion(ctx, async (tx) => {
      await alumnoVisible(tx, { alumno: datos.alumno, ciclo: cicloDe(datos.fecha) });
      const [creada] = await tx.db
        .insert(medidas)
        .values({
          alumnoId: datos.alumno,
          tipo: datos.tipo,
          fecha: datos.fecha,
          turno: datos.turno,
          cantidad: datos.cantidad,
          motivo: datos.motivo,
          creadoPor: ctx.sesion.usuario.id,
        })
        .returning(columnasMedida);
      await auditar(tx, {
        accion: 'crear',
        entidad: 'medidas',
        entidadId: creada!.orden,
        despues: creada,
      });
      await avisarMedida(tx, creada!);
      return creada!;
    }),
  );
}

/**
 * En /medidas-protected las medidas guardadas no se editan ni se borran (spec 01 §2). La
 * tabla de acceso ya no deja al Preceptor llamar a `editar` ni `borrar`; esto lo repite
 * en el servicio por si otro camino lo llamara.
 */
function exigirModificable(ctx: Ctx) {
  if (!puedeModificarMedidaGuardada(modoDe(ctx))) {
    throw new TRPCError({ code: 'FORBIDDEN', message: NO_MODIFICABLE });
  }
}

/**
 * La medida `medidaId` del alumno, bloqueada para la escritura: NOT_FOUND si el alumno no
 * existe o si la medida no existe o es de otro alumno; FORBIDDEN si el alumno está fuera
 * del alcance del rol.
 */
async function medidaDelAlumno(
  ctx: Ctx,
  { alumno: alumnoId, medida: medidaId }: { alumno: number; medida: number },
) {
  const [medida] = await ctx.db
    .select(columnasMedida)
    .from(medidas)
    .where(and(eq(medidas.id, medidaId), eq(medidas.alumnoId, alumnoId)))
    .for('update');
  await alumnoVisible(ctx, {
    alumno: alumnoId,
    ciclo: cicloDe(medida ? medida.fecha : ctx.hoy),
  });
  if (!medida) throw new TRPCError({ code: 'NOT_FOUND', message: MEDIDA_INEXISTENTE });
  return medida;
}

/**
 * Guarda una medida existente del alumno (POST /api/medidas/editar/{tipo}/{alumno}/{medida});
 * el tipo del camino es el tipo nuevo. Sólo en modo completo (la tabla de acceso ya excluye
 * al Preceptor). Una amonestación con cantidad 0 no hace nada y devuelve `null`. La fecha
 * nueva debe estar en la ventana del modo, salvo que no cambie (se puede corregir el motivo
 * de una medida vieja). Devuelve la medida guardada.
 */
export async function editar(ctx: Ctx, datos: EditarMedida): Promise<MedidaVista | null> {
  exigirModificable(ctx);
  if (!debeEnviarse(datos.tipo, datos.cantidad)) return null;
  const modo = modoDe(ctx);
  return conMensajeDeCatalogo(mensajeErrorMedida(datos.tipo, 'guardar'), () =>
    transaccion(ctx, async (tx) => {
      const antes = await medidaDelAlumno(tx, datos);
      if (datos.fecha !== antes.fecha) exigirFechaEnVentana(datos.fecha, modo, ctx.hoy);
      const [despues] = await tx.db
        .update(medidas)
        .set({
          tipo: datos.tipo,
          fecha: datos.fecha,
          turno: datos.turno,
          cantidad: datos.cantidad,
          motivo: datos.motivo,
          modificado: sql`now()`,
        })
        .where(eq(medidas.id, datos.medida))
        .returning(columnasMedida);
      await auditar(tx, {
        accion: 'editar',
        entidad: 'medidas',
        entidadId: datos.medida,
        antes,
        despues,
      });
      await avisarMedida(tx, despues!);
      return despues!;
    }),
  );
}

/** Borra una medida del alumno (DELETE /api/medidas/borrar/{alumno}/{medida}); devuelve la borrada. */
export async function borrar(ctx: Ctx, datos: BorrarMedida): Promise<MedidaVista> {
  exigirModificable(ctx);
  return conMensajeDeCatalogo(ERROR_BORRAR_MEDIDA, () =>
    transaccion(ctx, async (tx) => {
      const antes = await medidaDelAlumno(tx, datos);
      await tx.db.delete(medidas).where(eq(medidas.id, datos.medida));
      await auditar(tx, {
        accion: 'borrar',
        entidad: 'medidas',
        entidadId: datos.medida,
        antes,
      });
      await avisarMedida(tx, antes);
      return antes;
    }),
  );
}

// ---------------------------------------------------------------------------
// Lectura: lista por año con total y color (legajo y vistas externas)

export interface CursoDelAnio {
  orden: number;
  anio: number;
  division: number;
  especialidad: string;
  nombre: string;
}

export interface MedidaDeLista extends MedidaVista {
  /** Quién la registró (sólo en las vistas del personal). */
  creadoPor?: { nombre: string; apellido: string } | null;
}

export interface AnioDeMedidas {
  /** Ciclo lectivo (el año de las fechas de sus medidas). */
  ciclo: number;
  /** El curso del alumno ese ciclo, si lo tuvo. */
  curso: CursoDelAnio | null;
  /** De la más nueva a la más vieja. */
  medidas: MedidaDeLista[];
  /** Suma de cantidades sin los apercibimientos (spec 01 §9). */
  total: number;
  /** 'red' desde 15, 'yellow' desde 10, si no null (spec 01 §9). */
  color: 'red' | 'yellow' | null;
}

export interface MedidasDelAlumno {
  alumno: { orden: number; apellido: string; nombre: string };
  /** Un ítem por ciclo con curso o con medidas, del más viejo al más nuevo. */
  anios: AnioDeMedidas[];
}

/** La lista por año de un alumno ya autorizado: dos consultas, sin importar cuántas medidas tenga. */
async function listaPorAnio(
  ctx: Ctx,
  { alumno, conAutor }: { alumno: MedidasDelAlumno['alumno']; conAutor: boolean },
): Promise<MedidasDelAlumno> {
  const { db } = ctx;
  const [cursosDelAlumno, filas] = await Promise.all([
    db
      .select({
        ciclo: alumnosCursos.ciclolectivo,
        orden: cursos.id,
        anio: cursos.anio,
        division: cursos.division,
        especialidad: cursos.especialidad,
      })
      .from(alumnosCursos)
      .innerJoin(cursos, eq(cursos.id, alumnosCursos.cursoId))
      .where(eq(alumnosCursos.alumnoId, alumno.orden)),
    db
      .select({ ...columnasMedida, autorNombre: usuarios.nombre, autorApellido: usuarios.apellido })
      .from(medidas)
      .leftJoin(usuarios, eq(usuarios.id, medidas.creadoPor))
      .where(eq(medidas.alumnoId, alumno.orden))
      .orderBy(desc(medidas.fecha), desc(medidas.id)),
  ]);
  const porCiclo = new Map<number, { curso: CursoDelAnio | null; medidas: MedidaDeLista[] }>();
  for (const { ciclo, ...c } of cursosDelAlumno)
    porCiclo.set(ciclo, { curso: { ...c, nombre: nombreCurso(c) }, medidas: [] });
  for (const { autorNombre, autorApellido, ...m } of filas) {
    const ciclo = cicloDe(m.fecha);
    if (!porCiclo.has(ciclo)) porCiclo.set(ciclo, { curso: null, medidas: [] });
    const medida: MedidaDeLista = conAutor
      ? {
          ...m,
          creadoPor: autorNombre == null ? null : { nombre: autorNombre, apellido: autorApellido! },
        }
      : m;
    porCiclo.get(ciclo)!.medidas.push(medida);
  }
  const anios = [...porCiclo.entries()]
    .sort(([a], [b]) => a - b)
    .map(([ciclo, { curso, medidas: lista }]) => {
      const total = totalMedidas(lista);
      return { ciclo, curso, medidas: lista, total, color: colorMedidas(total) };
    });
  return { alumno, anios };
}

/** Las medidas de un alumno para el personal (legajo, /medidas), con el alcance del rol activo. */
export async function delAlumno(ctx: Ctx, p: { alumno: number }) {
  const alumno = await alumnoVisible(ctx, { alumno: p.alumno });
  return listaPorAnio(ctx, { alumno, conAutor: true });
}

/** Las medidas propias (Alumno) o de un hijo (Referente): GET /api/mismedidas[/{id}]. Sólo lectura. */
export async function mias(ctx: Ctx, p: { alumno?: number }) {
  const alumnoId = await alumnoPropioOHijo(ctx, p.alumno);
  const [alumno] = await ctx.db
    .select({ orden: alumnos.id, apellido: alumnos.apellido, nombre: alumnos.nombre })
    .from(alumnos)
    .where(eq(alumnos.id, alumnoId));
  return listaPorAnio(ctx, { alumno: alumno!, conAutor: false });
}

// ---------------------------------------------------------------------------
// Planillón, modo medidas: alumnos del curso × días del mes

export interface FilaReporte {
  orden: number;
  apellido: string;
  nombre: string;
  /** Las medidas del mes, por fecha y orden (la grilla las ubica por `fecha`). */
  medidas: MedidaVista[];
  /** Total del mes sin apercibimientos (spec 01 §9). */
  totalMes: number;
  /** Total del ciclo lectivo sin apercibimientos, como en el legajo. */
  total: number;
  /** Color del total del ciclo: 'red' desde 15, 'yellow' desde 10 (spec 01 §9). */
  color: 'red' | 'yellow' | null;
}

export interface ReporteDeMedidas {
  curso: CursoDelAnio;
  mes: string;
  ciclo: number;
  /** Todos los días del mes; `diaSemana` 0 es domingo (columna angosta). */
  dias: { fecha: string; diaSemana: number }[];
  /** Los alumnos del curso en el ciclo del mes, por apellido y nombre. */
  alumnos: FilaReporte[];
}

function diasDelMes(mes: string): ReporteDeMedidas['dias'] {
  const dias: ReporteDeMedidas['dias'] = [];
  for (let f = `${mes}-01`; f.startsWith(mes); f = sumarDias(f, 1)) {
    dias.push({ fecha: f, diaSemana: new Date(`${f}T12:00:00Z`).getUTCDay() });
  }
  return dias;
}

/**
 * La grilla del planillón en modo medidas (spec 01 §2 Overview): los alumnos del curso en el
 * ciclo del mes × los días del mes con sus medidas, el total del mes y el del ciclo con su
 * color. Cuatro consultas, sea cual sea el tamaño del curso.
 */
export async function reporte(
  ctx: Ctx,
  { curso: cursoId, mes }: ReporteMedidas,
): Promise<ReporteDeMedidas> {
  const { db } = ctx;
  const ciclo = cicloDe(mes);
  const curso = await cursoVisible(ctx, { curso: cursoId, ciclo });

  const dias = diasDelMes(mes);
  const delCurso = and(
    eq(alumnosCursos.alumnoId, medidas.alumnoId),
    eq(alumnosCursos.cursoId, cursoId),
    eq(alumnosCursos.ciclolectivo, ciclo),
  );
  const [filasAlumnos, delMes, delCiclo] = await Promise.all([
    db
      .select({ orden: alumnos.id, apellido: alumnos.apellido, nombre: alumnos.nombre })
      .from(alumnosCursos)
      .innerJoin(alumnos, eq(alumnos.id, alumnosCursos.alumnoId))
      .where(and(eq(alumnosCursos.cursoId, cursoId), eq(alumnosCursos.ciclolectivo, ciclo)))
      .orderBy(asc(alumnos.apellido), asc(alumnos.nombre), asc(alumnos.id)),
    db
      .select(columnasMedida)
      .from(medidas)
      .innerJoin(alumnosCursos, delCurso)
      .where(between(medidas.fecha, dias[0]!.fecha, dias[dias.length - 1]!.fecha))
      .orderBy(asc(medidas.fecha), asc(medidas.id)),
    // Totales del ciclo: sumas por alumno y tipo; qué tipos cuentan lo decide el dominio.
    db
      .select({
        alumno: medidas.alumnoId,
        tipo: medidas.tipo,
        cantidad: sql<number>`coalesce(sum(${medidas.cantidad}), 0)`.mapWith(Number),
      })
      .from(medidas)
      .innerJoin(alumnosCursos, delCurso)
      .where(between(medidas.fecha, `${ciclo}-01-01`, `${ciclo}-12-31`))
      .groupBy(medidas.alumnoId, medidas.tipo),
  ]);
  const agrupar = <T extends { alumno: number }>(filas: T[]) => {
    const m = new Map<number, T[]>();
    for (const f of filas) {
      if (!m.has(f.alumno)) m.set(f.alumno, []);
      m.get(f.alumno)!.push(f);
    }
    return m;
  };
  const mesDe = agrupar(delMes);
  const cicloDeAlumno = agrupar(delCiclo);
  const filas = filasAlumnos.map((a): FilaReporte => {
    const lista = mesDe.get(a.orden) ?? [];
    const total = totalMedidas(cicloDeAlumno.get(a.orden) ?? []);
    return {
      ...a,
      medidas: lista,
      totalMes: totalMedidas(lista),
      total,
      color: colorMedidas(total),
    };
  });
  return {
    curso,
    mes,
    ciclo,
    dias,
    alumnos: filas,
  };
}
