'use client';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { avisar } from '@/components/ui/avisos';
import { Exportar } from '@/components/ui/Exportar';
import { Dialogo } from '@/components/ui/Dialogo';
import { IconDownload } from '@tabler/icons-react';
import Link from 'next/link';
import { useMemo, useState } from 'react';
import { useEstadoCompartido } from '@/components/marco/EstadoCompartido';
import {
  COLOR_ESTADO_INSCRIPCION,
  ETIQUETA_ESTADO_INSCRIPCION,
  type EstadoInscripcion,
} from '@/domain/inscripcion';
import { api } from '@/trpc/react';
import { DesplazarTabla } from '@/components/ui/DesplazarTabla';
import { SelectBuscable } from '@/components/campos/select-buscable/SelectBuscable';
import { cantidad } from '@/domain/texto';

const FECHA = new Intl.DateTimeFormat('es-AR', {
  timeZone: 'America/Argentina/Cordoba',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

type Filtro = 'todos' | 'faltantes' | EstadoInscripcion;
const FILTROS: { value: Filtro; label: string }[] = [
  { value: 'todos', label: 'Todos' },
  { value: 'faltantes', label: 'Sin inscripción' },
  { value: 'pendiente', label: 'Pendientes' },
  { value: 'verificada', label: 'Verificadas' },
  { value: 'observada', label: 'Observadas' },
];

/**
 * Seguimiento de la inscripción anual (Alumnado y Admin): por curso, cada estudiante con su
 * inscripción (pendiente, verificada, observada) o sin ella, el comprobante, la revisión y el
 * CSV del ciclo elegido en el selector de ciclo lectivo.
 */
export function PantallaInscripciones({
  configurarCuota = false,
}: {
  /** Admin: enlace a la configuración de la cuota de la cooperadora. */
  configurarCuota?: boolean;
}) {
  const { ciclo } = useEstadoCompartido();
  const [curso, setCurso] = useState<string | null>(null);
  const [filtro, setFiltro] = useState<Filtro>('todos');
  const [observando, setObservando] = useState<{ orden: number; nombre: string } | null>(null);
  const [observacion, setObservacion] = useState('');
  const utils = api.useUtils();
  const consulta = api.inscripcion.listar.useQuery({ ciclo });
  const revisar = api.inscripcion.revisar.useMutation({
    onSuccess: () => utils.inscripcion.listar.invalidate(),
  });

  const cursos = useMemo(() => consulta.data?.cursos ?? [], [consulta.data]);
  const visibles = cursos
    .filter((c) => !curso || String(c.orden) === curso)
    .map((c) => ({
      ...c,
      alumnos: c.alumnos.filter((a) =>
        filtro === 'todos'
          ? true
          : filtro === 'faltantes'
            ? !a.inscripcion
            : a.inscripcion?.estado === filtro,
      ),
    }))
    .filter((c) => c.alumnos.length > 0);

  const marcar = async (orden: number, estado: EstadoInscripcion, obs: string | null = null) => {
    try {
      await revisar.mutateAsync({ id: orden, estado, observacion: obs });
      avisar({
        color: 'green',
        message: `Inscripción ${ETIQUETA_ESTADO_INSCRIPCION[estado].toLowerCase()}.`,
      });
      return true;
    } catch (e) {
      avisar({ color: 'red', message: (e as Error).message || 'No se pudo guardar.' });
      return false;
    }
  };

  if (consulta.isPending)
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Cargando las inscripciones" />
      </Center>
    );
  // Si la lista no carga, Admin igual puede llegar a la cuota de la cooperadora.
  const enlaceCuota = configurarCuota && (
    <Button component={Link} href="/inscripciones/cooperadora" variant="subtle">
      Cuota de la cooperadora
    </Button>
  );
  if (consulta.error)
    return (
      <Stack gap="md">
        <Alert color="red" role="alert">
          {consulta.error.message}
        </Alert>
        {enlaceCuota && <Group>{enlaceCuota}</Group>}
      </Stack>
    );
  const d = consulta.data;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1} size="h2">
          Inscripciones {d.ciclo}
        </Title>
        <Group gap="xs">
          {enlaceCuota}
          <Button
            component="a"
            href={`/api/inscripciones/csv?ciclo=${d.ciclo}${curso ? `&curso=${curso}` : ''}`}
            leftSection={<IconDownload size={16} />}
            variant="light"
          >
            Exportar CSV
          </Button>
          <Exportar lista="inscripciones" parametros={{ ciclo: d.ciclo, curso, filtro }} />
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Paper withBorder p="sm">
          <Text size="xs" c="dimmed">
            Inscriptos
          </Text>
          <Text fw={700} size="xl" data-testid="total-inscriptos">
            {d.inscriptos}
          </Text>
        </Paper>
        <Paper withBorder p="sm">
          <Text size="xs" c="dimmed">
            Sin inscripción
          </Text>
          <Text
            fw={700}
            size="xl"
            c={d.faltantes ? 'var(--mantine-color-error)' : undefined}
            data-testid="total-faltantes"
          >
            {d.faltantes}
          </Text>
        </Paper>
      </SimpleGrid>
      <Group grow wrap="wrap" align="flex-end">
        <SelectBuscable
          etiqueta="Curso"
          placeholder="Todos los cursos"
          limpiable
          opciones={cursos.map((c) => ({
            value: String(c.orden),
            label: `${c.nombre} (${c.inscriptos}/${c.inscriptos + c.faltantes})`,
          }))}
          valor={curso}
          onCambiar={setCurso}
        />
        <NativeSelect
          label="Mostrar"
          data={FILTROS}
          value={filtro}
          onChange={(e) => setFiltro(e.currentTarget.value as Filtro)}
        />
      </Group>
      {visibles.length === 0 && <Text c="dimmed">Sin resultados</Text>}
      {visibles.map((c) => (
        <Paper key={c.orden} withBorder p="sm" component="section" aria-label={c.nombre}>
          <Group justify="space-between" mb="xs">
            <Title order={2} size="h4">
              {c.nombre}
            </Title>
            <Text size="sm" c="dimmed">
              {cantidad(c.inscriptos, 'inscripto', 'inscriptos')} · {c.faltantes} sin inscripción
            </Text>
          </Group>
          <DesplazarTabla minWidth={640}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Estudiante</Table.Th>
                  <Table.Th>DNI</Table.Th>
                  <Table.Th>Estado</Table.Th>
                  <Table.Th>Enviada</Table.Th>
                  <Table.Th>Comprobante</Table.Th>
                  <Table.Th>Revisión</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {c.alumnos.map((a) => {
                  const i = a.inscripcion;
                  const nombre = `${a.apellido}, ${a.nombre}`;
                  return (
                    <Table.Tr key={a.orden}>
                      <Table.Td>
                        <Anchor href={`/legajo/${a.orden}`} size="sm">
                          {nombre}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{a.dni}</Table.Td>
                      <Table.Td>
                        {i ? (
                          <Badge color={COLOR_ESTADO_INSCRIPCION[i.estado]}>
                            {ETIQUETA_ESTADO_INSCRIPCION[i.estado]}
                          </Badge>
                        ) : (
                          <Badge color="gray" variant="outline">
                            Sin inscripción
                          </Badge>
                        )}
                        {i?.observacion && (
                          <Text size="xs" c="var(--mantine-color-error)">
                            {i.observacion}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{i ? FECHA.format(new Date(i.creado)) : '—'}</Table.Td>
                      <Table.Td>
                        {i ? (
                          <Anchor href={`/api/inscripciones/${i.orden}/comprobante`} size="sm">
                            {i.comprobante === 'application/pdf' ? 'PDF' : 'Imagen'}
                          </Anchor>
                        ) : (
                          '—'
                        )}
                      </Table.Td>
                      <Table.Td>
                        {i && (
                          <Group gap={4} wrap="nowrap">
                            <Button
                              size="compact-xs"
                              color="teal.9"
                              variant={i.estado === 'verificada' ? 'filled' : 'default'}
                              aria-pressed={i.estado === 'verificada'}
                              onClick={() => marcar(i.orden, 'verificada')}
                              aria-label={`Verificar la inscripción de ${nombre}`}
                            >
                              Verificar
                            </Button>
                            <Button
                              size="compact-xs"
                              color="red.9"
                              variant={i.estado === 'observada' ? 'filled' : 'default'}
                              aria-pressed={i.estado === 'observada'}
                              onClick={() => {
                                setObservacion(i.observacion ?? '');
                                setObservando({ orden: i.orden, nombre });
                              }}
                              aria-label={`Observar la inscripción de ${nombre}`}
                            >
                              Observar
                            </Button>
                          </Group>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </DesplazarTabla>
        </Paper>
      ))}
      <Dialogo
        abierto={observando !== null}
        onCerrar={() => setObservando(null)}
        titulo={observando ? `Observar la inscripción de ${observando.nombre}` : ''}
      >
        <Stack>
          <Textarea
            label="Observación para la familia"
            autosize
            minRows={2}
            maxLength={500}
            value={observacion}
            onChange={(e) => setObservacion(e.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setObservando(null)}>
              Cancelar
            </Button>
            <Button
              color="red"
              loading={revisar.isPending}
              disabled={!observacion.trim()}
              onClick={async () => {
                if (observando && (await marcar(observando.orden, 'observada', observacion.trim())))
                  setObservando(null);
              }}
            >
              Guardar observación
            </Button>
          </Group>
        </Stack>
      </Dialogo>
    </Stack>
  );
}
