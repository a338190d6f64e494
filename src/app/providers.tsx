'use client';
import {
  FileInput,
  MantineProvider,
  Modal,
  NavLink,
  Notification,
  createTheme,
  type CSSVariablesResolver,
} from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import type { ReactNode } from 'react';
import { AVISOS_A_LA_VEZ } from '@/components/avisos';
import clases from './avisos.module.css';

dayjs.locale('es');

export const tema = createTheme({
  primaryColor: 'indigo',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  // El tono 6 de indigo con texto blanco no llega a 4.5:1 (WCAG AA); el 7 sí.
  primaryShade: { light: 7, dark: 8 },
  // Los botones que sólo muestran un ícono necesitan un nombre para los lectores de pantalla.
  components: {
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar aviso' } },
    }),
    Modal: Modal.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } },
    }),
    // La descripción del elegido de una lista, sin la transparencia que le baja el contraste.
    NavLink: NavLink.extend({
      styles: { description: { '--description-opacity': 1 } as React.CSSProperties },
    }),
    // Su texto de ayuda ("Elegir archivo") es un elemento y no un ::placeholder: necesita contraste.
    FileInput: FileInput.extend({
      defaultProps: { clearButtonProps: { 'aria-label': 'Quitar archivo' } },
      styles: { placeholder: { color: 'var(--mantine-color-dimmed)' } },
    }),
  },
});

/**
 * Contraste mínimo (4.5:1, WCAG AA) en el tema claro: el texto atenuado de Mantine (gray.6) y el de
 * error (red.6) no llegan sobre blanco; el texto "light" del color primario (indigo.7 por el tono
 * primario) no llega sobre su fondo al pasar el puntero. Con indigo.9 sobre indigo.0 / indigo.1
 * (el elegido de una lista, los botones "light") llega en los dos estados.
 */
const LIGHT_PRIMARIO = {
  '': 'var(--mantine-color-indigo-0)',
  '-hover': 'var(--mantine-color-indigo-1)',
  '-color': 'var(--mantine-color-indigo-9)',
};
const variables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // Los enlaces: también sobre filas rayadas o grises.
    '--mantine-color-anchor': 'var(--mantine-color-indigo-9)',
    ...Object.fromEntries(
      Object.entries(LIGHT_PRIMARIO).flatMap(([sufijo, valor]) => [
        [`--mantine-primary-color-light${sufijo}`, valor],
        [`--mantine-color-indigo-light${sufijo}`, valor],
      ]),
    ),
  },
  dark: {},
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={tema} defaultColorScheme="light" cssVariablesResolver={variables}>
      <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
        <ModalsProvider labels={{ confirm: 'Aceptar', cancel: 'Cancelar' }}>
          {/*
            Los avisos van arriba a la derecha pero debajo de la barra superior (nunca la tapan:
            en el teléfono, el menú, el módulo y el nombre quedan a la vista) y se ven a lo sumo
            tres; uno del mismo tipo reemplaza al anterior en vez de apilarse (`avisar`).
          */}
          <Notifications
            position="top-right"
            limit={AVISOS_A_LA_VEZ}
            classNames={{ root: clases.avisos }}
          />
          {children}
        </ModalsProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
