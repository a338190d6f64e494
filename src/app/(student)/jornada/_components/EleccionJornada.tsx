'use client';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBallFootball, IconCheck, IconClock, IconDoor } from '@tabler/icons-react';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import { avisar } from '@/components/ui/avisos';
import { confirmar } from '@/components/ui/confirmar';
import { mensajeDeError } from '@/components/ui/errores';
import type { AppRouter } from '@/server/api/root';
import { api } from '@/trpc/react';

type Informacion = inferRouterOutputs<AppRouter>['jornada']['informacion'];
type Actividad = Informacion['actividades'][number];

const ESTADO: Record<Actividad['estado'], { texto: string; color: string }> = {
  elegida: { texto: 'Su actividad', color: '#1e6b2e' },
  disponible: { texto: 'Disponible', color: 'blue.8' },
  sinCupos: { texto: 'Sin cupos', color: 'gray.7' },
  bloqueada: { texto: 'No disponible', color: 'gray.7' },
};

/**
 * Las actividades de la jornada para el alumno (spec 02 §4): una tarjeta por actividad con la
 * imagen, el horario, el aula y los cupos libres. "Elegir" pide confirmación (no se puede
 * cambiar); si otro alumno tomó el último cupo a la vez, el servidor lo dice y la lista se relee.
 */
export function EleccionJornada({ inicial }: { inicial: Informacion }) {
  const utils = api.useUtils();
  const q = api.jornada.informacion.useQuery({ anio: inicial.anio }, { initialData: inicial });
  const elegir = api.jornada.elegir.useMutation();
  const [eligiendo, setEligiendo] = useState<number | null>(null);
  const datos = q.data;

  const alElegir = async (a: Actividad) => {
    const ok = await confirmar({
      titulo: `¿Elegir ${a.nombre}?`,
      mensaje: `De ${a.comienzo} a ${a.fin}${a.aula ? `, ${a.aula}` : ''}. Una vez elegida, no se puede cambiar.`,
      confirmar: 'Elegir',
    });
    if (!ok) return;
    setEligiendo(a.id);
    try {
      await elegir.mutateAsync({ anio: inicial.anio, actividad: a.id });
      avisar({ color: 'green', message: `Eligió ${a.nombre}.` });
    } catch (e) {
      avisar({ color: 'red', title: 'No se pudo elegir', message: mensajeDeError(e) });
    } finally {
      setEligiendo(null);
      await utils.jornada.informacion.invalidate({ anio: inicial.anio });
    }
  };

  if (datos.sinCurso)
    return (
      <Alert color="yellow" role="status">
        No tiene curso asignado este año: consulte en Preceptoría.
      </Alert>
    );
  const suya = datos.actividades.find((a) => a.estado === 'elegida');
  return (
    <Stack gap="md">
      {suya ? (
        <Alert
          // Relleno oscuro: el verde claro del aviso no llega al contraste AA.
          variant="filled"
          color="#1e6b2e"
          role="status"
          title="Ya eligió su actividad"
        >
          {suya.nombre}, de {suya.comienzo} a {suya.fin}
          {suya.aula ? ` (${suya.aula})` : ''}. Las demás quedan bloqueadas.
        </Alert>
      ) : (
        <Text>
          Elija una sola actividad para la jornada del {datos.anio}. Una vez elegida, no se puede
          cambiar.
        </Text>
      )}
      {datos.actividades.length === 0 ? (
        <Text c="dimmed">Sin resultados</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {datos.actividades.map((a) => (
            <Card
              key={a.id}
              withBorder
              padding="md"
              data-testid="actividad-jcd"
              data-estado={a.estado}
            >
              {a.imagen ? (
                <Card.Section>
                  <Image src={a.imagen} alt="" h={140} fit="cover" />
                </Card.Section>
              ) : (
                <Card.Section p="md" bg="gray.1">
                  <ThemeIcon size={48} variant="light" aria-hidden>
                    <IconBallFootball size={28} />
                  </ThemeIcon>
                </Card.Section>
              )}
              <Group justify="space-between" mt="sm" wrap="nowrap" align="flex-start">
                <Title order={2} size="h4">
                  {a.nombre}
                </Title>
                <Badge color={ESTADO[a.estado].color} variant="filled">
                  {ESTADO[a.estado].texto}
                </Badge>
              </Group>
              {a.descripcion && (
                <Text size="sm" mt={4}>
                  {a.descripcion}
                </Text>
              )}
              <Group gap="md" mt="xs">
                <Group gap={4}>
                  <IconClock size={16} aria-hidden />
                  <Text size="sm">
                    {a.comienzo} a {a.fin}
                  </Text>
                </Group>
                {a.aula && (
                  <Group gap={4}>
                    <IconDoor size={16} aria-hidden />
                    <Text size="sm">{a.aula}</Text>
                  </Group>
                )}
              </Group>
              <Text size="sm" c="dimmed" mt={4}>
                {a.libres === 1 ? 'Queda 1 cupo' : `Quedan ${a.libres} cupos`} de {a.cupos}
              </Text>
              {a.estado === 'disponible' && (
                <Button
                  mt="sm"
                  fullWidth
                  leftSection={<IconCheck size={16} />}
                  loading={eligiendo === a.id}
                  disabled={eligiendo != null}
                  onClick={() => void alElegir(a)}
                  aria-label={`Elegir ${a.nombre}`}
                >
                  Elegir
                </Button>
              )}
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
