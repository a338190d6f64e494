import '@/components/estilos-mantine/componentes';
import { momentoEscolar } from '@/server/reloj';
import {
  Anchor,
  Button,
  Center,
  Group,
  List,
  ListItem,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconBrandGoogle } from '@tabler/icons-react';
import { redirect } from 'next/navigation';

import { Rol } from '@/domain/roles';
import { BotonSalir } from '@/components/marco/BotonSalir';
import { googleConfigurado } from '@/server/auth';
import { sesionActual } from '@/server/api/contexto-http';

export const metadata = { title: 'Inscripción' };
export const dynamic = 'force-dynamic';

/**
 * /inscripcion: la entrada de la inscripción anual (spec 02 §2). Un referente parental sigue a
 * /inscripcion/completar; los demás pueden registrarse como referente con su cuenta de Google.
 */
export default async function Inscripcion() {
  const sesion = await sesionActual();
  if (sesion?.rol === Rol.ReferenteParental) redirect('/inscripcion/completar');
  const ciclo = momentoEscolar().ciclo;
  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={480}>
        <Stack>
          <Title order={1} size="h2">
            Inscripción del ciclo lectivo {ciclo}
          </Title>
          <Text>
            Cada año, la madre, el padre o el referente parental de cada estudiante completa la
            inscripción desde el portal:
          </Text>
          <List spacing={4} size="sm">
            <ListItem>sus datos de contacto,</ListItem>
            <ListItem>el vínculo con cada hijo o hija,</ListItem>
            <ListItem>la ficha médica (declaración jurada) y el comprobante de pago,</ListItem>
            <ListItem>el inglés técnico, si corresponde.</ListItem>
          </List>
          <Text size="sm" c="dimmed">
            Sólo se aceptan cuentas de Google. Si ya tiene usuario de referente, también puede
            ingresar desde aquí.
          </Text>
          {/* Un enlace común: anda aunque el JavaScript de la página no haya cargado todavía. */}
          {googleConfigurado() ? (
            <Button
              component="a"
              href={`/api/authurl?origin=registrar&role=${Rol.ReferenteParental}`}
              fullWidth
              size="md"
              leftSection={<IconBrandGoogle />}
            >
              Registrarme con Google
            </Button>
          ) : (
            <Button fullWidth size="md" leftSection={<IconBrandGoogle />} disabled>
              Registrarme con Google
            </Button>
          )}
          {sesion ? (
            // Con sesión (otro rol): vuelve al inicio o sale, como en toda pantalla con sesión.
            <Group justify="space-between">
              <Anchor href="/">Volver al inicio</Anchor>
              <BotonSalir />
            </Group>
          ) : (
            <Text size="sm">
              ¿Personal de la escuela o estudiante? <Anchor href="/login">Ingresar</Anchor>
            </Text>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
