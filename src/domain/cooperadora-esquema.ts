/**
 * El esquema zod de la cuota de la cooperadora (spec 02 §9): lo que guarda Admin y lo que lee el
 * servidor. Sólo lo importa el servidor (issue 12: zod no viaja al navegador); las reglas, los
 * mensajes y la forma están en domain/cooperadora.ts, y el formulario de Admin valida con
 * `validarConfiguracionCooperadora` de ahí (tests/unit/cooperadora.test.ts compara las dos).
 */
import { z } from 'zod';
import {
  CUOTAS_MAXIMAS,
  LARGO_ALIAS,
  LARGO_CBU,
  LARGO_CUIT,
  MAXIMO_ENLACE,
  MAXIMO_REDES,
  MENSAJE_ALIAS,
  MENSAJE_CBU,
  MENSAJE_CUIT,
  MENSAJE_WHATSAPP,
  MENSAJES_COOPERADORA as C,
  MONTO_MAXIMO_CUOTA,
  TEXTOS_COOPERADORA,
  aliasValido,
  cbuValido,
  cuitValido,
  enlaceHttps,
  enlaceWhatsapp,
  formatoCuit,
  mensajesEnlace,
  mensajesTextoCuota,
  normalizarAlias,
  normalizarCbu,
  suscripcionSiHayCuotas,
  textoImprimible,
  type ConfiguracionCooperadora,
} from './cooperadora';

const texto = ({ campo, max }: { campo: string; max: number }) => {
  const m = mensajesTextoCuota(campo, max);
  return z
    .string({ error: m.vacio })
    .trim()
    .min(1, { error: m.vacio })
    .max(max, { error: m.largo })
    .refine(textoImprimible, { error: m.invalido });
};

const enlace = (campo: string) => {
  const m = mensajesEnlace(campo);
  return z
    .string({ error: m.falta })
    .trim()
    .max(MAXIMO_ENLACE, { error: m.largo })
    .refine(enlaceHttps, { error: m.https });
};

/** Los datos de la cuenta para el pago único por transferencia. */
export const cuentaTransferencia = z.object(
  {
    titular: texto(TEXTOS_COOPERADORA.titular),
    banco: texto(TEXTOS_COOPERADORA.banco),
    cbu: z
      .string({ error: MENSAJE_CBU })
      .trim()
      .max(LARGO_CBU, { error: MENSAJE_CBU })
      .refine(cbuValido, { error: MENSAJE_CBU })
      .transform(normalizarCbu),
    alias: z
      .string({ error: MENSAJE_ALIAS })
      .trim()
      .max(LARGO_ALIAS, { error: MENSAJE_ALIAS })
      .refine(aliasValido, { error: MENSAJE_ALIAS })
      .transform(normalizarAlias),
    cuit: z
      .string({ error: MENSAJE_CUIT })
      .trim()
      .max(LARGO_CUIT, { error: MENSAJE_CUIT })
      .refine(cuitValido, { error: MENSAJE_CUIT })
      .transform(formatoCuit),
  },
  { error: C.transferencia },
);

export const redSocial = z.object(
  { nombre: texto(TEXTOS_COOPERADORA.red), url: enlace('Red social') },
  { error: C.red },
);

/** La configuración de la cuota de un ciclo lectivo (`configuracion['cuota.{ciclo}']`). */
export const configuracionCooperadora = z
  .object(
    {
      /** Monto anual en pesos. */
      monto: z
        .number({ error: C.montoNumero })
        .int({ error: C.montoEntero })
        .min(1, { error: C.montoMinimo })
        .max(MONTO_MAXIMO_CUOTA, { error: C.montoMaximo }),
      /** Cantidad de cuotas sin interés (1: sólo pago único). */
      cuotas: z
        .number({ error: C.cuotasNumero })
        .int({ error: C.cuotasEntero })
        .min(1, { error: C.cuotasMinimo })
        .max(CUOTAS_MAXIMAS, { error: C.cuotasMaximo }),
      transferencia: cuentaTransferencia,
      /** Las cuotas sin interés: la suscripción en el proveedor de pagos. */
      suscripcion: z
        .object(
          { proveedor: texto(TEXTOS_COOPERADORA.proveedor), url: enlace('Suscripción') },
          { error: C.suscripcion },
        )
        .nullable(),
      /** Dónde y cuándo atiende la oficina de la cooperadora (primer piso). */
      oficina: texto(TEXTOS_COOPERADORA.oficina),
      whatsapp: z
        .string({ error: MENSAJE_WHATSAPP })
        .trim()
        .max(MAXIMO_ENLACE, { error: MENSAJE_WHATSAPP })
        .refine(enlaceWhatsapp, { error: MENSAJE_WHATSAPP }),
      redes: z.array(redSocial, { error: C.redes }).max(MAXIMO_REDES, { error: C.maximoRedes }),
    },
    { error: C.forma },
  )
  .refine(suscripcionSiHayCuotas, { error: C.sinSuscripcion, path: ['suscripcion'] });

// La forma escrita en domain/cooperadora.ts es la del esquema (entrada y salida): si una cambia
// sin la otra, no compila.
type Igual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const mismaSalida: Igual<
  z.output<typeof configuracionCooperadora>,
  ConfiguracionCooperadora
> = true;
const mismaEntrada: Igual<
  z.input<typeof configuracionCooperadora>,
  ConfiguracionCooperadora
> = true;
void mismaSalida;
void mismaEntrada;

/**
 * La configuración guardada de un ciclo, o null si no hay o no cumple la forma (una fila vieja
 * o rota no se muestra a las familias a medias: Admin la vuelve a guardar).
 */
export function leerConfiguracionCooperadora(valor: unknown): ConfiguracionCooperadora | null {
  const r = configuracionCooperadora.safeParse(valor);
  return r.success ? r.data : null;
}
