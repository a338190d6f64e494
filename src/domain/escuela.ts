/**
 * Constantes y reglas de la escuela (spec 01 §9): zona horaria, "hoy", turnos,
 * ciclos lectivos, nombres de años y divisiones, números en palabras, teléfonos.
 * Todo es puro: el instante y la zona horaria se reciben como parámetros (`server/reloj.ts`).
 */
export const ZONA_HORARIA_POR_DEFECTO = 'America/Argentina/Cordoba';
export const PRIMER_CICLO_LECTIVO = 2021;

interface PartesFecha {
  anio: number;
  mes: number;
  dia: number;
  hora: number;
  minuto: number;
}

const formatosPorZona = new Map<string, Intl.DateTimeFormat>();
/** El último minuto calculado por zona: cada pedido pregunta por "ahora" varias veces. */
const ultimoPorZona = new Map<string, { minuto: number; partes: PartesFecha }>();

/**
 * Año, mes, día, hora y minuto de un instante en la zona horaria de la escuela. El resultado sólo
 * cambia de un minuto al otro (las zonas de hoy se corren en minutos enteros), así que se guarda
 * el del último minuto de cada zona (`formatToParts`, llamado varias veces por pedido, se veía en
 * el perfil de CPU del servidor).
 */
export function partesEnZona(instante: Date, zona: string): PartesFecha {
  const minuto = Math.floor(instante.getTime() / 60_000);
  const ultimo = ultimoPorZona.get(zona);
  if (ultimo && ultimo.minuto === minuto) return { ...ultimo.partes };
  let formato = formatosPorZona.get(zona);
  if (!formato) {
    formato = new Intl.DateTimeFormat('en-US', {
      timeZone: zona,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    formatosPorZona.set(zona, formato);
  }
  const partes = formato.formatToParts(instante);
  const v = (t: string) => Number(partes.find((p) => p.type === t)?.value);
  const resultado = {
    anio: v('year'),
    mes: v('month'),
    dia: v('day'),
    hora: v('hour'),
    minuto: v('minute'),
  };
  if (Number.isFinite(minuto)) ultimoPorZona.set(zona, { minuto, partes: resultado });
  return { ...resultado };
}

/** El día escolar de un instante, como 'YYYY-MM-DD' en la zona de la escuela. */
export function hoyEscolar(instante: Date, zona: string): string {
  const { anio, mes, dia } = partesEnZona(instante, zona);
  return `${anio}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`;
}

/**
 * El instante del día `fecha` ('YYYY-MM-DD') a la misma hora de reloj (en la zona) que
 * `instante`: fija el día de la escuela sin detener la hora (SCHOOL_FIXED_DATE, sólo pruebas),
 * así el turno y la hora de la grilla siguen la hora real. Se corre por días enteros y, si la
 * zona cambia de horario entre los dos días, se corrige por la diferencia de la hora de reloj
 * (los segundos no cambian: los corrimientos de zona son de minutos enteros).
 */
export function mismaHoraEnFecha(instante: Date, fecha: string, zona: string): Date {
  if (!esFechaValida(fecha)) throw new Error(`Fecha inválida: ${fecha}`);
  const [anio, mes, dia] = fecha.split('-').map(Number) as [number, number, number];
  const real = partesEnZona(instante, zona);
  const reloj = (p: PartesFecha) => Date.UTC(p.anio, p.mes - 1, p.dia, p.hora, p.minuto);
  // La hora de reloj buscada y la que da correr el instante los días de diferencia.
  const buscada = Date.UTC(anio, mes - 1, dia, real.hora, real.minuto);
  const corrido = instante.getTime() + (buscada - reloj(real));
  return new Date(corrido + (buscada - reloj(partesEnZona(new Date(corrido), zona))));
}

/** El ciclo lectivo en curso: el año calendario en la zona de la escuela. */
export function cicloLectivoActual(instante: Date, zona: string): number {
  return partesEnZona(instante, zona).anio;
}

/** Los ciclos lectivos del selector de año: de 2021 al actual. */
export function ciclosLectivos(instante: Date, zona: string): number[] {
  return ciclosHasta(cicloLectivoActual(instante, zona));
}

/** El año (y ciclo lectivo) de una fecha 'AAAA-MM-DD': el ciclo es el año calendario. */
export function anioDe(fecha: string): number {
  return Number(fecha.slice(0, 4));
}

/** Los ciclos lectivos de 2021 al dado. */
export function ciclosHasta(actual: number): number[] {
  const anios: number[] = [];
  for (let a = PRIMER_CICLO_LECTIVO; a <= actual; a++) anios.push(a);
  return anios;
}

export function cicloLectivoValido(anio: number, instante: Date, zona: string) {
  return (
    Number.isInteger(anio) &&
    anio >= PRIMER_CICLO_LECTIVO &&
    anio <= cicloLectivoActual(instante, zona)
  );
}

export type Turno = 'Mañana' | 'Tarde';
export const TURNO_POR_DEFECTO: Turno = 'Mañana';
/** Los turnos, en orden (los selectores de turno). */
export const TURNOS = ['Mañana', 'Tarde'] as const satisfies readonly Turno[];
/** Hasta las 11:50 (inclusive) es turno mañana; después, tarde. */
export const FIN_TURNO_MANIANA = { hora: 11, minuto: 50 } as const;

export function turnoDe(instante: Date, zona: string): Turno {
  const { hora, minuto } = partesEnZona(instante, zona);
  const minutos = hora * 60 + minuto;
  return minutos <= FIN_TURNO_MANIANA.hora * 60 + FIN_TURNO_MANIANA.minuto ? 'Mañana' : 'Tarde';
}

export const NOMBRES_ANIO = ['Primero', 'Segundo', 'Tercero', 'Cuarto', 'Quinto', 'Sexto'] as const;
export const NOMBRES_DIVISION = [
  'Primera',
  'Segunda',
  'Tercera',
  'Cuarta',
  'Quinta',
  'Sexta',
  'Séptima',
] as const;
export const ESPECIALIDAD_BASICO = 'Básico';
/** Último año del ciclo básico: hasta 3° el curso se nombra por división. */
export const ULTIMO_ANIO_BASICO = 3;

export function nombreAnio(anio: number): string {
  const n = NOMBRES_ANIO[anio - 1];
  if (!n) throw new Error(`Año inválido: ${anio}`);
  return n;
}

export function nombreDivision(division: number): string {
  const n = NOMBRES_DIVISION[division - 1];
  if (!n) throw new Error(`División inválida: ${division}`);
  return n;
}

export function esCicloBasico(anio: number): boolean {
  return anio >= 1 && anio <= ULTIMO_ANIO_BASICO;
}

/** La especialidad de un curso: 'Básico' hasta 3°, la orientación técnica después. */
export function especialidadDe(anio: number, especialidad: string | null | undefined): string {
  return esCicloBasico(anio) ? ESPECIALIDAD_BASICO : (especialidad ?? '');
}

export interface CursoNombrable {
  anio: number;
  division: number;
  especialidad: string | null;
}

/** Nombre corto de un curso: '2° 3°' en el ciclo básico, '4° Electrónica' en el superior. */
export function nombreCurso(c: CursoNombrable): string {
  if (esCicloBasico(c.anio)) return `${c.anio}° ${c.division}°`;
  return `${c.anio}° ${c.especialidad ?? `${c.division}°`}`;
}

/** Nombre largo: 'Segundo año, Tercera división' / 'Cuarto año, Electrónica'. */
/** Ordinales apocopados delante de "año": Primer año, Tercer año. */
const ORDINAL_ANIO = ['Primer', 'Segundo', 'Tercer', 'Cuarto', 'Quinto', 'Sexto'] as const;

export function nombreCursoLargo(c: CursoNombrable): string {
  nombreAnio(c.anio);
  const anio = `${ORDINAL_ANIO[c.anio - 1]} año`;
  if (esCicloBasico(c.anio)) return `${anio}, ${nombreDivision(c.division)} división`;
  return `${anio}, ${c.especialidad ?? nombreDivision(c.division)}`;
}

export const NUMEROS_EN_PALABRAS = [
  'uno',
  'dos',
  'tres',
  'cuatro',
  'cinco',
  'seis',
  'siete',
  'ocho',
  'nueve',
  'diez',
] as const;

/** Números del 1 al 10 en palabras (para notas y certificados). */
export function numeroEnPalabras(n: number): string {
  const p = Number.isInteger(n) ? NUMEROS_EN_PALABRAS[n - 1] : undefined;
  if (!p) throw new Error(`Sólo se escriben en palabras los números del 1 al 10: ${n}`);
  return p;
}

export interface TelefonoPartido {
  codigoArea: string;
  numero: string;
}

/**
 * Separa un teléfono en código de área y número (spec 01 §5):
 * con un espacio, lo anterior es el código de área; si empieza con 341 (Rosario),
 * los tres primeros dígitos lo son; si no, no hay código de área.
 */
export function partirTelefono(telefono: string | null | undefined): TelefonoPartido {
  const t = (telefono ?? '').trim();
  const espacio = t.indexOf(' ');
  if (espacio > 0) return { codigoArea: t.slice(0, espacio), numero: t.slice(espacio + 1).trim() };
  if (t.startsWith('341')) return { codigoArea: '341', numero: t.slice(3) };
  return { codigoArea: '', numero: t };
}

/** Une código de área y número como se guarda: "area numero". */
export function unirTelefono(codigoArea: string, numero: string): string {
  return [codigoArea.trim(), numero.trim()].filter(Boolean).join(' ');
}

/** Dominios de correo de consumo de Google (cuentas aceptadas para registrarse). */
export const DOMINIOS_GOOGLE = ['gmail.com', 'googlemail.com'] as const;

export function esCorreoGoogle(email: string | null | undefined): boolean {
  // Exactamente una '@' con parte local no vacía: 'x@gmail.com@otro.com' o '@gmail.com' no son cuentas de Google.
  const partes = (email ?? '').trim().toLowerCase().split('@');
  if (partes.length !== 2) return false;
  const [local, dominio] = partes;
  return !!local && !!dominio && (DOMINIOS_GOOGLE as readonly string[]).includes(dominio);
}

export function normalizarEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** 'Apellido, Nombre' para listas. */
export function nombreCompleto(p: { apellido: string; nombre: string }): string {
  return `${p.apellido}, ${p.nombre}`;
}

const RE_FECHA = /^(\d{4})-(\d{2})-(\d{2})$/;

/** ¿Es 'YYYY-MM-DD' y una fecha real del calendario? */
export function esFechaValida(fecha: unknown): fecha is string {
  if (typeof fecha !== 'string') return false;
  const m = RE_FECHA.exec(fecha);
  if (!m) return false;
  const [anio, mes, dia] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(anio, mes - 1, dia));
  return d.getUTCFullYear() === anio && d.getUTCMonth() === mes - 1 && d.getUTCDate() === dia;
}

/** Suma (o resta, con `dias` negativo) días a una fecha 'YYYY-MM-DD'. Lanza si la fecha no es válida. */
export function sumarDias(fecha: string, dias: number): string {
  if (!esFechaValida(fecha)) throw new Error(`Fecha inválida: ${fecha}`);
  if (!Number.isInteger(dias)) throw new Error(`Cantidad de días inválida: ${dias}`);
  const [anio, mes, dia] = fecha.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(anio, mes - 1, dia + dias)).toISOString().slice(0, 10);
}
