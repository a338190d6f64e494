/**
 * La cuota de la cooperadora como configuración anual (spec 02 §9; issue 11 ítem 1): Admin la
 * guarda por ciclo (auditado, enlaces https validados), el referente parental la lee (la del
 * ciclo en curso, también en mishijos) y los demás roles reciben 403.
 */
import { and, eq } from 'drizzle-orm';
import { claveCuota, type ConfiguracionCooperadoraEntrada } from '@/domain/cooperadora';
import { Rol, TODOS_LOS_ROLES } from '@/domain/roles';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO, EMAIL_DEMO_POR_ROL } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { CUOTA_COOPERADORA } from '@/server/db/seed/estructura';
import { momentoEscolar } from '@/server/reloj';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo } from '../fixtures/contexto';
import { fallo } from '../fixtures/errores';

const ciclo = momentoEscolar().ciclo;

let c: Conexion;
let db: Db;
beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo);
  db = c.db;
});
afterAll(() => c?.cerrar());

const como = (email: string, rol: number) => callerComo(db, email, rol, { ciclo, ip: '10.1.2.3' });
const admin = () => como(EMAIL_DEMO.admin, Rol.Admin);
const referente = () => como(EMAIL_DEMO.referente, Rol.ReferenteParental);

const nueva: ConfiguracionCooperadoraEntrada = {
  monto: 150_000,
  cuotas: 3,
  transferencia: {
    titular: 'Asociación Cooperadora E.T. 462',
    banco: 'Banco Municipal de Rosario',
    cbu: '3300123800004620000178',
    alias: 'coope.et462.nueva',
    cuit: '30710462468',
  },
  suscripcion: {
    proveedor: 'Mercado Pago',
    url: 'https://www.mercadopago.com.ar/subscriptions/checkout?preapproval_plan_id=abc',
  },
  oficina: 'Primer piso, martes y jueves de 9 a 11.',
  whatsapp: 'https://wa.me/5493410000000',
  redes: [{ nombre: 'Instagram', url: 'https://www.instagram.com/coope.nueva' }],
};

const filaDe = async (anio: number) =>
  (
    await db
      .select()
      .from(s.configuracion)
      .where(eq(s.configuracion.clave, claveCuota(anio)))
  )[0];

describe('leer la cuota (inscripcion.cooperadora)', () => {
  test('el referente ve la del ciclo en curso, con la cuenta, la suscripción y los enlaces', async () => {
    const r = await (await referente()).inscripcion.cooperadora();
    expect(r.ciclo).toBe(ciclo);
    expect(r.cuota).toEqual(CUOTA_COOPERADORA);
    expect(r.base).toBeNull();
  });

  test('el referente no elige otro ciclo: siempre ve el que corre', async () => {
    const r = await (await referente()).inscripcion.cooperadora({ ciclo: ciclo + 1 });
    expect(r.ciclo).toBe(ciclo);
  });

  test('mishijos trae la misma configuración para el bloque del formulario', async () => {
    const r = await (await referente()).inscripcion.mishijos();
    expect(r.cuota).toMatchObject({
      ...CUOTA_COOPERADORA,
      opciones: ['Un pago de $ 120.000', '3 cuotas de $ 40.000'],
    });
  });

  test('la semilla trae la del ciclo en curso y la del siguiente', async () => {
    expect((await (await admin()).inscripcion.cooperadora({ ciclo: ciclo + 1 })).cuota).toEqual(
      CUOTA_COOPERADORA,
    );
  });

  test('un ciclo sin configurar: Admin recibe la del último configurado como base', async () => {
    const fila = (await filaDe(ciclo + 1))!;
    await db.delete(s.configuracion).where(eq(s.configuracion.clave, fila.clave));
    try {
      const r = await (await admin()).inscripcion.cooperadora({ ciclo: ciclo + 1 });
      expect(r).toMatchObject({ ciclo: ciclo + 1, actual: ciclo, cuota: null });
      expect(r.base).toEqual({ ciclo, cuota: CUOTA_COOPERADORA });
      // Antes del primero configurado no hay base.
      expect((await (await admin()).inscripcion.cooperadora({ ciclo: 2021 })).base).toBeNull();
    } finally {
      await db.insert(s.configuracion).values(fila);
    }
  });

  test('una fila vieja ({ monto, cuotas }) se lee como sin configurar, no a medias', async () => {
    await db
      .insert(s.configuracion)
      .values({ clave: claveCuota(2022), valor: { monto: 1, cuotas: 1 } });
    const r = await (await admin()).inscripcion.cooperadora({ ciclo: 2022 });
    expect(r.cuota).toBeNull();
  });
});

describe('guardar la cuota (inscripcion.guardarCooperadora)', () => {
  test('Admin guarda la del ciclo siguiente: normalizada, auditada con el antes y el después', async () => {
    const antes = (await filaDe(ciclo + 1))!.valor;
    const r = await (
      await admin()
    ).inscripcion.guardarCooperadora({ ciclo: ciclo + 1, cuota: nueva });
    expect(r.cuota.transferencia).toMatchObject({
      alias: 'COOPE.ET462.NUEVA',
      cuit: '30-71046246-8',
    });
    expect((await filaDe(ciclo + 1))!.valor).toEqual(r.cuota);
    // La del ciclo en curso no cambia: el referente sigue viendo $ 120.000.
    expect((await (await referente()).inscripcion.cooperadora()).cuota!.monto).toBe(120_000);
    const [aud] = await db
      .select()
      .from(s.auditoria)
      .where(
        and(
          eq(s.auditoria.entidad, 'configuracion'),
          eq(s.auditoria.entidadId, claveCuota(ciclo + 1)),
        ),
      );
    expect(aud).toMatchObject({ accion: 'editar', rol: Rol.Admin, ip: '10.1.2.3' });
    expect(aud!.antes).toEqual(antes);
    expect(aud!.despues).toEqual(r.cuota);
  });

  test('Admin guarda la del ciclo en curso y el referente la ve en la inscripción', async () => {
    await (await admin()).inscripcion.guardarCooperadora({ ciclo, cuota: nueva });
    const r = await (await referente()).inscripcion.mishijos();
    expect(r.cuota).toMatchObject({ monto: 150_000, oficina: nueva.oficina });
    expect(r.cuota!.opciones).toEqual(['Un pago de $ 150.000', '3 cuotas de $ 50.000']);
  });

  test('un ciclo que no existía se crea (auditado como crear)', async () => {
    await (await admin()).inscripcion.guardarCooperadora({ ciclo: 2021, cuota: nueva });
    expect((await filaDe(2021))?.valor).toMatchObject({ monto: 150_000 });
    const [aud] = await db
      .select()
      .from(s.auditoria)
      .where(
        and(eq(s.auditoria.entidad, 'configuracion'), eq(s.auditoria.entidadId, 'cuota.2021')),
      );
    expect(aud).toMatchObject({ accion: 'crear', antes: null });
  });

  test.each<[string, Partial<ConfiguracionCooperadoraEntrada>, string]>([
    [
      'suscripción por http',
      { suscripcion: { proveedor: 'Mercado Pago', url: 'http://mpago.la/abc' } },
      'Suscripción: debe ser un enlace que empiece con https://.',
    ],
    [
      'WhatsApp con javascript:',
      { whatsapp: 'javascript:alert(1)' },
      'WhatsApp: debe ser un enlace https://wa.me/… o de whatsapp.com.',
    ],
    [
      'red social sin https',
      { redes: [{ nombre: 'Facebook', url: 'ftp://facebook.com/x' }] },
      'Red social: debe ser un enlace que empiece con https://.',
    ],
    [
      'CBU mal copiado',
      { transferencia: { ...nueva.transferencia, cbu: '3300123800004620000179' } },
      'CBU: 22 dígitos (revise que esté bien copiado).',
    ],
  ])('%s: 400 en castellano, nada escrito', async (_caso, cambio, mensaje) => {
    const antes = await filaDe(ciclo);
    const r = await fallo(
      (await admin()).inscripcion.guardarCooperadora({ ciclo, cuota: { ...nueva, ...cambio } }),
    );
    expect(r).toEqual({ status: 400, message: mensaje });
    expect(await filaDe(ciclo)).toEqual(antes);
  });

  test('un ciclo fuera de rango: 400', async () => {
    expect(
      await fallo(
        (await admin()).inscripcion.guardarCooperadora({ ciclo: ciclo + 2, cuota: nueva }),
      ),
    ).toEqual({ status: 400, message: 'El ciclo lectivo no es válido.' });
  });

  test('un arreglo en lugar de la cuota: 400', async () => {
    expect(
      await fallo(
        (await admin()).inscripcion.guardarCooperadora({ ciclo, cuota: [nueva] } as never),
      ),
    ).toMatchObject({ status: 400 });
  });
});

describe('acceso', () => {
  const otros = TODOS_LOS_ROLES.filter((r) => r !== Rol.Admin);
  test.each(otros)('el rol %i no guarda la cuota (403, nada escrito)', async (rol) => {
    const antes = await filaDe(ciclo);
    expect(
      await fallo(
        (await como(EMAIL_DEMO_POR_ROL[rol], rol)).inscripcion.guardarCooperadora({
          ciclo,
          cuota: { ...nueva, monto: 1 },
        }),
      ),
    ).toMatchObject({ status: 403 });
    expect(await filaDe(ciclo)).toEqual(antes);
  });

  test.each(otros.filter((r) => r !== Rol.ReferenteParental))(
    'el rol %i no la lee (403)',
    async (rol) => {
      expect(
        await fallo((await como(EMAIL_DEMO_POR_ROL[rol], rol)).inscripcion.cooperadora()),
      ).toMatchObject({ status: 403 });
    },
  );
});
