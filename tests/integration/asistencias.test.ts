/**
 * Asistencias (spec 01 §2 Attendance y Overview, §3, §4, §5, §7, §9; spec 02 §4): planilla por
 * curso, día y turno; guardado en una transacción con el modo del rol activo; edición por
 * alumno; planillón del mes; legajo y vistas propias; alcance por rol; REST. Lo esperado sale
 * de consultas propias a la base o de valores escritos a mano.
 */
import { momentoEscolar } from '@/server/reloj';
import { and, asc, count, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { hoyEscolar, sumarDias, ZONA_HORARIA_POR_DEFECTO } from '@/domain/escuela';
import { Rol } from '@/domain/roles';
import { numero } from '@/domain/texto';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo, idDeUsuario } from '../fixtures/contexto';
import { pedirRest } from '../fixtures/rest';
import { resumenDesdeLaBase } from '../fixtures/asistencias';
import { diasDeClase } from '@/server/db/seed/vida-escolar';
import { pesoInasistencia, TIPOS_ASISTENCIA, type CorteAsistencia } from '@/domain/asistencias';
import { pesoSql } from '@/server/consultas/asistencias';
import { codigoDe, codigoYMensaje, fallo } from '../fixtures/errores';
import { contarConsultas } from '../fixtures/consultas';

const ciclo = momentoEscolar().ciclo;
const hoy = momentoEscolar().hoy;
const ddmm = (f: string) => `${f.slice(8, 10)}/${f.slice(5, 7)}/${f.slice(0, 4)}`;
const FUERA_PROTEGIDO = `La fecha debe estar entre el ${ddmm(sumarDias(hoy, -15))} y hoy (${ddmm(hoy)}).`;
const FUERA_COMPLETO = `La fecha debe estar entre el ${ddmm(sumarDias(hoy, -365))} y hoy (${ddmm(hoy)}).`;
const NO_BORRAR = 'Sólo se pueden borrar entradas nuevas o con fecha de hoy en adelante.';

let c: Conexion;
let db: Db;
beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo);
  db = c.db;
});
afterAll(() => c?.cerrar());

const como = (email: string, rol: number, extra: { hijo?: number | null } = {}) =>
  callerComo(db, email, rol, { ciclo, ...extra });
const preceptor = () => como(EMAIL_DEMO.preceptor, Rol.Preceptor);
const jefe = () => como(EMAIL_DEMO.jefePreceptores, Rol.JefePreceptor);

/** Cursos de un preceptor por año y división. */
async function cursosDe(email: string) {
  const id = await idDeUsuario(db, email);
  return db
    .select({ id: s.cursos.id, anio: s.cursos.anio, division: s.cursos.division })
    .from(s.preceptoresCursos)
    .innerJoin(s.cursos, eq(s.cursos.id, s.preceptoresCursos.cursoId))
    .where(and(eq(s.preceptoresCursos.usuarioId, id), eq(s.preceptoresCursos.ciclolectivo, ciclo)))
    .orderBy(asc(s.cursos.anio), asc(s.cursos.division));
}

async function cursoPorAnio(anio: number, division: number) {
  const [x] = await db
    .select({ id: s.cursos.id })
    .from(s.cursos)
    .where(and(eq(s.cursos.anio, anio), eq(s.cursos.division, division)));
  return x!.id;
}

/** Alumnos de un curso en el ciclo, como los ordena la planilla. */
async function alumnosDe(cursoId: number) {
  return db
    .select({ orden: s.alumnos.id, apellido: s.alumnos.apellido, nombre: s.alumnos.nombre })
    .from(s.alumnosCursos)
    .innerJoin(s.alumnos, eq(s.alumnos.id, s.alumnosCursos.alumnoId))
    .where(and(eq(s.alumnosCursos.cursoId, cursoId), eq(s.alumnosCursos.ciclolectivo, ciclo)))
    .orderBy(asc(s.alumnos.apellido), asc(s.alumnos.nombre), asc(s.alumnos.id));
}

const filasDe = (alumnoId: number, fecha?: string) =>
  db
    .select()
    .from(s.asistencias)
    .where(
      and(eq(s.asistencias.alumnoId, alumnoId), fecha ? eq(s.asistencias.fecha, fecha) : undefined),
    )
    .orderBy(asc(s.asistencias.id));

const contarAuditoria = async () =>
  (
    await db.select({ n: count() }).from(s.auditoria).where(eq(s.auditoria.entidad, 'asistencias'))
  )[0]!.n;
const contarAsistencias = async () => (await db.select({ n: count() }).from(s.asistencias))[0]!.n;

/** Todas las filas de `asistencias_tomadas`, en orden de clave. */
const todasLasTomadas = () =>
  db
    .select()
    .from(s.asistenciasTomadas)
    .orderBy(
      asc(s.asistenciasTomadas.cursoId),
      asc(s.asistenciasTomadas.fecha),
      asc(s.asistenciasTomadas.turno),
    );

/** La fila de `asistencias_tomadas` de un curso, día y turno, o null. */
async function tomadaEnBase(curso: number, fecha: string, turno: string) {
  const [t] = await db
    .select()
    .from(s.asistenciasTomadas)
    .where(
      and(
        eq(s.asistenciasTomadas.cursoId, curso),
        eq(s.asistenciasTomadas.fecha, fecha),
        eq(s.asistenciasTomadas.turno, turno),
      ),
    );
  return t ?? null;
}

/** 'Apellido, Nombre' de un usuario, como lo muestra `tomada.por`. */
async function nombreDeUsuario(id: number) {
  const [u] = await db
    .select({ apellido: s.usuarios.apellido, nombre: s.usuarios.nombre })
    .from(s.usuarios)
    .where(eq(s.usuarios.id, id));
  return `${u!.apellido}, ${u!.nombre}`;
}

/**
 * Deja la planilla de un curso, día y turno sin tomar (borra su fila, si la hay): cada prueba
 * parte de una planilla sin tomar aunque otra ya haya guardado ahí.
 */
async function sinTomar(curso: number, fecha: string, turno: 'Mañana' | 'Tarde') {
  await db
    .delete(s.asistenciasTomadas)
    .where(
      and(
        eq(s.asistenciasTomadas.cursoId, curso),
        eq(s.asistenciasTomadas.fecha, fecha),
        eq(s.asistenciasTomadas.turno, turno),
      ),
    );
  return { curso, fecha, turno };
}

/** Las planillas de hoy (curso y turno) de los cursos del preceptor que nadie tomó todavía. */
async function sinTomarHoy() {
  const res: { curso: number; turno: 'Mañana' | 'Tarde' }[] = [];
  for (const c of await cursosDe(EMAIL_DEMO.preceptor))
    for (const turno of ['Mañana', 'Tarde'] as const)
      if (!(await tomadaEnBase(c.id, hoy, turno))) res.push({ curso: c.id, turno });
  return res;
}

/** Un alumno del curso sin entradas en esa fecha (para escribir sin chocar con la siembra). */
async function alumnoLibreDeEntradas(cursoId: number, fecha: string, excepto: number[] = []) {
  const conEntradas = new Set(
    (
      await db
        .select({ a: s.asistencias.alumnoId })
        .from(s.asistencias)
        .where(eq(s.asistencias.fecha, fecha))
    ).map((f) => f.a),
  );
  const a = (await alumnosDe(cursoId)).find(
    (x) => !conEntradas.has(x.orden) && !excepto.includes(x.orden),
  );
  if (!a) throw new Error('No hay alumno libre');
  return a.orden;
}

async function alumnoDemo() {
  const [a] = await db
    .select({ id: s.alumnos.id })
    .from(s.alumnos)
    .innerJoin(s.usuarios, eq(s.usuarios.id, s.alumnos.usuarioId))
    .where(eq(s.usuarios.email, EMAIL_DEMO.alumno));
  return a!.id;
}
async function hijosDe(email: string) {
  const u = await idDeUsuario(db, email);
  return (
    await db
      .select({ id: s.alumnosReferentes.alumnoId })
      .from(s.referentes)
      .innerJoin(s.alumnosReferentes, eq(s.alumnosReferentes.referenteId, s.referentes.id))
      .where(eq(s.referentes.usuarioId, u))
      .orderBy(asc(s.alumnosReferentes.alumnoId))
  ).map((h) => h.id);
}

describe('asistencias.planilla', () => {
  test('Preceptor: su curso, hoy, con los alumnos del ciclo en orden y el modo protegido', async () => {
    const [curso] = await cursosDe(EMAIL_DEMO.preceptor);
    const p = await (
      await preceptor()
    ).asistencias.planilla({ curso: curso!.id, fecha: hoy, turno: 'Mañana' });
    expect(
      p.alumnos.map((a) => ({ orden: a.orden, apellido: a.apellido, nombre: a.nombre })),
    ).toEqual(await alumnosDe(curso!.id));
    expect(p.alumnos.length).toBeGreaterThanOrEqual(25);
    expect(p).toMatchObject({
      modo: 'protegido',
      fechaMinima: sumarDias(hoy, -15),
      editable: true,
      hoy,
      ciclo,
    });
    expect(p.curso.orden).toBe(curso!.id);
    // La siembra llega hasta ayer: hoy no hay entradas.
    expect(p.alumnos.flatMap((a) => a.entradas)).toEqual([]);
  });

  test('un día con entradas sembradas: las mismas que en la base; borrables sólo en modo completo', async () => {
    const cursos = (await cursosDe(EMAIL_DEMO.preceptor)).map((x) => x.id);
    const [dia] = await db
      .select({
        fecha: s.asistencias.fecha,
        turno: s.asistencias.turno,
        curso: s.alumnosCursos.cursoId,
        n: count(),
      })
      .from(s.asistencias)
      .innerJoin(
        s.alumnosCursos,
        and(
          eq(s.alumnosCursos.alumnoId, s.asistencias.alumnoId),
          eq(s.alumnosCursos.ciclolectivo, ciclo),
        ),
      )
      .where(and(inArray(s.alumnosCursos.cursoId, cursos), lt(s.asistencias.fecha, hoy)))
      .groupBy(s.asistencias.fecha, s.asistencias.turno, s.alumnosCursos.cursoId)
      .orderBy(sql`count(*) desc`, asc(s.asistencias.fecha))
      .limit(1);
    expect(dia!.n).toBeGreaterThanOrEqual(2);
    const entrada = {
      curso: dia!.curso,
      fecha: dia!.fecha,
      turno: dia!.turno as 'Mañana' | 'Tarde',
    };
    const esperadas = await db
      .select({ orden: s.asistencias.id, tipo: s.asistencias.tipo })
      .from(s.asistencias)
      .innerJoin(
        s.alumnosCursos,
        and(
          eq(s.alumnosCursos.alumnoId, s.asistencias.alumnoId),
          eq(s.alumnosCursos.ciclolectivo, ciclo),
          eq(s.alumnosCursos.cursoId, dia!.curso),
        ),
      )
      .where(and(eq(s.asistencias.fecha, dia!.fecha), eq(s.asistencias.turno, dia!.turno)))
      .orderBy(asc(s.asistencias.id));

    const comoPreceptor = await (await preceptor()).asistencias.planilla(entrada);
    const entradas = comoPreceptor.alumnos.flatMap((a) => a.entradas);
    expect(
      entradas.map((e) => ({ orden: e.orden, tipo: e.tipo })).sort((a, b) => a.orden - b.orden),
    ).toEqual(esperadas);
    expect(entradas.every((e) => e.fecha === dia!.fecha && e.turno === dia!.turno)).toBe(true);
    expect(entradas.map((e) => e.borrable)).toEqual(entradas.map(() => false));

    const comoJefe = await (await jefe()).asistencias.planilla(entrada);
    expect(comoJefe.modo).toBe('completo');
    expect(comoJefe.alumnos.flatMap((a) => a.entradas).map((e) => e.borrable)).toEqual(
      entradas.map(() => true),
    );
  });

  test('Preceptor: un día de hace más de 15 días se ve pero no es editable; el jefe sí puede editarlo', async () => {
    const [curso] = await cursosDe(EMAIL_DEMO.preceptor);
    const viejo = sumarDias(hoy, -20);
    expect(
      (
        await (
          await preceptor()
        ).asistencias.planilla({ curso: curso!.id, fecha: viejo, turno: 'Tarde' })
      ).editable,
    ).toBe(false);
    expect(
      (
        await (
          await jefe()
        ).asistencias.planilla({ curso: curso!.id, fecha: viejo, turno: 'Tarde' })
      ).editable,
    ).toBe(true);
  });

  test('alcance y entrada inválida', async () => {
    const p = await preceptor();
    const ajeno = await cursoPorAnio(3, 1);
    expect(
      await codigoYMensaje(p.asistencias.planilla({ curso: ajeno, fecha: hoy, turno: 'Mañana' })),
    ).toEqual({
      code: 'FORBIDDEN',
      message: 'No tiene acceso a ese curso.',
    });
    expect(
      await codigoYMensaje(p.asistencias.planilla({ curso: 999_999, fecha: hoy, turno: 'Mañana' })),
    ).toEqual({
      code: 'NOT_FOUND',
      message: 'El curso no existe.',
    });
    const [curso] = await cursosDe(EMAIL_DEMO.preceptor);
    expect(
      await fallo(
        p.asistencias.planilla({ curso: curso!.id, fecha: `${ciclo}-02-30`, turno: 'Mañana' }),
      ),
    ).toEqual({
      status: 400,
      message: 'La fecha no es válida: use el formato AAAA-MM-DD.',
    });
    expect(
      await fallo(
        p.asistencias.planilla({ curso: curso!.id, fecha: hoy, turno: 'Noche' as never }),
      ),
    ).toEqual({
      status: 400,
      message: 'El turno debe ser Mañana o Tarde.',
    });
    expect(
      await fallo(p.asistencias.planilla({ curso: 'x' as never, fecha: hoy, turno: 'Tarde' })),
    ).toEqual({
      status: 400,
      message: 'El identificador debe ser un número.',
    });
  });

  test('un número fijo de consultas, sea cual sea el tamaño del curso', async () => {
    const j = await jefe();
    const cursos = await db.select({ id: s.cursos.id }).from(s.cursos).orderBy(asc(s.cursos.id));
    const tamanios = await Promise.all(
      cursos.map(async (x) => ({ id: x.id, n: (await alumnosDe(x.id)).length })),
    );
    tamanios.sort((a, b) => a.n - b.n);
    const chico = tamanios[0]!;
    const grande = tamanios[tamanios.length - 1]!;
    expect(grande.n).toBeGreaterThan(chico.n);
    const fecha = sumarDias(hoy, -1);
    const a = await contarConsultas(db, () =>
      j.asistencias.planilla({ curso: chico.id, fecha, turno: 'Mañana' }),
    );
    const b = await contarConsultas(db, () =>
      j.asistencias.planilla({ curso: grande.id, fecha, turno: 'Mañana' }),
    );
    expect(a.r.alumnos).toHaveLength(chico.n);
    expect(b.r.alumnos).toHaveLength(grande.n);
    expect(a.n).toBe(b.n);
    // Alcance, alumnos, entradas y asistencia tomada (una fila, con quién la tomó).
    expect(a.n).toBeLessThanOrEqual(4);
    const ra = await contarConsultas(db, () =>
      j.asistencias.reporte({ curso: chico.id, mes: hoy.slice(0, 7) }),
    );
    const rb = await contarConsultas(db, () =>
      j.asistencias.reporte({ curso: grande.id, mes: hoy.slice(0, 7) }),
    );
    expect(ra.n).toBe(rb.n);
    expect(ra.n).toBeLessThanOrEqual(5);
  });
});

describe('asistencias.guardarPlanilla', () => {
  test('Preceptor: crea, modifica y borra entradas de hoy, cada cambio auditado', async () => {
    const p = await preceptor();
    const [curso] = await cursosDe(EMAIL_DEMO.preceptor);
    const [a1, a2] = await alumnosDe(curso!.id);
    const base = { curso: curso!.id, fecha: hoy, turno: 'Mañana' as const };
    const auditoriaAntes = await contarAuditoria();

    const r = await p.asistencias.guardarPlanilla({
      ...base,
      alumnos: [
        {
          alumno: a1!.orden,
          crear: [{ tipo: 'Falta', justificada: true, justificacion: ' Certificado médico ' }],
        },
        {
          alumno: a2!.orden,
          crear: [
            {
              tipo: 'Tardanza Ingreso',
              circunstancia: 'Educación Física',
              justificada: false,
              justificacion: 'se borra',
            },
          ],
        },
      ],
    });
    expect(r.cambios).toEqual({ creadas: 2, modificadas: 0, borradas: 0 });
    const [f1] = await filasDe(a1!.orden, hoy);
    const [f2] = await filasDe(a2!.orden, hoy);
    expect(f1).toMatchObject({
      tipo: 'Falta',
      turno: 'Mañana',
      circunstancia: 'Normal',
      justificada: true,
      justificacion: 'Certificado médico',
      creadoPor: await idDeUsuario(db, EMAIL_DEMO.preceptor),
    });
    // Una entrada no justificada no lleva justificación (spec 01 §4).
    expect(f2).toMatchObject({
      tipo: 'Tardanza Ingreso',
      circunstancia: 'Educación Física',
      justificada: false,
      justificacion: null,
    });
    const enRespuesta = r.alumnos.find((a) => a.orden === a1!.orden)!.entradas;
    expect(enRespuesta).toEqual([
      {
        orden: f1!.id,
        tipo: 'Falta',
        circunstancia: 'Normal',
        justificada: true,
        justificacion: 'Certificado médico',
        fecha: hoy,
        turno: 'Mañana',
        borrable: true,
      },
    ]);

    const r2 = await p.asistencias.guardarPlanilla({
      ...base,
      alumnos: [
        {
          alumno: a1!.orden,
          actualizar: [{ orden: f1!.id, tipo: 'Retiro con Permiso (Falta)', justificada: false }],
        },
        { alumno: a2!.orden, borrar: [f2!.id] },
      ],
    });
    expect(r2.cambios).toEqual({ creadas: 0, modificadas: 1, borradas: 1 });
    expect(
      (await filasDe(a1!.orden, hoy)).map((f) => [f.id, f.tipo, f.justificada, f.justificacion]),
    ).toEqual([[f1!.id, 'Retiro con Permiso (Falta)', false, null]]);
    expect(await filasDe(a2!.orden, hoy)).toEqual([]);

    const registros = await db
      .select()
      .from(s.auditoria)
      .where(
        and(
          eq(s.auditoria.entidad, 'asistencias'),
          inArray(s.auditoria.entidadId, [String(f1!.id), String(f2!.id)]),
        ),
      )
      .orderBy(asc(s.auditoria.id));
    const clave = (x: { accion: string; entidadId: string | null }) => `${x.accion}|${x.entidadId}`;
    expect(registros.map((x) => [x.accion, x.entidadId, x.rol]).sort()).toEqual(
      [
        ['crear', String(f1!.id), Rol.Preceptor],
        ['crear', String(f2!.id), Rol.Preceptor],
        ['editar', String(f1!.id), Rol.Preceptor],
        ['borrar', String(f2!.id), Rol.Preceptor],
      ].sort(),
    );
    const editado = registros.find((x) => clave(x) === `editar|${f1!.id}`)!;
    expect(editado.antes).toMatchObject({ tipo: 'Falta', justificacion: 'Certificado médico' });
    expect(editado.despues).toMatchObject({
      tipo: 'Retiro con Permiso (Falta)',
      justificacion: null,
    });
    expect(registros.find((x) => clave(x) === `borrar|${f2!.id}`)!.antes).toMatchObject({
      tipo: 'Tardanza Ingreso',
      alumno: a2!.orden,
    });
    expect(registros.find((x) => clave(x) === `crear|${f1!.id}`)!.despues).toMatchObject({
      tipo: 'Falta',
      fecha: hoy,
      turno: 'Mañana',
    });
    expect(await contarAuditoria()).toBe(auditoriaAntes + 4);
  });

  test('Preceptor: no borra una entrada guardada de un día anterior (el jefe sí), y no escribe nada del pedido', async () => {
    const [curso] = await cursosDe(EMAIL_DEMO.preceptor);
    const fecha = sumarDias(hoy, -3);
    const a = await alumnoLibreDeEntradas(curso!.id, fecha);
    const b = await alumnoLibreDeEntradas(curso!.id, fecha, [a]);
    const base = { curso: curso!.id, fecha, turno: 'Tarde' as const };
    const p = await preceptor();
    await p.asistencias.guardarPlanilla({
      ...base,
      alumnos: [{ alumno: a, crear: [{ tipo: 'Falta' }] }],
    });
    const [guardada] = await filasDe(a, fecha);
    expect(guardada!.tipo).toBe('Falta');

    const planilla = await p.asistencias.planilla(base);
    expect(planilla.alumnos.find((x) => x.orden === a)!.entradas[0]!.borrable).toBe(false);

    const antes = [await contarAsistencias(), await contarAuditoria()];
    expect(
      await codigoYMensaje(
        p.asistencias.guardarPlanilla({
          ...base,
          alumnos: [
            { alumno: b, crear: [{ tipo: 'Falta' }] },
            { alumno: a, borrar: [guardada!.id] },
          ],
        }),
      ),
    ).toEqual({ code: 'FORBIDDEN', message: NO_BORRAR });
    expect([await contarAsistencias(), await contarAuditoria()]).toEqual(antes);
    expect(await filasDe(b, fecha)).toEqual([]);

    const r = await (
      await jefe()
    ).asistencias.guardarPlanilla({ ...base, alumnos: [{ alumno: a, borrar: [guardada!.id] }] });
    expect(r.cambios.borradas).toBe(1);
    expect(await filasDe(a, fecha)).toEqual([]);
  });

  test('ventana de fechas: Preceptor hasta 15 días atrás; nadie en el futuro; el jefe hasta 365 días', async () => {
    const [curso] = await cursosDe(EMAIL_DEMO.preceptor);
    const [a] = await alumnosDe(curso!.id);
    const guardar = (caller: Awaited<ReturnType<typeof preceptor>>, fecha: string) =>
      caller.asistencias.guardarPlanilla({
        curso: curso!.id,
        fecha,
        turno: 'Tarde',
        alumnos: [{ alumno: a!.orden, crear: [{ tipo: 'Tardanza Recreo' }] }],
      });
    const antes = await contarAsistencias();
    const p = await preceptor();
    const j = await jefe();
    expect(await codigoYMensaje(guardar(p, sumarDias(hoy, -16)))).toEqual({
      code: 'BAD_REQUEST',
      message: FUERA_PROTEGIDO,
    });
    expect(await codigoYMensaje(guardar(p, sumarDias(hoy, 1)))).toEqual({
      code: 'BAD_REQUEST',
      message: FUERA_PROTEGIDO,
    });
    expect(await codigoYMensaje(guardar(j, sumarDias(hoy, 1)))).toEqual({
      code: 'BAD_REQUEST',
      message: FUERA_COMPLETO,
    });
    expect(await codigoYMensaje(guardar(j, sumarDias(hoy, -366)))).toEqual({
      code: 'BAD_REQUEST',
      message: FUERA_COMPLETO,
    });
    expect(await contarAsistencias()).toBe(antes);
    // Dentro de la ventana del modo completo (si el día es del ciclo, el alumno es del curso).
    const fecha = sumarDias(hoy, -16);
    if (fecha.startsWith(String(ciclo))) {
      const libre = await alumnoLibreDeEntradas(curso!.id, fecha);
      const r = await j.asistencias.guardarPlanilla({
        curso: curso!.id,
        fecha,
        turno: 'Tarde',
        alumnos: [{ alumno: libre, crear: [{ tipo: 'Tardanza Recreo' }] }],
      });
      expect(r.cambios.creadas).toBe(1);
    }
  });

  test('un alumno que no es del curso, un curso ajeno, tipos y circunstancias desconocidos: error y nada escrito', async () => {
    const p = await preceptor();
    const [curso] = await cursosDe(EMAIL_DEMO.preceptor);
    const [a] = await alumnosDe(curso!.id);
    const ajeno = await cursoPorAnio(3, 1);
    const [deOtro] = await alumnosDe(ajeno);
    const antes = [await contarAsistencias(), await contarAuditoria()];
    const tomadasAntes = await todasLasTomadas();
    const base = { curso: curso!.id, fecha: hoy, turno: 'Tarde' as const };

    expect(
      await fallo(
        p.asistencias.guardarPlanilla({
          ...base,
          alumnos: [
            { alumno: a!.orden, crear: [{ tipo: 'Falta' }] },
            { alumno: deOtro!.orden, crear: [{ tipo: 'Falta' }] },
          ],
        }),
      ),
    ).toEqual({
      status: 400,
      message: `El alumno ${deOtro!.orden} no es del curso 2° 1° en ${ciclo}.`,
    });
    expect(
      await codigoYMensaje(
        p.asistencias.guardarPlanilla({
          ...base,
          curso: ajeno,
          alumnos: [{ alumno: deOtro!.orden, crear: [{ tipo: 'Falta' }] }],
        }),
      ),
    ).toEqual({
      code: 'FORBIDDEN',
      message: 'No tiene acceso a ese curso.',
    });
    expect(
      await fallo(
        p.asistencias.guardarPlanilla({
          ...base,
          alumnos: [{ alumno: a!.orden, crear: [{ tipo: 'Ausente' as never }] }],
        }),
      ),
    ).toEqual({
      status: 400,
      message:
        'Tipo de asistencia desconocido. Los tipos son: Falta, Tardanza Ingreso, Tardanza Recreo, Retiro con Permiso (Falta), Retiro con Permiso (Media), Ingreso Autorizado (Falta).',
    });
    expect(
      await fallo(
        p.asistencias.guardarPlanilla({
          ...base,
          alumnos: [
            { alumno: a!.orden, crear: [{ tipo: 'Falta', circunstancia: 'Taller' as never }] },
          ],
        }),
      ),
    ).toEqual({
      status: 400,
      message: 'Circunstancia desconocida. Las circunstancias son: Normal, Educación Física.',
    });
    expect(
      await fallo(
        p.asistencias.guardarPlanilla({
          ...base,
          alumnos: [
            { alumno: a!.orden, crear: [{ tipo: 'Falta' }, { tipo: 'Falta', justificada: true }] },
          ],
        }),
      ),
    ).toEqual({
      status: 400,
      message: 'Hay dos entradas nuevas del mismo tipo para el mismo alumno, día y turno.',
    });
    expect(
      await fallo(
        p.asistencias.guardarPlanilla({
          ...base,
          alumnos: [{ alumno: 'abc' as never, crear: [] }],
        }),
      ),
    ).toEqual({
      status: 400,
      message: 'El identificador debe ser un número.',
    });
    expect(
      await fallo(
        p.asistencias.guardarPlanilla({
          ...base,
          alumnos: [{ alumno: a!.orden }, { alumno: a!.orden }],
        }),
      ),
    ).toEqual({
      status: 400,
      message: 'Un alumno aparece más de una vez en la planilla.',
    });
    expect(await fallo(p.asistencias.guardarPlanilla(base as never))).toEqual({
      status: 400,
      message: 'Indique los cambios de cada alumno (alumnos).',
    });
    expect([await contarAsistencias(), await contarAuditoria()]).toEqual(antes);
    expect(await todasLasTomadas()).toEqual(tomadasAntes);
  });

  test('no se puede tocar una entrada de otro alumno ni de otra planilla; modificar una borrada es un conflicto', async () => {
    const j = await jefe();
    const [curso] = await cursosDe(EMAIL_DEMO.preceptor);
    const [a, b] = await alumnosDe(curso!.id);
    const base = { curso: curso!.id, fecha: hoy, turno: 'Tarde' as const };
    await j.asistencias.guardarPlanilla({
      ...base,
      alumnos: [{ alumno: a!.orden, crear: [{ tipo: 'Tardanza Recreo' }] }],
    });
    const [deA] = (await filasDe(a!.orden, hoy)).filter((f) => f.turno === 'Tarde');
    expect(
      await codigoYMensaje(
        j.asistencias.guardarPlanilla({
          ...base,
          alumnos: [{ alumno: b!.orden, borrar: [deA!.id] }],
        }),
      ),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: `La entrada ${deA!.id} no es de ese alumno.`,
    });
    expect(
      await codigoYMensaje(
        j.asistencias.guardarPlanilla({
          ...base,
          turno: 'Mañana',
          alumnos: [{ alumno: a!.orden, actualizar: [{ orden: deA!.id, tipo: 'Falta' }] }],
        }),
      ),
    ).toEqual({ code: 'BAD_REQUEST', message: `La entrada ${deA!.id} no es de esta planilla.` });
    await j.asistencias.guardarPlanilla({
      ...base,
      alumnos: [{ alumno: a!.orden, borrar: [deA!.id] }],
    });
    // Borrar otra vez lo ya borrado no es un error: no hay nada que perder.
    expect(
      (
        await j.asistencias.guardarPlanilla({
          ...base,
          alumnos: [{ alumno: a!.orden, borrar: [deA!.id] }],
        })
      ).cambios,
    ).toEqual({
      creadas: 0,
      modificadas: 0,
      borradas: 0,
    });
    expect(
      await codigoYMensaje(
        j.asistencias.guardarPlanilla({
          ...base,
          alumnos: [{ alumno: a!.orden, actualizar: [{ orden: deA!.id, tipo: 'Falta' }] }],
        }),
      ),
    ).toEqual({
      code: 'CONFLICT',
      message: 'Otra persona borró una de las entradas modificadas. Vuelva a cargar la planilla.',
    });
  });

  test('crear un tipo que ya está guardado no duplica: actualiza la entrada y lo audita como edición', async () => {
    const j = await jefe();
    const [, , curso] = await cursosDe(EMAIL_DEMO.preceptor);
    const a = (await alumnosDe(curso!.id))[5]!.orden;
    const base = { curso: curso!.id, fecha: hoy, turno: 'Mañana' as const };
    await j.asistencias.guardarPlanilla({
      ...base,
      alumnos: [{ alumno: a, crear: [{ tipo: 'Falta' }] }],
    });
    const r = await (
      await preceptor()
    ).asistencias.guardarPlanilla({
      ...base,
      alumnos: [
        { alumno: a, crear: [{ tipo: 'Falta', justificada: true, justificacion: 'Turno médico' }] },
      ],
    });
    expect(r.cambios).toEqual({ creadas: 0, modificadas: 1, borradas: 0 });
    const filas = await filasDe(a, hoy);
    expect(filas.map((f) => [f.tipo, f.justificada, f.justificacion])).toEqual([
      ['Falta', true, 'Turno médico'],
    ]);
    const [ultimo] = await db
      .select()
      .from(s.auditoria)
      .where(
        and(
          eq(s.auditoria.entidad, 'asistencias'),
          eq(s.auditoria.entidadId, String(filas[0]!.id)),
        ),
      )
      .orderBy(sql`${s.auditoria.id} desc`)
      .limit(1);
    expect(ultimo).toMatchObject({
      accion: 'editar',
      antes: { justificada: false },
      despues: { justificada: true },
    });
  });

  test('dos guardados simultáneos del mismo curso y día no pierden nada ni duplican entradas', async () => {
    const [curso] = await cursosDe(EMAIL_DEMO.preceptor);
    const lista = await alumnosDe(curso!.id);
    const [comun, soloP, soloJ] = [lista[10]!.orden, lista[11]!.orden, lista[12]!.orden];
    const base = { curso: curso!.id, fecha: hoy, turno: 'Tarde' as const };
    const [p, j] = [await preceptor(), await jefe()];
    const resultados = await Promise.all([
      p.asistencias.guardarPlanilla({
        ...base,
        alumnos: [
          { alumno: comun, crear: [{ tipo: 'Falta' }, { tipo: 'Tardanza Ingreso' }] },
          { alumno: soloP, crear: [{ tipo: 'Falta' }] },
        ],
      }),
      j.asistencias.guardarPlanilla({
        ...base,
        alumnos: [
          { alumno: comun, crear: [{ tipo: 'Falta' }] },
          { alumno: soloJ, crear: [{ tipo: 'Retiro con Permiso (Media)' }] },
        ],
      }),
    ]);
    const filas = await db
      .select({ alumno: s.asistencias.alumnoId, tipo: s.asistencias.tipo })
      .from(s.asistencias)
      .where(
        and(
          eq(s.asistencias.fecha, hoy),
          eq(s.asistencias.turno, 'Tarde'),
          inArray(s.asistencias.alumnoId, [comun, soloP, soloJ]),
        ),
      )
      .orderBy(asc(s.asistencias.alumnoId), asc(s.asistencias.tipo));
    const esperado = [
      { alumno: comun, tipo: 'Falta' },
      { alumno: comun, tipo: 'Tardanza Ingreso' },
      { alumno: soloP, tipo: 'Falta' },
      { alumno: soloJ, tipo: 'Retiro con Permiso (Media)' },
    ].sort((x, y) => x.alumno - y.alumno || x.tipo.localeCompare(y.tipo));
    expect(filas).toEqual(esperado);
    // El que terminó último ve lo del otro.
    const vistas = resultados.map((r) =>
      r.alumnos
        .filter((a) => [comun, soloP, soloJ].includes(a.orden))
        .flatMap((a) => a.entradas.map((e) => ({ alumno: a.orden, tipo: e.tipo })))
        .sort((x, y) => x.alumno - y.alumno || x.tipo.localeCompare(y.tipo)),
    );
    expect(vistas.some((v) => JSON.stringify(v) === JSON.stringify(esperado))).toBe(true);
    const [repetidas] = await db.select({ n: count() }).from(
      db
        .select({ a: s.asistencias.alumnoId })
        .from(s.asistencias)
        .groupBy(
          s.asistencias.alumnoId,
          s.asistencias.fecha,
          s.asistencias.turno,
          s.asistencias.tipo,
        )
        .having(sql`count(*) > 1`)
        .as('r'),
    );
    expect(repetidas!.n).toBe(0);
  });
});

describe('asistencia tomada (issue 15 §5)', () => {
  test('la siembra: cada día de clase, ambos turnos, a nombre del preceptor del curso; hoy quedan planillas sin tomar', async () => {
    const dias = diasDeClase(ciclo, hoy);
    if (dias.length === 0) return; // Antes del comienzo de clases no hay nada sembrado.
    const ayer = dias[dias.length - 1]!;
    const j = await jefe();
    const [curso] = await cursosDe(EMAIL_DEMO.preceptor);
    const [preceptorDelCurso] = await db
      .select({ id: s.preceptoresCursos.usuarioId })
      .from(s.preceptoresCursos)
      .where(
        and(
          eq(s.preceptoresCursos.cursoId, curso!.id),
          eq(s.preceptoresCursos.ciclolectivo, ciclo),
        ),
      )
      .orderBy(asc(s.preceptoresCursos.usuarioId))
      .limit(1);
    for (const turno of ['Mañana', 'Tarde'] as const) {
      const { tomada } = await j.asistencias.planilla({ curso: curso!.id, fecha: ayer, turno });
      expect(tomada).toEqual({
        por: await nombreDeUsuario(preceptorDelCurso!.id),
        en: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      });
      // Tomada ese mismo día (en la zona de la escuela), en el horario del turno.
      const hora = Number(
        new Intl.DateTimeFormat('en-US', {
          timeZone: ZONA_HORARIA_POR_DEFECTO,
          hour: 'numeric',
          hourCycle: 'h23',
        }).format(new Date(tomada!.en)),
      );
      expect(hoyEscolar(new Date(tomada!.en), ZONA_HORARIA_POR_DEFECTO)).toBe(ayer);
      expect(turno === 'Mañana' ? hora >= 7 && hora < 12 : hora >= 13 && hora < 18).toBe(true);
    }
    // Hoy: la tarde de ningún curso (y la mañana de uno de cada tres) sigue sin tomar.
    const pendientes = await sinTomarHoy();
    expect(pendientes.filter((x) => x.turno === 'Tarde').length).toBeGreaterThanOrEqual(1);
  });

  test('guardar sin cambios (alumnos: []) la marca tomada por quien guarda, sin entradas ni su auditoría (la marca sí: auditoria-inmutable.test.ts)', async () => {
    const cursos = await cursosDe(EMAIL_DEMO.preceptor);
    const base = await sinTomar(cursos[cursos.length - 1]!.id, hoy, 'Tarde');
    const p = await preceptor();
    expect((await p.asistencias.planilla(base)).tomada).toBeNull();
    const antes = [await contarAsistencias(), await contarAuditoria()];

    const r = await p.asistencias.guardarPlanilla({ ...base, alumnos: [] });
    expect(r.cambios).toEqual({ creadas: 0, modificadas: 0, borradas: 0 });
    const idPreceptor = await idDeUsuario(db, EMAIL_DEMO.preceptor);
    expect(r.tomada).toEqual({ por: await nombreDeUsuario(idPreceptor), en: expect.any(String) });
    const fila = await tomadaEnBase(base.curso, hoy, base.turno);
    expect(fila).toMatchObject({ usuarioId: idPreceptor });
    expect(r.tomada!.en).toBe(fila!.en.toISOString());
    // El reloj de la escuela (ctx.ahora; sin fecha fija, el real): hace un momento.
    expect(Math.abs(Date.now() - Date.parse(r.tomada!.en))).toBeLessThan(5 * 60_000);
    expect([await contarAsistencias(), await contarAuditoria()]).toEqual(antes);
    expect((await p.asistencias.planilla(base)).tomada).toEqual(r.tomada);

    // Guardar otra vez (el jefe): la misma fila, a nombre del último que guardó.
    const otra = await (await jefe()).asistencias.guardarPlanilla({ ...base, alumnos: [] });
    expect(otra.tomada!.por).toBe(
      await nombreDeUsuario(await idDeUsuario(db, EMAIL_DEMO.jefePreceptores)),
    );
    expect(Date.parse(otra.tomada!.en)).toBeGreaterThanOrEqual(Date.parse(r.tomada!.en));
    expect(
      (await todasLasTomadas()).filter(
        (t) => t.cursoId === base.curso && t.fecha === hoy && t.turno === base.turno,
      ),
    ).toHaveLength(1);
  });

  test('guardar con cambios también la marca tomada, en la misma transacción', async () => {
    const cursos = await cursosDe(EMAIL_DEMO.preceptor);
    const base = await sinTomar(cursos[cursos.length - 1]!.id, hoy, 'Mañana');
    const a = await alumnoLibreDeEntradas(base.curso, hoy);
    const r = await (
      await preceptor()
    ).asistencias.guardarPlanilla({
      ...base,
      alumnos: [{ alumno: a, crear: [{ tipo: 'Falta' }] }],
    });
    expect(r.cambios.creadas).toBe(1);
    const idPreceptor = await idDeUsuario(db, EMAIL_DEMO.preceptor);
    expect(r.tomada?.por).toBe(await nombreDeUsuario(idPreceptor));
    const fila = await tomadaEnBase(base.curso, hoy, base.turno);
    expect(fila?.usuarioId).toBe(idPreceptor);
    // La entrada y la marca, del mismo instante: la hora del contexto (ctx.ahora).
    const [entrada] = await filasDe(a, hoy);
    expect(entrada!.modificado.toISOString()).toBe(fila!.en.toISOString());
  });

  test('un curso ajeno: FORBIDDEN y ninguna fila (tRPC y REST)', async () => {
    const ajeno = await cursoPorAnio(3, 1);
    const antes = await todasLasTomadas();
    expect(await tomadaEnBase(ajeno, hoy, 'Tarde')).toBeNull();
    expect(
      await codigoYMensaje(
        (await preceptor()).asistencias.guardarPlanilla({
          curso: ajeno,
          fecha: hoy,
          turno: 'Tarde',
          alumnos: [],
        }),
      ),
    ).toEqual({ code: 'FORBIDDEN', message: 'No tiene acceso a ese curso.' });
    const rest = await pedirRest(
      'POST',
      `/api/asistencias/planilla/${ajeno}/${hoy}/Tarde`,
      { db, email: EMAIL_DEMO.preceptor, ciclo },
      [],
    );
    expect(rest.status).toBe(403);
    expect(await todasLasTomadas()).toEqual(antes);
  });

  test('un guardado que falla no marca nada ni cambia quién la tomó (atómico)', async () => {
    const [curso] = await cursosDe(EMAIL_DEMO.preceptor);
    const pendiente = await sinTomar(curso!.id, hoy, 'Tarde');
    const p = await preceptor();
    const ajeno = await cursoPorAnio(3, 1);
    const [deOtro] = await alumnosDe(ajeno);
    const antes = await todasLasTomadas();

    // Un alumno de otro curso: 400 y la planilla sigue sin tomar.
    expect(
      await codigoDe(
        p.asistencias.guardarPlanilla({
          curso: pendiente.curso,
          fecha: hoy,
          turno: pendiente.turno,
          alumnos: [{ alumno: deOtro!.orden, crear: [{ tipo: 'Falta' }] }],
        }),
      ),
    ).toBe('BAD_REQUEST');
    expect(await tomadaEnBase(pendiente.curso, hoy, pendiente.turno)).toBeNull();

    // Una planilla ya tomada (por el jefe, con una entrada) de un día anterior: el preceptor no
    // puede borrar esa entrada; la creación del mismo pedido no queda, y la marca sigue del jefe.
    const fecha = sumarDias(hoy, -2);
    const base = { curso: curso!.id, fecha, turno: 'Mañana' as const };
    const a = await alumnoLibreDeEntradas(curso!.id, fecha);
    const b = await alumnoLibreDeEntradas(curso!.id, fecha, [a]);
    await (
      await jefe()
    ).asistencias.guardarPlanilla({
      ...base,
      alumnos: [{ alumno: a, crear: [{ tipo: 'Falta' }] }],
    });
    const [guardada] = await filasDe(a, fecha);
    const delJefe = await tomadaEnBase(curso!.id, fecha, 'Mañana');
    expect(delJefe?.usuarioId).toBe(await idDeUsuario(db, EMAIL_DEMO.jefePreceptores));
    const conLaDelJefe = await todasLasTomadas();
    expect(conLaDelJefe.length - antes.length).toBeLessThanOrEqual(1);
    expect(
      await codigoYMensaje(
        p.asistencias.guardarPlanilla({
          ...base,
          alumnos: [
            { alumno: b, crear: [{ tipo: 'Falta' }] },
            { alumno: a, borrar: [guardada!.id] },
          ],
        }),
      ),
    ).toEqual({ code: 'FORBIDDEN', message: NO_BORRAR });
    expect(await filasDe(b, fecha)).toEqual([]);
    expect(await tomadaEnBase(curso!.id, fecha, 'Mañana')).toEqual(delJefe);
    expect(await todasLasTomadas()).toEqual(conLaDelJefe);
  });

  test('REST: POST con la lista vacía la marca tomada; GET la devuelve', async () => {
    const [, curso] = await cursosDe(EMAIL_DEMO.preceptor);
    const pendiente = await sinTomar(curso!.id, hoy, 'Tarde');
    const camino = `/api/asistencias/planilla/${pendiente.curso}/${hoy}/${encodeURIComponent(pendiente.turno)}`;
    const pedido = { db, email: EMAIL_DEMO.preceptor, ciclo };
    const get = await pedirRest<{ tomada: unknown }>('GET', camino, pedido);
    expect(get.status).toBe(200);
    expect(get.body.tomada).toBeNull();
    const post = await pedirRest<{ tomada: { por: string; en: string } }>(
      'POST',
      camino,
      pedido,
      [],
    );
    expect(post.status).toBe(200);
    expect(post.body.tomada.por).toBe(
      await nombreDeUsuario(await idDeUsuario(db, EMAIL_DEMO.preceptor)),
    );
    expect((await pedirRest<{ tomada: unknown }>('GET', camino, pedido)).body.tomada).toEqual(
      post.body.tomada,
    );
  });
});

describe('asistencias.guardarAlumno', () => {
  test('el jefe crea, modifica y borra entradas de varios días de un alumno en una transacción', async () => {
    const j = await jefe();
    const [, curso] = await cursosDe(EMAIL_DEMO.preceptor);
    const a = (await alumnosDe(curso!.id))[2]!.orden;
    const d1 = hoy;
    const d2 = sumarDias(hoy, -40);
    const antes = await filasDe(a);
    const r = await j.asistencias.guardarAlumno({
      alumno: a,
      crear: [
        { tipo: 'Ingreso Autorizado (Falta)', fecha: d1, turno: 'Tarde' },
        { tipo: 'Tardanza Recreo', fecha: d2, turno: 'Tarde', justificada: true },
      ],
    });
    expect(r.cambios).toEqual({ creadas: 2, modificadas: 0, borradas: 0 });
    expect(r.alumno.orden).toBe(a);
    const nuevas = (await filasDe(a))
      .filter((f) => !antes.some((x) => x.id === f.id))
      .sort((x, y) => y.fecha.localeCompare(x.fecha));
    expect(nuevas.map((f) => [f.fecha, f.turno, f.tipo, f.justificada])).toEqual([
      [d1, 'Tarde', 'Ingreso Autorizado (Falta)', false],
      [d2, 'Tarde', 'Tardanza Recreo', true],
    ]);
    const [n1, n2] = nuevas;
    const r2 = await j.asistencias.guardarAlumno({
      alumno: a,
      actualizar: [
        {
          orden: n2!.id,
          tipo: 'Tardanza Recreo',
          fecha: sumarDias(d2, 1),
          turno: 'Mañana',
          justificada: true,
          justificacion: 'Turno médico',
        },
      ],
      borrar: [n1!.id],
    });
    expect(r2.cambios).toEqual({ creadas: 0, modificadas: 1, borradas: 1 });
    const [movida] = await db.select().from(s.asistencias).where(eq(s.asistencias.id, n2!.id));
    expect([movida!.fecha, movida!.turno, movida!.justificacion]).toEqual([
      sumarDias(d2, 1),
      'Mañana',
      'Turno médico',
    ]);
    expect(await db.select().from(s.asistencias).where(eq(s.asistencias.id, n1!.id))).toEqual([]);
  });

  test('fechas fuera de la ventana, entradas ajenas, alumno inexistente y tipo repetido: error sin escribir', async () => {
    const j = await jefe();
    const [curso] = await cursosDe(EMAIL_DEMO.preceptor);
    const lista = await alumnosDe(curso!.id);
    const a = lista[3]!.orden;
    const b = lista[4]!.orden;
    await j.asistencias.guardarAlumno({
      alumno: b,
      crear: [{ tipo: 'Falta', fecha: hoy, turno: 'Mañana' }],
    });
    const [deB] = await filasDe(b, hoy);
    const antes = [await contarAsistencias(), await contarAuditoria()];
    expect(
      await codigoYMensaje(
        j.asistencias.guardarAlumno({
          alumno: a,
          crear: [{ tipo: 'Falta', fecha: sumarDias(hoy, -400), turno: 'Mañana' }],
        }),
      ),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: FUERA_COMPLETO,
    });
    expect(
      await codigoYMensaje(
        j.asistencias.guardarAlumno({
          alumno: a,
          crear: [{ tipo: 'Falta', fecha: sumarDias(hoy, 2), turno: 'Mañana' }],
        }),
      ),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: FUERA_COMPLETO,
    });
    expect(
      await codigoYMensaje(j.asistencias.guardarAlumno({ alumno: a, borrar: [deB!.id] })),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: `La entrada ${deB!.id} no es de ese alumno.`,
    });
    expect(
      await codigoYMensaje(
        j.asistencias.guardarAlumno({
          alumno: 999_999,
          crear: [{ tipo: 'Falta', fecha: hoy, turno: 'Mañana' }],
        }),
      ),
    ).toEqual({
      code: 'NOT_FOUND',
      message: 'El alumno no existe.',
    });
    expect(
      await fallo(
        j.asistencias.guardarAlumno({
          alumno: a,
          crear: [{ tipo: 'Falta', fecha: '15/03/2026', turno: 'Mañana' }],
        }),
      ),
    ).toEqual({
      status: 400,
      message: 'La fecha no es válida: use el formato AAAA-MM-DD.',
    });
    // Cambiar el tipo a uno que el alumno ya tiene ese día y turno choca con el índice único.
    await j.asistencias.guardarAlumno({
      alumno: a,
      crear: [
        { tipo: 'Falta', fecha: hoy, turno: 'Tarde' },
        { tipo: 'Tardanza Recreo', fecha: hoy, turno: 'Tarde' },
      ],
    });
    const deHoy = (await filasDe(a, hoy)).filter((f) => f.turno === 'Tarde');
    const tardanza = deHoy.find((f) => f.tipo === 'Tardanza Recreo')!;
    const despuesDeCrear = [await contarAsistencias(), await contarAuditoria()];
    expect(despuesDeCrear).toEqual([antes[0]! + 2, antes[1]! + 2]);
    expect(
      await codigoYMensaje(
        j.asistencias.guardarAlumno({
          alumno: a,
          actualizar: [{ orden: tardanza.id, tipo: 'Falta', fecha: hoy, turno: 'Tarde' }],
          borrar: [],
        }),
      ),
    ).toEqual({
      code: 'CONFLICT',
      message: 'Ya hay una entrada de ese tipo para el alumno en ese día y turno.',
    });
    expect([await contarAsistencias(), await contarAuditoria()]).toEqual(despuesDeCrear);
  });

  test('el Preceptor no edita por alumno (sólo por curso)', async () => {
    const [curso] = await cursosDe(EMAIL_DEMO.preceptor);
    const [a] = await alumnosDe(curso!.id);
    expect(
      (
        await codigoYMensaje(
          (await preceptor()).asistencias.guardarAlumno({ alumno: a!.orden, crear: [] }),
        )
      ).code,
    ).toBe('FORBIDDEN');
  });
});

const resumenEsperado = (alumnoId: number, corte: CorteAsistencia = 'ayer') =>
  resumenDesdeLaBase(db, alumnoId, ciclo, hoy, corte);

describe('el planillón pesa y cuenta el año en Postgres (pesoSql)', () => {
  test.each([...TIPOS_ASISTENCIA, 'Otro tipo', ''])(
    'el peso de "%s" es el del dominio',
    async (tipo) => {
      // `execute` devuelve las filas (postgres.js) o { rows } (PGlite).
      const r = (await db.execute(
        sql`select ${pesoSql(sql`${tipo}::text`)} as peso`,
      )) as unknown as { peso: string | number }[] | { rows: { peso: string | number }[] };
      const [fila] = Array.isArray(r) ? r : r.rows;
      expect(Number(fila!.peso)).toBe(pesoInasistencia(tipo));
    },
  );

  test('cada fila del planillón tiene el total, las justificadas y las entradas del año con hoy', async () => {
    const j = await jefe();
    const cursos = await db.select({ id: s.cursos.id }).from(s.cursos).orderBy(asc(s.cursos.id));
    let comparadas = 0;
    for (const { id } of cursos.slice(0, 6)) {
      const r = await j.asistencias.reporte({ curso: id, mes: hoy.slice(0, 7) });
      for (const a of r.alumnos) {
        const esperado = await resumenEsperado(a.orden, 'hoy');
        expect({
          total: a.total,
          justificadas: a.justificadas,
          entradas: a.cantidadEntradas,
          textoTotal: a.textoTotal,
          estado: a.estado,
        }).toEqual({
          total: esperado.total,
          justificadas: esperado.justificadas,
          entradas: esperado.entradas,
          textoTotal: esperado.textoTotal,
          estado: esperado.estado,
        });
        comparadas += esperado.entradas > 0 ? 1 : 0;
      }
    }
    expect(comparadas).toBeGreaterThan(10);
  });
});

describe('los totales del personal cuentan lo guardado hoy; el legajo y las vistas propias, hasta ayer (issue 11 §6)', () => {
  test('una Falta de hoy suma 1 en Por Curso, Por Alumno y el planillón; no en el legajo ni en la vista del alumno', async () => {
    const yo = await alumnoDemo();
    const j = await jefe();
    const alumno = await como(EMAIL_DEMO.alumno, Rol.Alumno);
    const [cursoDelAlumno] = await db
      .select({ id: s.alumnosCursos.cursoId })
      .from(s.alumnosCursos)
      .where(and(eq(s.alumnosCursos.alumnoId, yo), eq(s.alumnosCursos.ciclolectivo, ciclo)));
    const mes = hoy.slice(0, 7);
    const enReporte = async () =>
      (await j.asistencias.reporte({ curso: cursoDelAlumno!.id, mes })).alumnos.find(
        (a) => a.orden === yo,
      )!;
    const antes = {
      reporte: await enReporte(),
      porAlumno: await j.asistencias.delAlumno({ alumno: yo }),
      propia: await alumno.asistencias.mias(),
    };
    // Una Falta de la Tarde de hoy (la mañana puede tenerla otra prueba de este archivo).
    await j.asistencias.guardarAlumno({
      alumno: yo,
      crear: [{ tipo: 'Falta', fecha: hoy, turno: 'Tarde' }],
    });
    const despues = {
      reporte: await enReporte(),
      porAlumno: await j.asistencias.delAlumno({ alumno: yo }),
      propia: await alumno.asistencias.mias(),
    };
    // Personal: lo recién guardado cuenta en el acto, en el número y en su texto.
    expect(despues.reporte.total).toBe(antes.reporte.total + 1);
    expect(despues.reporte.textoTotal).toBe(
      `${numero(antes.reporte.total + 1)} / 30 (+ ${numero(antes.reporte.reincorporaciones)})`,
    );
    expect(despues.porAlumno.resumenConHoy.total).toBe(antes.porAlumno.resumenConHoy.total + 1);
    expect(despues.porAlumno.resumenConHoy.entradas).toBe(
      antes.porAlumno.resumenConHoy.entradas + 1,
    );
    expect(despues.porAlumno.resumenConHoy).toEqual(await resumenEsperado(yo, 'hoy'));
    // Por Curso, Por Alumno y el planillón dicen lo mismo.
    expect(despues.porAlumno.resumenConHoy.total).toBe(despues.reporte.total);
    expect(despues.porAlumno.resumenConHoy.textoTotal).toBe(despues.reporte.textoTotal);
    // El legajo y la vista propia (spec 01 §2: "excluding today"): la lista y el pie, hasta ayer.
    expect(despues.porAlumno.resumen).toEqual(antes.porAlumno.resumen);
    expect(despues.porAlumno.lista).toEqual(antes.porAlumno.lista);
    expect(despues.propia.resumen).toEqual(antes.propia.resumen);
    expect(despues.propia.resumen).toEqual(await resumenEsperado(yo, 'ayer'));
    expect(despues.propia).not.toHaveProperty('resumenConHoy');
  });
});

describe('asistencias.reporte (planillón)', () => {
  test('el mes de un curso del preceptor: días, entradas por alumno y totales del año como el legajo', async () => {
    const p = await preceptor();
    const [curso] = await cursosDe(EMAIL_DEMO.preceptor);
    const mes = `${ciclo}-03`;
    const r = await p.asistencias.reporte({ curso: curso!.id, mes });
    expect(r.dias).toHaveLength(31);
    expect(r.dias[0]).toEqual({
      fecha: `${ciclo}-03-01`,
      diaSemana: new Date(Date.UTC(ciclo, 2, 1)).getUTCDay(),
    });
    expect(r.dias[30]!.fecha).toBe(`${ciclo}-03-31`);
    expect(r.alumnos.map((a) => a.orden)).toEqual((await alumnosDe(curso!.id)).map((a) => a.orden));
    const delMes = await db
      .select({ alumno: s.asistencias.alumnoId, n: count() })
      .from(s.asistencias)
      .innerJoin(
        s.alumnosCursos,
        and(
          eq(s.alumnosCursos.alumnoId, s.asistencias.alumnoId),
          eq(s.alumnosCursos.cursoId, curso!.id),
          eq(s.alumnosCursos.ciclolectivo, ciclo),
        ),
      )
      .where(and(gte(s.asistencias.fecha, `${mes}-01`), lte(s.asistencias.fecha, `${mes}-31`)))
      .groupBy(s.asistencias.alumnoId);
    for (const a of r.alumnos) {
      expect(a.entradas.length).toBe(delMes.find((x) => x.alumno === a.orden)?.n ?? 0);
      for (const e of a.entradas) expect(e.fecha.startsWith(mes)).toBe(true);
      const esperado = await resumenEsperado(a.orden, 'hoy');
      expect({
        total: a.total,
        reincorporaciones: a.reincorporaciones,
        estado: a.estado,
        textoTotal: a.textoTotal,
      }).toEqual({
        total: esperado.total,
        reincorporaciones: esperado.reincorporaciones,
        estado: esperado.estado,
        textoTotal: esperado.textoTotal,
      });
    }
  });

  test('la siembra deja alumnos libres y cerca de quedar libres en los cursos del preceptor', async () => {
    const p = await preceptor();
    const etiquetas = new Set<string | null>();
    for (const curso of await cursosDe(EMAIL_DEMO.preceptor)) {
      const r = await p.asistencias.reporte({ curso: curso.id, mes: hoy.slice(0, 7) });
      for (const a of r.alumnos) {
        etiquetas.add(a.etiqueta);
        if (a.etiqueta === 'Condición libre')
          expect(a.total).toBeGreaterThanOrEqual(30 + a.reincorporaciones);
        if (a.etiqueta === 'Cerca de condición libre') {
          expect(a.total).toBeGreaterThanOrEqual(17 + a.reincorporaciones);
          expect(a.color).toBe('yellow');
        }
      }
    }
    expect(etiquetas).toEqual(new Set([null, 'Condición libre', 'Cerca de condición libre']));
  });

  test('alcance y mes inválido', async () => {
    const p = await preceptor();
    expect(
      (
        await codigoYMensaje(
          p.asistencias.reporte({ curso: await cursoPorAnio(6, 3), mes: `${ciclo}-05` }),
        )
      ).code,
    ).toBe('FORBIDDEN');
    const [curso] = await cursosDe(EMAIL_DEMO.preceptor);
    expect(await fallo(p.asistencias.reporte({ curso: curso!.id, mes: `${ciclo}-13` }))).toEqual({
      status: 400,
      message: 'El mes no es válido: use el formato AAAA-MM.',
    });
    expect(
      (
        await codigoYMensaje(
          (await como(EMAIL_DEMO.docente, Rol.Docente)).asistencias.reporte({
            curso: curso!.id,
            mes: `${ciclo}-05`,
          }),
        )
      ).code,
    ).toBe('FORBIDDEN');
  });
});

describe('legajo (asistencias.delAlumno) y vistas propias (asistencias.mias)', () => {
  test('el alumno de demostración ve su lista sin hoy, más nueva primero, con la reincorporación y el pie', async () => {
    const yo = await alumnoDemo();
    // Una entrada de hoy no aparece en la lista (spec 01 §2: excluding today).
    await (
      await jefe()
    ).asistencias.guardarAlumno({
      alumno: yo,
      crear: [{ tipo: 'Falta', fecha: hoy, turno: 'Mañana' }],
    });
    const v = await (await como(EMAIL_DEMO.alumno, Rol.Alumno)).asistencias.mias();
    expect(v.alumno.orden).toBe(yo);
    expect(v.anio).toBe(ciclo);
    expect(v.anios).toEqual([
      { anio: ciclo - 1, curso: '3° 1°' },
      { anio: ciclo, curso: '4° Electrónica' },
    ]);
    expect(v).not.toHaveProperty('entradas');
    const fechas = v.lista.map((i) => i.fecha);
    expect(fechas).toEqual([...fechas].sort().reverse());
    expect(fechas).not.toContain(hoy);
    const reinc = v.lista.filter((i) => i.clase === 'reincorporacion');
    expect(reinc.map((i) => (i.clase === 'reincorporacion' ? [i.texto, i.color] : null))).toEqual([
      ['+ 2', 'green'],
    ]);
    const textos = v.lista.flatMap((i) => (i.clase === 'asistencia' ? [i.justificacion] : []));
    expect(textos).toEqual(
      expect.arrayContaining(['Justificada: Certificado médico', 'Justificada', 'Injustificada']),
    );
    const circunstancias = v.lista.flatMap((i) =>
      i.clase === 'asistencia' ? [i.circunstancia] : [],
    );
    expect(circunstancias).toEqual(expect.arrayContaining([null, 'Educación Física']));
    const esperado = await resumenEsperado(yo);
    expect(v.resumen).toEqual(esperado);
    expect(v.resumen.textoTotal).toBe(`${numero(esperado.total)} / 30 (+ 2)`);
    expect(v.lista.filter((i) => i.clase === 'asistencia')).toHaveLength(esperado.entradas);

    // El legajo del personal muestra lo mismo y además las entradas de hoy para editar.
    const l = await (
      await como(EMAIL_DEMO.regente, Rol.Regente)
    ).asistencias.delAlumno({ alumno: yo });
    expect(l.lista).toEqual(v.lista);
    expect(l.entradas.some((e) => e.fecha === hoy)).toBe(true);
  });

  test('el alumno sólo ve lo suyo; otro año sin curso da la lista vacía', async () => {
    const yo = await alumnoDemo();
    const a = await como(EMAIL_DEMO.alumno, Rol.Alumno);
    expect((await a.asistencias.mias({ alumno: yo })).alumno.orden).toBe(yo);
    const [otro] = await hijosDe(EMAIL_DEMO.referenteOtro);
    expect(await codigoYMensaje(a.asistencias.mias({ alumno: otro }))).toEqual({
      code: 'FORBIDDEN',
      message: 'No puede ver los datos de ese alumno.',
    });
    const viejo = await a.asistencias.mias({ anio: 2021 });
    expect([viejo.anio, viejo.lista, viejo.resumen.textoTotal]).toEqual([2021, [], '0 / 30 (+ 0)']);
    expect(await fallo(a.asistencias.mias({ anio: 2019 }))).toEqual({
      status: 400,
      message: 'El año debe estar entre 2021 y el año actual.',
    });
  });

  test('el referente: el primer hijo por defecto, el elegido en la cookie si es suyo, nunca uno ajeno', async () => {
    const hijos = await hijosDe(EMAIL_DEMO.referente);
    expect(hijos).toHaveLength(2);
    const [ajeno] = await hijosDe(EMAIL_DEMO.referenteOtro);
    const r = await como(EMAIL_DEMO.referente, Rol.ReferenteParental);
    expect((await r.asistencias.mias()).alumno.orden).toBe(hijos[0]);
    expect((await r.asistencias.mias({ alumno: hijos[1] })).alumno.orden).toBe(hijos[1]);
    const conCookie = await como(EMAIL_DEMO.referente, Rol.ReferenteParental, { hijo: hijos[1]! });
    expect((await conCookie.asistencias.mias()).alumno.orden).toBe(hijos[1]);
    const cookieAjena = await como(EMAIL_DEMO.referente, Rol.ReferenteParental, { hijo: ajeno! });
    expect((await cookieAjena.asistencias.mias()).alumno.orden).toBe(hijos[0]);
    expect((await codigoYMensaje(r.asistencias.mias({ alumno: ajeno }))).code).toBe('FORBIDDEN');
    expect((await codigoYMensaje(r.asistencias.mias({ alumno: 999_999 }))).code).toBe('FORBIDDEN');
  });

  test('legajo del personal con alcance: docente y preceptor sólo sus alumnos', async () => {
    const [curso] = await cursosDe(EMAIL_DEMO.preceptor);
    const [propio] = await alumnosDe(curso!.id);
    const [ajeno] = await alumnosDe(await cursoPorAnio(6, 3));
    const p = await preceptor();
    expect((await p.asistencias.delAlumno({ alumno: propio!.orden })).alumno.orden).toBe(
      propio!.orden,
    );
    expect(await codigoYMensaje(p.asistencias.delAlumno({ alumno: ajeno!.orden }))).toEqual({
      code: 'FORBIDDEN',
      message: 'No tiene acceso a los datos de ese alumno.',
    });
    expect(await codigoYMensaje(p.asistencias.delAlumno({ alumno: 999_999 }))).toEqual({
      code: 'NOT_FOUND',
      message: 'El alumno no existe.',
    });
    // El docente de demostración da Matemática en 2° 1°, no en 6° 3°.
    const d = await como(EMAIL_DEMO.docente, Rol.Docente);
    expect((await d.asistencias.delAlumno({ alumno: propio!.orden })).alumno.orden).toBe(
      propio!.orden,
    );
    expect((await codigoYMensaje(d.asistencias.delAlumno({ alumno: ajeno!.orden }))).code).toBe(
      'FORBIDDEN',
    );
    expect(
      (
        await codigoYMensaje(
          (await como(EMAIL_DEMO.alumno, Rol.Alumno)).asistencias.delAlumno({
            alumno: propio!.orden,
          }),
        )
      ).code,
    ).toBe('FORBIDDEN');
  });
});

describe('REST', () => {
  async function pedir(
    metodo: string,
    camino: string,
    email: string | null,
    cuerpo?: unknown,
    rol?: number,
  ) {
    return pedirRest<never>(metodo, camino, { db, email, rol, ciclo }, cuerpo);
  }

  test('GET y POST /api/asistencias/planilla/{curso}/{fecha}/{turno}', async () => {
    const [, curso] = await cursosDe(EMAIL_DEMO.preceptor);
    const lista = await alumnosDe(curso!.id);
    const a = lista[20]!.orden;
    const get = await pedir(
      'GET',
      `/api/asistencias/planilla/${curso!.id}/${hoy}/manana`,
      EMAIL_DEMO.preceptor,
    );
    expect(get.status).toBe(200);
    expect((get.body as { turno: string; alumnos: unknown[] }).turno).toBe('Mañana');
    expect((get.body as { alumnos: unknown[] }).alumnos).toHaveLength(lista.length);
    // El cuerpo puede ser la lista de alumnos sola.
    const post = await pedir(
      'POST',
      `/api/asistencias/planilla/${curso!.id}/${hoy}/Ma%C3%B1ana`,
      EMAIL_DEMO.preceptor,
      [{ alumno: a, crear: [{ tipo: 'Tardanza Ingreso' }] }],
    );
    expect(post.status).toBe(200);
    expect((post.body as { cambios: unknown }).cambios).toEqual({
      creadas: 1,
      modificadas: 0,
      borradas: 0,
    });
    expect((await filasDe(a, hoy)).map((f) => [f.tipo, f.turno])).toEqual([
      ['Tardanza Ingreso', 'Mañana'],
    ]);
    expect(
      await pedir(
        'POST',
        `/api/asistencias/planilla/${curso!.id}/${sumarDias(hoy, -30)}/Tarde`,
        EMAIL_DEMO.preceptor,
        { alumnos: [] },
      ),
    ).toEqual({
      status: 400,
      body: { error: true, message: FUERA_PROTEGIDO },
    });
    expect(
      (
        await pedir(
          'GET',
          `/api/asistencias/planilla/${await cursoPorAnio(3, 2)}/${hoy}/Tarde`,
          EMAIL_DEMO.preceptor,
        )
      ).status,
    ).toBe(403);
    expect(
      (await pedir('GET', `/api/asistencias/planilla/${curso!.id}/hoy/Tarde`, EMAIL_DEMO.preceptor))
        .status,
    ).toBe(400);
    expect(
      (await pedir('GET', `/api/asistencias/planilla/${curso!.id}/${hoy}/Tarde`, EMAIL_DEMO.alumno))
        .status,
    ).toBe(403);
  });

  test('POST /api/asistencias/alumno/{id}, GET /api/asistencias/reporte/{curso}/{mes} y /api/misasistencias[/{id}]', async () => {
    const [curso] = await cursosDe(EMAIL_DEMO.preceptor);
    const hijos = await hijosDe(EMAIL_DEMO.referente);
    const a = (await alumnosDe(curso!.id)).filter((x) => !hijos.includes(x.orden))[21]!.orden;
    const post = await pedir('POST', `/api/asistencias/alumno/${a}`, EMAIL_DEMO.alumnado, {
      crear: [
        {
          tipo: 'Retiro con Permiso (Media)',
          fecha: hoy,
          turno: 'Tarde',
          circunstancia: 'Educación Física',
        },
      ],
    });
    expect(post.status).toBe(200);
    expect((await filasDe(a, hoy)).map((f) => [f.tipo, f.circunstancia])).toEqual([
      ['Retiro con Permiso (Media)', 'Educación Física'],
    ]);
    expect(
      (await pedir('POST', `/api/asistencias/alumno/${a}`, EMAIL_DEMO.preceptor, { crear: [] }))
        .status,
    ).toBe(403);

    const rep = await pedir(
      'GET',
      `/api/asistencias/reporte/${curso!.id}/${hoy.slice(0, 7)}`,
      EMAIL_DEMO.preceptor,
    );
    expect(rep.status).toBe(200);
    const fila = (
      rep.body as { alumnos: { orden: number; entradas: { fecha: string }[] }[] }
    ).alumnos.find((x) => x.orden === a)!;
    expect(fila.entradas.some((e) => e.fecha === hoy)).toBe(true);

    const mias = await pedir('GET', `/api/misasistencias?anio=${ciclo}`, EMAIL_DEMO.alumno);
    expect(mias.status).toBe(200);
    expect((mias.body as { anio: number }).anio).toBe(ciclo);
    expect(await pedir('GET', `/api/misasistencias/${a}`, EMAIL_DEMO.alumno)).toEqual({
      status: 403,
      body: { error: true, message: 'No puede ver los datos de ese alumno.' },
    });
    expect((await pedir('GET', `/api/misasistencias/${a}`, EMAIL_DEMO.referente)).status).toBe(403);
    expect((await pedir('GET', '/api/misasistencias', EMAIL_DEMO.preceptor)).status).toBe(403);
  });
});
