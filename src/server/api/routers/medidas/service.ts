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
import { hoyEscolar, nombreCurso, sumarDias } from '@/domain/escuela';
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
import type { Db, DbOTx } from '@/server/db';
import { alumnos, alumnosCursos, cursos, medidas, usuarios } from '@/server/db/schema';
import type { Sesion } from '@/server/auth/sesion';
import { alumnoPropioOHijo, alumnoVisible, cursoVisible } from '@/server/alcance';
import { auditar } from '@/server/auditoria';
import type { BorrarMedida, EditarMedida, NuevaMedida, ReporteMedidas } from './schemas';

export const MEDIDA_INEXISTENTE = 'La medida disciplinaria no existe para ese alumno.';
export const NO_MODIFICABLE =
  'En /medidas-protected no se editan ni se borran las medidas guardadas.';

/** El modo de fechas del rol activo: el Preceptor trabaja en /medidas-protected. */
export function modoDe(rol: number): ModoFechas {
  return rol === Rol.Preceptor ? 'protegido' : 'completo';
}

const dma = (fecha: string) => fecha.split('-').reverse().join('/');

/** La fecha debe estar entre la mínima del modo y hoy (spec 01 §5); si no, BAD_REQUEST. */
function exigirFechaEnVentana(fecha: string, modo: ModoFechas, hoy: string) {
  if (!fechaMedidaValida(fecha, hoy, modo)) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `La fecha debe estar entre el ${dma(fechaMinimaMedida(hoy, modo))} y hoy (${dma(hoy)}).`,
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

/** El SQLSTATE de un error de Postgres (postgres.js o PGlite, envuelto o no por Drizzle). */
function codigoPostgres(e: unknown): string | null {
  let x: unknown = e;
  for (let i = 0; i < 5 && x && typeof x === 'object'; i++) {
    const { code } = x as { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    x = (x as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * Corre una escritura y, si falla de forma inesperada, responde con el mensaje del catálogo
 * de esa llamada (spec 01 §8). Los errores de entrada, alcance o inexistencia (TRPCError)
 * conservan su mensaje claro. Una violación de integridad (SQLSTATE clase 23: el alumno se
 * borró a la vez, p. ej.) es CONFLICT con el mensaje del catálogo; cualquier otra falla es
 * INTERNAL_SERVER_ERROR con el mismo mensaje (por HTTP se registra con el id de la petición
 * y se responde el mensaje genérico, DESIGN §9).
 */
async function conMensajeDeCatalogo<T>(mensaje: string, escribir: () => Promise<T>): Promise<T> {
  try {
    return await escribir();
  } catch (e) {
    if (e instanceof TRPCError) throw e;
    const code = codigoPostgres(e)?.startsWith('23') ? 'CONFLICT' : 'INTERNAL_SERVER_ERROR';
    throw new TRPCError({ code, message: mensaje, cause: e });
  }
}

/**
 * Crea una amonestación o un apercibimiento (POST /api/medidas/nueva/{tipo}/{id}).
 * Una amonestación con cantidad 0 no hace nada (spec 01 §5): devuelve `null` sin leer ni
 * escribir la base. Si no, devuelve la medida creada.
 */
export async function nueva(
  db: Db,
  sesion: Sesion,
  datos: NuevaMedida,
  ip: string | null,
  hoy = hoyEscolar(),
): Promise<MedidaVista | null> {
  if (!debeEnviarse(datos.tipo, datos.cantidad)) return null;
  exigirFechaEnVentana(datos.fecha, modoDe(sesion.rol), hoy);
  return conMensajeDeCatalogo(mensajeErrorMedida(datos.tipo, 'crear'), () =>
    db.transaction(async (tx) => {
      await alumnoVisible(tx, sesion, cicloDe(datos.fecha), datos.alumno);
      const [creada] = await tx
        .insert(medidas)
        .values({
          alumnoId: datos.alumno,
          tipo: datos.tipo,
          fecha: datos.fecha,
          turno: datos.turno,
          cantidad: datos.cantidad,
          motivo: datos.motivo,
          creadoPor: sesion.usuario.id,
        })
        .returning(columnasMedida);
      await auditar(tx, {
        usuarioId: sesion.usuario.id,
        rol: sesion.rol,
        accion: 'crear',
        entidad: 'medidas',
        entidadId: creada!.orden,
        despues: creada,
        ip,
      });
      return creada!;
    }),
  );
}

/**
 * En /medidas-protected las medidas guardadas no se editan ni se borran (spec 01 §2). La
 * tabla de acceso ya no deja al Preceptor llamar a `editar` ni `borrar`; esto lo repite
 * en el servicio por si otro camino lo llamara.
 */
function exigirModificable(sesion: Sesion) {
  if (!puedeModificarMedidaGuardada(modoDe(sesion.rol))) {
    throw new TRPCError({ code: 'FORBIDDEN', message: NO_MODIFICABLE });
  }
}

/**
 * La medida `medidaId` del alumno, bloqueada para la escritura: NOT_FOUND si el alumno no
 * existe o si la medida no existe o es de otro alumno; FORBIDDEN si el alumno está fuera
 * del alcance del rol.
 */
async function medidaDelAlumno(tx: DbOTx, sesion: Sesion, alumnoId: number, medidaId: number) {
  const [medida] = await tx
    .select(columnasMedida)
    .from(medidas)
    .where(and(eq(medidas.id, medidaId), eq(medidas.alumnoId, alumnoId)))
    .for('update');
  await alumnoVisible(tx, sesion, medida ? cicloDe(medida.fecha) : cicloDe(hoyEscolar()), alumnoId);
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
export async function editar(
  db: Db,
  sesion: Sesion,
  datos: EditarMedida,
  ip: string | null,
  hoy = hoyEscolar(),
): Promise<MedidaVista | null> {
  exigirModificable(sesion);
  if (!debeEnviarse(datos.tipo, datos.cantidad)) return null;
  const modo = modoDe(sesion.rol);
  return conMensajeDeCatalogo(mensajeErrorMedida(datos.tipo, 'guardar'), () =>
    db.transaction(async (tx) => {
      const antes = await medidaDelAlumno(tx, sesion, datos.alumno, datos.medida);
      if (datos.fecha !== antes.fecha) exigirFechaEnVentana(datos.fecha, modo, hoy);
      const [despues] = await tx
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
        usuarioId: sesion.usuario.id,
        rol: sesion.rol,
        accion: 'editar',
        entidad: 'medidas',
        entidadId: datos.medida,
        antes,
        despues,
        ip,
      });
      return despues!;
    }),
  );
}

/** Borra una medida del alumno (DELETE /api/medidas/borrar/{alumno}/{medida}); devuelve la borrada. */
export async function borrar(
  db: Db,
  sesion: Sesion,
  datos: BorrarMedida,
  ip: string | null,
): Promise<MedidaVista> {
  exigirModificable(sesion);
  return conMensajeDeCatalogo(ERROR_BORRAR_MEDIDA, () =>
    db.transaction(async (tx) => {
      const antes = await medidaDelAlumno(tx, sesion, datos.alumno, datos.medida);
      await tx.delete(medidas).where(eq(medidas.id, datos.medida));
      await auditar(tx, {
        usuarioId: sesion.usuario.id,
        rol: sesion.rol,
        accion: 'borrar',
        entidad: 'medidas',
        entidadId: datos.medida,
        antes,
        ip,
      });
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
  db: Db,
  alumno: MedidasDelAlumno['alumno'],
  conAutor: boolean,
): Promise<MedidasDelAlumno> {
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
export async function delAlumno(db: Db, sesion: Sesion, alumnoId: number, ciclo: number) {
  const alumno = await alumnoVisible(db, sesion, ciclo, alumnoId);
  return listaPorAnio(db, alumno, true);
}

/** Las medidas propias (Alumno) o de un hijo (Referente): GET /api/mismedidas[/{id}]. Sólo lectura. */
export async function mias(
  db: Db,
  sesion: Sesion,
  pedido: number | undefined,
  hijo: number | null,
) {
  const alumnoId = await alumnoPropioOHijo(db, sesion, pedido, hijo);
  const [alumno] = await db
    .select({ orden: alumnos.id, apellido: alumnos.apellido, nombre: alumnos.nombre })
    .from(alumnos)
    .where(eq(alumnos.id, alumnoId));
  return listaPorAnio(db, alumno!, false);
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
  db: Db,
  sesion: Sesion,
  { curso: cursoId, mes }: ReporteMedidas,
): Promise<ReporteDeMedidas> {
  const ciclo = cicloDe(mes);
  const curso = await cursoVisible(db, sesion, cursoId, ciclo);

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
