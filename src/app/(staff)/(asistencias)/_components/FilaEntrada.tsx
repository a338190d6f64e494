'use client';
import {
  ActionIcon,
  Badge,
  Box,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowBackUp, IconTrash } from '@tabler/icons-react';
import {
  CIRCUNSTANCIAS,
  TIPOS_ASISTENCIA,
  circunstanciaVisible,
  textoJustificacion,
  type Circunstancia,
  type TipoAsistencia,
} from '@/domain/asistencias';
import type { Turno } from '@/domain/escuela';
import { fechaLegible } from '@/domain/texto';
import { CampoFecha } from './CampoFecha';
import type { Editable, Entrada } from './edicion';

const TURNOS: Turno[] = ['Mañana', 'Tarde'];
/** Largo máximo de la justificación (el mismo que acepta el servidor). */
const MAXIMO_MOTIVO = 200;
/** Ancho de la columna de fecha y turno (modo "Por Alumno"), para que las filas se alineen. */
const ANCHO_FECHA = 240;

export type EstadoFila = 'nueva' | 'borrar' | 'modificada' | 'guardada';

export function estadoDe(e: Editable): EstadoFila {
  if (e.orden == null) return 'nueva';
  if (e.borrar) return 'borrar';
  return e.modificada ? 'modificada' : 'guardada';
}

export interface FilaEntradaProps {
  entrada: Editable;
  /** Se pueden cambiar sus datos (la fecha está en la ventana del modo). */
  editable: boolean;
  /** Se muestra el botón de borrar (regla del modo protegido, spec 01 §5). */
  borrable: boolean;
  /** Tipos que ya usan las otras entradas del mismo alumno, día y turno. */
  ocupados: ReadonlySet<TipoAsistencia>;
  repetida: boolean;
  /** Modo "Por Alumno": muestra la fecha y el turno (editables en las nuevas). */
  ventana?: { minima: string; hoy: string };
  onCambiar: (cambios: Partial<Omit<Entrada, 'orden' | 'alumno'>>) => void;
  onBorrar: () => void;
}

/**
 * Una entrada de asistencia en edición (spec 01 §4): tipo, circunstancia, justificada y motivo
 * (desmarcar "Justificada" borra el motivo, regla del dominio). Las nuevas se quitan en el acto;
 * las guardadas quedan marcadas "Se borrará al guardar" hasta guardar (o deshacer).
 */
export function FilaEntrada({
  entrada: e,
  editable,
  borrable,
  ocupados,
  repetida,
  ventana,
  onCambiar,
  onBorrar,
}: FilaEntradaProps) {
  const estado = estadoDe(e);
  const activa = editable && !e.borrar;
  const nombre = `${e.tipo}${ventana ? ` del ${fechaLegible(e.fecha)}, ${e.turno}` : ''}`;

  const fechaYTurno = ventana ? (
    estado === 'nueva' && editable ? (
      <Group gap={6} wrap="nowrap" w={ANCHO_FECHA}>
        <Box style={{ flex: 1 }}>
          <CampoFecha
            etiquetaOculta="Fecha de la entrada"
            valor={e.fecha}
            minima={ventana.minima}
            maxima={ventana.hoy}
            onCambiar={(fecha) => onCambiar({ fecha })}
            size="xs"
          />
        </Box>
        <NativeSelect
          aria-label="Turno de la entrada"
          size="xs"
          w={90}
          data={TURNOS}
          value={e.turno}
          onChange={(ev) => onCambiar({ turno: ev.currentTarget.value as Turno })}
        />
      </Group>
    ) : (
      <Text size="sm" fw={500} w={ANCHO_FECHA} data-testid="fecha-entrada">
        {fechaLegible(e.fecha)} · {e.turno}
      </Text>
    )
  ) : null;

  return (
    <Paper
      component="li"
      withBorder
      px="xs"
      py={6}
      data-testid="entrada"
      data-estado={estado}
      aria-label={`Entrada ${nombre}`}
      bg={e.borrar ? 'red.0' : estado === 'nueva' ? 'indigo.0' : undefined}
      style={{ listStyle: 'none' }}
    >
      <Group gap="xs" wrap="wrap" align="center">
        {fechaYTurno}
        {activa ? (
          <>
            <NativeSelect
              aria-label="Tipo"
              size="xs"
              w={{ base: '100%', xs: 210 }}
              data={TIPOS_ASISTENCIA.map((t) => ({
                value: t,
                label: t,
                disabled: t !== e.tipo && ocupados.has(t),
              }))}
              value={e.tipo}
              error={repetida ? true : undefined}
              onChange={(ev) => onCambiar({ tipo: ev.currentTarget.value as TipoAsistencia })}
            />
            <NativeSelect
              aria-label="Circunstancia"
              size="xs"
              w={150}
              data={[...CIRCUNSTANCIAS]}
              value={e.circunstancia}
              onChange={(ev) =>
                onCambiar({ circunstancia: ev.currentTarget.value as Circunstancia })
              }
            />
            <Checkbox
              label="Justificada"
              size="xs"
              checked={e.justificada}
              onChange={(ev) => onCambiar({ justificada: ev.currentTarget.checked })}
            />
            {e.justificada && (
              <TextInput
                aria-label="Motivo"
                placeholder="Motivo (opcional)"
                size="xs"
                maxLength={MAXIMO_MOTIVO}
                value={e.justificacion ?? ''}
                onChange={(ev) => onCambiar({ justificacion: ev.currentTarget.value })}
                style={{ flex: '1 1 160px' }}
              />
            )}
          </>
        ) : (
          <Text
            size="sm"
            td={e.borrar ? 'line-through' : undefined}
            c={e.borrar ? 'dimmed' : undefined}
            data-testid="resumen-entrada"
          >
            {e.tipo}
            {circunstanciaVisible(e.circunstancia) ? ` · ${e.circunstancia}` : ''} ·{' '}
            {textoJustificacion(e)}
          </Text>
        )}
        <Group gap={6} ml="auto" wrap="nowrap">
          {estado === 'nueva' && (
            <Badge size="sm" variant="light" color="indigo">
              Nueva
            </Badge>
          )}
          {estado === 'modificada' && (
            <Badge size="sm" variant="light" color="yellow">
              Modificada
            </Badge>
          )}
          {estado === 'borrar' && (
            <Badge size="sm" variant="light" color="red">
              Se borrará al guardar
            </Badge>
          )}
          {repetida && (
            <Text size="xs" c="red.8" role="alert">
              Tipo repetido
            </Text>
          )}
          {borrable && (
            // El nombre del botón es su aria-label; el title lo muestra al pasar el puntero.
            <ActionIcon
              variant="subtle"
              color={e.borrar ? 'gray' : 'red'}
              aria-label={e.borrar ? 'Deshacer borrado' : 'Borrar entrada'}
              title={e.borrar ? 'Deshacer borrado' : 'Borrar entrada'}
              onClick={onBorrar}
            >
              {e.borrar ? (
                <IconArrowBackUp size={18} aria-hidden />
              ) : (
                <IconTrash size={18} aria-hidden />
              )}
            </ActionIcon>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
