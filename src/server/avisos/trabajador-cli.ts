/**
 * `npm run worker`: el trabajador de la cola de avisos solo, para instalaciones con varias
 * instancias del portal (en ellas, AVISOS_TRABAJADOR=no). Corre hasta SIGTERM/SIGINT; al recibirla
 * termina los trabajos en curso y sale.
 */
import { config } from '@/server/config';
import { conexion } from '@/server/db';
import { momentoEscolar } from '@/server/reloj';
import { iniciarTrabajador } from './trabajador';

const c = config();
const boss = await iniciarTrabajador(await conexion(), c, () => momentoEscolar());
console.warn('[avisos] Trabajador de la cola en marcha.');
for (const senal of ['SIGTERM', 'SIGINT'] as const)
  process.once(senal, () => {
    void boss.stop({ graceful: true, timeout: 30_000 }).then(() => process.exit(0));
  });
