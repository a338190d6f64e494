/** El mensaje de un error de tRPC para el usuario (en castellano; nunca códigos del servidor). */
export function mensajeDeError(e: unknown): string {
  const x = e as { message?: string; data?: { code?: string } | null };
  if (x?.data?.code && x.message) return x.message;
  return 'No se pudo conectar con el servidor. Revise la conexión e intente de nuevo.';
}
