/**
 * La campana y las preferencias (issue 35 §2): cada persona ve, cuenta y marca sólo sus avisos
 * (ninguna entrada dice de quién), sin sesión nada; las preferencias de correo sólo de quien lo
 * recibe (un referente), validadas contra los modos de cada categoría, en una transacción y con
 * una fila del registro de consentimientos por guardado.
 */
import { and, eq, inArray } from 'drizzle-orm';
import {
  CATEGORIAS,
  CLAVE_AJUSTES_AVISOS,
  HORA_RESUMEN_POR_OMISION,
  MODO_POR_OMISION,
  NOMBRE_CATEGORIA,
} from '@/domain/avisos';
import { Rol } from '@/domain/roles';
import { AVISO_INEXISTENTE, CORREO_SOLO_FAMILIAS } from '@/server/api/routers/avisos/service';
import { esperaDeLaEscuela } from '@/server/avisos/ajustes';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import {
  alumnos,
  auditoria,
  avisos,
  avisosAjustes,
  avisosConsentimientos,
  avisosPreferencias,
  configuracion,
} from '@/server/db/schema';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerAnonimo, callerComo, idDeUsuario } from '../fixtures/contexto';
import { codigoDe, codigoYMensaje, errorDe, mensajeDe } from '../fixtures/errores';

const CICLO = 2026;
const HOY = '2026-05-12';
let c: Conexion;
let db: Db;
let refA: number;
let refB: number;
let alumnoU: number;
let preceptorU: number;
let hijoA: number;

const como = (email: string, rol: number) =>
  callerComo(db, email, rol, { ciclo: CICLO, hoy: HOY, ip: '203.0.113.7' });
const referenteA = () => como(EMAIL_DEMO.referente, Rol.ReferenteParental);
const referenteB = () => como(EMAIL_DEMO.referenteOtro, Rol.ReferenteParental);

/** Un aviso de la persona, `horas` antes del mediodía del 12/5. */
async function aviso(usuarioId: number, clave: string, horas: number, leido = false) {
  const creado = new Date(Date.parse('2026-05-12T15:00:00Z') - horas * 3_600_000);
  const [f] = await db
    .insert(avisos)
    .values({
      usuarioId,
      alumnoId: hijoA,
      categoria: 'inasistencia',
      clave,
      titulo: `Aviso ${clave}`,
      texto: `Texto de ${clave}.`,
      enlace: '/asistencias-externo',
      creado,
      actualizado: creado,
      leido: leido ? creado : null,
    })
    .returning({ id: avisos.id });
  return f!.id;
}

beforeAll(async () => {
  c = await crearEscuelaDePrueba(CICLO, HOY);
  db = c.db;
  refA = await idDeUsuario(db, EMAIL_DEMO.referente);
  refB = await idDeUsuario(db, EMAIL_DEMO.referenteOtro);
  alumnoU = await idDeUsuario(db, EMAIL_DEMO.alumno);
  preceptorU = await idDeUsuario(db, EMAIL_DEMO.preceptor);
  [{ id: hijoA }] = (await db
    .select({ id: alumnos.id })
    .from(alumnos)
    .where(eq(alumnos.usuarioId, alumnoU))) as [{ id: number }];
});
afterAll(() => c?.cerrar());

describe('la siembra', () => {
  test('referente.demo y alumno.demo tienen avisos sin leer, con el nombre y el curso del alumno', async () => {
    const a = await (await referenteA()).avisos.lista();
    expect(a.noLeidos).toBeGreaterThan(0);
    // Los de la asistencia y las medidas (src/server/db/seed/avisos.ts): de los dos hijos, uno leído.
    const sembrados = a.items.filter((i) => ['inasistencia', 'medida'].includes(i.categoria));
    expect(sembrados.some((i) => i.leido)).toBe(true);
    expect(sembrados.some((i) => !i.leido)).toBe(true);
    expect(new Set(sembrados.map((i) => i.alumnoId)).size).toBe(2);
    expect(sembrados.every((i) => /^[^,]+, [^(]+ \(\d° /.test(i.texto))).toBe(true);
    const al = await (await como(EMAIL_DEMO.alumno, Rol.Alumno)).avisos.noLeidos();
    expect(al).toBeGreaterThan(0);
    // El alumno ve sólo los suyos (no los de su hermana).
    const delAlumno = await db
      .select({ alumno: avisos.alumnoId })
      .from(avisos)
      .where(eq(avisos.usuarioId, alumnoU));
    expect(new Set(delAlumno.map((f) => f.alumno))).toEqual(new Set([hijoA]));
    // Ninguno de la demostración va por correo.
    expect(
      (
        await db
          .select({ correo: avisos.correo })
          .from(avisos)
          .where(inArray(avisos.categoria, ['inasistencia', 'medida']))
      ).every((f) => f.correo === 'no'),
    ).toBe(true);
  });
});

describe('cada uno, sólo sus avisos', () => {
  let deA: number[];
  let deB: number;
  beforeAll(async () => {
    await db.delete(avisos);
    deA = [
      await aviso(refA, 'a1', 30, true),
      await aviso(refA, 'a2', 20),
      await aviso(refA, 'a3', 10),
      await aviso(refA, 'a4', 1),
    ];
    deB = await aviso(refB, 'b1', 5);
    await aviso(alumnoU, 'al1', 3);
    await aviso(preceptorU, 'p1', 2);
  });

  test('noLeidos y la lista: los propios, del más nuevo al más viejo, con el filtro de no leídos', async () => {
    const a = await referenteA();
    expect(await a.avisos.noLeidos()).toBe(3);
    const l = await a.avisos.lista();
    expect(l.items.map((i) => i.titulo)).toEqual(['Aviso a4', 'Aviso a3', 'Aviso a2', 'Aviso a1']);
    expect(l.items.map((i) => i.leido)).toEqual([false, false, false, true]);
    expect(l.noLeidos).toBe(3);
    expect(l.siguiente).toBeNull();
    const [primero] = l.items;
    expect(primero).toMatchObject({
      // 14:00 UTC = 11:00 en la escuela.
      fecha: '12/05/2026 11:00',
      alumnoId: hijoA,
      categoria: 'inasistencia',
      categoriaNombre: NOMBRE_CATEGORIA.inasistencia,
      enlace: '/asistencias-externo',
      texto: 'Texto de a4.',
      editado: false,
    });
    expect(primero!.alumno).toMatch(/^[^,]+, .+$/);
    const noLeidos = await a.avisos.lista({ noLeidos: true });
    expect(noLeidos.items.map((i) => i.titulo)).toEqual(['Aviso a4', 'Aviso a3', 'Aviso a2']);
    // Páginas: dos y dos.
    const p1 = await a.avisos.lista({ limit: 2 });
    expect(p1.items.map((i) => i.titulo)).toEqual(['Aviso a4', 'Aviso a3']);
    expect(p1.siguiente).toBe(2);
    const p2 = await a.avisos.lista({ limit: 2, cursor: 2 });
    expect(p2.items.map((i) => i.titulo)).toEqual(['Aviso a2', 'Aviso a1']);
    expect(p2.siguiente).toBeNull();
    // El otro referente, el alumno y el preceptor: los suyos.
    expect((await (await referenteB()).avisos.lista()).items.map((i) => i.titulo)).toEqual([
      'Aviso b1',
    ]);
    expect(
      (await (await como(EMAIL_DEMO.alumno, Rol.Alumno)).avisos.lista()).items.map((i) => i.titulo),
    ).toEqual(['Aviso al1']);
    const p = await como(EMAIL_DEMO.preceptor, Rol.Preceptor);
    expect(await p.avisos.noLeidos()).toBe(1);
    expect((await p.avisos.lista()).items.map((i) => i.titulo)).toEqual(['Aviso p1']);
  });

  test('el referente A no marca el aviso del referente B: 404 y el aviso sigue sin leer', async () => {
    const a = await referenteA();
    expect(await codigoYMensaje(a.avisos.marcarLeido({ id: deB }))).toEqual({
      code: 'NOT_FOUND',
      message: AVISO_INEXISTENTE,
    });
    const [b] = await db.select({ leido: avisos.leido }).from(avisos).where(eq(avisos.id, deB));
    expect(b!.leido).toBeNull();
    expect(await (await referenteB()).avisos.noLeidos()).toBe(1);
    // Un id que no existe: lo mismo.
    expect(await codigoDe(a.avisos.marcarLeido({ id: 999_999 }))).toBe('NOT_FOUND');
  });

  test('marcar uno y marcar todos: sólo los propios; el del otro referente no se toca', async () => {
    const a = await referenteA();
    expect(await a.avisos.marcarLeido({ id: deA[3]! })).toEqual({ noLeidos: 2 });
    // Otra vez: sigue leído (con la fecha de la primera vez).
    const [antes] = await db
      .select({ leido: avisos.leido })
      .from(avisos)
      .where(eq(avisos.id, deA[3]!));
    expect(await a.avisos.marcarLeido({ id: deA[3]! })).toEqual({ noLeidos: 2 });
    const [despues] = await db
      .select({ leido: avisos.leido })
      .from(avisos)
      .where(eq(avisos.id, deA[3]!));
    expect(despues!.leido).toEqual(antes!.leido);
    expect(await a.avisos.marcarTodos()).toEqual({ marcados: 2, noLeidos: 0 });
    expect(await a.avisos.noLeidos()).toBe(0);
    expect(await (await referenteB()).avisos.noLeidos()).toBe(1);
    expect(await (await como(EMAIL_DEMO.alumno, Rol.Alumno)).avisos.noLeidos()).toBe(1);
  });

  test('sin sesión: 401 en todos', async () => {
    const anon = callerAnonimo(db);
    for (const p of [
      anon.avisos.noLeidos(),
      anon.avisos.lista(),
      anon.avisos.marcarLeido({ id: deB }),
      anon.avisos.marcarTodos(),
      anon.avisos.preferencias(),
      anon.avisos.guardarPreferencias({ modos: [], horaResumen: 8 }),
    ])
      expect(await codigoDe(p)).toBe('UNAUTHORIZED');
    expect(await (await referenteB()).avisos.noLeidos()).toBe(1);
  });

  test('una entrada con otro usuario no cambia de quién son: la sesión manda', async () => {
    const a = await referenteA();
    // Campos de más se ignoran: la lista sigue siendo la de A.
    const l = await a.avisos.lista({ usuarioId: refB } as never);
    expect(l.items.every((i) => i.titulo.startsWith('Aviso a'))).toBe(true);
    expect(await codigoDe(a.avisos.marcarLeido({ id: deB, usuarioId: refB } as never))).toBe(
      'NOT_FOUND',
    );
  });
});

describe('preferencias', () => {
  beforeEach(async () => {
    await db.delete(avisosPreferencias);
    await db.delete(avisosAjustes);
    await db.delete(avisosConsentimientos);
  });

  test('sin nada guardado: el modo de omisión de cada categoría, sus modos y la hora de omisión', async () => {
    const p = await (await referenteA()).avisos.preferencias();
    expect(p.correo).toBe(true);
    expect(p.horaResumen).toBe(HORA_RESUMEN_POR_OMISION);
    expect(p.categorias.map((x) => x.categoria)).toEqual([...CATEGORIAS]);
    for (const x of p.categorias) expect(x.modo).toBe(MODO_POR_OMISION[x.categoria]);
    expect(p.categorias.find((x) => x.categoria === 'evaluacion')!.modos).toEqual([
      'no',
      'resumen',
    ]);
    expect(p.categorias.find((x) => x.categoria === 'medida')!.modos).toEqual([
      'no',
      'inmediato',
      'resumen',
    ]);
  });

  test('guardar: los cambios, la hora y UNA fila de consentimiento con antes, después y la IP', async () => {
    const a = await referenteA();
    const r = await a.avisos.guardarPreferencias({
      modos: [
        { categoria: 'medida', modo: 'no' },
        { categoria: 'notas', modo: 'inmediato' },
        // Igual a la de omisión: no es un cambio.
        { categoria: 'inasistencia', modo: 'inmediato' },
      ],
      horaResumen: 7,
    });
    expect(r).toEqual({ cambios: 3 });
    const p = await a.avisos.preferencias();
    expect(p.horaResumen).toBe(7);
    const modo = (cat: string) => p.categorias.find((x) => x.categoria === cat)!.modo;
    expect([modo('medida'), modo('notas'), modo('inasistencia')]).toEqual([
      'no',
      'inmediato',
      'inmediato',
    ]);
    expect(
      await db
        .select({ categoria: avisosPreferencias.categoria, modo: avisosPreferencias.modo })
        .from(avisosPreferencias)
        .where(eq(avisosPreferencias.usuarioId, refA))
        .orderBy(avisosPreferencias.categoria),
    ).toEqual([
      { categoria: 'medida', modo: 'no' },
      { categoria: 'notas', modo: 'inmediato' },
    ]);
    const consentimientos = await db.select().from(avisosConsentimientos);
    expect(consentimientos).toHaveLength(1);
    expect(consentimientos[0]).toMatchObject({
      usuarioId: refA,
      ip: '203.0.113.7',
      origen: 'preferencias',
      cambios: [
        { categoria: 'medida', antes: 'inmediato', despues: 'no' },
        { categoria: 'notas', antes: 'resumen', despues: 'inmediato' },
        { categoria: 'hora', antes: '18', despues: '7' },
      ],
    });
    // Guardar lo mismo otra vez: sin cambios, ninguna fila nueva.
    expect(
      await a.avisos.guardarPreferencias({
        modos: [{ categoria: 'medida', modo: 'no' }],
        horaResumen: 7,
      }),
    ).toEqual({ cambios: 0 });
    expect(await db.select().from(avisosConsentimientos)).toHaveLength(1);
    // El otro referente sigue con lo de omisión.
    const b = await (await referenteB()).avisos.preferencias();
    expect(b.horaResumen).toBe(HORA_RESUMEN_POR_OMISION);
    expect(b.categorias.every((x) => x.modo === MODO_POR_OMISION[x.categoria])).toBe(true);
  });

  test('las evaluaciones no llegan "en el momento": 400 en castellano y nada cambia', async () => {
    const a = await referenteA();
    const e = await errorDe(
      a.avisos.guardarPreferencias({
        modos: [
          { categoria: 'medida', modo: 'no' },
          { categoria: 'evaluacion', modo: 'inmediato' },
        ],
        horaResumen: 9,
      }),
    );
    expect(e.code).toBe('BAD_REQUEST');
    expect(mensajeDe(e)).toBe(
      'Evaluaciones de los próximos 7 días: sólo llegan en el resumen diario (o no se reciben por correo).',
    );
    expect(await db.select().from(avisosPreferencias)).toEqual([]);
    expect(await db.select().from(avisosAjustes)).toEqual([]);
    expect(await db.select().from(avisosConsentimientos)).toEqual([]);
  });

  test.each([
    [{ modos: [{ categoria: 'medida', modo: 'siempre' }], horaResumen: 8 }, 'BAD_REQUEST'],
    [{ modos: [{ categoria: 'otra', modo: 'no' }], horaResumen: 8 }, 'BAD_REQUEST'],
    [{ modos: [], horaResumen: 24 }, 'BAD_REQUEST'],
    [{ modos: [], horaResumen: -1 }, 'BAD_REQUEST'],
    [
      {
        modos: [
          { categoria: 'medida', modo: 'no' },
          { categoria: 'medida', modo: 'resumen' },
        ],
        horaResumen: 8,
      },
      'BAD_REQUEST',
    ],
  ])('entrada inválida %j: %s y nada escrito', async (entrada, codigo) => {
    const a = await referenteA();
    const e = await errorDe(a.avisos.guardarPreferencias(entrada as never));
    expect(e.code).toBe(codigo);
    expect(mensajeDe(e)).not.toMatch(/\b(Invalid|expected|received)\b/);
    expect(await db.select().from(avisosPreferencias)).toEqual([]);
    expect(await db.select().from(avisosConsentimientos)).toEqual([]);
  });

  test('quien no recibe correos (alumno, personal) las ve sin correo y no las guarda: 403', async () => {
    for (const [email, rol] of [
      [EMAIL_DEMO.alumno, Rol.Alumno],
      [EMAIL_DEMO.preceptor, Rol.Preceptor],
      [EMAIL_DEMO.admin, Rol.Admin],
    ] as const) {
      const x = await como(email, rol);
      expect((await x.avisos.preferencias()).correo).toBe(false);
      expect(
        await codigoYMensaje(
          x.avisos.guardarPreferencias({
            modos: [{ categoria: 'medida', modo: 'no' }],
            horaResumen: 8,
          }),
        ),
      ).toEqual({ code: 'FORBIDDEN', message: CORREO_SOLO_FAMILIAS });
    }
    expect(await db.select().from(avisosPreferencias)).toEqual([]);
    expect(await db.select().from(avisosConsentimientos)).toEqual([]);
  });
});

describe('la espera de la escuela antes de avisar una inasistencia', () => {
  const espera = async () =>
    (await db.select().from(configuracion).where(eq(configuracion.clave, CLAVE_AJUSTES_AVISOS)))[0]
      ?.valor ?? null;

  test('Admin y Regente la ven (15 minutos sin configurar) y la guardan, auditada; el trabajador la usa', async () => {
    const admin = await como(EMAIL_DEMO.admin, Rol.Admin);
    expect(await admin.avisos.ajustesEscuela()).toEqual({ esperaMinutos: 15 });
    expect(await admin.avisos.guardarAjustesEscuela({ esperaMinutos: 30 })).toEqual({
      esperaMinutos: 30,
    });
    expect(await espera()).toEqual({ esperaMinutos: 30 });
    expect(await esperaDeLaEscuela(db)).toBe(30 * 60);
    const regente = await como(EMAIL_DEMO.regente, Rol.Regente);
    expect(await regente.avisos.ajustesEscuela()).toEqual({ esperaMinutos: 30 });
    await regente.avisos.guardarAjustesEscuela({ esperaMinutos: 0 });
    expect(await esperaDeLaEscuela(db)).toBe(0);
    const auditadas = await db
      .select({ accion: auditoria.accion, antes: auditoria.antes, despues: auditoria.despues })
      .from(auditoria)
      .where(
        and(eq(auditoria.entidad, 'configuracion'), eq(auditoria.entidadId, CLAVE_AJUSTES_AVISOS)),
      )
      .orderBy(auditoria.id);
    expect(auditadas).toEqual([
      { accion: 'crear', antes: null, despues: { esperaMinutos: 30 } },
      { accion: 'editar', antes: { esperaMinutos: 30 }, despues: { esperaMinutos: 0 } },
    ]);
  });

  test('los demás roles no la ven ni la cambian: 403, y nada cambia', async () => {
    const antes = await espera();
    for (const [email, rol] of [
      [EMAIL_DEMO.alumnado, Rol.Alumnado],
      [EMAIL_DEMO.preceptor, Rol.Preceptor],
      [EMAIL_DEMO.jefePreceptores, Rol.JefePreceptor],
      [EMAIL_DEMO.referente, Rol.ReferenteParental],
      [EMAIL_DEMO.alumno, Rol.Alumno],
    ] as const) {
      const x = await como(email, rol);
      expect(await codigoDe(x.avisos.ajustesEscuela())).toBe('FORBIDDEN');
      expect(await codigoDe(x.avisos.guardarAjustesEscuela({ esperaMinutos: 5 }))).toBe(
        'FORBIDDEN',
      );
    }
    expect(
      await codigoDe(callerAnonimo(db).avisos.guardarAjustesEscuela({ esperaMinutos: 5 })),
    ).toBe('UNAUTHORIZED');
    expect(await espera()).toEqual(antes);
  });

  test.each([[-1], [121], [1.5], ['quince'], [null]])(
    'una espera inválida (%j): 400 en castellano y nada cambia',
    async (valor) => {
      const antes = await espera();
      const admin = await como(EMAIL_DEMO.admin, Rol.Admin);
      const e = await errorDe(
        admin.avisos.guardarAjustesEscuela({ esperaMinutos: valor as never }),
      );
      expect(e.code).toBe('BAD_REQUEST');
      expect(mensajeDe(e)).toContain('Espera antes de avisar una inasistencia');
      expect(await espera()).toEqual(antes);
    },
  );
});
