/** El mensaje de un error de tRPC o de la API REST para mostrar (nunca el código del servidor). */
export function mensajeDeError(e: unknown, porDefecto: string): string {
  const m = (e as { message?: unknown })?.message;
  return typeof m === 'string' && m.trim() ? m : porDefecto;
}
