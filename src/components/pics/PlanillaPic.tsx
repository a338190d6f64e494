'use client';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Stack,
  Table,
  TableScrollContainer,
  TableTbody,
  TableTd,
  TableTh,
  TableThead,
  TableTr,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconLock, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { avisar } from '@/components/ui/avisos';
import { confirmar } from '@/components/ui/confirmar';
import { mensajeDeError } from '@/components/ui/errores';
import { fechaConDia } from '@/components/evaluaciones/fechas';
import { aplicarEntradaNota, AUSENTE, mostrarNota, NOMBRE_CUATRIMESTRE } from '@/domain/notas';
import { CONFIRMAR_CIERRE } from '@/domain/periodos-notas';
import type { ValorPic } from '@/domain/pics';
import { api } from '@/trpc/react';

/** Una PIC: ciclo, materia y cuatrimestre (la clave de sus rutas REST). */
export interface ClavePic {
  anio: number;
  materia: number;
  cuatrimestre: 1 | 2;
}

/**
 * La planilla de notas de la PIC (issue 16 §5): por alumno, la nota de 1 a 10 o "Ausente". Se
 * guarda lo cambiado con lo que mostraba (otra persona lo cambió: 409 y se recarga); "Cerrar
 * planilla" guarda primero y pide confirmación; cerrada o fuera de fechas, sólo lectura. Se imprime.
 */
export function PlanillaPic({
  clave,
  imprimible = true,
}: {
  clave: ClavePic;
  /** En /notas la planilla de la PIC no se imprime (se imprime la de notas). */
  imprimible?: boolean;
}) {
  const utils = api.useUtils();
  const consulta = api.pics.planilla.useQuery(clave);
  const guardarM = api.pics.guardar.useMutation();
  const cerrarM = api.pics.cerrar.useMutation();
  const [cambios, setCambios] = useState<ReadonlyMap<number, ValorPic | null>>(new Map());
  const [error, setError] = useState<string | null>(null);

  if (consulta.isPending) return <Loader size="sm" />;
  if (consulta.error)
    return (
      <Alert color="red" role="alert">
        {mensajeDeError(consulta.error)}
      </Alert>
    );
  const { pic, estado, alumnos } = consulta.data;
  const editable = estado.puedeCargar;
  const valor = (a: (typeof alumnos)[number]) =>
    cambios.has(a.alumnoId) ? cambios.get(a.alumnoId)! : a.guardado;
  const cambiar = (a: (typeof alumnos)[number], v: ValorPic | null) =>
    setCambios((m) => {
      const n = new Map(m);
      if (v === a.guardado) n.delete(a.alumnoId);
      else n.set(a.alumnoId, v);
      return n;
    });
  const recargar = () =>
    Promise.all([utils.pics.planilla.invalidate(clave), utils.pics.delAnio.invalidate()]);

  const guardar = async (): Promise<boolean> => {
    if (!cambios.size) return true;
    setError(null);
    try {
      await guardarM.mutateAsync({
        ...clave,
        cambios: alumnos
          .filter((a) => cambios.has(a.alumnoId))
          .map((a) => ({
            alumno: a.alumnoId,
            nota: cambios.get(a.alumnoId)!,
            anterior: a.guardado,
          })),
      });
      setCambios(new Map());
      await recargar();
      avisar({ color: 'green', message: 'Notas de la PIC guardadas.' });
      return true;
    } catch (e) {
      setError(mensajeDeError(e));
      if ((e as { data?: { code?: string } }).data?.code === 'CONFLICT') await recargar();
      return false;
    }
  };
  const cerrar = async () => {
    if (!(await confirmar({ titulo: CONFIRMAR_CIERRE, confirmar: 'Cerrar la planilla' }))) return;
    if (!(await guardar())) return;
    try {
      await cerrarM.mutateAsync(clave);
      await recargar();
      avisar({ color: 'green', message: 'La planilla de la PIC quedó cerrada.' });
    } catch (e) {
      setError(mensajeDeError(e));
    }
  };

  const titulo = `PIC de ${pic.materia.nombre} - ${NOMBRE_CUATRIMESTRE[pic.cuatrimestre]} - ${pic.anio}`;
  return (
    <Stack gap="sm" data-testid="planilla-pic">
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h6">
          Planilla de notas · {fechaConDia(pic.comienzo.fecha)}, {pic.comienzo.hora}
          {pic.aula ? ` · Aula ${pic.aula}` : ''}
        </Title>
        <Badge
          color={
            // Tonos oscuros: el texto blanco del distintivo con contraste AA.
            estado.fase === 'abierta' ? 'teal.9' : estado.fase === 'vencida' ? 'red.9' : 'gray.7'
          }
          leftSection={estado.cerrada ? <IconLock size={12} aria-hidden /> : undefined}
          data-testid="estado-planilla-pic"
        >
          {estado.texto}
        </Badge>
      </Group>
      {estado.motivo && !estado.cerrada && (
        <Text size="sm" c="dimmed">
          {estado.motivo}
        </Text>
      )}
      {alumnos.length === 0 ? (
        <Text c="dimmed" size="sm">
          Sin resultados
        </Text>
      ) : (
        <TableScrollContainer minWidth={340} type="native">
          <Table striped aria-label={titulo}>
            <TableThead>
              <TableTr>
                <TableTh>Alumno</TableTh>
                <TableTh ta="center">Cuatr.</TableTh>
                <TableTh ta="center">Nota de la PIC</TableTh>
              </TableTr>
            </TableThead>
            <TableTbody>
              {alumnos.map((a) => {
                const nombre = `${a.apellido}, ${a.nombre}`;
                const v = valor(a);
                return (
                  <TableTr key={a.alumnoId} data-cambiado={cambios.has(a.alumnoId) || undefined}>
                    <TableTd>
                      <Text size="sm">{nombre}</Text>
                      <Text size="xs" c="dimmed">
                        {a.curso}
                      </Text>
                    </TableTd>
                    <TableTd ta="center">
                      {a.notaCuatrimestre == null ? '-' : mostrarNota(a.notaCuatrimestre)}
                    </TableTd>
                    <TableTd>
                      {editable ? (
                        <Group gap={6} wrap="nowrap" justify="center">
                          <TextInput
                            aria-label={`Nota de la PIC: ${nombre}`}
                            w={56}
                            size="xs"
                            inputMode="numeric"
                            maxLength={2}
                            disabled={v === AUSENTE}
                            value={typeof v === 'number' ? String(v) : ''}
                            onChange={(e) =>
                              cambiar(a, aplicarEntradaNota(e.currentTarget.value, v))
                            }
                          />
                          <Checkbox
                            size="xs"
                            label="Ausente"
                            aria-label={`Ausente: ${nombre}`}
                            checked={v === AUSENTE}
                            onChange={(e) => cambiar(a, e.currentTarget.checked ? AUSENTE : null)}
                          />
                        </Group>
                      ) : (
                        <Text ta="center" size="sm" data-testid="nota-pic">
                          {v == null ? '-' : mostrarNota(v)}
                        </Text>
                      )}
                    </TableTd>
                  </TableTr>
                );
              })}
            </TableTbody>
          </Table>
        </TableScrollContainer>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group gap="xs" className="no-imprimir">
        {editable && (
          <Button
            onClick={() => void guardar()}
            loading={guardarM.isPending}
            disabled={!cambios.size}
          >
            {guardarM.isPending ? 'Guardando…' : 'Guardar'}
          </Button>
        )}
        {estado.puedeCerrar && (
          <Button variant="default" onClick={() => void cerrar()} loading={cerrarM.isPending}>
            Cerrar planilla
          </Button>
        )}
        {imprimible && (
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} />}
            onClick={() => {
              const anterior = document.title;
              document.title = titulo;
              window.addEventListener('afterprint', () => (document.title = anterior), {
                once: true,
              });
              window.print();
            }}
          >
            Imprimir
          </Button>
        )}
      </Group>
    </Stack>
  );
}
