/** Separadores de las listas que se copian (spec 02 §2): tabulación o salto de línea. */
export const SEPARADORES = {
  tabulacion: { texto: '\t', etiqueta: 'Tabulación' },
  linea: { texto: '\n', etiqueta: 'Salto de línea' },
} as const;
export type Separador = keyof typeof SEPARADORES;

/** Confirmación de la copia al portapapeles: 1 segundo (spec 01 §9). */
export const DURACION_COPIADO_MS = 1000;

/**
 * Los emails, una vez cada uno (sin distinguir mayúsculas), en el orden en que aparecen y sin los
 * vacíos, unidos por el separador elegido.
 */
export function listaDeEmails(
  emails: readonly (string | null | undefined)[],
  separador: Separador,
): string {
  const vistos = new Set<string>();
  const lista: string[] = [];
  for (const e of emails) {
    const email = e?.trim();
    if (!email || vistos.has(email.toLowerCase())) continue;
    vistos.add(email.toLowerCase());
    lista.push(email);
  }
  return lista.join(SEPARADORES[separador].texto);
}
