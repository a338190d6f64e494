const FORMATO = new Intl.DateTimeFormat('es-AR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** '28/11/2026 09:15' (la hora del navegador, que es la de la escuela). */
export const fechaHora = (d: Date) => FORMATO.format(d);
