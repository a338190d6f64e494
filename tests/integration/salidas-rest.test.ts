/**
 * Las salidas declaradas contra respuestas reales (issue 33 §3): cada fila GET del contrato REST,
 * con la sesión de un rol que puede llamarla y ids de la escuela sembrada, responde 200. En las
 * pruebas `salida` valida lo que devuelve el procedimiento (tests/fixtures/validar-salidas.ts):
 * una respuesta que no cumple el esquema de su salida sería un 500 "Output validation failed".
 */
import { eq } from 'drizzle-orm';
import { Rol, type RolBit } from '@/domain/roles';
import { RUTAS_REST, type RutaRest } from '@/server/api/rest';
import { validacionDeSalidas } from '@/server/api/schemas';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO_POR_ROL } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { AUTENTICADO, PROCEDIMIENTOS, PUBLICO } from '@/server/permisos';
import { momentoEscolar } from '@/server/reloj';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { idsDeLaDemo, ROLES_POR_ALCANCE, type IdsDeLaDemo } from '../fixtures/contexto';
import { parametroDeCamino, pedirRest } from '../fixtures/rest';

jest.setTimeout(240_000);

const { ciclo, hoy } = momentoEscolar();
let c: Conexion;
let db: Db;
/** Los de la demostración y, aparte, una PIC sembrada y un cursado del docente. */
let demo: IdsDeLaDemo;
let ids: Record<string, number>;

/** Las filas que piden un rol en particular: la ficha propia (alumno), la lista del coordinador. */
const ROL_DE_FILA: Record<string, RolBit> = {
  '/api/alumnos/datosinscripcion': Rol.Alumno,
  '/api/materias/coordinador': Rol.Coordinador,
};
function rolPara(r: RutaRest): RolBit {
  if (ROL_DE_FILA[r.ruta]) return ROL_DE_FILA[r.ruta]!;
  const acceso = PROCEDIMIENTOS[r.procedimiento]!;
  if (acceso === AUTENTICADO || acceso === PUBLICO) return Rol.Admin;
  return ROLES_POR_ALCANCE.find((rol) => acceso.includes(rol))!;
}

/** La consulta de las filas que la leen (fecha y hora de una mesa, comienzo de una PIC). */
const CONSULTA: Record<string, () => string> = {
  '/api/mesas/choques': () => `?fecha=${hoy}&hora=08:00`,
  '/api/pics/{anio}/{materia}/{cuatrimestre}/choques': () => `?comienzo=${hoy}T09:00`,
};

/** El camino con parámetros de la escuela sembrada. */
function camino(r: RutaRest): string {
  const valor = (nombre: string): string => {
    // Una PIC sembrada.
    if (r.ruta.startsWith('/api/pics/{anio}/{materia}/{cuatrimestre}'))
      return String(ids[`pic.${nombre}`]);
    // Las del docente: un cursado suyo.
    if (/^\/api\/(cronograma\/\w+|evaluaciones_disponibles)\/\{/.test(r.ruta))
      return String(ids.cursadoDelDocente);
    return parametroDeCamino(r.ruta, nombre, demo, { ciclo, hoy }) ?? `{${nombre}}`;
  };
  return (
    r.ruta.replace(/\{(\w+)\}/g, (_t, nombre: string) => valor(nombre)) +
    (CONSULTA[r.ruta]?.() ?? '')
  );
}

beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo, hoy);
  db = c.db;
  demo = await idsDeLaDemo(db);
  const [delDocente] = await db
    .select({ id: s.cursadosDocentes.cursadoId })
    .from(s.cursadosDocentes)
    .where(eq(s.cursadosDocentes.usuarioId, demo.docente))
    .orderBy(s.cursadosDocentes.cursadoId)
    .limit(1);
  const [pic] = await db
    .select({
      anio: s.pics.ciclolectivo,
      materia: s.pics.materiaId,
      cuatrimestre: s.pics.cuatrimestre,
    })
    .from(s.pics)
    .where(eq(s.pics.ciclolectivo, ciclo))
    .orderBy(s.pics.id)
    .limit(1);
  ids = {
    'pic.anio': pic!.anio,
    'pic.materia': pic!.materia,
    'pic.cuatrimestre': pic!.cuatrimestre,
    cursadoDelDocente: delDocente!.id,
  };
});
afterAll(() => c?.cerrar());

test('las pruebas validan las salidas', () => {
  expect(validacionDeSalidas.activa).toBe(true);
});

const GET = RUTAS_REST.filter((r) => r.metodo === 'GET');

test('cada fila GET responde 200 con la salida que declara', async () => {
  const resultados: string[] = [];
  for (const r of GET) {
    const rol = rolPara(r);
    const { status, body } = await pedirRest<{ message?: string }>('GET', camino(r), {
      db,
      email: EMAIL_DEMO_POR_ROL[rol],
      rol,
      ciclo,
      hoy,
      dispositivoAdmin: true,
    });
    if (status !== 200) resultados.push(`${r.ruta} (${rol}) ${status} ${body?.message ?? ''}`);
  }
  expect(resultados).toEqual([]);
});
