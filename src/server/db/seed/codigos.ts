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

/**
 * Los códigos de demostración: el i-ésimo es el del i-ésimo alumno sembrado (el orden de
 * `generarEscuela(ciclo).alumnos`, que es el de sus ids).
 */
export function codigosDeDemostracion(cantidad: number): string[] {
  const azar = new Azar(SEMILLAS.codigos);
  return Array.from({ length: cantidad }, () => generarCodigo((n) => azar.entero(0, n - 1)));
}

/** Un código por alumno, recién sembrada la escuela (antes de cualquier otro alumno). */
export async function sembrarCodigos(tx: DbOTx) {
  const ids = await tx.select({ id: s.alumnos.id }).from(s.alumnos).orderBy(asc(s.alumnos.id));
  const codigos = codigosDeDemostracion(ids.length);
  await insertarEnLotes(
    tx,
    s.codigosVinculacion,
    ids.map((a, i) => ({ alumnoId: a.id, codigo: codigos[i]! })),
  );
}
