/**
 * cursos.cursados (GET /api/cursos/{a}/cursados/{b}): los cursados de un curso en un ciclo con
 * sus materias permitidas y la primera, con la que se inscribe (spec 01 §5), para el panel de
 * cursos de /alumnos-privileged; por rol, con el alcance del preceptor (sólo sus cursos).
 * Lo esperado sale de consultas propias a la base.
 */
import { momentoEscolar } from '@/server/reloj';
import { and, asc, eq, inArray } from 'drizzle-orm';

import { Rol, type RolBit } from '@/domain/roles';
import { encontrarRuta, llamar, respuestaDeError } from '@/server/api/rest';
import { crearContexto } from '@/server/api/trpc';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO, EMAIL_DEMO_POR_ROL } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo, idDeUsuario, sesionDe } from '../fixtures/contexto';
import { errorDe } from '../fixtures/errores';

const ciclo = momentoEscolar().ciclo;

let c: Conexion;
let db: Db;

beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo);
  db = c.db;
});
afterAll(() => c?.cerrar());

async function cursoId(anio: number, division: number) {
  const [f] = await db
    .select({ id: s.cursos.id })
    .from(s.cursos)
    .where(and(eq(s.cursos.anio, anio), eq(s.cursos.division, division)));
  return f!.id;
}

/** Los cursados del curso en el ciclo con sus materias permitidas ordenadas por id, por consulta propia. */
async function esperados(curso: number, enCiclo = ciclo) {
  const filas = await db
    .select({ id: s.cursados.id, nombre: s.cursados.nombre })
    .from(s.cursados)
    .innerJoin(s.cursadosCursos, eq(s.cursadosCursos.cursadoId, s.cursados.id))
    .where(and(eq(s.cursadosCursos.cursoId, curso), eq(s.cursados.ciclolectivo, enCiclo)));
  const ids = filas.map((f) => f.id);
  const materias = ids.length
    ? await db
        .select({
          cursadoId: s.cursadosMaterias.cursadoId,
          materiaId: s.cursadosMaterias.materiaId,
        })
        .from(s.cursadosMaterias)
        .where(inArray(s.cursadosMaterias.cursadoId, ids))
        .orderBy(asc(s.cursadosMaterias.materiaId))
    : [];
  return filas
    .map((f) => ({
      cursadoId: f.id,
      nombre: f.nombre,
      materiasPermitidas: materias.filter((m) => m.cursadoId === f.id).map((m) => m.materiaId),
    }))
    .sort((a, b) => a.cursadoId - b.cursadoId);
}

type Fila = {
  cursadoId: number;
  nombre: string;
  materiasPermitidas: number[];
  materiaId: number | null;
  materias: { id: number; nombre: string }[];
};
const comparables = (l: Fila[]) =>
  l
    .map(({ cursadoId, nombre, materiasPermitidas }) => ({ cursadoId, nombre, materiasPermitidas }))
    .sort((a, b) => a.cursadoId - b.cursadoId);

describe('cursos.cursados', () => {
  test.each([
    ['Admin', EMAIL_DEMO.admin, Rol.Admin],
    ['Alumnado', EMAIL_DEMO.alumnado, Rol.Alumnado],
    ['JefePreceptor', EMAIL_DEMO.jefePreceptores, Rol.JefePreceptor],
    ['Regente', EMAIL_DEMO.regente, Rol.Regente],
  ] as const)(
    '%s ve los cursados de cualquier curso, con la primera materia permitida',
    async (_n, email, rol) => {
      const caller = await callerComo(db, email, rol, { ciclo });
      const curso = await cursoId(3, 1);
      const r = await caller.cursos.cursados({ curso });
      expect(r.ciclo).toBe(ciclo);
      expect(r.curso).toMatchObject({ orden: curso, anio: 3, division: 1, nombre: '3° 1°' });
      const esperado = await esperados(curso);
      expect(esperado.length).toBeGreaterThan(0);
      expect(comparables(r.cursados)).toEqual(esperado);
      for (const x of r.cursados) {
        expect(x.materiaId).toBe(x.materiasPermitidas[0] ?? null);
        expect(x.materias.map((m) => m.id)).toEqual(x.materiasPermitidas);
        expect(x.materia).toBe(x.materias[0]?.nombre ?? null);
      }
    },
  );

  test('sin materias permitidas: materiaId null (la pantalla no lo ofrece para agregar)', async () => {
    const admin = await callerComo(db, EMAIL_DEMO.admin, Rol.Admin, { ciclo });
    const curso = await cursoId(1, 1);
    const [nuevo] = await db
      .insert(s.cursados)
      .values({ nombre: 'Taller sin materias', modalidad: 0, horas: 2, ciclolectivo: ciclo })
      .returning({ id: s.cursados.id });
    await db.insert(s.cursadosCursos).values({ cursadoId: nuevo!.id, cursoId: curso });
    try {
      const r = await admin.cursos.cursados({ curso });
      const x = r.cursados.find((f) => f.cursadoId === nuevo!.id);
      expect(x).toMatchObject({
        materiasPermitidas: [],
        materias: [],
        materiaId: null,
        materia: null,
      });
    } finally {
      await db.delete(s.cursadosCursos).where(eq(s.cursadosCursos.cursadoId, nuevo!.id));
      await db.delete(s.cursados).where(eq(s.cursados.id, nuevo!.id));
    }
  });

  test('otro ciclo: los cursados de ese ciclo (ninguno sembrado para el siguiente)', async () => {
    const admin = await callerComo(db, EMAIL_DEMO.admin, Rol.Admin, { ciclo });
    const curso = await cursoId(2, 1);
    const r = await admin.cursos.cursados({ curso, ciclo: ciclo + 1 });
    expect(r.ciclo).toBe(ciclo + 1);
    expect(comparables(r.cursados)).toEqual(await esperados(curso, ciclo + 1));
    expect(r.cursados).toEqual([]);
    expect((await errorDe(admin.cursos.cursados({ curso, ciclo: 1999 }))).code).toBe('BAD_REQUEST');
  });

  test('Preceptor: sus cursos sí, otro curso no (403) y un curso inexistente 404', async () => {
    const preceptor = await callerComo(db, EMAIL_DEMO.preceptor, Rol.Preceptor, { ciclo });
    const pid = await idDeUsuario(db, EMAIL_DEMO.preceptor);
    const propios = (
      await db
        .select({ id: s.preceptoresCursos.cursoId })
        .from(s.preceptoresCursos)
        .where(
          and(eq(s.preceptoresCursos.usuarioId, pid), eq(s.preceptoresCursos.ciclolectivo, ciclo)),
        )
    ).map((f) => f.id);
    expect(propios.length).toBeGreaterThan(0);
    for (const curso of propios) {
      const r = await preceptor.cursos.cursados({ curso });
      expect(comparables(r.cursados)).toEqual(await esperados(curso));
    }
    const ajeno = await cursoId(3, 1);
    expect(propios).not.toContain(ajeno);
    const e = await errorDe(preceptor.cursos.cursados({ curso: ajeno }));
    expect([e.code, e.message]).toEqual(['FORBIDDEN', 'No tiene acceso a ese curso.']);
    const e404 = await errorDe(preceptor.cursos.cursados({ curso: 999_999 }));
    expect([e404.code, e404.message]).toEqual(['NOT_FOUND', 'El curso no existe.']);
  });

  test.each(
    (
      [
        Rol.Docente,
        Rol.JefeDepartamento,
        Rol.Coordinador,
        Rol.Alumno,
        Rol.ReferenteParental,
      ] as RolBit[]
    ).map((r) => [r]),
  )('el rol %i no puede llamarlo (FORBIDDEN)', async (rol) => {
    const caller = await callerComo(db, EMAIL_DEMO_POR_ROL[rol], rol, { ciclo });
    const e = await errorDe(caller.cursos.cursados({ curso: await cursoId(2, 1) }));
    expect(e.code).toBe('FORBIDDEN');
  });

  test('REST GET /api/cursos/{curso}/cursados/{ciclo}', async () => {
    const curso = await cursoId(2, 2);
    const { ruta, params } = encontrarRuta('GET', `/api/cursos/${curso}/cursados/${ciclo}`);
    expect(ruta?.procedimiento).toBe('cursos.cursados');
    const entrada = ruta!.entrada!({ params: params ?? {}, query: {}, cuerpo: undefined });
    const admin = crearContexto({ db, sesion: await sesionDe(db, EMAIL_DEMO.admin), ciclo });
    const r = (await llamar(admin, 'cursos.cursados', entrada)) as { cursados: Fila[] };
    expect(comparables(r.cursados)).toEqual(await esperados(curso));

    // Un preceptor pidiendo un curso ajeno: 403 con el mensaje en castellano.
    const ajeno = await cursoId(3, 1);
    const { params: p2 } = encontrarRuta('GET', `/api/cursos/${ajeno}/cursados/${ciclo}`);
    const prec = crearContexto({
      db,
      sesion: await sesionDe(db, EMAIL_DEMO.preceptor, Rol.Preceptor),
      ciclo,
    });
    try {
      await llamar(
        prec,
        'cursos.cursados',
        ruta!.entrada!({ params: p2!, query: {}, cuerpo: undefined }),
      );
      throw new Error('Se esperaba un error');
    } catch (e) {
      const resp = respuestaDeError(e, 'prueba');
      expect(resp.status).toBe(403);
      expect(await resp.json()).toEqual({ error: true, message: 'No tiene acceso a ese curso.' });
    }
    // Un ciclo mal formado: 400.
    const { params: p3 } = encontrarRuta('GET', `/api/cursos/${curso}/cursados/abc`);
    try {
      await llamar(
        admin,
        'cursos.cursados',
        ruta!.entrada!({ params: p3!, query: {}, cuerpo: undefined }),
      );
      throw new Error('Se esperaba un error');
    } catch (e) {
      expect(respuestaDeError(e, 'prueba').status).toBe(400);
    }
  });
});
