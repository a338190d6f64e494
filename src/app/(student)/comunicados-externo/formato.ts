/** La fecha y hora de un comunicado, en la zona de la escuela ('28/11/2026 09:15'). */
export function cuando(fecha: Date, zona: string): string {
  return new Intl.DateTimeFormat('es-AR', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: zona,
  }).format(fecha);
}
