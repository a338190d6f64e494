/**
 * Las exportaciones de la escuela (issue 34 §3). Los ZIP los arman y mandan las rutas
 * (/api/exportar-todo y /api/alumnos/{id}/legajo-zip, src/server/api/exportaciones.ts) con
 * src/server/exportacion; estos procedimientos son su puerta: quién puede (la tabla de acceso, y
 * el dispositivo de administración para la completa), el alcance del alumno y lo que se va a
 * descargar.
 */
import { sql } from 'drizzle-orm';
import { exigirAlumnosVisibles } from '@/server/alcance';
import type { Ctx } from '@/server/contexto';
import { filasDe, id, tablasDelEsquema } from '@/server/exportacion/tablas';
import { nombreDelLegajo } from '@/server/exportacion/legajo';
import type { EntradaLegajo } from './schemas';

/** Las filas de cada tabla del esquema y los archivos subidos, en una consulta. */
export async function resumen(ctx: Ctx) {
  const tablas = tablasDelEsquema();
  const partes = tablas.map(
    (t) => `select '${t.nombre}' as tabla, count(*)::int as filas from ${id(t.nombre)}`,
  );
  const filas = filasDe<{ tabla: string; filas: number }>(
    await ctx.db.execute(sql.raw(partes.join(' union all '))),
  ).map((f) => ({ tabla: f.tabla, filas: Number(f.filas) }));
  const [a] = filasDe<{ n: number; bytes: string | null }>(
    await ctx.db.execute(
      sql`select count(*)::int as n, sum(octet_length(datos))::text as bytes from archivos`,
    ),
  );
  filas.sort((x, y) => x.tabla.localeCompare(y.tabla));
  return {
    tablas: filas,
    filas: filas.reduce((s, f) => s + f.filas, 0),
    archivos: Number(a?.n ?? 0),
    bytesArchivos: Number(a?.bytes ?? 0),
  };
}

/** El alumno del legajo, si la sesión lo ve (alcance.ts: 404 si no existe, 403 si es ajeno). */
export async function legajo(ctx: Ctx, { alumno }: EntradaLegajo) {
  await exigirAlumnosVisibles(ctx, { alumnos: [alumno] });
  const [f] = filasDe<{
    id: number;
    apellido: string;
    nombre: string;
    dni: number;
    usuarioId: number | null;
  }>(
    await ctx.db.execute(
      sql`select id, apellido, nombre, dni, usuario_id as "usuarioId" from alumnos where id = ${alumno}`,
    ),
  );
  const datos = { ...f!, id: Number(f!.id), dni: Number(f!.dni) };
  return { alumno: datos, archivo: nombreDelLegajo(datos) };
}
