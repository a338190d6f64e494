/**
 * Evaluaciones (spec 01 §2 Evaluations, §3 Evaluation slot, §4 slot meta, §5, §9; issue 14 §8–§9):
 * cada clase futura de un cursado es un lugar para reservar una evaluación. Su estado:
 *  - pic / restringida: la fecha es de PIC o está restringida en el calendario (no se muestran);
 *  - reservada: la reservó este cursado (su docente la puede cancelar);
 *  - ocupada: ese día otro cursado del mismo curso ya tiene una (se muestra cuál);
 *  - espera: falta menos que la anticipación mínima;
 *  - exceso: la semana ya tiene el máximo de evaluaciones para alguno de sus cursos;
 *  - disponible: se puede reservar.
 * La cuenta regresiva de las vistas: hoy verde "Éxitos ;)", 1 día rojo "Falta 1 día", de 2 a 7
 * amarillo, más sin color ("Faltan n días"); en el resumen del personal "Hoy".
 */
export type EstadoLugar =
  'disponible' | 'reservada' | 'ocupada' | 'exceso' | 'espera' | 'restringida' | 'pic';

/** Configuración de la escuela (configuracion['evaluaciones']), con estos valores por defecto. */
export interface ReglasEvaluaciones {
  /** Evaluaciones por curso y por semana (lunes a domingo). */
  maximoPorSemana: number;
  /** Días de anticipación mínima para reservar. */
  anticipacionDias: number;
}
export const REGLAS_POR_DEFECTO: ReglasEvaluaciones = { maximoPorSemana: 3, anticipacionDias: 2 };
/**
 * Las reglas guardadas en la configuración (un JSON cualquiera): cada valor que no es un entero
 * de 0 a 30 toma el de por defecto.
 */
export function reglasDeConfiguracion(valor: unknown): ReglasEvaluaciones {
  const v = (valor && typeof valor === 'object' ? valor : {}) as Record<string, unknown>;
  const entero = (x: unknown, d: number) =>
    typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= 30 ? x : d;
  return {
    maximoPorSemana: entero(v.maximoPorSemana, REGLAS_POR_DEFECTO.maximoPorSemana),
    anticipacionDias: entero(v.anticipacionDias, REGLAS_POR_DEFECTO.anticipacionDias),
  };
}

/** La ventana de las vistas de alumnos y referentes (spec 01 §9). */
export const VENTANA_DIAS = 30;

export const NO_HAY_EVALUACION_PARA_BORRAR = 'No hay evaluación para borrar';
export const NO_HAY_EVALUACIONES_RESERVADAS = 'No hay evaluaciones reservadas';

const DIA_MS = 86_400_000;
const utc = (fecha: string) => {
  const [a, m, d] = fecha.split('-').map(Number) as [number, number, number];
  return Date.UTC(a, m - 1, d);
};

/** Días de `desde` a `hasta` (fechas 'AAAA-MM-DD'). */
export const diasEntre = (desde: string, hasta: string) =>
  Math.round((utc(hasta) - utc(desde)) / DIA_MS);

/** El lunes de la semana de una fecha ('AAAA-MM-DD'). */
export function lunesDe(fecha: string): string {
  const t = utc(fecha);
  const dia = new Date(t).getUTCDay();
  return new Date(t - ((dia + 6) % 7) * DIA_MS).toISOString().slice(0, 10);
}

export interface EvaluacionDelCurso {
  cursadoId: number;
  cursado: string;
  fecha: string;
  cursos: readonly number[];
}

/**
 * El estado de la clase futura `fecha` del cursado (sus cursos), con las evaluaciones ya
 * reservadas en los cursos, las fechas restringidas y de PIC, y las reglas.
 */
export function estadoDeLugar(
  p: {
    cursadoId: number;
    cursos: readonly number[];
    fecha: string;
    hoy: string;
    restringidas: ReadonlySet<string>;
    pic: ReadonlySet<string>;
    reglas: ReglasEvaluaciones;
  },
  reservadas: readonly EvaluacionDelCurso[],
): { estado: EstadoLugar; quien: string | null } {
  if (p.pic.has(p.fecha)) return { estado: 'pic', quien: null };
  if (p.restringidas.has(p.fecha)) return { estado: 'restringida', quien: null };
  if (reservadas.some((r) => r.cursadoId === p.cursadoId && r.fecha === p.fecha))
    return { estado: 'reservada', quien: null };
  const comparte = (r: EvaluacionDelCurso) => r.cursos.some((c) => p.cursos.includes(c));
  const mismoDia = reservadas.find((r) => r.fecha === p.fecha && comparte(r));
  if (mismoDia) return { estado: 'ocupada', quien: mismoDia.cursado };
  if (diasEntre(p.hoy, p.fecha) < p.reglas.anticipacionDias)
    return { estado: 'espera', quien: null };
  const semana = lunesDe(p.fecha);
  const enLaSemana = p.cursos.some(
    (curso) =>
      reservadas.filter((r) => lunesDe(r.fecha) === semana && r.cursos.includes(curso)).length >=
      p.reglas.maximoPorSemana,
  );
  if (enLaSemana) return { estado: 'exceso', quien: null };
  return { estado: 'disponible', quien: null };
}

/** Los estados que la pantalla no muestra (spec 01 §4). */
export const ESTADOS_OCULTOS: readonly EstadoLugar[] = ['restringida', 'pic'];

export type ColorCuenta = 'green' | 'red' | 'yellow' | null;

/** La cuenta regresiva de una evaluación para alumnos y referentes (spec 01 §9). */
export function cuentaRegresiva(fecha: string, hoy: string): { texto: string; color: ColorCuenta } {
  const n = diasEntre(hoy, fecha);
  if (n <= 0) return { texto: 'Éxitos ;)', color: 'green' };
  if (n === 1) return { texto: 'Falta 1 día', color: 'red' };
  return { texto: `Faltan ${n} días`, color: n <= 7 ? 'yellow' : null };
}

/** La cuenta del resumen del personal (/evaluaciones-readonly): 'Hoy', 'Falta 1 día', 'Faltan N días'. */
export function cuentaResumen(fecha: string, hoy: string): string {
  const n = diasEntre(hoy, fecha);
  if (n <= 0) return 'Hoy';
  return n === 1 ? 'Falta 1 día' : `Faltan ${n} días`;
}
