'use client';
import {
  Alert,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { avisar } from '@/components/ui/avisos';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useState } from 'react';
import {
  COLOR_REINCORPORACION,
  ERROR_REINCORPORAR,
  MENSAJE_CANTIDAD_REINCORPORACION as MENSAJE_CANTIDAD,
  cantidadReincorporacionValida,
  textoReincorporacion,
} from '@/domain/asistencias';
import { leerDecimal } from '@/domain/numeros';
import { cantidad as conUnidad, fechaLegible, numero } from '@/domain/texto';
import { ListaYDetalle, useIrAlDetalle } from '@/components/listas/ListaYDetalle';
import { PanelListaBuscable } from '@/components/listas/ListaBuscable';
import type { Opcion } from '@/domain/opciones';
import { api } from '@/trpc/react';
import { TotalAsistencias } from '@/app/(staff)/(asistencias)/_components/TotalAsistencias';

/** El mensaje del servidor sin el prefijo del catálogo (que ya va como título). */
function detalleDelError(e: unknown): string {
  const x = e as { message?: string; data?: { code?: string } | null };
  if (!x?.data?.code || !x.message)
    return 'No se pudo conectar con el servidor. Revise la conexión e intente de nuevo.';
  const m = x.message.replace(new RegExp(`^${ERROR_REINCORPORAR}:\\s*`), '');
  return m.charAt(0).toUpperCase() + m.slice(1);
}

/**
 * /reincorporaciones (spec 02 §2, §5, §8): elegir un alumno, ver su total de inasistencias del
 * año y sus reincorporaciones, y reincorporar una cantidad (un número, mínimo 1). Si falla:
 * 'Error reincorporando alumno'.
 */
export function PantallaReincorporaciones() {
  const [alumno, setAlumno] = useState<Opcion | null>(null);
  const [cantidad, setCantidad] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const telefono = useMediaQuery('(max-width: 62em)');
  const [detalleRef, irAlDetalle] = useIrAlDetalle<HTMLDivElement>(telefono);
  const utils = api.useUtils();
  const id = alumno?.id ?? 0;
  const lista = api.reincorporaciones.listar.useQuery({ alumno: id }, { enabled: !!alumno });
  const asistencias = api.asistencias.delAlumno.useQuery({ alumno: id }, { enabled: !!alumno });
  const reincorporar = api.reincorporaciones.reincorporar.useMutation();

  const enviar = async (ev: React.FormEvent) => {
    ev.preventDefault();
    if (!alumno) return;
    // "1,5" y "1.5" son uno y medio; lo ambiguo se dice junto al campo (issue 32 §1).
    const lectura = leerDecimal(cantidad);
    if (!lectura.ok) {
      setError(lectura.mensaje);
      return;
    }
    const n = lectura.valor;
    if (!cantidadReincorporacionValida(n)) {
      setError(MENSAJE_CANTIDAD.replace(`${ERROR_REINCORPORAR}: la`, 'La'));
      return;
    }
    setError(null);
    try {
      await reincorporar.mutateAsync({ alumno: alumno.id, cantidad: n });
      avisar({
        color: 'green',
        title: 'Alumno reincorporado',
        message: `${n === 1 ? 'Se reincorporó' : 'Se reincorporaron'} ${conUnidad(n, 'inasistencia', 'inasistencias')} a ${alumno.etiqueta}.`,
      });
      await Promise.all([
        utils.reincorporaciones.listar.invalidate({ alumno: alumno.id }),
        utils.asistencias.delAlumno.invalidate({ alumno: alumno.id }),
      ]);
    } catch (e) {
      avisar({ color: 'red', title: ERROR_REINCORPORAR, message: detalleDelError(e) });
    }
  };

  let contenido: React.ReactNode;
  if (!alumno) {
    contenido = (
      <Text c="dimmed" data-testid="estado-vacio">
        Seleccione un alumno
      </Text>
    );
  } else {
    // El total del personal: con las entradas de hoy (CorteAsistencia 'hoy').
    const resumen = asistencias.data?.resumenConHoy;
    contenido = (
      <Stack gap="md">
        <Title order={2} size="h4">
          {alumno.etiqueta}
        </Title>
        <Group gap="sm" wrap="wrap" aria-label="Inasistencias del año">
          <Text size="sm">Inasistencias:</Text>
          {asistencias.isPending ? (
            <Skeleton height={20} width={160} />
          ) : asistencias.isError ? (
            <Text size="sm" c="red.8">
              {asistencias.error.message}
            </Text>
          ) : resumen ? (
            <TotalAsistencias
              textoTotal={resumen.textoTotal}
              etiqueta={resumen.etiqueta}
              color={resumen.color}
            />
          ) : null}
        </Group>

        <form onSubmit={enviar} noValidate>
          <Group align="flex-start" gap="sm" wrap="wrap">
            {/* Texto y no NumberInput: éste descartaba el punto insertado de una vez ("1.5" → 15). */}
            <TextInput
              label="Cantidad"
              description="Inasistencias a reincorporar (mínimo 1)"
              inputMode="decimal"
              autoComplete="off"
              maxLength={10}
              value={cantidad}
              onChange={(e) => {
                setCantidad(e.currentTarget.value);
                setError(null);
              }}
              error={error}
              w={{ base: '100%', xs: 260 }}
            />
            <Button
              type="submit"
              mt={{ base: 0, xs: 46 }}
              leftSection={<IconArrowBackUp size={18} />}
              loading={reincorporar.isPending}
            >
              Reincorporar
            </Button>
          </Group>
        </form>

        <Stack gap="xs">
          <Title order={3} size="h5">
            Reincorporaciones {lista.data?.anio ?? ''}
          </Title>
          {lista.isPending ? (
            <Skeleton height={40} />
          ) : lista.isError ? (
            <Alert color="red" role="alert">
              {lista.error.message}
            </Alert>
          ) : lista.data.items.length === 0 ? (
            <Text c="dimmed" size="sm" data-testid="sin-reincorporaciones">
              Sin resultados
            </Text>
          ) : (
            <>
              <Stack
                component="ul"
                gap={6}
                p={0}
                m={0}
                aria-label="Reincorporaciones"
                style={{ listStyle: 'none' }}
              >
                {lista.data.items.map((r) => (
                  <Paper
                    component="li"
                    key={r.orden}
                    withBorder
                    px="sm"
                    py={6}
                    bg="green.0"
                    data-testid="reincorporacion"
                  >
                    <Group justify="space-between" wrap="nowrap">
                      <Text size="sm">{fechaLegible(r.fecha)}</Text>
                      <Text fw={700} c={`${COLOR_REINCORPORACION}.9`}>
                        {textoReincorporacion(r.cantidad)}
                      </Text>
                    </Group>
                  </Paper>
                ))}
              </Stack>
              <Text size="sm" fw={600} data-testid="total-reincorporado">
                Total reincorporado: {numero(lista.data.total ?? 0)}
              </Text>
            </>
          )}
        </Stack>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Reincorporaciones
      </Title>
      <ListaYDetalle
        listaAncha
        detalleRef={detalleRef}
        lista={
          <PanelListaBuscable
            fuente="alumnos"
            etiqueta="Alumnos"
            seleccionado={alumno?.id ?? null}
            alto={telefono ? 240 : 520}
            onElegir={(o) => {
              setAlumno(o);
              setError(null);
              setCantidad('1');
              irAlDetalle();
            }}
          />
        }
      >
        {contenido}
      </ListaYDetalle>
    </Stack>
  );
}
