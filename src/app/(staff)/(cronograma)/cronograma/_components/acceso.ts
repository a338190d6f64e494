import 'server-only';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import type { PestanaCronograma } from '@/domain/cronograma';
import { requerirModulo } from '@/server/auth/guardia';
import { servidor } from '@/trpc/server';
import { idDeRuta } from '@/components/vistas/errores';

/**
 * El cursado de `/cronograma/[id]` dentro de los del usuario (su alcance, en el ciclo elegido) con
 * las pestañas que su rol ve. Un id que no es un número, o un cursado ajeno, vuelve a /cronograma
 * (spec 01 §2: "Loaders redirect to /cronograma when the tab is not allowed or data is missing").
 * Una vez por pedido: el layout y la página lo comparten.
 */
export const cursadoDeRuta = cache(async (texto: string) => {
  await requerirModulo('/cronograma');
  const id = idDeRuta(texto);
  if (id == null) redirect('/cronograma');
  const datos = await (await servidor()).cronograma.cursados();
  const cursado = datos.cursados.find((c) => c.cursadoId === id);
  if (!cursado) redirect('/cronograma');
  return { pestanas: datos.pestanas, edita: datos.edita, cursado };
});

/** Como `cursadoDeRuta`, y además la pestaña debe estar entre las del rol. */
export async function pestanaDeRuta(texto: string, pestana: PestanaCronograma) {
  const d = await cursadoDeRuta(texto);
  if (!d.pestanas.includes(pestana)) redirect('/cronograma');
  return d;
}
