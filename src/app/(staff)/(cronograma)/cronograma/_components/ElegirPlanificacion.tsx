'use client';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { avisar } from '@/components/ui/avisos';
import { confirmar } from '@/components/ui/confirmar';
import { mensajeDeError } from '@/components/ui/errores';
import { api } from '@/trpc/react';
import { nombrePersona, type DatosPlanificacion, type Elegible } from './comun';
import estilos from './cronograma.module.css';

export const CONFIRMAR_ELEGIR = '¿Elegir planificación? Esta acción no se puede deshacer';

/**
 * "Elegir una planificación" (spec 01 §5): las planificaciones que el cursado puede copiar (las
 * compartidas de cursados con alguna materia en común y las propias). Elegir pide confirmación
 * ('¿Elegir planificación? Esta acción no se puede deshacer') y copia la elegida.
 */
export function ElegirPlanificacion({
  cursado,
  alElegir,
  alCerrar,
}: {
  cursado: number;
  alElegir: (d: DatosPlanificacion) => void;
  alCerrar: () => void;
}) {
  const lista = api.cronograma.planificaciones.useQuery({ cursado }, { staleTime: 0 });
  const importar = api.cronograma.importar.useMutation();
  const utils = api.useUtils();
  const [eligiendo, setEligiendo] = useState<number | null>(null);

  const elegir = async (p: Elegible) => {
    if (eligiendo != null) return;
    const ok = await confirmar({
      titulo: CONFIRMAR_ELEGIR,
      mensaje: `Se copia a este cursado la planificación de ${p.cursadoOrigen.nombre} (${p.cursadoOrigen.ciclolectivo}), ${p.items === 0 ? 'sin ítems' : p.items === 1 ? 'con su único ítem' : `con sus ${p.items} ítems`}.`,
      confirmar: 'Elegir',
    });
    if (!ok) return;
    setEligiendo(p.planificacionId);
    try {
      const r = await importar.mutateAsync({ cursado, plan: p.planificacionId });
      utils.cronograma.planificacion.setData({ cursado }, r);
      avisar({ color: 'green', message: 'Planificación elegida.' });
      alElegir(r);
    } catch (e) {
      avisar({
        color: 'red',
        title: 'No se pudo elegir la planificación',
        message: mensajeDeError(e),
      });
    } finally {
      setEligiendo(null);
    }
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">
            Elegir una planificación
          </Title>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={alCerrar}
            disabled={eligiendo != null}
          >
            Cerrar
          </Button>
        </Group>
        {lista.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">Cargando planificaciones…</Text>
          </Group>
        ) : lista.isError ? (
          <Alert color="red" role="alert">
            {mensajeDeError(lista.error)}
          </Alert>
        ) : lista.data.length === 0 ? (
          <Text c="dimmed" role="status">
            Sin resultados
          </Text>
        ) : (
          <Stack gap={0} component="ul" className={estilos.lista}>
            {lista.data.map((p) => (
              <li key={p.planificacionId} className={estilos.fila} data-testid="elegible">
                <Group justify="space-between" gap="sm" py="xs" wrap="wrap">
                  <Stack gap={2} miw={0} style={{ flex: 1 }}>
                    <Group gap={6}>
                      <Text fw={500}>
                        {p.cursadoOrigen.nombre} ({p.cursadoOrigen.ciclolectivo})
                      </Text>
                      {p.publicado && (
                        <Badge size="xs" variant="filled" color="teal.9" tt="none">
                          Compartida
                        </Badge>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {p.usuarioAutor ? `${nombrePersona(p.usuarioAutor)} · ` : ''}
                      {p.items === 1 ? '1 ítem' : `${p.items} ítems`}
                      {p.materias.length ? ` · ${p.materias.join(', ')}` : ''}
                    </Text>
                  </Stack>
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconCopy size={16} />}
                    onClick={() => void elegir(p)}
                    loading={eligiendo === p.planificacionId}
                    disabled={eligiendo != null && eligiendo !== p.planificacionId}
                    aria-label={`Elegir la planificación de ${p.cursadoOrigen.nombre} (${p.cursadoOrigen.ciclolectivo})`}
                  >
                    Elegir
                  </Button>
                </Group>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
