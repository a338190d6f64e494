const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};

/**
 * Texto o valor de atributo para HTML armado a mano (la lista de asistencias, el sprite de
 * íconos): los mismos cinco caracteres que escapa React.
 */
export const escaparHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
