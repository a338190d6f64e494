import { requerirModulo } from '@/server/auth/guardia';
import { PantallaUsuarios } from './_components/PantallaUsuarios';

export const metadata = { title: 'Usuarios' };

export default async function Usuarios() {
  await requerirModulo('/usuarios');
  return <PantallaUsuarios />;
}
