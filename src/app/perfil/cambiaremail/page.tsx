import '@/components/estilos-mantine/componentes';
import { Alert, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconBrandGoogle } from '@tabler/icons-react';
import { redirect } from 'next/navigation';
import { esCorreoGoogle } from '@/domain/escuela';
import { Rol } from '@/domain/roles';
import { BotonSalir } from '@/components/marco/BotonSalir';
import { googleConfigurado } from '@/server/auth';
import { MENSAJES_LOGIN, mensajeDeErrorDeIngreso } from '@/server/auth/ingreso-google';
import { requerirSesion } from '@/server/auth/guardia';

export const metadata = { title: 'Cambiar email' };
export const dynamic = 'force-dynamic';

/**
 * Sólo para un alumno cuya cuenta no es de Google (spec 02 §2). Si el cambio falla (Google sin
 * configurar, la cuenta de Google ya es de otro usuario…), /api/authurl y la vuelta de Google
 * traen el mensaje en ?error=. Como toda pantalla con sesión, tiene "Salir".
 */
export default async function CambiarEmail({
  searchParams,
}: {
  searchParams: Promise<{ error?: string | string[] }>;
}) {
  const { sesion } = await requerirSesion({ permitirSinGoogle: true });
  if (sesion.rol !== Rol.Alumno || esCorreoGoogle(sesion.usuario.email)) redirect('/');
  const { error } = await searchParams;
  const mensaje = mensajeDeErrorDeIngreso(Array.isArray(error) ? error[0] : error);
  const conGoogle = googleConfigurado();
  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={520}>
        <Stack>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" fw={500} truncate data-testid="usuario-nombre">
              {sesion.usuario.nombre} {sesion.usuario.apellido}
            </Text>
            <BotonSalir />
          </Group>
          <Title order={1} size="h2">
            Su cuenta no es de Google
          </Title>
          {mensaje && (
            <Alert
              color="red"
              icon={<IconAlertCircle />}
              title="No se pudo cambiar la cuenta"
              role="alert"
            >
              {mensaje}
            </Alert>
          )}
          <Text>
            La cuenta con la que está registrado/a ({sesion.usuario.email}) no es una cuenta de
            Google.
          </Text>
          <Text>
            Por la nueva política del instituto, sólo se aceptan cuentas de Google. Ingrese con su
            cuenta de Google para continuar.
          </Text>
          {/* Un enlace común: anda aunque el JavaScript de la página no haya cargado todavía. */}
          {conGoogle ? (
            <Button
              component="a"
              href={`/api/authurl?origin=cambiar&uid=${sesion.usuario.id}`}
              leftSection={<IconBrandGoogle />}
            >
              Ingresar con Google
            </Button>
          ) : (
            <>
              <Button leftSection={<IconBrandGoogle />} disabled>
                Ingresar con Google
              </Button>
              <Text size="sm" c="dimmed">
                {MENSAJES_LOGIN.googleNoConfigurado}
              </Text>
            </>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
