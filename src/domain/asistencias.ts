/**
 * Asistencias: tipos, circunstancias, peso de cada inasistencia, totales con
 * reincorporaciones, umbrales y colores, textos del legajo, ventanas de fechas y
 * las reglas de edición de entradas (spec 01 §2 Attendance, §3, §4, §5, §9; spec 02 §4, §5, §9).
 * Todo es puro: las fechas son 'YYYY-MM-DD' y "hoy" se recibe como parámetro.
 */
import { TURNO_POR_DEFECTO, type Turno, esFechaValida, sumarDias } from './escuela';
import { numero } from './texto';

// ---------------------------------------------------------------------------
// Tipos y circunstancias (spec 01 §4)

/** Tipos de asistencia, escritos como en la spec (spec 01 §4). */
export const TIPOS_ASISTENCIA = [
  'Falta',
  'Tardanza Ingreso',
  'Tardanza Recreo',
  'Retiro con Permiso (Falta)',
  'Retiro con Permiso (Media)',
  'Ingreso Autorizado (Falta)',
] as const;
export type TipoAsistencia = (typeof TIPOS_ASISTENCIA)[number];
export const TIPO_ASISTENCIA_POR_DEFECTO: TipoAsistencia = 'Falta';

/** Circunstancias de una entrada (spec 01 §4). */
export const CIRCUNSTANCIAS = ['Normal', 'Educación Física'] as const;
export type Circunstancia = (typeof CIRCUNSTANCIAS)[number];
export const CIRCUNSTANCIA_POR_DEFECTO: Circunstancia = 'Normal';

export function esTipoAsistencia(valor: unknown): valor is TipoAsistencia {
  return typeof valor === 'string' && (TIPOS_ASISTENCIA as readonly string[]).includes(valor);
}

export function esCircunstancia(valor: unknown): valor is Circunstancia {
  return typeof valor === 'string' && (CIRCUNSTANCIAS as readonly string[]).includes(valor);
}

/** La circunstancia a mostrar: se oculta (null) cuando es Normal o no hay (spec 01 §2). */
export function circunstanciaVisible(circunstancia: string | null | undefined): string | null {
  if (!circunstancia || circunstancia === 'Normal') return null;
  return circunstancia;
}

// ---------------------------------------------------------------------------
// Pesos y totales (spec 01 §9)

/** Cuánto cuenta cada tipo como inasistencia (spec 01 §9). */
export const PESO_INASISTENCIA: Readonly<Record<TipoAsistencia, number>> = {
  Falta: 1,
  'Tardanza Ingreso': 0.5,
  'Tardanza Recreo': 0.5,
  'Retiro con Permiso (Falta)': 1,
  'Retiro con Permiso (Media)': 0.5,
  'Ingreso Autorizado (Falta)': 1,
};

/** El peso de un tipo; cualquier otro valor cuenta 0 (spec 01 §9). */
export function pesoInasistencia(tipo: string | null | undefined): number {
  return esTipoAsistencia(tipo) ? PESO_INASISTENCIA[tipo] : 0;
}

/** Total de inasistencias de una lista de entradas (suma de pesos). */
export function totalInasistencias(entradas: readonly { tipo: string }[]): number {
  return entradas.reduce((t, e) => t + pesoInasistencia(e.tipo), 0);
}

/** Total reincorporado: suma de las cantidades. */
export function totalReincorporaciones(reincorporaciones: readonly { cantidad: number }[]): number {
  return reincorporaciones.reduce((t, r) => t + r.cantidad, 0);
}

// ---------------------------------------------------------------------------
// Umbrales y colores (spec 01 §9, spec 02 §4 y §9)

/** Límite de inasistencias: con 30 + reincorporaciones el alumno queda libre. */
export const LIMITE_INASISTENCIAS = 30;
/** Desde 17 + reincorporaciones está cerca de quedar libre. */
export const UMBRAL_CERCA_DE_LIBRE = 17;

export type EstadoAsistencia = 'normal' | 'cerca' | 'libre';
export type ColorEstado = 'red' | 'yellow' | 'green';
/** Los estados y los colores, en el orden de los tipos (las salidas REST los enumeran). */
export const ESTADOS_ASISTENCIA = [
  'normal',
  'cerca',
  'libre',
] as const satisfies readonly EstadoAsistencia[];
export const COLORES_ESTADO = ['red', 'yellow', 'green'] as const satisfies readonly ColorEstado[];

/** 'libre' con total ≥ 30 + reincorporaciones; 'cerca' desde 17 + reincorporaciones; si no, 'normal'. */
export function estadoAsistencia(total: number, reincorporaciones: number): EstadoAsistencia {
  if (total >= LIMITE_INASISTENCIAS + reincorporaciones) return 'libre';
  if (total >= UMBRAL_CERCA_DE_LIBRE + reincorporaciones) return 'cerca';
  return 'normal';
}

export const ETIQUETA_ESTADO_ASISTENCIA: Readonly<Record<EstadoAsistencia, string | null>> = {
  libre: 'Condición libre',
  cerca: 'Cerca de condición libre',
  normal: null,
};

/** Colores de Mantine: rojo libre, amarillo cerca, sin color normal. */
export const COLOR_ESTADO_ASISTENCIA: Readonly<Record<EstadoAsistencia, ColorEstado | null>> = {
  libre: 'red',
  cerca: 'yellow',
  normal: null,
};

// ---------------------------------------------------------------------------
// Reincorporaciones (spec 02 §5, §8)

export const ERROR_REINCORPORAR = 'Error reincorporando alumno';
/** Tope de una reincorporación (la spec no lo fija; evita cantidades absurdas). */
export const CANTIDAD_MAXIMA_REINCORPORACION = 100;
export const MENSAJE_CANTIDAD_REINCORPORACION = `${ERROR_REINCORPORAR}: la cantidad debe ser un número mayor o igual a 1, en pasos de 0,5.`;
/** Las reincorporaciones se muestran en verde con '+ cantidad' (spec 01 §2). */
export const COLOR_REINCORPORACION: ColorEstado = 'green';

/**
 * Cantidad a reincorporar: un número, mínimo 1 (spec 02 §5). Además debe ir en pasos de 0,5,
 * la misma unidad en que se cuentan las inasistencias.
 */
export function cantidadReincorporacionValida(cantidad: unknown): cantidad is number {
  return (
    typeof cantidad === 'number' &&
    Number.isFinite(cantidad) &&
    cantidad >= 1 &&
    Number.isInteger(cantidad * 2)
  );
}

export function textoReincorporacion(cantidad: number): string {
  return `+ ${numero(cantidad)}`;
}

// ---------------------------------------------------------------------------
// Textos del legajo (spec 01 §2)

/** 'Justificada: {motivo}', 'Justificada' (sin motivo) o 'Injustificada'. */
export function textoJustificacion(e: {
  justificada: boolean;
  justificacion?: string | null;
}): string {
  if (!e.justificada) return 'Injustificada';
  const motivo = (e.justificacion ?? '').trim();
  return motivo ? `Justificada: ${motivo}` : 'Justificada';
}

/**
 * Pie del legajo: 'total / 30 (+ reincorporaciones)'. Los números en es-AR ('12,5', no '12.5')
 * y las reincorporaciones se muestran siempre, también '(+ 0)'.
 */
export function textoTotalAsistencia(total: number, reincorporaciones: number): string {
  return `${numero(total)} / ${LIMITE_INASISTENCIAS} (+ ${numero(reincorporaciones)})`;
}

/** Pie del legajo: 'n / m Justificadas' (n entradas justificadas de m entradas). */
export function textoJustificadas(justificadas: number, entradas: number): string {
  return `${justificadas} / ${entradas} Justificadas`;
}

// ---------------------------------------------------------------------------
// Fechas (spec 01 §5)

/** 'protegido': las pantallas -protected; 'completo': las demás (spec 01 §2). */
export type ModoFechas = 'protegido' | 'completo';

/** En modo protegido la fecha mínima es 15 días antes de hoy (spec 01 §5). */
export const DIAS_ATRAS_ASISTENCIA_PROTEGIDO = 15;
/**
 * Constante compartida del modo completo (spec 01 §5: "its value is not shown"): 365 días,
 * para que se pueda corregir todo el ciclo lectivo, también a comienzos del año siguiente.
 */
export const DIAS_ATRAS_MODO_COMPLETO = 365;

/** La fecha mínima de una entrada de asistencia. */
export function fechaMinimaAsistencia(hoy: string, modo: ModoFechas): string {
  return sumarDias(
    hoy,
    -(modo === 'protegido' ? DIAS_ATRAS_ASISTENCIA_PROTEGIDO : DIAS_ATRAS_MODO_COMPLETO),
  );
}

/** ¿Está `fecha` entre `minima` y `hoy`, ambos incluidos? */
export function fechaEnVentana(fecha: unknown, minima: string, hoy: string): boolean {
  return esFechaValida(fecha) && fecha >= minima && fecha <= hoy;
}

/** La fecha de asistencia está entre la mínima del modo y hoy (spec 01 §5). */
export function fechaAsistenciaValida(fecha: unknown, hoy: string, modo: ModoFechas): boolean {
  return fechaEnVentana(fecha, fechaMinimaAsistencia(hoy, modo), hoy);
}

/**
 * ¿Se muestra el botón de borrar? En modo protegido sólo para entradas nuevas (sin `orden`)
 * o con fecha de hoy o posterior (spec 01 §5); en modo completo siempre.
 */
export function puedeBorrarEntrada(
  entrada: { orden?: number | null; fecha: string },
  hoy: string,
  modo: ModoFechas,
): boolean {
  if (modo === 'completo') return true;
  return entrada.orden == null || entrada.fecha >= hoy;
}

// ---------------------------------------------------------------------------
// Edición de entradas (spec 01 §4)

export interface EntradaAsistencia {
  /** Identificador guardado; null mientras la entrada es nueva. */
  orden: number | null;
  tipo: TipoAsistencia;
  circunstancia: Circunstancia;
  justificada: boolean;
  justificacion: string | null;
  fecha: string;
  turno: Turno;
}

/** Una entrada en la lista que se edita. */
export type EntradaEditable<E extends EntradaAsistencia = EntradaAsistencia> = E & {
  /** Clave única en la lista: `claveGuardada(orden)` o una clave temporal para las nuevas. */
  clave: string;
  /** Guardada y marcada para borrar al guardar. */
  borrar: boolean;
  /** Guardada y cambiada desde que se cargó. */
  modificada: boolean;
};

export type AccionAsistencias<E extends EntradaAsistencia = EntradaAsistencia> =
  /** Reemplaza la lista por las entradas guardadas (al cargar o después de guardar). */
  | { accion: 'cargar'; entradas: readonly E[] }
  /** Agrega una entrada nueva; se ignora si la clave ya existe. */
  | { accion: 'agregar'; clave: string; entrada: E }
  | { accion: 'modificar'; clave: string; cambios: Partial<Omit<E, 'orden'>> }
  /** Nueva: se quita en el acto. Guardada: alterna la marca de borrado. */
  | { accion: 'borrar'; clave: string };

export function claveGuardada(orden: number): string {
  return `orden:${orden}`;
}

/** Una entrada nueva con los valores por defecto: Falta, Normal, injustificada. */
export function entradaNueva(fecha: string, turno: Turno = TURNO_POR_DEFECTO): EntradaAsistencia {
  return {
    orden: null,
    tipo: TIPO_ASISTENCIA_POR_DEFECTO,
    circunstancia: CIRCUNSTANCIA_POR_DEFECTO,
    justificada: false,
    justificacion: null,
    fecha,
    turno,
  };
}

/** Una entrada no justificada no lleva justificación: desmarcar "justificada" la borra (spec 01 §4). */
export function conJustificada<E extends { justificada: boolean; justificacion: string | null }>(
  entrada: E,
  justificada: boolean,
): E {
  return { ...entrada, justificada, justificacion: justificada ? entrada.justificacion : null };
}

/** El reductor de la lista de entradas en edición (spec 01 §4). */
export function reducirAsistencias<E extends EntradaAsistencia>(
  lista: readonly EntradaEditable<E>[],
  accion: AccionAsistencias<E>,
): EntradaEditable<E>[] {
  switch (accion.accion) {
    case 'cargar':
      return accion.entradas.map((e, i) => ({
        ...e,
        clave: e.orden == null ? `cargada:${i}` : claveGuardada(e.orden),
        borrar: false,
        modificada: false,
      }));
    case 'agregar': {
      if (lista.some((e) => e.clave === accion.clave)) return [...lista];
      const nueva = conJustificada({ ...accion.entrada, orden: null }, accion.entrada.justificada);
      return [...lista, { ...nueva, clave: accion.clave, borrar: false, modificada: false }];
    }
    case 'modificar':
      return lista.map((e) => {
        if (e.clave !== accion.clave) return e;
        const cambiada = {
          ...e,
          ...accion.cambios,
          orden: e.orden,
          clave: e.clave,
        } as EntradaEditable<E>;
        const justificada = conJustificada(cambiada, cambiada.justificada);
        return { ...justificada, modificada: e.orden != null };
      });
    case 'borrar':
      return lista.flatMap((e) => {
        if (e.clave !== accion.clave) return [e];
        if (e.orden == null) return [];
        return [{ ...e, borrar: !e.borrar }];
      });
  }
}

export interface CambiosAsistencias<E extends EntradaAsistencia = EntradaAsistencia> {
  /** Entradas nuevas a crear. */
  crear: E[];
  /** Entradas guardadas que cambiaron (y no se borran). */
  actualizar: E[];
  /** `orden` de las entradas guardadas marcadas para borrar. */
  borrar: number[];
}

function sinEstadoDeEdicion<E extends EntradaAsistencia>(e: EntradaEditable<E>): E {
  const { clave: _clave, borrar: _borrar, modificada: _modificada, ...resto } = e;
  return resto as unknown as E;
}

/** Lo que hay que enviar al guardar la lista editada. */
export function cambiosAsistencias<E extends EntradaAsistencia>(
  lista: readonly EntradaEditable<E>[],
): CambiosAsistencias<E> {
  const cambios: CambiosAsistencias<E> = { crear: [], actualizar: [], borrar: [] };
  for (const e of lista) {
    if (e.orden == null) cambios.crear.push(sinEstadoDeEdicion(e));
    else if (e.borrar) cambios.borrar.push(e.orden);
    else if (e.modificada) cambios.actualizar.push(sinEstadoDeEdicion(e));
  }
  return cambios;
}

export function hayCambiosAsistencias(lista: readonly EntradaEditable[]): boolean {
  return lista.some((e) => e.orden == null || e.borrar || e.modificada);
}

// ---------------------------------------------------------------------------
// Lista y pie del legajo (spec 01 §2)

export interface EntradaLegajo {
  orden: number;
  tipo: string;
  circunstancia: string | null;
  justificada: boolean;
  justificacion: string | null;
  fecha: string;
  turno: Turno | string;
}

export interface Reincorporacion {
  orden: number;
  fecha: string;
  cantidad: number;
}

export type ItemLegajo<
  E extends EntradaLegajo = EntradaLegajo,
  R extends Reincorporacion = Reincorporacion,
> =
  | {
      clase: 'asistencia';
      fecha: string;
      entrada: E;
      /** null cuando es Normal. */
      circunstancia: string | null;
      justificacion: string;
    }
  | {
      clase: 'reincorporacion';
      fecha: string;
      reincorporacion: R;
      texto: string;
      color: ColorEstado;
    };

/** Las entradas que muestra el legajo: las de antes de hoy (se excluye hoy). */
export function entradasHastaAyer<E extends { fecha: string }>(
  entradas: readonly E[],
  hoy: string,
): E[] {
  return entradas.filter((e) => e.fecha < hoy);
}

/**
 * Hasta cuándo cuenta un total de inasistencias; cada total cuenta lo que su pantalla lista:
 * - 'ayer': el legajo y las vistas propias (spec 01 §2 /asistencias-legajo y -externo: la lista
 *   excluye hoy, y su pie cuenta lo listado);
 * - 'hoy': las pantallas de trabajo del personal (Por Curso, Por Alumno, reincorporaciones,
 *   planillón), que muestran y editan las entradas de hoy: lo recién guardado cuenta en el acto.
 */
export type CorteAsistencia = 'ayer' | 'hoy';

/** Las entradas que cuentan con ese corte (ninguna entrada es posterior a hoy). */
export function entradasHasta<E extends { fecha: string }>(
  entradas: readonly E[],
  hoy: string,
  corte: CorteAsistencia,
): E[] {
  return corte === 'ayer'
    ? entradasHastaAyer(entradas, hoy)
    : entradas.filter((e) => e.fecha <= hoy);
}

const RANGO_TURNO: Record<string, number> = { Tarde: 1, Mañana: 0 };

/**
 * La lista del legajo, más nueva primero: las entradas de antes de hoy y todas las
 * reincorporaciones, intercaladas por fecha. En la misma fecha van primero las
 * reincorporaciones, luego Tarde antes que Mañana, luego el `orden` mayor.
 */
export function listaLegajo<E extends EntradaLegajo, R extends Reincorporacion>(
  entradas: readonly E[],
  reincorporaciones: readonly R[],
  hoy: string,
): ItemLegajo<E, R>[] {
  const items: { item: ItemLegajo<E, R>; clase: number; turno: number; orden: number }[] = [
    ...reincorporaciones.map((r) => ({
      item: {
        clase: 'reincorporacion' as const,
        fecha: r.fecha,
        reincorporacion: r,
        texto: textoReincorporacion(r.cantidad),
        color: COLOR_REINCORPORACION,
      },
      clase: 1,
      turno: 0,
      orden: r.orden,
    })),
    ...entradasHastaAyer(entradas, hoy).map((e) => ({
      item: {
        clase: 'asistencia' as const,
        fecha: e.fecha,
        entrada: e,
        circunstancia: circunstanciaVisible(e.circunstancia),
        justificacion: textoJustificacion(e),
      },
      clase: 0,
      turno: RANGO_TURNO[e.turno] ?? 0,
      orden: e.orden,
    })),
  ];
  items.sort(
    (a, b) =>
      (a.item.fecha < b.item.fecha ? 1 : a.item.fecha > b.item.fecha ? -1 : 0) ||
      b.clase - a.clase ||
      b.turno - a.turno ||
      b.orden - a.orden,
  );
  return items.map((x) => x.item);
}

export interface ResumenAsistencia {
  total: number;
  reincorporaciones: number;
  estado: EstadoAsistencia;
  etiqueta: string | null;
  color: ColorEstado | null;
  justificadas: number;
  entradas: number;
  /** 'total / 30 (+ reincorporaciones)'. */
  textoTotal: string;
  /** 'n / m Justificadas'. */
  textoJustificadas: string;
}

/**
 * El pie de una lista de asistencias: el total, el estado y las justificadas de las entradas que
 * cuentan con el corte (por defecto 'ayer', el legajo: las mismas que muestra su lista) y todas
 * las reincorporaciones recibidas.
 */
export function resumenAsistencia(
  entradas: readonly { tipo: string; justificada: boolean; fecha: string }[],
  reincorporaciones: readonly { cantidad: number }[],
  hoy: string,
  corte: CorteAsistencia = 'ayer',
): ResumenAsistencia {
  const listadas = entradasHasta(entradas, hoy, corte);
  const total = totalInasistencias(listadas);
  const reinc = totalReincorporaciones(reincorporaciones);
  const estado = estadoAsistencia(total, reinc);
  const justificadas = listadas.filter((e) => e.justificada).length;
  return {
    total,
    reincorporaciones: reinc,
    estado,
    etiqueta: ETIQUETA_ESTADO_ASISTENCIA[estado],
    color: COLOR_ESTADO_ASISTENCIA[estado],
    justificadas,
    entradas: listadas.length,
    textoTotal: textoTotalAsistencia(total, reinc),
    textoJustificadas: textoJustificadas(justificadas, listadas.length),
  };
}

export { esFechaValida, sumarDias };
