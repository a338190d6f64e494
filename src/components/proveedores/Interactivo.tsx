'use client';
import { ModalsProvider } from '@mantine/modals';
import type { ReactNode } from 'react';
import { TRPCProvider } from '@/trpc/react';

/**
 * Lo que necesita una pantalla que consulta y guarda desde el navegador: el cliente de tRPC (con
 * React Query) y los diálogos de confirmación (`confirmar`). Las vistas de sólo lectura (las
 * `-externo` de alumnos y referentes) son componentes de servidor y no lo cargan: así su primera
 * carga en el teléfono no trae ni la biblioteca de datos ni los diálogos.
 */
export function Interactivo({ children }: { children: ReactNode }) {
  return (
    <TRPCProvider>
      <ModalsProvider labels={{ confirm: 'Aceptar', cancel: 'Cancelar' }}>
        {children}
      </ModalsProvider>
    </TRPCProvider>
  );
}
