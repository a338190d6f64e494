'use client';
import type { ReactNode } from 'react';
import { TRPCProvider } from '@/trpc/react';

/**
 * Lo que necesita una pantalla que consulta y guarda desde el navegador: el cliente de tRPC (con
 * React Query). Las vistas de sólo lectura (las `-externo` de alumnos y referentes) son
 * componentes de servidor y no lo cargan: así su primera carga en el teléfono no trae la
 * biblioteca de datos. Los diálogos de confirmación (`confirmar`) no necesitan proveedor: se
 * montan aparte al abrirse.
 */
export function Interactivo({ children }: { children: ReactNode }) {
  return <TRPCProvider>{children}</TRPCProvider>;
}
