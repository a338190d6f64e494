/**
 * El código de vinculación (issue 31 §1, DESIGN §6 "Guardian links"): la escuela lo emite por
 * alumno; el personal del alumno lo ve, lo regenera, lo desbloquea e imprime los de un curso; un
 * referente confirma con él el vínculo que declaró; los códigos equivocados tienen límite por
 * alumno (todas las cuentas, bloquea) y por cuenta, también con intentos a la vez; los demás
 * referentes del alumno ven el aviso del nuevo; el email verificado confirma como antes. Y la
 * búsqueda de alumnos del referente (§2): palabras enteras, 5 nombres sin curso, con límite.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { Rol } from '@/domain/roles';
import {
  avisoReferenteNuevo,
  CODIGO_BLOQUEADO,
  CODIGO_INVALIDO,
  CODIGO_NO_COINCIDE,
  DEMASIADAS_BUSQUEDAS,
  DEMASIADOS_INTENTOS_CODIGO,
  formatearCodigo,
  MAXIMO_BUSQUEDAS,
  MAXIMO_FALLOS_POR_ALUMNO,
  MAXIMO_FALLOS_POR_CUENTA,
} from '@/domain/vinculos';
import { resolverIngresoGoogle } from '@/server/auth/ingreso-google';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { codigosDeDemostracion } from '@/server/db/seed/codigos';
import { generarEscuela } from '@/server/db/seed/personas';
import { momentoEscolar } from '@/server/reloj';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo } from '../fixtures/contexto';
import { codigoDe, fallo } from '../fixtures/errores';

jest.setTimeout(120_000);

const { ciclo, zona } = momentoEscolar();
let c: Conexion;
let db: Db;
type Caller = Awaited<ReturnType<typeof callerComo>>;
const como = (email: string, rol: number) => callerComo(db, email, rol, { ciclo });

/** Tomás y Valentina (familia Sosa: Carolina), Lucía y Mateo (familia Ramírez: Jorge). */
const ids = { tomas: 0, valentina: 0, lucia: 0, mateo: 0, carolina: 0, jorge: 0 };

beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo);
  db = c.db;
  const alumno = async (nombre: string) =>
    (
      await db
        .select({ id: s.alumnos.id })
        .from(s.alumnos)
        .where(
          and(eq(s.alumnos.nombre, nombre), sql`${s.alumnos.apellido} in ('Domínguez', 'Ramírez')`),
        )
        .orderBy(s.alumnos.id)
    )[0]!.id;
  const ref = async (email: string) =>
    (
      await db
        .select({ id: s.referentes.id })
        .from(s.referentes)
        .innerJoin(s.usuarios, eq(s.usuarios.id, s.referentes.usuarioId))
        .where(eq(s.usuarios.email, email))
    )[0]!.id;
  Object.assign(ids, {
    tomas: await alumno('Tomás'),
    valentina: await alumno('Valentina'),
    lucia: await alumno('Lucía'),
    mateo: await alumno('Mateo'),
    carolina: await ref(EMAIL_DEMO.referente),
    jorge: await ref(EMAIL_DEMO.referenteOtro),
  });
});
afterAll(() => c?.cerrar());

/** El código guardado del alumno (la prueba lo lee de la base, como lo imprime la escuela). */
async function codigoGuardado(alumno: number) {
  const [f] = await db
    .select({ codigo: s.codigosVinculacion.codigo, bloqueado: s.codigosVinculacion.bloqueado })
    .from(s.codigosVinculacion)
    .where(eq(s.codigosVinculacion.alumnoId, alumno));
  return f!;
}

/** Un código válido (del alfabeto) distinto del verdadero. */
const otroCodigo = (codigo: string, i = 0) =>
  `${codigo.slice(0, 8)}${'23456789ABCDEFGHJKLMNPQRSTUVWXYZ'.replace(codigo[8]!, '')[i % 31]}${codigo[9]}`;

async function vinculo(alumno: number, referente: number) {
  const [v] = await db
    .select()
    .from(s.alumnosReferentes)
    .where(
      and(eq(s.alumnosReferentes.alumnoId, alumno), eq(s.alumnosReferentes.referenteId, referente)),
    );
  return v;
}

let familias = 0;
/** Una cuenta nueva de referente parental con sus datos completos. */
async function nuevaFamilia(): Promise<{ r: Caller; referente: number; usuario: number }> {
  const n = ++familias;
  const email = `familia.codigo.${n}@gmail.com`;
  const admin = await como(EMAIL_DEMO.admin, Rol.Admin);
  const u = await admin.usuarios.guardar({
    apellido: `Prueba${n}`,
    nombre: 'Ana',
    email,
    telefono: '341 5557788',
    rol: Rol.ReferenteParental,
    habilitado: true,
  });
  const [ref] = await db
    .select({ id: s.referentes.id })
    .from(s.referentes)
    .where(eq(s.referentes.usuarioId, u.orden));
  return { r: await como(email, Rol.ReferenteParental), referente: ref!.id, usuario: u.orden };
}

describe('la demostración siembra un código por alumno, siempre el mismo', () => {
  test('cada alumno tiene el suyo, el de codigosDeDemostracion', async () => {
    const filas = await db
      .select({ alumno: s.codigosVinculacion.alumnoId, codigo: s.codigosVinculacion.codigo })
      .from(s.codigosVinculacion)
      .orderBy(s.codigosVinculacion.alumnoId);
    const [alumnos] = await db.select({ n: count() }).from(s.alumnos);
    expect(filas).toHaveLength(alumnos!.n);
    expect(filas.map((f) => f.codigo)).toEqual(codigosDeDemostracion(alumnos!.n));
    // El orden de los ids es el de generarEscuela: las pruebas de navegador sacan de ahí el código.
    const dnis = await db.select({ dni: s.alumnos.dni }).from(s.alumnos).orderBy(s.alumnos.id);
    expect(dnis.map((a) => a.dni)).toEqual(generarEscuela(ciclo).alumnos.map((a) => a.dni));
  });
});

describe('el personal y el código del alumno (alcance)', () => {
  test('Alumnado y el preceptor del curso lo ven agrupado; un preceptor de otro curso, no', async () => {
    const { codigo } = await codigoGuardado(ids.valentina);
    const alumnado = await como(EMAIL_DEMO.alumnado, Rol.Alumnado);
    expect(await alumnado.alumnos.codigo({ id: ids.valentina })).toMatchObject({
      alumno: ids.valentina,
      codigo: formatearCodigo(codigo),
      bloqueado: null,
    });
    const preceptor = await como(EMAIL_DEMO.preceptor, Rol.Preceptor);
    expect((await preceptor.alumnos.codigo({ id: ids.valentina })).codigo).toMatch(
      /^[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$/,
    );
    // Lucía (1° 2°) no es de sus cursos: ni verlo, ni regenerarlo, ni desbloquearlo, ni imprimirlo.
    for (const llamar of [
      () => preceptor.alumnos.codigo({ id: ids.lucia }),
      () => preceptor.alumnos.regenerarCodigo({ id: ids.lucia }),
      () => preceptor.alumnos.desbloquearCodigo({ id: ids.lucia }),
    ])
      expect(await codigoDe(llamar())).toBe('FORBIDDEN');
    const [cursoLucia] = await db
      .select({ id: s.alumnosCursos.cursoId })
      .from(s.alumnosCursos)
      .where(and(eq(s.alumnosCursos.alumnoId, ids.lucia), eq(s.alumnosCursos.ciclolectivo, ciclo)));
    expect(await codigoDe(preceptor.alumnos.codigosDelCurso({ curso: cursoLucia!.id }))).toBe(
      'FORBIDDEN',
    );
    expect((await codigoGuardado(ids.lucia)).codigo).toBe((await codigoGuardado(ids.lucia)).codigo);
  });

  test('ni un referente, ni un alumno, ni un docente leen códigos', async () => {
    for (const [email, rol] of [
      [EMAIL_DEMO.referente, Rol.ReferenteParental],
      [EMAIL_DEMO.alumno, Rol.Alumno],
      [EMAIL_DEMO.docente, Rol.Docente],
    ] as const) {
      const r = await como(email, rol);
      expect(await codigoDe(r.alumnos.codigo({ id: ids.tomas }))).toBe('FORBIDDEN');
      expect(await codigoDe(r.alumnos.codigosBloqueados())).toBe('FORBIDDEN');
    }
  });

  test('un alumno sin código lo recibe la primera vez que el personal lo pide (auditado, sin el código)', async () => {
    await db.delete(s.codigosVinculacion).where(eq(s.codigosVinculacion.alumnoId, ids.mateo));
    const alumnado = await como(EMAIL_DEMO.alumnado, Rol.Alumnado);
    const primero = await alumnado.alumnos.codigo({ id: ids.mateo });
    expect(await alumnado.alumnos.codigo({ id: ids.mateo })).toEqual(primero);
    const auditados = await db
      .select({ despues: s.auditoria.despues })
      .from(s.auditoria)
      .where(and(eq(s.auditoria.entidad, 'codigos_vinculacion'), eq(s.auditoria.accion, 'crear')));
    expect(auditados).toEqual([{ despues: { alumnos: [ids.mateo] } }]);
    expect(JSON.stringify(auditados)).not.toContain(primero.codigo.replace('-', ''));
  });

  test('los papelitos de un curso: cada alumno del curso con su código', async () => {
    const [curso] = await db
      .select({ id: s.alumnosCursos.cursoId })
      .from(s.alumnosCursos)
      .where(
        and(eq(s.alumnosCursos.alumnoId, ids.valentina), eq(s.alumnosCursos.ciclolectivo, ciclo)),
      );
    const preceptor = await como(EMAIL_DEMO.preceptor, Rol.Preceptor);
    const r = await preceptor.alumnos.codigosDelCurso({ curso: curso!.id });
    expect(r.curso.orden).toBe(curso!.id);
    const [enElCurso] = await db
      .select({ n: count() })
      .from(s.alumnosCursos)
      .where(and(eq(s.alumnosCursos.cursoId, curso!.id), eq(s.alumnosCursos.ciclolectivo, ciclo)));
    expect(r.alumnos).toHaveLength(enElCurso!.n);
    expect(r.alumnos.find((a) => a.orden === ids.valentina)!.codigo).toBe(
      formatearCodigo((await codigoGuardado(ids.valentina)).codigo),
    );
  });
});

describe('el referente confirma su vínculo con el código', () => {
  test('con el código (en minúsculas y sin guion) queda confirmado, con "codigo" y auditado', async () => {
    const { r, referente } = await nuevaFamilia();
    const { codigo } = await codigoGuardado(ids.tomas);
    const v = await r.inscripcion.vincularme({
      alumno: ids.tomas,
      codigo: ` ${codigo.toLowerCase().slice(0, 5)} ${codigo.toLowerCase().slice(5)} `,
    });
    expect(v).toMatchObject({ orden: ids.tomas, confirmado: true });
    expect(await vinculo(ids.tomas, referente)).toMatchObject({
      confirmado: true,
      confirmadoCon: 'codigo',
    });
    expect((await r.inscripcion.datos({ alumno: ids.tomas })).alumno.orden).toBe(ids.tomas);
    const [aud] = await db
      .select({ despues: s.auditoria.despues })
      .from(s.auditoria)
      .where(
        and(
          eq(s.auditoria.entidad, 'alumnos_referentes'),
          eq(s.auditoria.accion, 'confirmar'),
          eq(s.auditoria.entidadId, String(referente)),
        ),
      );
    expect(aud!.despues).toMatchObject({ alumno: ids.tomas, confirmadoCon: 'codigo' });
  });

  test('un vínculo pendiente se confirma después con el código', async () => {
    const { r, referente } = await nuevaFamilia();
    expect(await r.inscripcion.vincularme({ alumno: ids.valentina })).toMatchObject({
      confirmado: false,
    });
    expect(await codigoDe(r.inscripcion.datos({ alumno: ids.valentina }))).toBe('FORBIDDEN');
    const { codigo } = await codigoGuardado(ids.valentina);
    expect(
      await r.inscripcion.vincularme({ alumno: ids.valentina, codigo: formatearCodigo(codigo) }),
    ).toMatchObject({ confirmado: true });
    expect(await vinculo(ids.valentina, referente)).toMatchObject({ confirmadoCon: 'codigo' });
  });

  test('un código mal escrito es un 400 que explica la forma; uno ajeno no confirma', async () => {
    const { r, referente } = await nuevaFamilia();
    expect(
      await fallo(r.inscripcion.vincularme({ alumno: ids.tomas, codigo: '0000-11111' })),
    ).toEqual({ status: 400, message: CODIGO_INVALIDO });
    // El código de Valentina no es el de Tomás.
    const { codigo } = await codigoGuardado(ids.valentina);
    expect(await fallo(r.inscripcion.vincularme({ alumno: ids.tomas, codigo }))).toEqual({
      status: 400,
      message: CODIGO_NO_COINCIDE,
    });
    expect(await vinculo(ids.tomas, referente)).toBeUndefined();
  });

  test('"Regenerar código": el anterior deja de valer en el acto; auditado sin el código', async () => {
    const { codigo: viejo } = await codigoGuardado(ids.mateo);
    const preceptorAjeno = await como(EMAIL_DEMO.preceptor, Rol.Preceptor);
    expect(await codigoDe(preceptorAjeno.alumnos.regenerarCodigo({ id: ids.mateo }))).toBe(
      'FORBIDDEN',
    );
    const alumnado = await como(EMAIL_DEMO.alumnado, Rol.Alumnado);
    const nuevo = await alumnado.alumnos.regenerarCodigo({ id: ids.mateo });
    expect(nuevo.codigo).not.toBe(formatearCodigo(viejo));
    const { r, referente } = await nuevaFamilia();
    expect(await fallo(r.inscripcion.vincularme({ alumno: ids.mateo, codigo: viejo }))).toEqual({
      status: 400,
      message: CODIGO_NO_COINCIDE,
    });
    expect(await vinculo(ids.mateo, referente)).toBeUndefined();
    await r.inscripcion.vincularme({ alumno: ids.mateo, codigo: nuevo.codigo });
    expect(await vinculo(ids.mateo, referente)).toMatchObject({ confirmadoCon: 'codigo' });
    const auditados = await db
      .select({ antes: s.auditoria.antes, despues: s.auditoria.despues })
      .from(s.auditoria)
      .where(
        and(eq(s.auditoria.entidad, 'codigos_vinculacion'), eq(s.auditoria.accion, 'regenerar')),
      );
    expect(auditados).toHaveLength(1);
    const texto = JSON.stringify(auditados);
    expect(texto).not.toContain(viejo);
    expect(texto).not.toContain(nuevo.codigo.replace('-', ''));
  });
});

describe('los límites de los códigos equivocados', () => {
  test(`${MAXIMO_FALLOS_POR_ALUMNO} equivocados para un alumno (varias cuentas) lo bloquean; el preceptor lo ve y lo desbloquea`, async () => {
    const alumno = ids.valentina;
    const { codigo } = await codigoGuardado(alumno);
    const cuentas = [await nuevaFamilia(), await nuevaFamilia(), await nuevaFamilia()];
    for (let i = 0; i < MAXIMO_FALLOS_POR_ALUMNO - 1; i++)
      expect(
        await fallo(
          cuentas[i % 3]!.r.inscripcion.vincularme({ alumno, codigo: otroCodigo(codigo, i) }),
        ),
      ).toEqual({ status: 400, message: CODIGO_NO_COINCIDE });
    // El último equivocado bloquea: el mensaje dice que hay que hablar con la escuela.
    expect(
      await fallo(cuentas[2]!.r.inscripcion.vincularme({ alumno, codigo: otroCodigo(codigo, 9) })),
    ).toEqual({ status: 429, message: CODIGO_BLOQUEADO });
    expect(CODIGO_BLOQUEADO).toContain('Comuníquese con la escuela');
    // Bloqueado: ni el código correcto confirma.
    expect(await fallo(cuentas[0]!.r.inscripcion.vincularme({ alumno, codigo }))).toEqual({
      status: 429,
      message: CODIGO_BLOQUEADO,
    });
    expect(await vinculo(alumno, cuentas[0]!.referente)).toBeUndefined();

    // El preceptor del curso lo ve en la ficha y en el aviso de su lista; uno ajeno no.
    const preceptor = await como(EMAIL_DEMO.preceptor, Rol.Preceptor);
    expect((await preceptor.alumnos.codigo({ id: alumno })).bloqueado).not.toBeNull();
    expect((await preceptor.alumnos.codigosBloqueados()).map((a) => a.orden)).toContain(alumno);
    const [bloqueo] = await db
      .select({ n: count() })
      .from(s.auditoria)
      .where(
        and(eq(s.auditoria.entidad, 'codigos_vinculacion'), eq(s.auditoria.accion, 'bloquear')),
      );
    expect(bloqueo!.n).toBe(1);

    // "Desbloquear" (auditado): el mismo código vuelve a valer.
    const r = await preceptor.alumnos.desbloquearCodigo({ id: alumno });
    expect(r.bloqueado).toBeNull();
    expect((await preceptor.alumnos.codigosBloqueados()).map((a) => a.orden)).not.toContain(alumno);
    const [desbloqueo] = await db
      .select({ n: count() })
      .from(s.auditoria)
      .where(
        and(eq(s.auditoria.entidad, 'codigos_vinculacion'), eq(s.auditoria.accion, 'desbloquear')),
      );
    expect(desbloqueo!.n).toBe(1);
    // Después del desbloqueo los intentos del alumno vuelven a contar desde cero.
    expect(
      await fallo(cuentas[1]!.r.inscripcion.vincularme({ alumno, codigo: otroCodigo(codigo, 3) })),
    ).toEqual({ status: 400, message: CODIGO_NO_COINCIDE });
    await cuentas[0]!.r.inscripcion.vincularme({ alumno, codigo });
    expect(await vinculo(alumno, cuentas[0]!.referente)).toMatchObject({ confirmadoCon: 'codigo' });
  });

  test(`intentos a la vez para un mismo alumno no pasan de ${MAXIMO_FALLOS_POR_ALUMNO}`, async () => {
    const alumno = ids.lucia;
    const { codigo } = await codigoGuardado(alumno);
    const cuentas = await Promise.all(Array.from({ length: 6 }, () => nuevaFamilia()));
    const respuestas = await Promise.all(
      cuentas.flatMap((cuenta, i) =>
        [0, 1].map((j) =>
          fallo(cuenta.r.inscripcion.vincularme({ alumno, codigo: otroCodigo(codigo, i * 2 + j) })),
        ),
      ),
    );
    const [fallidos] = await db
      .select({ n: count() })
      .from(s.intentosVinculacion)
      .where(
        and(eq(s.intentosVinculacion.alumnoId, alumno), eq(s.intentosVinculacion.acierto, false)),
      );
    expect(fallidos!.n).toBe(MAXIMO_FALLOS_POR_ALUMNO);
    expect(respuestas.filter((r) => r.message === CODIGO_NO_COINCIDE)).toHaveLength(
      MAXIMO_FALLOS_POR_ALUMNO - 1,
    );
    expect(respuestas.filter((r) => r.message === CODIGO_BLOQUEADO)).toHaveLength(
      12 - (MAXIMO_FALLOS_POR_ALUMNO - 1),
    );
    expect((await codigoGuardado(alumno)).bloqueado).not.toBeNull();
    // Regenerar también lo desbloquea (el código nuevo vale).
    const nuevo = await (
      await como(EMAIL_DEMO.alumnado, Rol.Alumnado)
    ).alumnos.regenerarCodigo({
      id: alumno,
    });
    expect(nuevo.bloqueado).toBeNull();
    await cuentas[0]!.r.inscripcion.vincularme({ alumno, codigo: nuevo.codigo });
    expect(await vinculo(alumno, cuentas[0]!.referente)).toMatchObject({ confirmado: true });
  });

  test(`una cuenta: a lo sumo ${MAXIMO_FALLOS_POR_CUENTA} equivocados por día (entre todos los alumnos)`, async () => {
    const { r, referente } = await nuevaFamilia();
    const alumnos = (
      await db
        .select({ id: s.alumnos.id })
        .from(s.alumnos)
        .where(eq(s.alumnos.habilitado, true))
        .orderBy(s.alumnos.id)
        .limit(40)
    )
      .map((a) => a.id)
      .filter((a) => !Object.values(ids).includes(a))
      .slice(0, MAXIMO_FALLOS_POR_CUENTA + 1);
    for (const alumno of alumnos.slice(0, MAXIMO_FALLOS_POR_CUENTA)) {
      const { codigo } = await codigoGuardado(alumno);
      expect(await fallo(r.inscripcion.vincularme({ alumno, codigo: otroCodigo(codigo) }))).toEqual(
        { status: 400, message: CODIGO_NO_COINCIDE },
      );
    }
    const ultimo = alumnos[MAXIMO_FALLOS_POR_CUENTA]!;
    const { codigo } = await codigoGuardado(ultimo);
    expect(await fallo(r.inscripcion.vincularme({ alumno: ultimo, codigo }))).toEqual({
      status: 429,
      message: DEMASIADOS_INTENTOS_CODIGO,
    });
    expect(await vinculo(ultimo, referente)).toBeUndefined();
    // Sin código sigue pudiendo declarar (espera a la escuela).
    expect(await r.inscripcion.vincularme({ alumno: ultimo })).toMatchObject({
      confirmado: false,
    });
  });
});

describe('los demás referentes ven al nuevo', () => {
  test('"Nuevo referente vinculado: Apellido, Nombre, el dd/mm" para los ya confirmados, no para él', async () => {
    // Tomás (hermano de Valentina): Carolina ve a quien se confirmó con el código.
    const antes = (
      await (await como(EMAIL_DEMO.referente, Rol.ReferenteParental)).inscripcion.mishijos()
    ).avisos;
    const { r, referente } = await nuevaFamilia();
    const { codigo } = await codigoGuardado(ids.tomas);
    await r.inscripcion.vincularme({ alumno: ids.tomas, codigo });
    const carolina = await como(EMAIL_DEMO.referente, Rol.ReferenteParental);
    const { avisos } = await carolina.inscripcion.mishijos();
    const nuevos = avisos.filter((a) => !antes.includes(a));
    // La fecha, la de la confirmación en la zona de la escuela.
    const [{ fecha }] = (await db
      .select({
        fecha: sql<string>`to_char(${s.alumnosReferentes.confirmadoEn} at time zone ${zona}, 'YYYY-MM-DD')`,
      })
      .from(s.alumnosReferentes)
      .where(
        and(
          eq(s.alumnosReferentes.alumnoId, ids.tomas),
          eq(s.alumnosReferentes.referenteId, referente),
        ),
      )) as [{ fecha: string }];
    expect(nuevos).toEqual([
      avisoReferenteNuevo({ apellido: `Prueba${familias}`, nombre: 'Ana' }, fecha, 'Tomás'),
    ]);
    // Él no se ve a sí mismo (ni a los que ya estaban antes que él).
    expect((await r.inscripcion.mishijos()).avisos).toEqual([]);
    // Jorge no es referente de Tomás: no ve nada de él.
    const jorge = await como(EMAIL_DEMO.referenteOtro, Rol.ReferenteParental);
    expect((await jorge.inscripcion.mishijos()).avisos.some((a) => a.includes('Tomás'))).toBe(
      false,
    );
  });
});

describe('el email verificado que la escuela anotó confirma (como antes)', () => {
  test('al registrarse con Google, los vínculos de la ficha de la escuela quedan "email"', async () => {
    const alumnado = await como(EMAIL_DEMO.alumnado, Rol.Alumnado);
    const cargado = await alumnado.referentes.crear({
      alumno: ids.mateo,
      apellido: 'Ramírez',
      nombre: 'Abuela',
      email: 'abuela.ramirez@gmail.com',
      telefono: '341 5550000',
      exalumno: false,
    });
    expect(await vinculo(ids.mateo, cargado.orden)).toMatchObject({ confirmadoCon: 'personal' });
    const r = await resolverIngresoGoogle(
      db,
      { email: 'abuela.ramirez@gmail.com', verificado: true, nombreCompleto: 'Abuela Ramírez' },
      { tipo: 'registrar' },
    );
    expect(r).toHaveProperty('usuarioId');
    expect(await vinculo(ids.mateo, cargado.orden)).toMatchObject({
      confirmado: true,
      confirmadoCon: 'email',
    });
    const [aud] = await db
      .select({ n: count() })
      .from(s.auditoria)
      .where(
        and(
          eq(s.auditoria.entidad, 'alumnos_referentes'),
          eq(s.auditoria.accion, 'confirmar'),
          eq(s.auditoria.entidadId, String(cargado.orden)),
        ),
      );
    expect(aud!.n).toBe(1);
  });
});

describe('la búsqueda de alumnos del referente (issue 31 §2)', () => {
  test('palabras enteras: "Gómez" encuentra, "Góm" no; 5 nombres sin curso', async () => {
    const { r } = await nuevaFamilia();
    const gomez = await r.inscripcion.buscarHijos({ q: 'gomez' });
    expect(gomez).toHaveLength(5);
    for (const a of gomez) {
      expect(Object.keys(a).sort()).toEqual(['apellido', 'nombre', 'orden']);
      expect(`${a.apellido} ${a.nombre}`).toMatch(/\bGómez\b/);
    }
    expect(await r.inscripcion.buscarHijos({ q: 'Góm' })).toEqual([]);
    expect(await r.inscripcion.buscarHijos({ q: 'mez' })).toEqual([]);
    expect(await fallo(r.inscripcion.buscarHijos({ q: 'Tomás Do' }))).toMatchObject({
      status: 400,
    });
    // Nombre y apellido a la vez: los dos, palabras enteras.
    const tomas = await r.inscripcion.buscarHijos({ q: 'tomas dominguez' });
    expect(tomas.map((a) => a.orden)).toContain(ids.tomas);
  });

  test(`a lo sumo ${MAXIMO_BUSQUEDAS} búsquedas cada 10 minutos por cuenta (anotadas en la auditoría)`, async () => {
    const { r, usuario } = await nuevaFamilia();
    for (let i = 0; i < MAXIMO_BUSQUEDAS; i++) await r.inscripcion.buscarHijos({ q: 'Pérez' });
    expect(await fallo(r.inscripcion.buscarHijos({ q: 'Pérez' }))).toEqual({
      status: 429,
      message: DEMASIADAS_BUSQUEDAS,
    });
    const [n] = await db
      .select({ n: count() })
      .from(s.auditoria)
      .where(
        and(eq(s.auditoria.entidad, 'busqueda_hijos'), eq(s.auditoria.entidadId, String(usuario))),
      );
    expect(n!.n).toBe(MAXIMO_BUSQUEDAS);
    // Otra cuenta busca sin problema.
    expect(await (await nuevaFamilia()).r.inscripcion.buscarHijos({ q: 'Pérez' })).not.toEqual([]);
  });

  test('búsquedas a la vez de una cuenta tampoco pasan el límite', async () => {
    const { r, usuario } = await nuevaFamilia();
    const respuestas = await Promise.all(
      Array.from({ length: MAXIMO_BUSQUEDAS + 5 }, () =>
        codigoDe(r.inscripcion.buscarHijos({ q: 'Pérez' })),
      ),
    );
    expect(respuestas.filter((x) => x === null)).toHaveLength(MAXIMO_BUSQUEDAS);
    expect(respuestas.filter((x) => x === 'TOO_MANY_REQUESTS')).toHaveLength(5);
    const [n] = await db
      .select({ n: count() })
      .from(s.auditoria)
      .where(
        and(eq(s.auditoria.entidad, 'busqueda_hijos'), eq(s.auditoria.entidadId, String(usuario))),
      );
    expect(n!.n).toBe(MAXIMO_BUSQUEDAS);
  });
});
