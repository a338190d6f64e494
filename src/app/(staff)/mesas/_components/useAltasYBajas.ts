'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { mensajeDeError } from '@/components/ui/errores';
import { DEMORA_AUTOGUARDADO_MS } from '@/domain/mesas';

/** 'sinCambios': nada se guardó todavía en esta pantalla (el indicador no dice "Guardado"). */
export type EstadoGuardado = 'sinCambios' | 'guardado' | 'pendiente' | 'guardando' | 'error';
export interface Elemento {
  id: number;
  etiqueta: string;
}
type Lote = { agregar: number[]; quitar: number[] };

/** Reintentos automáticos de un guardado que falló por la red o el servidor (después, se avisa). */
const REINTENTOS = 2;

/** Guarda un lote; reintenta las fallas de red o 5xx. Devuelve el error final, o null. */
async function conReintentos(guardar: (l: Lote) => Promise<unknown>, lote: Lote) {
  for (let intento = 0; ; intento++) {
    try {
      await guardar(lote);
      return null;
    } catch (e) {
      const estado = (e as { data?: { httpStatus?: number } }).data?.httpStatus ?? 0;
      const rechazo = estado >= 400 && estado < 500;
      if (rechazo || intento >= REINTENTOS) return e;
      await new Promise((r) => setTimeout(r, 300 * (intento + 1)));
    }
  }
}

/**
 * Altas y bajas de una lista (materias evaluadas, tribunal) que se acumulan y se guardan solas
 * `DEMORA_AUTOGUARDADO_MS` (100 ms) después del último cambio (spec 02 §2). Mientras tanto la
 * lista se ve con los cambios. `guardar` debe resolver cuando lo guardado ya se releyó. Un
 * guardado que falla se reintenta y, si sigue fallando o el servidor lo rechaza, se avisa con el
 * mensaje y esos elementos vuelven a lo guardado: nunca se pierde un cambio en silencio. Las
 * operaciones son idempotentes en el servidor (agregar lo que ya está no hace nada).
 */
export function useAltasYBajas(
  guardados: readonly Elemento[],
  guardar: (lote: Lote) => Promise<unknown>,
) {
  const [agregados, setAgregados] = useState<Elemento[]>([]);
  const [quitados, setQuitados] = useState<number[]>([]);
  const [estado, setEstado] = useState<EstadoGuardado>('sinCambios');
  const [error, setError] = useState<string | null>(null);
  const pendiente = useRef<Lote>({ agregar: [], quitar: [] });
  const temporizador = useRef<ReturnType<typeof setTimeout> | null>(null);
  const enCurso = useRef(false);
  const guardarRef = useRef(guardar);
  useEffect(() => {
    guardarRef.current = guardar;
  });

  const enviar = useCallback(async () => {
    if (enCurso.current) return;
    enCurso.current = true;
    let ultimoError: unknown = null;
    while (pendiente.current.agregar.length || pendiente.current.quitar.length) {
      const lote = pendiente.current;
      pendiente.current = { agregar: [], quitar: [] };
      setEstado('guardando');
      const e = await conReintentos(guardarRef.current, lote);
      if (e) ultimoError = e;
      // Guardado (y releído) o rechazado: esos elementos se ven como lo guardado.
      setAgregados((a) => a.filter((x) => !lote.agregar.includes(x.id)));
      setQuitados((q) => q.filter((x) => !lote.quitar.includes(x)));
    }
    enCurso.current = false;
    setError(ultimoError ? mensajeDeError(ultimoError) : null);
    setEstado(ultimoError ? 'error' : 'guardado');
  }, []);

  const programar = () => {
    setEstado('pendiente');
    if (temporizador.current) clearTimeout(temporizador.current);
    temporizador.current = setTimeout(() => void enviar(), DEMORA_AUTOGUARDADO_MS);
  };

  /** Agrega un elemento (o deshace su baja pendiente). */
  const alta = (e: Elemento) => {
    const p = pendiente.current;
    p.quitar = p.quitar.filter((x) => x !== e.id);
    if (!p.agregar.includes(e.id)) p.agregar = [...p.agregar, e.id];
    setQuitados((q) => q.filter((x) => x !== e.id));
    setAgregados((a) => (a.some((x) => x.id === e.id) ? a : [...a, e]));
    programar();
  };
  /** Quita un elemento (o deshace su alta pendiente). */
  const baja = (id: number) => {
    const p = pendiente.current;
    p.agregar = p.agregar.filter((x) => x !== id);
    if (!p.quitar.includes(id)) p.quitar = [...p.quitar, id];
    setAgregados((a) => a.filter((x) => x.id !== id));
    setQuitados((q) => (q.includes(id) ? q : [...q, id]));
    programar();
  };

  // Lo que queda pendiente al salir de la pantalla se manda igual.
  useEffect(
    () => () => {
      if (temporizador.current) clearTimeout(temporizador.current);
      void enviar();
    },
    [enviar],
  );

  const visibles = [...guardados, ...agregados].filter(
    (x, i, todos) => !quitados.includes(x.id) && todos.findIndex((y) => y.id === x.id) === i,
  );
  return { visibles, estado, error, alta, baja, cerrarError: () => setError(null) };
}
