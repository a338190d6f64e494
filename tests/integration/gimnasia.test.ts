/**
 * Gimnasia electiva (issue 17 §2; spec 02 §2, §5, §7): sólo un alumno de 5° año elige tres
 * opciones distintas (repetidas o menos de tres: 400 y nada escrito), las cambia hasta que se
 * publica; el personal ve y exporta; Regente asigna (semilla guardada, reproducible) y publica.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { ErrorGimnasia, asignarGimnasia } from '@/domain/gimnasia';
import { Rol } from '@/domain/roles';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo } from '../fixtures/contexto';
import { codigoDe, codigoYMensaje } from '../fixtures/errores';
import { pedirRest } from '../fixtures/rest';

const ciclo = 2026;
const hoy = '2026-11-24';
let c: Conexion;
let db: Db;
let alumnoId = 0;
const como = (email: string, rol: number) => callerComo(db, email, rol, { ciclo, hoy });
const alumno = () => como(EMAIL_DEMO.alumno, Rol.Alumno);
const elecciones = async () => (await db.select({ n: count() }).from(s.gimnasiaElecciones))[0]!.n;

/** Lleva al alumno de demostración a un curso del año dado (en el ciclo). */
async function pasarA(anio: number) {
  const [curso] = await db
    .select({ id: s.cursos.id })
    .from(s.cursos)
    .where(eq(s.cursos.anio, anio))
    .limit(1);
  await db
    .update(s.alumnosCursos)
    .set({ cursoId: curso!.id })
    .where(and(eq(s.alumnosCursos.alumnoId, alumnoId), eq(s.alumnosCursos.ciclolectivo, ciclo)));
}

beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo, hoy);
  db = c.db;
  const [a] = await db
    .select({ id: s.alumnos.id })
    .from(s.alumnos)
    .innerJoin(s.usuarios, eq(s.usuarios.id, s.alumnos.usuarioId))
    .where(eq(sql`lower(${s.usuarios.email})`, EMAIL_DEMO.alumno));
  alumnoId = a!.id;
});
afterAll(() => c?.cerrar());

describe('el alumno', () => {
  test('de otro año no puede: 403 y nada escrito', async () => {
    await pasarA(4);
    const antes = await elecciones();
    const a = await alumno();
    expect((await a.gimnasia.mia()).puede).toBe(false);
    expect(await codigoYMensaje(a.gimnasia.elegir({ opcion1: 1, opcion2: 2, opcion3: 3 }))).toEqual(
      { code: 'FORBIDDEN', message: ErrorGimnasia.noEsDeQuinto },
    );
    expect(await elecciones()).toBe(antes);
  });

  test('de 5°: tres distintas; repetidas, fuera de rango o faltantes: 400 y nada escrito; puede cambiarlas', async () => {
    await pasarA(5);
    const antes = await elecciones();
    const a = await alumno();
    const mia = await a.gimnasia.mia();
    expect(mia).toMatchObject({ puede: true, eleccion: null, publicada: false });
    expect(mia.recordatorio).toMatch(/certificado médico/);
    for (const malo of [
      { opcion1: 1, opcion2: 1, opcion3: 2 },
      { opcion1: 1, opcion2: 2 },
      { opcion1: 1, opcion2: 2, opcion3: 13 },
      { opcion1: 'x', opcion2: 2, opcion3: 3 },
      [1, 2, 3],
    ])
      expect(await codigoDe(a.gimnasia.elegir(malo as never))).toBe('BAD_REQUEST');
    const e = await codigoYMensaje(a.gimnasia.elegir({ opcion1: 4, opcion2: 5, opcion3: 4 }));
    expect(e.code).toBe('BAD_REQUEST');
    expect(await elecciones()).toBe(antes);
    await a.gimnasia.elegir({ opcion1: 6, opcion2: 2, opcion3: 9 });
    await a.gimnasia.elegir({ opcion1: 2, opcion2: 6, opcion3: 9 });
    expect((await a.gimnasia.mia()).eleccion).toEqual([2, 6, 9]);
    // Con el selector de año en el anterior, sigue siendo la del ciclo en curso (el del día).
    const conSelector = await callerComo(db, EMAIL_DEMO.alumno, Rol.Alumno, {
      ciclo: ciclo - 1,
      hoy,
    });
    expect(await conSelector.gimnasia.mia()).toMatchObject({ ciclo, eleccion: [2, 6, 9] });
    expect(await elecciones()).toBe(antes + 1);
  });

  test('REST: POST /api/alumnos/inscripcion/gimnasia como JSON; repetidas, el mensaje de la spec', async () => {
    const pedido = { db, email: EMAIL_DEMO.alumno, rol: Rol.Alumno, ciclo, hoy };
    const ok = await pedirRest('POST', '/api/alumnos/inscripcion/gimnasia', pedido, {
      opcion1: '3',
      opcion2: '7',
      opcion3: '12',
    });
    expect(ok.status).toBe(200);
    const mal = await pedirRest<{ message: string }>(
      'POST',
      '/api/alumnos/inscripcion/gimnasia',
      pedido,
      { opcion1: 3, opcion2: 3, opcion3: 12 },
    );
    expect(mal).toEqual({ status: 400, body: { error: true, message: ErrorGimnasia.repetidas } });
  });
});

describe('el personal', () => {
  test('ve por opción y exporta; Regente asigna con semilla (reproducible) y publica; después no se cambia', async () => {
    // Además de la semilla (la mitad de 5°), más alumnos eligieron Natación primero (directo en
    // la base: sólo el de demostración tiene usuario).
    const otros = await db.select({ id: s.alumnos.id }).from(s.alumnos).limit(40);
    await db.insert(s.gimnasiaElecciones).values(
      otros
        .filter((o) => o.id !== alumnoId)
        .map((o, i) => ({
          alumnoId: o.id,
          ciclolectivo: ciclo,
          opcion1: 6,
          opcion2: 1 + (i % 5),
          opcion3: 12,
        })),
    );
    const j = await como(EMAIL_DEMO.jefePreceptores, Rol.JefePreceptor);
    const v = await j.gimnasia.vista({ anio: ciclo });
    expect(v.total).toBe(await elecciones());
    expect(v.opciones.find((o) => o.numero === 6)!.primera.length).toBeGreaterThan(20);
    const csv = await j.gimnasia.csv({ anio: ciclo });
    expect(csv.contenido.split('\n')[0]).toContain('Opción 1');
    expect(await codigoDe(j.gimnasia.asignar({ anio: ciclo }))).toBe('FORBIDDEN');

    const r = await como(EMAIL_DEMO.regente, Rol.Regente);
    const { semilla, asignados, sinAsignar } = await r.gimnasia.asignar({ anio: ciclo });
    expect(asignados + sinAsignar).toBe(v.total);
    // Reproducible: la misma semilla sobre las mismas elecciones da lo guardado.
    const filas = await db.select().from(s.gimnasiaElecciones);
    const esperado = asignarGimnasia(
      filas.map((f) => ({ alumno: f.alumnoId, opciones: [f.opcion1, f.opcion2, f.opcion3] })),
      semilla,
    );
    expect(Object.fromEntries(filas.map((f) => [f.alumnoId, f.asignada]))).toEqual(
      Object.fromEntries(esperado),
    );
    // Natación (6) tiene cupo 20: nadie más que el cupo.
    expect(filas.filter((f) => f.asignada === 6)).toHaveLength(20);
    // Sin publicar, el alumno no ve la asignación.
    expect((await (await alumno()).gimnasia.mia()).asignada).toBeNull();
    await r.gimnasia.publicar({ anio: ciclo });
    const mia = await (await alumno()).gimnasia.mia();
    expect(mia.publicada).toBe(true);
    expect(mia.asignada).toBe(filas.find((f) => f.alumnoId === alumnoId)!.asignada);
    expect(
      await codigoYMensaje(
        (await alumno()).gimnasia.elegir({ opcion1: 1, opcion2: 2, opcion3: 3 }),
      ),
    ).toEqual({ code: 'PRECONDITION_FAILED', message: ErrorGimnasia.publicada });
    expect(await codigoDe(r.gimnasia.asignar({ anio: ciclo }))).toBe('PRECONDITION_FAILED');
    expect(
      await codigoDe((await como(EMAIL_DEMO.docente, Rol.Docente)).gimnasia.vista({ anio: ciclo })),
    ).toBe('FORBIDDEN');
  });
});
