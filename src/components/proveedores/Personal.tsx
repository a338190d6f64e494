'use client';
import type { ReactNode } from 'react';
import { Interactivo } from './Interactivo';

/**
 * Las pantallas del personal: las de `Interactivo`. Los campos de fecha de Mantine traen su
 * propio proveedor (castellano, la semana empieza el lunes) desde `components/fechas`, así
 * dayjs no pesa en las pantallas que no tienen fechas.
 */
export function ProveedoresPersonal({ children }: { children: ReactNode }) {
  return <Interactivo>{children}</Interactivo>;
}
