/**
 * Lo que comparten los hechos de la vida escolar (notas, avances, mesas, PIC, inscripción,
 * evaluaciones): un aviso igual para cada destinatario del alumno (sus referentes confirmados y su
 * propio usuario, `../destinatarios.ts`), con el alumno nombrado como en todo aviso, y las filas
 * de una consulta de texto.
 */
import type { SQL } from 'drizzle-orm';
import type { Categoria } from '@/domain/avisos';
import type { DbOTx } from '@/server/db';
import { filasDe } from '@/server/db/sql';
import { destinatarios, nombreEnAviso, type AlumnoDelAviso } from '../destinatarios';
import type { AvisoNuevo, CtxTrabajo } from '../tipos';

/** Lo que dice un aviso sobre un alumno (sin la persona que lo recibe). */
export interface AvisoDeAlumno {
  categoria: Categoria;
  clave: string;
  titulo: string;
  texto: string;
  enlace: string;
}

/**
 * Para cada hecho de un alumno, el aviso de cada uno de sus destinatarios (una consulta para
 * todos los alumnos). `armar` recibe el alumno con su nombre y curso del ciclo de `hoy`.
 */
export async function avisosDeAlumnos<T extends { alumno: number }>(
  ctx: Pick<CtxTrabajo, 'db' | 'hoy'>,
  hechos: readonly T[],
  armar: (hecho: T, alumno: AlumnoDelAviso, nombre: string) => AvisoDeAlumno,
): Promise<AvisoNuevo[]> {
  if (!hechos.length) return [];
  const de = await destinatarios(
    ctx,
    hechos.map((h) => h.alumno),
  );
  const avisos: AvisoNuevo[] = [];
  for (const h of hechos) {
    const d = de.get(h.alumno);
    if (!d?.usuarios.length) continue;
    const aviso = armar(h, d.alumno, nombreEnAviso(d.alumno));
    for (const usuario of d.usuarios) avisos.push({ usuario, alumno: h.alumno, ...aviso });
  }
  return avisos;
}

/** Las filas de una consulta de texto (postgres.js y PGlite). */
export async function filas<T>(db: DbOTx, consulta: SQL): Promise<T[]> {
  return filasDe<T>(await db.execute(consulta));
}
