'use client';
import {
  Alert,
  Button,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  TableTbody,
  TableTd,
  TableTh,
  TableThead,
  TableTr,
  Text,
  Title,
} from '@mantine/core';
import { avisar } from '@/components/ui/avisos';
import { IconArrowBigUpLines } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmar } from '@/components/ui/confirmar';
import { useEstadoCompartido } from '@/components/marco/EstadoCompartido';
import { api } from '@/trpc/react';
import { mensajeDe, type ResumenPromocion } from './tipos';
import { DesplazarTabla } from '@/components/ui/DesplazarTabla';

const BOTON = 'Promover estudiantes de curso y autoinscribir';

const MOTIVO = {
  paraAsignar: 'Lo asigna Alumnado (especialidad o división a elegir)',
  sinCurso: 'No existe el curso siguiente',
} as const;

/**
 * "Promover estudiantes de curso y autoinscribir" (spec 01 §2), visible sin alumno elegido en
 * /alumnos-privileged: pide confirmación, promueve a todo el ciclo en una transacción
 * (cursos.promover) y muestra el resumen que devuelve.
 */
export function Promocion() {
  const { ciclo } = useEstadoCompartido();
  const utils = api.useUtils();
  const promover = api.cursos.promover.useMutation();
  const [resumen, setResumen] = useState<ResumenPromocion | null>(null);

  const pedir = async () => {
    const ok = await confirmar({
      titulo: `¿${BOTON}?`,
      mensaje: `Cada alumno habilitado con curso en ${ciclo} pasa al curso del año siguiente en el ciclo ${ciclo + 1} y se inscribe en los cursados de ese curso. Quien ya tiene curso en ${ciclo + 1} no cambia.`,
      confirmar: 'Promover',
    });
    if (!ok) return;
    try {
      setResumen(await promover.mutateAsync());
      void utils.invalidate();
    } catch (e) {
      avisar({ color: 'red', title: 'No se pudo promover', message: mensajeDe(e) });
    }
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="titulo-promocion">
      <Stack gap="sm">
        <Title order={2} size="h4" id="titulo-promocion">
          Promoción anual
        </Title>
        <Text size="sm" c="dimmed">
          Pasa a todos los alumnos del ciclo {ciclo} al curso siguiente del ciclo {ciclo + 1} y los
          inscribe en los cursados de ese curso, en una sola operación.
        </Text>
        <Button
          leftSection={<IconArrowBigUpLines size={18} />}
          onClick={() => void pedir()}
          loading={promover.isPending}
          style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
          styles={{ label: { whiteSpace: 'normal' }, root: { height: 'auto', minHeight: 36 } }}
        >
          {BOTON}
        </Button>
        {resumen && <Resumen resumen={resumen} />}
      </Stack>
    </Paper>
  );
}

function Resumen({ resumen: r }: { resumen: ResumenPromocion }) {
  const filas: [string, number][] = [
    ['Promovidos', r.promovidos],
    ['Ya tenían curso', r.yaAsignados],
    ['Egresados', r.egresados],
    ['Para asignar por Alumnado', r.paraAsignar],
    ['Sin curso siguiente', r.sinCurso],
    ['No habilitados', r.noHabilitados],
    ['Inscripciones creadas', r.inscripciones],
  ];
  return (
    <Alert
      color="green"
      title={`Promoción ${r.ciclo} → ${r.cicloSiguiente}`}
      data-testid="resumen-promocion"
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={4} verticalSpacing={4}>
          {filas.map(([etiqueta, n]) => (
            <Text key={etiqueta} size="sm" data-testid={`resumen-${etiqueta}`}>
              {etiqueta}: <strong>{n}</strong>
            </Text>
          ))}
        </SimpleGrid>
        {r.pendientes.length > 0 && (
          <>
            <Text size="sm" fw={600}>
              Alumnos a asignar a mano ({r.pendientes.length})
            </Text>
            <DesplazarTabla minWidth={320} maxHeight={260}>
              <Table striped withTableBorder fz="sm">
                <TableThead>
                  <TableTr>
                    <TableTh>Alumno</TableTh>
                    <TableTh>Curso {r.ciclo}</TableTh>
                    <TableTh>Motivo</TableTh>
                  </TableTr>
                </TableThead>
                <TableTbody>
                  {r.pendientes.map((p) => (
                    <TableTr key={p.orden}>
                      <TableTd>
                        {p.apellido}, {p.nombre}
                      </TableTd>
                      <TableTd>{p.curso}</TableTd>
                      <TableTd>{MOTIVO[p.motivo]}</TableTd>
                    </TableTr>
                  ))}
                </TableTbody>
              </Table>
            </DesplazarTabla>
          </>
        )}
        {r.pendientes.length === 0 && (
          <List size="sm">
            <List.Item>No quedan alumnos para asignar a mano.</List.Item>
          </List>
        )}
      </Stack>
    </Alert>
  );
}
