/**
 * Calendario escolar: áreas y tipos de fechas, armado de períodos (apertura, cierre,
 * publicación) y el editor anual que alterna fechas pendientes de guardar
 * (spec 01 §3 Calendar entry, §4 Calendar periods; spec 02 §3 Calendar date, §4, §7, §9).
 * Todo es puro: las fechas son 'YYYY-MM-DD' y "hoy" se recibe como parámetro.
 */
import { esFechaValida } from './escuela';

// ---------------------------------------------------------------------------
// Fechas

/** ¿Es 'YYYY-MM-DD' y una fecha real del calendario? (la regla vive en escuela.ts). */
export const esFechaISO = esFechaValida;

function comprobarFecha(fecha: unknown): string {
  if (!esFechaISO(fecha)) throw new Error(`Fecha inválida: ${String(fecha)}`);
  return fecha;
}

// ---------------------------------------------------------------------------
// Áreas y tipos (spec 02 §9)

/** Áreas del calendario; el guardado es por área: POST /calendario/save/{area} (spec 02 §7). */
export const AREAS_CALENDARIO = ['restriccion', 'avance', 'nota', 'jcd', 'pic'] as const;
export type AreaCalendario = (typeof AREAS_CALENDARIO)[number];

/**
 * Tipos de fecha. En el área 'nota' los tres tipos "de PIC" llevan el sufijo '_pic'
 * ("nota (apertura, cierre, publicacion, and the same for PIC)", spec 02 §9).
 */
export const TIPOS_CALENDARIO = [
  'apertura',
  'cierre',
  'publicacion',
  'apertura_pic',
  'cierre_pic',
  'publicacion_pic',
  'evaluacion',
  'descanso',
] as const;
export type TipoCalendario = (typeof TIPOS_CALENDARIO)[number];

/** Los tipos de cada área, en el orden del editor. `null`: el área no distingue tipos. */
export const TIPOS_POR_AREA: Readonly<Record<AreaCalendario, readonly (TipoCalendario | null)[]>> =
  {
    restriccion: [null],
    avance: ['apertura', 'cierre', 'publicacion'],
    nota: ['apertura', 'cierre', 'publicacion', 'apertura_pic', 'cierre_pic', 'publicacion_pic'],
    jcd: [null],
    pic: ['evaluacion', 'descanso'],
  };

export const ETIQUETA_AREA: Readonly<Record<AreaCalendario, string>> = {
  restriccion: 'Restricciones',
  avance: 'Avances',
  nota: 'Notas',
  jcd: 'JCD',
  pic: 'PIC',
};

export const ETIQUETA_TIPO: Readonly<Record<TipoCalendario, string>> = {
  apertura: 'Apertura',
  cierre: 'Cierre',
  publicacion: 'Publicación',
  apertura_pic: 'Apertura PIC',
  cierre_pic: 'Cierre PIC',
  publicacion_pic: 'Publicación PIC',
  evaluacion: 'Evaluación',
  descanso: 'Descanso',
};

export interface GrillaCalendario {
  area: AreaCalendario;
  tipo: TipoCalendario | null;
  /** 'Avances: Apertura', 'Restricciones'. */
  etiqueta: string;
}

/** Las grillas anuales del editor, una por área y tipo (13). */
export const GRILLAS_CALENDARIO: readonly GrillaCalendario[] = AREAS_CALENDARIO.flatMap((area) =>
  TIPOS_POR_AREA[area].map((tipo) => ({
    area,
    tipo,
    etiqueta: tipo ? `${ETIQUETA_AREA[area]}: ${ETIQUETA_TIPO[tipo]}` : ETIQUETA_AREA[area],
  })),
);

export function esAreaCalendario(valor: unknown): valor is AreaCalendario {
  return typeof valor === 'string' && (AREAS_CALENDARIO as readonly string[]).includes(valor);
}

/** ¿Corresponde el tipo al área? En 'restriccion' y 'jcd' el tipo es `null`. */
export function tipoDeArea(area: AreaCalendario, tipo: unknown): tipo is TipoCalendario | null {
  return (TIPOS_POR_AREA[area] as readonly unknown[]).includes(tipo);
}

// ---------------------------------------------------------------------------
// Períodos (spec 01 §4, spec 02 §3 Term period)

export interface Periodo {
  /** 1, 2, … en el orden de las fechas. */
  numero: number;
  apertura: string | null;
  cierre: string | null;
  publicacion: string | null;
}

export interface FechasDePeriodos {
  apertura?: readonly string[];
  cierre?: readonly string[];
  publicacion?: readonly string[];
}

const ordenadas = (fechas: readonly string[] = []) =>
  [...new Set(fechas.map(comprobarFecha))].sort();

/**
 * Arma los períodos (spec 01 §4): ordena por separado las aperturas, los cierres y las
 * publicaciones y los empareja en orden (la 1ª apertura con el 1er cierre y la 1ª
 * publicación, …). Hay tantos períodos como la lista más larga; lo que falta queda `null`.
 * Las fechas repetidas cuentan una vez. Lanza con una fecha que no sea 'YYYY-MM-DD'.
 */
export function armarPeriodos(fechas: FechasDePeriodos): Periodo[] {
  const apertura = ordenadas(fechas.apertura);
  const cierre = ordenadas(fechas.cierre);
  const publicacion = ordenadas(fechas.publicacion);
  const cantidad = Math.max(apertura.length, cierre.length, publicacion.length);
  return Array.from({ length: cantidad }, (_, i) => ({
    numero: i + 1,
    apertura: apertura[i] ?? null,
    cierre: cierre[i] ?? null,
    publicacion: publicacion[i] ?? null,
  }));
}

export interface FechaCalendario {
  fecha: string;
  tipo: TipoCalendario | null;
  area: AreaCalendario | string;
}

/**
 * Los períodos de un área a partir de las fechas del calendario: 'avance' (avances),
 * 'nota' (planillas de notas) o, con `pic`, los de notas de PIC (tipos '_pic' del área 'nota').
 */
export function periodosDeArea(
  fechas: readonly FechaCalendario[],
  area: 'avance' | 'nota',
  pic = false,
): Periodo[] {
  if (pic && area !== 'nota') throw new Error('Sólo el área nota tiene períodos de PIC');
  const sufijo = pic ? '_pic' : '';
  const de = (tipo: string) =>
    fechas.filter((f) => f.area === area && f.tipo === `${tipo}${sufijo}`).map((f) => f.fecha);
  return armarPeriodos({
    apertura: de('apertura'),
    cierre: de('cierre'),
    publicacion: de('publicacion'),
  });
}

/**
 * ¿Está abierto el período? (spec 01 §4: "open once its apertura date has passed").
 * Decisión: abierto desde el día de apertura inclusive y hasta el día de cierre inclusive
 * (`apertura <= hoy && (sin cierre || hoy <= cierre)`); sin apertura nunca está abierto.
 * Que el docente o Alumnado cierre la planilla antes (spec 02 §4) se guarda aparte, en el cursado.
 */
export function abierto(periodo: Periodo, hoy: string): boolean {
  comprobarFecha(hoy);
  if (periodo.apertura == null || periodo.apertura > hoy) return false;
  return periodo.cierre == null || hoy <= periodo.cierre;
}

/**
 * ¿Está publicado? (spec 01 §4: "published once its publicacion date has passed").
 * Decisión: desde el día de publicación inclusive; sin fecha de publicación, nunca.
 */
export function publicado(periodo: Periodo, hoy: string): boolean {
  comprobarFecha(hoy);
  return periodo.publicacion != null && periodo.publicacion <= hoy;
}

/** ¿Ya pasó el día de cierre? (para "…quedó abierta, y ya pasó la fecha de cierre…", spec 02 §8). */
export function cierreVencido(periodo: Periodo, hoy: string): boolean {
  comprobarFecha(hoy);
  return periodo.cierre != null && hoy > periodo.cierre;
}

/** El período abierto hoy; si hubiera varios superpuestos, el de apertura más reciente. */
export function periodoAbierto(periodos: readonly Periodo[], hoy: string): Periodo | null {
  const abiertos = periodos.filter((p) => abierto(p, hoy));
  return abiertos.reduce<Periodo | null>(
    (ultimo, p) => (ultimo == null || (p.apertura ?? '') >= (ultimo.apertura ?? '') ? p : ultimo),
    null,
  );
}

// ---------------------------------------------------------------------------
// Editor anual (spec 02 §4 Calendar, §7 POST /calendario/save/{area})

export interface MarcaCalendario {
  fecha: string;
  tipo: TipoCalendario | null;
}

export interface EditorCalendario {
  area: AreaCalendario;
  /** Las fechas guardadas en el servidor. */
  guardadas: readonly MarcaCalendario[];
  /** Pendientes de agregar: no están guardadas. */
  nuevas: readonly MarcaCalendario[];
  /** Pendientes de borrar: están guardadas. */
  borradas: readonly MarcaCalendario[];
}

export interface CambiosCalendario {
  nuevas: MarcaCalendario[];
  borradas: MarcaCalendario[];
}

export type EstadoFecha = 'guardada' | 'nueva' | 'borrada' | null;

const igual = (a: MarcaCalendario) => (b: MarcaCalendario) =>
  a.fecha === b.fecha && a.tipo === b.tipo;
const distinta = (a: MarcaCalendario) => (b: MarcaCalendario) => !igual(a)(b);
const porFecha = (a: MarcaCalendario, b: MarcaCalendario) =>
  a.fecha < b.fecha ? -1 : a.fecha > b.fecha ? 1 : (a.tipo ?? '').localeCompare(b.tipo ?? '');

function comprobarMarca(area: AreaCalendario, marca: MarcaCalendario): MarcaCalendario {
  comprobarFecha(marca.fecha);
  if (!tipoDeArea(area, marca.tipo)) {
    throw new Error(`El tipo ${String(marca.tipo)} no corresponde al área ${area}`);
  }
  return { fecha: marca.fecha, tipo: marca.tipo };
}

/** El editor de un área recién cargado: sin cambios pendientes. */
export function editorCalendario(
  area: AreaCalendario,
  guardadas: readonly MarcaCalendario[],
): EditorCalendario {
  const unicas: MarcaCalendario[] = [];
  for (const m of guardadas.map((m) => comprobarMarca(area, m))) {
    if (!unicas.some(igual(m))) unicas.push(m);
  }
  return { area, guardadas: unicas.sort(porFecha), nuevas: [], borradas: [] };
}

/**
 * Un clic en una fecha (spec 02 §4): una fecha no guardada pasa a pendiente de agregar, y un
 * segundo clic la descarta; una guardada pasa a pendiente de borrar, y un segundo clic la
 * restituye. Lanza si la fecha no es válida o el tipo no es del área.
 */
export function alternarFecha(editor: EditorCalendario, marca: MarcaCalendario): EditorCalendario {
  const m = comprobarMarca(editor.area, marca);
  if (editor.guardadas.some(igual(m))) {
    const borradas = editor.borradas.some(igual(m))
      ? editor.borradas.filter(distinta(m))
      : [...editor.borradas, m].sort(porFecha);
    return { ...editor, borradas };
  }
  const nuevas = editor.nuevas.some(igual(m))
    ? editor.nuevas.filter(distinta(m))
    : [...editor.nuevas, m].sort(porFecha);
  return { ...editor, nuevas };
}

/** Cómo se pinta una fecha en el editor. */
export function estadoFecha(editor: EditorCalendario, marca: MarcaCalendario): EstadoFecha {
  if (editor.nuevas.some(igual(marca))) return 'nueva';
  if (editor.borradas.some(igual(marca))) return 'borrada';
  if (editor.guardadas.some(igual(marca))) return 'guardada';
  return null;
}

/** Las fechas que quedarían marcadas de un tipo si se guardara ahora, ordenadas. */
export function fechasMarcadas(editor: EditorCalendario, tipo: TipoCalendario | null): string[] {
  const quedan = editor.guardadas.filter((g) => !editor.borradas.some(igual(g)));
  return [...quedan, ...editor.nuevas]
    .filter((m) => m.tipo === tipo)
    .map((m) => m.fecha)
    .sort();
}

/** El cuerpo de POST /calendario/save/{area}: `{ nuevas, borradas }`, ordenadas por fecha. */
export function cambiosCalendario(editor: EditorCalendario): CambiosCalendario {
  return {
    nuevas: [...editor.nuevas].sort(porFecha),
    borradas: [...editor.borradas].sort(porFecha),
  };
}

export function hayCambiosCalendario(editor: EditorCalendario): boolean {
  return editor.nuevas.length > 0 || editor.borradas.length > 0;
}

/** Después de guardar: las nuevas pasan a guardadas, las borradas se quitan y ambas listas se vacían. */
export function calendarioGuardado(editor: EditorCalendario): EditorCalendario {
  const guardadas = [
    ...editor.guardadas.filter((g) => !editor.borradas.some(igual(g))),
    ...editor.nuevas,
  ].sort(porFecha);
  return { ...editor, guardadas, nuevas: [], borradas: [] };
}

export type AccionCalendario =
  /** Carga (o recarga) las fechas guardadas de un área; descarta lo pendiente. */
  | { accion: 'cargar'; area: AreaCalendario; guardadas: readonly MarcaCalendario[] }
  | { accion: 'alternar'; marca: MarcaCalendario }
  /** El guardado respondió bien. */
  | { accion: 'guardado' };

/** El reductor del editor (para `useReducer`). */
export function reducirCalendario(
  editor: EditorCalendario,
  accion: AccionCalendario,
): EditorCalendario {
  switch (accion.accion) {
    case 'cargar':
      return editorCalendario(accion.area, accion.guardadas);
    case 'alternar':
      return alternarFecha(editor, accion.marca);
    case 'guardado':
      return calendarioGuardado(editor);
  }
}
