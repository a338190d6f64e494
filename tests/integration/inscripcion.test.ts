/**
 * Inscripción anual (spec 02 §2, §3, §4, §5, §7, §8; issue 5): los hijos del referente, la
 * inscripción con ficha médica y comprobante en una transacción, el doble envío, el
 * comprobante reconocido por su contenido, el inglés técnico, la lectura auditada de la ficha
 * médica, los IDOR (un referente nunca ve ni inscribe al hijo de otra familia, por tRPC ni por
 * REST) y el seguimiento de Alumnado.
 */
import { momentoEscolar } from '@/server/reloj';
import { TRPCError } from '@trpc/server';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  COMPROBANTE_CON_HTML,
  COMPROBANTE_DEMASIADO_GRANDE,
  SOLO_JPG_JPEG_PDF,
  TAMANIO_MAXIMO_COMPROBANTE,
  inglesYaDeclarado,
} from '@/domain/inscripcion';

import { Rol } from '@/domain/roles';
import { LIMITE_INSCRIPCION, leerCuerpo } from '@/server/api/cuerpo';
import { documentoOpenApi, encontrarRuta, llamar } from '@/server/api/rest';
import { CUIL_INVALIDO } from '@/server/api/routers/inscripcion/schemas';
import {
  NO_ELEGIBLE_INGLES,
  REFERENTE_INCOMPLETO,
  YA_VINCULADO,
  inscripcionYaEnviada,
  primeroInscribir,
} from '@/server/api/routers/inscripcion/service';
import { crearContexto } from '@/server/api/trpc';
import { VINCULO_PENDIENTE } from '@/server/consultas/referentes';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { PDF_DEMO } from '@/server/db/seed/inscripcion';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo, sesionDe } from '../fixtures/contexto';
import { fallo } from '../fixtures/errores';
import { pedirRest } from '../fixtures/rest';

const ciclo = momentoEscolar().ciclo;

let c: Conexion;
let db: Db;
beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo);
  db = c.db;
});
afterAll(() => c?.cerrar());

const como = (email: string, rol: number) => callerComo(db, email, rol, { ciclo });
const referente = () => como(EMAIL_DEMO.referente, Rol.ReferenteParental);
const otroReferente = () => como(EMAIL_DEMO.referenteOtro, Rol.ReferenteParental);

/** Los hijos de un referente de demostración, por nombre. */
async function hijosDe(email: string) {
  const filas = await db
    .select({ id: s.alumnos.id, nombre: s.alumnos.nombre })
    .from(s.alumnosReferentes)
    .innerJoin(s.alumnos, eq(s.alumnos.id, s.alumnosReferentes.alumnoId))
    .innerJoin(s.referentes, eq(s.referentes.id, s.alumnosReferentes.referenteId))
    .innerJoin(s.usuarios, eq(s.usuarios.id, s.referentes.usuarioId))
    .where(eq(sql`lower(${s.usuarios.email})`, email))
    .orderBy(asc(s.alumnos.id));
  return Object.fromEntries(filas.map((f) => [f.nombre, f.id]));
}

/** El alumno de demostración (por su usuario: su email de contacto cambia al inscribirlo). */
async function alumnoDemo() {
  const [a] = await db
    .select({ id: s.alumnos.id, nombre: s.alumnos.nombre })
    .from(s.alumnos)
    .innerJoin(s.usuarios, eq(s.usuarios.id, s.alumnos.usuarioId))
    .where(eq(sql`lower(${s.usuarios.email})`, EMAIL_DEMO.alumno));
  return a!;
}

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const EXE = Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00', 'latin1');
const archivo = (bytes: Buffer, nombre: string, tipo = 'application/octet-stream') =>
  new File([new Uint8Array(bytes)], nombre, { type: tipo });

/** El formulario como llega por multipart: todo texto, las casillas "true"/"false". */
function formulario(alumno: number, cambios: Record<string, unknown> = {}) {
  return {
    alumno: String(alumno),
    email: 'hijo.demo@gmail.com',
    codarea: '341',
    telefono: '5551234',
    cuil: '20123456783',
    calle: 'Córdoba',
    altura: '1450',
    localidad: 'Rosario',
    grupoSanguineo: 'A',
    factorRH: '+',
    pesoKilogramos: '52.5',
    alturaCentimetros: '160',
    tieneServicioEmergencia: 'true',
    nombreServicioEmergencia: 'Emergencias Rosario',
    carnetServicioEmergencia: '123',
    telefonoServicioEmergencia: '341 4000000',
    tieneObraSocial: 'false',
    nombreObraSocial: 'No debería guardarse',
    asmaBronquial: 'true',
    hernias: 'false',
    alergias: 'Penicilina',
    puedeRealizarActividadFisica: 'Sí',
    comprobante: archivo(JPEG, 'recibo.jpg', 'image/jpeg'),
    ...cambios,
  } as never;
}

const contar = async () => ({
  inscripciones: (await db.select({ n: count() }).from(s.inscripcionesAnuales))[0]!.n,
  fichas: (await db.select({ n: count() }).from(s.fichasMedicas))[0]!.n,
  archivos: (await db.select({ n: count() }).from(s.archivos))[0]!.n,
});

describe('mis hijos para inscribir (GET /api/mishijos/inscripcion)', () => {
  test('datos completos del referente, sus dos hijos sin inscribir, elegibilidad del inglés y cuota', async () => {
    const r = await (await referente()).inscripcion.mishijos();
    expect(r.ciclo).toBe(ciclo);
    expect(r.referente).toMatchObject({ email: EMAIL_DEMO.referente, completo: true });
    expect(r.hijos).toHaveLength(2);
    expect(r.hijos.every((h) => !h.inscripto && h.inscripcion === null)).toBe(true);
    const porAnio = Object.fromEntries(r.hijos.map((h) => [h.curso!.anio, h.ingles.elegibilidad]));
    // 4° año hoy, 3° el ciclo anterior: elegible; 2° hoy, 1° antes: no.
    expect(porAnio[4]).toEqual({ elegible: true, anio: 3 });
    expect(porAnio[2]).toMatchObject({ elegible: false, anio: 1 });
    expect(r.mostrarIngles).toBe(false);
    expect(r.cuota).toMatchObject({ monto: 120000, cuotas: 3 });
    expect(r.cuota!.opciones).toEqual(['Un pago de $ 120.000', '3 cuotas de $ 40.000']);
  });

  test('sólo para referentes parentales', async () => {
    expect(
      await fallo((await como(EMAIL_DEMO.alumno, Rol.Alumno)).inscripcion.mishijos()),
    ).toMatchObject({
      status: 403,
    });
  });
});

describe('inscribir a un hijo (POST /api/alumnos/{id}/inscribir)', () => {
  test('guarda inscripción, ficha médica y comprobante juntos; auditado sin datos médicos', async () => {
    const { Valentina } = await hijosDe(EMAIL_DEMO.referente);
    const antes = await contar();
    const r = await (await referente()).inscripcion.inscribir(formulario(Valentina!));
    expect(r).toMatchObject({ ciclo, alumno: Valentina, estado: 'pendiente' });
    expect(await contar()).toEqual({
      inscripciones: antes.inscripciones + 1,
      fichas: antes.fichas + 1,
      archivos: antes.archivos + 1,
    });
    const [i] = await db
      .select()
      .from(s.inscripcionesAnuales)
      .where(eq(s.inscripcionesAnuales.id, r.orden));
    expect(i).toMatchObject({
      cuil: '20-12345678-3',
      telefono: '341 5551234',
      calle: 'Córdoba',
      estado: 'pendiente',
    });
    const [f] = await db
      .select()
      .from(s.fichasMedicas)
      .where(eq(s.fichasMedicas.inscripcionId, r.orden));
    expect(f).toMatchObject({
      grupoSanguineo: 'A',
      factorRh: '+',
      pesoKilogramos: 52.5,
      tieneServicioEmergencia: true,
      nombreServicioEmergencia: 'Emergencias Rosario',
      tieneObraSocial: false,
      nombreObraSocial: null,
    });
    expect(f!.antecedentes).toMatchObject({ asmaBronquial: true, hernias: false, diabetes: false });
    expect(f!.respuestas).toMatchObject({ alergias: 'Penicilina', medicacion: '' });
    const [a] = await db.select().from(s.archivos).where(eq(s.archivos.id, i!.comprobanteId));
    expect(a).toMatchObject({ tipo: 'image/jpeg', nombre: 'recibo.jpg', tamanio: JPEG.length });
    expect(Buffer.compare(a!.datos, JPEG)).toBe(0);
    const [alumno] = await db.select().from(s.alumnos).where(eq(s.alumnos.id, Valentina!));
    expect(alumno).toMatchObject({ email: 'hijo.demo@gmail.com', telefono: '341 5551234' });
    const [aud] = await db
      .select()
      .from(s.auditoria)
      .where(
        and(
          eq(s.auditoria.entidad, 'inscripciones_anuales'),
          eq(s.auditoria.entidadId, String(r.orden)),
        ),
      );
    expect(aud).toMatchObject({ accion: 'inscribir', rol: Rol.ReferenteParental });
    expect(JSON.stringify(aud!.despues)).not.toMatch(/asma|Penicilina|grupo/i);

    // Después, de sólo lectura: un segundo envío no cambia nada.
    const despues = await contar();
    expect(await fallo((await referente()).inscripcion.inscribir(formulario(Valentina!)))).toEqual({
      status: 409,
      message: inscripcionYaEnviada(`${alumno!.apellido}, ${alumno!.nombre}`, ciclo),
    });
    expect(await contar()).toEqual(despues);
  });

  test('doble envío desde dos pestañas a la vez: uno solo se guarda, sin archivo huérfano', async () => {
    const { Lucía } = await hijosDe(EMAIL_DEMO.referenteOtro);
    // Lucía ya está inscripta por la siembra: se usa un hijo nuevo del otro referente.
    expect(Lucía).toBeDefined();
    const [nuevo] = await db
      .insert(s.alumnos)
      .values({ dni: 99_000_001, apellido: 'Giménez', nombre: 'Tomás' })
      .returning({ id: s.alumnos.id });
    const [ref] = await db
      .select({ id: s.referentes.id })
      .from(s.referentes)
      .innerJoin(s.usuarios, eq(s.usuarios.id, s.referentes.usuarioId))
      .where(eq(sql`lower(${s.usuarios.email})`, EMAIL_DEMO.referenteOtro));
    await db
      .insert(s.alumnosReferentes)
      .values({ alumnoId: nuevo!.id, referenteId: ref!.id, confirmado: true });
    const antes = await contar();
    const r = await Promise.allSettled([
      (await otroReferente()).inscripcion.inscribir(formulario(nuevo!.id)),
      (await otroReferente()).inscripcion.inscribir(formulario(nuevo!.id)),
    ]);
    expect(r.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    const rechazo = r.find((x) => x.status === 'rejected') as PromiseRejectedResult;
    expect(rechazo.reason).toBeInstanceOf(TRPCError);
    expect((rechazo.reason as TRPCError).code).toBe('CONFLICT');
    expect(await contar()).toEqual({
      inscripciones: antes.inscripciones + 1,
      fichas: antes.fichas + 1,
      archivos: antes.archivos + 1,
    });
  });

  test.each([
    ['un PNG', archivo(PNG, 'recibo.png', 'image/png')],
    ['un SVG con extensión .pdf', archivo(SVG, 'recibo.pdf', 'application/pdf')],
    ['un ejecutable renombrado .jpg', archivo(EXE, 'recibo.jpg', 'image/jpeg')],
    ['un archivo vacío', archivo(Buffer.alloc(0), 'recibo.pdf', 'application/pdf')],
  ])(
    '%s como comprobante: "Solo se aceptan formatos JPG, JPEG o PDF", nada escrito',
    async (_d, f) => {
      const [hijo] = Object.values(await hijosDe(EMAIL_DEMO.referente));
      const antes = await contar();
      expect(
        await fallo(
          (await referente()).inscripcion.inscribir(formulario(hijo!, { comprobante: f })),
        ),
      ).toEqual({ status: 400, message: SOLO_JPG_JPEG_PDF });
      expect(await contar()).toEqual(antes);
    },
  );

  test.each([
    ['un JPEG', JPEG],
    ['un PDF', Buffer.from('%PDF-1.4\n')],
  ])(
    '%s con HTML después de la cabecera (políglota): 400 en castellano, nada escrito',
    async (_d, cabecera) => {
      const [hijo] = Object.values(await hijosDe(EMAIL_DEMO.referente));
      const poliglota = Buffer.concat([
        cabecera,
        Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script>'),
      ]);
      const antes = await contar();
      expect(
        await fallo(
          (await referente()).inscripcion.inscribir(
            formulario(hijo!, { comprobante: archivo(poliglota, 'recibo.jpg', 'image/jpeg') }),
          ),
        ),
      ).toEqual({ status: 400, message: COMPROBANTE_CON_HTML });
      expect(await contar()).toEqual(antes);
    },
  );

  test('un comprobante de más de 10 MB: error en castellano, nada escrito', async () => {
    const [hijo] = Object.values(await hijosDe(EMAIL_DEMO.referente));
    const grande = Buffer.alloc(TAMANIO_MAXIMO_COMPROBANTE + 1);
    PDF_DEMO.copy(grande);
    const antes = await contar();
    expect(
      await fallo(
        (await referente()).inscripcion.inscribir(
          formulario(hijo!, { comprobante: archivo(grande, 'recibo.pdf') }),
        ),
      ),
    ).toEqual({ status: 413, message: COMPROBANTE_DEMASIADO_GRANDE });
    expect(await contar()).toEqual(antes);
  });

  test.each([
    [{ cuil: '20-1234567-3' }, `${CUIL_INVALIDO}.`],
    [{ codarea: '3' }, 'Código de área: entre 2 y 4 dígitos.'],
    [{ telefono: '155551234' }, 'Teléfono: entre 6 y 8 dígitos.'],
    [{ calle: '  ' }, 'Calle: no puede estar vacío.'],
    [{ grupoSanguineo: 'C' }, 'Elija el grupo sanguíneo.'],
    [{ pesoKilogramos: '0' }, 'Peso: como mínimo 1.'],
    [{ alturaCentimetros: 'alto' }, 'Altura en centímetros: debe ser un número.'],
    [{ asmaBronquial: 'quizás' }, 'asmaBronquial: debe ser 1/0 o true/false.'],
    [{ comprobante: undefined }, 'Adjunte el comprobante de pago.'],
  ])('%j: "%s", nada escrito', async (cambio, mensaje) => {
    const [hijo] = Object.values(await hijosDe(EMAIL_DEMO.referente));
    const antes = await contar();
    expect(
      await fallo((await referente()).inscripcion.inscribir(formulario(hijo!, cambio))),
    ).toEqual({ status: 400, message: mensaje });
    expect(await contar()).toEqual(antes);
  });

  test('un referente no puede inscribir al hijo de otra familia', async () => {
    const { Mateo } = await hijosDe(EMAIL_DEMO.referenteOtro);
    const antes = await contar();
    expect(
      await fallo((await referente()).inscripcion.inscribir(formulario(Mateo!))),
    ).toMatchObject({
      status: 403,
    });
    expect(await contar()).toEqual(antes);
  });
});

describe('inglés técnico (POST /api/alumnos/inscripcion/cpit)', () => {
  test('primero la inscripción; sólo desde 3° año; una sola declaración por ciclo', async () => {
    const hijos = await hijosDe(EMAIL_DEMO.referente);
    const demo = await alumnoDemo();
    const caller = await referente();
    const pedido = { alumno: demo.id, nivelNuevo: 2, nivelViejo: '1' } as const;
    expect(await fallo(caller.inscripcion.declararIngles(pedido))).toEqual({
      status: 400,
      message: primeroInscribir(demo.nombre),
    });
    await caller.inscripcion.inscribir(formulario(demo.id));
    const listo = await caller.inscripcion.mishijos();
    expect(listo.hijos.every((h) => h.inscripto)).toBe(true);
    expect(listo.mostrarIngles).toBe(true);

    const d = await caller.inscripcion.declararIngles(pedido);
    expect(d).toMatchObject({
      nivelNuevo: 2,
      nivelViejo: '1',
      mensaje: inglesYaDeclarado(demo.nombre),
    });
    expect(await fallo(caller.inscripcion.declararIngles(pedido))).toEqual({
      status: 409,
      message: inglesYaDeclarado(demo.nombre),
    });
    const tras = await caller.inscripcion.mishijos();
    expect(tras.hijos.find((h) => h.orden === demo.id)!.ingles.declarado).toEqual({
      nivelNuevo: 2,
      nivelViejo: '1',
    });
    // Valentina (2° año) ya está inscripta pero no es elegible.
    expect(
      await fallo(
        caller.inscripcion.declararIngles({
          alumno: hijos.Valentina!,
          nivelNuevo: 1,
          nivelViejo: 'inicial',
        }),
      ),
    ).toEqual({ status: 400, message: NO_ELEGIBLE_INGLES });
  });

  test.each([
    [{ nivelNuevo: 3, nivelViejo: '1' }, 'Elija el nivel a cursar: CPIT Nivel 1 o 2.'],
    [{ nivelNuevo: 1, nivelViejo: 'experto' }, 'Elija el nivel del año anterior.'],
  ])('%j: "%s"', async (cambio, mensaje) => {
    const [hijo] = Object.values(await hijosDe(EMAIL_DEMO.referente));
    expect(
      await fallo(
        (await referente()).inscripcion.declararIngles({ alumno: hijo!, ...cambio } as never),
      ),
    ).toEqual({ status: 400, message: mensaje });
  });
});

describe('buscar y vincularse a un hijo', () => {
  test('palabras enteras de al menos 3 letras; a lo sumo 5; sin los ya vinculados ni el curso', async () => {
    const caller = await referente();
    expect(await fallo(caller.inscripcion.buscarHijos({ q: 'ab' }))).toMatchObject({ status: 400 });
    const propios = Object.values(await hijosDe(EMAIL_DEMO.referente));
    const [apellido] = await db
      .select({ apellido: s.alumnos.apellido })
      .from(s.alumnos)
      .where(eq(s.alumnos.id, propios[0]!));
    const r = await caller.inscripcion.buscarHijos({ q: apellido!.apellido });
    expect(r.length).toBeLessThanOrEqual(5);
    expect(r.some((a) => propios.includes(a.orden))).toBe(false);
    for (const a of r) expect(Object.keys(a).sort()).toEqual(['apellido', 'nombre', 'orden']);
    expect(await caller.inscripcion.buscarHijos({ q: 'Gómez' })).toHaveLength(5);
  });

  test('declarar el vínculo lo deja pendiente de la escuela, una vez; auditado', async () => {
    const caller = await referente();
    const [candidato] = await caller.inscripcion.buscarHijos({ q: 'Gómez' });
    const r = await caller.inscripcion.vincularme({ alumno: candidato!.orden });
    expect(r.orden).toBe(candidato!.orden);
    // Sin el código queda pendiente de la escuela (issue 31: codigos-vinculacion.test.ts).
    expect(r.confirmado).toBe(false);
    expect((await caller.inscripcion.mishijos()).pendientes.map((h) => h.orden)).toContain(
      candidato!.orden,
    );
    expect(await fallo(caller.inscripcion.vincularme({ alumno: candidato!.orden }))).toEqual({
      status: 409,
      message: VINCULO_PENDIENTE,
    });
    // Ya confirmado (un hijo de la familia): "Ya es referente de ese alumno."
    const [propio] = (await caller.inscripcion.mishijos()).hijos;
    expect(await fallo(caller.inscripcion.vincularme({ alumno: propio!.orden }))).toEqual({
      status: 409,
      message: YA_VINCULADO,
    });
    const [aud] = await db
      .select({ n: count() })
      .from(s.auditoria)
      .where(
        and(eq(s.auditoria.entidad, 'alumnos_referentes'), eq(s.auditoria.accion, 'vincular')),
      );
    expect(aud!.n).toBeGreaterThanOrEqual(1);
  });

  test('POST /api/alumnos/link/referentes: el referente sólo agrega vínculos propios', async () => {
    const sesion = await sesionDe(db, EMAIL_DEMO.referente, Rol.ReferenteParental);
    const ctx = crearContexto({ db, sesion, ciclo });
    const caller = await referente();
    const propio = (await caller.inscripcion.mishijos()).referente.orden;
    const [a, b] = await caller.inscripcion.buscarHijos({ q: 'Gómez' });
    const { ruta } = encontrarRuta('POST', '/api/alumnos/link/referentes');
    expect(ruta!.procedimiento).toBe('referentes.vincular');
    const r = await llamar(ctx, ruta!.procedimiento, {
      add: [{ alumno: a!.orden, referente: propio }],
      remove: [],
    });
    expect(r).toEqual({ agregados: 1, quitados: 0, confirmados: 0, pendientes: 1 });
    const [otro] = await db
      .select({ id: s.referentes.id })
      .from(s.referentes)
      .where(sql`${s.referentes.id} <> ${propio}`)
      .limit(1);
    const hijos = Object.values(await hijosDe(EMAIL_DEMO.referente));
    for (const pedido of [
      { add: [{ alumno: b!.orden, referente: otro!.id }], remove: [] },
      { add: [], remove: [{ alumno: hijos[0]!, referente: propio }] },
    ]) {
      expect(await fallo(llamar(ctx, ruta!.procedimiento, pedido))).toMatchObject({ status: 403 });
    }
    expect(Object.values(await hijosDe(EMAIL_DEMO.referente))).toEqual(
      expect.arrayContaining(hijos),
    );
  });

  test('sin los datos personales completos no puede vincularse', async () => {
    const sesion = await sesionDe(db, EMAIL_DEMO.referenteOtro, Rol.ReferenteParental);
    const [ref] = await db
      .select({ id: s.referentes.id, telefono: s.referentes.telefono })
      .from(s.referentes)
      .where(eq(s.referentes.usuarioId, sesion.usuario.id));
    await db.update(s.referentes).set({ telefono: null }).where(eq(s.referentes.id, ref!.id));
    try {
      const caller = await otroReferente();
      expect((await caller.inscripcion.mishijos()).referente.completo).toBe(false);
      const [candidato] = await caller.inscripcion.buscarHijos({ q: 'Gómez' });
      expect(await fallo(caller.inscripcion.vincularme({ alumno: candidato!.orden }))).toEqual({
        status: 400,
        message: REFERENTE_INCOMPLETO,
      });
    } finally {
      await db
        .update(s.referentes)
        .set({ telefono: ref!.telefono })
        .where(eq(s.referentes.id, ref!.id));
    }
  });
});

describe('la ficha médica: quién la ve (auditado)', () => {
  const vistas = async () =>
    (
      await db
        .select({ n: count() })
        .from(s.auditoria)
        .where(and(eq(s.auditoria.entidad, 'fichas_medicas'), eq(s.auditoria.accion, 'ver')))
    )[0]!.n;

  test('el referente la de su hijo; nunca la del hijo de otra familia (tRPC y REST)', async () => {
    const { Mateo } = await hijosDe(EMAIL_DEMO.referenteOtro);
    const antes = await vistas();
    const propia = await (await otroReferente()).inscripcion.datos({ alumno: Mateo! });
    expect(propia.inscripcion?.fichaMedica).not.toBeNull();
    expect(await vistas()).toBe(antes + 1);
    expect(await fallo((await referente()).inscripcion.datos({ alumno: Mateo! }))).toMatchObject({
      status: 403,
    });
    const ctx = crearContexto({
      db,
      sesion: await sesionDe(db, EMAIL_DEMO.referente, Rol.ReferenteParental),
      ciclo,
    });
    const { ruta, params } = encontrarRuta('GET', `/api/alumnos/datosinscripcion/${Mateo}`);
    expect(
      await fallo(
        llamar(
          ctx,
          ruta!.procedimiento,
          ruta!.entrada!({ params: params!, query: {}, cuerpo: undefined }),
        ),
      ),
    ).toMatchObject({ status: 403 });
    expect(await vistas()).toBe(antes + 1);
  });

  test('el alumno la propia con su certificado (GET /api/miinscripcion); el preceptor la de sus cursos', async () => {
    const mia = await (await como(EMAIL_DEMO.alumno, Rol.Alumno)).inscripcion.mia();
    expect(mia.alumno.email).toBe('hijo.demo@gmail.com');
    expect(mia.inscripcion?.fichaMedica?.grupoSanguineo).toBe('A');
    expect(mia.certificado).toEqual({ anio: 4, curso: mia.curso!.nombre });

    const preceptor = await como(EMAIL_DEMO.preceptor, Rol.Preceptor);
    const { Valentina } = await hijosDe(EMAIL_DEMO.referente);
    expect((await preceptor.inscripcion.datos({ alumno: Valentina! })).inscripcion).not.toBeNull();
    const { Mateo } = await hijosDe(EMAIL_DEMO.referenteOtro);
    expect(await fallo(preceptor.inscripcion.datos({ alumno: Mateo! }))).toMatchObject({
      status: 403,
    });
    expect(
      await fallo(
        (await como(EMAIL_DEMO.docente, Rol.Docente)).inscripcion.datos({ alumno: Mateo! }),
      ),
    ).toMatchObject({ status: 403 });
  });
});

describe('comprobante', () => {
  async function inscripcionDe(alumno: number) {
    const [i] = await db
      .select({ id: s.inscripcionesAnuales.id })
      .from(s.inscripcionesAnuales)
      .where(
        and(
          eq(s.inscripcionesAnuales.alumnoId, alumno),
          eq(s.inscripcionesAnuales.ciclolectivo, ciclo),
        ),
      );
    return i!.id;
  }

  test('lo ven su referente y Alumnado; otra familia no; el preceptor no', async () => {
    const { Mateo } = await hijosDe(EMAIL_DEMO.referenteOtro);
    const id = await inscripcionDe(Mateo!);
    const propio = await (await otroReferente()).inscripcion.comprobante({ id });
    expect(propio.tipo).toBe('application/pdf');
    expect(Buffer.compare(propio.datos, PDF_DEMO)).toBe(0);
    expect(
      (await (await como(EMAIL_DEMO.alumnado, Rol.Alumnado)).inscripcion.comprobante({ id })).tipo,
    ).toBe('application/pdf');
    expect(await fallo((await referente()).inscripcion.comprobante({ id }))).toMatchObject({
      status: 403,
    });
    expect(await fallo((await referente()).inscripcion.comprobante({ id: 999_999 }))).toMatchObject(
      {
        status: 403,
      },
    );
    expect(
      await fallo(
        (await como(EMAIL_DEMO.preceptor, Rol.Preceptor)).inscripcion.comprobante({ id }),
      ),
    ).toMatchObject({ status: 403 });
  });
});

describe('seguimiento de Alumnado', () => {
  test('cada alumno del ciclo aparece una vez, inscripto o faltante, por curso', async () => {
    const r = await (await como(EMAIL_DEMO.alumnado, Rol.Alumnado)).inscripcion.listar({});
    const [habilitados] = await db
      .select({ n: count() })
      .from(s.alumnosCursos)
      .innerJoin(s.alumnos, eq(s.alumnos.id, s.alumnosCursos.alumnoId))
      .where(and(eq(s.alumnosCursos.ciclolectivo, ciclo), eq(s.alumnos.habilitado, true)));
    expect(r.inscriptos + r.faltantes).toBe(habilitados!.n);
    const [inscriptas] = await db
      .select({ n: count() })
      .from(s.inscripcionesAnuales)
      .innerJoin(
        s.alumnosCursos,
        and(
          eq(s.alumnosCursos.alumnoId, s.inscripcionesAnuales.alumnoId),
          eq(s.alumnosCursos.ciclolectivo, ciclo),
        ),
      )
      .innerJoin(s.alumnos, eq(s.alumnos.id, s.inscripcionesAnuales.alumnoId))
      .where(and(eq(s.inscripcionesAnuales.ciclolectivo, ciclo), eq(s.alumnos.habilitado, true)));
    expect(r.inscriptos).toBe(inscriptas!.n);
    expect(r.inscriptos).toBeGreaterThan(0);
    expect(r.faltantes).toBeGreaterThan(0);
    for (const curso of r.cursos) {
      expect(curso.inscriptos + curso.faltantes).toBe(curso.alumnos.length);
    }
    const uno = await (
      await como(EMAIL_DEMO.admin, Rol.Admin)
    ).inscripcion.listar({ curso: r.cursos[0]!.orden });
    expect(uno.cursos).toHaveLength(1);
  });

  test('revisar: observada con su observación, verificada la borra; auditado', async () => {
    const alumnado = await como(EMAIL_DEMO.alumnado, Rol.Alumnado);
    const r = await alumnado.inscripcion.listar({});
    const i = r.cursos
      .flatMap((c) => c.alumnos)
      .find((a) => a.inscripcion?.estado === 'pendiente')!.inscripcion!;
    expect(
      await alumnado.inscripcion.revisar({
        id: i.orden,
        estado: 'observada',
        observacion: 'Falta la firma',
      }),
    ).toMatchObject({ estado: 'observada', observacion: 'Falta la firma' });
    expect(
      await alumnado.inscripcion.revisar({ id: i.orden, estado: 'verificada', observacion: 'x' }),
    ).toMatchObject({
      estado: 'verificada',
      observacion: null,
    });
    const [aud] = await db
      .select({ n: count() })
      .from(s.auditoria)
      .where(
        and(
          eq(s.auditoria.entidad, 'inscripciones_anuales'),
          eq(s.auditoria.accion, 'revisar'),
          eq(s.auditoria.entidadId, String(i.orden)),
        ),
      );
    expect(aud!.n).toBe(2);
    expect(
      await fallo(alumnado.inscripcion.revisar({ id: i.orden, estado: 'aprobada' } as never)),
    ).toEqual({
      status: 400,
      message: 'Estado desconocido.',
    });
    expect(
      await fallo(
        (await como(EMAIL_DEMO.preceptor, Rol.Preceptor)).inscripcion.revisar({
          id: i.orden,
          estado: 'verificada',
        }),
      ),
    ).toMatchObject({ status: 403 });
  });

  test('CSV con BOM, separador ";" y sin fórmulas', async () => {
    const alumno = await alumnoDemo();
    await db
      .update(s.inscripcionesAnuales)
      .set({ estado: 'observada', observacion: '=HYPERLINK("x")' })
      .where(eq(s.inscripcionesAnuales.alumnoId, alumno.id));
    const r = await (await como(EMAIL_DEMO.alumnado, Rol.Alumnado)).inscripcion.csv({});
    const lineas = r.contenido.split('\r\n');
    expect(lineas[0]).toBe(
      '\ufeffCurso;Apellido;Nombre;DNI;Estado;Fecha;Email;Teléfono;Observación',
    );
    expect(r.contenido).toContain(`;"'=HYPERLINK(""x"")"`);
    expect(lineas.filter((l) => l.includes(';faltante;')).length).toBeGreaterThan(0);
  });
});

describe('REST multipart', () => {
  test('el cuerpo multipart llega al procedimiento con el archivo (POST /api/alumnos/{id}/inscribir)', async () => {
    const [nuevo] = await db
      .insert(s.alumnos)
      .values({ dni: 99_000_002, apellido: 'Giménez', nombre: 'Sofía' })
      .returning({ id: s.alumnos.id });
    const sesion = await sesionDe(db, EMAIL_DEMO.referenteOtro, Rol.ReferenteParental);
    const [ref] = await db
      .select({ id: s.referentes.id })
      .from(s.referentes)
      .where(eq(s.referentes.usuarioId, sesion.usuario.id));
    await db
      .insert(s.alumnosReferentes)
      .values({ alumnoId: nuevo!.id, referenteId: ref!.id, confirmado: true });
    const datos = new FormData();
    for (const [k, v] of Object.entries(formulario(nuevo!.id) as Record<string, string | File>)) {
      if (k !== 'alumno') datos.append(k, v);
    }
    datos.set('comprobante', archivo(PDF_DEMO, 'recibo.pdf', 'application/pdf'));
    const req = new Request(`http://portal.test/api/alumnos/${nuevo!.id}/inscribir`, {
      method: 'POST',
      body: datos,
    });
    const cuerpo = await leerCuerpo(req, LIMITE_INSCRIPCION);
    const { ruta, params } = encontrarRuta('POST', `/api/alumnos/${nuevo!.id}/inscribir`);
    expect(ruta!.procedimiento).toBe('inscripcion.inscribir');
    const r = (await llamar(
      crearContexto({ db, sesion, ciclo }),
      ruta!.procedimiento,
      ruta!.entrada!({ params: params!, query: {}, cuerpo }),
    )) as { alumno: number; estado: string };
    expect(r).toMatchObject({ alumno: nuevo!.id, estado: 'pendiente' });
  });
});

describe('la forma de la spec (issue 11 ítem 22): comprobantePago y telefono "área número"', () => {
  /** Un hijo nuevo del otro referente de demostración, sin inscribir. */
  async function hijoNuevo(dni: number) {
    const [nuevo] = await db
      .insert(s.alumnos)
      .values({ dni, apellido: 'Giménez', nombre: `Hijo ${dni}` })
      .returning({ id: s.alumnos.id });
    const sesion = await sesionDe(db, EMAIL_DEMO.referenteOtro, Rol.ReferenteParental);
    const [ref] = await db
      .select({ id: s.referentes.id })
      .from(s.referentes)
      .where(eq(s.referentes.usuarioId, sesion.usuario.id));
    await db
      .insert(s.alumnosReferentes)
      .values({ alumnoId: nuevo!.id, referenteId: ref!.id, confirmado: true });
    return nuevo!.id;
  }

  /** El formulario de la spec como multipart, leído por el mismo lector que /api/[...ruta]. */
  async function multipart(alumno: number, cambios: Record<string, string | File | null> = {}) {
    const campos: Record<string, string | File | null> = {
      ...(formulario(alumno) as Record<string, string | File>),
      telefono: '341 4567890',
      codarea: null,
      comprobante: null,
      comprobantePago: archivo(PDF_DEMO, 'recibo.pdf', 'application/pdf'),
      ...cambios,
    };
    const datos = new FormData();
    for (const [k, v] of Object.entries(campos))
      if (k !== 'alumno' && v !== null) datos.append(k, v);
    return leerCuerpo(
      new Request(`http://portal.test/api/alumnos/${alumno}/inscribir`, {
        method: 'POST',
        body: datos,
      }),
      LIMITE_INSCRIPCION,
    );
  }

  const pedir = async (alumno: number, cuerpo: unknown) =>
    pedirRest<{ alumno?: number; message?: string }>(
      'POST',
      `/api/alumnos/${alumno}/inscribir`,
      { db, email: EMAIL_DEMO.referenteOtro, rol: Rol.ReferenteParental, ciclo },
      cuerpo,
    );

  test('POST /api/alumnos/{id}/inscribir con comprobantePago y telefono "341 4567890", sin codarea', async () => {
    const alumno = await hijoNuevo(99_100_001);
    const r = await pedir(alumno, await multipart(alumno));
    expect(r).toMatchObject({ status: 200, body: { alumno, estado: 'pendiente' } });
    const [i] = await db
      .select({ telefono: s.inscripcionesAnuales.telefono, archivo: s.archivos.tipo })
      .from(s.inscripcionesAnuales)
      .innerJoin(s.archivos, eq(s.archivos.id, s.inscripcionesAnuales.comprobanteId))
      .where(eq(s.inscripcionesAnuales.alumnoId, alumno));
    expect(i).toEqual({ telefono: '341 4567890', archivo: 'application/pdf' });
    const [a] = await db
      .select({ telefono: s.alumnos.telefono })
      .from(s.alumnos)
      .where(eq(s.alumnos.id, alumno));
    expect(a!.telefono).toBe('341 4567890');
  });

  test('la forma anterior (codarea aparte y comprobante) sigue aceptándose', async () => {
    const alumno = await hijoNuevo(99_100_002);
    const cuerpo = await multipart(alumno, {
      codarea: '3401',
      telefono: '456789',
      comprobantePago: null,
      comprobante: archivo(JPEG, 'recibo.jpg', 'image/jpeg'),
    });
    expect((await pedir(alumno, cuerpo)).status).toBe(200);
    const [i] = await db
      .select({ telefono: s.inscripcionesAnuales.telefono })
      .from(s.inscripcionesAnuales)
      .where(eq(s.inscripcionesAnuales.alumnoId, alumno));
    expect(i!.telefono).toBe('3401 456789');
  });

  test.each<[string, Record<string, string | File | null>, string]>([
    ['sin código de área', { telefono: '4567890' }, 'Código de área: entre 2 y 4 dígitos.'],
    ['un área de 1 dígito', { telefono: '3 4567890' }, 'Teléfono: entre 6 y 8 dígitos.'],
    ['un número de 5 dígitos', { telefono: '341 45678' }, 'Teléfono: entre 6 y 8 dígitos.'],
    [
      'codarea distinta del área del teléfono',
      { codarea: '11' },
      'El código de área de codarea y el de telefono no coinciden.',
    ],
    ['sin comprobante', { comprobantePago: null }, 'Adjunte el comprobante de pago.'],
    [
      'un comprobantePago que no es PDF ni JPG',
      { comprobantePago: archivo(Buffer.from('no soy un pdf'), 'recibo.pdf', 'application/pdf') },
      SOLO_JPG_JPEG_PDF,
    ],
  ])('%s: 400 en castellano, nada escrito', async (_caso, cambios, mensaje) => {
    const alumno = await hijoNuevo(99_100_100 + Math.floor(Math.random() * 10_000));
    const antes = await contar();
    const r = await pedir(alumno, await multipart(alumno, cambios));
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(mensaje);
    expect(await contar()).toEqual(antes);
  });

  test('el OpenAPI documenta comprobantePago y telefono; codarea y comprobante no son obligatorios', () => {
    const doc = documentoOpenApi() as {
      paths: Record<string, Record<string, { requestBody: { content: Record<string, unknown> } }>>;
    };
    const esquema = doc.paths['/api/alumnos/{alumno}/inscribir']!.post!.requestBody.content[
      'multipart/form-data'
    ] as { schema: { properties: Record<string, unknown>; required: string[] } };
    expect(Object.keys(esquema.schema.properties)).toEqual(
      expect.arrayContaining(['comprobantePago', 'telefono', 'cuil']),
    );
    expect(esquema.schema.required).toContain('telefono');
    expect(esquema.schema.required).not.toContain('codarea');
    expect(esquema.schema.required).not.toContain('comprobante');
  });
});
