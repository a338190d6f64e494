/**
 * Los períodos de una planilla de notas (spec 02 §3 Term period, §4, §8): quién carga, cierra
 * y reabre cada cuatrimestre y cuándo, los avisos de la planilla y los mensajes de error.
 * Puro: las fechas son 'AAAA-MM-DD' y "hoy" se recibe como parámetro.
 */
import { esFechaISO } from './calendario';
import { aplicaCuatrimestre, type Cuatrimestre, NOMBRE_CUATRIMESTRE } from './notas';
import { diaYMes } from './texto';

/**
 * Quién mira la planilla: el docente de /notas, Alumnado en /notas-privileged, o sólo lectura
 * (-readonly, -supervisor, -hypervisor).
 */
export type ModoPlanilla = 'docente' | 'alumnado' | 'lectura';

/** El bit del cuatrimestre en la máscara de períodos cerrados del cursado (1° → 1, 2° → 2). */
export function bitCuatrimestre(cuatrimestre: Cuatrimestre): number {
  return 1 << (cuatrimestre - 1);
}

export function periodoCerrado(cerrados: number, cuatrimestre: Cuatrimestre): boolean {
  return (cerrados & bitCuatrimestre(cuatrimestre)) !== 0;
}

/** Las fechas del período de notas de un cuatrimestre (del calendario, área 'nota'). */
export interface FechasPeriodoNotas {
  apertura: string | null;
  cierre: string | null;
  publicacion: string | null;
}

/**
 * El único estado que se muestra de un cuatrimestre (issue 11 §7), en este orden:
 *  - publicada: ya pasó la publicación, cerrada o no; es definitiva: nadie carga, cierra ni reabre;
 *  - cerrada: el docente o Alumnado la cerró (Alumnado puede reabrirla);
 *  - sinFechas / porAbrir: el calendario no tiene apertura, o todavía no llegó;
 *  - vencida: quedó abierta y pasó el cierre (sólo Alumnado carga y cierra);
 *  - abierta: entre la apertura y el cierre (el docente y Alumnado cargan y cierran).
 */
export type FasePeriodo =
  'publicada' | 'cerrada' | 'sinFechas' | 'porAbrir' | 'vencida' | 'abierta';

export interface EstadoPeriodoNotas extends FechasPeriodoNotas {
  cuatrimestre: Cuatrimestre;
  nombre: string;
  /** El estado que se muestra; las acciones (`puede*`) salen de él y del modo. */
  fase: FasePeriodo;
  /** La modalidad del cursado usa este cuatrimestre. */
  aplica: boolean;
  /** Ya pasó la apertura (inclusive). */
  iniciado: boolean;
  /** Entre la apertura y el cierre del calendario (inclusive). */
  enFechas: boolean;
  /** El docente o Alumnado cerró la planilla de este cuatrimestre. */
  cerrado: boolean;
  /** Ya pasó la fecha de publicación (inclusive): alumnos y referentes ven las notas. */
  publicado: boolean;
  /** Quedó abierta, ya pasó la fecha de cierre y todavía no se publicó (fase 'vencida'). */
  cierreVencido: boolean;
  puedeCargar: boolean;
  puedeCerrar: boolean;
  puedeReabrir: boolean;
}

/** Qué fases permiten cargar y cerrar en cada modo (reabrir: sólo Alumnado, una 'cerrada'). */
const CARGA_Y_CIERRA: Readonly<Record<ModoPlanilla, readonly FasePeriodo[]>> = {
  docente: ['abierta'],
  alumnado: ['abierta', 'vencida'],
  lectura: [],
};

/**
 * El estado de un cuatrimestre de la planilla para quien la mira (spec 02 §4): una fase
 * (`FasePeriodo`) y sólo sus acciones:
 *  - docente: carga y cierra mientras está 'abierta' (de la apertura al cierre inclusive);
 *    'vencida', "pasar por Alumnado";
 *  - Alumnado: carga y cierra 'abierta' o 'vencida', y reabre una 'cerrada' (salvo publicada);
 *  - lectura: nada.
 * Publicada, nadie carga, cierra ni reabre. Un cuatrimestre que la modalidad no usa nunca se
 * carga ni se cierra.
 */
export function estadoPeriodoNotas(p: {
  modalidad: number;
  cuatrimestre: Cuatrimestre;
  fechas: FechasPeriodoNotas | null;
  cerrados: number;
  hoy: string;
  modo: ModoPlanilla;
}): EstadoPeriodoNotas {
  if (!esFechaISO(p.hoy)) throw new Error(`Fecha inválida: ${p.hoy}`);
  const { apertura = null, cierre = null, publicacion = null } = p.fechas ?? {};
  const aplica = aplicaCuatrimestre(p.modalidad, p.cuatrimestre);
  const iniciado = apertura != null && apertura <= p.hoy;
  const enFechas = iniciado && (cierre == null || p.hoy <= cierre);
  const cerrado = periodoCerrado(p.cerrados, p.cuatrimestre);
  const publicado = publicacion != null && publicacion <= p.hoy;
  const fase: FasePeriodo = publicado
    ? 'publicada'
    : cerrado
      ? 'cerrada'
      : apertura == null
        ? 'sinFechas'
        : !iniciado
          ? 'porAbrir'
          : enFechas
            ? 'abierta'
            : 'vencida';
  const cargaYCierra = aplica && CARGA_Y_CIERRA[p.modo].includes(fase);
  return {
    cuatrimestre: p.cuatrimestre,
    nombre: NOMBRE_CUATRIMESTRE[p.cuatrimestre],
    fase,
    apertura,
    cierre,
    publicacion,
    aplica,
    iniciado,
    enFechas,
    cerrado,
    publicado,
    cierreVencido: fase === 'vencida',
    puedeCargar: cargaYCierra,
    puedeCerrar: cargaYCierra,
    puedeReabrir: p.modo === 'alumnado' && aplica && fase === 'cerrada',
  };
}

/** Cómo se muestra la fase: el texto y el tono (la pantalla elige el color de cada tono). */
export interface PresentacionPeriodo {
  texto: string;
  tono: 'abierta' | 'alerta' | 'neutro';
}

/** El estado de un cuatrimestre en palabras: 'Abierta hasta el 27/11', 'Publicada el 04/12', … */
export function presentacionPeriodo(e: EstadoPeriodoNotas): PresentacionPeriodo {
  const dm = (fecha: string | null) => (fecha ? diaYMes(fecha) : '');
  switch (e.fase) {
    case 'publicada':
      return { texto: `Publicada el ${dm(e.publicacion)}`, tono: 'neutro' };
    case 'cerrada':
      return {
        texto: e.publicacion ? `Cerrada, se publica el ${dm(e.publicacion)}` : 'Cerrada',
        tono: 'neutro',
      };
    case 'sinFechas':
      return { texto: 'Sin fechas en el calendario', tono: 'neutro' };
    case 'porAbrir':
      return { texto: `Abre el ${dm(e.apertura)}`, tono: 'neutro' };
    case 'vencida':
      return { texto: `Abierta, cierre vencido el ${dm(e.cierre)}`, tono: 'alerta' };
    case 'abierta':
      return { texto: e.cierre ? `Abierta hasta el ${dm(e.cierre)}` : 'Abierta', tono: 'abierta' };
  }
}

export const AVISO_CIERRE_VENCIDO =
  'La planilla de notas quedó abierta, y ya pasó la fecha de cierre, pasar por Alumnado';
/** El mismo aviso para Alumnado, que es quien la cierra (no "pasar por Alumnado"). */
export const AVISO_CIERRE_VENCIDO_ALUMNADO =
  'La planilla de notas quedó abierta y ya pasó la fecha de cierre: ciérrela antes de la publicación.';
export const AVISO_PLANILLAS_FIRMADAS = 'Llevar las planillas firmadas a Alumnado es obligatorio';
export const AVISO_REABRIR = 'Recuerde cerrar la planilla luego';
export const CONFIRMAR_CIERRE = '¿Cerrar la planilla de notas?';

/**
 * Los avisos de la planilla (spec 02 §8): quedó abierta con el cierre vencido y sin publicar
 * (al docente y a quien sólo lee, "pasar por Alumnado"; a Alumnado, que la cierre); al docente,
 * con algún cuatrimestre ya cerrado, que lleve las planillas firmadas a Alumnado.
 */
export function avisosPlanilla(
  estados: readonly EstadoPeriodoNotas[],
  modo: ModoPlanilla,
): string[] {
  const avisos: string[] = [];
  if (estados.some((e) => e.aplica && e.cierreVencido))
    avisos.push(modo === 'alumnado' ? AVISO_CIERRE_VENCIDO_ALUMNADO : AVISO_CIERRE_VENCIDO);
  if (modo === 'docente' && estados.some((e) => e.aplica && e.cerrado)) {
    avisos.push(AVISO_PLANILLAS_FIRMADAS);
  }
  return avisos;
}

/** Los mensajes de error de la carga y del cierre (spec 02 §4, §5). */
export const ErrorPlanilla = {
  notaInvalida: 'La nota debe ser un número entero de 1 a 10, o ausente.',
  noAplica: (nombre: string) => `Esta materia no se cursa en el ${nombre}.`,
  fueraDeFechas: (nombre: string) =>
    `El período de notas del ${nombre} no está abierto: no se pueden cargar notas.`,
  cerrada: (nombre: string) => `La planilla del ${nombre} está cerrada: no se pueden cargar notas.`,
  publicada: (nombre: string) =>
    `Las notas del ${nombre} ya están publicadas: no se pueden modificar.`,
  noSePuedeCerrar: (nombre: string) =>
    `No se puede cerrar la planilla del ${nombre}: el período no está abierto.`,
  cerrarPublicada: (nombre: string) =>
    `No se puede cerrar la planilla del ${nombre}: sus notas ya están publicadas.`,
  yaCerrada: (nombre: string) => `La planilla del ${nombre} ya está cerrada.`,
  noCerrada: (nombre: string) => `La planilla del ${nombre} no está cerrada.`,
  reabrirPublicada: (nombre: string) =>
    `No se puede reabrir la planilla del ${nombre}: sus notas ya están publicadas.`,
  conflicto: (quienes: string) =>
    `Otra persona modificó estas notas mientras usted editaba la planilla: ${quienes}. ` +
    'No se guardó ningún cambio. Recargue la planilla y vuelva a cargarlos.',
} as const;

/** Por qué no se puede cargar en el cuatrimestre (el mensaje de error), o `null` si se puede. */
export function motivoNoCarga(estado: EstadoPeriodoNotas): string | null {
  if (estado.puedeCargar) return null;
  if (!estado.aplica) return ErrorPlanilla.noAplica(estado.nombre);
  if (estado.fase === 'publicada') return ErrorPlanilla.publicada(estado.nombre);
  if (estado.fase === 'cerrada') return ErrorPlanilla.cerrada(estado.nombre);
  return ErrorPlanilla.fueraDeFechas(estado.nombre);
}
