'use client';
import { MantineProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import dynamic from 'next/dynamic';
import type { ReactNode } from 'react';
import { AVISOS_A_LA_VEZ, AVISOS_EN_TELEFONO, TELEFONO_AVISOS } from '@/components/ui/avisos';
import clases from './avisos.module.css';
import { tema } from './tema';

/**
 * Los avisos se cargan después de la primera pintura (no hacen falta para mostrar la página): su
 * código no pesa en la primera carga del teléfono. Un aviso pedido antes queda en la cola de
 * Mantine y aparece al montarse.
 */
const Notifications = dynamic(() => import('@mantine/notifications').then((m) => m.Notifications), {
  ssr: false,
});

export function Providers({ children }: { children: ReactNode }) {
  const telefono = useMediaQuery(TELEFONO_AVISOS) === true;
  return (
    <MantineProvider theme={tema} defaultColorScheme="light" withCssVariables={false}>
      {/*
        Los avisos van arriba a la derecha pero debajo de la barra superior (nunca la tapan) y se
        ven a lo sumo tres. En el teléfono van abajo, al centro, y de a uno: arriba tapaban la fila
        recién editada (issue 32 §7). Uno del mismo tipo reemplaza al anterior en vez de apilarse
        (`avisar`). Los diálogos de
        confirmación, el cliente de tRPC y los campos de fecha van sólo en las pantallas que los
        usan (src/components/proveedores/).
      */}
      <Notifications
        position={telefono ? 'bottom-center' : 'top-right'}
        limit={telefono ? AVISOS_EN_TELEFONO : AVISOS_A_LA_VEZ}
        classNames={{ root: clases.avisos }}
      />
      {children}
    </MantineProvider>
  );
}
