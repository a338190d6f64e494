/**
 * Escenarios de notas del benchmark (issue 4 "Measured"), con la sesión de Alumnado: la planilla
 * de notas de un cursado (GET /api/notascursado/{id}), su guardado entero, los dos cuatrimestres
 * de cada alumno (PUT /api/notascursado/{id}), y el planillón en modo notas de un curso (tRPC
 * notas.reporte, que no tiene fila REST). Se preparan con SQL sobre la escuela sembrada, sin
 * tocar lo que leen los demás escenarios (no leen notas, cursados ni el calendario de notas):
 *  - los dos períodos de notas del ciclo abiertos para Alumnado: aperturas el 1 y el 2 de enero,
 *    sin cierre ni publicación (Alumnado carga desde la apertura hasta la publicación);
 *  - 35 alumnos nuevos en un curso del ciclo que no miden las asistencias, y PLANILLAS_GRANDES
 *    cursados anuales nuevos de ese curso con los 35 inscriptos y sin notas ni períodos cerrados;
 *  - una planilla chica: un cursado nuevo del curso chico de las asistencias (3 alumnos), y ese
 *    curso vinculado a los cursados de sus alumnos, para que su planillón tenga columnas y notas
 *    como uno normal; el planillón grande es el del curso grande de las asistencias (≥ 30).
 */
import { momentoEscolar } from '@/server/reloj';
import postgres from 'postgres';
import type autocannon from 'autocannon';
import { periodosDeArea, type FechaCalendario } from '@/domain/calendario';

import {
  AUSENTE,
  CUATRIMESTRES,
  Modalidad,
  type Cuatrimestre,
  type ValorNota,
} from '@/domain/notas';
import { estadoPeriodoNotas } from '@/domain/periodos-notas';
import type { CursoBench } from './asistencias';

/** Alumnos de cada planilla grande (el pedido: 35, los dos cuatrimestres: 70 celdas). */
export const ALUMNOS_PLANILLA = 35;
/** Planillas grandes: una por conexión al medir el guardado (cada conexión guarda la suya). */
export const PLANILLAS_GRANDES = 10;
/** DNI de los alumnos nuevos: DNI_BASE + n (lejos de la semilla y de los hijos de 4d). */
const DNI_BASE = 91_000_000;
/** Mínimo de alumnos del curso del planillón grande. */
const MINIMO_PLANILLON = 30;

/** Un cursado del benchmark y sus inscriptos, por id (el orden de las celdas del guardado). */
export interface PlanillaBench {
  id: number;
  alumnos: number[];
}

/** Un curso del planillón: sus alumnos del ciclo y sus cursados (las columnas). */
export interface CursoNotasBench extends CursoBench {
  cursados: number;
}

export interface DatosNotas {
  ciclo: number;
  /** Aperturas de los dos períodos de notas del ciclo (sin cierre ni publicación). */
  aperturas: string[];
  /** El curso donde quedaron los alumnos nuevos de las planillas grandes. */
  cursoNuevos: number;
  planillaChica: PlanillaBench;
  /** La primera se cuenta y se lee; en todas se guarda a la vez. */
  planillasGrandes: PlanillaBench[];
  cursoChico: CursoNotasBench;
  cursoGrande: CursoNotasBench;
}

/**
 * Prepara con SQL, en una transacción, los períodos abiertos, las planillas y los planillones
 * (ver el comentario del archivo). `cursos` son el chico y el grande de las asistencias: el chico
 * da la planilla y el planillón chicos, el grande el planillón grande, y ninguno de los dos recibe
 * alumnos nuevos. Comprueba con `estadoPeriodoNotas` que Alumnado puede cargar los dos
 * cuatrimestres.
 */
export async function prepararNotas(
  url: string,
  cursos: { chico: CursoBench; grande: CursoBench },
): Promise<DatosNotas> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const ciclo = momentoEscolar().ciclo;
  const aperturas = [`${ciclo}-01-01`, `${ciclo}-01-02`];
  const [desde, hasta] = [`${ciclo}-01-01`, `${ciclo}-12-31`];
  try {
    const datos = await sql.begin(async (tx) => {
      // Períodos: sin las fechas sembradas; dos aperturas (dos períodos), nada más.
      await tx`
        delete from calendario
        where area = 'nota' and tipo in ('apertura', 'cierre', 'publicacion')
          and fecha between ${desde}::date and ${hasta}::date`;
      await tx`
        insert into calendario (fecha, tipo, area)
        select f::date, 'apertura', 'nota' from unnest(${aperturas}::text[]) f`;

      // El curso chico (sus alumnos vienen de otro curso) se vincula a los cursados de sus
      // alumnos: su planillón tiene las columnas y las notas sembradas de un curso normal.
      await tx`
        insert into cursados_cursos (cursado_id, curso_id)
        select distinct i.cursado_id, ${cursos.chico.id}::int
        from inscripciones i
        join cursados c on c.id = i.cursado_id and c.ciclolectivo = ${ciclo}
        join alumnos_cursos ac on ac.alumno_id = i.alumno_id
          and ac.curso_id = ${cursos.chico.id} and ac.ciclolectivo = ${ciclo}
        on conflict do nothing`;

      // Los alumnos nuevos, en el primer curso del ciclo que no usan las asistencias.
      const [destino] = await tx<{ id: number }[]>`
        select curso_id as id from alumnos_cursos
        where ciclolectivo = ${ciclo} and curso_id <> all(${[cursos.chico.id, cursos.grande.id]}::int[])
        group by curso_id order by curso_id limit 1`;
      if (!destino) throw new Error(`no hay otro curso con alumnos en ${ciclo}`);
      const nuevos = await tx<{ id: number }[]>`
        insert into alumnos (dni, apellido, nombre, genero, habilitado)
        select ${DNI_BASE}::int + n, 'Planilla', 'Alumno ' || lpad(n::text, 2, '0'),
          (case when n % 2 = 0 then 'Femenino' else 'Masculino' end)::genero, true
        from generate_series(1, ${ALUMNOS_PLANILLA}::int) n
        returning id`;
      await tx`
        insert into alumnos_cursos (alumno_id, curso_id, ciclolectivo)
        select a, ${destino.id}::int, ${ciclo}::int from unnest(${nuevos.map((a) => a.id)}::int[]) a`;

      /** Los cursados nuevos de un curso: con la materia y el docente de uno de sus cursados. */
      const crearCursados = async (curso: number, cantidad: number, alumnos: number[]) => {
        const [modelo] = await tx<{ materia: number; docente: number | null }[]>`
          select cm.materia_id as materia, cd.usuario_id as docente
          from cursados_cursos cc
          join cursados c on c.id = cc.cursado_id and c.ciclolectivo = ${ciclo}
          join cursados_materias cm on cm.cursado_id = c.id
          left join cursados_docentes cd on cd.cursado_id = c.id
          where cc.curso_id = ${curso}
          order by c.id limit 1`;
        if (!modelo) throw new Error(`el curso ${curso} no tiene cursados en ${ciclo}`);
        const filas = await tx<{ id: number }[]>`
          insert into cursados (nombre, modalidad, horas, ciclolectivo, periodos_cerrados)
          select 'Planilla de notas ' || lpad(k::text, 2, '0') || ' (benchmark, curso ' || ${curso}::int || ')',
            ${Modalidad.Anual}::int, 3, ${ciclo}::int, 0
          from generate_series(1, ${cantidad}::int) k
          returning id`;
        const ids = filas.map((f) => f.id).sort((a, b) => a - b);
        await tx`
          insert into cursados_cursos (cursado_id, curso_id)
          select c, ${curso}::int from unnest(${ids}::int[]) c`;
        await tx`
          insert into cursados_materias (cursado_id, materia_id)
          select c, ${modelo.materia}::int from unnest(${ids}::int[]) c`;
        if (modelo.docente != null)
          await tx`
            insert into cursados_docentes (cursado_id, usuario_id)
            select c, ${modelo.docente}::int from unnest(${ids}::int[]) c`;
        await tx`
          insert into inscripciones (alumno_id, cursado_id, materia_id)
          select a, c, ${modelo.materia}::int
          from unnest(${ids}::int[]) c cross join unnest(${alumnos}::int[]) a`;
        const ordenados = [...alumnos].sort((a, b) => a - b);
        return ids.map((id): PlanillaBench => ({ id, alumnos: ordenados }));
      };

      const delChico = await tx<{ id: number }[]>`
        select alumno_id as id from alumnos_cursos
        where curso_id = ${cursos.chico.id} and ciclolectivo = ${ciclo}`;
      if (!delChico.length || delChico.length >= ALUMNOS_PLANILLA)
        throw new Error(`el curso chico ${cursos.chico.id} tiene ${delChico.length} alumnos`);
      const [planillaChica] = await crearCursados(
        cursos.chico.id,
        1,
        delChico.map((a) => a.id),
      );
      const planillasGrandes = await crearCursados(
        destino.id,
        PLANILLAS_GRANDES,
        nuevos.map((a) => a.id),
      );

      const planillon = async (curso: number): Promise<CursoNotasBench> => {
        const [f] = await tx<{ alumnos: number; cursados: number }[]>`
          select
            (select count(*) from alumnos_cursos
              where curso_id = ${curso} and ciclolectivo = ${ciclo})::int as alumnos,
            (select count(*) from cursados_cursos cc join cursados c on c.id = cc.cursado_id
              where cc.curso_id = ${curso} and c.ciclolectivo = ${ciclo})::int as cursados`;
        return { id: curso, alumnos: f?.alumnos ?? 0, cursados: f?.cursados ?? 0 };
      };
      const cursoChico = await planillon(cursos.chico.id);
      const cursoGrande = await planillon(cursos.grande.id);
      if (cursoGrande.alumnos < MINIMO_PLANILLON || !cursoGrande.cursados)
        throw new Error(
          `el curso ${cursoGrande.id} tiene ${cursoGrande.alumnos} alumnos y ${cursoGrande.cursados} cursados ` +
            `(el planillón grande pide ≥ ${MINIMO_PLANILLON} alumnos)`,
        );

      // Lo que verá el servicio: Alumnado carga en los dos cuatrimestres de un cursado anual.
      const fechas = await tx<FechaCalendario[]>`
        select fecha::text as fecha, tipo, area from calendario
        where area = 'nota' and fecha between ${desde}::date and ${hasta}::date`;
      const periodos = periodosDeArea(fechas, 'nota');
      const hoy = momentoEscolar().hoy;
      for (const c of CUATRIMESTRES) {
        const e = estadoPeriodoNotas({
          modalidad: Modalidad.Anual,
          cuatrimestre: c,
          fechas: periodos[c - 1] ?? null,
          cerrados: 0,
          hoy,
          modo: 'alumnado',
        });
        if (!e.puedeCargar)
          throw new Error(`Alumnado no puede cargar el ${e.nombre} (${JSON.stringify(e)})`);
      }

      return {
        ciclo,
        aperturas,
        cursoNuevos: destino.id,
        planillaChica: planillaChica!,
        planillasGrandes,
        cursoChico,
        cursoGrande,
      };
    });
    await sql`analyze alumnos, alumnos_cursos, cursados, cursados_cursos, cursados_materias,
      cursados_docentes, inscripciones, calendario`;
    return datos;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

// ---------------------------------------------------------------------------
// Los guardados: 'add' la primera vez, después 'update' alternando entre dos juegos de notas

type Juego = 0 | 1;

/**
 * La celda del alumno i (en el orden de la planilla) y el cuatrimestre c en cada juego: el 0, de
 * 1 a 10; el 1, otro número (a 5 de distancia) o ausente en una de cada siete celdas. Nunca iguales.
 */
function valorCelda(juego: Juego, i: number, c: Cuatrimestre): ValorNota {
  const k = 2 * i + c;
  if (juego === 0) return 1 + (k % 10);
  return k % 7 === 0 ? AUSENTE : 1 + ((k + 5) % 10);
}

/**
 * Los guardados de cada planilla: recuerda qué juego quedó guardado en cada una (o ninguno) y
 * arma el cuerpo del próximo, con todas las celdas (los dos cuatrimestres de cada alumno) y el
 * `anterior` que corresponde. El estado avanza al armar el cuerpo: si un guardado no llegara a
 * escribirse, el siguiente responde 409 (se cuenta como error) y el otro ya vuelve a coincidir.
 */
export class Guardados {
  private readonly estado = new Map<number, Juego | null>();
  private readonly alumnos = new Map<number, number[]>();
  private readonly cuerpos = new Map<string, string>();

  constructor(planillas: readonly PlanillaBench[]) {
    for (const p of planillas) {
      this.alumnos.set(p.id, p.alumnos);
      this.estado.set(p.id, null);
    }
  }

  /** Las celdas de la planilla: 2 por alumno. */
  celdas(cursado: number): number {
    return 2 * (this.alumnos.get(cursado)?.length ?? 0);
  }

  /** El cuerpo JSON del próximo guardado de la planilla (y el estado pasa a ese juego). */
  siguiente(cursado: number): string {
    const alumnos = this.alumnos.get(cursado);
    if (!alumnos) throw new Error(`el cursado ${cursado} no es una planilla del benchmark`);
    const desde = this.estado.get(cursado) ?? null;
    const hacia: Juego = desde === 0 ? 1 : 0;
    this.estado.set(cursado, hacia);
    const clave = `${cursado}:${desde}:${hacia}`;
    let cuerpo = this.cuerpos.get(clave);
    if (!cuerpo) {
      cuerpo = JSON.stringify({
        cambios: alumnos.flatMap((alumnoId, i) =>
          CUATRIMESTRES.map((c) => ({
            alumnoId,
            cuatrimestre: c,
            action: desde == null ? 'add' : 'update',
            nota: valorCelda(hacia, i, c),
            anterior: desde == null ? null : valorCelda(desde, i, c),
          })),
        ),
      });
      this.cuerpos.set(clave, cuerpo);
    }
    return cuerpo;
  }

  /**
   * Relee de la base qué juego tiene guardado cada planilla (después de cortar autocannon pueden
   * haber quedado guardados en curso). Falla si una planilla quedó a medias: un guardado es
   * todo o nada.
   */
  async sincronizar(url: string): Promise<void> {
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const filas = await sql<
        {
          cursado: number;
          alumno: number;
          cuatrimestre: number;
          nota: number | null;
          ausente: boolean;
        }[]
      >`
        select cursado_id as cursado, alumno_id as alumno, cuatrimestre, nota, ausente from notas
        where cursado_id = any(${[...this.alumnos.keys()]}::int[])`;
      for (const [cursado, alumnos] of this.alumnos) {
        const suyas = filas.filter((f) => f.cursado === cursado);
        if (!suyas.length) {
          this.estado.set(cursado, null);
          continue;
        }
        const juego = ([0, 1] as const).find(
          (j) =>
            suyas.length === 2 * alumnos.length &&
            suyas.every(
              (f) =>
                (f.ausente ? AUSENTE : f.nota) ===
                valorCelda(j, alumnos.indexOf(f.alumno), f.cuatrimestre as Cuatrimestre),
            ),
        );
        if (juego == null)
          throw new Error(
            `la planilla del cursado ${cursado} quedó a medias (${suyas.length} notas que no son un juego entero)`,
          );
        this.estado.set(cursado, juego);
      }
    } finally {
      await sql.end({ timeout: 5 });
    }
  }
}

/**
 * Opciones de autocannon para medir el guardado con una conexión por planilla grande: cada
 * conexión (setupClient) se queda con una y guarda siempre esa, de a uno (sin pipelining), así
 * que no hay guardados simultáneos de una misma planilla ni 409 esperables.
 */
export function opcionesGuardado(
  planillas: readonly PlanillaBench[],
  guardados: Guardados,
  cookie: string,
): Partial<autocannon.Options> {
  let asignadas = 0;
  return {
    connections: planillas.length,
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json' },
    setupClient: (cliente) => {
      const { id } = planillas[asignadas++ % planillas.length]!;
      cliente.setRequests([
        {
          method: 'PUT',
          setupRequest: (req) => ({
            ...req,
            method: 'PUT',
            path: rutaPlanilla(id),
            body: guardados.siguiente(id),
          }),
        },
      ]);
    },
  };
}

// ---------------------------------------------------------------------------
// Las peticiones

export const rutaPlanilla = (cursado: number) => `/api/notascursado/${cursado}`;
/** tRPC 11, GET sin lote, como 'tRPC buscar.alumnos': el planillón no tiene fila REST. */
export const rutaPlanillon = (curso: number) =>
  `/api/trpc/notas.reporte?input=${encodeURIComponent(JSON.stringify({ json: { curso } }))}`;

export interface PruebaNotas {
  nombre: string;
  /** La fila de la tabla de resultados (lo que se mide: el tamaño grande). */
  medida: string;
  metodo: 'GET' | 'PUT';
  /** El cursado (planilla) o el curso (planillón) de cada tamaño. */
  chico: number;
  grande: number;
  ruta: (objetivo: number) => string;
  /** El cuerpo del próximo guardado (avanza el estado de la planilla). */
  cuerpo?: (objetivo: number) => string;
  /** Verifica la forma de la respuesta (lanza si no es la esperada). */
  revisar: (json: unknown, objetivo: number) => void;
}

export function pruebasNotas(
  d: DatosNotas,
  guardados: Guardados,
): { planilla: PruebaNotas; guardar: PruebaNotas; planillon: PruebaNotas } {
  const planillas = new Map([d.planillaChica, ...d.planillasGrandes].map((p) => [p.id, p]));
  const cursos = new Map([d.cursoChico, d.cursoGrande].map((c) => [c.id, c]));
  const grande = d.planillasGrandes[0]!;
  const celdas = 2 * grande.alumnos.length;
  return {
    planilla: {
      nombre: '(e) GET /api/notascursado/{id}',
      medida: `(e) GET /api/notascursado/${grande.id} (${grande.alumnos.length} alumnos)`,
      metodo: 'GET',
      chico: d.planillaChica.id,
      grande: grande.id,
      ruta: rutaPlanilla,
      revisar: (json, cursado) => {
        const p = json as {
          modo?: string;
          estados?: { puedeCargar?: boolean }[];
          alumnos?: { notas?: object }[];
        };
        const esperados = planillas.get(cursado)!.alumnos.length;
        if (!Array.isArray(p?.alumnos) || p.alumnos.length !== esperados || !p.alumnos[0]?.notas)
          throw new Error(`se esperaban los ${esperados} alumnos del cursado ${cursado} con notas`);
        if (
          p.modo !== 'alumnado' ||
          p.estados?.length !== 2 ||
          !p.estados.every((e) => e.puedeCargar)
        )
          throw new Error('se esperaba el modo alumnado con los dos cuatrimestres abiertos');
      },
    },
    guardar: {
      nombre: '(f) PUT /api/notascursado/{id}',
      medida:
        `(f) PUT /api/notascursado/{id}, ${d.planillasGrandes.length} conexiones, cada una en su ` +
        `cursado de ${grande.alumnos.length} alumnos (${celdas} celdas por guardado)`,
      metodo: 'PUT',
      chico: d.planillaChica.id,
      grande: grande.id,
      ruta: rutaPlanilla,
      cuerpo: (cursado) => guardados.siguiente(cursado),
      revisar: (json, cursado) => {
        const esperadas = guardados.celdas(cursado);
        if ((json as { guardadas?: unknown })?.guardadas !== esperadas)
          throw new Error(`se esperaban ${esperadas} notas guardadas`);
      },
    },
    planillon: {
      nombre: '(g) tRPC notas.reporte (planillón de notas)',
      medida:
        `(g) tRPC notas.reporte (planillón de notas), curso ${d.cursoGrande.id} ` +
        `(${d.cursoGrande.alumnos} alumnos × ${d.cursoGrande.cursados} cursados)`,
      metodo: 'GET',
      chico: d.cursoChico.id,
      grande: d.cursoGrande.id,
      ruta: rutaPlanillon,
      revisar: (json, curso) => {
        const r = (
          json as { result?: { data?: { json?: { cursados?: unknown[]; alumnos?: unknown[] } } } }
        )?.result?.data?.json;
        const c = cursos.get(curso)!;
        if (r?.alumnos?.length !== c.alumnos || r.cursados?.length !== c.cursados)
          throw new Error(
            `se esperaban ${c.alumnos} alumnos × ${c.cursados} cursados del curso ${curso}`,
          );
      },
    },
  };
}

/** Qué es "chico" y "grande" en las filas de notas de la tabla de sentencias. */
export function leyendaNotas(d: DatosNotas): string {
  const g = d.planillasGrandes[0]!;
  return (
    `(e)/(f): planillas de los cursados ${d.planillaChica.id} (${d.planillaChica.alumnos.length} alumnos, ` +
    `${2 * d.planillaChica.alumnos.length} celdas) y ${g.id} (${g.alumnos.length} alumnos, ${2 * g.alumnos.length} celdas); ` +
    `(g): planillones de los cursos ${d.cursoChico.id} (${d.cursoChico.alumnos} alumnos × ${d.cursoChico.cursados} cursados) ` +
    `y ${d.cursoGrande.id} (${d.cursoGrande.alumnos} alumnos × ${d.cursoGrande.cursados} cursados).`
  );
}
