/**
 * Planificación (spec 01 §3 Materia, Cursado; spec 02 §3, §5, §9): las reglas de materias y
 * cursados que no dependen de la base: el código de materia, las horas de un cursado, las horas
 * semanales de un curso contra los bloques de la semana, el plan de "Replicar ciclo anterior"
 * y la importación de materias desde CSV.
 */
import { BLOQUES_POR_DIA, DIAS_DE_LA_SEMANA } from './horario';

export const ERROR_GUARDAR_MATERIA = 'Error al guardar la materia';
export const ERROR_GUARDAR_CURSADO = 'Error al guardar';

export const MAXIMO_CODIGO_MATERIA = 8;
/** Horas semanales por defecto de un cursado (spec 02 §5, §9). */
export const HORAS_POR_DEFECTO = 2;
/** Bloques de la semana: 16 por día, de lunes a sábado (spec 01 §9). */
export const BLOQUES_SEMANALES = BLOQUES_POR_DIA * DIAS_DE_LA_SEMANA;
/** Un cursado no puede tener más horas que los bloques de la semana. */
export const MAXIMO_HORAS = BLOQUES_SEMANALES;

/** Tamaños de página de la planificación (spec 02 §9). */
export const PAGINA_MATERIAS = 30;
export const PAGINA_CURSADOS = 20;

/** Letras, dígitos, punto, guion y guion bajo: lo que se escribe en una planilla del ministerio. */
const CODIGO = /^[\p{L}\p{N}._-]+$/u;

/** El problema de un código de materia, o null si es válido (1 a 8 caracteres, sin espacios). */
export function problemaCodigoMateria(codigo: string): string | null {
  const t = codigo.trim();
  if (!t) return 'Código: no puede estar vacío.';
  if ([...t].length > MAXIMO_CODIGO_MATERIA)
    return `Código: entre 1 y ${MAXIMO_CODIGO_MATERIA} caracteres.`;
  if (!CODIGO.test(t)) return 'Código: sólo letras, números, punto, guion y guion bajo.';
  return null;
}

/** La clave de una materia (spec 01 §3): 'año del plan;código'. */
export const claveMateria = (planAnio: number, codigo: string) => `${planAnio};${codigo}`;

/**
 * Un curso permitido de otro año que las materias del cursado (un 2° año no cursa una materia de
 * 4°), o undefined si todos coinciden o el cursado todavía no tiene materias.
 */
export function cursoDeOtroAnio<C extends { anio: number }>(
  aniosDeMaterias: readonly number[],
  cursos: readonly C[],
): C | undefined {
  if (!aniosDeMaterias.length) return undefined;
  return cursos.find((c) => !aniosDeMaterias.includes(c.anio));
}

// ---------------------------------------------------------------------------
// Horas semanales por curso

export interface HorasDeCurso {
  cursoId: number;
  nombre: string;
  /** Suma de las horas de los cursados que admiten el curso. */
  horas: number;
  cursados: number;
  excedido: boolean;
}

/**
 * Las horas semanales de cada curso (la suma de las horas de sus cursados) contra los 96 bloques
 * de la semana; `excedido` si la suma los supera.
 */
export function horasPorCurso(
  filas: readonly { cursoId: number; nombre: string; horas: number }[],
): HorasDeCurso[] {
  const porCurso = new Map<number, HorasDeCurso>();
  for (const f of filas) {
    const c = porCurso.get(f.cursoId) ?? {
      cursoId: f.cursoId,
      nombre: f.nombre,
      horas: 0,
      cursados: 0,
      excedido: false,
    };
    c.horas += f.horas;
    c.cursados += 1;
    c.excedido = c.horas > BLOQUES_SEMANALES;
    porCurso.set(f.cursoId, c);
  }
  return [...porCurso.values()];
}

export const avisoHorasExcedidas = (c: Pick<HorasDeCurso, 'nombre' | 'horas'>) =>
  `${c.nombre}: ${c.horas} horas semanales, más que los ${BLOQUES_SEMANALES} bloques de la semana.`;

// ---------------------------------------------------------------------------
// Replicar ciclo anterior

export interface CursadoReplicable {
  id: number;
  nombre: string;
  modalidad: number;
  horas: number;
  detalles?: string | null;
  materias: readonly number[];
  cursos: readonly number[];
  docentes: readonly number[];
  /** El cursado del que se replicó (en el ciclo destino), o null. */
  origenId?: number | null;
}

export interface Replica {
  origen: CursadoReplicable;
  /** Los docentes que se copian: los que siguen habilitados como docentes. */
  docentes: number[];
  /** Los docentes que no se copian (ya no están habilitados como docentes). */
  docentesOmitidos: number[];
}

export interface Existente {
  origen: CursadoReplicable;
  /** El cursado del ciclo destino que ya lo representa. */
  destinoId: number;
}

export type MotivoConflicto = 'mismo-nombre' | 'sin-materias' | 'sin-cursos';

export interface Conflicto {
  origen: CursadoReplicable;
  motivo: MotivoConflicto;
  /** El cursado del ciclo destino con el mismo nombre y cursos, si lo hay. */
  destinoId: number | null;
}

export interface PlanDeReplicacion {
  crear: Replica[];
  existentes: Existente[];
  conflictos: Conflicto[];
}

export const MENSAJE_CONFLICTO: Readonly<Record<MotivoConflicto, string>> = {
  'mismo-nombre':
    'Ya hay un cursado con ese nombre para alguno de sus cursos, con otras materias o cursos: revíselo a mano.',
  'sin-materias': 'No tiene materias permitidas: no se puede inscribir a nadie.',
  'sin-cursos': 'No tiene cursos permitidos: no se puede inscribir a nadie.',
};

const mismos = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();
const seCruzan = (a: readonly number[], b: readonly number[]) => a.some((x) => b.includes(x));
const normalizar = (t: string) => t.trim().toLocaleLowerCase('es');

/**
 * El plan de "Replicar ciclo anterior": para cada cursado del ciclo de origen,
 *  - ya existe si un cursado del destino se replicó de él, o tiene el mismo nombre, las mismas
 *    materias y los mismos cursos (se creó a mano): no se toca;
 *  - está en conflicto si un cursado del destino tiene el mismo nombre y comparte algún curso
 *    pero difiere en materias o cursos, o si le faltan materias o cursos: no se crea;
 *  - si no, se crea con sus materias, cursos y los docentes que siguen habilitados.
 * Aplicarlo dos veces no crea nada nuevo: la segunda vez todo "ya existe".
 */
export function planDeReplicacion(
  origen: readonly CursadoReplicable[],
  destino: readonly CursadoReplicable[],
  docentesHabilitados: ReadonlySet<number>,
): PlanDeReplicacion {
  const plan: PlanDeReplicacion = { crear: [], existentes: [], conflictos: [] };
  const porOrigen = new Map(
    destino.filter((d) => d.origenId != null).map((d) => [d.origenId!, d.id]),
  );
  for (const o of [...origen].sort((a, b) => a.id - b.id)) {
    const replicado = porOrigen.get(o.id);
    if (replicado != null) {
      plan.existentes.push({ origen: o, destinoId: replicado });
      continue;
    }
    const homonimos = destino.filter(
      (d) => normalizar(d.nombre) === normalizar(o.nombre) && seCruzan(d.cursos, o.cursos),
    );
    const igual = homonimos.find(
      (d) => mismos(d.materias, o.materias) && mismos(d.cursos, o.cursos),
    );
    if (igual) {
      plan.existentes.push({ origen: o, destinoId: igual.id });
      continue;
    }
    if (homonimos.length) {
      plan.conflictos.push({ origen: o, motivo: 'mismo-nombre', destinoId: homonimos[0]!.id });
      continue;
    }
    if (!o.materias.length) {
      plan.conflictos.push({ origen: o, motivo: 'sin-materias', destinoId: null });
      continue;
    }
    if (!o.cursos.length) {
      plan.conflictos.push({ origen: o, motivo: 'sin-cursos', destinoId: null });
      continue;
    }
    plan.crear.push({
      origen: o,
      docentes: o.docentes.filter((d) => docentesHabilitados.has(d)),
      docentesOmitidos: o.docentes.filter((d) => !docentesHabilitados.has(d)),
    });
  }
  return plan;
}

// ---------------------------------------------------------------------------
// Materias en CSV (lo que la escuela manda al ministerio, y lo que vuelve a cargar)

export const ENCABEZADO_MATERIAS_CSV = [
  'Plan (año)',
  'Plan (código)',
  'Código',
  'Nombre',
  'Año',
  'Departamento',
] as const;

export const MAXIMO_FILAS_CSV = 2000;
export const MAXIMO_NOMBRE_MATERIA = 100;

export interface FilaMateriaCsv {
  /** Número de línea en el archivo (el encabezado es la 1). */
  linea: number;
  planAnio: number | null;
  planCodigo: string;
  codigo: string;
  nombre: string;
  anio: number | null;
  departamento: string;
  errores: string[];
}

const clave = (t: string) =>
  t
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

function entero(t: string): number | null {
  return /^\d{1,4}$/.test(t.trim()) ? Number(t.trim()) : null;
}

/**
 * Las filas de un CSV de materias, cada una con sus errores de forma (los que no necesitan la
 * base: código, nombre, año del plan y de cursado, departamento presente, repetidas en el
 * archivo). El servidor agrega los que sí (plan y departamento inexistentes, ya cargada).
 */
export function leerMateriasCsv(filas: readonly (readonly string[])[]): {
  filas: FilaMateriaCsv[];
  error: string | null;
} {
  const [encabezado, ...datos] = filas;
  const esperado = ENCABEZADO_MATERIAS_CSV.map(clave);
  // El archivo exportado trae además la columna "Cursados" (informativa): se acepta y se ignora.
  const columnas = encabezado && clave(encabezado[esperado.length] ?? '') === 'cursados' ? 7 : 6;
  if (!encabezado || esperado.some((c, i) => clave(encabezado[i] ?? '') !== c))
    return {
      filas: [],
      error: `La primera fila debe ser el encabezado: ${ENCABEZADO_MATERIAS_CSV.join(';')}.`,
    };
  if (!datos.length) return { filas: [], error: 'El archivo no tiene materias.' };
  if (datos.length > MAXIMO_FILAS_CSV)
    return { filas: [], error: `Como máximo ${MAXIMO_FILAS_CSV} materias por archivo.` };
  const vistas = new Map<string, number>();
  const resultado = datos.map((f, i): FilaMateriaCsv => {
    const [planAnio = '', planCodigo = '', codigo = '', nombre = '', anio = '', departamento = ''] =
      f.map((c) => c.trim());
    const fila: FilaMateriaCsv = {
      linea: i + 2,
      planAnio: entero(planAnio),
      planCodigo,
      codigo,
      nombre,
      anio: entero(anio),
      departamento,
      errores: [],
    };
    if (f.length > columnas)
      fila.errores.push(`Tiene ${f.length} columnas; se esperan ${columnas}.`);
    if (fila.planAnio == null || !planCodigo)
      fila.errores.push('Plan: faltan el año o el código del plan.');
    const problema = problemaCodigoMateria(codigo);
    if (problema) fila.errores.push(problema);
    if (!nombre) fila.errores.push('Nombre: no puede estar vacío.');
    else if (nombre.length > MAXIMO_NOMBRE_MATERIA)
      fila.errores.push(`Nombre: como máximo ${MAXIMO_NOMBRE_MATERIA} caracteres.`);
    if (fila.anio == null || fila.anio < 1 || fila.anio > 6)
      fila.errores.push('Año: debe ser un número de 1 a 6.');
    if (!departamento) fila.errores.push('Departamento: no puede estar vacío.');
    const k = `${fila.planAnio};${clave(planCodigo)};${clave(codigo)}`;
    const antes = vistas.get(k);
    if (antes != null && !problema)
      fila.errores.push(`Repite el código ${codigo} del plan (línea ${antes}).`);
    else vistas.set(k, fila.linea);
    return fila;
  });
  return { filas: resultado, error: null };
}
