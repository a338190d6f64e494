'use client';
import type { ReactNode } from 'react';
import { Interactivo } from './Interactivo';

/**
 * Las pantallas del personal: las de `Interactivo` (el cliente de tRPC y sus consultas). Los
 * campos de fecha son nativos (`components/campos/fechas`): no necesitan proveedor.
 */
export function ProveedoresPersonal({ children }: { children: ReactNode }) {
  return <Interactivo>{children}</Interactivo>;
}
