'use client';
import { MantineProvider, createTheme, type CSSVariablesResolver } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import type { ReactNode } from 'react';

dayjs.locale('es');

export const tema = createTheme({
  primaryColor: 'indigo',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  // El tono 6 de indigo con texto blanco no llega a 4.5:1 (WCAG AA); el 7 sí.
  primaryShade: { light: 7, dark: 8 },
});

/** El texto atenuado de Mantine (gray.6) no llega al contraste mínimo (4.5:1, WCAG AA) sobre blanco. */
const variables: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={tema} defaultColorScheme="light" cssVariablesResolver={variables}>
      <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
        <Notifications position="top-right" />
        {children}
      </DatesProvider>
    </MantineProvider>
  );
}
