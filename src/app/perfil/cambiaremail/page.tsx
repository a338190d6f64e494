import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBrandGoogle } from '@tabler/icons-react';
import { redirect } from 'next/navigation';
import { esCorreoGoogle } from '@/domain/escuela';
import { Rol } from '@/domain/roles';
import { requerirSesion } from '@/server/auth/guardia';

export const metadata = { title: 'Cambiar email' };

/** Sólo para un alumno cuya cuenta no es de Google (spec 02 §2). */
export default async function CambiarEmail() {
  const { sesion } = await requerirSesion({ permitirSinGoogle: true });
  if (sesion.rol !== Rol.Alumno || esCorreoGoogle(sesion.usuario.email)) redirect('/');
  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" radius="md" maw={520}>
        <Stack>
          <Title order={1} size="h2">
            Su cuenta no es de Google
          </Title>
          <Text>
            La cuenta con la que está registrado/a ({sesion.usuario.email}) no es una cuenta de
            Google.
          </Text>
          <Text>
            Por la nueva política del instituto, sólo se aceptan cuentas de Google. Ingrese con su
            cuenta de Google para continuar.
          </Text>
          <Button
            component="a"
            href={`/api/authurl?origin=cambiar&uid=${sesion.usuario.id}`}
            leftSection={<IconBrandGoogle />}
          >
            Ingresar con Google
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
