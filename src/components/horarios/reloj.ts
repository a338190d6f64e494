'use client';
import { useEffect, useState } from 'react';
import { BLOQUES } from '@/domain/horario';
import { hoyEscolar, partesEnZona } from '@/domain/escuela';

/** El momento de la semana en la zona de la escuela: el día (1 lunes … 7 domingo) y la hora. */
export interface Ahora {
  dia: number;
  /** Minutos desde la medianoche, con los segundos como fracción. */
  minutos: number;
  /** 'HH:MM:SS' para mostrar. */
  texto: string;
}

const dos = (n: number) => String(n).padStart(2, '0');

/** El día de la semana (1 lunes … 7 domingo) de una fecha 'AAAA-MM-DD'. */
export function diaDeLaSemana(fecha: string): number {
  const d = new Date(`${fecha}T12:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

export function ahoraEnZona(instante: Date, zona: string): Ahora {
  const { hora, minuto } = partesEnZona(instante, zona);
  const segundo = instante.getSeconds();
  return {
    dia: diaDeLaSemana(hoyEscolar(instante, zona)),
    minutos: hora * 60 + minuto + segundo / 60,
    texto: `${dos(hora)}:${dos(minuto)}:${dos(segundo)}`,
  };
}

/**
 * La hora de la escuela, actualizada cada segundo (la línea de la hora actual de la grilla, spec
 * 01 §2). null hasta montar (el servidor no la dibuja: la hora del navegador manda).
 */
export function useAhora(zona: string): Ahora | null {
  const [ahora, setAhora] = useState<Ahora | null>(null);
  useEffect(() => {
    const tic = () => setAhora(ahoraEnZona(new Date(), zona));
    tic();
    const id = setInterval(tic, 1000);
    return () => clearInterval(id);
  }, [zona]);
  return ahora;
}

const aMinutos = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Dónde cae la hora en la grilla: el bloque y la fracción (0 arriba, 1 abajo) de su fila. En un
 * recreo, el borde de arriba del bloque siguiente; antes de las 07:30 o desde las 18:50, null.
 */
export function posicionEnGrilla(minutos: number): { bloque: number; fraccion: number } | null {
  for (const b of BLOQUES) {
    const inicio = aMinutos(b.inicio);
    const fin = aMinutos(b.fin);
    if (minutos < inicio) return b.bloque === 1 ? null : { bloque: b.bloque, fraccion: 0 };
    if (minutos < fin) return { bloque: b.bloque, fraccion: (minutos - inicio) / (fin - inicio) };
  }
  return null;
}
