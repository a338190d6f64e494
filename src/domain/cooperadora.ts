/**
 * La cuota de la Asociación Cooperadora (spec 02 §9): cada ciclo lectivo tiene su
 * configuración, que edita Admin (`/inscripciones/cooperadora`) y ve el referente parental en
 * la inscripción: el monto, el pago único por transferencia (con los datos de la cuenta), las
 * cuotas sin interés por una suscripción de un proveedor de pagos, la oficina de la cooperadora
 * (primer piso), WhatsApp y las redes sociales. Se guarda como JSON en `configuracion` con la
 * clave `cuota.{ciclo}`. Sin zod (issue 12: la pantalla de Admin y la vista de la inscripción lo
 * importan): el esquema zod del servidor está en domain/cooperadora-esquema.ts y usa estas reglas
 * y estos mensajes; `validarConfiguracionCooperadora` es la misma validación para el formulario.
 */
import { formatoPesos } from './inscripcion';
import { largoTexto } from './campos';

/** La clave de la configuración de un ciclo. */
export const claveCuota = (ciclo: number) => `cuota.${ciclo}`;

export const MONTO_MAXIMO_CUOTA = 100_000_000;
export const CUOTAS_MAXIMAS = 12;
export const MAXIMO_REDES = 5;
export const MAXIMO_ENLACE = 500;

// ── Reglas sueltas (las usa el esquema y se prueban en tablas) ─────────────────────────────

/** Un surrogate UTF-16 sin su pareja (texto que PostgreSQL no puede guardar como JSON). */
const SURROGATE_SUELTO = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Texto que se puede mostrar y guardar: sin caracteres de control ni surrogates sueltos. */
export function textoImprimible(t: string): boolean {
  return !CONTROL.test(t) && !SURROGATE_SUELTO.test(t);
}

const digitos = (t: string) => t.replace(/[\s.-]/g, '');

function digitoVerificador10(d: readonly number[], pesos: readonly number[]): number {
  const suma = d.reduce((a, x, i) => a + x * pesos[i]!, 0);
  return (10 - (suma % 10)) % 10;
}

/**
 * CBU: 22 dígitos en dos bloques, cada uno con su dígito verificador (banco y sucursal + DV;
 * cuenta + DV). Un dígito mal copiado hace fallar la verificación: la familia transferiría a
 * otra cuenta.
 */
export function cbuValido(cbu: string): boolean {
  const t = digitos(cbu);
  if (!/^\d{22}$/.test(t)) return false;
  const d = [...t].map(Number);
  return (
    digitoVerificador10(d.slice(0, 7), [7, 1, 3, 9, 7, 1, 3]) === d[7] &&
    digitoVerificador10(d.slice(8, 21), [3, 9, 7, 1, 3, 9, 7, 1, 3, 9, 7, 1, 3]) === d[21]
  );
}

/** CUIT: 11 dígitos (con o sin guiones) con el dígito verificador módulo 11. */
export function cuitValido(cuit: string): boolean {
  const t = digitos(cuit);
  if (!/^\d{11}$/.test(t)) return false;
  const d = [...t].map(Number);
  const pesos = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const resto = 11 - (d.slice(0, 10).reduce((a, x, i) => a + x * pesos[i]!, 0) % 11);
  const dv = resto === 11 ? 0 : resto;
  return dv !== 10 && dv === d[10];
}

/** El CUIT como se muestra: 'NN-NNNNNNNN-N'. */
export function formatoCuit(cuit: string): string {
  const t = digitos(cuit);
  return `${t.slice(0, 2)}-${t.slice(2, 10)}-${t.slice(10)}`;
}

/** Alias de CBU: de 6 a 20 caracteres, letras sin acentos, números, puntos y guiones. */
export function aliasValido(alias: string): boolean {
  return /^[A-Za-z0-9.-]{6,20}$/.test(alias);
}

/** Un enlace https a un sitio público (sin usuario ni clave en la dirección). */
export function enlaceHttps(valor: string): boolean {
  if (valor.length > MAXIMO_ENLACE || /\s/.test(valor)) return false;
  try {
    const u = new URL(valor);
    return (
      u.protocol === 'https:' &&
      !u.username &&
      !u.password &&
      /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(u.hostname)
    );
  } catch {
    return false;
  }
}

/** Un enlace de WhatsApp: https a wa.me o a whatsapp.com (chat o grupo). */
export function enlaceWhatsapp(valor: string): boolean {
  if (!enlaceHttps(valor)) return false;
  const host = new URL(valor).hostname.toLowerCase();
  return host === 'wa.me' || host === 'whatsapp.com' || host.endsWith('.whatsapp.com');
}

// ── La forma y los mensajes ────────────────────────────────────────────────────────────────

/** Los datos de la cuenta para el pago único por transferencia (CBU, alias y CUIT normalizados). */
export interface CuentaTransferencia {
  titular: string;
  banco: string;
  cbu: string;
  alias: string;
  cuit: string;
}

export interface RedSocial {
  nombre: string;
  url: string;
}

/** La configuración de la cuota de un ciclo lectivo (`configuracion['cuota.{ciclo}']`). */
export interface ConfiguracionCooperadora {
  /** Monto anual en pesos. */
  monto: number;
  /** Cantidad de cuotas sin interés (1: sólo pago único). */
  cuotas: number;
  transferencia: CuentaTransferencia;
  /** Las cuotas sin interés: la suscripción en el proveedor de pagos. */
  suscripcion: { proveedor: string; url: string } | null;
  /** Dónde y cuándo atiende la oficina de la cooperadora (primer piso). */
  oficina: string;
  whatsapp: string;
  redes: RedSocial[];
}

/** Lo que escribe Admin (antes de normalizar CBU, alias y CUIT): la misma forma. */
export type ConfiguracionCooperadoraEntrada = ConfiguracionCooperadora;

/** Los campos de texto libre: el nombre en los mensajes y el largo máximo. */
export const TEXTOS_COOPERADORA = {
  titular: { campo: 'Titular', max: 120 },
  banco: { campo: 'Banco', max: 80 },
  proveedor: { campo: 'Proveedor de pagos', max: 60 },
  oficina: { campo: 'Oficina', max: 200 },
  red: { campo: 'Red social', max: 40 },
} as const;

/** Los mensajes de un texto libre de la cuota (obligatorio, imprimible, con largo máximo). */
export const mensajesTextoCuota = (campo: string, max: number) => ({
  vacio: `${campo}: no puede estar vacío.`,
  largo: `${campo}: como máximo ${max} caracteres.`,
  invalido: `${campo}: contiene caracteres no válidos.`,
});

/** Los mensajes de un enlace https de la cuota. */
export const mensajesEnlace = (campo: string) => ({
  falta: `${campo}: falta el enlace.`,
  largo: `${campo}: como máximo ${MAXIMO_ENLACE} caracteres.`,
  https: `${campo}: debe ser un enlace que empiece con https://.`,
});

export const MENSAJE_CBU = 'CBU: 22 dígitos (revise que esté bien copiado).';
export const MENSAJE_CUIT = 'CUIT: 11 dígitos, con la forma 30-12345678-9 (revise el último).';
export const MENSAJE_ALIAS = 'Alias: de 6 a 20 letras, números, puntos o guiones.';
export const MENSAJE_WHATSAPP = 'WhatsApp: debe ser un enlace https://wa.me/… o de whatsapp.com.';

/** Largo máximo de lo que se escribe en CBU, alias y CUIT (antes de normalizar). */
export const LARGO_CBU = 40;
export const LARGO_ALIAS = 20;
export const LARGO_CUIT = 20;

/** CBU, alias y CUIT como se guardan. */
export const normalizarCbu = digitos;
export const normalizarAlias = (a: string) => a.toUpperCase();

export const MENSAJES_COOPERADORA = {
  forma: 'Faltan los datos de la cuota de la cooperadora.',
  transferencia: 'Faltan los datos de la cuenta para la transferencia.',
  suscripcion: 'Falta la suscripción para pagar en cuotas.',
  red: 'Cada red social lleva nombre y enlace.',
  redes: 'Redes sociales: una lista.',
  maximoRedes: `Redes sociales: como máximo ${MAXIMO_REDES}.`,
  montoNumero: 'Monto: debe ser un número de pesos.',
  montoEntero: 'Monto: en pesos, sin centavos.',
  montoMinimo: 'Monto: como mínimo $ 1.',
  montoMaximo: 'Monto: demasiado grande.',
  cuotasNumero: 'Cuotas: debe ser un número.',
  cuotasEntero: 'Cuotas: un número entero.',
  cuotasMinimo: 'Cuotas: como mínimo 1.',
  cuotasMaximo: `Cuotas: como máximo ${CUOTAS_MAXIMAS}.`,
  sinSuscripcion: 'Para pagar en cuotas hace falta el enlace de la suscripción.',
} as const;

/** En cuotas (más de una) hace falta la suscripción. */
export const suscripcionSiHayCuotas = (
  c: Pick<ConfiguracionCooperadora, 'cuotas' | 'suscripcion'>,
) => c.cuotas === 1 || c.suscripcion !== null;

// ── La validación sin zod (la del formulario de Admin) ─────────────────────────────────────

/** Un error de la configuración: la ruta del campo (como la de zod) y el mensaje. */
export interface ErrorCooperadora {
  ruta: (string | number)[];
  mensaje: string;
}

/** Un paso de la validación; `aborta`: como un error de tipo de zod, la regla de la suscripción ya no se mira. */
type Paso<T> = { ok: true; valor: T } | { ok: false; mensaje: string; aborta?: boolean };
const bien = <T>(valor: T): Paso<T> => ({ ok: true, valor });
const mal = (mensaje: string, aborta = false): Paso<never> => ({ ok: false, mensaje, aborta });
const esObjeto = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function textoCuota(v: unknown, { campo, max }: { campo: string; max: number }): Paso<string> {
  const m = mensajesTextoCuota(campo, max);
  if (typeof v !== 'string') return mal(m.vacio, true);
  const t = v.trim();
  if (t.length < 1) return mal(m.vacio);
  if (largoTexto(t) > max) return mal(m.largo);
  return textoImprimible(t) ? bien(t) : mal(m.invalido);
}

function enlaceCuota(v: unknown, campo: string): Paso<string> {
  const m = mensajesEnlace(campo);
  if (typeof v !== 'string') return mal(m.falta, true);
  const t = v.trim();
  if (largoTexto(t) > MAXIMO_ENLACE) return mal(m.largo);
  return enlaceHttps(t) ? bien(t) : mal(m.https);
}

/** Un campo con un solo mensaje: texto, largo máximo y regla; normalizado si vale. */
function conRegla(
  v: unknown,
  max: number,
  regla: (t: string) => boolean,
  normalizar: (t: string) => string,
  mensaje: string,
): Paso<string> {
  if (typeof v !== 'string') return mal(mensaje, true);
  const t = v.trim();
  return largoTexto(t) <= max && regla(t) ? bien(normalizar(t)) : mal(mensaje);
}

/** Un entero en un rango, como `z.number().int().min().max()`: el primer mensaje. */
function entero(
  v: unknown,
  min: number,
  max: number,
  m: { numero: string; entero: string; minimo: string; maximo: string },
): Paso<number> {
  if (typeof v !== 'number' || !Number.isFinite(v)) return mal(m.numero, true);
  if (!Number.isInteger(v)) return mal(m.entero, true);
  if (!Number.isSafeInteger(v)) return mal(m.entero);
  if (v < min) return mal(m.minimo);
  if (v > max) return mal(m.maximo);
  return bien(v);
}

/**
 * Las reglas de `configuracionCooperadora` (domain/cooperadora-esquema.ts, la del servidor)
 * sin zod: la configuración normalizada (CBU en dígitos, alias en mayúsculas, CUIT con
 * guiones, textos recortados) o los errores, el primero de cada campo con su ruta. Como el
 * esquema, la condición de la suscripción se mira sólo si todo lo demás es válido, y con más
 * de MAXIMO_REDES redes no se juzga cada una. tests/unit/cooperadora.test.ts compara las dos.
 */
export function validarConfiguracionCooperadora(
  entrada: unknown,
): { ok: true; datos: ConfiguracionCooperadora } | { ok: false; errores: ErrorCooperadora[] } {
  const C = MENSAJES_COOPERADORA;
  if (!esObjeto(entrada)) return { ok: false, errores: [{ ruta: [], mensaje: C.forma }] };
  const errores: ErrorCooperadora[] = [];
  let abortado = false;
  const tomar = <T>(ruta: (string | number)[], p: Paso<T>): T | undefined => {
    if (p.ok) return p.valor;
    errores.push({ ruta, mensaje: p.mensaje });
    if (p.aborta) abortado = true;
    return undefined;
  };

  const monto = tomar(
    ['monto'],
    entero(entrada.monto, 1, MONTO_MAXIMO_CUOTA, {
      numero: C.montoNumero,
      entero: C.montoEntero,
      minimo: C.montoMinimo,
      maximo: C.montoMaximo,
    }),
  );
  const cuotas = tomar(
    ['cuotas'],
    entero(entrada.cuotas, 1, CUOTAS_MAXIMAS, {
      numero: C.cuotasNumero,
      entero: C.cuotasEntero,
      minimo: C.cuotasMinimo,
      maximo: C.cuotasMaximo,
    }),
  );

  let transferencia: CuentaTransferencia | undefined;
  const t = entrada.transferencia;
  if (!esObjeto(t)) tomar(['transferencia'], mal(C.transferencia, true));
  else {
    const r = ['transferencia'];
    const cuenta = {
      titular: tomar([...r, 'titular'], textoCuota(t.titular, TEXTOS_COOPERADORA.titular)),
      banco: tomar([...r, 'banco'], textoCuota(t.banco, TEXTOS_COOPERADORA.banco)),
      cbu: tomar([...r, 'cbu'], conRegla(t.cbu, LARGO_CBU, cbuValido, normalizarCbu, MENSAJE_CBU)),
      alias: tomar(
        [...r, 'alias'],
        conRegla(t.alias, LARGO_ALIAS, aliasValido, normalizarAlias, MENSAJE_ALIAS),
      ),
      cuit: tomar(
        [...r, 'cuit'],
        conRegla(t.cuit, LARGO_CUIT, cuitValido, formatoCuit, MENSAJE_CUIT),
      ),
    };
    if (Object.values(cuenta).every((x) => x !== undefined))
      transferencia = cuenta as CuentaTransferencia;
  }

  let suscripcion: ConfiguracionCooperadora['suscripcion'] | undefined = null;
  const s = entrada.suscripcion;
  if (s !== null) {
    suscripcion = undefined;
    if (!esObjeto(s)) tomar(['suscripcion'], mal(C.suscripcion, true));
    else {
      const proveedor = tomar(
        ['suscripcion', 'proveedor'],
        textoCuota(s.proveedor, TEXTOS_COOPERADORA.proveedor),
      );
      const url = tomar(['suscripcion', 'url'], enlaceCuota(s.url, 'Suscripción'));
      if (proveedor !== undefined && url !== undefined) suscripcion = { proveedor, url };
    }
  }

  const oficina = tomar(['oficina'], textoCuota(entrada.oficina, TEXTOS_COOPERADORA.oficina));
  const whatsapp = tomar(
    ['whatsapp'],
    conRegla(entrada.whatsapp, MAXIMO_ENLACE, enlaceWhatsapp, (w) => w, MENSAJE_WHATSAPP),
  );

  let redes: RedSocial[] | undefined;
  const lista = entrada.redes;
  if (!Array.isArray(lista)) tomar(['redes'], mal(C.redes, true));
  else if (lista.length > MAXIMO_REDES) tomar(['redes'], mal(C.maximoRedes, true));
  else {
    const validas: RedSocial[] = [];
    lista.forEach((red: unknown, i) => {
      if (!esObjeto(red)) return void tomar(['redes', i], mal(C.red, true));
      const nombre = tomar(['redes', i, 'nombre'], textoCuota(red.nombre, TEXTOS_COOPERADORA.red));
      const url = tomar(['redes', i, 'url'], enlaceCuota(red.url, 'Red social'));
      if (nombre !== undefined && url !== undefined) validas.push({ nombre, url });
    });
    if (validas.length === lista.length) redes = validas;
  }

  // Como el `.refine` del esquema: se mira si ningún error fue de tipo (con el valor que vino).
  if (
    !abortado &&
    !suscripcionSiHayCuotas({ cuotas: entrada.cuotas as number, suscripcion: s as null })
  )
    errores.push({ ruta: ['suscripcion'], mensaje: C.sinSuscripcion });
  if (errores.length > 0) return { ok: false, errores };
  return {
    ok: true,
    datos: {
      monto: monto!,
      cuotas: cuotas!,
      transferencia: transferencia!,
      suscripcion: suscripcion!,
      oficina: oficina!,
      whatsapp: whatsapp!,
      redes: redes!,
    },
  };
}

// ── Textos del bloque de la inscripción ────────────────────────────────────────────────────

/** El valor de cada cuota, redondeado hacia arriba al peso (nunca se paga menos que el total). */
export function valorCuota(c: Pick<ConfiguracionCooperadora, 'monto' | 'cuotas'>): number {
  return Math.ceil(c.monto / c.cuotas);
}

export const tituloCuota = (ciclo: number) => `Cuota de la Asociación Cooperadora ${ciclo}`;
export const textoMontoAnual = (c: Pick<ConfiguracionCooperadora, 'monto'>, ciclo: number) =>
  `La cuota anual ${ciclo} es de ${formatoPesos(c.monto)}. Puede pagarla:`;
export const textoPagoUnico = (c: Pick<ConfiguracionCooperadora, 'monto'>) =>
  `En un pago de ${formatoPesos(c.monto)} por transferencia bancaria`;
export const textoEnCuotas = (c: Pick<ConfiguracionCooperadora, 'monto' | 'cuotas'>) =>
  `En ${c.cuotas} cuotas sin interés de ${formatoPesos(valorCuota(c))}`;
export const OFICINA_COOPERADORA = 'En la oficina de la cooperadora (primer piso)';
export const POR_WHATSAPP = 'Por WhatsApp';
export const POR_REDES = 'Por redes sociales';
export const SIN_CUOTA_CONFIGURADA =
  'Consulte el monto de la cuota y las formas de pago en la oficina de la cooperadora (primer piso).';
