import { requerirModulo } from '@/server/auth/guardia';
import { servidor } from '@/trpc/server';
import { ListaCursados } from './_components/ListaCursados';

export const metadata = { title: 'Cronograma' };

/** /cronograma (spec 01 §2 Teaching follow-up): los cursados del usuario en el ciclo elegido. */
export default async function Cronograma() {
  await requerirModulo('/cronograma');
  const datos = await (await servidor()).cronograma.cursados();
  return <ListaCursados cursados={datos.cursados} />;
}
