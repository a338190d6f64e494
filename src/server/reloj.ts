/**
 * El reloj de la escuela: el único lugar del servidor que lee la hora, en la zona de la
 * configuración. Los servicios no lo usan: reciben `ctx.hoy`, `ctx.ahora` y `ctx.ciclo` del
 * contexto.
 *
 * Con SCHOOL_FIXED_DATE (sólo pruebas) el día de la escuela es esa fecha y la hora del día es
 * la real: "hoy", el ciclo lectivo y los ciclos del selector salen de esa fecha y el turno sigue
 * la hora. Los vencimientos de sesiones y cookies, el límite de intentos y las marcas de
 * auditoría no pasan por acá: siguen el reloj real.
 */
import {
  cicloLectivoActual,
  cicloLectivoValido,
  ciclosLectivos,
  hoyEscolar,
  mismaHoraEnFecha,
  turnoDe,
  type Turno,
} from '@/domain/escuela';
import { config } from '@/server/config';

export interface MomentoEscolar {
  /** El instante de la escuela (con SCHOOL_FIXED_DATE, en esa fecha a la hora real). */
  instante: Date;
  /** El día escolar, 'AAAA-MM-DD'. */
  hoy: string;
  /** El ciclo lectivo en curso (el año calendario en la zona de la escuela). */
  ciclo: number;
  turno: Turno;
  zona: string;
}

/**
 * El instante de la escuela para un instante real: el mismo o, con SCHOOL_FIXED_DATE, el de esa
 * fecha a la misma hora de reloj en la zona de la escuela.
 */
export function ahoraEscolar(real: Date = new Date()): Date {
  const { fechaFija, zonaHoraria } = config();
  return fechaFija ? mismaHoraEnFecha(real, fechaFija, zonaHoraria) : real;
}

export function momentoEscolar(real: Date = new Date()): MomentoEscolar {
  const zona = config().zonaHoraria;
  const instante = ahoraEscolar(real);
  return {
    instante,
    hoy: hoyEscolar(instante, zona),
    ciclo: cicloLectivoActual(instante, zona),
    turno: turnoDe(instante, zona),
    zona,
  };
}

/** Un ciclo lectivo del selector de año: de 2021 al actual. */
export function cicloValido(anio: number, real: Date = new Date()): boolean {
  return cicloLectivoValido(anio, ahoraEscolar(real), config().zonaHoraria);
}

/** Los ciclos lectivos del selector de año, de 2021 al actual. */
export function ciclosDelSelector(real: Date = new Date()): number[] {
  return ciclosLectivos(ahoraEscolar(real), config().zonaHoraria);
}
