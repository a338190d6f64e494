import { Anchor, Avatar, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCertificate, IconFirstAidKit, IconMail, IconUserEdit } from '@tabler/icons-react';
import { Rol } from '@/domain/roles';
import type { Sesion } from '@/server/auth/sesion';

function iniciales(nombre: string, apellido: string): string {
  return `${nombre.trim()[0] ?? ''}${apellido.trim()[0] ?? ''}`.toUpperCase();
}

/**
 * El recuadro del perfil en home (spec 02 §2 "Profile widgets"): foto o iniciales y nombre;
 * el alumno, además, sus impresiones (ficha médica y certificado de alumno regular); el
 * personal, su email.
 */
export function PerfilInicio({ sesion, foto = null }: { sesion: Sesion; foto?: string | null }) {
  const { nombre, apellido, email } = sesion.usuario;
  return (
    <Paper withBorder p="sm" mb="lg" maw={560} aria-label="Mi perfil" component="section">
      <Group wrap="nowrap" align="flex-start">
        <Avatar color="indigo" radius="xl" size="lg" src={foto} alt="">
          {iniciales(nombre, apellido)}
        </Avatar>
        <Stack gap={2}>
          <Text fw={600}>
            {nombre} {apellido}
          </Text>
          {sesion.rol === Rol.Alumno ? (
            <Group gap="md" wrap="wrap">
              <Anchor href="/perfil/editar" size="sm">
                <Group gap={4} wrap="nowrap">
                  <IconUserEdit size={16} aria-hidden /> Editar perfil
                </Group>
              </Anchor>
              <Anchor href="/perfil/ficha-medica" size="sm">
                <Group gap={4} wrap="nowrap">
                  <IconFirstAidKit size={16} aria-hidden /> Imprimir ficha médica
                </Group>
              </Anchor>
              <Anchor href="/perfil/certificado" size="sm">
                <Group gap={4} wrap="nowrap">
                  <IconCertificate size={16} aria-hidden /> Certificado de alumno regular
                </Group>
              </Anchor>
            </Group>
          ) : (
            <Anchor href={`mailto:${email}`} size="sm">
              <Group gap={4} wrap="nowrap">
                <IconMail size={16} aria-hidden /> {email}
              </Group>
            </Anchor>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
