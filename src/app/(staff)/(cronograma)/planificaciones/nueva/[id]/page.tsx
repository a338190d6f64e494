import { Stack, Title } from '@mantine/core';
import { redirect } from 'next/navigation';
import { leerOMensaje } from '@/components/vistas/errores';
import { requerirModulo } from '@/server/auth/guardia';
import { servidor } from '@/trpc/server';
import { idDeRuta } from '@/components/vistas/errores';
import { rutaPestana } from '../../../cronograma/_components/ruta';
import { EnlaceVolver } from '../../../cronograma/_components/EnlaceVolver';
import { FormularioNueva } from '../_components/FormularioNueva';

export const metadata = { title: 'Nueva planificación' };

/**
 * /planificaciones/nueva/{cursadoId} (spec 01 §2): el formulario de una planificación nueva para
 * un cursado del docente. Un cursado ajeno o inexistente vuelve a /cronograma; uno que ya tiene
 * planificación, a su pestaña Planificación.
 */
export default async function NuevaDelCursado({ params }: { params: Promise<{ id: string }> }) {
  await requerirModulo('/planificaciones/nueva');
  const id = idDeRuta((await params).id);
  if (id == null) redirect('/cronograma');
  const api = await servidor();
  const { cursados } = await api.cronograma.cursados();
  if (!cursados.some((c) => c.cursadoId === id)) redirect('/cronograma');
  const r = await leerOMensaje(() => api.cronograma.planificacion({ cursado: id }));
  if (!r.datos) redirect('/cronograma');
  if (r.datos.planificacion) redirect(rutaPestana(id, 'planificacion'));
  return (
    <Stack gap="md">
      <EnlaceVolver href="/planificaciones/nueva" texto="Nueva planificación" />
      <Title order={1} size="h2">
        Nueva planificación · {r.datos.cursado.nombre}
      </Title>
      <FormularioNueva datos={r.datos} />
    </Stack>
  );
}
