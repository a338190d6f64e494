import { Badge, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import Link from 'next/link';
import { Marco } from '@/components/Marco';
import { IconoModulo } from '@/components/iconos';
import { ETIQUETA_ROL, type RolBit } from '@/domain/roles';
import { requerirSesion } from '@/server/auth/guardia';
import { permisos } from '@/server/api/routers/sesion/service';

export const metadata = { title: 'Inicio' };

export default async function Inicio() {
  const { sesion } = await requerirSesion();
  const modulos = permisos(sesion);
  return (
    <Marco>
      <Title order={1} size="h2" mb={4}>
        Hola, {sesion.usuario.nombre}
      </Title>
      <Text c="dimmed" mb="lg">
        Ingresó como {ETIQUETA_ROL[sesion.rol as RolBit]}.
      </Text>
      {modulos.length === 0 ? (
        <Text>No hay módulos disponibles para este rol.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" data-testid="grilla-modulos">
          {modulos.map((m) =>
            m.disponible ? (
              <Card key={m.main} component={Link} href={m.main} withBorder padding="lg" data-testid="modulo">
                <Group gap="sm" wrap="nowrap">
                  <IconoModulo nombre={m.icono} size={28} />
                  <Text fw={600}>{m.nombre}</Text>
                </Group>
              </Card>
            ) : (
              <Card key={m.main} withBorder padding="lg" data-testid="modulo" aria-disabled="true" style={{ opacity: 0.7 }}>
                <Group gap="sm" wrap="nowrap" justify="space-between">
                  <Group gap="sm" wrap="nowrap">
                    <IconoModulo nombre={m.icono} size={28} />
                    <Text fw={600}>{m.nombre}</Text>
                  </Group>
                  <Badge variant="light" color="gray">
                    En preparación
                  </Badge>
                </Group>
              </Card>
            ),
          )}
        </SimpleGrid>
      )}
    </Marco>
  );
}
