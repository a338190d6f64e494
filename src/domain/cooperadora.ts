/**
 * La cuota de la Asociación Cooperadora (spec 02 §9): cada ciclo lectivo tiene su
 * configuración, que edita Admin (`/inscripciones/cooperadora`) y ve el referente parental en
 * la inscripción: el monto, el pago único por transferencia (con los datos de la cuenta), las
 * cuotas sin interés por una suscripción de un proveedor de pagos, la oficina de la cooperadora
 * (primer piso), WhatsApp y las redes sociales. Se guarda como JSON en `configuracion` con la
 * clave `cuota.{ciclo}`; el mismo esquema valida lo que guarda Admin, lo que lee el servidor y
 * el formulario de Admin.
 */
import { z } from 'zod';
import { formatoPesos } from './inscripcion';

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

// ── El esquema ─────────────────────────────────────────────────────────────────────────────

const texto = (campo: string, max: number) =>
  z
    .string({ error: `${campo}: no puede estar vacío.` })
    .trim()
    .min(1, { error: `${campo}: no puede estar vacío.` })
    .max(max, { error: `${campo}: como máximo ${max} caracteres.` })
    .refine(textoImprimible, { error: `${campo}: contiene caracteres no válidos.` });

const enlace = (campo: string) =>
  z
    .string({ error: `${campo}: falta el enlace.` })
    .trim()
    .max(MAXIMO_ENLACE, { error: `${campo}: como máximo ${MAXIMO_ENLACE} caracteres.` })
    .refine(enlaceHttps, {
      error: `${campo}: debe ser un enlace que empiece con https://.`,
    });

export const MENSAJE_CBU = 'CBU: 22 dígitos (revise que esté bien copiado).';
export const MENSAJE_CUIT = 'CUIT: 11 dígitos, con la forma 30-12345678-9 (revise el último).';
export const MENSAJE_ALIAS = 'Alias: de 6 a 20 letras, números, puntos o guiones.';
export const MENSAJE_WHATSAPP = 'WhatsApp: debe ser un enlace https://wa.me/… o de whatsapp.com.';

/** Los datos de la cuenta para el pago único por transferencia. */
export const cuentaTransferencia = z.object(
  {
    titular: texto('Titular', 120),
    banco: texto('Banco', 80),
    cbu: z
      .string({ error: MENSAJE_CBU })
      .trim()
      .max(40, { error: MENSAJE_CBU })
      .refine(cbuValido, { error: MENSAJE_CBU })
      .transform(digitos),
    alias: z
      .string({ error: MENSAJE_ALIAS })
      .trim()
      .max(20, { error: MENSAJE_ALIAS })
      .refine(aliasValido, { error: MENSAJE_ALIAS })
      .transform((a) => a.toUpperCase()),
    cuit: z
      .string({ error: MENSAJE_CUIT })
      .trim()
      .max(20, { error: MENSAJE_CUIT })
      .refine(cuitValido, { error: MENSAJE_CUIT })
      .transform(formatoCuit),
  },
  { error: 'Faltan los datos de la cuenta para la transferencia.' },
);

export const redSocial = z.object(
  { nombre: texto('Red social', 40), url: enlace('Red social') },
  { error: 'Cada red social lleva nombre y enlace.' },
);

/** La configuración de la cuota de un ciclo lectivo (`configuracion['cuota.{ciclo}']`). */
export const configuracionCooperadora = z
  .object(
    {
      /** Monto anual en pesos. */
      monto: z
        .number({ error: 'Monto: debe ser un número de pesos.' })
        .int({ error: 'Monto: en pesos, sin centavos.' })
        .min(1, { error: 'Monto: como mínimo $ 1.' })
        .max(MONTO_MAXIMO_CUOTA, { error: 'Monto: demasiado grande.' }),
      /** Cantidad de cuotas sin interés (1: sólo pago único). */
      cuotas: z
        .number({ error: 'Cuotas: debe ser un número.' })
        .int({ error: 'Cuotas: un número entero.' })
        .min(1, { error: 'Cuotas: como mínimo 1.' })
        .max(CUOTAS_MAXIMAS, { error: `Cuotas: como máximo ${CUOTAS_MAXIMAS}.` }),
      transferencia: cuentaTransferencia,
      /** Las cuotas sin interés: la suscripción en el proveedor de pagos. */
      suscripcion: z
        .object(
          { proveedor: texto('Proveedor de pagos', 60), url: enlace('Suscripción') },
          { error: 'Falta la suscripción para pagar en cuotas.' },
        )
        .nullable(),
      /** Dónde y cuándo atiende la oficina de la cooperadora (primer piso). */
      oficina: texto('Oficina', 200),
      whatsapp: z
        .string({ error: MENSAJE_WHATSAPP })
        .trim()
        .max(MAXIMO_ENLACE, { error: MENSAJE_WHATSAPP })
        .refine(enlaceWhatsapp, { error: MENSAJE_WHATSAPP }),
      redes: z
        .array(redSocial, { error: 'Redes sociales: una lista.' })
        .max(MAXIMO_REDES, { error: `Redes sociales: como máximo ${MAXIMO_REDES}.` }),
    },
    { error: 'Faltan los datos de la cuota de la cooperadora.' },
  )
  .refine((c) => c.cuotas === 1 || c.suscripcion !== null, {
    error: 'Para pagar en cuotas hace falta el enlace de la suscripción.',
    path: ['suscripcion'],
  });

export type ConfiguracionCooperadora = z.infer<typeof configuracionCooperadora>;
/** Lo que escribe Admin (antes de normalizar CBU, alias y CUIT). */
export type ConfiguracionCooperadoraEntrada = z.input<typeof configuracionCooperadora>;

/**
 * La configuración guardada de un ciclo, o null si no hay o no cumple la forma (una fila vieja
 * o rota no se muestra a las familias a medias: Admin la vuelve a guardar).
 */
export function leerConfiguracionCooperadora(valor: unknown): ConfiguracionCooperadora | null {
  const r = configuracionCooperadora.safeParse(valor);
  return r.success ? r.data : null;
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
