import { Stack, Title } from '@mantine/core';
import { Rol } from '@/domain/roles';
import { requerirModulo } from '@/server/auth/guardia';
import { momentoEscolar } from '@/server/reloj';
import { servidor } from '@/trpc/server';
import { VistaGimnasia } from './_components/VistaGimnasia';

export const metadata = { title: 'Gimnasia electiva' };

/**
 * /gimnasia-electiva/vista (issue 17 §2): las elecciones por opción con su CSV; Regente y Admin
 * asignan (semilla guardada, reproducible) y publican a los alumnos.
 */
export default async function VistaGimnasiaPagina() {
  const { sesion } = await requerirModulo('/gimnasia-electiva/vista');
  const anio = momentoEscolar().ciclo;
  const datos = await (await servidor()).gimnasia.vista({ anio });
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Gimnasia electiva
      </Title>
      <VistaGimnasia
        inicial={datos}
        administra={sesion.rol === Rol.Regente || sesion.rol === Rol.Admin}
      />
    </Stack>
  );
}
