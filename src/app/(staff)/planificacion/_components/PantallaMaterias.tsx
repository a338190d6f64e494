'use client';
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import Link from 'next/link';
import { useState } from 'react';
import { avisar } from '@/components/avisos';
import { confirmar } from '@/components/confirmar';
import { mensajeDeError } from '@/components/errores';
import { DEMORA_BUSQUEDA_MS } from '@/components/ListaBuscable';
import { PAGINA_MATERIAS } from '@/domain/planificacion';
import { api } from '@/trpc/react';
import { useExportar } from '@/components/descargas';
import { cantidad } from '@/domain/texto';
import type { Salidas } from './comun';
import { ImportarMaterias } from './ImportarMaterias';
import estilos from './planificacion.module.css';

type Materia = Salidas['materias']['listar']['items'][number];

/**
 * /planificacion/materias (spec 02 §2, §3 Materia, §9): búsqueda en el servidor, páginas de 30
 * con "Cargar más", alta, edición, borrado (409 con lo que depende de la materia) y el CSV.
 */
export function PantallaMaterias({ aviso }: { aviso: string | null }) {
  const [texto, setTexto] = useState('');
  const [q] = useDebouncedValue(texto.trim(), DEMORA_BUSQUEDA_MS);
  const [borrando, setBorrando] = useState<number | null>(null);
  const utils = api.useUtils();
  const { exportando, exportar } = useExportar(() =>
    utils.materias.csv.fetch(undefined, { staleTime: 0 }),
  );
  const lista = api.materias.listar.useInfiniteQuery(
    { q, limit: PAGINA_MATERIAS },
    { getNextPageParam: (p) => p.siguiente ?? undefined, initialCursor: 0 },
  );
  const borrar = api.materias.borrar.useMutation();
  const materias = lista.data?.pages.flatMap((p) => p.items) ?? [];

  const alBorrar = async (m: Materia) => {
    if (borrando != null) return;
    const ok = await confirmar({
      titulo: `¿Borrar la materia ${m.nombre} (${m.materiaCode})?`,
      mensaje: `Se borra del plan ${m.plan.code} ${m.plan.year}. No se puede deshacer.`,
      confirmar: 'Borrar',
      peligro: true,
    });
    if (!ok) return;
    setBorrando(m.orden);
    try {
      await borrar.mutateAsync({ id: m.orden });
      avisar({ color: 'green', message: `Materia ${m.nombre} (${m.materiaCode}) borrada.` });
      await utils.materias.listar.invalidate();
    } catch (e) {
      avisar({ color: 'red', title: 'No se pudo borrar la materia', message: mensajeDeError(e) });
    } finally {
      setBorrando(null);
    }
  };

  return (
    <Stack gap="md">
      {aviso && (
        <Alert color="red" role="alert">
          {aviso}
        </Alert>
      )}
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          aria-label="Buscar materias"
          placeholder="Buscar por nombre, código o departamento…"
          leftSection={<IconSearch size={16} />}
          rightSection={lista.isFetching && !lista.isFetchingNextPage ? <Loader size="xs" /> : null}
          value={texto}
          onChange={(e) => setTexto(e.currentTarget.value)}
          style={{ flex: '1 1 240px' }}
        />
        <Group gap="xs" wrap="wrap">
          <Button
            component={Link}
            href="/planificacion/materias/nueva"
            leftSection={<IconPlus size={16} />}
          >
            Nueva materia
          </Button>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            loading={exportando}
            onClick={() => void exportar()}
          >
            Exportar CSV
          </Button>
          <ImportarMaterias />
        </Group>
      </Group>

      {lista.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Cargando las materias">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={56} />
          ))}
        </Stack>
      ) : lista.isError ? (
        <Alert color="red" role="alert" title="No se pudieron cargar las materias">
          {mensajeDeError(lista.error)}
        </Alert>
      ) : materias.length === 0 ? (
        <Paper withBorder p="md">
          <Text c="dimmed">Sin resultados</Text>
        </Paper>
      ) : (
        <Paper withBorder>
          <Box component="ul" aria-label="Materias" m={0} p={0} style={{ listStyle: 'none' }}>
            {materias.map((m) => (
              <Box
                component="li"
                key={m.orden}
                aria-label={`${m.nombre} (${m.materiaCode})`}
                className={estilos.fila}
                px="md"
                py="sm"
              >
                <Group justify="space-between" wrap="nowrap" gap="sm" align="center">
                  <Box style={{ minWidth: 0 }}>
                    <Group gap="xs" wrap="wrap">
                      <Badge variant="light" radius="sm" tt="none">
                        {m.materiaCode}
                      </Badge>
                      <Text fw={600}>{m.nombre}</Text>
                    </Group>
                    <Text size="sm" c="dimmed">
                      {m.anio}° año · Plan {m.plan.year} {m.plan.code} · {m.departamentoName} ·{' '}
                      <span data-testid="cursados-de-materia">
                        {cantidad(m.cursadosAsociados, 'cursado', 'cursados')}
                      </span>
                    </Text>
                  </Box>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      component={Link}
                      href={`/planificacion/materias/editar/${m.orden}`}
                      variant="subtle"
                      size="lg"
                      aria-label={`Editar ${m.nombre} (${m.materiaCode})`}
                      title="Editar"
                    >
                      <IconPencil size={18} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={`Borrar ${m.nombre} (${m.materiaCode})`}
                      title="Borrar"
                      loading={borrando === m.orden}
                      disabled={borrando != null && borrando !== m.orden}
                      onClick={() => void alBorrar(m)}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Group>
                </Group>
              </Box>
            ))}
          </Box>
        </Paper>
      )}

      {lista.isSuccess && materias.length > 0 && (
        <Center>
          <Stack gap={4} align="center">
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="cuenta-materias">
              {lista.hasNextPage
                ? `${cantidad(materias.length, 'materia', 'materias')} mostradas`
                : `${cantidad(materias.length, 'materia', 'materias')} en total`}
            </Text>
            {lista.hasNextPage && (
              <Button
                variant="default"
                loading={lista.isFetchingNextPage}
                onClick={() => void lista.fetchNextPage()}
              >
                Cargar más
              </Button>
            )}
          </Stack>
        </Center>
      )}
    </Stack>
  );
}
