/**
 * El legajo exportado tiene todo lo que el portal guarda sobre el alumno (issue 34 §3): el plan
 * sale de las claves foráneas del esquema de Drizzle. Esta prueba recorre el esquema por su cuenta
 * (getTableConfig) y exige que cada tabla que apunta al alumno (o a una tabla del alumno) esté en
 * el plan como propia y con su título escrito a mano: una tabla nueva con una clave foránea a
 * `alumnos` sin título en SECCIONES_LEGAJO la hace fallar.
 */
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as esquema from '@/server/db/schema';
import {
  COLUMNAS_RESERVADAS,
  SECCIONES_LEGAJO,
  tablasDelLegajo,
} from '@/server/exportacion/plan-legajo';
import { tablasDelEsquema } from '@/server/exportacion/tablas';

/** Las tablas con una clave foránea a `destino`, leídas del esquema sin pasar por el plan. */
function queApuntanA(destinos: Set<string>): string[] {
  return Object.values(esquema as Record<string, unknown>)
    .filter((v): v is PgTable => is(v, PgTable))
    .map((t) => getTableConfig(t))
    .filter((c) =>
      c.foreignKeys.some((f) => destinos.has(getTableConfig(f.reference().foreignTable).name)),
    )
    .map((c) => c.name);
}

test('toda tabla que apunta al alumno (directa o por una tabla suya) está en el legajo', () => {
  const delAlumno = new Set(['alumnos']);
  for (let n = 0; n !== delAlumno.size;) {
    n = delAlumno.size;
    for (const t of queApuntanA(delAlumno)) delAlumno.add(t);
  }
  // Las que hoy tiene la escuela (si aparece una nueva, el plan la toma y pide su título).
  for (const t of ['asistencias', 'medidas', 'notas', 'examenes', 'avances', 'fichas_medicas'])
    expect(delAlumno).toContain(t);
  const plan = tablasDelLegajo();
  for (const t of delAlumno) {
    expect([t, plan.find((p) => p.tabla === t)?.origen]).toEqual([t, 'propia']);
    expect([t, typeof SECCIONES_LEGAJO[t]]).toEqual([t, 'string']);
  }
  // Y la auditoría, los referentes y los archivos.
  expect(plan.map((p) => p.tabla)).toEqual(
    expect.arrayContaining(['auditoria', 'referentes', 'archivos', 'usuarios']),
  );
});

test('las columnas reservadas y los títulos nombran tablas y columnas que existen', () => {
  const tablas = new Map(tablasDelEsquema().map((t) => [t.nombre, t]));
  for (const c of COLUMNAS_RESERVADAS) {
    const [tabla, columna] = c.split('.');
    expect([c, tablas.get(tabla!)?.columnas.some((x) => x.nombre === columna)]).toEqual([c, true]);
  }
  for (const t of Object.keys(SECCIONES_LEGAJO)) expect([t, tablas.has(t)]).toEqual([t, true]);
});
