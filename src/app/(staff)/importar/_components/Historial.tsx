'use client';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import { numero } from '@/domain/texto';
import type { FilaHistorial } from './tipos';
import css from './importar.module.css';

const FORMATO = new Intl.DateTimeFormat('es-AR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'America/Argentina/Cordoba',
});

const ESTADO: Record<FilaHistorial['estado'], { texto: string; color: string }> = {
  subida: { texto: 'Sin aplicar', color: 'gray.7' },
  aplicada: { texto: 'Aplicada', color: 'teal.9' },
  deshecha: { texto: 'Deshecha', color: 'violet.8' },
};

/** "3 creados · 2 actualizados · 1 omitido". */
function resumen(c: FilaHistorial['cuentas']): string {
  if (!c) return '—';
  return [
    `${numero(c.crear)} ${c.crear === 1 ? 'creado' : 'creados'}`,
    `${numero(c.actualizar)} ${c.actualizar === 1 ? 'actualizado' : 'actualizados'}`,
    `${numero(c.sinCambios)} sin cambios`,
    `${numero(c.omitir)} ${c.omitir === 1 ? 'omitido' : 'omitidos'}`,
  ].join(' · ');
}

/**
 * Las importaciones anteriores (quién, cuándo, archivo, cuentas y estado), la más reciente
 * primero, con "Deshacer" en la última aplicada si todavía se puede y el informe de las aplicadas.
 */
export function Historial({
  filas,
  cargando,
  error,
  alDeshacer,
  deshaciendo,
  errorDeshacer,
}: {
  filas: readonly FilaHistorial[] | undefined;
  cargando: boolean;
  error: string | null;
  alDeshacer: (fila: FilaHistorial) => void;
  deshaciendo: number | null;
  errorDeshacer: string | null;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="importar-historial">
      <Stack gap="sm">
        <Text component="h2" fw={700} size="lg" id="importar-historial" m={0}>
          Importaciones anteriores
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {errorDeshacer && (
          <Alert color="red" role="alert" title="No se puede deshacer">
            {errorDeshacer}
          </Alert>
        )}
        {cargando && !filas ? (
          <Text c="dimmed" size="sm">
            Cargando…
          </Text>
        ) : !filas?.length ? (
          !error && (
            <Text c="dimmed" data-testid="sin-importaciones">
              Todavía no hay importaciones.
            </Text>
          )
        ) : (
          <div
            className={css.desplazar}
            style={{ '--ancho-minimo': '720px' } as CSSProperties}
            tabIndex={0}
            role="region"
            aria-label="Tabla de importaciones anteriores"
          >
            <Table striped aria-label="Importaciones" data-testid="tabla-historial">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Fecha</Table.Th>
                  <Table.Th scope="col">Quién</Table.Th>
                  <Table.Th scope="col">Archivo</Table.Th>
                  <Table.Th scope="col">Resultado</Table.Th>
                  <Table.Th scope="col">Estado</Table.Th>
                  <Table.Th scope="col">
                    <span className="solo-lector">Acciones</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {filas.map((f) => (
                  <Table.Tr key={f.id} data-importacion={f.id} data-estado={f.estado}>
                    <Table.Td>{FORMATO.format(new Date(f.creado))}</Table.Td>
                    <Table.Td>{f.usuario}</Table.Td>
                    <Table.Td>{f.nombre}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{f.estado === 'subida' ? '—' : resumen(f.cuentas)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={ESTADO[f.estado].color} variant="outline" tt="none">
                        {ESTADO[f.estado].texto}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        {f.estado !== 'subida' && (
                          <Anchor
                            size="sm"
                            href={`/api/importar/${f.id}/informe?formato=xlsx`}
                            download
                            aria-label={`Informe de ${f.nombre} (Excel)`}
                          >
                            Informe
                          </Anchor>
                        )}
                        {f.puedeDeshacer && (
                          <Button
                            size="xs"
                            variant="outline"
                            color="red.9"
                            loading={deshaciendo === f.id}
                            disabled={deshaciendo != null}
                            onClick={() => alDeshacer(f)}
                          >
                            Deshacer
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
      </Stack>
    </Paper>
  );
}
