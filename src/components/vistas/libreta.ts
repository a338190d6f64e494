/**
 * La libreta (spec 01 §2 Grade booklet, §5 Display, §9): qué muestra cada celda y de qué color,
 * las columnas de un año y el título de la impresión. Puro: lo usan /libretas, /libretas-externo
 * y el legajo (con `notas.libreta` o `notas.mias`), y las pruebas unitarias. Las reglas vienen
 * de `@/domain/notas`; aquí sólo se eligen y se ordenan.
 */
import type { inferRouterOutputs } from '@trpc/server';
import {
  CUATRIMESTRES,
  ETIQUETA_MODALIDAD,
  Modalidad,
  aplicaCuatrimestre,
  colorNota,
  esModalidad,
  mostrarNota,
  mostrarNotaCuatrimestre,
  mostrarResultadoExamen,
  nombreCortoInstancia,
  type ColorNota,
  type Cuatrimestre,
} from '@/domain/notas';
import type { AppRouter } from '@/server/api/root';

/** Lo que devuelven `notas.libreta` (personal) y `notas.mias` (alumno, referente). */
export type DatosLibreta = inferRouterOutputs<AppRouter>['notas']['libreta'];
export type AnioLibreta = DatosLibreta['anios'][number];
export type MateriaLibreta = AnioLibreta['materias'][number];

/** Contexto de color de la libreta: el del legajo (menos de 6, amarillo). */
const CONTEXTO = 'legajo' as const;

/** Una celda de la tabla: el texto y el color (ninguno: aprobada, vacía, '-' o 'AC'). */
export interface CeldaLibreta {
  texto: string;
  color: ColorNota | null;
}

/** Una columna de notas de la tabla (después de 'Materia'). */
export interface ColumnaLibreta {
  clave: string;
  /** Lo que se ve en el encabezado: 'C1', 'C2', 'Nota Final', 'Diciembre', … */
  titulo: string;
  /** El nombre completo (title y nombre accesible): 'Cuatrimestre 1°', 'Complementaria …'. */
  descripcion: string;
}

export const COLUMNA_CUATRIMESTRE: Readonly<Record<Cuatrimestre, ColumnaLibreta>> = {
  1: { clave: 'c1', titulo: 'C1', descripcion: 'Cuatrimestre 1°' },
  2: { clave: 'c2', titulo: 'C2', descripcion: 'Cuatrimestre 2°' },
};
export const COLUMNA_FINAL: ColumnaLibreta = {
  clave: 'final',
  titulo: 'Nota Final',
  descripcion: 'Nota Final',
};

/** C1, C2, Nota Final y una columna por instancia de mesa del año (con su nombre corto). */
export function columnasLibreta(instancias: readonly string[]): ColumnaLibreta[] {
  return [
    COLUMNA_CUATRIMESTRE[1],
    COLUMNA_CUATRIMESTRE[2],
    COLUMNA_FINAL,
    ...instancias.map((i) => ({
      clave: `mesa:${i}`,
      titulo: nombreCortoInstancia(i),
      descripcion: i,
    })),
  ];
}

/**
 * La nota de un cuatrimestre: '-' si la modalidad no lo usa o es -1, 'A' si estuvo ausente,
 * vacía sin nota (o todavía sin publicar, para alumnos y referentes). El '-' no lleva color.
 */
export function celdaCuatrimestre(m: MateriaLibreta, cuatrimestre: Cuatrimestre): CeldaLibreta {
  const valor = m.notas[cuatrimestre];
  const texto = mostrarNotaCuatrimestre(m.modalidad, cuatrimestre, valor);
  const aplica = aplicaCuatrimestre(m.modalidad, cuatrimestre);
  return { texto, color: aplica ? colorNota(valor, CONTEXTO) : null };
}

/** La nota final que calculó el servidor con la regla de la modalidad (spec 01 §5). */
export function celdaFinal(m: MateriaLibreta): CeldaLibreta {
  return { texto: mostrarNota(m.final), color: colorNota(m.final, CONTEXTO) };
}

/** El acta de una mesa: 'A' (gris), 'AC' (sin color) o la nota con su color; vacía sin acta. */
export function celdaExamen(m: MateriaLibreta, instancia: string): CeldaLibreta {
  const acta = m.examenes[instancia];
  const texto = mostrarResultadoExamen(acta);
  return {
    texto,
    color: colorNota(acta?.tipoNota === 'normal' ? acta.nota : texto, CONTEXTO),
  };
}

export interface FilaLibreta {
  cursado: number;
  materia: string;
  /** 'Anual' no se muestra; las otras modalidades sí ('1° Cuatrimestre', …). */
  modalidad: string | null;
  /** Una celda por columna de `columnasLibreta(instancias)`. */
  celdas: CeldaLibreta[];
}

export function filaLibreta(m: MateriaLibreta, instancias: readonly string[]): FilaLibreta {
  return {
    cursado: m.cursado,
    materia: m.materia,
    modalidad:
      esModalidad(m.modalidad) && m.modalidad !== Modalidad.Anual
        ? ETIQUETA_MODALIDAD[m.modalidad]
        : null,
    celdas: [
      ...CUATRIMESTRES.map((c) => celdaCuatrimestre(m, c)),
      celdaFinal(m),
      ...instancias.map((i) => celdaExamen(m, i)),
    ],
  };
}

/** Los años de la libreta, del más viejo al más nuevo (para el selector). */
export function aniosOrdenados<T extends { ciclo: number }>(anios: readonly T[]): T[] {
  return [...anios].sort((a, b) => a.ciclo - b.ciclo);
}

/**
 * El año que se muestra: el pedido si está; si no, el último con materias (un alumno ya
 * promovido tiene el curso del año que viene sin materias todavía); si ninguno tiene, el último.
 * `null` sin años.
 */
export function anioElegido<T extends { ciclo: number; materias?: readonly unknown[] }>(
  anios: readonly T[],
  pedido: number | null | undefined,
): T | null {
  const ordenados = aniosOrdenados(anios);
  return (
    ordenados.find((a) => a.ciclo === pedido) ??
    ordenados.findLast((a) => (a.materias?.length ?? 0) > 0) ??
    ordenados.at(-1) ??
    null
  );
}

/** El título del documento mientras se imprime (spec 01 §2). */
export function tituloImpresion(
  alumno: { apellido: string; nombre: string },
  ciclo: number,
): string {
  return `Planilla de calificaciones - ${alumno.apellido}, ${alumno.nombre} - ${ciclo}`;
}
