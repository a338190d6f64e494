/**
 * El hecho 'asistencia' (issue 35 §3): un guardado de la planilla de un curso (o de las entradas
 * de un alumno, también una justificación) encola un solo hecho con los alumnos y las fechas que
 * tocó. El compositor espera la quietud de la planilla (`ctx.esperaAsistencia` tras su último
 * cambio: un error corregido a tiempo no avisa nada) y lee el estado actual:
 * - por alumno y fecha con entradas, un aviso 'inasistencia' por destinatario con el tipo, el
 *   turno y si está justificada (nunca el motivo: puede ser un dato médico); una justificación
 *   posterior sólo cambia el texto (misma clave); si la fecha quedó sin entradas, los avisos ya
 *   dados pasan a decir que se corrigió; una fecha de antes de la ventana del preceptor
 *   (DIAS_ATRAS_ASISTENCIA_PROTEGIDO) sólo actualiza los avisos ya dados, no da uno nuevo;
 * - el estado del ciclo (src/domain/asistencias.ts): 'Cerca de condición libre' y 'Condición
 *   libre', una vez por cruce (la clave lleva las reincorporaciones: tras una, el cruce nuevo
 *   vuelve a avisar).
 * Consultas fijas, sea cual sea el curso.
 */
import { sql } from 'drizzle-orm';
import {
  DIAS_ATRAS_ASISTENCIA_PROTEGIDO,
  estadoAsistencia,
  ETIQUETA_ESTADO_ASISTENCIA,
  LIMITE_INASISTENCIAS,
  UMBRAL_CERCA_DE_LIBRE,
} from '@/domain/asistencias';
import { anioDe, sumarDias } from '@/domain/escuela';
import { fechaLegible, numero } from '@/domain/texto';
import { pesoSql } from '@/server/consultas/asistencias';
import { enteros, filasDe } from '@/server/db/sql';
import { esperaDeLaEscuela } from '../ajustes';
import { destinatarios, nombreEnAviso, type AlumnoDelAviso } from '../destinatarios';
import type { AvisoNuevo, Composicion, CtxTrabajo } from '../tipos';

export interface EventoAsistencia {
  tipo: 'asistencia';
  /** Los alumnos cuyas entradas cambió el guardado. */
  alumnos: number[];
  /** Las fechas que tocó ('AAAA-MM-DD'). */
  fechas: string[];
  /** El instante del guardado (ISO, el reloj de la escuela). */
  en: string;
}

/** Un arreglo de textos simples (fechas, claves: sin comillas ni comas) como un parámetro. */
const textos = (xs: readonly string[]) => sql`${`{${xs.map((x) => `"${x}"`).join(',')}}`}::text[]`;

export const claveInasistencia = (alumno: number, fecha: string) =>
  `inasistencia:${alumno}:${fecha}`;

export const enlaceAsistencias = (ciclo: number) => `/asistencias-externo?anio=${ciclo}`;

/**
 * El último cambio de la planilla: la entrada modificada más tarde y la planilla del curso tomada
 * más tarde (un guardado que sólo borró deja su marca ahí), en esas fechas.
 */
async function ultimoCambio(ctx: CtxTrabajo, datos: EventoAsistencia): Promise<Date> {
  const [fila] = filasDe<{ ultimo: string | Date | null }>(
    await ctx.db.execute(sql`
      select greatest(
        (select max(modificado) from asistencias
          where alumno_id = any(${enteros(datos.alumnos)}) and fecha = any(${textos(datos.fechas)}::date[])),
        (select max(t.en) from asistencias_tomadas t
          join alumnos_cursos ac on ac.curso_id = t.curso_id
            and ac.ciclolectivo = extract(year from t.fecha)::int
          where ac.alumno_id = any(${enteros(datos.alumnos)}) and t.fecha = any(${textos(datos.fechas)}::date[]))
      ) as ultimo`),
  );
  const enBase = fila?.ultimo ? new Date(fila.ultimo).getTime() : 0;
  return new Date(Math.max(enBase, new Date(datos.en).getTime()));
}

interface FilaEntrada {
  alumno: number;
  fecha: string;
  turno: string;
  tipo: string;
  justificada: boolean;
}

/** 'Falta', 'Falta y Tardanza Ingreso', 'Falta, Tardanza Recreo y …' (sin repetir). */
function listaDeTipos(entradas: readonly FilaEntrada[]): string {
  const tipos = [...new Set(entradas.map((e) => e.tipo))];
  return tipos.length === 1
    ? tipos[0]!
    : `${tipos.slice(0, -1).join(', ')} y ${tipos[tipos.length - 1]}`;
}

/** Título y texto del aviso de un alumno en una fecha. */
export function textoInasistencia(
  alumno: AlumnoDelAviso,
  fecha: string,
  entradas: readonly FilaEntrada[],
) {
  const detalle = entradas
    .map((e) => `${e.tipo}, turno ${e.turno} (${e.justificada ? 'justificada' : 'injustificada'})`)
    .join('; ');
  return {
    titulo: `${listaDeTipos(entradas)} el ${fechaLegible(fecha)}`,
    texto: `${nombreEnAviso(alumno)} tiene registrado el ${fechaLegible(fecha)}: ${detalle}.`,
  };
}

/** El aviso ya dado de una fecha que quedó sin entradas (la planilla se corrigió después). */
export function textoCorregido(alumno: AlumnoDelAviso, fecha: string) {
  return {
    titulo: `Planilla corregida del ${fechaLegible(fecha)}`,
    texto: `Se corrigió la planilla: ${nombreEnAviso(alumno)} no tiene inasistencias, tardanzas ni retiros registrados el ${fechaLegible(fecha)}.`,
  };
}

/** Título y texto del aviso de un cruce de umbral ('cerca' o 'libre'). */
export function textoUmbral(
  alumno: AlumnoDelAviso,
  estado: 'cerca' | 'libre',
  ciclo: number,
  reincorporaciones: number,
) {
  const limite = LIMITE_INASISTENCIAS + reincorporaciones;
  const reinc =
    reincorporaciones > 0 ? ` (con ${numero(reincorporaciones)} de reincorporaciones)` : '';
  return {
    titulo: ETIQUETA_ESTADO_ASISTENCIA[estado]!,
    texto:
      estado === 'libre'
        ? `${nombreEnAviso(alumno)} llegó a ${numero(limite)} inasistencias en ${ciclo}${reinc} y quedó en condición libre.`
        : `${nombreEnAviso(alumno)} llegó a ${numero(UMBRAL_CERCA_DE_LIBRE + reincorporaciones)} inasistencias en ${ciclo}${reinc}: con ${numero(limite)} queda en condición libre.`,
  };
}

export const claveUmbral = (
  alumno: number,
  ciclo: number,
  estado: 'cerca' | 'libre',
  reincorporaciones: number,
) => `umbral:${alumno}:${ciclo}:${estado}:${reincorporaciones}`;

export async function componerAsistencia(
  ctx: CtxTrabajo,
  datos: EventoAsistencia,
): Promise<Composicion> {
  if (!datos.alumnos.length || !datos.fechas.length) return { avisos: [] };
  const espera = ctx.esperaAsistencia ?? (await esperaDeLaEscuela(ctx.db));
  const listo = (await ultimoCambio(ctx, datos)).getTime() + espera * 1000;
  if (listo > ctx.ahora.getTime())
    return { reintentarEn: Math.ceil((listo - ctx.ahora.getTime()) / 1000) };

  const entradas = filasDe<FilaEntrada>(
    await ctx.db.execute(sql`
      select alumno_id as alumno, fecha::text as fecha, turno, tipo, justificada
      from asistencias
      where alumno_id = any(${enteros(datos.alumnos)}) and fecha = any(${textos(datos.fechas)}::date[])
      order by alumno_id, fecha, (turno = 'Tarde'), id`),
  );
  const porClave = new Map<string, FilaEntrada[]>();
  for (const e of entradas) {
    const clave = claveInasistencia(e.alumno, e.fecha);
    porClave.set(clave, [...(porClave.get(clave) ?? []), e]);
  }
  // Las fechas que quedaron sin entradas y las viejas (antes de la ventana en que el preceptor
  // carga la planilla: una justificación de hace meses no es un aviso nuevo): sólo cambian los
  // avisos que ya se dieron.
  const desde = sumarDias(ctx.hoy, -DIAS_ATRAS_ASISTENCIA_PROTEGIDO);
  const sinEntradas = datos.alumnos.flatMap((a) =>
    datos.fechas
      .filter((f) => !porClave.has(claveInasistencia(a, f)))
      .map((f) => claveInasistencia(a, f)),
  );
  const viejas = [...porClave.keys()].filter((c) => porClave.get(c)![0]!.fecha < desde);

  // El estado del ciclo de cada alumno con entradas (contando hoy), con sus reincorporaciones.
  const conEntradas = [...new Set(entradas.map((e) => e.alumno))];
  const ciclos = [...new Set(entradas.map((e) => anioDe(e.fecha)))];
  const totales = conEntradas.length
    ? filasDe<{ alumno: number; ciclo: number; total: string; reinc: string }>(
        await ctx.db.execute(sql`
          select a.id as alumno, y.ciclo,
            (select coalesce(sum(${pesoSql(sql`s.tipo`)}), 0) from asistencias s
              where s.alumno_id = a.id and s.fecha <= ${ctx.hoy}::date
                and s.fecha between make_date(y.ciclo, 1, 1) and make_date(y.ciclo, 12, 31)) as total,
            (select coalesce(sum(r.cantidad), 0) from reincorporaciones r
              where r.alumno_id = a.id
                and r.fecha between make_date(y.ciclo, 1, 1) and make_date(y.ciclo, 12, 31)) as reinc
          from unnest(${enteros(conEntradas)}) as a(id), unnest(${enteros(ciclos)}) as y(ciclo)`),
      )
    : [];

  const quienes = await destinatarios(ctx, datos.alumnos);
  // Por (usuario, clave): el índice único de avisos, sin recorrer los de toda la escuela.
  const usuarios = [...new Set([...quienes.values()].flatMap((d) => d.usuarios))];
  const aBuscar = [...sinEntradas, ...viejas];
  const yaDados =
    aBuscar.length && usuarios.length
      ? filasDe<{ usuario: number; clave: string }>(
          await ctx.db.execute(sql`
            select usuario_id as usuario, clave from avisos
            where usuario_id = any(${enteros(usuarios)}) and clave = any(${textos(aBuscar)})`),
        )
      : [];
  const dadosPorClave = new Map<string, Set<number>>();
  for (const y of yaDados)
    dadosPorClave.set(y.clave, (dadosPorClave.get(y.clave) ?? new Set()).add(y.usuario));
  const avisos: AvisoNuevo[] = [];
  const paraTodos = (
    alumno: number,
    a: Omit<AvisoNuevo, 'usuario' | 'alumno'>,
    usuarios?: ReadonlySet<number>,
  ) => {
    for (const u of quienes.get(alumno)?.usuarios ?? [])
      if (!usuarios || usuarios.has(u)) avisos.push({ usuario: u, alumno, ...a });
  };

  for (const [clave, lista] of porClave) {
    const { alumno, fecha } = lista[0]!;
    const d = quienes.get(alumno);
    if (!d) continue;
    paraTodos(
      alumno,
      {
        categoria: 'inasistencia',
        clave,
        ...textoInasistencia(d.alumno, fecha, lista),
        enlace: enlaceAsistencias(anioDe(fecha)),
      },
      fecha < desde ? (dadosPorClave.get(clave) ?? new Set()) : undefined,
    );
  }
  for (const [clave, usuarios] of dadosPorClave) {
    if (porClave.has(clave)) continue; // una vieja con entradas: ya va arriba
    const [, alumnoTexto, fecha] = clave.split(':') as [string, string, string];
    const alumno = Number(alumnoTexto);
    const d = quienes.get(alumno);
    if (!d) continue;
    paraTodos(
      alumno,
      {
        categoria: 'inasistencia',
        clave,
        ...textoCorregido(d.alumno, fecha),
        enlace: enlaceAsistencias(anioDe(fecha)),
      },
      usuarios,
    );
  }
  for (const t of totales) {
    const reinc = Number(t.reinc);
    const estado = estadoAsistencia(Number(t.total), reinc);
    const d = quienes.get(Number(t.alumno));
    if (estado === 'normal' || !d) continue;
    paraTodos(d.alumno.id, {
      categoria: 'umbral',
      clave: claveUmbral(d.alumno.id, Number(t.ciclo), estado, reinc),
      ...textoUmbral(d.alumno, estado, Number(t.ciclo), reinc),
      enlace: enlaceAsistencias(Number(t.ciclo)),
    });
  }
  return { avisos };
}
