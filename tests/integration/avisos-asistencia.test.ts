/**
 * Los avisos de asistencia (issue 35 §3): el guardado de la planilla encola un hecho en su
 * transacción; pasada la quietud de la planilla, un aviso por referente confirmado y otro para el
 * alumno, con su nombre y curso, el tipo y el turno; un error corregido a tiempo no avisa nada;
 * un guardado que se deshace no encola nada; el trabajo repetido no duplica; la justificación
 * cambia el texto del mismo aviso; ningún referente recibe los avisos de otra familia; los
 * umbrales de condición libre, una vez por cruce.
 */
import { and, eq, sql } from 'drizzle-orm';
import { ETIQUETA_ESTADO_ASISTENCIA } from '@/domain/asistencias';
import { Rol } from '@/domain/roles';
import { ENTRADA_REPETIDA } from '@/server/api/routers/asistencias/service';
import { COLAS } from '@/server/avisos/cola';
import type { Evento } from '@/server/avisos/eventos';
import { procesarEvento } from '@/server/avisos/procesar';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo, idDeUsuario } from '../fixtures/contexto';
import {
  alumnoDelCiclo,
  avisosAjenos,
  avisosDe,
  correrCola,
  ctxTrabajo,
  esperados,
  filas,
  hijosDe,
  relojDePrueba,
  trabajosEnCola,
  type AlumnoDePrueba,
} from '../fixtures/avisos-eventos';

const CICLO = 2026;
const HOY = '2026-05-12';
const AYER = '2026-05-11';
const ESPERA = 900;
let conexion: Conexion;
let db: Db;
const reloj = relojDePrueba(new Date('2026-05-12T14:00:00Z'));
const ctx = () => ctxTrabajo(db, reloj.ahora(), HOY, ESPERA);
/** Un guardado del personal (Jefe de Preceptores: modo completo) en este instante del reloj. */
const jefe = () =>
  callerComo(db, EMAIL_DEMO.jefePreceptores, Rol.JefePreceptor, {
    ciclo: CICLO,
    hoy: HOY,
    ahora: reloj.ahora(),
  });

let propio: AlumnoDePrueba; // el alumno con usuario (alumno.demo) y su referente
let hermano: AlumnoDePrueba; // otro hijo del mismo referente
let otro: AlumnoDePrueba; // hijo de otra familia (referente.otro)
let otroHermano: AlumnoDePrueba;
const alumno = (id: number) => alumnoDelCiclo(db, id, CICLO);

beforeAll(async () => {
  conexion = await crearEscuelaDePrueba(CICLO, HOY);
  db = conexion.db;
  const usuarioAlumno = await idDeUsuario(db, EMAIL_DEMO.alumno);
  const [conUsuario] = await db
    .select({ id: s.alumnos.id })
    .from(s.alumnos)
    .where(eq(s.alumnos.usuarioId, usuarioAlumno));
  propio = await alumno(conUsuario!.id);
  const hijos = await hijosDe(db, EMAIL_DEMO.referente);
  expect(hijos).toContain(propio.id);
  hermano = await alumno(hijos.find((h) => h !== propio.id)!);
  const otros = await hijosDe(db, EMAIL_DEMO.referenteOtro);
  expect(otros.length).toBeGreaterThanOrEqual(2);
  otro = await alumno(otros[0]!);
  otroHermano = await alumno(otros[1]!);
  // Las familias no se cruzan: ningún alumno de una es de la otra.
  expect(otros).not.toContain(propio.id);
  expect(otros).not.toContain(hermano.id);
  // Las asistencias sembradas de estos alumnos no cuentan: cada prueba arma las suyas.
  for (const a of [propio, hermano, otro, otroHermano]) {
    await db.delete(s.asistencias).where(eq(s.asistencias.alumnoId, a.id));
    await db.delete(s.reincorporaciones).where(eq(s.reincorporaciones.alumnoId, a.id));
  }
  // Y sus avisos sembrados (la campana de la demostración), para contar sólo los de la prueba.
  await db.execute(
    sql`delete from avisos where alumno_id in (${propio.id}, ${hermano.id}, ${otro.id}, ${otroHermano.id})`,
  );
  await db.execute(sql`delete from pgboss.job`);
});
afterAll(() => conexion?.cerrar());

const nombreEnAviso = (a: AlumnoDePrueba) => `${a.apellido}, ${a.nombre} (${a.nombreCurso})`;
const clave = (a: AlumnoDePrueba, fecha: string) => `inasistencia:${a.id}:${fecha}`;

const entradasDe = (a: AlumnoDePrueba, fecha: string) =>
  db
    .select()
    .from(s.asistencias)
    .where(and(eq(s.asistencias.alumnoId, a.id), eq(s.asistencias.fecha, fecha)))
    .orderBy(s.asistencias.id);

test('la falta y la tardanza de la planilla: nada durante la espera; después, un aviso por referente y otro para el alumno, con nombre, curso, tipo y turno', async () => {
  const j = await jefe();
  await j.asistencias.guardarPlanilla({
    curso: propio.curso,
    fecha: HOY,
    turno: 'Mañana',
    alumnos: [{ alumno: propio.id, crear: [{ tipo: 'Falta' }] }],
  });
  await j.asistencias.guardarPlanilla({
    curso: otro.curso,
    fecha: HOY,
    turno: 'Tarde',
    alumnos: [{ alumno: otro.id, crear: [{ tipo: 'Tardanza Ingreso' }] }],
  });
  expect(await trabajosEnCola(db, COLAS.evento)).toBe(2);

  // Dentro de la espera: los hechos vuelven a esperar, no hay avisos.
  reloj.avanzar(ESPERA - 60);
  await correrCola(ctx());
  expect(await avisosDe(db, clave(propio, HOY))).toEqual([]);
  expect(await avisosDe(db, clave(otro, HOY))).toEqual([]);

  reloj.avanzar(61);
  await correrCola(ctx());
  const delPropio = await avisosDe(db, clave(propio, HOY));
  const usuariosPropio = await esperados(db, propio.id);
  // El referente y el alumno mismo (que tiene usuario).
  expect(usuariosPropio).toContain(await idDeUsuario(db, EMAIL_DEMO.referente));
  expect(usuariosPropio).toContain(await idDeUsuario(db, EMAIL_DEMO.alumno));
  expect(delPropio.map((a) => a.usuario)).toEqual(usuariosPropio);
  for (const a of delPropio)
    expect(a).toMatchObject({
      alumno: propio.id,
      categoria: 'inasistencia',
      titulo: 'Falta el 12/05/2026',
      texto: `${nombreEnAviso(propio)} tiene registrado el 12/05/2026: Falta, turno Mañana (injustificada).`,
      enlace: `/asistencias-externo?anio=${CICLO}`,
    });
  // El correo, sólo para el referente (el alumno lo ve en el portal).
  expect(delPropio.filter((a) => a.correo === 'pendiente').map((a) => a.usuario)).toEqual([
    await idDeUsuario(db, EMAIL_DEMO.referente),
  ]);

  const delOtro = await avisosDe(db, clave(otro, HOY));
  expect(delOtro.map((a) => a.usuario)).toEqual(await esperados(db, otro.id));
  expect(delOtro[0]!.texto).toBe(
    `${nombreEnAviso(otro)} tiene registrado el 12/05/2026: Tardanza Ingreso, turno Tarde (injustificada).`,
  );
  // Ninguna familia recibe lo de la otra.
  const referenteOtro = await idDeUsuario(db, EMAIL_DEMO.referenteOtro);
  expect(delPropio.map((a) => a.usuario)).not.toContain(referenteOtro);
  expect(delOtro.map((a) => a.usuario)).not.toContain(await idDeUsuario(db, EMAIL_DEMO.referente));
  expect(await avisosAjenos(db)).toEqual([]);
});

test('la justificación posterior cambia el texto del mismo aviso (sin el motivo) y no manda otro correo', async () => {
  const [entrada] = await entradasDe(propio, HOY);
  const antes = await avisosDe(db, clave(propio, HOY));
  const correosAntes = await trabajosEnCola(db, COLAS.correo);
  reloj.avanzar(3600);
  await (
    await jefe()
  ).asistencias.guardarAlumno({
    alumno: propio.id,
    actualizar: [
      {
        orden: entrada!.id,
        tipo: 'Falta',
        justificada: true,
        justificacion: 'Certificado médico',
        fecha: HOY,
        turno: 'Mañana',
      },
    ],
  });
  reloj.avanzar(ESPERA + 1);
  await correrCola(ctx());
  const despues = await avisosDe(db, clave(propio, HOY));
  expect(despues.map((a) => a.id)).toEqual(antes.map((a) => a.id));
  for (const a of despues) {
    expect(a.texto).toBe(
      `${nombreEnAviso(propio)} tiene registrado el 12/05/2026: Falta, turno Mañana (justificada).`,
    );
    expect(a.texto).not.toContain('médico');
    expect(a.actualizado.getTime()).toBe(reloj.ahora().getTime());
  }
  expect(antes[0]!.actualizado.getTime()).toBeLessThan(despues[0]!.actualizado.getTime());
  expect(await trabajosEnCola(db, COLAS.correo)).toBe(correosAntes);
});

test('un error corregido durante la espera no avisa nada; la espera cuenta desde el último cambio', async () => {
  const j = await jefe();
  const base = { curso: otroHermano.curso, fecha: HOY, turno: 'Mañana' as const };
  await j.asistencias.guardarPlanilla({
    ...base,
    alumnos: [{ alumno: otroHermano.id, crear: [{ tipo: 'Retiro con Permiso (Media)' }] }],
  });
  const [equivocada] = await entradasDe(otroHermano, HOY);
  reloj.avanzar(300);
  await (
    await jefe()
  ).asistencias.guardarPlanilla({
    ...base,
    alumnos: [{ alumno: otroHermano.id, borrar: [equivocada!.id] }],
  });
  // Pasó la espera del primer guardado pero no la del segundo: todavía nada se compone.
  reloj.avanzar(ESPERA - 200);
  await correrCola(ctx());
  expect(
    await filas(
      db,
      sql`select 1 from pgboss.job where name = ${COLAS.evento} and state = 'created'`,
    ),
  ).toHaveLength(2);
  reloj.avanzar(ESPERA);
  await correrCola(ctx());
  expect(await avisosDe(db, clave(otroHermano, HOY))).toEqual([]);
  expect(await avisosDe(db, `umbral:${otroHermano.id}:`)).toEqual([]);
  expect(await esperados(db, otroHermano.id)).not.toEqual([]);
});

test('borrar después de avisada una entrada deja el aviso diciendo que se corrigió', async () => {
  const j = await jefe();
  await j.asistencias.guardarAlumno({
    alumno: otroHermano.id,
    crear: [{ tipo: 'Falta', fecha: AYER, turno: 'Tarde' }],
  });
  reloj.avanzar(ESPERA + 1);
  await correrCola(ctx());
  const [avisado] = await avisosDe(db, clave(otroHermano, AYER));
  expect(avisado!.titulo).toBe('Falta el 11/05/2026');
  const [entrada] = await entradasDe(otroHermano, AYER);
  await (await jefe()).asistencias.guardarAlumno({ alumno: otroHermano.id, borrar: [entrada!.id] });
  reloj.avanzar(ESPERA + 1);
  await correrCola(ctx());
  const [corregido] = await avisosDe(db, clave(otroHermano, AYER));
  expect(corregido).toMatchObject({
    id: avisado!.id,
    titulo: 'Planilla corregida del 11/05/2026',
    texto: `Se corrigió la planilla: ${nombreEnAviso(otroHermano)} no tiene inasistencias, tardanzas ni retiros registrados el 11/05/2026.`,
  });
});

test('una entrada de antes de la ventana del preceptor (15 días) no da un aviso nuevo; la de hace 15 días, sí', async () => {
  await (
    await jefe()
  ).asistencias.guardarAlumno({
    alumno: otroHermano.id,
    crear: [{ tipo: 'Falta', fecha: '2026-04-20', turno: 'Mañana' }],
  });
  reloj.avanzar(ESPERA + 1);
  await correrCola(ctx());
  expect(await avisosDe(db, clave(otroHermano, '2026-04-20'))).toEqual([]);
  // La de hace 15 días, sí.
  await (
    await jefe()
  ).asistencias.guardarAlumno({
    alumno: otroHermano.id,
    crear: [{ tipo: 'Falta', fecha: '2026-04-27', turno: 'Mañana' }],
  });
  reloj.avanzar(ESPERA + 1);
  await correrCola(ctx());
  expect((await avisosDe(db, clave(otroHermano, '2026-04-27'))).map((a) => a.usuario)).toEqual(
    await esperados(db, otroHermano.id),
  );
});

test('un guardado que falla después de encolar (entrada repetida) no deja ningún trabajo', async () => {
  const j = await jefe();
  await j.asistencias.guardarAlumno({
    alumno: propio.id,
    crear: [
      { tipo: 'Falta', fecha: AYER, turno: 'Mañana' },
      { tipo: 'Tardanza Ingreso', fecha: AYER, turno: 'Mañana' },
    ],
  });
  const [falta] = (await entradasDe(propio, AYER)).filter((e) => e.tipo === 'Falta');
  const trabajos = await trabajosEnCola(db);
  const entradas = await entradasDe(propio, AYER);
  // La falta pasa a tardanza: choca con la que ya hay, en la misma sentencia, después de encolar.
  await expect(
    j.asistencias.guardarAlumno({
      alumno: propio.id,
      crear: [{ tipo: 'Falta', fecha: HOY, turno: 'Tarde' }],
      actualizar: [{ orden: falta!.id, tipo: 'Tardanza Ingreso', fecha: AYER, turno: 'Mañana' }],
    }),
  ).rejects.toThrow(ENTRADA_REPETIDA);
  expect(await trabajosEnCola(db)).toBe(trabajos);
  expect(await entradasDe(propio, AYER)).toEqual(entradas);
  expect((await entradasDe(propio, HOY)).filter((e) => e.turno === 'Tarde')).toEqual([]);
  // El mismo pedido sin el choque sí encola su hecho (uno).
  await j.asistencias.guardarAlumno({
    alumno: propio.id,
    crear: [{ tipo: 'Falta', fecha: HOY, turno: 'Tarde' }],
  });
  expect(await trabajosEnCola(db)).toBe(trabajos + 1);
});

test('el mismo hecho compuesto dos veces (el trabajador murió antes de cerrar el trabajo) no duplica avisos ni correos', async () => {
  reloj.avanzar(ESPERA + 1);
  await correrCola(ctx()); // lo del guardado anterior (las entradas de ayer)
  const [trabajo] = await filas<{ data: Evento }>(
    db,
    sql`select data from pgboss.job where name = ${COLAS.evento}
          and data @> ${JSON.stringify({ alumnos: [propio.id], fechas: [AYER] })}::jsonb
        order by created_on desc limit 1`,
  );
  expect(trabajo!.data).toMatchObject({ tipo: 'asistencia', alumnos: [propio.id], fechas: [AYER] });
  const avisos = await avisosDe(db, clave(propio, AYER));
  expect(avisos.map((a) => a.usuario)).toEqual(await esperados(db, propio.id));
  expect(avisos[0]!.texto).toBe(
    `${nombreEnAviso(propio)} tiene registrado el 11/05/2026: Falta, turno Mañana (injustificada); Tardanza Ingreso, turno Mañana (injustificada).`,
  );
  const correos = await trabajosEnCola(db, COLAS.correo);
  const r = await procesarEvento(ctx(), trabajo!.data);
  expect(r).toEqual({ nuevos: 0, actualizados: 0, correos: 0 });
  await procesarEvento(ctx(), trabajo!.data);
  expect(await avisosDe(db, clave(propio, AYER))).toEqual(avisos);
  expect(await trabajosEnCola(db, COLAS.correo)).toBe(correos);
});

describe('umbrales de condición libre', () => {
  /** Faltas cargadas directo en la base (días de marzo y abril): no encolan nada. */
  async function faltasPrevias(a: AlumnoDePrueba, desde: string, cantidad: number) {
    const dia = new Date(`${desde}T12:00:00Z`);
    const valores = Array.from({ length: cantidad }, (_, i) => ({
      alumnoId: a.id,
      fecha: new Date(dia.getTime() + i * 86_400_000).toISOString().slice(0, 10),
      turno: 'Mañana',
      tipo: 'Falta',
    }));
    await db.insert(s.asistencias).values(valores);
  }
  const umbrales = () => avisosDe(db, `umbral:${hermano.id}:`);
  /** Guarda una entrada del alumno y corre la cola pasada la espera. */
  async function guardarYEsperar(
    tipo: 'Falta' | 'Tardanza Recreo',
    fecha: string,
    turno: 'Mañana' | 'Tarde',
  ) {
    reloj.avanzar(60);
    await (
      await jefe()
    ).asistencias.guardarAlumno({
      alumno: hermano.id,
      crear: [{ tipo, fecha, turno }],
    });
    reloj.avanzar(ESPERA + 1);
    await correrCola(ctx());
  }

  test('17 + reincorporaciones: "Cerca de condición libre"; 30 + reincorporaciones: "Condición libre"; una vez por cruce, y otra vez tras una reincorporación', async () => {
    const usuarios = await esperados(db, hermano.id);
    expect(usuarios).not.toEqual([]);
    await faltasPrevias(hermano, '2026-03-02', 16);
    await guardarYEsperar('Falta', HOY, 'Mañana'); // 17
    let u = await umbrales();
    expect(u.map((a) => [a.clave, a.usuario])).toEqual(
      usuarios.map((x) => [`umbral:${hermano.id}:${CICLO}:cerca:0`, x]),
    );
    expect(u[0]).toMatchObject({
      categoria: 'umbral',
      titulo: ETIQUETA_ESTADO_ASISTENCIA.cerca,
      texto: `${nombreEnAviso(hermano)} llegó a 17 inasistencias en 2026: con 30 queda en condición libre.`,
    });
    await guardarYEsperar('Tardanza Recreo', HOY, 'Tarde'); // 17,5: el mismo cruce
    expect(await umbrales()).toEqual(u);

    await faltasPrevias(hermano, '2026-04-01', 12); // 29,5
    await guardarYEsperar('Falta', AYER, 'Mañana'); // 30,5
    u = await umbrales();
    expect(u.filter((a) => a.clave.endsWith(':libre:0')).map((a) => a.usuario)).toEqual(usuarios);
    expect(u.find((a) => a.clave.endsWith(':libre:0'))).toMatchObject({
      titulo: ETIQUETA_ESTADO_ASISTENCIA.libre,
      texto: `${nombreEnAviso(hermano)} llegó a 30 inasistencias en 2026 y quedó en condición libre.`,
    });
    expect(u).toHaveLength(2 * usuarios.length);

    // Reincorporado con 2: el límite pasa a 32; al volver a cruzarlo se avisa de nuevo.
    await db.insert(s.reincorporaciones).values({ alumnoId: hermano.id, fecha: HOY, cantidad: 2 });
    await guardarYEsperar('Falta', '2026-05-08', 'Mañana'); // 31,5: cerca con 2
    await guardarYEsperar('Tardanza Recreo', AYER, 'Tarde'); // 32: libre con 2
    u = await umbrales();
    expect([...new Set(u.map((a) => a.clave))]).toEqual(
      ['cerca:0', 'cerca:2', 'libre:0', 'libre:2'].map((x) => `umbral:${hermano.id}:${CICLO}:${x}`),
    );
    expect(u.find((a) => a.clave.endsWith(':libre:2'))!.texto).toBe(
      `${nombreEnAviso(hermano)} llegó a 32 inasistencias en 2026 (con 2 de reincorporaciones) y quedó en condición libre.`,
    );
    expect(await avisosAjenos(db)).toEqual([]);
  });
});

test('sin NOTIFICACIONES_ESPERA_SEGUNDOS, la espera es la de la escuela (la que eligió la dirección)', async () => {
  await db
    .insert(s.configuracion)
    .values({ clave: 'avisos', valor: { esperaMinutos: 30 } })
    .onConflictDoUpdate({ target: s.configuracion.clave, set: { valor: { esperaMinutos: 30 } } });
  const ayer = '2026-05-07';
  expect(await avisosDe(db, clave(hermano, ayer))).toEqual([]);
  await (
    await jefe()
  ).asistencias.guardarPlanilla({
    curso: hermano.curso,
    fecha: ayer,
    turno: 'Mañana',
    alumnos: [{ alumno: hermano.id, crear: [{ tipo: 'Falta' }] }],
  });
  const conLaDeLaEscuela = () => ctxTrabajo(db, reloj.ahora(), HOY, null);
  // Pasaron los 15 minutos de omisión, no los 30 de la escuela: nada todavía.
  reloj.avanzar(20 * 60);
  await correrCola(conLaDeLaEscuela());
  expect(await avisosDe(db, clave(hermano, ayer))).toEqual([]);
  reloj.avanzar(11 * 60);
  await correrCola(conLaDeLaEscuela());
  expect((await avisosDe(db, clave(hermano, ayer))).map((a) => a.usuario)).toEqual(
    await esperados(db, hermano.id),
  );
  await db.delete(s.configuracion).where(eq(s.configuracion.clave, 'avisos'));
});
