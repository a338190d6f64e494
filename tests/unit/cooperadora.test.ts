/**
 * La cuota de la cooperadora de cada ciclo (spec 02 §9; issue 11 ítem 1): la forma de la
 * configuración anual (monto, cuenta para la transferencia, suscripción para las cuotas sin
 * interés, oficina, WhatsApp y redes), sus reglas (CBU y CUIT con dígito verificador, enlaces
 * https) y los textos del bloque de la inscripción.
 */
import {
  MENSAJE_CBU,
  MENSAJE_CUIT,
  MENSAJE_WHATSAPP,
  aliasValido,
  cbuValido,
  configuracionCooperadora,
  cuitValido,
  enlaceHttps,
  enlaceWhatsapp,
  leerConfiguracionCooperadora,
  textoEnCuotas,
  textoMontoAnual,
  textoPagoUnico,
  tituloCuota,
  valorCuota,
  type ConfiguracionCooperadoraEntrada,
} from '@/domain/cooperadora';
import { CUOTA_COOPERADORA } from '@/server/db/seed/estructura';

const valida: ConfiguracionCooperadoraEntrada = {
  monto: 120_000,
  cuotas: 3,
  transferencia: {
    titular: 'Asociación Cooperadora',
    banco: 'Nuevo Banco de Santa Fe',
    cbu: '3300123800004620000178',
    alias: 'coope.escuela',
    cuit: '30710462468',
  },
  suscripcion: { proveedor: 'Mercado Pago', url: 'https://www.mercadopago.com.ar/sub/plan-1' },
  oficina: 'Primer piso, de 8 a 12.',
  whatsapp: 'https://wa.me/5493415550462',
  redes: [{ nombre: 'Instagram', url: 'https://www.instagram.com/coope' }],
};

const mensajes = (v: unknown) =>
  configuracionCooperadora.safeParse(v).error?.issues.map((i) => i.message) ?? [];

describe('reglas sueltas', () => {
  test.each([
    ['3300123800004620000178', true],
    ['3300123 8 0000462000017 8', true],
    ['3300123800004620000179', false], // el último dígito verificador
    ['3300123900004620000178', false], // el primero
    ['330012380000462000017', false], // 21 dígitos
    ['33001238000046200001781', false],
    ['abc', false],
  ])('CBU %j: %s', (cbu, r) => expect(cbuValido(cbu)).toBe(r));

  test.each([
    ['30-71046246-8', true],
    ['30710462468', true],
    ['20-12345678-6', true],
    ['30-71046246-7', false],
    ['30-7104624-8', false],
  ])('CUIT %j: %s', (cuit, r) => expect(cuitValido(cuit)).toBe(r));

  test.each([
    ['coope.escuela', true],
    ['COOPERADORA-ET462', true],
    ['corto', false],
    ['con espacio', false],
    ['cooperadóra.escuela', false],
    ['a'.repeat(21), false],
  ])('alias %j: %s', (alias, r) => expect(aliasValido(alias)).toBe(r));

  test.each([
    ['https://www.mercadopago.com.ar/subscriptions/checkout?id=1', true],
    ['http://www.mercadopago.com.ar/x', false],
    ['javascript:alert(1)', false],
    ['https://usuario:clave@pagos.com/x', false],
    ['https://localhost/x', false],
    ['https://pagos.com/con espacio', false],
    ['//pagos.com/x', false],
    ['pagos.com', false],
    [`https://pagos.com/${'x'.repeat(500)}`, false],
  ])('enlace https %j: %s', (url, r) => expect(enlaceHttps(url)).toBe(r));

  test.each([
    ['https://wa.me/5493415550462', true],
    ['https://api.whatsapp.com/send?phone=5493415550462', true],
    ['https://chat.whatsapp.com/AbCdEf', true],
    ['http://wa.me/5493415550462', false],
    ['https://wa.me.engano.com/549341', false],
    ['https://whatsapp.com.engano.com/x', false],
  ])('WhatsApp %j: %s', (url, r) => expect(enlaceWhatsapp(url)).toBe(r));
});

describe('la forma de la configuración anual', () => {
  test('una configuración completa se acepta y se normaliza (CUIT con guiones, alias en mayúsculas)', () => {
    const r = configuracionCooperadora.parse(valida);
    expect(r.transferencia).toEqual({
      titular: 'Asociación Cooperadora',
      banco: 'Nuevo Banco de Santa Fe',
      cbu: '3300123800004620000178',
      alias: 'COOPE.ESCUELA',
      cuit: '30-71046246-8',
    });
    // Lo guardado se vuelve a leer igual.
    expect(configuracionCooperadora.parse(r)).toEqual(r);
  });

  test('la de la escuela de demostración cumple la forma: $ 120.000 en 3 cuotas', () => {
    const r = configuracionCooperadora.parse(CUOTA_COOPERADORA);
    expect(r).toMatchObject({ monto: 120_000, cuotas: 3 });
    expect(r.oficina).toMatch(/^Primer piso/);
  });

  test.each<[string, unknown, string]>([
    ['CBU mal copiado', { transferencia: { cbu: '3300123800004620000179' } }, MENSAJE_CBU],
    ['CUIT con otro dígito', { transferencia: { cuit: '30-71046246-1' } }, MENSAJE_CUIT],
    [
      'suscripción por http',
      { suscripcion: { proveedor: 'MP', url: 'http://mp.com/x' } },
      'Suscripción: debe ser un enlace que empiece con https://.',
    ],
    ['WhatsApp que no es de WhatsApp', { whatsapp: 'https://engano.com/wa' }, MENSAJE_WHATSAPP],
    [
      'red social con javascript:',
      { redes: [{ nombre: 'X', url: 'javascript:alert(1)' }] },
      'Red social: debe ser un enlace que empiece con https://.',
    ],
    ['monto con centavos', { monto: 120000.5 }, 'Monto: en pesos, sin centavos.'],
    ['monto cero', { monto: 0 }, 'Monto: como mínimo $ 1.'],
    ['monto como texto', { monto: '120000' }, 'Monto: debe ser un número de pesos.'],
    ['13 cuotas', { cuotas: 13 }, 'Cuotas: como máximo 12.'],
    [
      'cuotas sin suscripción',
      { suscripcion: null },
      'Para pagar en cuotas hace falta el enlace de la suscripción.',
    ],
    ['oficina vacía', { oficina: '   ' }, 'Oficina: no puede estar vacío.'],
    [
      'titular con NUL',
      { transferencia: { titular: 'a\u0000b' } },
      'Titular: contiene caracteres no válidos.',
    ],
    [
      'banco con surrogate suelto',
      { transferencia: { banco: '\ud800x' } },
      'Banco: contiene caracteres no válidos.',
    ],
    [
      'demasiadas redes',
      { redes: Array.from({ length: 6 }, () => ({ nombre: 'X', url: 'https://x.com/a' })) },
      'Redes sociales: como máximo 5.',
    ],
  ])('%s: "%s"', (_caso, cambio, mensaje) => {
    const c = cambio as Partial<ConfiguracionCooperadoraEntrada>;
    const v = {
      ...valida,
      ...c,
      transferencia: { ...valida.transferencia, ...(c.transferencia ?? {}) },
    };
    expect(mensajes(v)).toContain(mensaje);
  });

  test('un pago único no necesita suscripción', () => {
    expect(mensajes({ ...valida, cuotas: 1, suscripcion: null })).toEqual([]);
  });

  test('una fila vieja ({ monto, cuotas }) o rota se lee como "sin configurar"', () => {
    expect(leerConfiguracionCooperadora({ monto: 120000, cuotas: 3 })).toBeNull();
    expect(leerConfiguracionCooperadora(null)).toBeNull();
    expect(leerConfiguracionCooperadora('x')).toBeNull();
    expect(leerConfiguracionCooperadora(valida)).toMatchObject({ monto: 120000 });
  });
});

describe('textos del bloque de la inscripción', () => {
  test.each([
    [tituloCuota(2026), 'Cuota de la Asociación Cooperadora 2026'],
    [textoMontoAnual(valida as never, 2026), 'La cuota anual 2026 es de $ 120.000. Puede pagarla:'],
    [textoPagoUnico({ monto: 120000 }), 'En un pago de $ 120.000 por transferencia bancaria'],
    [textoEnCuotas({ monto: 120000, cuotas: 3 }), 'En 3 cuotas sin interés de $ 40.000'],
    [textoEnCuotas({ monto: 100000, cuotas: 3 }), 'En 3 cuotas sin interés de $ 33.334'],
  ])('%s', (real, esperado) => expect(real).toBe(esperado));

  test('cada cuota se redondea hacia arriba al peso', () => {
    expect(valorCuota({ monto: 100000, cuotas: 3 }) * 3).toBeGreaterThanOrEqual(100000);
  });
});
