import { requerirModulo } from '@/server/auth/guardia';
import { RegistroAplicacion } from './_components/RegistroAplicacion';
import { RegistroEnvios } from './_components/RegistroEnvios';

export const metadata = { title: 'Registro' };

/**
 * /root/log (spec 02 §2, §9): el registro de la aplicación (errores del servidor con su id y la
 * auditoría), que se actualiza cada 5 s, y los envíos de correo de los avisos (issue 35 §5). Sólo
 * Admin con el dispositivo de administración.
 */
export default async function Registro() {
  await requerirModulo('/root/log');
  return (
    <>
      <RegistroAplicacion />
      <RegistroEnvios />
    </>
  );
}
