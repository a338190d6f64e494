import { requerirModulo } from '@/server/auth/guardia';
import { ListaDispositivos } from './_components/ListaDispositivos';

export const metadata = { title: 'Dispositivos de administración' };

/**
 * /root/dispositivos (issue 31 §4): los dispositivos registrados en /bypass, con "Revocar". Sólo
 * Admin con el dispositivo de administración, como las otras herramientas de root.
 */
export default async function Dispositivos() {
  await requerirModulo('/root/dispositivos');
  return <ListaDispositivos />;
}
