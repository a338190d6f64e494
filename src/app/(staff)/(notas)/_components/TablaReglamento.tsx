import {
  Paper,
  Table,
  TableTbody,
  TableTd,
  TableTh,
  TableThead,
  TableTr,
  Text,
  Title,
} from '@mantine/core';
import { TABLA_REGLAMENTO, textoRango } from '@/domain/notas';
import { DesplazarTabla } from '@/components/ui/DesplazarTabla';

/**
 * El reglamento de evaluación (spec 02 §2, §9): lo que se ve en /notas sin cursado elegido.
 * Para cada nota del 1° cuatrimestre, qué notas del 2° van a Marzo y cuáles a Diciembre.
 */
export function TablaReglamento() {
  return (
    <Paper withBorder p="md" radius="md" maw={560}>
      <Title order={2} size="h4" id="titulo-reglamento">
        Reglamento de evaluación
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Condición según la nota del 1° cuatrimestre y la del 2° cuatrimestre.
      </Text>
      {/* En el teléfono la tabla se desplaza dentro de su recuadro, no la página entera. */}
      <DesplazarTabla minWidth={380}>
        <Table withTableBorder withColumnBorders aria-labelledby="titulo-reglamento">
          <TableThead>
            <TableTr>
              <TableTh>Nota 1° cuatrimestre</TableTh>
              <TableTh>Marzo (nota 2° cuatrimestre)</TableTh>
              <TableTh>Diciembre (nota 2° cuatrimestre)</TableTh>
            </TableTr>
          </TableThead>
          <TableTbody>
            {TABLA_REGLAMENTO.map((f) => (
              <TableTr key={f.primera.join('-')}>
                <TableTd fw={600}>{textoRango(f.primera)}</TableTd>
                <TableTd>{textoRango(f.marzo) || '—'}</TableTd>
                <TableTd>{textoRango(f.diciembre) || '—'}</TableTd>
              </TableTr>
            ))}
          </TableTbody>
        </Table>
      </DesplazarTabla>
    </Paper>
  );
}
