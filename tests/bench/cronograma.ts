/**
 * Medición del cronograma y las evaluaciones (issue 14): la pestaña de clases de un docente con
 * un año entero (cronograma.libro: ≈ 150 clases con el libro de temas de cada clase pasada), sus
 * lugares de evaluación (evaluaciones.disponibles, con las evaluaciones del año en los cursos del
 * cursado) y /evaluaciones-externo de un alumno inscripto en ese cursado (evaluaciones.mias). De
 * cada procedimiento, la mediana y el p95 de LLAMADAS llamadas tras CALENTAMIENTO de
 * calentamiento, y las sentencias SQL de una llamada (tests/bench/procedimientos.ts); después
 * se duplican los datos (el doble de bloques de horario, de evaluaciones y de cursados del
 * alumno) y se mide de nuevo: las sentencias deben ser las mismas en los dos tamaños (ninguna
 * sentencia por clase ni por evaluación). Llama a los procedimientos (el mismo código que la
 * pantalla y el REST) como el docente y el alumno de demostración sobre una base PostgreSQL
 * propia, recién sembrada, con un "hoy" fijo (15 de septiembre del ciclo: hay clases pasadas y
 * futuras sea cual sea la fecha).
 * La sesión ya está cargada: por HTTP se suma la sentencia que la lee en cada pedido.
 *
 * Parte de `npm run bench` (paso 4f); sola: `npm run bench:cronograma`.
 * La base: BENCH_CRONOGRAMA_URL, por defecto portal_bench_cronograma en 127.0.0.1.
 */
import postgres from 'postgres';
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
  type MedidaProcedimiento,
  type Procedimiento,
} from './procedimientos';

const URL_CRONOGRAMA =
  process.env.BENCH_CRONOGRAMA_URL || 'postgres://postgres@127.0.0.1:5432/portal_bench_cronograma';

/** Bloques (día, bloque) del horario del cursado medido. */
type Bloques = { dia: number; bloque: number }[];
const bloques = (dias: number[], numeros: number[]): Bloques =>
  dias.flatMap((dia) => numeros.map((bloque) => ({ dia, bloque })));
/** Un año: lunes, martes, jueves y viernes, dos bloques cada día (8 bloques, ≈ 150 clases). */
const HORARIO_UNO = bloques([1, 2, 4, 5], [1, 2]);
/** El doble de bloques (16): de lunes a viernes tres, el sábado uno (todas las semanas llenas). */
const HORARIO_DOS = [...bloques([1, 2, 3, 4, 5], [1, 2, 3]), ...bloques([6], [1])];

export interface MedidaCronograma {
  datos: string;
  bloques: number;
  clases: number;
  temas: number;
  /** Evaluaciones del ciclo en los cursos del cursado. */
  evaluaciones: number;
  /** Cursados del ciclo en que está inscripto el alumno. */
  inscripciones: number;
  procedimientos: MedidaProcedimiento[];
}

interface Ids {
  ciclo: number;
  hoy: string;
  cursado: number;
  cursos: number[];
  docente: { usuarioId: number; sid: string };
  alumno: { usuarioId: number; alumnoId: number; sid: string };
}

/** El cursado del ciclo que da el docente de demostración y en el que está el alumno de demostración. */
async function elegirCursado(sql: postgres.Sql, ciclo: number) {
  const [fila] = await sql<
    { cursado: number; docente: number; usuarioAlumno: number; alumno: number }[]
  >`
    select c.id as cursado, ud.id as docente, ua.id as "usuarioAlumno", a.id as alumno
    from cursados c
    join cursados_docentes cd on cd.cursado_id = c.id
    join usuarios ud on ud.id = cd.usuario_id and lower(ud.email) = ${EMAIL_DEMO.docente}
    join inscripciones i on i.cursado_id = c.id
    join alumnos a on a.id = i.alumno_id
    join usuarios ua on ua.id = a.usuario_id and lower(ua.email) = ${EMAIL_DEMO.alumno}
    where c.ciclolectivo = ${ciclo}
    order by c.id limit 1`;
  if (!fila)
    throw new Error(
      `La semilla no tiene un cursado de ${ciclo} de ${EMAIL_DEMO.docente} con ${EMAIL_DEMO.alumno} inscripto.`,
    );
  const cursos = await sql<{ id: number }[]>`
    select curso_id as id from cursados_cursos where cursado_id = ${fila.cursado} order by curso_id`;
  return { ...fila, cursos: cursos.map((c) => c.id) };
}

/** Reemplaza el horario del cursado por `lista` (el aula, la que tenía) y le completa el libro. */
async function ponerHorario(sql: postgres.Sql, ids: Ids, lista: Bloques) {
  const [previo] = await sql<{ aula: string | null }[]>`
    select min(aula) as aula from horarios where cursado_id = ${ids.cursado}`;
  await sql`delete from horarios where cursado_id = ${ids.cursado}`;
  await sql`
    insert into horarios (cursado_id, dia, bloque, aula)
    select ${ids.cursado}, t.dia, t.bloque, ${previo?.aula ?? 'Aula 1'}
    from jsonb_to_recordset(${sql.json(lista)}) as t(dia int, bloque int)`;
  // Una entrada del libro por cada clase pasada (hasta hoy), con textos de largo variado.
  await sql`
    insert into libro_temas (cursado_id, fecha, texto, autor_id)
    select ${ids.cursado}, d::date,
      'Clase del ' || to_char(d, 'DD/MM') || ': ' ||
        repeat('Ejercicios de funciones lineales y cuadráticas, puesta en común y corrección. ',
          1 + abs(hashtext(d::date::text)) % 6),
      ${ids.docente.usuarioId}
    from generate_series(${`${ids.ciclo}-03-01`}::date, ${ids.hoy}::date, '1 day') d
    where extract(isodow from d)::int in (select dia from horarios where cursado_id = ${ids.cursado})
      and d::date not in (select fecha from calendario where area = 'restriccion')
    on conflict (cursado_id, fecha) do nothing`;
}

/**
 * Evaluaciones de todo el año lectivo en `cursos`: un día hábil sin restricción de cada `paso`
 * (2: día por medio, ≈ 2,5 por semana; 1: todos), en uno de los cursados del curso que tenga
 * clase ese día (elegido por hash, determinista), reservada por su docente. Nunca dos el mismo
 * día en un curso (tampoco con las de la semilla).
 */
async function agregarEvaluaciones(
  sql: postgres.Sql,
  ciclo: number,
  cursos: number[],
  paso: number,
) {
  await sql`
    with dias as (
      select d::date as fecha, row_number() over (order by d) as n
      from generate_series(${`${ciclo}-03-01`}::date, ${`${ciclo}-12-15`}::date, '1 day') d
      where extract(isodow from d) < 6
        and d::date not in (select fecha from calendario where area = 'restriccion')
    )
    insert into evaluaciones (cursado_id, fecha, reservada_por)
    select e.cursado_id, dias.fecha,
      (select min(cd.usuario_id) from cursados_docentes cd where cd.cursado_id = e.cursado_id)
    from dias
    cross join unnest(${cursos}::int[]) as cu(curso_id)
    cross join lateral (
      select cc.cursado_id from cursados_cursos cc
      join cursados c on c.id = cc.cursado_id and c.ciclolectivo = ${ciclo}
      where cc.curso_id = cu.curso_id
        and exists (select 1 from horarios h
          where h.cursado_id = cc.cursado_id and h.dia = extract(isodow from dias.fecha)::int)
      order by abs(hashtext(cc.cursado_id || '|' || dias.fecha)) limit 1
    ) e
    where dias.n % ${paso} = 0
      and not exists (select 1 from evaluaciones ev
        join cursados_cursos cc2 on cc2.cursado_id = ev.cursado_id
        where cc2.curso_id = cu.curso_id and ev.fecha = dias.fecha)
    on conflict (cursado_id, fecha) do nothing`;
}

/**
 * El doble de cursados para el alumno: lo inscribe en los del ciclo de otro curso (del mismo año,
 * si hay) y devuelve ese curso, para llenarlo de evaluaciones.
 */
async function inscribirEnOtroCurso(sql: postgres.Sql, ids: Ids): Promise<number> {
  const [otro] = await sql<{ id: number }[]>`
    select o.id from cursos o
    where o.id <> all(${ids.cursos}::int[])
      and exists (select 1 from cursados_cursos cc join cursados c on c.id = cc.cursado_id
        where cc.curso_id = o.id and c.ciclolectivo = ${ids.ciclo})
    order by (o.anio = (select min(anio) from cursos where id = any(${ids.cursos}::int[]))) desc, o.id
    limit 1`;
  if (!otro) throw new Error('No hay otro curso con cursados en el ciclo.');
  await sql`
    insert into inscripciones (alumno_id, cursado_id, materia_id)
    select ${ids.alumno.alumnoId}, c.id,
      (select min(cm.materia_id) from cursados_materias cm where cm.cursado_id = c.id)
    from cursados c join cursados_cursos cc on cc.cursado_id = c.id
    where cc.curso_id = ${otro.id} and c.ciclolectivo = ${ids.ciclo}
      and exists (select 1 from cursados_materias cm where cm.cursado_id = c.id)
    on conflict (alumno_id, cursado_id) do nothing`;
  return otro.id;
}

/** Lo que quedó en la base para el cursado medido (para la tabla). */
async function resumen(sql: postgres.Sql, ids: Ids) {
  const [r] = await sql<
    { bloques: number; temas: number; evaluaciones: number; inscripciones: number }[]
  >`
    select
      (select count(*)::int from horarios where cursado_id = ${ids.cursado}) as bloques,
      (select count(*)::int from libro_temas where cursado_id = ${ids.cursado}) as temas,
      (select count(distinct ev.id)::int from evaluaciones ev
        join cursados c on c.id = ev.cursado_id and c.ciclolectivo = ${ids.ciclo}
        join cursados_cursos cc on cc.cursado_id = ev.cursado_id
        where cc.curso_id = any(${ids.cursos}::int[])) as evaluaciones,
      (select count(*)::int from inscripciones i join cursados c on c.id = i.cursado_id
        where i.alumno_id = ${ids.alumno.alumnoId} and c.ciclolectivo = ${ids.ciclo}) as inscripciones`;
  return r!;
}

/** Los tres procedimientos, llamados como el docente y como el alumno sobre `db`. */
async function procedimientos(db: Db, ids: Ids): Promise<Procedimiento[]> {
  const docente = await llamador(db, ids.docente, Rol.Docente, ids);
  const alumno = await llamador(db, ids.alumno, Rol.Alumno, ids);
  return [
    {
      procedimiento: 'cronograma.libro (docente)',
      unidad: 'clases',
      llamar: async () => (await docente.cronograma.libro({ cursado: ids.cursado })).clases.length,
    },
    {
      procedimiento: 'evaluaciones.disponibles (docente)',
      unidad: 'lugares',
      llamar: async () =>
        (await docente.evaluaciones.disponibles({ cursado: ids.cursado })).lugares.length,
    },
    {
      procedimiento: 'evaluaciones.mias (alumno)',
      unidad: 'evaluaciones',
      llamar: async () => (await alumno.evaluaciones.mias({})).evaluaciones.length,
    },
  ];
}

/**
 * Siembra una base propia con "hoy" el 15 de septiembre del ciclo, da al cursado de Matemática
 * del docente de demostración (con el alumno de demostración) un año de clases con su libro y
 * evaluaciones en sus cursos, mide; duplica horario, evaluaciones y cursados del alumno y vuelve
 * a medir. Devuelve las dos medidas.
 */
export async function medirCronograma(url: string = URL_CRONOGRAMA): Promise<MedidaCronograma[]> {
  return conBaseNueva(url, async (b) => {
    const { sql } = b;
    const { ciclo } = momentoEscolar();
    const hoy = `${ciclo}-09-15`;
    const ids: Ids = await sembrarBase(url, { ciclo, hoy }, async (db) => {
      const elegido = await elegirCursado(sql, ciclo);
      return {
        ciclo,
        hoy,
        cursado: elegido.cursado,
        cursos: elegido.cursos,
        docente: { usuarioId: elegido.docente, sid: await abrirSesion(db, elegido.docente) },
        alumno: {
          usuarioId: elegido.usuarioAlumno,
          alumnoId: elegido.alumno,
          sid: await abrirSesion(db, elegido.usuarioAlumno),
        },
      };
    });
    const medida = async (datos: string): Promise<MedidaCronograma> => {
      const medidas = await medirProcedimientos(b, (db) => procedimientos(db, ids));
      return {
        datos,
        ...(await resumen(sql, ids)),
        clases: medidas[0]!.filas,
        procedimientos: medidas,
      };
    };
    // Un año: 8 bloques en 4 días, el libro de cada clase pasada, evaluación día por medio.
    await ponerHorario(sql, ids, HORARIO_UNO);
    await agregarEvaluaciones(sql, ciclo, ids.cursos, 2);
    const uno = await medida('un año');
    // El doble: 16 bloques en los 6 días, evaluación todos los días y el alumno en otro curso.
    await ponerHorario(sql, ids, HORARIO_DOS);
    const otro = await inscribirEnOtroCurso(sql, ids);
    await agregarEvaluaciones(sql, ciclo, [...ids.cursos, otro], 1);
    const dos = await medida('el doble');
    return [uno, dos];
  });
}

/** Los procedimientos cuyas sentencias por llamada cambian entre los tamaños ("a → b"). */
export const crecenCronograma = (medidas: MedidaCronograma[]): string[] => crecen(medidas);

export function tablaCronograma(medidas: MedidaCronograma[]): string {
  return tablaProcedimientos(
    medidas,
    medidas.map(
      (m) =>
        `- ${m.datos}: ${m.bloques} bloques de horario, ${m.clases} clases (${m.temas} con temas en el libro), ` +
        `${m.evaluaciones} evaluaciones en los cursos del cursado; el alumno, en ${m.inscripciones} cursados del ciclo.`,
    ),
  );
}

if (process.argv[1]?.endsWith('cronograma.ts')) {
  medirCronograma()
    .then((m) => {
      console.log('\n## Cronograma y evaluaciones de un año\n');
      console.log(tablaCronograma(m));
    })
    .catch((e) => {
      console.error(e);
      process.exit(1);
    });
}
