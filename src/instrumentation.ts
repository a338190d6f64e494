import type { Instrumentation } from 'next';

/**
 * Se corre una vez al arrancar el servidor (`next start`, `next dev`), antes de atender. En Node:
 * - valida la configuración de producción: si no es segura, termina el proceso con el motivo
 *   (src/server/config.ts, `problemasDeArranque`);
 * - la dirección del socket al final de X-Forwarded-For y el protocolo del cliente en
 *   X-Forwarded-Proto (src/server/ip.ts).
 */
export async function register(): Promise<void> {
  // NEXT_RUNTIME lo fija Next al compilar (no es configuración del portal).
  // eslint-disable-next-line no-restricted-properties
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { validarArranque } = await import('@/server/config');
  validarArranque();
  const { instalarDireccionDelSocket } = await import('@/server/direccion-del-socket');
  instalarDireccionDelSocket();
  revisarDispositivosAdmin();
  iniciarAvisos();
}

/**
 * El trabajador de la cola de avisos (issue 35) dentro de este proceso, salvo AVISOS_TRABAJADOR=no
 * (corre aparte con `npm run worker`). Sin esperar: la base se abre en segundo plano.
 */
function iniciarAvisos(): void {
  void (async () => {
    const { config } = await import('@/server/config');
    const c = config();
    if (!c.trabajadorEnProceso) return;
    const [{ conexion }, { iniciarTrabajador }, { momentoEscolar }, { registrarAviso }] =
      await Promise.all([
        import('@/server/db'),
        import('@/server/avisos/trabajador'),
        import('@/server/reloj'),
        import('@/server/registro'),
      ]);
    const con = await conexion();
    await iniciarTrabajador(
      con,
      c,
      () => momentoEscolar(),
      (m) => {
        console.warn(m);
        void registrarAviso(con.db, m).catch(() => {});
      },
    );
  })().catch((e: unknown) => console.error('[-] no arrancó el trabajador de avisos:', e));
}

/**
 * Si cambió la clave de /bypass, revoca los dispositivos registrados con la anterior (issue 31
 * §4). Sin esperar: una base caída no demora ni impide el arranque (se anota y se sigue), y la
 * validación de cada pedido ya los rechaza por la huella de la clave.
 */
function revisarDispositivosAdmin(): void {
  void (async () => {
    const [{ getDb }, { revocarDispositivosDeOtraClave }] = await Promise.all([
      import('@/server/db'),
      import('@/server/auth/admin'),
    ]);
    const n = await revocarDispositivosDeOtraClave(await getDb());
    if (n) console.warn(`[portal] Cambió la clave de /bypass: ${n} dispositivo(s) revocado(s).`);
  })().catch((e: unknown) =>
    console.error('[-] no se pudieron revisar los dispositivos de administración:', e),
  );
}

/**
 * Un error que Next atrapó al mostrar una página o en una acción de servidor: va al registro de
 * /root/log (src/server/registro.ts, `registrarErrorDeNext`) con el código que ve la persona.
 */
export const onRequestError: Instrumentation.onRequestError = async (error, _pedido, contexto) => {
  // eslint-disable-next-line no-restricted-properties
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const [{ getDb }, { registrarErrorDeNext }] = await Promise.all([
    import('@/server/db'),
    import('@/server/registro'),
  ]);
  try {
    await registrarErrorDeNext(await getDb(), error, {
      tipo: contexto.routeType,
      ruta: contexto.routePath,
    });
  } catch (e) {
    console.error('[-] no se pudo escribir el registro:', e);
  }
};
