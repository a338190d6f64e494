'use client';
import { Alert, Anchor, Badge, Group, Loader, Table, Text } from '@mantine/core';
import Link from 'next/link';
import { DesplazarTabla } from '@/components/ui/DesplazarTabla';
import { api } from '@/trpc/react';
import { fechaHora } from './formato';

/** La lista de comunicados de quien escribe, con las cuentas de lectura por familia. */
export function ListaComunicados() {
  const q = api.comunicados.listar.useQuery();
  if (q.error)
    return (
      <Alert color="red" role="alert">
        {q.error.message}
      </Alert>
    );
  if (!q.data) return <Loader role="status" aria-label="Cargando los comunicados" />;
  if (q.data.length === 0) return <Text>Todavía no hay comunicados.</Text>;
  return (
    <DesplazarTabla minWidth={720}>
      <Table striped aria-label="Comunicados">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Fecha</Table.Th>
            <Table.Th>Título</Table.Th>
            <Table.Th>Para</Table.Th>
            <Table.Th>Autor</Table.Th>
            <Table.Th>Leído por</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {q.data.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{fechaHora(c.creado)}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="wrap">
                  <Anchor component={Link} href={`/comunicados/${c.id}`}>
                    {c.titulo}
                  </Anchor>
                  {c.editado && (
                    <Badge size="xs" variant="filled" color="gray.7">
                      editado
                    </Badge>
                  )}
                  {c.requiereConfirmacion && (
                    <Badge size="xs" variant="filled" color="grape.9">
                      Pide confirmación
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{c.audiencia}</Table.Td>
              <Table.Td>{c.autor}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {c.leidos} de {c.familias} {c.familias === 1 ? 'familia' : 'familias'}
                {c.requiereConfirmacion && ` · ${c.confirmados} confirmaron`}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </DesplazarTabla>
  );
}
