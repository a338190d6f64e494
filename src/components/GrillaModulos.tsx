'use client';
import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import Link from 'next/link';
import type { ModuloSistema } from '@/server/api/routers/sesion/service';
import { IconoModulo } from './iconos';

/** La grilla de inicio: los módulos que el rol activo puede abrir. */
export function GrillaModulos({ modulos }: { modulos: ModuloSistema[] }) {
  if (modulos.length === 0) return <Text>No hay módulos disponibles para este rol.</Text>;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" data-testid="grilla-modulos">
      {modulos.map((m) => {
        const contenido = (
          <Group gap="sm" wrap="nowrap" align="center">
            <IconoModulo nombre={m.icono} size={28} />
            <Stack gap={4}>
              <Text fw={600}>{m.nombre}</Text>
              {!m.disponible && (
                <Badge variant="light" color="gray" size="sm">
                  En preparación
                </Badge>
              )}
            </Stack>
          </Group>
        );
        return m.disponible ? (
          <Card
            key={m.main}
            component={Link}
            href={m.main}
            // Sin precarga al abrir el inicio: la grilla tiene una docena de módulos y cada uno
            // pedía su pantalla al cargar (issue 12). Se carga al elegirlo.
            prefetch={false}
            withBorder
            padding="lg"
            data-testid="modulo"
          >
            {contenido}
          </Card>
        ) : (
          <Card
            key={m.main}
            withBorder
            padding="lg"
            data-testid="modulo"
            aria-disabled="true"
            c="dimmed"
          >
            {contenido}
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
