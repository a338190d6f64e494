/**
 * Medición de "Replicar ciclo anterior" (issue 13): un año entero (≈ 25 cursos × 12 cursados)
 * copiado al siguiente, y lo mismo con el doble de cursados: tiempo de la vista previa y de la
 * aplicación, y sentencias SQL de cada una (deben ser las mismas en los dos tamaños: ninguna
 * sentencia por fila). Llama a los procedimientos (el mismo código que la pantalla y el REST)
 * como Alumnado sobre una base PostgreSQL propia, recién sembrada.
 *
 * Parte de `npm run bench` (paso 4e); sola: `npm run bench:planificacion`.
 * La base: BENCH_PLANIFICACION_URL, por defecto portal_bench_planificacion en 127.0.0.1.
 */
import { performance } from 'node:perf_hooks';
import { countDistinct, eq } from 'drizzle-orm';
import postgres from 'postgres';
import { Rol } from '@/domain/roles';
import { createCaller } from '@/server/api/root';
import { crearContexto } from '@/server/api/trpc';
import { abrirSesion, cargarSesion } from '@/server/auth/sesion';
import { abrirBase } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import { cursados, cursadosCursos, usuarios } from '@/server/db/schema';
import { sembrar } from '@/server/db/seed';
import { momentoEscolar } from '@/server/reloj';
import { archivoDeLog, contarSentencias } from './asistencias';

export interface MedidaReplicacion {
  cursados: number;
  cursos: number;
  vistaMs: number;
  vistaSentencias: number | null;
  replicarMs: number;
  replicarSentencias: number | null;
  creados: number;
}

const URL_PLANIFICACION =
  process.env.BENCH_PLANIFICACION_URL ||
  'postgres://postgres@127.0.0.1:5432/portal_bench_planificacion';

/** Cursados extra en el ciclo: cada curso recibe `porCurso` más (con sus materias), en SQL. */
async function agregarCursados(sql: postgres.Sql, ciclo: number, porCurso: number, marca: string) {
  await sql`
    with nuevos as (
      insert into cursados (nombre, modalidad, horas, ciclolectivo)
      select 'Optativa ' || ${marca} || ' ' || g || ' · ' || c.anio || '° ' || c.division || '°', 0, 2, ${ciclo}
      from cursos c cross join generate_series(1, ${porCurso}) g
      returning id, nombre
    ),
    con_curso as (
      select n.id, c.id as curso_id, c.anio
      from nuevos n join cursos c
        on n.nombre like '% · ' || c.anio || '° ' || c.division || '°'
    ),
    cc as (insert into cursados_cursos (cursado_id, curso_id) select id, curso_id from con_curso)
    insert into cursados_materias (cursado_id, materia_id)
    select cc.id, (select min(m.id) from materias m where m.anio = cc.anio) from con_curso cc`;
}

async function medir(
  url: string,
  ciclo: number,
  log: string | null,
  base: string,
): Promise<MedidaReplicacion> {
  const conexion = await abrirBase({ url });
  try {
    const db = conexion.db;
    const [u] = await db
      .select({ id: usuarios.id })
      .from(usuarios)
      .where(eq(usuarios.email, EMAIL_DEMO.alumnado));
    const usuarioId = Number(u!.id);
    const sesion = await cargarSesion(db, {
      usuarioId,
      rol: Rol.Alumnado,
      sid: await abrirSesion(db, usuarioId),
    });
    const { hoy } = momentoEscolar();
    const caller = createCaller(crearContexto({ db, sesion, ciclo, hoy }));
    const contar = async (f: () => Promise<void>) =>
      log ? contarSentencias(log, base, f) : (await f(), null);

    let vista: Awaited<ReturnType<typeof caller.cursados.planReplicacion>> | undefined;
    const t0 = performance.now();
    const vistaSentencias = await contar(async () => {
      vista = await caller.cursados.planReplicacion({ ciclo: ciclo + 1 });
    });
    const vistaMs = performance.now() - t0;
    let creados = 0;
    const t1 = performance.now();
    const replicarSentencias = await contar(async () => {
      creados = (await caller.cursados.replicar({ ciclo: ciclo + 1 })).creados;
    });
    const replicarMs = performance.now() - t1;
    const [n] = await db
      .select({ cursos: countDistinct(cursadosCursos.cursoId) })
      .from(cursadosCursos)
      .innerJoin(cursados, eq(cursados.id, cursadosCursos.cursadoId))
      .where(eq(cursados.ciclolectivo, ciclo));
    return {
      cursados: vista!.crear.length + vista!.existentes.length + vista!.conflictos.length,
      cursos: n!.cursos,
      vistaMs,
      vistaSentencias,
      replicarMs,
      replicarSentencias,
      creados,
    };
  } finally {
    await conexion.cerrar();
  }
}

/**
 * Siembra una base propia, completa el año a ≈ 12 cursados por curso, replica al año siguiente,
 * borra lo creado, duplica los cursados del año y vuelve a replicar. Devuelve las dos medidas.
 */
export async function medirPlanificacion(
  url: string = URL_PLANIFICACION,
): Promise<MedidaReplicacion[]> {
  const u = new URL(url);
  const base = u.pathname.slice(1);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${base}" with (force)`);
    await admin.unsafe(`create database "${base}"`);
    const { ciclo, hoy, instante } = momentoEscolar();
    const semilla = await abrirBase({ url });
    await sembrar(semilla.db, { ciclo, hoy, ahora: instante });
    await semilla.cerrar();
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    const log = await archivoDeLog(admin);
    try {
      // Un año como el del issue: ≈ 12 cursados por curso (la semilla tiene ≈ 11).
      await agregarCursados(sql, ciclo, 1, 'A');
      if (log) await admin.unsafe(`alter database "${base}" set log_statement = 'all'`);
      const uno = await medir(url, ciclo, log, base);
      await sql`delete from cursados where ciclolectivo = ${ciclo + 1}`;
      await agregarCursados(sql, ciclo, 12, 'B');
      const dos = await medir(url, ciclo, log, base);
      return [uno, dos];
    } finally {
      if (log) await admin.unsafe(`alter database "${base}" reset log_statement`);
      await sql.end();
    }
  } finally {
    await admin.end();
  }
}

export function tablaPlanificacion(medidas: MedidaReplicacion[]): string {
  const filas = medidas.map(
    (m) =>
      `| ${m.cursos} cursos × ${Math.round(m.cursados / Math.max(m.cursos, 1))} = ${m.cursados} | ${m.vistaMs.toFixed(0)} ms | ${m.vistaSentencias ?? '—'} | ${m.replicarMs.toFixed(0)} ms | ${m.replicarSentencias ?? '—'} | ${m.creados} |`,
  );
  return [
    '| Año replicado (cursados) | vista previa | sentencias | replicar | sentencias | creados |',
    '|---|--:|--:|--:|--:|--:|',
    ...filas,
  ].join('\n');
}

if (process.argv[1]?.endsWith('planificacion.ts')) {
  medirPlanificacion()
    .then((m) => {
      console.log('\n## Replicar ciclo anterior\n');
      console.log(tablaPlanificacion(m));
    })
    .catch((e) => {
      console.error(e);
      process.exit(1);
    });
}
