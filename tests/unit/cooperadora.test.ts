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
  cuitValido,
  enlaceHttps,
  enlaceWhatsapp,
  textoEnCuotas,
  textoMontoAnual,
  textoPagoUnico,
  tituloCuota,
  validarConfiguracionCooperadora,
  valorCuota,
  type ConfiguracionCooperadoraEntrada,
} from '@/domain/cooperadora';
import {
  configuracionCooperadora,
  leerConfiguracionCooperadora,
} from '@/domain/cooperadora-esquema';
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

/**
 * La validación sin zod del formulario de Admin (`validarConfiguracionCooperadora`, issue 12: zod
 * no viaja al navegador) da lo mismo que el esquema del servidor: los mismos datos normalizados
 * o el mismo primer mensaje de cada campo, sobre entradas válidas, inválidas y hostiles.
 */
describe('validarConfiguracionCooperadora = configuracionCooperadora', () => {
  const ENORME = 'a'.repeat(1_000_000);
  const TEXTOS: unknown[] = [
    '',
    '   ',
    'Primer piso',
    '  con espacios  ',
    'Ñandú 🐢',
    'a\u0000b',
    'tab\tdentro',
    'bell\u0007',
    'del\u007f',
    'ab\uD800',
    '\uDC00cd',
    'x'.repeat(40),
    'x'.repeat(41),
    'x'.repeat(60),
    'x'.repeat(61),
    'x'.repeat(80),
    'x'.repeat(81),
    'x'.repeat(120),
    'x'.repeat(121),
    'x'.repeat(200),
    'x'.repeat(201),
    `${'x'.repeat(300)}\u0000`,
    `${'x'.repeat(39)}🐢`,
    `${'x'.repeat(40)}🐢`,
    '🐢'.repeat(120),
    '🐢'.repeat(121),
    ENORME,
    undefined,
    null,
    5,
    {},
  ];
  const ENLACES: unknown[] = [
    ...TEXTOS,
    'https://x.com/a',
    '  https://x.com/a  ',
    'http://x.com/a',
    'https://wa.me/5493415550462',
    'https://api.whatsapp.com/send?phone=1',
    'https://wa.me.engano.com/1',
    'javascript:alert(1)',
    'https://u:p@x.com/a',
    'https://localhost/a',
    'https://x.com/a b',
    `https://x.com/${'a'.repeat(480)}`,
    `https://x.com/${'a'.repeat(500)}`,
    'https://x.com/\u0000',
    'https://x.com/\uD800',
  ];
  const NUMEROS: unknown[] = [
    1,
    3,
    12,
    13,
    0,
    -1,
    1.5,
    120_000,
    120_000.5,
    100_000_000,
    100_000_001,
    2 ** 60,
    NaN,
    Infinity,
    '3',
    null,
    undefined,
  ];
  const CBUS: unknown[] = [
    ...TEXTOS,
    '3300123800004620000178',
    ' 3300123 8 0000462000017 8 ',
    '3300123800004620000179',
    '33001238-00004620000178',
    '3'.repeat(41),
  ];
  const ALIAS: unknown[] = [...TEXTOS, 'coope.escuela', ' coope-462 ', 'corto', 'a'.repeat(21)];
  const CUITS: unknown[] = [...TEXTOS, '30-71046246-8', ' 30710462468 ', '30-71046246-1'];
  const red = valida.redes[0]!;

  type Caso = unknown;
  const casos: Caso[] = [valida, { ...valida, cuotas: 1, suscripcion: null }];
  const con = (cambio: Record<string, unknown>) => casos.push({ ...valida, ...cambio });
  const enCuenta = (campo: string, v: unknown) =>
    con({ transferencia: { ...valida.transferencia, [campo]: v } });
  for (const v of NUMEROS) {
    con({ monto: v });
    con({ cuotas: v });
  }
  for (const v of NUMEROS) con({ cuotas: v, suscripcion: null });
  for (const v of TEXTOS) {
    enCuenta('titular', v);
    enCuenta('banco', v);
    con({ oficina: v });
    con({ suscripcion: { ...valida.suscripcion, proveedor: v } });
    con({ redes: [{ ...red, nombre: v }] });
  }
  for (const v of CBUS) enCuenta('cbu', v);
  for (const v of ALIAS) enCuenta('alias', v);
  for (const v of CUITS) enCuenta('cuit', v);
  for (const v of ENLACES) {
    con({ whatsapp: v });
    con({ suscripcion: { ...valida.suscripcion, url: v } });
    con({ redes: [red, { nombre: 'X', url: v }] });
  }
  for (const v of [undefined, 'x', [], {}, [valida.transferencia]]) con({ transferencia: v });
  for (const v of [undefined, 'x', [], {}]) con({ suscripcion: v });
  for (const v of [undefined, 'x', {}, [null], ['x'], [], Array(5).fill(red), Array(6).fill(red)])
    con({ redes: v });
  con({ redes: [...Array(5).fill(red), { nombre: '', url: 'x' }] });
  // Varios errores a la vez, y la suscripción que falta con otro campo mal (no se mira).
  con({ monto: 'x', oficina: '', suscripcion: null, redes: [{ nombre: '', url: '' }] });
  con({ monto: 0, suscripcion: null });
  con({ oficina: 'x'.repeat(300), suscripcion: null });
  con({ oficina: 5, suscripcion: null });
  con({ redes: Array(6).fill(red), suscripcion: null });
  con({ redes: [null], suscripcion: null });
  con({ transferencia: { ...valida.transferencia, cbu: 5 }, suscripcion: null });
  con({ transferencia: { ...valida.transferencia, cbu: '1' }, suscripcion: null });
  con({ whatsapp: `https://wa.me/${'🐢'.repeat(490)}` });
  for (const v of [undefined, null, 'x', [], 5]) casos.push(v);

  /** El formulario: el primer mensaje de cada ruta. */
  const porRuta = (errores: { ruta: PropertyKey[]; mensaje: string }[]) => {
    const r: Record<string, string> = {};
    for (const e of errores) r[e.ruta.map(String).join('.')] ??= e.mensaje;
    return r;
  };
  const titulo = (v: unknown) => {
    const t = JSON.stringify(v) ?? String(v);
    return t.length > 60 ? `${t.slice(0, 40)}…(${t.length})` : t;
  };

  test.each(casos.map((c, i) => [i, titulo(c), c]))('#%i %s', (_i, _t, c) => {
    const zod = configuracionCooperadora.safeParse(c);
    const plano = validarConfiguracionCooperadora(c);
    expect(plano.ok).toBe(zod.success);
    if (zod.success) expect(plano.ok && plano.datos).toEqual(zod.data);
    else
      expect(porRuta(plano.ok ? [] : plano.errores)).toEqual(
        porRuta(zod.error.issues.map((i) => ({ ruta: i.path, mensaje: i.message }))),
      );
  });

  test('la tabla tiene casos válidos e inválidos de cada clase', () => {
    const r = casos.map((c) => validarConfiguracionCooperadora(c).ok);
    expect(r.filter(Boolean).length).toBeGreaterThan(10);
    expect(r.filter((x) => !x).length).toBeGreaterThan(100);
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
