'use client';
import {
  DEFAULT_THEME,
  MantineProvider,
  convertCssVariables,
  createTheme,
  defaultCssVariablesResolver,
  mergeMantineTheme,
  type CSSVariablesResolver,
  type ConvertCSSVariablesInput,
} from '@mantine/core';
import dynamic from 'next/dynamic';
import type { ReactNode } from 'react';
import { AVISOS_A_LA_VEZ } from '@/components/avisos';
import clases from './avisos.module.css';

/**
 * Los avisos se cargan después de la primera pintura (no hacen falta para mostrar la página): su
 * código no pesa en la primera carga del teléfono. Un aviso pedido antes queda en la cola de
 * Mantine y aparece al montarse.
 */
const Notifications = dynamic(() => import('@mantine/notifications').then((m) => m.Notifications), {
  ssr: false,
});

export const tema = createTheme({
  primaryColor: 'indigo',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  // El tono 6 de indigo con texto blanco no llega a 4.5:1 (WCAG AA); el 7 sí.
  primaryShade: { light: 7, dark: 8 },
  // Los botones que sólo muestran un ícono necesitan un nombre para los lectores de pantalla.
  // Objetos simples y no `Componente.extend(…)`: importar el componente para extenderlo metería
  // su código en la primera carga de todas las páginas, lo usen o no.
  components: {
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar aviso' } } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } } },
    // La descripción del elegido de una lista, sin la transparencia que le baja el contraste.
    NavLink: { styles: { description: { '--description-opacity': 1 } as React.CSSProperties } },
    // Su texto de ayuda ("Elegir archivo") es un elemento y no un ::placeholder: necesita contraste.
    FileInput: {
      defaultProps: { clearButtonProps: { 'aria-label': 'Quitar archivo' } },
      styles: { placeholder: { color: 'var(--mantine-color-dimmed)' } },
    },
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

/**
 * Las variables CSS del tema, calculadas una sola vez por proceso (y una vez en el navegador):
 * MantineProvider las recalcula en cada render (todos los colores por tono), lo que en el
 * servidor es trabajo repetido en cada pedido de página. El tema no cambia: se arman una vez,
 * como hace Mantine (las de Mantine con las propias encima, sin las que ya trae su CSS).
 */
let cssDelTema: string | null = null;

function calcularCssDelTema(): string {
  const completo = mergeMantineTheme(DEFAULT_THEME, tema);
  const base = defaultCssVariablesResolver(DEFAULT_THEME);
  const propias = variables(completo);
  const todas = defaultCssVariablesResolver(completo);
  const limpias: ConvertCSSVariablesInput = { variables: {}, light: {}, dark: {} };
  for (const parte of ['variables', 'light', 'dark'] as const) {
    const deBase = base[parte] as Record<string, string>;
    const juntas: Record<string, string> = { ...todas[parte], ...propias[parte] };
    const destino = limpias[parte] as Record<string, string>;
    for (const [clave, valor] of Object.entries(juntas))
      if (deBase[clave] !== valor) destino[clave] = valor;
  }
  return convertCssVariables(limpias);
}

function VariablesDelTema() {
  cssDelTema ??= calcularCssDelTema();
  return <style data-mantine-styles dangerouslySetInnerHTML={{ __html: cssDelTema }} />;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={tema} defaultColorScheme="light" withCssVariables={false}>
      <VariablesDelTema />
      {/*
        Los avisos van arriba a la derecha pero debajo de la barra superior (nunca la tapan: en el
        teléfono, el menú, el módulo y el nombre quedan a la vista) y se ven a lo sumo tres; uno
        del mismo tipo reemplaza al anterior en vez de apilarse (`avisar`). Los diálogos de
        confirmación, el cliente de tRPC y los campos de fecha van sólo en las pantallas que los
        usan (src/components/proveedores/).
      */}
      <Notifications
        position="top-right"
        limit={AVISOS_A_LA_VEZ}
        classNames={{ root: clases.avisos }}
      />
      {children}
    </MantineProvider>
  );
}
