/**
 * Notas: modalidades, aprobación por cuatrimestre y por modalidad, nota final, notas
 * faltantes, instancias de recuperación, cómo se muestran y colorean, condición del alumno y
 * reglamento de evaluación, instancias de mesa, validación de la carga, seguimiento de los
 * cambios de la planilla y promedio del planillón
 * (spec 01 §3 Grades y Exam instance, §4, §5 Grades, §9; spec 02 §3, §4, §5, §9).
 * Todo es puro: las fechas son 'YYYY-MM-DD' y se reciben como parámetro.
 */
import { esFechaISO } from './calendario';
import { numero } from './texto';

// ---------------------------------------------------------------------------
// Modalidades (spec 01 §4, spec 02 §3 Cursado)

export const Modalidad = {
  Anual: 0,
  PrimerCuatrimestre: 1,
  SegundoCuatrimestre: 2,
  BiCuatrimestral: 3,
} as const;
export type NombreModalidad = keyof typeof Modalidad;
export type Modalidad = (typeof Modalidad)[NombreModalidad];

export const MODALIDADES: readonly Modalidad[] = Object.values(Modalidad);
export const ERROR_MODALIDAD_DESCONOCIDA = 'Modalidad desconocida';

export const ETIQUETA_MODALIDAD: Readonly<Record<Modalidad, string>> = {
  0: 'Anual',
  1: '1° Cuatrimestre',
  2: '2° Cuatrimestre',
  3: 'Bicuatrimestral',
};

export function esModalidad(valor: unknown): valor is Modalidad {
  return typeof valor === 'number' && (MODALIDADES as readonly number[]).includes(valor);
}

/** La modalidad, o lanza 'Modalidad desconocida' (spec 01 §5). */
export function comprobarModalidad(valor: unknown): Modalidad {
  if (!esModalidad(valor)) throw new Error(ERROR_MODALIDAD_DESCONOCIDA);
  return valor;
}

// ---------------------------------------------------------------------------
// Constantes (spec 01 §9, spec 02 §9)

/** -1: la nota no corresponde (spec 01 §3). Se ignora al aprobar/desaprobar y se muestra '-'. */
export const NOTA_NO_APLICA = -1;
export const NOTA_MINIMA = 1;
export const NOTA_MAXIMA = 10;
/** Con 6 o más se aprueba el cuatrimestre. */
export const NOTA_APROBACION = 6;
/** Con menos de 4 se desaprueba el cuatrimestre. */
export const NOTA_DESAPROBACION = 4;
/** Bicuatrimestral: la suma de los dos cuatrimestres debe llegar a 12. */
export const SUMA_BICUATRIMESTRAL = 12;
/** Reglamento: con una suma menor que 8 el alumno va a Marzo. */
export const SUMA_MARZO = 8;
/** Marca de "ausente" de una celda de la planilla (spec 02 §3 Grade entry, §5 "absent checkbox"). */
export const AUSENTE = 'ausente' as const;

/** Una nota de cuatrimestre: 1 a 10, -1 (no corresponde) o ninguna (`null`/`undefined`). */
export type Nota = number | null | undefined;
/** El valor de una celda de la planilla: una nota o la marca de ausente. */
export type ValorNota = number | typeof AUSENTE;

export type Cuatrimestre = 1 | 2;
export const CUATRIMESTRES: readonly Cuatrimestre[] = [1, 2];

/** ¿Hay una nota que cuente (ni vacía ni -1)? */
function hayNota(nota: Nota): nota is number {
  return nota != null && nota !== NOTA_NO_APLICA;
}

// ---------------------------------------------------------------------------
// Aprobación (spec 01 §5)

/** 6 o más aprueba el cuatrimestre. */
export function apruebaCuatrimestre(nota: Nota): boolean {
  return hayNota(nota) && nota >= NOTA_APROBACION;
}

/** Menos de 4 desaprueba (-1 y la falta de nota no). 4 y 5 ni aprueban ni desaprueban. */
export function desapruebaCuatrimestre(nota: Nota): boolean {
  return hayNota(nota) && nota < NOTA_DESAPROBACION;
}

/**
 * ¿Aprobó la materia? Anual: si aprueba cualquiera de los cuatrimestres. 1° / 2° cuatrimestre:
 * si aprueba ese. Bicuatrimestral: las dos notas existen y no son -1, la 1ª no es menor que 4,
 * la 2ª es 6 o más y la suma 12 o más. Lanza 'Modalidad desconocida'.
 */
export function aprobada(modalidad: number, primera: Nota, segunda: Nota): boolean {
  switch (comprobarModalidad(modalidad)) {
    case Modalidad.Anual:
      return apruebaCuatrimestre(primera) || apruebaCuatrimestre(segunda);
    case Modalidad.PrimerCuatrimestre:
      return apruebaCuatrimestre(primera);
    case Modalidad.SegundoCuatrimestre:
      return apruebaCuatrimestre(segunda);
    case Modalidad.BiCuatrimestral:
      return (
        hayNota(primera) &&
        hayNota(segunda) &&
        primera >= NOTA_DESAPROBACION &&
        segunda >= NOTA_APROBACION &&
        primera + segunda >= SUMA_BICUATRIMESTRAL
      );
  }
}

/**
 * Nota final (spec 01 §5). Anual: la del 1° cuatrimestre si es positiva, si no la del 2°
 * (tal cual: puede ser -1 o ninguna). "Positiva" es aprobada (6 o más), como se dice en la
 * escuela: con 4 y 8 la anual se aprueba por el 2° y su nota final es 8, no 4 (issue 32).
 * 1° / 2° cuatrimestre: la de ese cuatrimestre (tal cual). Bicuatrimestral: el promedio
 * redondeado hacia arriba al entero ((7 + 8) / 2 = 7,5 → 8); si falta alguna de las dos notas o
 * alguna es -1 no hay promedio: `null`. Las pantallas no la usan sola: ver `condicionDeMateria`.
 */
export function notaFinal(modalidad: number, primera: Nota, segunda: Nota): number | null {
  switch (comprobarModalidad(modalidad)) {
    case Modalidad.Anual:
      return apruebaCuatrimestre(primera) ? (primera as number) : (segunda ?? null);
    case Modalidad.PrimerCuatrimestre:
      return primera ?? null;
    case Modalidad.SegundoCuatrimestre:
      return segunda ?? null;
    case Modalidad.BiCuatrimestral:
      return hayNota(primera) && hayNota(segunda) ? Math.ceil((primera + segunda) / 2) : null;
  }
}

/**
 * ¿Faltan notas? (spec 01 §5: "annual needs none; single-term needs that term; bi-term needs
 * fewer than two"). Anual: nunca faltan. 1° / 2° cuatrimestre: falta si ese cuatrimestre no
 * tiene nota. Bicuatrimestral: está completa con menos de dos notas faltantes, es decir, falta
 * sólo cuando no tiene ninguna de las dos. -1 ("no corresponde") cuenta como nota cargada.
 */
export function faltanNotas(modalidad: number, primera: Nota, segunda: Nota): boolean {
  switch (comprobarModalidad(modalidad)) {
    case Modalidad.Anual:
      return false;
    case Modalidad.PrimerCuatrimestre:
      return primera == null;
    case Modalidad.SegundoCuatrimestre:
      return segunda == null;
    case Modalidad.BiCuatrimestral:
      return [primera, segunda].filter((n) => n == null).length >= 2;
  }
}

// ---------------------------------------------------------------------------
// Instancias: cuatrimestres (1, 2) y mesas de recuperación (3 a 7) (spec 01 §5, spec 02 §9)

export const NOMBRE_CUATRIMESTRE: Readonly<Record<Cuatrimestre, string>> = {
  1: '1° Cuatrimestre',
  2: '2° Cuatrimestre',
};

/** Los períodos de mesa 3 a 7 (spec 02 §9). */
export const NOMBRE_PERIODO_MESA: Readonly<Record<3 | 4 | 5 | 6 | 7, string>> = {
  3: 'Mesa Noviembre/Diciembre',
  4: 'Mesa Febrero/Marzo',
  5: 'Mesa Julio',
  6: 'Mesa Noviembre',
  7: 'Mesa Febrero',
};
export const PRIMERA_INSTANCIA_MESA = 3;
export const ULTIMA_INSTANCIA = 7;

/** '1° Cuatrimestre', '2° Cuatrimestre', 'Mesa Noviembre/Diciembre', … Lanza fuera de 1 a 7. */
export function nombrePeriodo(numero: number): string {
  if (numero === 1 || numero === 2) return NOMBRE_CUATRIMESTRE[numero];
  const mesa = NOMBRE_PERIODO_MESA[numero as 3 | 4 | 5 | 6 | 7];
  if (!mesa) throw new Error(`Período inválido: ${numero}`);
  return mesa;
}

export const TIPOS_NOTA_EXAMEN = ['normal', 'ausente', 'adeuda_correlativa'] as const;
export type TipoNotaExamen = (typeof TIPOS_NOTA_EXAMEN)[number];

/** El acta de un alumno en una mesa (spec 01 §3 Exam instance). */
export interface ResultadoExamen {
  nota: number | null;
  tipoNota: TipoNotaExamen;
}

/** Se aprueba una mesa con nota normal de 6 o más (la misma nota de aprobación, spec 01 §9). */
export function apruebaExamen(resultado: ResultadoExamen | null | undefined): boolean {
  return resultado?.tipoNota === 'normal' && apruebaCuatrimestre(resultado.nota);
}

export interface SituacionMateria {
  modalidad: number;
  primera: Nota;
  segunda: Nota;
  /** Actas de las mesas por número de instancia (3 a 7). */
  resultados?: Readonly<Partial<Record<number, ResultadoExamen | null>>>;
}

/**
 * ¿Corresponde la instancia `numero`? (spec 01 §5). 1 y 2 (los cuatrimestres) siempre. 3 sólo
 * si la materia no está aprobada y ningún cuatrimestre tiene -1. De 4 en adelante, sólo si la
 * anterior corresponde y no se aprobó (un ausente, un "adeuda correlativa" o una mesa todavía
 * sin acta no aprueban). Decisión: se exige que la anterior corresponda, si no una materia
 * aprobada volvería a tener mesas desde la 4. Lanza 'Modalidad desconocida'.
 */
export function aplicaInstancia(numero: number, materia: SituacionMateria): boolean {
  comprobarModalidad(materia.modalidad);
  if (!Number.isInteger(numero) || numero < 1) return false;
  if (numero <= 2) return true;
  if (numero === PRIMERA_INSTANCIA_MESA) {
    return (
      !aprobada(materia.modalidad, materia.primera, materia.segunda) &&
      materia.primera !== NOTA_NO_APLICA &&
      materia.segunda !== NOTA_NO_APLICA
    );
  }
  return aplicaInstancia(numero - 1, materia) && !apruebaExamen(materia.resultados?.[numero - 1]);
}

/** Las instancias que corresponden, de 1 a `hasta` (7 por defecto). */
export function instanciasQueAplican(
  materia: SituacionMateria,
  hasta = ULTIMA_INSTANCIA,
): number[] {
  const numeros: number[] = [];
  for (let n = 1; n <= hasta; n++) if (aplicaInstancia(n, materia)) numeros.push(n);
  return numeros;
}

// ---------------------------------------------------------------------------
// Instancias de mesa (spec 02 §5, spec 01 §9)

/** Las instancias reconocidas del formulario de mesa (spec 02 §5). */
export const INSTANCIAS_MESA = [
  'Complementaria Noviembre/Diciembre',
  'Final Febrero/Marzo',
  'Extraordinaria Julio',
  'Extraordinaria Noviembre',
  'Extraordinaria Febrero',
  'Flotante Abril',
] as const;
export type InstanciaMesa = (typeof INSTANCIAS_MESA)[number];

/** Nombres cortos (spec 01 §9). */
export const NOMBRE_CORTO_INSTANCIA: Readonly<Record<InstanciaMesa, string>> = {
  'Complementaria Noviembre/Diciembre': 'Diciembre',
  'Final Febrero/Marzo': 'Marzo',
  'Extraordinaria Julio': 'Julio',
  'Extraordinaria Noviembre': 'Noviembre',
  'Extraordinaria Febrero': 'Febrero',
  'Flotante Abril': 'Abril',
};

/**
 * A qué período de mesa (3 a 7, spec 02 §9) corresponde cada instancia. Deducido de los
 * nombres, que coinciden uno a uno; 'Flotante Abril' no tiene período numerado.
 */
export const PERIODO_DE_INSTANCIA: Readonly<Record<InstanciaMesa, number | null>> = {
  'Complementaria Noviembre/Diciembre': 3,
  'Final Febrero/Marzo': 4,
  'Extraordinaria Julio': 5,
  'Extraordinaria Noviembre': 6,
  'Extraordinaria Febrero': 7,
  'Flotante Abril': null,
};

/** ¿Es una de las instancias de la lista? Si no, el formulario avisa "Instancia inusual". */
export function esInstanciaConocida(instancia: string | null | undefined): boolean {
  return (INSTANCIAS_MESA as readonly string[]).includes((instancia ?? '').trim());
}

/** El nombre corto; una instancia inusual (aceptada con "Usar de todos modos") se muestra tal cual. */
export function nombreCortoInstancia(instancia: string): string {
  const t = instancia.trim();
  return esInstanciaConocida(t) ? NOMBRE_CORTO_INSTANCIA[t as InstanciaMesa] : t;
}

// ---------------------------------------------------------------------------
// Cómo se muestran (spec 01 §5 Display)

export const GUION = '-';

/** Un número con las medias como '½': 7 → '7', 7.5 → '7½', 0.5 → '½'. Otros decimales, en es-AR ('7,25'). */
export function formatearNota(nota: number): string {
  const entero = Math.trunc(nota);
  const resto = Math.abs(nota - entero);
  if (resto !== 0.5) return numero(nota);
  const signo = nota < 0 ? '-' : '';
  return entero === 0 ? `${signo}½` : `${entero}½`;
}

/** -1 → '-', sin nota → '', ausente → 'A', si no el número (con '½'). */
export function mostrarNota(nota: Nota | typeof AUSENTE): string {
  if (nota == null) return '';
  if (nota === AUSENTE) return 'A';
  if (nota === NOTA_NO_APLICA) return GUION;
  return formatearNota(nota);
}

/**
 * La celda de un cuatrimestre: '-' si la materia es de un solo cuatrimestre y no es éste;
 * si no, como `mostrarNota`. Lanza 'Modalidad desconocida'.
 */
export function mostrarNotaCuatrimestre(
  modalidad: number,
  cuatrimestre: Cuatrimestre,
  nota: Nota | typeof AUSENTE,
): string {
  const m = comprobarModalidad(modalidad);
  if (m === Modalidad.PrimerCuatrimestre && cuatrimestre !== 1) return GUION;
  if (m === Modalidad.SegundoCuatrimestre && cuatrimestre !== 2) return GUION;
  return mostrarNota(nota);
}

/** El acta de una mesa: 'A' ausente, 'AC' adeuda correlativa, si no la nota ('' sin acta). */
export function mostrarResultadoExamen(resultado: ResultadoExamen | null | undefined): string {
  if (!resultado) return '';
  if (resultado.tipoNota === 'ausente') return 'A';
  if (resultado.tipoNota === 'adeuda_correlativa') return 'AC';
  return mostrarNota(resultado.nota);
}

// ---------------------------------------------------------------------------
// Colores (spec 01 §9, spec 02 §9)

export type ColorNota = 'red' | 'yellow' | 'blue' | 'gray';
/** 'legajo': libretas, legajo y planillas de notas; 'planillon': el planillón. */
export type ContextoColor = 'legajo' | 'planillon';

/**
 * Color de una nota: menos de 4 rojo; menos de 6 amarillo en el legajo y azul en el planillón;
 * 'A' (ausente) gris. -1, sin nota, 'AC', '-' y las aprobadas no llevan color (`null`).
 */
export function colorNota(
  valor: number | string | null | undefined,
  contexto: ContextoColor,
): ColorNota | null {
  if (valor === 'A' || valor === AUSENTE) return 'gray';
  if (typeof valor !== 'number' || !Number.isFinite(valor) || valor === NOTA_NO_APLICA) return null;
  if (valor < NOTA_DESAPROBACION) return 'red';
  if (valor < NOTA_APROBACION) return contexto === 'planillon' ? 'blue' : 'yellow';
  return null;
}

// ---------------------------------------------------------------------------
// Condición del alumno y reglamento de evaluación (spec 02 §4, §9)

export type CondicionAlumno = 'Rinde en mesa' | 'En riesgo' | 'Marzo' | 'Diciembre';
export type CondicionReglamento = 'Marzo' | 'Diciembre';

/** Nota válida: entera de 1 a 10 (spec 02 §5). */
export function esNotaValida(valor: unknown): valor is number {
  return (
    typeof valor === 'number' &&
    Number.isInteger(valor) &&
    valor >= NOTA_MINIMA &&
    valor <= NOTA_MAXIMA
  );
}

/**
 * Condición con una sola nota (spec 02 §4): ninguna si está vacía o ausente (también con -1);
 * 'Rinde en mesa' con 1; 'En riesgo' por debajo de 6.
 */
export function condicionUnaNota(nota: Nota | typeof AUSENTE): CondicionAlumno | null {
  if (nota == null || nota === AUSENTE || nota === NOTA_NO_APLICA) return null;
  if (nota === 1) return 'Rinde en mesa';
  if (nota < NOTA_APROBACION) return 'En riesgo';
  return null;
}

/**
 * El reglamento de evaluación (spec 02 §9) para dos notas enteras de 1 a 10: 'Marzo' si la
 * suma es menor que 8; 'Diciembre' si la 1ª es menor que 4, la 2ª menor que 6 o la suma menor
 * que 12; si no, ninguna (aprobada, como la bicuatrimestral de spec 01 §5). Lanza con otras notas.
 *
 * Desacuerdo en la spec: la regla escrita en spec 02 §4 ("Diciembre" si la 2ª es menor que 6 o
 * la suma menor que 12) no pide que la 1ª sea al menos 4 y daría "ninguna" en (2, 10), (3, 9) y
 * (3, 10), mientras que la tabla de spec 02 §9 dice Diciembre. Gana la tabla: es el reglamento
 * que se muestra a todos y coincide con la aprobación bicuatrimestral (1ª no menor que 4).
 */
export function reglamentoEvaluacion(primera: number, segunda: number): CondicionReglamento | null {
  if (!esNotaValida(primera) || !esNotaValida(segunda)) {
    throw new Error(`Notas inválidas para el reglamento: ${primera}, ${segunda}`);
  }
  const suma = primera + segunda;
  if (suma < SUMA_MARZO) return 'Marzo';
  if (primera < NOTA_DESAPROBACION || segunda < NOTA_APROBACION || suma < SUMA_BICUATRIMESTRAL) {
    return 'Diciembre';
  }
  return null;
}

export interface FilaReglamento {
  /** Nota del 1° cuatrimestre, desde–hasta. */
  primera: readonly [number, number];
  /** Notas del 2° cuatrimestre que van a Marzo, desde–hasta; `null` si ninguna. */
  marzo: readonly [number, number] | null;
  /** Notas del 2° cuatrimestre que van a Diciembre; `null` si ninguna. */
  diciembre: readonly [number, number] | null;
}

/** La tabla del reglamento tal como la muestra /notas sin cursado elegido (spec 02 §2, §9). */
export const TABLA_REGLAMENTO: readonly FilaReglamento[] = [
  { primera: [1, 1], marzo: [1, 6], diciembre: [7, 10] },
  { primera: [2, 2], marzo: [1, 5], diciembre: [6, 10] },
  { primera: [3, 3], marzo: [1, 4], diciembre: [5, 10] },
  { primera: [4, 4], marzo: [1, 3], diciembre: [4, 7] },
  { primera: [5, 5], marzo: [1, 2], diciembre: [3, 6] },
  { primera: [6, 6], marzo: [1, 1], diciembre: [2, 5] },
  { primera: [7, 10], marzo: null, diciembre: [1, 5] },
];

/** '1–6', '7', '' para un rango de la tabla. */
export function textoRango(rango: readonly [number, number] | null): string {
  if (!rango) return '';
  return rango[0] === rango[1] ? String(rango[0]) : `${rango[0]}–${rango[1]}`;
}

// ---------------------------------------------------------------------------
// Carga de notas (spec 02 §5)

const RE_NUMERO = /^[+-]?\d+(?:[.,]\d+)?$/;

/**
 * Lee lo que se escribe en una celda: un número (acepta ',' decimal) o `null` si no es
 * numérico, lo que borra la celda. No valida el rango: ver `esNotaValida` y `aplicarEntradaNota`.
 */
export function parsearNota(texto: string | null | undefined): number | null {
  const t = (texto ?? '').trim();
  if (!RE_NUMERO.test(t)) return null;
  return Number(t.replace(',', '.'));
}

/**
 * El nuevo valor de la celda tras escribir `texto`: no numérico la borra (`null`); un entero de
 * 1 a 10 la reemplaza; cualquier otro número (0, 11, 7.5, -1) se rechaza y la celda queda igual.
 */
export function aplicarEntradaNota(
  texto: string | null | undefined,
  actual: ValorNota | null,
): ValorNota | null {
  const n = parsearNota(texto);
  if (n == null) return null;
  return esNotaValida(n) ? n : actual;
}

/** ¿Se puede guardar este valor? Una nota de 1 a 10 o la marca de ausente. */
export function esValorNotaValido(valor: unknown): valor is ValorNota {
  return esNotaValida(valor) || valor === AUSENTE;
}

// ---------------------------------------------------------------------------
// Cambios de la planilla (spec 02 §3 Grade entry, §4)

export type AccionNota = 'none' | 'add' | 'update' | 'delete';

/**
 * La acción de una celda según su valor guardado (`original`) y el actual: vacía → nota es
 * 'add' (y sigue siendo 'add' con cada cambio posterior); nota → otra nota 'update'; volver al
 * original 'none'; borrar una guardada 'delete'; agregar y borrar se anulan ('none').
 */
export function siguienteAccion(
  original: ValorNota | null | undefined,
  actual: ValorNota | null | undefined,
): AccionNota {
  const o = original ?? null;
  const a = actual ?? null;
  if (o === a) return 'none';
  if (o == null) return 'add';
  if (a == null) return 'delete';
  return 'update';
}

export interface CeldaNota {
  original: ValorNota | null;
  valor: ValorNota | null;
  accion: AccionNota;
}

/** La celda recién cargada, sin cambios. */
export function celdaNota(original: ValorNota | null | undefined): CeldaNota {
  return { original: original ?? null, valor: original ?? null, accion: 'none' };
}

/** El reductor de una celda: nuevo valor y su acción. */
export function editarCelda(celda: CeldaNota, valor: ValorNota | null | undefined): CeldaNota {
  return { ...celda, valor: valor ?? null, accion: siguienteAccion(celda.original, valor) };
}

export interface EntradaNota {
  alumnoId: number;
  cuatrimestre: Cuatrimestre;
  /** El valor nuevo; `null` en 'delete'. */
  nota: ValorNota | null;
  action: Exclude<AccionNota, 'none'>;
}

/** Lo que se guarda: sólo las celdas con acción distinta de 'none' (spec 02 §4). */
export function cambiosPlanilla(
  celdas: readonly (CeldaNota & { alumnoId: number; cuatrimestre: Cuatrimestre })[],
): EntradaNota[] {
  return celdas.flatMap((c) => {
    const action = siguienteAccion(c.original, c.valor);
    if (action === 'none') return [];
    return [{ alumnoId: c.alumnoId, cuatrimestre: c.cuatrimestre, nota: c.valor, action }];
  });
}

// ---------------------------------------------------------------------------
// Columna de promedio del planillón (spec 01 §9)

export interface ResumenPromedio {
  /** Promedio de las notas (sin -1, vacías ni ausentes); `null` si no hay ninguna. */
  promedio: number | null;
  /** Cantidad de notas desaprobadas (menos de 4, spec 01 §5). */
  bajas: number;
  /** Cantidad de notas promediadas. */
  cantidad: number;
}

export function resumenPromedio(
  notas: readonly (number | string | null | undefined)[],
): ResumenPromedio {
  const numeros = notas.filter(
    (n): n is number => typeof n === 'number' && Number.isFinite(n) && n !== NOTA_NO_APLICA,
  );
  const suma = numeros.reduce((t, n) => t + n, 0);
  return {
    promedio: numeros.length ? suma / numeros.length : null,
    bajas: numeros.filter((n) => desapruebaCuatrimestre(n)).length,
    cantidad: numeros.length,
  };
}

/** El promedio con 2 decimales, en es-AR ('7,25'); '' si no hay. */
export function formatearPromedio(promedio: number | null): string {
  return promedio == null ? '' : numero(promedio, 2);
}

// ---------------------------------------------------------------------------
// Cuatrimestre de una fecha (spec 02 §4)

/** El 2° cuatrimestre empieza el 1 de octubre del ciclo lectivo elegido. */
export const INICIO_SEGUNDO_CUATRIMESTRE = '10-01';

/** 1 antes del 1 de octubre de `anio`, 2 desde ese día (también en años posteriores). */
export function cuatrimestreDeFecha(fecha: string, anio: number): Cuatrimestre {
  if (!esFechaISO(fecha)) throw new Error(`Fecha inválida: ${fecha}`);
  if (!Number.isInteger(anio)) throw new Error(`Año inválido: ${anio}`);
  return fecha >= `${String(anio).padStart(4, '0')}-${INICIO_SEGUNDO_CUATRIMESTRE}` ? 2 : 1;
}

// ---------------------------------------------------------------------------
// Condición del alumno en la planilla (spec 02 §2, §4)

/** ¿Usa la modalidad este cuatrimestre? (1° o 2° cuatrimestre: sólo el suyo). Lanza 'Modalidad desconocida'. */
export function aplicaCuatrimestre(modalidad: number, cuatrimestre: Cuatrimestre): boolean {
  const m = comprobarModalidad(modalidad);
  if (m === Modalidad.PrimerCuatrimestre) return cuatrimestre === 1;
  if (m === Modalidad.SegundoCuatrimestre) return cuatrimestre === 2;
  return true;
}

/** Lo que se decide de una materia con sus dos notas de cuatrimestre (`condicionDeMateria`). */
export interface ResultadoMateria {
  /** ¿La aprobó con la regla de su modalidad? (spec 01 §5). */
  aprobada: boolean;
  /** La nota final (spec 01 §5) si la aprobó (6 o más); si no, `null`: la nota sale de la mesa. */
  final: number | null;
  /**
   * La condición (spec 02 §4, tabla de §9) si no la aprobó; `null` si la aprobó, si algún
   * cuatrimestre es -1 (no corresponde) o si las notas todavía no la deciden (ninguna, sólo
   * ausentes, o bicuatrimestral con una sola nota de 6 o más).
   */
  condicion: CondicionAlumno | null;
  /**
   * ¿Adeuda la materia? No la aprobó, ningún cuatrimestre es -1 y tiene alguno cargado (un
   * ausente cuenta y no aprueba). Es quien se propone para las mesas cuando la planilla cierra.
   */
  adeuda: boolean;
}

/**
 * La única regla de la fila de una materia (issue 32), usada por la planilla de notas, la
 * libreta y las mesas: si aprueba con la regla de su modalidad (spec 01 §5) no tiene condición
 * y tiene nota final; si no, la condición sale de las notas de los cuatrimestres que usa la
 * modalidad: con dos notas, el reglamento (spec 02 §9: "Marzo" o "Diciembre"); con una, "Rinde
 * en mesa" (1) o "En riesgo" (menos de 6) (spec 02 §4). Así una anual con 6 y 1 está aprobada
 * con 6, sin "Marzo", y nadie la propone para una mesa. Lanza 'Modalidad desconocida'.
 */
export function condicionDeMateria(
  modalidad: number,
  primera: ValorNota | null | undefined,
  segunda: ValorNota | null | undefined,
): ResultadoMateria {
  const n1 = typeof primera === 'number' ? primera : null;
  const n2 = typeof segunda === 'number' ? segunda : null;
  if (aprobada(modalidad, n1, n2)) {
    return { aprobada: true, final: notaFinal(modalidad, n1, n2), condicion: null, adeuda: false };
  }
  const usadas = CUATRIMESTRES.filter((c) => aplicaCuatrimestre(modalidad, c)).map(
    (c) => (c === 1 ? primera : segunda) ?? null,
  );
  if (usadas.includes(NOTA_NO_APLICA)) {
    return { aprobada: false, final: null, condicion: null, adeuda: false };
  }
  const notas = usadas.filter(esNotaValida);
  return {
    aprobada: false,
    final: null,
    condicion:
      notas.length === 2 ? reglamentoEvaluacion(notas[0]!, notas[1]!) : condicionUnaNota(notas[0]),
    adeuda: usadas.some((v) => v != null),
  };
}

/**
 * Quién figura en la planilla de PIC de un cuatrimestre (el botón "Imprimir PIC" de Alumnado,
 * spec 02 §2): el cuatrimestre debe aplicar a la modalidad y el alumno no haberlo aprobado,
 * con nota de 1 a 5 o ausente. Sin nota todavía o con -1 (no corresponde) no figura.
 * Supuesto a confirmar con Alumnado cuando exista el módulo de PIC: ver README, Decisiones.
 */
export function rindePic(
  modalidad: number,
  cuatrimestre: Cuatrimestre,
  valor: ValorNota | null | undefined,
): boolean {
  if (!aplicaCuatrimestre(modalidad, cuatrimestre)) return false;
  if (valor === AUSENTE) return true;
  return valor != null && esNotaValida(valor) && valor < NOTA_APROBACION;
}
