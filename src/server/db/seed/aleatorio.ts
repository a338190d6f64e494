/**
 * El azar de la escuela de demostración: un generador con semilla (mulberry32) y las
 * elecciones que hacen con él todos los archivos de la semilla (y los escenarios del
 * benchmark). Misma semilla y mismas llamadas en el mismo orden → los mismos datos.
 */

/** Una semilla por área: cambiar una no mueve los datos de las otras. */
export const SEMILLAS = {
  /** Personas, cursos y cursados (`escuela.ts`, `personas.ts`). */
  escuela: 20_240_301,
  vidaEscolar: 20_260_301,
  /** Notas del ciclo y del año anterior (`notas.ts`, `historia.ts`). */
  notas: 20_260_615,
  inscripcion: 20_260_215,
  /** Códigos de vinculación de los alumnos (`codigos.ts`). */
  codigos: 20_261_128,
} as const;

/** mulberry32: números en [0, 1) determinados por la semilla. */
function mulberry32(semilla: number): () => number {
  let a = semilla >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export class Azar {
  /** Un número en [0, 1). */
  readonly real: () => number;

  constructor(semilla: number) {
    this.real = mulberry32(semilla);
  }

  /** Entero en [min, max]. */
  entero(min: number, max: number): number {
    return min + Math.floor(this.real() * (max - min + 1));
  }

  si(probabilidad: number): boolean {
    return this.real() < probabilidad;
  }

  elegir<T>(lista: readonly T[]): T {
    if (lista.length === 0) throw new Error('Lista vacía');
    return lista[Math.floor(this.real() * lista.length)]!;
  }

  /** Elige según pesos relativos. */
  ponderado<T>(opciones: readonly (readonly [T, number])[]): T {
    const total = opciones.reduce((t, [, p]) => t + p, 0);
    let r = this.real() * total;
    for (const [v, p] of opciones) {
      r -= p;
      if (r < 0) return v;
    }
    return opciones[opciones.length - 1]![0];
  }

  /** Una copia mezclada (Fisher-Yates). */
  mezclar<T>(lista: readonly T[]): T[] {
    const l = [...lista];
    for (let i = l.length - 1; i > 0; i--) {
      const j = Math.floor(this.real() * (i + 1));
      [l[i], l[j]] = [l[j]!, l[i]!];
    }
    return l;
  }

  /** `n` dígitos decimales. */
  digitos(n: number): string {
    let t = '';
    for (let i = 0; i < n; i++) t += String(Math.floor(this.real() * 10));
    return t;
  }
}
