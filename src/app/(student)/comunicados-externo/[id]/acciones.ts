'use server';
/** "Confirmo la lectura" de un comunicado: el procedimiento decide si está dirigido a quien confirma. */
import { revalidatePath } from 'next/cache';
import { servidor } from '@/trpc/server';

export async function confirmarLectura(datos: FormData): Promise<void> {
  const id = Number(datos.get('id'));
  if (!Number.isSafeInteger(id) || id <= 0) return;
  await (await servidor()).comunicados.confirmar({ id });
  revalidatePath(`/comunicados-externo/${id}`);
}
