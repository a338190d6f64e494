/**
 * Medición de las mesas de examen (issue 16): el listado del año de Alumnado (mesas.lista, la
 * primera página de 30 y una búsqueda), el detalle de una mesa (mesas.detalle, con sus
 * superposiciones), su acta de 40 alumnos (mesas.acta), el guardado del acta entera
 * (mesas.guardarActa: los 40, cada uno con el `anterior` leído justo antes) y los alumnos que
 * adeudan la materia (mesas.candidatos). De cada procedimiento, la mediana y el p95 de LLAMADAS
 * llamadas tras CALENTAMIENTO, y las sentencias SQL de una llamada (tests/bench/procedimientos.ts):
 * primero con las mesas de la semilla y después con 300 mesas más en el año, cada una con una
 * materia, tribunal y alumnos: las sentencias deben ser las mismas en los dos tamaños.
 * Con "hoy" el 20 de noviembre del ciclo, sobre una base PostgreSQL propia recién sembrada.
 *
 * Parte de `npm run bench` (paso 4h); sola: `npm run bench:mesas`.
 * La base: BENCH_MESAS_URL, por defecto portal_bench_mesas en 127.0.0.1.
 */
import postgres from 'postgres';
import { Rol } from '@/domain/roles';
import { abrirSesion } from '@/server/auth/sesion';
import type { Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import { momentoEscolar } from '@/server/reloj';
import {
  conBaseNueva,
  llamador,
  medirProcedimientos,
  sembrarBase,
  tablaProcedimientos,
  type MedidaTamano,
  type Procedimiento,
} from './procedimientos';

const URL_MESAS =
  process.env.BENCH_MESAS_URL || 'postgres://postgres@127.0.0.1:5432/portal_bench_mesas';

/** Alumnos del acta medida. */
const ALUMNOS_ACTA = 40;
/** Mesas que se agregan al año en el tamaño grande. */
const MESAS_EXTRA = 300;

export interface MedidaMesas extends MedidaTamano {
  mesas: number;
  alumnosActa: number;
}

interface Ids {
  ciclo: number;
  hoy: string;
  mesa: number;
  materia: number;
  alumnado: { usuarioId: number; sid: string };
}

/**
 * La mesa medida: una de diciembre del ciclo con una materia, y su acta llevada a 40 alumnos de
 * los inscriptos en esa materia (cualquier ciclo), en un `insert … select`.
 */
async function prepararMesa(sql: postgres.Sql, ciclo: number) {
  const [m] = await sql<{ mesa: number; materia: number }[]>`
    select mm.mesa_id as mesa, mm.materia_id as materia
    from mesas_materias mm join mesas m on m.id = mm.mesa_id
    where extract(year from m.comienzo) = ${ciclo} and mm.cerrada_en is null
      and (select count(distinct i.alumno_id) from inscripciones i where i.materia_id = mm.materia_id) >= ${ALUMNOS_ACTA}
    order by m.comienzo, m.id limit 1`;
  if (!m)
    throw new Error(
      `La semilla no tiene una mesa abierta de ${ciclo} con ${ALUMNOS_ACTA} alumnos posibles.`,
    );
  await sql`
    insert into mesas_alumnos (mesa_id, materia_id, alumno_id, cursado_id)
    select ${m.mesa}, ${m.materia}, x.alumno_id, x.cursado_id
    from (select distinct on (i.alumno_id) i.alumno_id, i.cursado_id from inscripciones i
          where i.materia_id = ${m.materia} order by i.alumno_id, i.cursado_id) x
    where not exists (select 1 from mesas_alumnos a where a.mesa_id = ${m.mesa}
      and a.materia_id = ${m.materia} and a.alumno_id = x.alumno_id)
    order by x.alumno_id
    limit greatest(0, ${ALUMNOS_ACTA} - (select count(*) from mesas_alumnos where mesa_id = ${m.mesa} and materia_id = ${m.materia}))`;
  return m;
}

/** 300 mesas más en el año (de marzo a diciembre), cada una con una materia, tres docentes y 10 alumnos. */
async function agregarMesas(sql: postgres.Sql, ciclo: number) {
  await sql`
    with nuevas as (
      insert into mesas (comienzo, instancia, aula)
      select ${`${ciclo}-03-01T11:00:00Z`}::timestamptz + (g * interval '19 hours'),
        case g % 3 when 0 then 'Extraordinaria Julio' when 1 then 'Complementaria Noviembre/Diciembre' else 'Flotante Abril' end,
        'Aula ' || (g % 20)
      from generate_series(1, ${MESAS_EXTRA}) g
      returning id
    ),
    numeradas as (select id, row_number() over (order by id) as n from nuevas),
    mats as (select id, row_number() over (order by id) as n, count(*) over () as total from materias),
    con_materia as (
      insert into mesas_materias (mesa_id, materia_id, orden)
      select nu.id, ma.id, 1 from numeradas nu join mats ma on ma.n = 1 + (nu.n % ma.total)
      returning mesa_id, materia_id
    ),
    docentes as (
      select id, row_number() over (order by id) as n, count(*) over () as total
      from usuarios where (rls & ${Rol.Docente}) <> 0
    ),
    tribunal as (
      insert into mesas_tribunal (mesa_id, docente_id, orden)
      select nu.id, d.id, k from numeradas nu cross join generate_series(1, 3) k
      join docentes d on d.n = 1 + ((nu.n * 3 + k) % d.total)
    )
    insert into mesas_alumnos (mesa_id, materia_id, alumno_id, cursado_id)
    select cm.mesa_id, cm.materia_id, x.alumno_id, x.cursado_id
    from con_materia cm
    cross join lateral (select distinct on (i.alumno_id) i.alumno_id, i.cursado_id from inscripciones i
      where i.materia_id = cm.materia_id order by i.alumno_id, i.cursado_id limit 10) x`;
}

async function procedimientos(db: Db, ids: Ids): Promise<Procedimiento[]> {
  // Después de las mesas del ciclo: el acta sólo se carga cuando empezó la mesa (issue 32).
  const ahora = new Date(`${ids.ciclo + 1}-01-02T12:00:00Z`);
  const alumnado = await llamador(db, ids.alumnado, Rol.Alumnado, { ...ids, ahora });
  const acta = { id: ids.mesa, materia: ids.materia };
  let cambios: {
    alumno: number;
    resultado: { tipoNota: 'normal'; nota: number };
    anterior: { tipoNota: 'normal' | 'ausente' | 'adeuda_correlativa'; nota: number | null } | null;
  }[] = [];
  return [
    {
      procedimiento: 'mesas.lista (página 1)',
      unidad: 'mesas',
      llamar: async () =>
        (await alumnado.mesas.lista({ anio: ids.ciclo, q: '', cursor: 0 })).items.length,
    },
    {
      procedimiento: 'mesas.lista (búsqueda)',
      unidad: 'mesas',
      llamar: async () =>
        (await alumnado.mesas.lista({ anio: ids.ciclo, q: 'aula 1', cursor: 0 })).items.length,
    },
    {
      procedimiento: 'mesas.detalle',
      unidad: 'materias',
      llamar: async () => (await alumnado.mesas.detalle({ id: ids.mesa })).materias.length,
    },
    {
      procedimiento: 'mesas.acta',
      unidad: 'alumnos',
      llamar: async () => (await alumnado.mesas.acta(acta)).alumnos.length,
    },
    {
      procedimiento: 'mesas.guardarActa (40)',
      unidad: 'alumnos',
      // Lo guardado, como lo muestra la pantalla; cada alumno alterna entre 4 y 5.
      preparar: async () => {
        const { alumnos } = await alumnado.mesas.acta(acta);
        cambios = alumnos.map((a) => ({
          alumno: a.alumno,
          resultado: { tipoNota: 'normal', nota: a.resultado?.nota === 4 ? 5 : 4 },
          anterior: a.resultado,
        }));
      },
      llamar: async () => (await alumnado.mesas.guardarActa({ ...acta, cambios })).guardados,
    },
    {
      procedimiento: 'mesas.candidatos',
      unidad: 'alumnos',
      llamar: async () => (await alumnado.mesas.candidatos(acta)).alumnos.length,
    },
  ];
}

export async function medirMesas(url: string = URL_MESAS): Promise<MedidaMesas[]> {
  return conBaseNueva(url, async (b) => {
    const { sql } = b;
    const { ciclo } = momentoEscolar();
    const hoy = `${ciclo}-11-20`;
    const ids: Ids = await sembrarBase(url, { ciclo, hoy }, async (db) => {
      const m = await prepararMesa(sql, ciclo);
      const [u] = await sql<{ id: number }[]>`
        select id from usuarios where lower(email) = ${EMAIL_DEMO.alumnado}`;
      return {
        ciclo,
        hoy,
        mesa: m.mesa,
        materia: m.materia,
        alumnado: { usuarioId: u!.id, sid: await abrirSesion(db, u!.id) },
      };
    });
    const medida = async (datos: string): Promise<MedidaMesas> => {
      const medidas = await medirProcedimientos(b, (db) => procedimientos(db, ids));
      const [r] = await sql<{ mesas: number }[]>`
        select count(*)::int as mesas from mesas where extract(year from comienzo) = ${ciclo}`;
      return { datos, mesas: r!.mesas, alumnosActa: medidas[3]!.filas, procedimientos: medidas };
    };
    const uno = await medida('como se sembró');
    await agregarMesas(sql, ciclo);
    const dos = await medida(`${MESAS_EXTRA} mesas más`);
    return [uno, dos];
  });
}

export function tablaMesas(medidas: MedidaMesas[]): string {
  return tablaProcedimientos(
    medidas,
    medidas.map(
      (m) =>
        `- ${m.datos}: ${m.mesas} mesas en el año; el acta medida tiene ${m.alumnosActa} alumnos.`,
    ),
  );
}

if (process.argv[1]?.endsWith('mesas.ts')) {
  medirMesas()
    .then((m) => {
      console.log('\n## Mesas de examen\n');
      console.log(tablaMesas(m));
    })
    .catch((e) => {
      console.error(e);
      process.exit(1);
    });
}
