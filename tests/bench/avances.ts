/**
 * Medición de los avances y el tablero de pendientes (issue 15): la planilla de avances de un
 * cursado del docente de demostración (avances.planilla), el guardado de la planilla entera
 * (avances.guardar: cada alumno cambiado, con el `anterior` leído de la planilla justo antes) y
 * el tablero de pendientes del regente (pendientes.tablero). De cada procedimiento, la mediana y
 * el p95 de LLAMADAS llamadas tras CALENTAMIENTO de calentamiento, y las sentencias SQL de una
 * llamada (tests/bench/procedimientos.ts); primero con la escuela como se sembró (la planilla
 * con sus alumnos, el guardado de 10) y después con el cursado llevado a 35 alumnos (se guardan
 * los 35) y el doble de pendientes (una segunda instancia vencida y abierta, el doble de
 * cursados en el ciclo): las sentencias deben ser las mismas en los dos tamaños (ninguna
 * sentencia por alumno, por cursado ni por instancia). Llama a los procedimientos (el mismo
 * código que la pantalla y el REST) como el docente y el regente de demostración sobre una base
 * PostgreSQL propia, recién sembrada, con un "hoy" fijo: el 5 de octubre del ciclo, pasado el
 * cierre (2 de octubre) y antes de la publicación (9 de octubre) de la instancia de avances de
 * la semilla, que ya sembró sus planillas (casi todas cerradas; la del cursado medido se reabre
 * para poder guardarla). La sesión ya está cargada: por HTTP se suma la sentencia que la lee en
 * cada pedido.
 *
 * Parte de `npm run bench` (paso 4g); sola: `npm run bench:avances`.
 * La base: BENCH_AVANCES_URL, por defecto portal_bench_avances en 127.0.0.1.
 */
import postgres from 'postgres';
import type { CodigoAvance } from '@/domain/avances';
import { Rol } from '@/domain/roles';
import { abrirSesion } from '@/server/auth/sesion';
import type { Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import { momentoEscolar } from '@/server/reloj';
import {
  conBaseNueva,
  crecen,
  llamador,
  medirProcedimientos,
  sembrarBase,
  tablaProcedimientos,
  type MedidaTamano,
  type Procedimiento,
} from './procedimientos';

const URL_AVANCES =
  process.env.BENCH_AVANCES_URL || 'postgres://postgres@127.0.0.1:5432/portal_bench_avances';

/** Alumnos del cursado en el tamaño grande (una división llena). */
const ALUMNOS_GRANDE = 35;
/** Alumnos cambiados en cada guardado del tamaño chico. */
const GUARDADOS_CHICO = 10;

/** Los dos valores entre los que alterna cada alumno en los guardados. */
type Valor = { tipos: CodigoAvance[]; observaciones: string | null };
const VALORES: [Valor, Valor] = [
  { tipos: ['evaluaciones'], observaciones: 'Debe la evaluación de la unidad 3 (bench A).' },
  { tipos: ['trabajos', 'participacion'], observaciones: 'Adeuda el trabajo práctico (bench B).' },
];

export interface MedidaAvances extends MedidaTamano {
  /** El cursado de la planilla medida. */
  cursado: string;
  /** Alumnos de la planilla y alumnos cambiados en cada guardado. */
  alumnos: number;
  guardados: number;
  /** Cursados del ciclo (los del tablero). */
  cursados: number;
  /** Las instancias vencidas y abiertas (las que reclama el tablero). */
  instancias: string[];
  /** Planillas de esas instancias que existen sin cerrar. */
  sinCerrar: number;
  pendientes: { notas: number; avances: number; asistencias: number };
}

interface Ids {
  ciclo: number;
  hoy: string;
  /** La instancia de la planilla: su cierre. */
  fecha: string;
  cursado: number;
  nombre: string;
  docente: { usuarioId: number; sid: string };
  regente: { usuarioId: number; sid: string };
}

/** El primer cursado del ciclo del docente de demostración (y los ids de él y del regente). */
async function elegirCursado(sql: postgres.Sql, ciclo: number, fecha: string) {
  const [fila] = await sql<{ cursado: number; nombre: string; docente: number; regente: number }[]>`
    select c.id as cursado, c.nombre, ud.id as docente,
      (select id from usuarios where lower(email) = ${EMAIL_DEMO.regente}) as regente
    from cursados c
    join cursados_docentes cd on cd.cursado_id = c.id
    join usuarios ud on ud.id = cd.usuario_id and lower(ud.email) = ${EMAIL_DEMO.docente}
    where c.ciclolectivo = ${ciclo}
      and exists (select 1 from avances_planillas p where p.cursado_id = c.id and p.fecha = ${fecha})
    order by c.id limit 1`;
  if (!fila?.regente)
    throw new Error(
      `La semilla no tiene un cursado de ${ciclo} de ${EMAIL_DEMO.docente} con planilla de avances ` +
        `del ${fecha}, o no tiene a ${EMAIL_DEMO.regente}.`,
    );
  return fila;
}

/** La planilla de la instancia del cursado, abierta (la semilla cierra nueve de cada diez). */
async function reabrirPlanilla(sql: postgres.Sql, ids: Ids) {
  await sql`
    update avances_planillas set cerrada = false, cerrada_por = null, cerrada_en = null
    where cursado_id = ${ids.cursado} and fecha = ${ids.fecha}`;
}

/**
 * Lleva el cursado a `total` alumnos: inscribe (en la misma materia) a alumnos del ciclo de otros
 * cursos del mismo año que no estén inscriptos en él, en un solo `insert … select`.
 */
async function completarCursado(sql: postgres.Sql, ids: Ids, total: number) {
  await sql`
    insert into inscripciones (alumno_id, cursado_id, materia_id)
    select ac.alumno_id, ${ids.cursado},
      (select min(i.materia_id) from inscripciones i where i.cursado_id = ${ids.cursado})
    from alumnos_cursos ac
    join cursos c on c.id = ac.curso_id
    where ac.ciclolectivo = ${ids.ciclo}
      and c.anio = (select min(cu.anio) from cursados_cursos cc join cursos cu on cu.id = cc.curso_id
        where cc.cursado_id = ${ids.cursado})
      and not exists (select 1 from inscripciones i
        where i.cursado_id = ${ids.cursado} and i.alumno_id = ac.alumno_id)
    order by ac.alumno_id
    limit greatest(0, ${total} - (select count(*) from inscripciones where cursado_id = ${ids.cursado}))`;
  const [n] = await sql<{ n: number }[]>`
    select count(*)::int as n from inscripciones where cursado_id = ${ids.cursado}`;
  if (n?.n !== total)
    throw new Error(`El cursado ${ids.cursado} quedó con ${n?.n} alumnos, no ${total}.`);
}

/**
 * El doble de pendientes de avances: una segunda instancia vencida y abierta el "hoy" medido
 * (apertura, cierre y publicación después de las de la semilla, para que se emparejen en orden)
 * y una copia de cada cursado del ciclo (mismo curso, materia y docentes; sin planillas ni
 * alumnos), todo con SQL.
 */
async function duplicarPendientes(sql: postgres.Sql, ciclo: number) {
  await sql`
    insert into calendario (fecha, tipo, area) values
      (${`${ciclo}-09-28`}, 'apertura', 'avance'),
      (${`${ciclo}-10-04`}, 'cierre', 'avance'),
      (${`${ciclo}-10-16`}, 'publicacion', 'avance')`;
  await sql`
    with nuevos as (
      insert into cursados (nombre, modalidad, horas, ciclolectivo, periodos_cerrados, detalles)
      select nombre || ' (bis)', modalidad, horas, ciclolectivo, periodos_cerrados, 'bench:' || id
      from cursados where ciclolectivo = ${ciclo}
      returning id, detalles
    ),
    par as (select id as nuevo, substr(detalles, 7)::int as viejo from nuevos),
    cursos as (
      insert into cursados_cursos (cursado_id, curso_id)
      select par.nuevo, cc.curso_id from par join cursados_cursos cc on cc.cursado_id = par.viejo
    ),
    materias as (
      insert into cursados_materias (cursado_id, materia_id)
      select par.nuevo, cm.materia_id from par join cursados_materias cm on cm.cursado_id = par.viejo
    )
    insert into cursados_docentes (cursado_id, usuario_id)
    select par.nuevo, cd.usuario_id from par join cursados_docentes cd on cd.cursado_id = par.viejo`;
}

/** Lo que devolvió el último tablero (para la descripción de los datos). */
interface VistoTablero {
  instancias: string[];
  pendientes: { notas: number; avances: number; asistencias: number };
}

/** Los tres procedimientos, llamados como el docente y como el regente sobre `db`. */
async function procedimientos(
  db: Db,
  ids: Ids,
  guardar: number,
  visto: VistoTablero,
): Promise<Procedimiento[]> {
  const docente = await llamador(db, ids.docente, Rol.Docente, ids);
  const regente = await llamador(db, ids.regente, Rol.Regente, ids);
  const planilla = { fecha: ids.fecha, cursado: ids.cursado };
  let cambios: {
    alumno: number;
    tipos: CodigoAvance[];
    observaciones: string | null;
    anterior: Valor | null;
  }[] = [];
  return [
    {
      procedimiento: 'avances.planilla (docente)',
      unidad: 'alumnos',
      llamar: async () => (await docente.avances.planilla(planilla)).alumnos.length,
    },
    {
      procedimiento: 'avances.guardar (docente)',
      unidad: 'alumnos',
      // Lo guardado, como lo muestra la pantalla; cada alumno pasa al otro de los dos valores.
      preparar: async () => {
        const { alumnos } = await docente.avances.planilla(planilla);
        cambios = alumnos.slice(0, guardar).map((a) => {
          const siguiente =
            a.guardado?.observaciones === VALORES[0].observaciones ? VALORES[1] : VALORES[0];
          return { alumno: a.alumnoId, ...siguiente, anterior: a.guardado };
        });
      },
      llamar: async () => (await docente.avances.guardar({ ...planilla, cambios })).guardados,
    },
    {
      procedimiento: 'pendientes.tablero (regente)',
      unidad: 'pendientes',
      llamar: async () => {
        const t = await regente.pendientes.tablero();
        visto.instancias = [...new Set(t.avances.items.map((i) => i.fecha))].sort();
        visto.pendientes = {
          notas: t.notas.items.length,
          avances: t.avances.items.length,
          asistencias: t.asistencias.items.length,
        };
        return visto.pendientes.notas + visto.pendientes.avances + visto.pendientes.asistencias;
      },
    },
  ];
}

/** Lo que quedó en la base (para la tabla). */
async function resumen(sql: postgres.Sql, ids: Ids, instancias: string[]) {
  const [r] = await sql<{ alumnos: number; cursados: number; sinCerrar: number }[]>`
    select
      (select count(*)::int from inscripciones where cursado_id = ${ids.cursado}) as alumnos,
      (select count(*)::int from cursados where ciclolectivo = ${ids.ciclo}) as cursados,
      (select count(*)::int from avances_planillas
        where not cerrada and fecha = any(${instancias}::date[])) as "sinCerrar"`;
  return r!;
}

/**
 * Siembra una base propia con "hoy" el 5 de octubre del ciclo, reabre la planilla del 2 de
 * octubre del primer cursado del docente de demostración y mide; lleva el cursado a 35 alumnos,
 * agrega una instancia vencida y abierta y duplica los cursados del ciclo, y vuelve a medir.
 * Devuelve las dos medidas.
 */
export async function medirAvances(url: string = URL_AVANCES): Promise<MedidaAvances[]> {
  return conBaseNueva(url, async (b) => {
    const { sql } = b;
    const { ciclo } = momentoEscolar();
    const hoy = `${ciclo}-10-05`;
    const fecha = `${ciclo}-10-02`;
    const ids: Ids = await sembrarBase(url, { ciclo, hoy }, async (db) => {
      const elegido = await elegirCursado(sql, ciclo, fecha);
      return {
        ciclo,
        hoy,
        fecha,
        cursado: elegido.cursado,
        nombre: elegido.nombre,
        docente: { usuarioId: elegido.docente, sid: await abrirSesion(db, elegido.docente) },
        regente: { usuarioId: elegido.regente, sid: await abrirSesion(db, elegido.regente) },
      };
    });
    await reabrirPlanilla(sql, ids);
    const medida = async (datos: string, guardar: number): Promise<MedidaAvances> => {
      const visto: VistoTablero = {
        instancias: [],
        pendientes: { notas: 0, avances: 0, asistencias: 0 },
      };
      const medidas = await medirProcedimientos(b, (db) => procedimientos(db, ids, guardar, visto));
      return {
        datos,
        cursado: ids.nombre,
        ...(await resumen(sql, ids, visto.instancias)),
        guardados: medidas[1]!.filas,
        instancias: visto.instancias,
        pendientes: visto.pendientes,
        procedimientos: medidas,
      };
    };
    // Como se sembró: la planilla con sus alumnos (≈ 30), el guardado de 10.
    const uno = await medida('como se sembró', GUARDADOS_CHICO);
    // El doble: el cursado con 35 alumnos (se guardan todos), dos instancias vencidas y el
    // doble de cursados.
    await completarCursado(sql, ids, ALUMNOS_GRANDE);
    await duplicarPendientes(sql, ciclo);
    const dos = await medida('35 alumnos, el doble', ALUMNOS_GRANDE);
    return [uno, dos];
  });
}

/** Los procedimientos cuyas sentencias por llamada cambian entre los tamaños ("a → b"). */
export const crecenAvances = (medidas: MedidaAvances[]): string[] => crecen(medidas);

export function tablaAvances(medidas: MedidaAvances[]): string {
  const dia = (f: string) => f.slice(5).split('-').reverse().join('/');
  const instancias = (fechas: string[]) =>
    fechas.length === 1
      ? `1 instancia vencida y abierta (${dia(fechas[0]!)})`
      : `${fechas.length} instancias vencidas y abiertas (${fechas.map(dia).join(', ') || 'ninguna'})`;
  return tablaProcedimientos(
    medidas,
    medidas.map(
      (m) =>
        `- ${m.datos}: la planilla de ${m.cursado} con ${m.alumnos} alumnos, ${m.guardados} cambiados en cada guardado; ` +
        `${m.cursados} cursados en el ciclo, ${instancias(m.instancias)} con ${m.sinCerrar} planillas ` +
        `sin cerrar; en el tablero, ` +
        `${m.pendientes.avances} avances, ${m.pendientes.notas} notas y ${m.pendientes.asistencias} asistencias pendientes.`,
    ),
  );
}

if (process.argv[1]?.endsWith('avances.ts')) {
  medirAvances()
    .then((m) => {
      console.log('\n## Avances y tablero de pendientes\n');
      console.log(tablaAvances(m));
    })
    .catch((e) => {
      console.error(e);
      process.exit(1);
    });
}
