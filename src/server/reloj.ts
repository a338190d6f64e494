/**
 * El reloj de la escuela: el único lugar del servidor que lee la hora, en la zona de la
 * configuración. Los servicios no lo usan: reciben `ctx.hoy` y `ctx.ciclo` del contexto.
 */
import {
  cicloLectivoActual,
  cicloLectivoValido,
  ciclosLectivos,
  hoyEscolar,
  turnoDe,
  type Turno,
} from '@/domain/escuela';
import { config } from '@/server/config';

export interface MomentoEscolar {
  /** El día escolar, 'AAAA-MM-DD'. */
  hoy: string;
  /** El ciclo lectivo en curso (el año calendario en la zona de la escuela). */
  ciclo: number;
  turno: Turno;
  zona: string;
}

export function momentoEscolar(instante: Date = new Date()): MomentoEscolar {
  const zona = config().zonaHoraria;
  return {
    hoy: hoyEscolar(instante, zona),
    ciclo: cicloLectivoActual(instante, zona),
    turno: turnoDe(instante, zona),
    zona,
  };
}

/** Un ciclo lectivo del selector de año: de 2021 al actual. */
export function cicloValido(anio: number, instante: Date = new Date()): boolean {
  return cicloLectivoValido(anio, instante, config().zonaHoraria);
}

/** Los ciclos lectivos del selector de año, de 2021 al actual. */
export function ciclosDelSelector(instante: Date = new Date()): number[] {
  return ciclosLectivos(instante, config().zonaHoraria);
}
