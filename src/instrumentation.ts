/**
 * Se corre una vez al arrancar el servidor (`next start`, `next dev`), antes de atender.
 * En Node: la dirección del socket al final de X-Forwarded-For (src/server/ip.ts).
 */
export async function register(): Promise<void> {
  // NEXT_RUNTIME lo fija Next al compilar (no es configuración del portal).
  // eslint-disable-next-line no-restricted-properties
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { instalarDireccionDelSocket } = await import('@/server/direccion-del-socket');
  instalarDireccionDelSocket();
}
