/**
 * Esquemas zod compartidos por procedimientos, REST y formularios (mensajes en castellano).
 *
 * Los átomos de este archivo son la única puerta de la entrada (DESIGN §9): todo texto pasa por
 * `texto` (recortado, con largo máximo, sin NUL y Unicode bien formado), todo número por
 * `aNumero` (sólo números o texto numérico: nunca `true`, `[5]` ni `null` como 1, 5 o 0; nunca
 * Infinity) y toda lista lleva su máximo. Los mensajes de zod que no tienen uno propio salen en
 * castellano (`z.config(es())`, abajo).
 */
import { z } from 'zod';
import { es } from 'zod/locales';
import { partirTelefono, PRIMER_CICLO_LECTIVO, unirTelefono } from '@/domain/escuela';
import { cicloValido, momentoEscolar } from '@/server/reloj';

// Los mensajes por defecto de zod (los que ningún átomo reemplaza), en castellano, una sola vez
// para todo el proceso (servidor y formularios del navegador importan este archivo). Es
// `z.config(z.locales.es())`, importando sólo el castellano: el paquete no tiene efectos
// secundarios y los demás idiomas no llegan al JavaScript de las pantallas.
z.config(es());

/** Un sustituto UTF-16 sin su pareja: no es texto Unicode (PostgreSQL lo rechaza en JSON). */
const SUSTITUTO_SUELTO = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** ¿Es texto que se puede guardar? Sin NUL (PostgreSQL no lo admite) y Unicode bien formado. */
export const esTextoValido = (t: string) => !t.includes('\u0000') && !SUSTITUTO_SUELTO.test(t);

export interface OpcionesTexto {
  /** El nombre del campo en los mensajes: 'Apellido: como máximo 100 caracteres.' */
  campo: string;
  /** Largo máximo, ya recortado. */
  max: number;
  /** Largo mínimo, ya recortado (1: obligatorio, 'Apellido: no puede estar vacío.'). */
  min?: number;
  /** El mensaje si falta o no es texto (por defecto, según el caso, vacío o "debe ser un texto"). */
  error?: string;
}

/**
 * El átomo de texto: todo campo de texto de la entrada pasa por acá. Rechaza lo que no es texto,
 * el byte NUL y los sustitutos sueltos ('contiene caracteres no válidos'), recorta los espacios
 * de los extremos y exige el largo. Un texto enorme o inválido da un solo mensaje (`abort`).
 */
export function texto({ campo, max, min = 0, error }: OpcionesTexto) {
  const vacio = `${campo}: no puede estar vacío.`;
  const esquema = z
    .string({
      error: (iss) =>
        error ?? (iss.input === undefined && min > 0 ? vacio : `${campo}: debe ser un texto.`),
    })
    .trim()
    .max(max, { error: `${campo}: como máximo ${max} caracteres.`, abort: true })
    .refine(esTextoValido, { error: `${campo}: contiene caracteres no válidos.`, abort: true });
  return min > 0
    ? esquema.min(min, { error: min === 1 ? vacio : `${campo}: como mínimo ${min} caracteres.` })
    : esquema;
}

/** Un texto obligatorio (no vacío después de recortar). */
export const textoRequerido = (campo: string, max = 100) => texto({ campo, max, min: 1 });

/** Texto numérico ('12', ' 1.5 ', '1e3') → número; lo demás queda igual y lo juzga `z.number`. */
const NUMERO_DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;
export const aNumero = (v: unknown) => {
  if (typeof v !== 'string') return v;
  const t = v.trim();
  return NUMERO_DECIMAL.test(t) ? Number(t) : v;
};

/**
 * Un entero en un rango, con mensajes en castellano para cada caso. Un número de la entrada es
 * un número o texto numérico (de la ruta, la consulta o un formulario) y finito: `true`, `[5]`,
 * `null`, '' o 'Infinity' no lo son. Los esquemas con mensajes propios usan el mismo patrón:
 * `z.preprocess(aNumero, z.number({ error }).int(…))`.
 */
export const entero = ({ campo, min, max }: { campo: string; min: number; max: number }) =>
  z.preprocess(
    aNumero,
    z
      .number({ error: `${campo}: debe ser un número.` })
      .int({ error: `${campo}: debe ser un número entero.` })
      .min(min, { error: `${campo}: como mínimo ${min}.` })
      .max(max, { error: `${campo}: como máximo ${max}.` }),
  );

export const id = z.preprocess(
  aNumero,
  z
    .number({ error: 'El identificador debe ser un número.' })
    .int({ error: 'El identificador debe ser un número entero.' })
    .positive({ error: 'El identificador debe ser positivo.' })
    .max(2_147_483_647, { error: 'El identificador es demasiado grande.' }),
);

/** Email: RFC 5321 admite 254 caracteres; se guarda en minúsculas. */
export const MAXIMO_EMAIL = 254;
export const email = texto({ campo: 'Email', max: MAXIMO_EMAIL, error: 'El email es obligatorio.' })
  .toLowerCase()
  .pipe(z.email({ error: 'El email no es válido.' }));

/** '' o sólo espacios → null (los formularios mandan los campos vacíos como texto). */
export const vacioANull = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') ? null : v;

/** Email optativo: vacío es null; si viene, debe ser válido (se guarda en minúsculas). */
export const emailOpcional = z.preprocess(vacioANull, email.nullable());

/** DNI: un número de 7 u 8 dígitos; se aceptan puntos y espacios de formato ('45.123.456'). */
export const dni = z.preprocess(
  (v) => aNumero(typeof v === 'string' ? v.replace(/[.\s]/g, '') : v),
  z
    .number({ error: 'El DNI debe ser un número.' })
    .int({ error: 'El DNI debe ser un número entero.' })
    .min(1_000_000, { error: 'El DNI debe tener 7 u 8 dígitos.' })
    .max(99_999_999, { error: 'El DNI debe tener 7 u 8 dígitos.' }),
);

/**
 * Teléfono optativo, guardado "área número" (spec 02 §3): se parte con `partirTelefono`
 * (spec 01 §5) y se exige código de área de 2 a 4 dígitos y número de 6 a 8 (spec 02 §5).
 */
export const telefonoOpcional = z.preprocess(
  vacioANull,
  texto({ campo: 'Teléfono', max: 30, error: 'El teléfono debe ser texto.' })
    .transform((t, ctx) => {
      const { codigoArea, numero } = partirTelefono(t);
      const limpio = numero.replace(/[\s-]/g, '');
      if (!/^\d{2,4}$/.test(codigoArea)) {
        ctx.addIssue({ code: 'custom', message: 'Código de área: entre 2 y 4 dígitos.' });
        return z.NEVER;
      }
      if (!/^\d{6,8}$/.test(limpio)) {
        ctx.addIssue({ code: 'custom', message: 'Teléfono: entre 6 y 8 dígitos.' });
        return z.NEVER;
      }
      return unirTelefono(codigoArea, limpio);
    })
    .nullable(),
);

/** Booleano de formulario o de ruta: true/false, 1/0. */
export const booleano = (campo: string) =>
  z
    .union([z.boolean(), z.literal(1), z.literal(0), z.enum(['true', 'false', '1', '0'])], {
      error: `${campo}: debe ser 1/0 o true/false.`,
    })
    .transform((v) => v === true || v === 1 || v === 'true' || v === '1');

/*
 * Los años válidos dependen del año en curso: la validación de entrada es el único lugar
 * fuera de `server/reloj.ts` que lo consulta (los servicios usan ctx.hoy y ctx.ciclo).
 */

/** El último ciclo que se puede planificar: el siguiente al actual. */
export const ultimoCicloPlanificable = () => momentoEscolar().ciclo + 1;

/** ¿Es un ciclo del selector de año (de 2021 al actual)? */
export const cicloDelSelector = (anio: number) => cicloValido(anio);

/** ¿Es un ciclo planificable (de 2021 al siguiente al actual)? */
export const cicloPlanificable = (anio: number) =>
  Number.isInteger(anio) && anio >= PRIMER_CICLO_LECTIVO && anio <= ultimoCicloPlanificable();

/** Un ciclo lectivo para planificar: de 2021 al año siguiente al actual. */
export const cicloLectivo = z.preprocess(
  aNumero,
  z
    .number({ error: 'El ciclo lectivo debe ser un número.' })
    .int({ error: 'El ciclo lectivo debe ser un año.' })
    .refine(cicloPlanificable, { error: 'El ciclo lectivo no es válido.' }),
);

/** Un ciclo lectivo del selector de año (de 2021 al actual). */
export const anio = z.preprocess(
  aNumero,
  z
    .number({ error: 'El año debe ser un número.' })
    .int({ error: 'El año debe ser un número entero.' })
    .refine((a) => cicloValido(a), {
      error: `El año debe estar entre ${PRIMER_CICLO_LECTIVO} y el año actual.`,
    }),
);

export const TAMANIO_PAGINA = 50;
/** La posición más alta que se puede pedir (ninguna lista llega a tanto). */
const MAXIMA_POSICION = 1_000_000;

/** La posición de una página ("Cargar más"): 0, 50, 100, … */
export const posicion = z
  .preprocess(
    aNumero,
    z
      .number({ error: 'La posición debe ser un número.' })
      .int({ error: 'La posición debe ser un número entero.' })
      .min(0, { error: 'Posición inválida.' })
      .max(MAXIMA_POSICION, { error: 'Posición inválida.' }),
  )
  .default(0);

/** Búsqueda paginada de las listas buscables. */
export const busqueda = z
  .object({
    q: texto({ campo: 'Búsqueda', max: 100 }).default(''),
    cursor: posicion,
    limit: z
      .preprocess(
        aNumero,
        z
          .number({ error: 'El tamaño de página debe ser un número.' })
          .int({ error: 'El tamaño de página debe ser un número entero.' })
          .min(1, { error: 'El tamaño de página debe ser al menos 1.' })
          .max(TAMANIO_PAGINA, { error: `El tamaño de página es como máximo ${TAMANIO_PAGINA}.` }),
      )
      .default(TAMANIO_PAGINA),
  })
  .default({ q: '', cursor: 0, limit: TAMANIO_PAGINA });

export type Busqueda = z.infer<typeof busqueda>;

export interface Pagina<T> {
  items: T[];
  /** Posición de la página siguiente, o null si no hay más. */
  siguiente: number | null;
}

/** Corta la página pedida (se consulta limit + 1 para saber si hay más). */
export function paginar<T>(filas: T[], b: Busqueda): Pagina<T> {
  const hayMas = filas.length > b.limit;
  return {
    items: hayMas ? filas.slice(0, b.limit) : filas,
    siguiente: hayMas ? b.cursor + b.limit : null,
  };
}

/** Un solo mensaje legible con todos los problemas de la entrada. */
export function mensajeDeValidacion(error: z.ZodError): string {
  return error.issues
    .map((i) => (/[.!?]$/.test(i.message) ? i.message : `${i.message}.`))
    .filter((m, i, todos) => todos.indexOf(m) === i)
    .join(' ');
}
