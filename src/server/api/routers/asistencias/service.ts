/**
 * Asistencias (spec 01 §2 Attendance y Overview, §3, §4, §5, §9; spec 02 §4): la planilla de
 * un curso por día y turno, su guardado en una transacción, la edición por alumno y las listas
 * por año del legajo y de las vistas propias. La grilla mensual del planillón: `planillon.ts`.
 *
 * Reglas del dominio (src/domain/asistencias.ts): ventanas de fechas por modo, borrado en
 * modo protegido, pesos, totales con reincorporaciones, estado y textos del legajo. El modo
 * lo decide el rol activo (Preceptor: protegido; el resto: completo), nunca el cliente.
 *
 * Concurrencia: el índice único (alumno, fecha, turno, tipo) más `insert … on conflict do
 * update` hace que dos guardados simultáneos del mismo curso y día no dupliquen entradas ni
 * pierdan lo que guardó el otro: cada uno sólo toca lo que cambió, y la respuesta es la
 * planilla releída (con lo del otro).
 */
import { TRPCError } from '@trpc/server';
import { and, asc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  fechaAsistenciaValida,
  fechaEnVentana,
  fechaMinimaAsistencia,
  puedeBorrarEntrada,
  type ModoFechas,
} from '@/domain/asistencias';
import { ENVIO_DE_OTRA_PERSONA } from '@/domain/asistencias-conflictos';
import type { Turno } from '@/domain/escuela';
import { Rol } from '@/domain/roles';
import { fechaLegible } from '@/domain/texto';
import type { DbOTx } from '@/server/db';
import {
  alumnos,
  alumnosCursos,
  asistencias,
  asistenciasTomadas,
  usuarios,
} from '@/server/db/schema';
import { alumnoPropioOHijo, alumnoVisible, cursoVisible } from '@/server/alcance';
import { auditar, type EntradaAuditoria } from '@/server/auditoria';
import { encolar } from '@/server/avisos/cola';
import type { Ctx } from '@/server/contexto';
import { transaccion } from '@/server/errores';
import { enteros, filasDe } from '@/server/db/sql';
import { cicloDe, entradasJson, legajo } from '@/server/consultas/asistencias';
import type { CursoInfo } from '@/server/consultas/personas';
import { registrarEnvio, verificarAnteriores } from './envios';
import type { GuardarAlumno, GuardarPlanilla, Planilla } from './schemas';

// ---------------------------------------------------------------------------
// Modo, fechas y mensajes

/** Protegido para el Preceptor (/asistencias-protected), completo para el resto (spec 01 §2, §5). */
function modoDe(ctx: Ctx): ModoFechas {
  return ctx.sesion.rol === Rol.Preceptor ? 'protegido' : 'completo';
}

function mensajeFechaFuera(hoy: string, modo: ModoFechas): string {
  return `La fecha debe estar entre el ${fechaLegible(fechaMinimaAsistencia(hoy, modo))} y hoy (${fechaLegible(hoy)}).`;
}

export const NO_BORRAR_PROTEGIDO =
  'Sólo se pueden borrar entradas nuevas o con fecha de hoy en adelante.';
export const ENTRADA_REPETIDA = 'Ya hay una entrada de ese tipo para el alumno en ese día y turno.';

const malo = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });

// ---------------------------------------------------------------------------
// Alcance

/**
 * Los alumnos del curso en el ciclo (alumnos_cursos), por apellido y nombre, con las columnas
 * que se pidan: las de cada alumno suelen ser subconsultas por alumno (`entradasJson`), que van
 * por el índice único (alumno, fecha, …) sin recorrer las asistencias de toda la escuela.
 */
export function alumnosDelCurso<T extends Record<string, SQL>>(
  db: DbOTx,
  { curso: cursoId, ciclo }: { curso: number | Placeholder; ciclo: number | Placeholder },
  columnas: T,
) {
  return db
    .select({ orden: alumnos.id, apellido: alumnos.apellido, nombre: alumnos.nombre, ...columnas })
    .from(alumnosCursos)
    .innerJoin(alumnos, eq(alumnos.id, alumnosCursos.alumnoId))
    .where(and(eq(alumnosCursos.cursoId, cursoId), eq(alumnosCursos.ciclolectivo, ciclo)))
    .orderBy(asc(alumnos.apellido), asc(alumnos.nombre), asc(alumnos.id));
}

// ---------------------------------------------------------------------------
// Entradas

/** Las columnas de una fila de `asistencias` que usan las entradas (sin datos internos). */
type FilaAsistencia = Pick<
  typeof asistencias.$inferSelect,
  'id' | 'alumnoId' | 'tipo' | 'circunstancia' | 'justificada' | 'justificacion' | 'fecha' | 'turno'
>;

/** Una entrada como la ven las pantallas y el REST (sin datos internos). */
function entrada(f: FilaAsistencia) {
  return {
    orden: f.id,
    alumno: f.alumnoId,
    tipo: f.tipo,
    circunstancia: f.circunstancia,
    justificada: f.justificada,
    justificacion: f.justificacion,
    fecha: f.fecha,
    turno: f.turno as Turno,
  };
}
type Entrada = ReturnType<typeof entrada>;

// ---------------------------------------------------------------------------
// Asistencia tomada (issue 15 §5, "Pendientes")

/** Quién tomó la asistencia del curso en ese día y turno ('Apellido, Nombre') y cuándo (ISO). */
export interface Tomada {
  por: string;
  en: string;
}

/**
 * La asistencia tomada de un curso, día y turno, con el nombre de quien la tomó: una consulta
 * (la fila es una sola, por la clave primaria). Sin usuario (cuenta borrada): 'Usuario borrado'.
 */
async function tomadaDe(
  db: DbOTx,
  p: { curso: number; fecha: string; turno: string },
): Promise<Tomada | null> {
  const [t] = await db
    .select({
      apellido: usuarios.apellido,
      nombre: usuarios.nombre,
      en: asistenciasTomadas.en,
    })
    .from(asistenciasTomadas)
    .leftJoin(usuarios, eq(usuarios.id, asistenciasTomadas.usuarioId))
    .where(
      and(
        eq(asistenciasTomadas.cursoId, p.curso),
        eq(asistenciasTomadas.fecha, p.fecha),
        eq(asistenciasTomadas.turno, p.turno),
      ),
    );
  if (!t) return null;
  return {
    por: t.apellido == null ? 'Usuario borrado' : `${t.apellido}, ${t.nombre}`,
    en: t.en.toISOString(),
  };
}

/**
 * Marca la asistencia del curso, día y turno como tomada por el usuario de la sesión, ahora
 * (`ctx.ahora`, el reloj de la escuela: la planilla compara su día con el de la hora en que se
 * tomó): una sentencia, en la transacción del guardado, y su auditoría (issue 31 §14). Si ya
 * estaba tomada, queda a nombre del último que guardó.
 */
async function marcarTomada(ctx: Ctx, p: { curso: number; fecha: string; turno: string }) {
  await ctx.db
    .insert(asistenciasTomadas)
    .values({
      cursoId: p.curso,
      fecha: p.fecha,
      turno: p.turno,
      usuarioId: ctx.sesion.usuario.id,
      en: ctx.ahora,
    })
    .onConflictDoUpdate({
      target: [asistenciasTomadas.cursoId, asistenciasTomadas.fecha, asistenciasTomadas.turno],
      set: { usuarioId: sql`excluded.usuario_id`, en: sql`excluded.en` },
    });
  await auditar(ctx, {
    accion: 'tomar',
    entidad: 'asistencias_tomadas',
    entidadId: `${p.curso}/${p.fecha}/${p.turno}`,
    despues: { curso: p.curso, fecha: p.fecha, turno: p.turno, en: ctx.ahora.toISOString() },
  });
}

// ---------------------------------------------------------------------------
// Planilla de un curso, día y turno

/**
 * Los alumnos del curso (del ciclo de la fecha) con sus entradas de ese día y turno y si la
 * asistencia ya se tomó, en tres consultas (dos a la vez). `editable`: la fecha está en la
 * ventana del modo; `borrable` por entrada sigue la regla del modo protegido (spec 01 §5).
 * `verificado`: el curso ya verificado (el guardado lo verifica en su transacción).
 */
export async function planilla(ctx: Ctx, p: Planilla, verificado?: CursoInfo) {
  const { db, hoy } = ctx;
  const modo = modoDe(ctx);
  const ciclo = cicloDe(p.fecha);
  const curso = verificado ?? (await cursoVisible(ctx, { curso: p.curso, ciclo }));
  const [lista, tomada] = await Promise.all([
    alumnosDelCurso(
      db,
      { curso: p.curso, ciclo },
      {
        entradas: entradasJson(
          and(eq(asistencias.fecha, p.fecha), eq(asistencias.turno, p.turno)),
          sql`e.orden`,
        ),
      },
    ),
    tomadaDe(db, p),
  ]);
  return {
    curso,
    fecha: p.fecha,
    turno: p.turno,
    ciclo,
    hoy,
    modo,
    fechaMinima: fechaMinimaAsistencia(hoy, modo),
    editable: fechaAsistenciaValida(p.fecha, hoy, modo),
    /** Quién tomó la asistencia de este curso, día y turno, y cuándo; null: sin tomar. */
    tomada,
    alumnos: lista.map((a) => ({
      ...a,
      entradas: a.entradas.map((e) => ({ ...e, borrable: puedeBorrarEntrada(e, hoy, modo) })),
    })),
  };
}

// ---------------------------------------------------------------------------
// Guardar: crear, modificar y borrar en una transacción

interface NuevaEntrada {
  tipo: string;
  circunstancia: string;
  justificada: boolean;
  justificacion: string | null;
  fecha: string;
  turno: string;
}
interface EntradaGuardada extends NuevaEntrada {
  orden: number;
}
interface CambiosAlumno {
  alumnoId: number;
  crear: NuevaEntrada[];
  actualizar: EntradaGuardada[];
  borrar: number[];
}
export interface ResumenCambios {
  creadas: number;
  modificadas: number;
  borradas: number;
}

const mismosDatos = (a: NuevaEntrada, b: NuevaEntrada) =>
  a.tipo === b.tipo &&
  a.circunstancia === b.circunstancia &&
  a.justificada === b.justificada &&
  (a.justificacion ?? null) === (b.justificacion ?? null) &&
  a.fecha === b.fecha &&
  a.turno === b.turno;

/** `case id when … then … end` para modificar muchas filas en una sola sentencia. */
function porOrdenDe(filas: EntradaGuardada[], valor: (e: EntradaGuardada) => SQL): SQL {
  return sql`(case ${asistencias.id} ${sql.join(
    filas.map((e) => sql`when ${e.orden} then ${valor(e)}`),
    sql` `,
  )} end)`;
}

/**
 * Aplica los cambios de varios alumnos en la transacción de `ctx`: valida todo antes de
 * escribir (ventana del modo, dueño de cada entrada, regla de borrado), y escribe con un número
 * fijo de sentencias (borrar, modificar, crear, auditar) sea cual sea la cantidad de alumnos.
 * `planilla`: las entradas tocadas deben ser de ese día y turno.
 */
async function aplicarCambios(
  ctx: Ctx,
  { cambios, planilla }: { cambios: CambiosAlumno[]; planilla?: { fecha: string; turno: string } },
): Promise<ResumenCambios> {
  const { db: tx, hoy, sesion } = ctx;
  // La hora de cada entrada tocada: la del contexto, la misma con que se marca la planilla tomada.
  const ahora = sql`${ctx.ahora.toISOString()}::timestamptz`;
  const modo = modoDe(ctx);
  const minima = fechaMinimaAsistencia(hoy, modo); // una vez, no por entrada
  const fueraDeVentana = (f: string) => !fechaEnVentana(f, minima, hoy);

  const ordenes = cambios.flatMap((c) => [...c.actualizar.map((e) => e.orden), ...c.borrar]);
  if (new Set(ordenes).size !== ordenes.length)
    throw malo('Una entrada aparece más de una vez entre las modificadas y las borradas.');
  const existentes = ordenes.length
    ? await tx
        .select()
        .from(asistencias)
        .where(sql`${asistencias.id} = any(${enteros(ordenes)})`)
        .orderBy(asc(asistencias.id))
        .for('update')
    : [];
  const porOrden = new Map(existentes.map((e) => [e.id, e]));

  /** La entrada guardada (o undefined si otra persona ya la borró), verificada. */
  const guardada = (orden: number, alumnoId: number) => {
    const e = porOrden.get(orden);
    if (!e) return undefined;
    if (e.alumnoId !== alumnoId) throw malo(`La entrada ${orden} no es de ese alumno.`);
    if (planilla && (e.fecha !== planilla.fecha || e.turno !== planilla.turno))
      throw malo(`La entrada ${orden} no es de esta planilla.`);
    if (fueraDeVentana(e.fecha))
      throw malo(
        `La entrada ${orden} es del ${fechaLegible(e.fecha)}: ${mensajeFechaFuera(hoy, modo)}`,
      );
    return e;
  };

  const aBorrar: number[] = [];
  const aModificar: EntradaGuardada[] = [];
  const aCrear: (NuevaEntrada & { alumnoId: number })[] = [];
  for (const c of cambios) {
    for (const orden of c.borrar) {
      const e = guardada(orden, c.alumnoId);
      if (!e) continue; // Ya la borró otra persona: no hay nada que perder.
      if (!puedeBorrarEntrada({ orden, fecha: e.fecha }, hoy, modo))
        throw new TRPCError({ code: 'FORBIDDEN', message: NO_BORRAR_PROTEGIDO });
      aBorrar.push(orden);
    }
    for (const nueva of c.actualizar) {
      const e = guardada(nueva.orden, c.alumnoId);
      if (!e)
        throw new TRPCError({
          code: 'CONFLICT',
          message:
            'Otra persona borró una de las entradas modificadas. Vuelva a cargar la planilla.',
        });
      if (fueraDeVentana(nueva.fecha)) throw malo(mensajeFechaFuera(hoy, modo));
      if (!mismosDatos(nueva, e)) aModificar.push(nueva);
    }
    for (const nueva of c.crear) {
      if (fueraDeVentana(nueva.fecha)) throw malo(mensajeFechaFuera(hoy, modo));
      aCrear.push({ ...nueva, alumnoId: c.alumnoId });
    }
  }

  // El aviso a las familias (issue 35): un hecho por guardado con los alumnos y las fechas que
  // cambian, encolado en esta transacción (si algo de abajo falla, no queda nada encolado).
  const tocadas = [
    ...aBorrar.map((o) => porOrden.get(o)!),
    ...aModificar.flatMap((e) => {
      const antes = porOrden.get(e.orden)!;
      return [antes, { alumnoId: antes.alumnoId, fecha: e.fecha }];
    }),
    ...aCrear,
  ].map((e) => ({ alumno: e.alumnoId, fecha: e.fecha }));
  if (tocadas.length)
    await encolar(tx, {
      tipo: 'asistencia',
      alumnos: [...new Set(tocadas.map((t) => t.alumno))].sort((a, b) => a - b),
      fechas: [...new Set(tocadas.map((t) => t.fecha))].sort(),
      en: ctx.ahora.toISOString(),
    });

  // Una entrada de auditoría por fila tocada, escritas juntas (una sentencia) al final.
  const registros: (EntradaAuditoria & { accion: 'crear' | 'editar' | 'borrar' })[] = [];
  const registrar = (
    accion: 'crear' | 'editar' | 'borrar',
    orden: number,
    antes: Entrada | null,
    despues: Entrada | null,
  ) => registros.push({ accion, entidad: 'asistencias', entidadId: orden, antes, despues });

  if (aBorrar.length) {
    const borradas = await tx
      .delete(asistencias)
      .where(sql`${asistencias.id} = any(${enteros(aBorrar)})`)
      .returning();
    for (const b of borradas) registrar('borrar', b.id, entrada(b), null);
  }

  if (aModificar.length) {
    const modificadas = await tx
      .update(asistencias)
      .set({
        tipo: porOrdenDe(aModificar, (e) => sql`${e.tipo}::text`),
        circunstancia: porOrdenDe(aModificar, (e) => sql`${e.circunstancia}::text`),
        justificada: porOrdenDe(aModificar, (e) => sql`${e.justificada}::boolean`),
        justificacion: porOrdenDe(aModificar, (e) => sql`${e.justificacion}::text`),
        fecha: porOrdenDe(aModificar, (e) => sql`${e.fecha}::date`),
        turno: porOrdenDe(aModificar, (e) => sql`${e.turno}::text`),
        modificado: ahora,
      })
      .where(sql`${asistencias.id} = any(${enteros(aModificar.map((e) => e.orden))})`)
      .returning();
    for (const m of modificadas)
      registrar('editar', m.id, entrada(porOrden.get(m.id)!), entrada(m));
  }

  if (aCrear.length) {
    // Orden fijo de las claves: dos guardados simultáneos toman los candados en el mismo orden.
    aCrear.sort(
      (a, b) =>
        a.alumnoId - b.alumnoId ||
        a.fecha.localeCompare(b.fecha) ||
        a.turno.localeCompare(b.turno) ||
        a.tipo.localeCompare(b.tipo),
    );
    const clave = (e: { alumnoId: number; fecha: string; turno: string; tipo: string }) =>
      `${e.alumnoId}|${e.fecha}|${e.turno}|${e.tipo}`;
    // Las entradas nuevas en un único parámetro jsonb: una sentencia de texto fijo, sin un
    // parámetro por celda que Drizzle tenga que armar.
    const nuevas = sql`jsonb_to_recordset(${JSON.stringify(
      aCrear.map((e) => ({
        alumno_id: e.alumnoId,
        fecha: e.fecha,
        turno: e.turno,
        tipo: e.tipo,
        circunstancia: e.circunstancia,
        justificada: e.justificada,
        justificacion: e.justificacion,
      })),
    )}::jsonb) as t(alumno_id integer, fecha date, turno text, tipo text, circunstancia text,
      justificada boolean, justificacion text)`;
    const previas = await tx
      .select()
      .from(asistencias)
      .where(
        sql`(${asistencias.alumnoId}, ${asistencias.fecha}, ${asistencias.turno}, ${asistencias.tipo})
            in (select alumno_id, fecha, turno, tipo from ${nuevas})`,
      )
      .orderBy(asc(asistencias.id))
      .for('update');
    const previaDe = new Map(previas.map((p) => [clave(p), p]));
    const creadas = filasDe<FilaAsistencia & { insertada: boolean }>(
      await tx.execute(sql`
        insert into ${asistencias} (alumno_id, fecha, turno, tipo, circunstancia, justificada,
          justificacion, creado_por, modificado)
        select alumno_id, fecha, turno, tipo, circunstancia, justificada, justificacion,
          ${sesion.usuario.id}::integer, ${ahora}
        from ${nuevas}
        on conflict (alumno_id, fecha, turno, tipo) do update set
          circunstancia = excluded.circunstancia, justificada = excluded.justificada,
          justificacion = excluded.justificacion, modificado = excluded.modificado
        returning id, alumno_id as "alumnoId", fecha::text as fecha, turno, tipo, circunstancia,
          justificada, justificacion, (xmax::text = '0') as insertada`),
    );
    for (const { insertada, ...f } of creadas) {
      const previa = previaDe.get(clave(f));
      const nueva = insertada === true && !previa;
      if (!nueva && previa && mismosDatos(previa, f)) continue; // Ya estaba igual.
      registrar(nueva ? 'crear' : 'editar', f.id, previa ? entrada(previa) : null, entrada(f));
    }
  }

  await auditar(ctx, registros);
  const cuenta = (a: string) => registros.filter((r) => r.accion === a).length;
  return { creadas: cuenta('crear'), modificadas: cuenta('editar'), borradas: cuenta('borrar') };
}

/** El índice único (alumno, fecha, turno, tipo): otra persona guardó la misma entrada a la vez. */
const INTEGRIDAD = { unico: { '*': ENTRADA_REPETIDA } };

const SIN_CAMBIOS: ResumenCambios = { creadas: 0, modificadas: 0, borradas: 0 };

/**
 * Guarda la planilla de un curso, día y turno en una transacción: los alumnos deben ser del
 * curso en el ciclo de la fecha, la fecha debe estar en la ventana del modo del rol activo.
 * En la misma transacción marca la asistencia como tomada (issue 15 §5), también sin cambios
 * (`alumnos: []`: "todos presentes"). Devuelve la planilla releída (con lo que otra persona
 * haya guardado a la vez).
 *
 * Sin conexión (issue 36): `envio` hace el guardado idempotente (un reenvío con el mismo id no
 * aplica nada y responde la planilla con `repetido: true`) y sólo lo puede mandar su autor;
 * `anterior` por alumno convierte "el último gana" en CONFLICT si otra persona cambió ese alumno.
 */
export async function guardarPlanilla(ctx: Ctx, datos: GuardarPlanilla) {
  const { hoy } = ctx;
  const modo = modoDe(ctx);
  if (datos.envio && datos.envio.autor !== ctx.sesion.usuario.id)
    throw new TRPCError({ code: 'FORBIDDEN', message: ENVIO_DE_OTRA_PERSONA });
  // Sin envío, la ventana se verifica antes de abrir la transacción; con envío, después de ver
  // si ya se aplicó: el reenvío de un guardado que entró responde lo mismo pasado el plazo.
  const fueraDeVentana = !fechaAsistenciaValida(datos.fecha, hoy, modo);
  if (fueraDeVentana && !datos.envio) throw malo(mensajeFechaFuera(hoy, modo));
  const ciclo = cicloDe(datos.fecha);
  const { curso, cambios, repetido } = await transaccion(
    ctx,
    async (tx) => {
      const curso = await cursoVisible(tx, { curso: datos.curso, ciclo });
      if (datos.envio && !(await registrarEnvio(tx, datos.envio, datos)))
        return { curso, cambios: SIN_CAMBIOS, repetido: true };
      if (fueraDeVentana) throw malo(mensajeFechaFuera(hoy, modo));
      const ids = datos.alumnos.map((a) => a.alumno);
      if (ids.length) {
        const delCursoEnCiclo = await tx.db
          .select({ id: alumnosCursos.alumnoId })
          .from(alumnosCursos)
          .where(
            and(
              eq(alumnosCursos.cursoId, datos.curso),
              eq(alumnosCursos.ciclolectivo, ciclo),
              sql`${alumnosCursos.alumnoId} = any(${enteros(ids)})`,
            ),
          );
        const enCurso = new Set(delCursoEnCiclo.map((f) => f.id));
        const fuera = ids.filter((i) => !enCurso.has(i));
        if (fuera.length)
          throw malo(
            `${fuera.length === 1 ? `El alumno ${fuera[0]} no es` : `Los alumnos ${fuera.join(', ')} no son`} del curso ${curso.nombre} en ${ciclo}.`,
          );
      }
      await verificarAnteriores(tx, datos);
      const conFecha = <E extends object>(e: E) => ({
        ...e,
        fecha: datos.fecha,
        turno: datos.turno,
      });
      const resumen = await aplicarCambios(tx, {
        cambios: datos.alumnos.map((a) => ({
          alumnoId: a.alumno,
          crear: a.crear.map(conFecha),
          actualizar: a.actualizar.map(conFecha),
          borrar: a.borrar,
        })),
        planilla: { fecha: datos.fecha, turno: datos.turno },
      });
      // Después de validar y escribir las entradas: un pedido rechazado no marca nada.
      await marcarTomada(tx, datos);
      return { curso, cambios: resumen, repetido: false };
    },
    INTEGRIDAD,
  );
  // El curso ya se verificó en la transacción: la planilla releída no lo vuelve a leer.
  return { ...(await planilla(ctx, datos, curso)), cambios, repetido };
}

/** Edita las entradas de un alumno (modo "Por Alumno") en una transacción. */
export async function guardarAlumno(ctx: Ctx, datos: GuardarAlumno) {
  const cambios = await transaccion(
    ctx,
    async (tx) => {
      await alumnoVisible(tx, { alumno: datos.alumno });
      return aplicarCambios(tx, {
        cambios: [
          {
            alumnoId: datos.alumno,
            crear: datos.crear,
            actualizar: datos.actualizar,
            borrar: datos.borrar,
          },
        ],
      });
    },
    INTEGRIDAD,
  );
  return { ...(await delAlumno(ctx, { alumno: datos.alumno })), cambios };
}

// ---------------------------------------------------------------------------
// Legajo y vistas propias: la lista por año

/** Legajo del personal: el alumno debe estar dentro del alcance del rol en el ciclo elegido. */
export async function delAlumno(ctx: Ctx, p: { alumno: number; anio?: number }) {
  await alumnoVisible(ctx, { alumno: p.alumno });
  return legajo(ctx, { alumno: p.alumno, anio: p.anio ?? ctx.ciclo });
}

/** Vista propia: el alumno mismo o un hijo vinculado (el pedido, el elegido o el primero). */
export async function mias(ctx: Ctx, p: { alumno?: number; anio?: number }) {
  const alumnoId = await alumnoPropioOHijo(ctx, p.alumno);
  // La vista propia muestra la lista del legajo y su pie (sin hoy), no lo del personal.
  const {
    entradas: _e,
    resumenConHoy: _r,
    ...vista
  } = await legajo(ctx, {
    alumno: alumnoId,
    anio: p.anio ?? ctx.ciclo,
  });
  return vista;
}
