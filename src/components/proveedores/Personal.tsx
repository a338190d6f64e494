'use client';
import { DatesProvider } from '@mantine/dates';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import type { ReactNode } from 'react';
import { Interactivo } from './Interactivo';

dayjs.locale('es');

/**
 * Las pantallas del personal: las de `Interactivo` y además los campos de fecha de Mantine (en
 * castellano, la semana empieza el lunes), que sólo usa el personal.
 */
export function ProveedoresPersonal({ children }: { children: ReactNode }) {
  return (
    <Interactivo>
      <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>{children}</DatesProvider>
    </Interactivo>
  );
}
