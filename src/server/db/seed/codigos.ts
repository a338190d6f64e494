/**
 * Los códigos de vinculación de la escuela de demostración (issue 31 §1): uno por alumno, con su
 * propio azar con semilla (los mismos en cada siembra, para las pruebas de las familias). En una
 * escuela real los crea el servidor con `crypto.randomInt` cuando el personal los necesita.
 */
import { asc } from 'drizzle-orm';
import { generarCodigo } from '@/domain/vinculos';
import type { DbOTx } from '@/server/db';
import * as s from '@/server/db/schema';
import { Azar, SEMILLAS } from './aleatorio';
import { insertarEnLotes } from './lotes';

/** El código de demostración de cada alumno, en el orden de sus ids. */
export function codigosDeDemostracion(alumnos: readonly number[]) {
  const azar = new Azar(SEMILLAS.codigos);
  return alumnos.map((alumnoId) => ({
    alumnoId,
    codigo: generarCodigo((n) => azar.entero(0, n - 1)),
  }));
}

export async function sembrarCodigos(tx: DbOTx) {
  const ids = await tx.select({ id: s.alumnos.id }).from(s.alumnos).orderBy(asc(s.alumnos.id));
  await insertarEnLotes(tx, s.codigosVinculacion, codigosDeDemostracion(ids.map((a) => a.id)));
}
