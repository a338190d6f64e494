'use client';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconX } from '@tabler/icons-react';
import { createContext, useContext, type ReactNode } from 'react';
import { avisar } from '@/components/ui/avisos';
import { useHidratado } from '@/components/campos/Campo';
import { confirmar } from '@/components/ui/confirmar';
import { mensajeDeError } from '@/components/ui/errores';
import { NO_HAY_EVALUACIONES_RESERVADAS } from '@/domain/evaluaciones';
import { api } from '@/trpc/react';
import type { Salidas } from './comun';
import { fechaLarga } from './ruta';
import { cantidad } from '@/domain/texto';

export type Disponibles = Salidas['evaluaciones']['disponibles'];
type Lugar = Disponibles['lugares'][number];

interface Contexto {
  datos: Disponibles;
  reservar: (fecha: string) => Promise<void>;
  cancelar: (lugar: Lugar) => Promise<void>;
  /** La fecha que se está reservando o cancelando (sus botones esperan). */
  ocupado: string | null;
}
const ContextoEvaluaciones = createContext<Contexto | null>(null);

/**
 * Las evaluaciones del cursado en la pestaña Clases (spec 01 §2 Evaluations, §4; issue 14 §8):
 * los lugares (clases futuras) con su estado, leídos de `evaluaciones.disponibles` (el servidor
 * los trae con la página) y vueltos a leer tras reservar o cancelar. Un 409 (otro docente tomó el
 * lugar o la semana se llenó) muestra el motivo y los estados de ahora.
 */
export function ProveedorEvaluaciones({
  cursado,
  inicial,
  children,
}: {
  cursado: number;
  inicial: Disponibles;
  children: ReactNode;
}) {
  const utils = api.useUtils();
  const consulta = api.evaluaciones.disponibles.useQuery(
    { cursado },
    { initialData: inicial, staleTime: 30_000 },
  );
  const reservarM = api.evaluaciones.reservar.useMutation();
  const cancelarM = api.evaluaciones.cancelar.useMutation();
  const ocupado = reservarM.isPending
    ? (reservarM.variables?.fecha ?? null)
    : cancelarM.isPending
      ? (consulta.data.lugares.find((l) => l.evaluacionId === cancelarM.variables?.id)?.fecha ??
        null)
      : null;

  const releer = () => utils.evaluaciones.disponibles.invalidate({ cursado });

  const reservar = async (fecha: string) => {
    try {
      await reservarM.mutateAsync({ cursado, fecha });
      avisar({
        color: 'green',
        title: 'Evaluación reservada',
        message: `Para el ${fechaLarga(fecha)}.`,
      });
    } catch (e) {
      avisar({ color: 'red', title: 'No se reservó la evaluación', message: mensajeDeError(e) });
    }
    await releer();
  };

  const cancelar = async (lugar: Lugar) => {
    if (!lugar.evaluacionId) return;
    const ok = await confirmar({
      titulo: '¿Cancelar la evaluación?',
      mensaje: `La evaluación del ${fechaLarga(lugar.fecha)} deja de estar reservada y el lugar queda libre para otro docente.`,
      confirmar: 'Cancelar la evaluación',
      peligro: true,
    });
    if (!ok) return;
    try {
      await cancelarM.mutateAsync({ id: lugar.evaluacionId });
      avisar({
        color: 'green',
        title: 'Evaluación cancelada',
        message: `La del ${fechaLarga(lugar.fecha)}.`,
      });
    } catch (e) {
      avisar({ color: 'red', title: 'No se canceló la evaluación', message: mensajeDeError(e) });
    }
    await releer();
  };

  return (
    <ContextoEvaluaciones.Provider value={{ datos: consulta.data, reservar, cancelar, ocupado }}>
      {children}
    </ContextoEvaluaciones.Provider>
  );
}

const useEvaluaciones = () => useContext(ContextoEvaluaciones);

/** Arriba de las clases: las reglas de la escuela y las evaluaciones ya reservadas. */
export function ResumenEvaluaciones() {
  const c = useEvaluaciones();
  if (!c) return null;
  const { reglas, lugares } = c.datos;
  const reservadas = lugares.filter((l) => l.estado === 'reservada');
  return (
    <Paper withBorder p="sm" data-testid="resumen-evaluaciones">
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap">
          <IconCalendarEvent size={18} aria-hidden />
          <Text fw={600} component="h2" size="md" m={0}>
            Evaluaciones
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          Se reservan en una clase futura, con {reglas.anticipacionDias}{' '}
          {reglas.anticipacionDias === 1 ? 'día' : 'días'} de anticipación como mínimo; cada curso
          tiene hasta {reglas.maximoPorSemana} por semana y una por día.
        </Text>
        {reservadas.length === 0 ? (
          <Text size="sm" data-testid="sin-evaluaciones">
            {NO_HAY_EVALUACIONES_RESERVADAS}
          </Text>
        ) : (
          <Text size="sm" data-testid="evaluaciones-reservadas">
            Reservadas: {reservadas.map((l) => fechaLarga(l.fecha)).join(' · ')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

const ESTADO: Record<
  Exclude<Lugar['estado'], 'restringida' | 'pic' | 'disponible'>,
  (l: Lugar, r: Disponibles['reglas']) => string
> = {
  reservada: () => 'Evaluación reservada',
  ocupada: (l) => `Ocupada: evaluación de ${l.quien ?? 'otro cursado'}`,
  exceso: (_, r) =>
    `La semana ya tiene ${cantidad(r.maximoPorSemana, 'evaluación', 'evaluaciones')} para el curso`,
  espera: (_, r) => `Sin reserva: faltan menos de ${cantidad(r.anticipacionDias, 'día', 'días')}`,
};

/** El lugar de evaluación de una clase futura: su estado y, al docente, reservar o cancelar. */
export function LugarEvaluacion({ fecha }: { fecha: string }) {
  const c = useEvaluaciones();
  // Llega dibujado del servidor: antes de hidratar, un toque en "Reservar" no haría nada.
  const hidratado = useHidratado();
  if (!c) return null;
  const lugar = c.datos.lugares.find((l) => l.fecha === fecha);
  if (!lugar) return null;
  const esperando = c.ocupado === fecha;
  const deshabilitado = (c.ocupado !== null && !esperando) || !hidratado;
  const etiqueta = fechaLarga(fecha);
  if (lugar.estado === 'disponible')
    return (
      <Group gap="xs" data-testid="lugar-evaluacion" data-estado="disponible">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconCalendarEvent size={14} aria-hidden />}
          loading={esperando}
          disabled={deshabilitado}
          onClick={() => void c.reservar(fecha)}
          aria-label={`Reservar evaluación el ${etiqueta}`}
        >
          Reservar evaluación
        </Button>
      </Group>
    );
  if (lugar.estado === 'restringida' || lugar.estado === 'pic') return null;
  const texto = ESTADO[lugar.estado](lugar, c.datos.reglas);
  return (
    <Group gap="xs" data-testid="lugar-evaluacion" data-estado={lugar.estado} wrap="wrap">
      {lugar.estado === 'reservada' ? (
        <Badge variant="filled" color="grape" tt="none">
          {texto}
        </Badge>
      ) : (
        <Text size="xs" c="dimmed">
          {texto}
        </Text>
      )}
      {lugar.estado === 'reservada' && lugar.evaluacionId && (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconX size={14} aria-hidden />}
          loading={esperando}
          disabled={deshabilitado}
          onClick={() => void c.cancelar(lugar)}
          aria-label={`Cancelar la evaluación del ${etiqueta}`}
        >
          Cancelar
        </Button>
      )}
    </Group>
  );
}
