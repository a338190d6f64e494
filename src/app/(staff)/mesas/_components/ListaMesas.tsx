'use client';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import Link from 'next/link';
import { useState } from 'react';
import { DEMORA_BUSQUEDA_MS } from '@/components/listas/ListaBuscable';
import { mensajeDeError } from '@/components/ui/errores';
import { Exportar } from '@/components/ui/Exportar';
import { SelectorAnio } from '@/components/vistas/SelectorAnio';
import { nombreCompleto } from '@/domain/escuela';
import { api } from '@/trpc/react';
import { cuandoEs, tituloMesa } from './comun';
import estilos from './mesas.module.css';

/**
 * La lista de mesas del año (spec 02 §2): búsqueda en el servidor (instancia, aula, materia o
 * docente), páginas de 30 con "Cargar más", y por mesa su fecha, instancia, aula, tribunal y el
 * estado de sus actas.
 */
export function ListaMesas({
  anio,
  anios,
  puedeCrear,
  aviso,
}: {
  anio: number;
  anios: number[];
  puedeCrear: boolean;
  aviso: string | null;
}) {
  const [texto, setTexto] = useState('');
  const [q] = useDebouncedValue(texto.trim(), DEMORA_BUSQUEDA_MS);
  const lista = api.mesas.lista.useInfiniteQuery(
    { anio, q },
    { getNextPageParam: (p) => p.siguiente ?? undefined, initialCursor: 0 },
  );
  const mesas = lista.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Stack gap="sm">
      {aviso && (
        <Alert color="blue" role="status">
          {aviso}
        </Alert>
      )}
      <SelectorAnio anios={anios.map((a) => ({ anio: a, curso: null }))} actual={anio} />
      <Group justify="space-between" align="end" wrap="wrap">
        <TextInput
          label="Buscar"
          placeholder="Materia, instancia, aula o docente"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={texto}
          onChange={(e) => setTexto(e.currentTarget.value)}
          className={estilos.busqueda}
        />
        <Group gap="xs">
          <Exportar lista="mesas" parametros={{ anio, q }} deshabilitado={mesas.length === 0} />
          {puedeCrear && (
            <Button component={Link} href="/mesas/nueva" leftSection={<IconPlus size={16} />}>
              Nueva mesa
            </Button>
          )}
        </Group>
      </Group>
      {lista.isError ? (
        <Alert color="red" role="alert">
          {mensajeDeError(lista.error)}
        </Alert>
      ) : lista.isPending ? (
        <Center p="lg">
          <Loader aria-label="Cargando mesas" />
        </Center>
      ) : mesas.length === 0 ? (
        <Text c="dimmed">Sin resultados</Text>
      ) : (
        <Stack gap="xs" component="ul" className={estilos.lista} aria-label="Mesas">
          {mesas.map((m) => {
            const cerradas = m.materias.filter((x) => x.cerrada).length;
            const alumnos = m.materias.reduce((t, x) => t + x.alumnos, 0);
            return (
              <Paper key={m.id} component="li" withBorder p="sm" className={estilos.item}>
                <Link href={`/mesas/${m.id}`} className={estilos.enlace}>
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Text fw={600}>{tituloMesa(m.materias)}</Text>
                    <Group gap={6}>
                      <Badge variant="outline" color="indigo.9">
                        {m.corta}
                      </Badge>
                      {m.materias.length > 0 && (
                        <Badge
                          variant={cerradas === m.materias.length ? 'outline' : 'filled'}
                          color={cerradas === m.materias.length ? 'gray.7' : '#1e6b2e'}
                        >
                          {cerradas === m.materias.length
                            ? 'Acta cerrada'
                            : cerradas > 0
                              ? `${cerradas} de ${m.materias.length} actas cerradas`
                              : 'Acta abierta'}
                        </Badge>
                      )}
                    </Group>
                  </Group>
                  <Text size="sm">
                    {cuandoEs(m)} · {m.instancia}
                    {m.aula ? ` · ${m.aula}` : ''}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {m.tribunal.length
                      ? `Tribunal: ${m.tribunal.map(nombreCompleto).join('; ')}`
                      : 'Sin tribunal'}{' '}
                    · {alumnos === 1 ? '1 alumno' : `${alumnos} alumnos`}
                  </Text>
                </Link>
              </Paper>
            );
          })}
        </Stack>
      )}
      {lista.hasNextPage && (
        <Center>
          <Button
            variant="default"
            loading={lista.isFetchingNextPage}
            onClick={() => void lista.fetchNextPage()}
          >
            Cargar más
          </Button>
        </Center>
      )}
    </Stack>
  );
}
