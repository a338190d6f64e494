/**
 * Un vínculo alumno–referente que declara el propio referente (spec 02 §2 "Declaro mi vínculo…",
 * §7 POST /api/alumnos/link/referentes) no abre los datos del alumno (issue 11, ítem 19): queda
 * pendiente hasta que la escuela lo confirma (preceptor del curso, jefe de preceptores, regente,
 * Alumnado, Admin) o el referente ingresa el código de vinculación que entrega la escuela (las
 * pruebas del código: codigos-vinculacion.test.ts); el DNI no prueba nada. Mientras tanto la ficha
 * médica, las notas, las asistencias, las medidas, la foto y el selector de hijos lo ignoran.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { Rol } from '@/domain/roles';
import { DNI_NO_CONFIRMA, VINCULO_PENDIENTE } from '@/domain/vinculos';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { momentoEscolar } from '@/server/reloj';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo } from '../fixtures/contexto';
import { codigoDe, fallo } from '../fixtures/errores';
import { pedirRest } from '../fixtures/rest';

const ciclo = momentoEscolar().ciclo;

let c: Conexion;
let db: Db;
type Caller = Awaited<ReturnType<typeof callerComo>>;
const como = (email: string, rol: number, extra = {}) =>
  callerComo(db, email, rol, { ciclo, ...extra });

/** Las familias de demostración: Sosa (Tomás 4° Electrónica, Valentina 2° 1°) y Ramírez (Lucía 1° 2°, Mateo 6° 2°). */
const ids = { tomas: 0, valentina: 0, lucia: 0, mateo: 0, carolina: 0, jorge: 0 };
const dnis = { tomas: 0, valentina: 0, lucia: 0 };

beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo);
  db = c.db;
  const alumno = async (nombre: string) =>
    (
      await db
        .select({ id: s.alumnos.id, dni: s.alumnos.dni })
        .from(s.alumnos)
        .where(
          and(eq(s.alumnos.nombre, nombre), sql`${s.alumnos.apellido} in ('Domínguez', 'Ramírez')`),
        )
        .orderBy(s.alumnos.id)
    )[0]!;
  const ref = async (email: string) =>
    (
      await db
        .select({ id: s.referentes.id })
        .from(s.referentes)
        .innerJoin(s.usuarios, eq(s.usuarios.id, s.referentes.usuarioId))
        .where(eq(s.usuarios.email, email))
    )[0]!.id;
  const [tomas, valentina, lucia, mateo] = await Promise.all(
    ['Tomás', 'Valentina', 'Lucía', 'Mateo'].map(alumno),
  );
  Object.assign(ids, {
    tomas: tomas!.id,
    valentina: valentina!.id,
    lucia: lucia!.id,
    mateo: mateo!.id,
    carolina: await ref(EMAIL_DEMO.referente),
    jorge: await ref(EMAIL_DEMO.referenteOtro),
  });
  Object.assign(dnis, { tomas: tomas!.dni, valentina: valentina!.dni, lucia: lucia!.dni });
});
afterAll(() => c?.cerrar());

const jorge = () => como(EMAIL_DEMO.referenteOtro, Rol.ReferenteParental);
const carolina = () => como(EMAIL_DEMO.referente, Rol.ReferenteParental);

/**
 * Lo que un referente pide de un alumno en sus vistas propias: la ficha médica y los -externo.
 * Funciones, no promesas: cada llamada empieza cuando `codigos` la espera (una promesa creada
 * antes y rechazada mientras se espera otra sería un rechazo sin atender).
 */
function lecturasDe(r: Caller, alumno: number): Record<string, () => Promise<unknown>> {
  return {
    'inscripcion.datos': () => r.inscripcion.datos({ alumno }),
    'notas.mias': () => r.notas.mias({ alumno }),
    'asistencias.mias': () => r.asistencias.mias({ alumno }),
    'medidas.mias': () => r.medidas.mias({ alumno }),
    'reincorporaciones.listar': () => r.reincorporaciones.listar({ alumno }),
  };
}

async function codigos(r: Caller, alumno: number) {
  const resultado: Record<string, string | null> = {};
  for (const [nombre, llamar] of Object.entries(lecturasDe(r, alumno)))
    resultado[nombre] = await codigoDe(llamar());
  return resultado;
}

async function vinculo(alumno: number, referente: number) {
  const [v] = await db
    .select()
    .from(s.alumnosReferentes)
    .where(
      and(eq(s.alumnosReferentes.alumnoId, alumno), eq(s.alumnosReferentes.referenteId, referente)),
    );
  return v;
}

const LECTURAS = [
  'inscripcion.datos',
  'notas.mias',
  'asistencias.mias',
  'medidas.mias',
  'reincorporaciones.listar',
];
const cerradas = Object.fromEntries(LECTURAS.map((k) => [k, 'FORBIDDEN']));
const abiertas = Object.fromEntries(LECTURAS.map((k) => [k, null]));

describe('los vínculos de la escuela están confirmados', () => {
  test('la familia de demostración ve a sus hijos (la demo sigue viva)', async () => {
    const r = await carolina();
    expect(await codigos(r, ids.valentina)).toEqual(abiertas);
    expect(await codigos(r, ids.tomas)).toEqual(abiertas);
    expect((await r.sesion.hijos()).map((h) => h.id).sort()).toEqual(
      [ids.tomas, ids.valentina].sort(),
    );
    const [pendientes] = await db
      .select({ n: count() })
      .from(s.alumnosReferentes)
      .where(eq(s.alumnosReferentes.confirmado, false));
    expect(pendientes!.n).toBe(0);
  });
});

describe('un referente que se declara de un alumno ajeno', () => {
  test('POST /api/alumnos/link/referentes responde 200, pero el vínculo queda pendiente y los datos cerrados', async () => {
    const r = await pedirRest(
      'POST',
      '/api/alumnos/link/referentes',
      {
        db,
        email: EMAIL_DEMO.referenteOtro,
        rol: Rol.ReferenteParental,
        ciclo,
      },
      { add: [{ alumno: ids.valentina, referente: ids.jorge }], remove: [] },
    );
    expect(r.status).toBe(200);
    const yo = await jorge();
    expect(await codigos(yo, ids.valentina)).toEqual(cerradas);
    expect(r).toEqual({
      status: 200,
      body: { agregados: 1, quitados: 0, confirmados: 0, pendientes: 1 },
    });
    expect(await vinculo(ids.valentina, ids.jorge)).toMatchObject({
      confirmado: false,
      confirmadoPor: null,
      confirmadoEn: null,
    });
    // Por REST también: la ficha médica de Valentina → 403.
    const ficha = await pedirRest('GET', `/api/alumnos/datosinscripcion/${ids.valentina}`, {
      db,
      email: EMAIL_DEMO.referenteOtro,
      rol: Rol.ReferenteParental,
      ciclo,
    });
    expect(ficha.status).toBe(403);
    expect(await codigoDe(yo.perfil.foto({ alumno: ids.valentina }))).toBe('FORBIDDEN');
    expect(
      await codigoDe(
        yo.inscripcion.declararIngles({ alumno: ids.valentina, nivelNuevo: 1, nivelViejo: '1' }),
      ),
    ).toBe('FORBIDDEN');

    // Ni el selector de hijos ni /api/mishijos la listan; la inscripción la muestra pendiente.
    const propios = [ids.lucia, ids.mateo].sort();
    expect((await yo.sesion.hijos()).map((h) => h.id).sort()).toEqual(propios);
    expect((await yo.referentes.mishijos()).map((h) => h.id).sort()).toEqual(propios);
    const m = await yo.inscripcion.mishijos();
    expect(m.hijos.map((h) => h.orden).sort()).toEqual(propios);
    expect(m.pendientes).toEqual([
      { orden: ids.valentina, apellido: 'Domínguez', nombre: 'Valentina' },
    ]);
    // Elegirla en el selector (la cookie) tampoco la abre: se usa un hijo confirmado.
    const conCookie = await como(EMAIL_DEMO.referenteOtro, Rol.ReferenteParental, {
      hijo: ids.valentina,
    });
    expect(propios).toContain((await conCookie.inscripcion.datos({})).alumno.orden);
  });

  test('el personal ve el vínculo pendiente en la lista del alumno y en los contactos del curso', async () => {
    const jefe = await como(EMAIL_DEMO.jefePreceptores, Rol.JefePreceptor);
    const delAlumno = await jefe.referentes.delAlumno({ id: ids.valentina });
    expect(delAlumno.find((r) => r.orden === ids.jorge)).toMatchObject({ confirmado: false });
    expect(delAlumno.find((r) => r.orden === ids.carolina)).toMatchObject({ confirmado: true });
    const [curso] = await db
      .select({ id: s.alumnosCursos.cursoId })
      .from(s.alumnosCursos)
      .where(
        and(eq(s.alumnosCursos.alumnoId, ids.valentina), eq(s.alumnosCursos.ciclolectivo, ciclo)),
      );
    const contactos = await jefe.referentes.porCurso({ curso: curso!.id, ciclo });
    const v = contactos.alumnos.find((a) => a.orden === ids.valentina)!;
    expect(v.referentes.find((r) => r.orden === ids.jorge)).toMatchObject({ confirmado: false });
  });

  test('quién confirma: no el docente ni el referente ni un preceptor de otro curso', async () => {
    // Carolina se declara de Lucía (1° 2°, fuera de los cursos del preceptor de demostración).
    await (await carolina()).inscripcion.vincularme({ alumno: ids.lucia });
    const pedido = { alumno: ids.lucia, referente: ids.carolina };
    const preceptor = await como(EMAIL_DEMO.preceptor, Rol.Preceptor);
    expect(await fallo(preceptor.referentes.confirmar(pedido))).toMatchObject({ status: 403 });
    for (const [email, rol] of [
      [EMAIL_DEMO.docente, Rol.Docente],
      [EMAIL_DEMO.referente, Rol.ReferenteParental],
      [EMAIL_DEMO.coordinador, Rol.Coordinador],
    ] as const)
      expect(await codigoDe((await como(email, rol)).referentes.confirmar(pedido))).toBe(
        'FORBIDDEN',
      );
    expect(await vinculo(ids.lucia, ids.carolina)).toMatchObject({ confirmado: false });
    expect(await codigos(await carolina(), ids.lucia)).toEqual(cerradas);
    // Un vínculo que no existe: 404.
    expect(
      await fallo(
        (await como(EMAIL_DEMO.alumnado, Rol.Alumnado)).referentes.confirmar({
          alumno: ids.mateo,
          referente: ids.carolina,
        }),
      ),
    ).toMatchObject({ status: 404 });
  });

  test('el preceptor del curso confirma: los datos se abren; otra familia sigue sin verlos', async () => {
    const preceptor = await como(EMAIL_DEMO.preceptor, Rol.Preceptor, { ip: '10.9.9.9' });
    const r = await preceptor.referentes.confirmar({
      alumno: ids.valentina,
      referente: ids.jorge,
    });
    expect(r).toEqual({ alumno: ids.valentina, referente: ids.jorge, confirmado: true });
    const preceptorId = (
      await db
        .select({ id: s.usuarios.id })
        .from(s.usuarios)
        .where(eq(s.usuarios.email, EMAIL_DEMO.preceptor))
    )[0]!.id;
    const v = await vinculo(ids.valentina, ids.jorge);
    expect(v).toMatchObject({
      confirmado: true,
      confirmadoPor: preceptorId,
      confirmadoCon: 'personal',
    });
    expect(v!.confirmadoEn).toBeInstanceOf(Date);
    const [aud] = await db
      .select()
      .from(s.auditoria)
      .where(
        and(eq(s.auditoria.entidad, 'alumnos_referentes'), eq(s.auditoria.accion, 'confirmar')),
      );
    expect(aud).toMatchObject({ usuarioId: preceptorId, rol: Rol.Preceptor, ip: '10.9.9.9' });

    const yo = await jorge();
    expect(await codigos(yo, ids.valentina)).toEqual(abiertas);
    expect((await yo.sesion.hijos()).map((h) => h.id)).toContain(ids.valentina);
    expect((await yo.inscripcion.mishijos()).pendientes).toEqual([]);
    // Confirmar otra vez no cambia nada.
    expect(
      await (
        await como(EMAIL_DEMO.regente, Rol.Regente)
      ).referentes.confirmar({
        alumno: ids.valentina,
        referente: ids.jorge,
      }),
    ).toEqual({ alumno: ids.valentina, referente: ids.jorge, confirmado: true });
    expect((await vinculo(ids.valentina, ids.jorge))!.confirmadoPor).toBe(preceptorId);

    // Tomás no es de Jorge: sigue 403.
    expect(await codigos(yo, ids.tomas)).toEqual(cerradas);
  });
});

describe('el DNI del alumno no prueba nada (issue 31 §1)', () => {
  let nueva: Caller;
  let refNueva: number;
  beforeAll(async () => {
    const admin = await como(EMAIL_DEMO.admin, Rol.Admin);
    const u = await admin.usuarios.guardar({
      apellido: 'Paz',
      nombre: 'Elena',
      email: 'elena.paz@gmail.com',
      telefono: '341 5557788',
      rol: Rol.ReferenteParental,
      habilitado: true,
    });
    refNueva = (
      await db
        .select({ id: s.referentes.id })
        .from(s.referentes)
        .where(eq(s.referentes.usuarioId, u.orden))
    )[0]!.id;
    nueva = await como('elena.paz@gmail.com', Rol.ReferenteParental);
  });

  test('"Declaro mi vínculo…" con el DNI correcto: el vínculo queda pendiente y los datos cerrados', async () => {
    const r = await nueva.inscripcion.vincularme({
      alumno: ids.tomas,
      dni: dnis.tomas,
    } as never);
    expect(r).toMatchObject({ orden: ids.tomas, confirmado: false });
    expect(await vinculo(ids.tomas, refNueva)).toMatchObject({
      confirmado: false,
      confirmadoCon: null,
    });
    expect(await codigos(nueva, ids.tomas)).toEqual(cerradas);
    // Sobre un vínculo pendiente, el DNI tampoco lo confirma.
    expect(
      await fallo(nueva.inscripcion.vincularme({ alumno: ids.tomas, dni: dnis.tomas } as never)),
    ).toEqual({ status: 409, message: VINCULO_PENDIENTE });
    expect(await codigos(nueva, ids.tomas)).toEqual(cerradas);
  });

  test('REST: un "dni" en "add" es un 400 que lo explica y no declara nada', async () => {
    const r = await pedirRest(
      'POST',
      '/api/alumnos/link/referentes',
      { db, email: 'elena.paz@gmail.com', rol: Rol.ReferenteParental, ciclo },
      { add: [{ alumno: ids.lucia, referente: refNueva, dni: String(dnis.lucia) }], remove: [] },
    );
    expect(r).toMatchObject({ status: 400, body: { message: DNI_NO_CONFIRMA } });
    expect(await vinculo(ids.lucia, refNueva)).toBeUndefined();
    expect(await codigos(nueva, ids.lucia)).toEqual(cerradas);
  });
});

describe('el personal que agrega un vínculo lo deja confirmado', () => {
  test('alta por la escuela: confirmado; agregar uno pendiente lo confirma', async () => {
    const alumnado = await como(EMAIL_DEMO.alumnado, Rol.Alumnado);
    // Jorge se declara de Tomás sin código (pendiente) y Alumnado lo agrega desde /alumnos.
    await (await jorge()).inscripcion.vincularme({ alumno: ids.tomas });
    const [pendiente] = await db
      .select({ n: count() })
      .from(s.alumnosReferentes)
      .where(
        and(
          eq(s.alumnosReferentes.alumnoId, ids.tomas),
          eq(s.alumnosReferentes.referenteId, ids.jorge),
          eq(s.alumnosReferentes.confirmado, false),
        ),
      );
    expect(pendiente!.n).toBe(1);
    const r = await alumnado.referentes.vincular({
      add: [
        { alumno: ids.tomas, referente: ids.jorge },
        { alumno: ids.mateo, referente: ids.carolina },
      ],
      remove: [],
    });
    expect(r).toEqual({ agregados: 1, quitados: 0, confirmados: 1, pendientes: 0 });
    expect(await vinculo(ids.tomas, ids.jorge)).toMatchObject({
      confirmado: true,
      confirmadoCon: 'personal',
    });
    expect(await vinculo(ids.mateo, ids.carolina)).toMatchObject({
      confirmado: true,
      confirmadoCon: 'personal',
    });
    const nuevo = await alumnado.referentes.crear({
      alumno: ids.mateo,
      apellido: 'Ramírez',
      nombre: 'Abuela',
      email: null,
      telefono: null,
      exalumno: false,
    });
    expect(await vinculo(ids.mateo, nuevo.orden)).toMatchObject({ confirmado: true });
  });
});
