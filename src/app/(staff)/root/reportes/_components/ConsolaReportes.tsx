'use client';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Stack,
  Table,
  TableScrollContainer,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import Link from 'next/link';
import { useState, type KeyboardEvent } from 'react';
import { descargarTexto } from '@/components/ui/descargas';
import { archivoCsv } from '@/domain/csv';
import { MAX_FILAS_REPORTE, MAX_LARGO_CONSULTA, TIEMPO_MAXIMO_REPORTE_MS } from '@/domain/root';
import { api } from '@/trpc/react';

/** Descarga el resultado como CSV (separador ';', UTF-8 con BOM: lo abre una planilla en es-AR). */
const descargarCsv = (columnas: string[], filas: (string | null)[][]) =>
  descargarTexto('reporte.csv', archivoCsv(columnas, filas));

/** `apagada`: por qué la consola no está disponible (PGlite o sin configurar), o null. */
export function ConsolaReportes({ apagada }: { apagada: string | null }) {
  const [sql, setSql] = useState('');
  const ejecutar = api.root.reportes.useMutation();
  const resultado = ejecutar.data;

  const correr = () => {
    if (sql.trim() && !ejecutar.isPending) ejecutar.mutate({ sql });
  };
  const alTeclear = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') {
      e.preventDefault();
      correr();
    }
  };

  const cabecera = (
    <Group justify="space-between" align="baseline">
      <Title order={1} size="h2">
        Reportes SQL
      </Title>
      <Anchor component={Link} href="/root/log" size="sm">
        Ver el registro
      </Anchor>
    </Group>
  );
  if (apagada)
    return (
      <Stack p="md" gap="sm">
        {cabecera}
        <Alert color="yellow" role="status">
          <Text fw={700} size="sm" mb={4}>
            La consola de reportes está apagada
          </Text>
          <Text size="sm">{apagada}</Text>
        </Alert>
      </Stack>
    );

  return (
    <Stack p="md" gap="sm">
      {cabecera}
      <Text size="sm" c="dimmed">
        Una sola consulta de lectura (SELECT, WITH, VALUES o TABLE): no cambia nada ni muestra
        secretos. Hasta {MAX_FILAS_REPORTE} filas y {TIEMPO_MAXIMO_REPORTE_MS / 1000} segundos.
        Ctrl+Enter ejecuta. Cada consulta queda en la auditoría.
      </Text>
      <Textarea
        label="Consulta"
        value={sql}
        onChange={(e) => setSql(e.currentTarget.value)}
        onKeyDown={alTeclear}
        autosize
        minRows={5}
        maxRows={16}
        maxLength={MAX_LARGO_CONSULTA}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        placeholder="select curso, count(*) from alumnos_cursos group by curso"
      />
      <Group>
        <Button onClick={correr} loading={ejecutar.isPending} disabled={!sql.trim()}>
          Ejecutar
        </Button>
        {resultado && resultado.columnas.length > 0 && (
          <Button
            variant="default"
            onClick={() => descargarCsv(resultado.columnas, resultado.filas)}
          >
            Descargar CSV
          </Button>
        )}
      </Group>
      {ejecutar.error && (
        <Alert color="red" role="alert" title="La consulta no se ejecutó">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {ejecutar.error.message}
          </Text>
        </Alert>
      )}
      {resultado && (
        <>
          <Text size="sm" role="status">
            {resultado.filas.length === 1 ? '1 fila' : `${resultado.filas.length} filas`}
            {resultado.truncado &&
              `: se muestran las primeras ${MAX_FILAS_REPORTE}, la consulta devuelve más.`}
          </Text>
          {resultado.columnas.length > 0 && (
            <TableScrollContainer minWidth={Math.min(200 * resultado.columnas.length, 1200)}>
              <Table striped withTableBorder withColumnBorders fz="sm" aria-label="Resultado">
                <Table.Thead>
                  <Table.Tr>
                    {resultado.columnas.map((c, i) => (
                      <Table.Th key={i}>{c}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {resultado.filas.map((fila, i) => (
                    <Table.Tr key={i}>
                      {fila.map((v, j) => (
                        <Table.Td key={j} style={{ whiteSpace: 'pre-wrap' }}>
                          {v ?? (
                            <Text span size="sm" c="dimmed" fs="italic">
                              NULL
                            </Text>
                          )}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScrollContainer>
          )}
        </>
      )}
    </Stack>
  );
}
