/**
 * Los alumnos sembrados desde las pruebas de navegador (issue 31 §1): el código de vinculación de
 * demostración de cada uno (el i-ésimo código es el del i-ésimo alumno de `generarEscuela`) y su
 * lugar entre los homónimos, que la búsqueda del referente lista sólo por nombre (sin el curso),
 * en el orden de sus ids.
 */
import { formatearCodigo } from '../../src/domain/vinculos';
import { codigosDeDemostracion } from '../../src/server/db/seed/codigos';
import { generarEscuela } from '../../src/server/db/seed/personas';

export function alumnoSembrado(
  ciclo: number,
  { apellido, nombre, clave }: { apellido: string; nombre: string; clave: string },
) {
  const sembrados = generarEscuela(ciclo).alumnos;
  const homonimos = sembrados.filter((a) => a.apellido === apellido && a.nombre === nombre);
  const posicion = homonimos.findIndex((a) => a.cursoClave === clave);
  if (posicion < 0) throw new Error(`No hay un alumno sembrado ${apellido}, ${nombre} en ${clave}`);
  const indice = sembrados.indexOf(homonimos[posicion]!);
  return {
    posicion,
    codigo: formatearCodigo(codigosDeDemostracion(sembrados.length)[indice]!),
  };
}
