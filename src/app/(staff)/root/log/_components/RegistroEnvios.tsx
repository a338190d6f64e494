'use client';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { NOMBRE_CATEGORIA, type Categoria } from '@/domain/avisos';
import { EstadoEnvio } from '@/components/avisos/EstadoEnvio';
import { DesplazarTabla } from '@/components/ui/DesplazarTabla';
import { api } from '@/trpc/react';

const FORMATO = new Intl.DateTimeFormat('es-AR', {
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

const ESTADOS = {
  todos: 'Todos',
  pendiente: 'Pendientes',
  enviado: 'Enviados',
  fallido: 'Fallidos',
  rebotado: 'Rebotados',
} as const;
type Estado = keyof typeof ESTADOS;

/**
 * El registro de envíos (issue 35 §5): cada correo de los avisos y de los comunicados, el más nuevo
 * primero, con su estado (pendiente, enviado, fallido o rebotado con el motivo) y si ya lo leyeron
 * en el portal; de a 50 y por estado. Una dirección que rebotó 3 veces en 30 días se marca.
 */
export function RegistroEnvios() {
  const [estado, setEstado] = useState<Estado>('todos');
  const [posicion, setPosicion] = useState(0);
  const q = api.comunicados.envios.useQuery(
    { estado, posicion },
    { placeholderData: (anterior) => anterior },
  );
  const datos = q.data;
  return (
    <Stack gap="sm" p="md" component="section" aria-labelledby="titulo-envios">
      <Title order={2} size="h3" id="titulo-envios">
        Envíos de correo
      </Title>
      <Group align="end" justify="space-between">
        <NativeSelect
          label="Estado"
          value={estado}
          onChange={(e) => {
            setEstado(e.currentTarget.value as Estado);
            setPosicion(0);
          }}
          data={(Object.keys(ESTADOS) as Estado[]).map((e) => ({ value: e, label: ESTADOS[e] }))}
          w={160}
        />
        <Text size="xs" c="dimmed">
          Los correos de los avisos y de los comunicados, los más recientes primero (de a 50).
        </Text>
      </Group>
      {q.error && (
        <Alert color="red" role="alert">
          {q.error.message}
        </Alert>
      )}
      {!datos && !q.error && <Loader role="status" aria-label="Cargando los envíos" />}
      {datos && datos.items.length === 0 && <Text>No hay envíos con ese estado.</Text>}
      {datos && datos.items.length > 0 && (
        <DesplazarTabla minWidth={860}>
          <Table striped aria-label="Envíos de correo">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Destinatario</Table.Th>
                <Table.Th>Tipo</Table.Th>
                <Table.Th>Asunto</Table.Th>
                <Table.Th>Estado</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {datos.items.map((e) => (
                <Table.Tr key={e.id} data-testid="envio">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{FORMATO.format(e.creado)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {e.destinatario ? `${e.destinatario} · ` : ''}
                    {e.email}
                    {e.muchosRebotes && (
                      <Text size="xs" c="grape.9" fw={700}>
                        {`Esta dirección rebotó ${e.rebotes} veces en 30 días: pida otra a la familia.`}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {e.tipo}
                    {e.categoria &&
                      ` · ${NOMBRE_CATEGORIA[e.categoria as Categoria] ?? e.categoria}`}
                  </Table.Td>
                  <Table.Td>{e.asunto}</Table.Td>
                  <Table.Td>
                    <EstadoEnvio estado={e.estado} motivo={e.motivo}>
                      {e.leido && (
                        <Badge color="blue.9" variant="filled">
                          leído
                        </Badge>
                      )}
                    </EstadoEnvio>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </DesplazarTabla>
      )}
      {datos && (posicion > 0 || datos.siguiente != null) && (
        <Group gap="sm">
          <Button
            variant="default"
            size="xs"
            disabled={posicion === 0}
            onClick={() => setPosicion(Math.max(0, posicion - 50))}
          >
            Anteriores
          </Button>
          <Button
            variant="default"
            size="xs"
            disabled={datos.siguiente == null}
            onClick={() => datos.siguiente != null && setPosicion(datos.siguiente)}
          >
            Siguientes
          </Button>
        </Group>
      )}
    </Stack>
  );
}
