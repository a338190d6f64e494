/**
 * `@floating-ui/react` para el navegador (alias de turbopack en next.config.mjs).
 *
 * El ScrollArea de Mantine (y con él Table y Modal) importa de la biblioteca sólo
 * `useMergeRefs`, pero como ésta es un único módulo, esa importación metía los ~20 kB (gzip)
 * de floating-ui en cada pantalla con una tabla o un diálogo. Aquí `useMergeRefs` sale de
 * `@mantine/hooks` (que ya está en todas) y el resto se reexporta tal cual: la biblioteca
 * entera sólo llega a las pantallas que la usan de verdad (Popover, Tooltip, Select, Menu…).
 */
import { useMergedRef } from '@mantine/hooks';

export * from '../node_modules/@floating-ui/react/dist/floating-ui.react.esm.js';

/** La firma de floating-ui: una lista de refs → un ref de callback que los asigna a todos. */
export function useMergeRefs(refs) {
  return useMergedRef(...refs);
}
