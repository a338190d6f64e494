/**
 * Escenarios de asistencias del benchmark (issue 3 "Measured"): un año entero de asistencias
 * insertado con SQL sobre la escuela sembrada, el planillón de un curso y mes
 * (GET /api/asistencias/reporte/{curso}/{mes}) y el guardado de la planilla entera
 * (POST /api/asistencias/planilla/{curso}/{fecha}/{turno}), y el conteo de sentencias SQL
 * por petición leyendo el log del servidor con `log_statement = 'all'` en la base de prueba.
 */
import { momentoEscolar } from '@/server/reloj';
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import postgres from 'postgres';

/** Filas totales buscadas en `asistencias` (el pedido es ≥ 100.000). */
const OBJETIVO_FILAS = 130_000;
/** Días distintos entre los que rotan los guardados (menos choques de candados entre conexiones). */
const FECHAS_GUARDADO = 20;
export const TURNO_GUARDADO = 'Mañana';

/** Peso de cada tipo en las entradas insertadas (suman 1). */
const PESOS: [string, number][] = [
  ['Falta', 0.5],
  ['Tardanza Ingreso', 0.25],
  ['Tardanza Recreo', 0.1],
  ['Retiro con Permiso (Falta)', 0.05],
  ['Retiro con Permiso (Media)', 0.05],
  ['Ingreso Autorizado (Falta)', 0.05],
];

export interface CursoBench {
  id: number;
  alumnos: number;
}

export interface DatosAsistencias {
  ciclo: number;
  filas: number;
  insertadas: number;
  cursoChico: CursoBench;
  cursoGrande: CursoBench;
  /** Días hábiles recientes (de más nuevo a más viejo) para los guardados. */
  fechas: string[];
  /** El mes del planillón ('AAAA-MM'), con datos. */
  mes: string;
}

/**
 * Inserta con un solo `insert … select` las asistencias de todo el ciclo actual: alumnos del
 * ciclo × días hábiles del 1 de marzo a ayer × turnos × tipos, filtrado por `hashtext`
 * (determinista) con la probabilidad que lleva el total a ~OBJETIVO_FILAS. El índice único
 * (alumno, fecha, turno, tipo) se respeta: un tipo por combinación, y `on conflict do nothing`
 * con lo que ya sembró la semilla.
 */
export async function sembrarAnio(url: string): Promise<DatosAsistencias> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const ciclo = momentoEscolar().ciclo;
    const desde = `${ciclo}-03-01`;
    const [previo] = await sql<{ n: number }[]>`select count(*)::int as n from asistencias`;
    const [base] = await sql<{ n: number }[]>`
      select (select count(distinct alumno_id) from alumnos_cursos where ciclolectivo = ${ciclo})
        * (select count(*) from generate_series(${desde}::date, current_date - 1, '1 day') d
           where extract(isodow from d) < 6) * 2 as n`;
    const combinaciones = Number(base?.n ?? 0);
    const faltan = Math.max(0, OBJETIVO_FILAS - (previo?.n ?? 0));
    // Entradas buscadas por combinación alumno×día×turno (puede pasar de 1: hay 6 tipos).
    const porCombinacion = combinaciones ? faltan / combinaciones : 0;
    const tipos = PESOS.map(([tipo, peso]) => ({
      tipo,
      umbral: Math.round(Math.min(1, peso * porCombinacion) * 100_000),
    }));
    const insertadas = await sql`
      with tipos as (
        select * from jsonb_to_recordset(${sql.json(tipos)}) as t(tipo text, umbral int)
      ),
      dias as (
        select d::date as fecha from generate_series(${desde}::date, current_date - 1, '1 day') d
        where extract(isodow from d) < 6
      ),
      combos as (
        select a.alumno_id, dias.fecha, tu.turno, tipos.tipo,
          abs(hashtext(a.alumno_id || '|' || dias.fecha || '|' || tu.turno || '|' || tipos.tipo)) as h,
          tipos.umbral
        from (select distinct alumno_id from alumnos_cursos where ciclolectivo = ${ciclo}) a
        cross join dias
        cross join (values ('Mañana'), ('Tarde')) tu(turno)
        cross join tipos
      )
      insert into asistencias (alumno_id, fecha, turno, tipo, circunstancia, justificada, justificacion)
      select alumno_id, fecha, turno, tipo,
        case when h % 7 = 0 then 'Educación Física' else 'Normal' end,
        h % 5 = 0,
        case when h % 5 = 0 then 'Certificado médico' end
      from combos
      where h % 100000 < umbral
      on conflict do nothing`;
    // La semilla sólo trae cursos de ~30 alumnos: para contar sentencias con pocos alumnos se
    // arma un curso chico (1° 7°, Básico) con 3 alumnos pasados del curso menos numeroso.
    await sql`
      with nuevo as (
        insert into cursos (anio, division, especialidad) values (1, 7, 'Básico')
        on conflict (anio, division) do update set especialidad = excluded.especialidad
        returning id
      ),
      origen as (
        select curso_id from alumnos_cursos where ciclolectivo = ${ciclo}
        group by curso_id order by count(*), curso_id limit 1
      )
      update alumnos_cursos set curso_id = (select id from nuevo)
      where id in (
        select ac.id from alumnos_cursos ac join origen using (curso_id)
        where ac.ciclolectivo = ${ciclo} order by ac.alumno_id desc limit 3)`;
    await sql`analyze`;
    const [total] = await sql<{ n: number }[]>`select count(*)::int as n from asistencias`;
    const cursos = await sql<{ id: number; alumnos: number }[]>`
      select curso_id as id, count(*)::int as alumnos from alumnos_cursos
      where ciclolectivo = ${ciclo} group by curso_id order by alumnos, curso_id`;
    if (!cursos.length) throw new Error(`no hay cursos con alumnos en ${ciclo}`);
    const fechas = await sql<{ fecha: string }[]>`
      select d::date::text as fecha from generate_series(current_date - 2, ${desde}::date, '-1 day') d
      where extract(isodow from d) < 6 limit ${FECHAS_GUARDADO}`;
    if (!fechas.length) throw new Error('no hay días hábiles en el ciclo para guardar');
    return {
      ciclo,
      filas: total?.n ?? 0,
      insertadas: insertadas.count,
      cursoChico: cursos[0]!,
      cursoGrande: cursos[cursos.length - 1]!,
      fechas: fechas.map((f) => f.fecha),
      mes: fechas[0]!.fecha.slice(0, 7),
    };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

interface EntradaPlanilla {
  tipo: string;
  circunstancia: string;
  justificada: boolean;
  justificacion: string | null;
}

export interface CambiosAlumno {
  alumno: number;
  crear: EntradaPlanilla[];
  actualizar: (EntradaPlanilla & { orden: number })[];
  borrar: number[];
}

/**
 * El cuerpo del guardado de la planilla de un curso en cada fecha, como lo arma la pantalla:
 * cada alumno del curso, con sus entradas guardadas de ese día y turno en `actualizar` (mismos
 * datos: se releen con candado y no se escriben) y, un alumno de cada dos, una entrada nueva
 * de un tipo que no tenga en `crear`. Repetible: la primera vez la crea, después el upsert
 * sobre el índice único la encuentra igual (sin auditoría).
 */
export async function cuerposPlanilla(
  url: string,
  curso: number,
  ciclo: number,
  fechas: string[],
): Promise<Map<string, { alumnos: CambiosAlumno[] }>> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const alumnos = await sql<{ id: number }[]>`
      select alumno_id as id from alumnos_cursos
      where curso_id = ${curso} and ciclolectivo = ${ciclo} order by alumno_id`;
    const guardadas = await sql<
      (EntradaPlanilla & { orden: number; alumno: number; fecha: string })[]
    >`
      select a.id as orden, a.alumno_id as alumno, a.fecha::text as fecha, a.tipo,
        a.circunstancia, a.justificada, a.justificacion
      from asistencias a
      join alumnos_cursos ac on ac.alumno_id = a.alumno_id
        and ac.curso_id = ${curso} and ac.ciclolectivo = ${ciclo}
      where a.fecha = any(${fechas}::date[]) and a.turno = ${TURNO_GUARDADO}
      order by a.id`;
    const cuerpos = new Map<string, { alumnos: CambiosAlumno[] }>();
    for (const fecha of fechas) {
      cuerpos.set(fecha, {
        alumnos: alumnos.map(({ id }, i) => {
          const suyas = guardadas.filter((g) => g.alumno === id && g.fecha === fecha);
          const tipoNuevo = ['Tardanza Ingreso', 'Falta', 'Tardanza Recreo'].find(
            (t) => !suyas.some((s) => s.tipo === t),
          );
          return {
            alumno: id,
            crear:
              i % 2 === 0 && tipoNuevo
                ? [
                    {
                      tipo: tipoNuevo,
                      circunstancia: 'Normal',
                      justificada: false,
                      justificacion: null,
                    },
                  ]
                : [],
            actualizar: suyas.map((s) => ({
              orden: s.orden,
              tipo: s.tipo,
              circunstancia: s.circunstancia,
              justificada: s.justificada,
              justificacion: s.justificacion,
            })),
            borrar: [],
          };
        }),
      });
    }
    return cuerpos;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

// ---------------------------------------------------------------------------
// Conteo de sentencias SQL por petición

/**
 * El archivo de log del servidor: pg_current_logfile() si el colector está activo; si no
 * (Debian: stderr a /var/log/postgresql/postgresql-<major>-main.log) ese archivo, o BENCH_PG_LOG.
 */
export async function archivoDeLog(sql: postgres.Sql): Promise<string | null> {
  if (process.env.BENCH_PG_LOG) return process.env.BENCH_PG_LOG;
  const [fila] = await sql<{ archivo: string | null; dir: string; num: string }[]>`
    select pg_current_logfile() as archivo, current_setting('data_directory') as dir,
      current_setting('server_version_num') as num`;
  if (fila?.archivo)
    return fila.archivo.startsWith('/') ? fila.archivo : `${fila.dir}/${fila.archivo}`;
  const major = Math.floor(Number(fila?.num ?? 0) / 10000);
  const debian = `/var/log/postgresql/postgresql-${major}-main.log`;
  return existsSync(debian) ? debian : null;
}

/** Cuenta las sentencias de `base` registradas en el log mientras corre `f`. */
export async function contarSentencias(
  archivo: string,
  base: string,
  f: () => Promise<void>,
): Promise<number> {
  const desde = statSync(archivo).size;
  await f();
  await new Promise((ok) => setTimeout(ok, 400)); // que el servidor termine de escribir
  const hasta = statSync(archivo).size;
  const buffer = Buffer.alloc(hasta - desde);
  const fd = openSync(archivo, 'r');
  try {
    readSync(fd, buffer, 0, buffer.length, desde);
  } finally {
    closeSync(fd);
  }
  // log_line_prefix de Debian: '%m [%p] %q%u@%d '. Una línea "statement:" (protocolo simple)
  // o "execute <nombre>:" (extendido) por sentencia; los DETAIL y las continuaciones no cuentan.
  const linea = new RegExp(`\\[\\d+\\] [^\\s@]*@${base} LOG:\\s+(statement|execute [^:]*):`);
  return buffer
    .toString('utf8')
    .split('\n')
    .filter((l) => linea.test(l)).length;
}
