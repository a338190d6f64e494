import {
  Alert,
  Anchor,
  Button,
  Center,
  Divider,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconBrandGoogle } from '@tabler/icons-react';
import { redirect } from 'next/navigation';
import { inArray } from 'drizzle-orm';
import { AuthError } from 'next-auth';
import { googleConfigurado, ingresoDemoActivo, signIn } from '@/server/auth';
import { sesionActual } from '@/server/api/contexto-http';
import { CUENTAS_DEMO } from '@/server/db/demo';
import { getDb } from '@/server/db';
import { usuarios } from '@/server/db/schema';

export const metadata = { title: 'Ingresar' };
export const dynamic = 'force-dynamic';

const MENSAJES: Record<string, string> = {
  CredentialsSignin: 'No se pudo ingresar con ese usuario.',
  AccessDenied: 'Acceso denegado.',
  Configuration: 'El ingreso no está bien configurado. Avise a la escuela.',
  OAuthCallbackError: 'Google no completó el ingreso. Intente nuevamente.',
  Verification: 'El enlace de ingreso venció.',
};

async function ingresarConGoogle() {
  'use server';
  await signIn('google', { redirectTo: '/' });
}

async function ingresarComo(formData: FormData) {
  'use server';
  try {
    await signIn('dev', { email: String(formData.get('email') ?? ''), redirectTo: '/' });
  } catch (e) {
    if (e instanceof AuthError) redirect('/login?error=CredentialsSignin');
    throw e;
  }
}

export default async function Login({
  searchParams,
}: {
  searchParams: Promise<{ error?: string | string[] }>;
}) {
  if (await sesionActual()) redirect('/');
  const { error } = await searchParams;
  const codigo = Array.isArray(error) ? error[0] : error;
  const mensaje = codigo ? (MENSAJES[codigo] ?? codigo).slice(0, 300) : null;
  const demo = ingresoDemoActivo();
  let cuentas: typeof CUENTAS_DEMO = [];
  if (demo) {
    const db = await getDb();
    const existentes = await db
      .select({ email: usuarios.email })
      .from(usuarios)
      .where(
        inArray(
          usuarios.email,
          CUENTAS_DEMO.map((c) => c.email),
        ),
      );
    const set = new Set(existentes.map((e) => e.email));
    cuentas = CUENTAS_DEMO.filter((c) => set.has(c.email));
  }
  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={demo ? 760 : 420}>
        <Stack>
          <Title order={1} size="h2">
            Portal escolar
          </Title>
          <Text c="dimmed">Ingrese con su cuenta de Google.</Text>
          {mensaje && (
            <Alert color="red" icon={<IconAlertCircle />} title="No se pudo ingresar" role="alert">
              {mensaje}
            </Alert>
          )}
          <form action={ingresarConGoogle}>
            <Button
              type="submit"
              fullWidth
              size="md"
              leftSection={<IconBrandGoogle />}
              disabled={!googleConfigurado()}
            >
              Ingresar con Google
            </Button>
          </form>
          {!googleConfigurado() && (
            <Text size="xs" c="dimmed">
              El ingreso con Google no está configurado en este servidor (AUTH_GOOGLE_ID).
            </Text>
          )}
          <Text size="sm">
            ¿Es referente parental y todavía no tiene usuario?{' '}
            <Anchor href="/inscripcion">Registrarse para la inscripción</Anchor>
          </Text>
          {demo && (
            <>
              <Divider label="Ingresar como" labelPosition="center" />
              <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs" aria-label="Ingresar como">
                {cuentas.map((c) => (
                  <form key={c.email} action={ingresarComo}>
                    <input type="hidden" name="email" value={c.email} />
                    <Button
                      type="submit"
                      variant="light"
                      fullWidth
                      justify="flex-start"
                      title={c.email}
                      styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                      h="auto"
                      py={6}
                    >
                      <span>
                        {c.etiqueta}
                        <Text
                          span
                          display="block"
                          size="xs"
                          c="dimmed"
                          style={{ overflowWrap: 'anywhere' }}
                        >
                          {c.email}
                        </Text>
                      </span>
                    </Button>
                  </form>
                ))}
              </SimpleGrid>
            </>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
