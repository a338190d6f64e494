/**
 * El día escolar fijo de las pruebas de punta a punta: la suite no depende del día en que corre.
 *
 * tests/e2e/servidor.ts se lo pasa al portal como SCHOOL_FIXED_DATE (a la siembra, a `next build`
 * y a `next start`: "hoy", el ciclo lectivo y el selector de años salen de esta fecha) y el
 * fixture de tests/e2e/prueba.ts pone el reloj del navegador en este día a la hora real. Las
 * pruebas que calculan fechas (hoy, el ciclo, N días antes) parten de acá, nunca de `new Date()`.
 *
 * Un martes de clase de fines de noviembre de 2026, con todo lo que las pruebas necesitan cerca:
 *  - clases pasadas desde marzo (temas, asistencias, avances vencidos) y clases futuras hasta el
 *    fin de clases (15/12) con lugares libres para reservar evaluaciones (desde el 12/12 ya no
 *    quedan: cronograma y evaluaciones fallarían);
 *  - el 1° cuatrimestre cerrado y publicado y el 2° abierto (9/11 a 27/11), con las notas de la
 *    mitad de los cursados ya cargadas (notas, PIC, libretas);
 *  - la ventana de las mesas (noviembre a abril), con las de diciembre por delante;
 *  - no es feriado (el 20/11 y el 8/12 sí lo son).
 * Para cambiarla, corra la suite completa: varias pruebas dependen de estas condiciones.
 */
import { mismaHoraEnFecha, turnoDe, ZONA_HORARIA_POR_DEFECTO } from '../../src/domain/escuela';

/** El día de la escuela durante las pruebas ('AAAA-MM-DD'). */
export const FECHA_ESCOLAR = '2026-11-24';

/** La zona de la escuela (la de playwright.config.ts y la que servidor.ts le pasa al portal). */
export const ZONA_ESCOLAR = ZONA_HORARIA_POR_DEFECTO;

/** El ciclo lectivo de las pruebas: el año de la fecha fija. */
export const CICLO_ESCOLAR = Number(FECHA_ESCOLAR.slice(0, 4));

/** El instante de la escuela: el día fijo a la hora real (como el servidor, src/server/reloj.ts). */
export const ahoraEscolar = (real: Date = new Date()): Date =>
  mismaHoraEnFecha(real, FECHA_ESCOLAR, ZONA_ESCOLAR);

/** Minutos antes de la medianoche en que el reloj del navegador deja de acompañar a la hora real. */
const MARGEN_MEDIANOCHE_MIN = 10;

/**
 * El instante con que arranca el reloj del navegador: `ahoraEscolar()`, salvo en los últimos
 * minutos del día, en que queda en las 23:50. El reloj instalado corre, y el del servidor vuelve
 * a la misma fecha a las 00:00 (la fecha fija a la hora real): un contexto abierto a las 23:59
 * pasaría al día siguiente en medio de la prueba mientras el servidor sigue en FECHA_ESCOLAR. Así
 * a un contexto le quedan al menos 10 minutos del mismo día (una prueba dura segundos).
 */
export function inicioRelojNavegador(real: Date = new Date()): Date {
  const t = ahoraEscolar(real);
  const [h, m, s] = new Intl.DateTimeFormat('en-GB', {
    timeZone: ZONA_ESCOLAR,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  })
    .format(t)
    .split(':')
    .map(Number) as [number, number, number];
  const exceso = h * 3600 + m * 60 + s - (24 * 60 - MARGEN_MEDIANOCHE_MIN) * 60;
  return exceso > 0 ? new Date(t.getTime() - exceso * 1000 - t.getMilliseconds()) : t;
}

/** El turno de ahora (la hora real en la zona de la escuela). */
export const turnoEscolar = () => turnoDe(ahoraEscolar(), ZONA_ESCOLAR);
