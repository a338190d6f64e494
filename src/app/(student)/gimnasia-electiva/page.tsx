import '@/components/estilos-mantine/componentes';
import { Stack } from '@mantine/core';
import { redirect } from 'next/navigation';
import { Encabezado } from '@/components/vistas/Encabezado';
import { requerirModulo } from '@/server/auth/guardia';
import { servidor } from '@/trpc/server';
import { EleccionGimnasia } from './_components/EleccionGimnasia';
import { Interactivo } from '@/components/proveedores/Interactivo';

export const metadata = { title: 'Gimnasia electiva' };

/**
 * /gimnasia-electiva (spec 02 §2, §5; issue 17 §2): sólo para un alumno de 5° año este ciclo (los
 * demás vuelven al inicio). Tres opciones distintas entre las 12 y el recordatorio del
 * certificado médico.
 */
export default async function GimnasiaElectiva() {
  await requerirModulo('/gimnasia-electiva');
  const datos = await (await servidor()).gimnasia.mia();
  if (!datos.puede) redirect('/');
  return (
    <Stack gap="md" maw={720}>
      <Encabezado titulo="Gimnasia electiva" mensaje={null} />
      <Interactivo>
        <EleccionGimnasia inicial={datos} />
      </Interactivo>
    </Stack>
  );
}
