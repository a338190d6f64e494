'use client';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconCopy,
  IconDownload,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTrash,
  IconUsersPlus,
} from '@tabler/icons-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { avisar } from '@/components/avisos';
import { confirmar } from '@/components/confirmar';
import { useEstadoCompartido } from '@/components/EstadoCompartido';
import { mensajeDeError } from '@/components/errores';
import { DEMORA_BUSQUEDA_MS } from '@/components/ListaBuscable';
import { PAGINA_CURSADOS } from '@/domain/planificacion';
import { api } from '@/trpc/react';
import { useExportar } from '@/components/descargas';
import { cantidad } from '@/domain/texto';
import type { Salidas } from './comun';
import { HorasPorCurso } from './HorasPorCurso';
import { ReplicarCiclo } from './ReplicarCiclo';
import { etiquetaCiclo } from './ruta';
import estilos from './planificacion.module.css';

type Cursado = Salidas['cursados']['listar']['items'][number];

/**
 * /planificacion/cursados (spec 02 §2, §3 Cursado, §9; issue 13): la oferta del ciclo que se
 * planifica (el elegido en la barra, o el próximo), con búsqueda, páginas de 20, alta, edición,
 * borrado, las horas semanales por curso, "Replicar ciclo anterior" y la autoinscripción.
 */
export function PantallaCursados({
  cicloPedido,
  anioActual,
  aviso,
}: {
  /** El ciclo de `?ciclo=`, si es planificable. */
  cicloPedido: number | null;
  anioActual: number;
  aviso: string | null;
}) {
  const router = useRouter();
  const { ciclo: compartido } = useEstadoCompartido();
  const ciclo = cicloPedido ?? compartido;
  const ciclos = [...new Set([compartido, ciclo, anioActual + 1])].sort((a, b) => b - a);

  const [texto, setTexto] = useState('');
  const [q] = useDebouncedValue(texto.trim(), DEMORA_BUSQUEDA_MS);
  const [replicando, setReplicando] = useState(false);
  const [borrando, setBorrando] = useState<number | null>(null);
  const utils = api.useUtils();
  const { exportando, exportar } = useExportar(() =>
    utils.cursados.csv.fetch({ ciclo }, { staleTime: 0 }),
  );
  const lista = api.cursados.listar.useInfiniteQuery(
    { ciclo, q, limit: PAGINA_CURSADOS },
    { getNextPageParam: (p) => p.siguiente ?? undefined, initialCursor: 0 },
  );
  const borrar = api.cursados.borrar.useMutation();
  const autoinscribir = api.cursados.autoinscribir.useMutation();
  const cursados = lista.data?.pages.flatMap((p) => p.items) ?? [];

  const elegirCiclo = (c: number) =>
    router.replace(`/planificacion/cursados?ciclo=${c}`, { scroll: false });

  const alBorrar = async (c: Cursado) => {
    if (borrando != null) return;
    const ok = await confirmar({
      titulo: `¿Borrar el cursado ${c.nombre}?`,
      mensaje: `Se borra del ciclo ${c.ciclolectivo} con sus materias, cursos y docentes asignados. No se puede deshacer.`,
      confirmar: 'Borrar',
      peligro: true,
    });
    if (!ok) return;
    setBorrando(c.cursadoId);
    try {
      await borrar.mutateAsync({ id: c.cursadoId });
      avisar({ color: 'green', message: `Cursado ${c.nombre} borrado.` });
      await Promise.all([utils.cursados.listar.invalidate(), utils.cursados.horas.invalidate()]);
    } catch (e) {
      avisar({ color: 'red', title: 'No se pudo borrar el cursado', message: mensajeDeError(e) });
    } finally {
      setBorrando(null);
    }
  };

  const alAutoinscribir = async () => {
    const ok = await confirmar({
      titulo: `¿Autoinscribir alumnos en ${ciclo}?`,
      mensaje: `Cada alumno con curso en ${ciclo} que todavía no tiene inscripciones en ese ciclo queda inscripto en los cursados de su curso, con la primera materia permitida. Repetirlo no duplica nada.`,
      confirmar: 'Autoinscribir',
    });
    if (!ok) return;
    try {
      const r = await autoinscribir.mutateAsync({ ciclo });
      avisar({
        color: 'green',
        title: `Autoinscripción ${r.ciclo}`,
        message: `${
          r.inscripciones === 1
            ? 'Se creó 1 inscripción'
            : `Se crearon ${r.inscripciones} inscripciones`
        } (${cantidad(r.alumnos, 'alumno', 'alumnos')} con curso en ${r.ciclo}).`,
      });
      await utils.cursados.listar.invalidate();
    } catch (e) {
      avisar({ color: 'red', title: 'No se pudo autoinscribir', message: mensajeDeError(e) });
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
        <NativeSelect
          label="Ciclo a planificar"
          w={170}
          data={ciclos.map((c) => ({ value: String(c), label: etiquetaCiclo(c, anioActual) }))}
          value={String(ciclo)}
          onChange={(e) => elegirCiclo(Number(e.currentTarget.value))}
        />
        <Group gap="xs" wrap="wrap">
          <Button
            component={Link}
            href={`/planificacion/cursados/nuevo?ciclo=${ciclo}`}
            leftSection={<IconPlus size={16} />}
          >
            Nuevo cursado
          </Button>
          <Button
            variant="light"
            leftSection={<IconCopy size={16} />}
            onClick={() => setReplicando(true)}
          >
            Replicar ciclo anterior
          </Button>
          <Button
            variant="light"
            leftSection={<IconUsersPlus size={16} />}
            loading={autoinscribir.isPending}
            onClick={() => void alAutoinscribir()}
          >
            Autoinscribir alumnos
          </Button>
          <Button
            variant="subtle"
            leftSection={<IconDownload size={16} />}
            loading={exportando}
            onClick={() => void exportar()}
          >
            Exportar CSV
          </Button>
        </Group>
      </Group>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="sm">
            <TextInput
              aria-label="Buscar cursados"
              placeholder="Buscar por nombre, materia o docente…"
              leftSection={<IconSearch size={16} />}
              rightSection={
                lista.isFetching && !lista.isFetchingNextPage ? <Loader size="xs" /> : null
              }
              value={texto}
              onChange={(e) => setTexto(e.currentTarget.value)}
            />
            {lista.isPending ? (
              <Stack gap="xs" role="status" aria-busy="true" aria-label="Cargando los cursados">
                {Array.from({ length: 5 }, (_, i) => (
                  <Skeleton key={i} height={92} />
                ))}
              </Stack>
            ) : lista.isError ? (
              <Alert color="red" role="alert" title="No se pudieron cargar los cursados">
                {mensajeDeError(lista.error)}
              </Alert>
            ) : cursados.length === 0 ? (
              <Paper withBorder p="md">
                <Text c="dimmed">Sin resultados</Text>
                {!q && (
                  <Text size="sm" c="dimmed" mt={4}>
                    No hay cursados en {ciclo}. Puede crearlos o replicar los de {ciclo - 1}.
                  </Text>
                )}
              </Paper>
            ) : (
              <Paper withBorder>
                <Box
                  component="ul"
                  aria-label={`Cursados ${ciclo}`}
                  m={0}
                  p={0}
                  style={{ listStyle: 'none' }}
                >
                  {cursados.map((c) => (
                    <FilaCursado
                      key={c.cursadoId}
                      cursado={c}
                      borrando={borrando}
                      onBorrar={() => void alBorrar(c)}
                    />
                  ))}
                </Box>
              </Paper>
            )}
            {lista.isSuccess && cursados.length > 0 && (
              <Center>
                <Stack gap={4} align="center">
                  <Text size="sm" c="dimmed" aria-live="polite" data-testid="cuenta-cursados">
                    {`${cantidad(cursados.length, 'cursado', 'cursados')} ${
                      lista.hasNextPage ? 'mostrados' : 'en total'
                    }`}
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
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <HorasPorCurso ciclo={ciclo} />
        </Grid.Col>
      </Grid>

      <ReplicarCiclo ciclo={ciclo} abierto={replicando} onCerrar={() => setReplicando(false)} />
    </Stack>
  );
}

function Asignados({
  titulo,
  nombres,
  vacio,
}: {
  titulo: string;
  nombres: string[];
  vacio: string;
}) {
  return (
    <Text size="sm" c={nombres.length ? undefined : 'red.8'}>
      <Text span size="sm" c="dimmed">
        {titulo}:{' '}
      </Text>
      {nombres.length ? nombres.join(', ') : vacio}
    </Text>
  );
}

function FilaCursado({
  cursado: c,
  borrando,
  onBorrar,
}: {
  cursado: Cursado;
  borrando: number | null;
  onBorrar: () => void;
}) {
  return (
    <Box component="li" aria-label={c.nombre} className={estilos.fila} px="md" py="sm">
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600}>{c.nombre}</Text>
          <Text size="sm" c="dimmed">
            {c.modalidadNombre} · {cantidad(c.horas, 'hora', 'horas')} semanales ·{' '}
            {cantidad(c._count.inscripciones, 'inscripto', 'inscriptos')}
          </Text>
          <Asignados
            titulo="Materias"
            nombres={c.materiasPermitidas.map((m) => `${m.nombre} (${m.materiaCode})`)}
            vacio="Sin materias asignadas"
          />
          <Asignados
            titulo="Cursos"
            nombres={c.cursosPermitidos.map((x) => x.nombre)}
            vacio="Sin cursos asignados"
          />
          <Asignados
            titulo="Docentes"
            nombres={c.docentes.map((d) => `${d.apellido}, ${d.nombre}`)}
            vacio="Sin docentes asignados"
          />
        </Stack>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            component={Link}
            href={`/planificacion/cursados/editar/${c.cursadoId}`}
            variant="subtle"
            size="lg"
            aria-label={`Editar ${c.nombre}`}
            title="Editar"
          >
            <IconPencil size={18} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Borrar ${c.nombre}`}
            title="Borrar"
            loading={borrando === c.cursadoId}
            disabled={borrando != null && borrando !== c.cursadoId}
            onClick={onBorrar}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </Group>
    </Box>
  );
}
