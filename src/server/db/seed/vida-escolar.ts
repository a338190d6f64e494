/**
 * La vida escolar de la escuela de demostración (DESIGN §7): un período de asistencias del
 * ciclo hasta ayer (días hábiles desde el 1° de marzo, sin feriados ni receso invernal), la
 * asistencia tomada de cada curso y turno en esos días (y hoy, la mañana de dos de cada tres
 * cursos: el tablero "Pendientes" tiene cursos sin tomar), unas reincorporaciones y medidas
 * disciplinarias. Lo llama `sembrar` dentro de su transacción, después de crear la escuela.
 *
 * Alumnos recorridos por DNI; lo único que depende de `hoy` es hasta dónde llega el período.
 *
 * Para las pantallas y las pruebas, en los cursos del preceptor de demostración hay siempre
 * (con al menos seis días de clase transcurridos) un alumno en 'Condición libre' (≥ 30), uno
 * 'Cerca de condición libre' (≥ 17) y uno cerca pese a una reincorporación; el alumno de
 * demostración tiene entradas de cada clase de texto del legajo y una reincorporación.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { pesoInasistencia, type TipoAsistencia } from '@/domain/asistencias';
import { sumarDias, ZONA_HORARIA_POR_DEFECTO, type Turno } from '@/domain/escuela';
import { EMAIL_DEMO } from '../demo';
import type { DbOTx } from '../index';
import * as s from '../schema';
import { Azar, SEMILLAS } from './aleatorio';
import { insertarEnLotes } from './lotes';

/** Probabilidad base de que un alumno tenga una entrada en un día de clase. */
const DENSIDAD_POR_DEFECTO = 0.035;

// ---------------------------------------------------------------------------
// Calendario del período

/** Feriados nacionales de fecha fija y el receso invernal de Santa Fe (aproximado). */
const FERIADOS = ['03-24', '04-02', '05-01', '05-25', '06-20', '07-09', '12-08'];
const RECESO_INVERNAL = { desde: '07-06', hasta: '07-17' };
const INICIO_CLASES = '03-01';
const FIN_CLASES = '12-15';

/** Días de clase del ciclo hasta ayer: lunes a viernes, sin feriados ni receso. */
export function diasDeClase(ciclo: number, hoy: string): string[] {
  const fin = [sumarDias(hoy, -1), `${ciclo}-${FIN_CLASES}`].sort()[0]!;
  const dias: string[] = [];
  for (let f = `${ciclo}-${INICIO_CLASES}`; f <= fin; f = sumarDias(f, 1)) {
    const dia = new Date(`${f}T12:00:00Z`).getUTCDay();
    const md = f.slice(5);
    if (dia === 0 || dia === 6 || FERIADOS.includes(md)) continue;
    if (md >= RECESO_INVERNAL.desde && md <= RECESO_INVERNAL.hasta) continue;
    dias.push(f);
  }
  return dias;
}

// ---------------------------------------------------------------------------
// Entradas

interface Asistencia {
  alumnoId: number;
  fecha: string;
  turno: Turno;
  tipo: TipoAsistencia;
  circunstancia: 'Normal' | 'Educación Física';
  justificada: boolean;
  justificacion: string | null;
  creadoPor: number | null;
}

const PESOS_TIPO: readonly (readonly [TipoAsistencia, number])[] = [
  ['Falta', 42],
  ['Tardanza Ingreso', 26],
  ['Tardanza Recreo', 8],
  ['Retiro con Permiso (Falta)', 7],
  ['Retiro con Permiso (Media)', 11],
  ['Ingreso Autorizado (Falta)', 6],
];

const MOTIVOS_JUSTIFICACION = [
  'Certificado médico',
  'Certificado médico',
  'Turno médico',
  'Enfermedad',
  'Trámite personal',
  'Viaje familiar',
  'Duelo familiar',
  'Competencia deportiva',
];

/** Una entrada al azar de un alumno en un día (tipo, turno, circunstancia, justificación). */
function entradaAzar(
  az: Azar,
  alumnoId: number,
  fecha: string,
  creadoPor: number | null,
  tipo?: TipoAsistencia,
): Asistencia {
  const t = tipo ?? az.ponderado(PESOS_TIPO);
  const turno: Turno = az.si(t === 'Tardanza Ingreso' ? 0.9 : 0.75) ? 'Mañana' : 'Tarde';
  const circunstancia = az.si(turno === 'Tarde' ? 0.3 : 0.03) ? 'Educación Física' : 'Normal';
  const justificada = az.si(pesoInasistencia(t) >= 1 ? 0.35 : 0.1);
  const justificacion = justificada && az.si(0.8) ? az.elegir(MOTIVOS_JUSTIFICACION) : null;
  return { alumnoId, fecha, turno, tipo: t, circunstancia, justificada, justificacion, creadoPor };
}

/**
 * Entradas en días al azar hasta sumar al menos `objetivo` inasistencias. Si no alcanzan los
 * días (comienzo del ciclo), usa también la tarde y otros tipos de peso 1 del mismo día.
 */
function planificar(
  az: Azar,
  dias: readonly string[],
  alumnoId: number,
  objetivo: number,
  creadoPor: number | null,
): Asistencia[] {
  const pasadas: [Turno, TipoAsistencia | null][] = [
    ['Mañana', null],
    ['Tarde', 'Falta'],
    ['Mañana', 'Retiro con Permiso (Falta)'],
    ['Tarde', 'Retiro con Permiso (Falta)'],
    ['Mañana', 'Ingreso Autorizado (Falta)'],
    ['Tarde', 'Ingreso Autorizado (Falta)'],
  ];
  const orden = az.mezclar(dias);
  const usadas = new Set<string>();
  const res: Asistencia[] = [];
  let total = 0;
  for (const [turno, tipo] of pasadas) {
    for (const fecha of orden) {
      if (total >= objetivo) return res;
      const e = { ...entradaAzar(az, alumnoId, fecha, creadoPor, tipo ?? undefined), turno };
      if (!tipo && pesoInasistencia(e.tipo) < 1 && az.si(0.6)) e.tipo = 'Falta';
      const clave = `${e.fecha}|${e.turno}|${e.tipo}`;
      if (usadas.has(clave)) continue;
      usadas.add(clave);
      res.push(e);
      total += pesoInasistencia(e.tipo);
    }
  }
  return res;
}

// ---------------------------------------------------------------------------
// Medidas

const MOTIVOS_MEDIDA = [
  'Uso del celular en clase luego de reiteradas advertencias',
  'Falta de respeto a un docente',
  'Salida del aula sin autorización',
  'Conducta inadecuada en el taller',
  'Incumplimiento de las normas de seguridad del taller',
  'Agresión verbal a un compañero',
  'Daño a material de la escuela',
  'Reiteradas llegadas tarde al aula después del recreo',
  'Ingreso de alimentos al laboratorio',
  'Falta de presentación del cuaderno de comunicaciones firmado',
  'Comportamiento disruptivo durante la formación',
  'Permanencia en los pasillos en horario de clase',
];
const CANTIDADES_AMONESTACION = [0.5, 1, 1, 1, 1.5, 2, 2, 3, 4, 5] as const;

interface Medida {
  alumnoId: number;
  tipo: 'amonestacion' | 'apercibimiento';
  fecha: string;
  turno: Turno;
  cantidad: number | null;
  motivo: string;
  creadoPor: number | null;
}

function medidaAzar(
  az: Azar,
  dias: readonly string[],
  alumnoId: number,
  creadoPor: number | null,
  fija?: Pick<Medida, 'tipo' | 'cantidad'>,
): Medida {
  const tipo = fija?.tipo ?? (az.si(0.25) ? 'apercibimiento' : 'amonestacion');
  const cantidad = fija
    ? fija.cantidad
    : tipo === 'amonestacion'
      ? az.elegir(CANTIDADES_AMONESTACION)
      : null;
  return {
    alumnoId,
    tipo,
    fecha: az.elegir(dias),
    turno: az.si(0.8) ? 'Mañana' : 'Tarde',
    cantidad,
    motivo: az.elegir(MOTIVOS_MEDIDA),
    creadoPor,
  };
}

// ---------------------------------------------------------------------------
// Asistencia tomada

/** Un curso con alumnos en el ciclo, en orden de año y división (`n`: su posición). */
interface CursoTomado {
  curso: number;
  usuario: number | null;
  n: number;
  /** Hoy se tomó la mañana: dos de cada tres cursos (el tercero de cada tres, no). */
  hoy: boolean;
}

/**
 * Asistencias tomadas (issue 15 §5): cada curso, ambos turnos, cada día de clase del período,
 * a nombre del preceptor del curso; y hoy, sólo la mañana de los cursos con `hoy`. La hora sale
 * del curso y del día (mañana desde las 7:30, tarde desde las 13:00, en la zona horaria por
 * defecto de la escuela), sin reloj ni azar, y nunca después de `ahora` (el instante de la
 * siembra: si se siembra a las 05:49, la mañana de hoy figura tomada a las 05:49, no a las 07:41).
 * Una sentencia.
 */
async function sembrarTomadas(
  tx: DbOTx,
  {
    cursos,
    dias,
    hoy,
    ahora,
  }: { cursos: readonly CursoTomado[]; dias: readonly string[]; hoy: string; ahora: Date },
): Promise<number> {
  if (cursos.length === 0) return 0;
  await tx.execute(sql`
    with cursos_tomados as (
      select * from json_to_recordset(${JSON.stringify(cursos)}::json)
        as c(curso integer, usuario integer, n integer, hoy boolean)
    ),
    filas as (
      select c.curso, d.fecha, t.turno, c.usuario, c.n, t.hora
      from cursos_tomados c
      cross join (select json_array_elements_text(${JSON.stringify(dias)}::json)::date as fecha) d
      cross join (values ('Mañana', time '07:30'), ('Tarde', time '13:00')) as t(turno, hora)
      union all
      select c.curso, ${hoy}::date, 'Mañana', c.usuario, c.n, time '07:30'
      from cursos_tomados c
      where c.hoy
    )
    insert into asistencias_tomadas (curso_id, fecha, turno, usuario_id, en)
    select curso, fecha, turno, usuario,
           least((fecha + hora + make_interval(mins => ((n * 7 + (fecha - date '2000-01-01')) % 40)::integer))
             at time zone ${ZONA_HORARIA_POR_DEFECTO}, ${ahora.toISOString()}::timestamptz)
    from filas
    order by curso, fecha, turno`);
  return cursos.length * dias.length * 2 + cursos.filter((c) => c.hoy).length;
}

// ---------------------------------------------------------------------------
// Siembra

export interface ResultadoVidaEscolar {
  dias: number;
  asistencias: number;
  /** Filas de `asistencias_tomadas` (cursos × turnos × días, más las de hoy). */
  tomadas: number;
  reincorporaciones: number;
  medidas: number;
}

/**
 * Siembra asistencias, reincorporaciones y medidas del `ciclo` hasta el día anterior a `hoy`
 * para los alumnos con curso en el ciclo.
 */
export async function sembrarVidaEscolar(
  tx: DbOTx,
  opciones: { ciclo: number; hoy: string; ahora: Date; densidad?: number },
): Promise<ResultadoVidaEscolar> {
  const { ciclo, hoy, ahora, densidad = DENSIDAD_POR_DEFECTO } = opciones;
  const az = new Azar(SEMILLAS.vidaEscolar + ciclo);
  const dias = diasDeClase(ciclo, hoy);
  if (dias.length === 0)
    return { dias: 0, asistencias: 0, tomadas: 0, reincorporaciones: 0, medidas: 0 };

  const alumnos = await tx
    .select({
      id: s.alumnos.id,
      email: s.alumnos.email,
      cursoId: s.alumnosCursos.cursoId,
      anio: s.cursos.anio,
      division: s.cursos.division,
    })
    .from(s.alumnosCursos)
    .innerJoin(s.alumnos, eq(s.alumnos.id, s.alumnosCursos.alumnoId))
    .innerJoin(s.cursos, eq(s.cursos.id, s.alumnosCursos.cursoId))
    .where(eq(s.alumnosCursos.ciclolectivo, ciclo))
    .orderBy(asc(s.alumnos.dni));
  if (alumnos.length === 0)
    return { dias: dias.length, asistencias: 0, tomadas: 0, reincorporaciones: 0, medidas: 0 };

  const personal = await tx
    .select({ id: s.usuarios.id, email: s.usuarios.email })
    .from(s.usuarios)
    .where(
      inArray(sql`lower(${s.usuarios.email})`, [EMAIL_DEMO.preceptor, EMAIL_DEMO.jefePreceptores]),
    );
  const idDe = (email: string) => personal.find((u) => u.email.toLowerCase() === email)?.id ?? null;
  const preceptorDemo = idDe(EMAIL_DEMO.preceptor);
  const jefePreceptores = idDe(EMAIL_DEMO.jefePreceptores);

  const preceptores = await tx
    .select({ cursoId: s.preceptoresCursos.cursoId, usuarioId: s.preceptoresCursos.usuarioId })
    .from(s.preceptoresCursos)
    .where(eq(s.preceptoresCursos.ciclolectivo, ciclo))
    .orderBy(asc(s.preceptoresCursos.usuarioId));
  const preceptorDe = new Map<number, number>();
  for (const p of preceptores)
    if (!preceptorDe.has(p.cursoId)) preceptorDe.set(p.cursoId, p.usuarioId);
  const cargadoPor = (a: { cursoId: number }) => preceptorDe.get(a.cursoId) ?? jefePreceptores;

  // Alumnos con un recorrido fijo: el de demostración y tres de los cursos del preceptor de demostración.
  const demo = alumnos.find((a) => a.email === EMAIL_DEMO.alumno);
  const cursosDemo = [
    ...new Map(
      alumnos
        .filter((a) => preceptorDemo !== null && preceptorDe.get(a.cursoId) === preceptorDemo)
        .sort((x, y) => x.anio - y.anio || x.division - y.division)
        .map((a) => [a.cursoId, a.cursoId]),
    ).keys(),
  ];
  const delCurso = (i: number, posicion: number) => {
    if (cursosDemo.length === 0) return undefined;
    const curso = cursosDemo[i % cursosDemo.length];
    return alumnos.filter((a) => a.cursoId === curso && a !== demo)[posicion];
  };
  const libre = delCurso(1, 3);
  const cerca = delCurso(0, 4);
  const reincorporado = delCurso(2, 5);
  const rojoMedidas = delCurso(0, 7);
  const amarilloMedidas = delCurso(2, 8);
  const fijos = new Set([demo, libre, cerca, reincorporado].filter((a) => a !== undefined));

  // Asistencias al azar: cada alumno con su propensión; en orden de día y DNI.
  const propension = alumnos.map(() => 0.3 + 2.1 * az.real() ** 2);
  const asistencias: Asistencia[] = [];
  for (const fecha of dias) {
    alumnos.forEach((a, i) => {
      if (fijos.has(a)) return;
      if (az.si(densidad * propension[i]!))
        asistencias.push(entradaAzar(az, a.id, fecha, cargadoPor(a)));
    });
  }

  const reincorporaciones: {
    alumnoId: number;
    fecha: string;
    cantidad: number;
    creadoPor: number | null;
  }[] = [];
  const diaDespuesDe = (fraccion: number) =>
    dias[Math.min(dias.length - 1, Math.floor(dias.length * fraccion))]!;

  if (libre) asistencias.push(...planificar(az, dias, libre.id, 32, cargadoPor(libre)));
  if (cerca) asistencias.push(...planificar(az, dias, cerca.id, 19, cargadoPor(cerca)));
  if (reincorporado) {
    // 34 inasistencias con 8 reincorporadas: sigue cerca (≥ 17 + 8) sin quedar libre (< 30 + 8).
    asistencias.push(...planificar(az, dias, reincorporado.id, 34, cargadoPor(reincorporado)));
    reincorporaciones.push({
      alumnoId: reincorporado.id,
      fecha: diaDespuesDe(0.7),
      cantidad: 8,
      creadoPor: jefePreceptores,
    });
  }
  if (demo) {
    // Una entrada de cada texto del legajo: justificada con motivo, sin motivo, injustificada, Educación Física.
    const plan: [TipoAsistencia, Turno, Asistencia['circunstancia'], boolean, string | null][] = [
      ['Falta', 'Mañana', 'Normal', true, 'Certificado médico'],
      ['Tardanza Ingreso', 'Mañana', 'Normal', false, null],
      ['Falta', 'Mañana', 'Normal', false, null],
      ['Retiro con Permiso (Media)', 'Tarde', 'Educación Física', true, null],
      ['Tardanza Recreo', 'Mañana', 'Normal', false, null],
      ['Falta', 'Mañana', 'Normal', true, 'Turno médico'],
      ['Ingreso Autorizado (Falta)', 'Mañana', 'Normal', false, null],
    ];
    const paso = Math.max(1, Math.floor(dias.length / plan.length));
    plan.forEach(([tipo, turno, circunstancia, justificada, justificacion], i) => {
      const fecha = dias[i * paso];
      if (fecha)
        asistencias.push({
          alumnoId: demo.id,
          fecha,
          turno,
          tipo,
          circunstancia,
          justificada,
          justificacion,
          creadoPor: cargadoPor(demo),
        });
    });
    reincorporaciones.push({
      alumnoId: demo.id,
      fecha: diaDespuesDe(0.8),
      cantidad: 2,
      creadoPor: jefePreceptores,
    });
  }

  // Algunas reincorporaciones más: a uno de cada seis alumnos con 8 o más inasistencias.
  const totales = new Map<number, number>();
  for (const e of asistencias)
    totales.set(e.alumnoId, (totales.get(e.alumnoId) ?? 0) + pesoInasistencia(e.tipo));
  for (const a of alumnos) {
    const total = totales.get(a.id) ?? 0;
    if (fijos.has(a) || total < 8 || !az.si(1 / 6)) continue;
    const cantidad = Math.max(1, Math.floor(total * az.real()) / 2);
    reincorporaciones.push({
      alumnoId: a.id,
      fecha: diaDespuesDe(0.5 + 0.4 * az.real()),
      cantidad,
      creadoPor: jefePreceptores,
    });
  }

  // Medidas: uno de cada diez alumnos con una a tres; y dos alumnos con totales altos (amarillo y rojo).
  const medidas: Medida[] = [];
  for (const a of alumnos) {
    if (a === rojoMedidas || a === amarilloMedidas || !az.si(0.1)) continue;
    const n = az.ponderado([
      [1, 6],
      [2, 3],
      [3, 1],
    ] as const);
    for (let i = 0; i < n; i++) medidas.push(medidaAzar(az, dias, a.id, cargadoPor(a)));
  }
  for (const [a, cantidades] of [
    [rojoMedidas, [5, 4, 3, 2, 2]],
    [amarilloMedidas, [3, 2.5, 2, 2, 1.5]],
  ] as const) {
    if (!a) continue;
    for (const cantidad of cantidades)
      medidas.push(medidaAzar(az, dias, a.id, cargadoPor(a), { tipo: 'amonestacion', cantidad }));
    medidas.push(
      medidaAzar(az, dias, a.id, cargadoPor(a), { tipo: 'apercibimiento', cantidad: null }),
    );
  }
  if (demo)
    medidas.push(
      medidaAzar(az, dias, demo.id, cargadoPor(demo), { tipo: 'apercibimiento', cantidad: null }),
    );

  // Asistencia tomada: los cursos con alumnos en el ciclo, por año y división (sin azar).
  const cursos = [...new Map(alumnos.map((a) => [a.cursoId, a])).values()]
    .sort((x, y) => x.anio - y.anio || x.division - y.division || x.cursoId - y.cursoId)
    .map((a, n): CursoTomado => ({
      curso: a.cursoId,
      usuario: cargadoPor(a),
      n,
      hoy: n % 3 !== 2,
    }));

  await insertarEnLotes(tx, s.asistencias, asistencias);
  const tomadas = await sembrarTomadas(tx, { cursos, dias, hoy, ahora });
  await insertarEnLotes(tx, s.reincorporaciones, reincorporaciones);
  await insertarEnLotes(tx, s.medidas, medidas);
  return {
    dias: dias.length,
    asistencias: asistencias.length,
    tomadas,
    reincorporaciones: reincorporaciones.length,
    medidas: medidas.length,
  };
}
