import { Box, Group, Stack, Table, Text, Title } from '@mantine/core';
import { nombreCompleto } from '@/domain/escuela';
import { mostrarResultadoExamen } from '@/domain/notas';
import { cuandoEs, type Salidas } from './comun';

/**
 * El acta en papel (issue 16): título, instancia, fecha, filas numeradas con el resultado (o en
 * blanco para completar a mano) y una línea de firma por integrante del tribunal. Sólo se ve al
 * imprimir.
 */
export function HojaActa({ acta }: { acta: Salidas['acta'] }) {
  return (
    <Box className="solo-imprimir" display="none" data-testid="hoja-acta">
      <Title order={2} size="h3">
        Acta de examen — {acta.materia.nombre}
      </Title>
      <Text size="sm">
        {acta.mesa.instancia} · {cuandoEs(acta.mesa)}
        {acta.mesa.aula ? ` · Aula: ${acta.mesa.aula}` : ''}
        {acta.cerrada ? ' · Acta cerrada' : ''}
      </Text>
      <Table withTableBorder withColumnBorders mt="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>N°</Table.Th>
            <Table.Th>Apellido y nombre</Table.Th>
            <Table.Th>Curso</Table.Th>
            <Table.Th w={90}>Nota</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {acta.alumnos.map((f, i) => (
            <Table.Tr key={f.alumno}>
              <Table.Td>{i + 1}</Table.Td>
              <Table.Td>{nombreCompleto(f)}</Table.Td>
              <Table.Td>
                {f.curso ?? '—'} ({f.ciclo})
              </Table.Td>
              <Table.Td>{mostrarResultadoExamen(f.resultado)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" mt={4}>
        A: ausente · AC: adeuda correlativa
      </Text>
      <Group mt={48} gap={48} align="flex-start">
        {acta.tribunal.map((t) => (
          <Stack key={t.id} gap={2} w={200}>
            <Box style={{ borderTop: '1px solid #000' }} />
            <Text size="sm">{nombreCompleto(t)}</Text>
          </Stack>
        ))}
      </Group>
    </Box>
  );
}
