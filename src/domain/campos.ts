/**
 * Las reglas de los campos de la entrada, sin zod (issue 12: zod no viaja al navegador). Los
 * átomos de `server/api/schemas.ts` toman de acá los mensajes, los largos y las expresiones, y
 * los formularios del personal validan con estas funciones: cada regla se escribe una sola vez.
 * tests/unit/campos.test.ts compara cada función con su esquema zod sobre las mismas entradas.
 *
 * Una regla recibe el valor tal como lo manda el formulario (o cualquier cosa) y devuelve el
 * valor normalizado o el primer mensaje de error, el mismo que da el esquema del servidor.
 */
import { partirTelefono, unirTelefono } from './escuela';

export type Resultado<T> = { ok: true; valor: T } | { ok: false; mensaje: string };

export const bien = <T>(valor: T): Resultado<T> => ({ ok: true, valor });
export const mal = <T = never>(mensaje: string): Resultado<T> => ({ ok: false, mensaje });

/** Los errores de un formulario, por campo: el primero de cada uno. */
export type Errores = Record<string, string>;

/** Anota el error de `campo` si la regla falló (y no tenía ya uno). */
export function anotar(errores: Errores, campo: string, r: Resultado<unknown>): void {
  if (!r.ok) errores[campo] ??= r.mensaje;
}

// ── Texto ──────────────────────────────────────────────────────────────────────────────────

/** Un sustituto UTF-16 sin su pareja: no es texto Unicode (PostgreSQL lo rechaza en JSON). */
const SUSTITUTO_SUELTO = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** ¿Es texto que se puede guardar? Sin NUL (PostgreSQL no lo admite) y Unicode bien formado. */
export const esTextoValido = (t: string) => !t.includes('\u0000') && !SUSTITUTO_SUELTO.test(t);

/**
 * El largo de un texto en puntos de código, como lo mide zod (4.6): una pareja de sustitutos es
 * un carácter ('🐢' mide 1) y un sustituto suelto también.
 */
export function largoTexto(t: string): number {
  let largo = t.length;
  for (let i = 0; i < t.length - 1; i++) {
    if ((t.charCodeAt(i) & 0xfc00) === 0xd800 && (t.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      largo--;
      i++;
    }
  }
  return largo;
}

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

/** Los mensajes de un campo de texto (los del átomo `texto` del servidor y los del formulario). */
export function mensajesDeTexto({ campo, max, min = 0, error }: OpcionesTexto) {
  const vacio = `${campo}: no puede estar vacío.`;
  return {
    /** Falta (undefined) o no es texto. */
    noEsTexto: (entrada: unknown) =>
      error ?? (entrada === undefined && min > 0 ? vacio : `${campo}: debe ser un texto.`),
    largo: `${campo}: como máximo ${max} caracteres.`,
    invalido: `${campo}: contiene caracteres no válidos.`,
    corto: min === 1 ? vacio : `${campo}: como mínimo ${min} caracteres.`,
  };
}

/**
 * El átomo de texto: rechaza lo que no es texto, recorta los espacios de los extremos, exige el
 * largo máximo, rechaza el byte NUL y los sustitutos sueltos y exige el largo mínimo, en ese
 * orden (el de `texto` en `server/api/schemas.ts`).
 */
export function reglaTexto(opciones: OpcionesTexto): (valor: unknown) => Resultado<string> {
  const m = mensajesDeTexto(opciones);
  const { max, min = 0 } = opciones;
  return (valor) => {
    if (typeof valor !== 'string') return mal(m.noEsTexto(valor));
    const t = valor.trim();
    if (largoTexto(t) > max) return mal(m.largo);
    if (!esTextoValido(t)) return mal(m.invalido);
    if (largoTexto(t) < min) return mal(m.corto);
    return bien(t);
  };
}

/** Un texto obligatorio (no vacío después de recortar), como `textoRequerido`. */
export const opcionesRequerido = (campo: string, max = 100): OpcionesTexto => ({
  campo,
  max,
  min: 1,
});

/** Apellido y nombre de una persona (usuario, alumno, referente): obligatorios, hasta 100. */
export const CAMPO_APELLIDO = opcionesRequerido('Apellido');
export const CAMPO_NOMBRE = opcionesRequerido('Nombre');

/** '' o sólo espacios → null (los formularios mandan los campos vacíos como texto). */
export const vacioANull = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') ? null : v;

/** Una regla que acepta null (y '' o espacios, que valen null). */
export function optativo<T>(regla: (v: unknown) => Resultado<T>) {
  return (valor: unknown): Resultado<T | null> => {
    const v = vacioANull(valor);
    return v === null ? bien(null) : regla(v);
  };
}

// ── Números ────────────────────────────────────────────────────────────────────────────────

/** Texto numérico ('12', ' 1.5 ', '1e3') → número; lo demás queda igual y lo juzga la regla. */
const NUMERO_DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;
export const aNumero = (v: unknown) => {
  if (typeof v !== 'string') return v;
  const t = v.trim();
  return NUMERO_DECIMAL.test(t) ? Number(t) : v;
};

/** ¿Es un número finito? (`z.number()` rechaza NaN e Infinity como "no es un número"). */
export const esNumero = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * ¿Es un entero? Como `.int()` de zod 4: un entero seguro (hasta 2^53 - 1 en valor absoluto);
 * fuera de ese rango el primer error es el de "entero".
 */
export const esEntero = (n: number) => Number.isSafeInteger(n);

/** El identificador más alto (int4 de PostgreSQL). */
export const MAXIMO_ID = 2_147_483_647;

export const MENSAJES_ID = {
  numero: 'El identificador debe ser un número.',
  entero: 'El identificador debe ser un número entero.',
  positivo: 'El identificador debe ser positivo.',
  grande: 'El identificador es demasiado grande.',
} as const;

/** Un identificador: entero positivo de int4 (el átomo `id`). */
export function reglaId(valor: unknown): Resultado<number> {
  const n = aNumero(valor);
  if (!esNumero(n)) return mal(MENSAJES_ID.numero);
  if (!esEntero(n)) return mal(MENSAJES_ID.entero);
  if (n <= 0) return mal(MENSAJES_ID.positivo);
  if (n > MAXIMO_ID) return mal(MENSAJES_ID.grande);
  return bien(n);
}

/** DNI: un número de 7 u 8 dígitos; se aceptan puntos y espacios de formato ('45.123.456'). */
export const DNI_MINIMO = 1_000_000;
export const DNI_MAXIMO = 99_999_999;
export const MENSAJES_DNI = {
  numero: 'El DNI debe ser un número.',
  entero: 'El DNI debe ser un número entero.',
  digitos: 'El DNI debe tener 7 u 8 dígitos.',
} as const;

/** El DNI sin los puntos ni los espacios de formato, como número si lo es. */
export const aDni = (v: unknown) => aNumero(typeof v === 'string' ? v.replace(/[.\s]/g, '') : v);

export function reglaDni(valor: unknown): Resultado<number> {
  const n = aDni(valor);
  if (!esNumero(n)) return mal(MENSAJES_DNI.numero);
  if (!esEntero(n)) return mal(MENSAJES_DNI.entero);
  if (n < DNI_MINIMO || n > DNI_MAXIMO) return mal(MENSAJES_DNI.digitos);
  return bien(n);
}

// ── Booleano ───────────────────────────────────────────────────────────────────────────────

/** Los valores de un booleano de formulario o de ruta: true/false, 1/0. */
export const VALORES_BOOLEANO = ['true', 'false', '1', '0'] as const;
export const mensajeBooleano = (campo: string) => `${campo}: debe ser 1/0 o true/false.`;

export function reglaBooleano(campo: string) {
  return (v: unknown): Resultado<boolean> =>
    typeof v === 'boolean' ||
    v === 1 ||
    v === 0 ||
    (VALORES_BOOLEANO as readonly unknown[]).includes(v)
      ? bien(v === true || v === 1 || v === 'true' || v === '1')
      : mal(mensajeBooleano(campo));
}

// ── Email ──────────────────────────────────────────────────────────────────────────────────

/** Email: RFC 5321 admite 254 caracteres; se guarda en minúsculas. */
export const MAXIMO_EMAIL = 254;
export const OPCIONES_EMAIL: OpcionesTexto = {
  campo: 'Email',
  max: MAXIMO_EMAIL,
  error: 'El email es obligatorio.',
};
export const EMAIL_NO_VALIDO = 'El email no es válido.';
/** La expresión de `z.email()` de zod 4 (la prueba exige que sea la misma). */
export const RE_EMAIL =
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

const textoEmail = reglaTexto(OPCIONES_EMAIL);
/** El átomo `email`: texto recortado de hasta 254 caracteres, en minúsculas, con forma de email. */
export function reglaEmail(valor: unknown): Resultado<string> {
  const t = textoEmail(valor);
  if (!t.ok) return t;
  const minusculas = t.valor.toLowerCase();
  return RE_EMAIL.test(minusculas) ? bien(minusculas) : mal(EMAIL_NO_VALIDO);
}

/** Email optativo: vacío es null; si viene, debe ser válido. */
export const reglaEmailOpcional = optativo(reglaEmail);

// ── Teléfono ───────────────────────────────────────────────────────────────────────────────

/** Teléfono "área número" (spec 02 §3): área de 2 a 4 dígitos y número de 6 a 8 (spec 02 §5). */
export const OPCIONES_TELEFONO: OpcionesTexto = {
  campo: 'Teléfono',
  max: 30,
  error: 'El teléfono debe ser texto.',
};
export const MENSAJE_CODIGO_AREA = 'Código de área: entre 2 y 4 dígitos.';
export const MENSAJE_NUMERO_TELEFONO = 'Teléfono: entre 6 y 8 dígitos.';

/**
 * El teléfono ya recortado → "área número" o el mensaje del primer problema. La usa el átomo
 * `telefonoOpcional` del servidor (en su transformación) y los formularios.
 */
export function validarTelefono(t: string): Resultado<string> {
  const { codigoArea, numero } = partirTelefono(t);
  const limpio = numero.replace(/[\s-]/g, '');
  if (!/^\d{2,4}$/.test(codigoArea)) return mal(MENSAJE_CODIGO_AREA);
  if (!/^\d{6,8}$/.test(limpio)) return mal(MENSAJE_NUMERO_TELEFONO);
  return bien(unirTelefono(codigoArea, limpio));
}

const textoTelefono = reglaTexto(OPCIONES_TELEFONO);
/** El átomo `telefonoOpcional`: vacío es null; si viene, "área número" válido. */
export const reglaTelefonoOpcional = optativo((v): Resultado<string> => {
  const t = textoTelefono(v);
  return t.ok ? validarTelefono(t.valor) : t;
});

/**
 * El campo del formulario de un error de teléfono: el de "Código de área" o el del número
 * (los formularios muestran el teléfono en dos casillas).
 */
export const campoDelTelefono = (mensaje: string): 'codigoArea' | 'numero' =>
  mensaje.startsWith('Código de área') ? 'codigoArea' : 'numero';
