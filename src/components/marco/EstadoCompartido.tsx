'use client';
import { createContext, useContext } from 'react';
import type { Hijo } from '@/domain/vinculos';

/** Estado que toda pantalla lee: ciclo lectivo, rol activo e hijo elegido. */
export interface EstadoCompartido {
  ciclo: number;
  ciclos: number[];
  rol: number;
  roles: number[];
  hijos: Hijo[];
  /** El hijo con el que trabaja el referente (el primero vinculado por defecto). */
  hijo: number | null;
}

export const ContextoEstado = createContext<EstadoCompartido | null>(null);

export function useEstadoCompartido(): EstadoCompartido {
  const e = useContext(ContextoEstado);
  if (!e) throw new Error('useEstadoCompartido fuera del marco');
  return e;
}

/** El proveedor del estado compartido, para el marco (un componente de servidor). */
export function ProveedorEstado({
  valor,
  children,
}: {
  valor: EstadoCompartido;
  children: React.ReactNode;
}) {
  return <ContextoEstado.Provider value={valor}>{children}</ContextoEstado.Provider>;
}
