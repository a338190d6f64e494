/** Separadores de las listas que se copian (spec 02 §2): tabulación o salto de línea. */
export const SEPARADORES = {
  tabulacion: { texto: '\t', etiqueta: 'Tabulación' },
  linea: { texto: '\n', etiqueta: 'Salto de línea' },
} as const;
export type Separador = keyof typeof SEPARADORES;

/** Confirmación de la copia al portapapeles: 1 segundo (spec 01 §9). */
export const DURACION_COPIADO_MS = 1000;

/**
 * Los emails de los referentes, una vez cada uno (sin distinguir mayúsculas), en el orden en que
 * aparecen y sin los vacíos, unidos por el separador elegido.
 */
export function listaDeEmails(
  alumnos: readonly { referentes: readonly { email: string | null }[] }[],
  separador: Separador,
): string {
  const vistos = new Set<string>();
  const emails: string[] = [];
  for (const a of alumnos)
    for (const r of a.referentes) {
      const email = r.email?.trim();
      if (!email || vistos.has(email.toLowerCase())) continue;
      vistos.add(email.toLowerCase());
      emails.push(email);
    }
  return emails.join(SEPARADORES[separador].texto);
}
