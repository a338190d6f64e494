'use client';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import Link from 'next/link';
import { useState } from 'react';
import { enlaceAdjunto, NO_SE_BORRA } from '@/domain/comunicados';
import { EstadoEnvio } from '@/components/avisos/EstadoEnvio';
import { CopiarEmails } from '@/components/emails/CopiarEmails';
import { Imprimir } from '@/components/impresion/Imprimir';
import { avisar } from '@/components/ui/avisos';
import { DesplazarTabla } from '@/components/ui/DesplazarTabla';
import { api } from '@/trpc/react';
import { CamposComunicado } from './CamposComunicado';
import { fechaHora } from './formato';

const FILTROS = {
  todas: 'Todas',
  'no-leyeron': 'No leyeron',
  leyeron: 'Leyeron',
  'sin-confirmar': 'Sin confirmar',
} as const;
type Filtro = keyof typeof FILTROS;

/**
 * La vista del autor de un comunicado: el texto (corregir, nunca borrar), y por familia si lo
 * leyó, si confirmó la lectura y cómo va su correo; copiar los emails de quienes no lo leyeron e
 * imprimir la lista.
 */
export function Seguimiento({ id }: { id: number }) {
  const q = api.comunicados.seguimiento.useQuery({ id });
  const utils = api.useUtils();
  const [editando, setEditando] = useState(false);
  const [titulo, setTitulo] = useState('');
  const [texto, setTexto] = useState('');
  const [filtro, setFiltro] = useState<Filtro>('todas');
  const editar = api.comunicados.editar.useMutation({
    onSuccess: async () => {
      avisar({ color: 'green', message: 'Comunicado corregido: las familias verán «editado».' });
      setEditando(false);
      await Promise.all([
        utils.comunicados.seguimiento.invalidate({ id }),
        utils.comunicados.listar.invalidate(),
      ]);
    },
  });

  if (q.error)
    return (
      <Alert color="red" role="alert">
        {q.error.message}
      </Alert>
    );
  if (!q.data) return <Loader role="status" aria-label="Cargando el comunicado" />;
  const c = q.data;
  const noLeyeron = c.familias.filter((f) => !f.leido);
  const confirmaron = c.familias.filter((f) => f.confirmado).length;
  const visibles = c.familias.filter((f) =>
    filtro === 'no-leyeron'
      ? !f.leido
      : filtro === 'leyeron'
        ? !!f.leido
        : filtro === 'sin-confirmar'
          ? !f.confirmado
          : true,
  );

  return (
    <Stack gap="md" maw={1100}>
      <Anchor component={Link} href="/comunicados" size="sm" className="no-imprimir">
        ← Comunicados
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {c.titulo}
          </Title>
          <Text size="sm" c="dimmed">
            {fechaHora(c.creado)} · Para: {c.audiencia} · De: {c.autor}
          </Text>
        </Stack>
        <Group gap="xs">
          {c.editado && (
            <Badge variant="filled" color="gray.7">
              editado el {fechaHora(c.editado)}
            </Badge>
          )}
          {c.requiereConfirmacion && (
            <Badge variant="filled" color="grape.9">
              Pide confirmación
            </Badge>
          )}
        </Group>
      </Group>

      {editando ? (
        <Paper withBorder p="md" className="no-imprimir">
          <Stack gap="sm">
            <CamposComunicado
              titulo={titulo}
              texto={texto}
              alCambiarTitulo={setTitulo}
              alCambiarTexto={setTexto}
            />
            {editar.error && (
              <Alert color="red" role="alert">
                {editar.error.message}
              </Alert>
            )}
            <Group gap="sm">
              <Button
                loading={editar.isPending}
                onClick={() => editar.mutate({ id, titulo: titulo.trim(), texto: texto.trim() })}
              >
                Guardar la corrección
              </Button>
              <Button variant="default" onClick={() => setEditando(false)}>
                Cancelar
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <Paper withBorder p="md">
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{c.texto}</Text>
          {c.adjunto && (
            <Anchor href={enlaceAdjunto(c.id)} download size="sm" mt="sm" display="inline-block">
              Adjunto: {c.adjunto}
            </Anchor>
          )}
        </Paper>
      )}
      <Group gap="sm" className="no-imprimir">
        {c.esAutor && !editando && (
          <Button
            variant="default"
            onClick={() => {
              setTitulo(c.titulo);
              setTexto(c.texto);
              setEditando(true);
            }}
          >
            Corregir
          </Button>
        )}
        <Text size="xs" c="dimmed">
          {NO_SE_BORRA}
        </Text>
      </Group>

      <Title order={2} size="h3">
        Familias
      </Title>
      <Text size="sm" data-testid="resumen-lectura">
        Lo leyeron {c.familias.length - noLeyeron.length} de {c.familias.length}{' '}
        {c.familias.length === 1 ? 'familia' : 'familias'}
        {c.requiereConfirmacion && `; confirmaron ${confirmaron}`}. Alumnos que lo leyeron:{' '}
        {c.alumnos.leidos} de {c.alumnos.total}.
      </Text>
      <Group gap="md" align="flex-end" className="no-imprimir" wrap="wrap">
        <NativeSelect
          label="Mostrar"
          value={filtro}
          onChange={(e) => setFiltro(e.currentTarget.value as Filtro)}
          data={(Object.keys(FILTROS) as Filtro[]).map((f) => ({ value: f, label: FILTROS[f] }))}
          w={180}
        />
        <CopiarEmails
          emails={noLeyeron.map((f) => f.email)}
          etiqueta="Copiar emails de quienes no leyeron"
        />
        <Imprimir />
      </Group>
      {visibles.length === 0 ? (
        <Text>Ninguna familia en esta lista.</Text>
      ) : (
        <DesplazarTabla minWidth={760}>
          <Table striped aria-label="Lectura por familia">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Familia</Table.Th>
                <Table.Th>Alumnos</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Lectura</Table.Th>
                <Table.Th>Correo</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {visibles.map((f) => (
                <Table.Tr key={f.usuario} data-testid="familia">
                  <Table.Td>
                    {f.apellido}, {f.nombre}
                  </Table.Td>
                  <Table.Td>{f.alumnos.join('; ')}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{f.email}</Table.Td>
                  <Table.Td>
                    {f.confirmado ? (
                      <Badge color="teal.9" variant="filled">
                        Confirmó
                      </Badge>
                    ) : f.leido ? (
                      <Badge color="blue.9" variant="filled">
                        Leído
                      </Badge>
                    ) : (
                      <Badge color="gray.7" variant="filled">
                        No leído
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <EstadoEnvio estado={f.correo} motivo={f.motivo} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </DesplazarTabla>
      )}
    </Stack>
  );
}
