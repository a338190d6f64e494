/**
 * El tema de Mantine del portal y sus variables CSS. Sin 'use client': lo usan el proveedor de
 * la interfaz (providers.tsx), el generador de la hoja (`npm run tema`) y las pruebas.
 */
import {
  DEFAULT_THEME,
  convertCssVariables,
  createTheme,
  defaultCssVariablesResolver,
  mergeMantineTheme,
  type CSSVariablesResolver,
  type ConvertCSSVariablesInput,
} from '@mantine/core';

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
 * Las variables CSS del tema (las de Mantine con las propias encima, sin las que ya trae su CSS)
 * para `src/app/tema.css`. El tema no cambia entre pedidos: en lugar de un `<style>` en el HTML
 * de cada página (5 kB que el navegador no podía guardar), van a una hoja que se compila con las
 * demás. La escribe `npm run tema` y tests/unit/tema.test.ts avisa si quedó vieja.
 */
export function cssDelTema(): string {
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

/** El contenido de src/app/tema.css. */
export const hojaDelTema = () =>
  `/* Generado por \`npm run tema\` desde src/app/tema.ts: no editar a mano. */\n${cssDelTema()}\n`;
