'use client';
import { Badge, Box, Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { EstadoAsignacion } from '@/domain/asignaciones';

export const ESTADOS_ASIGNACION: Record<EstadoAsignacion, { etiqueta: string; color: string }> = {
  sinCambios: { etiqueta: 'Sin cambios', color: 'gray' },
  agregado: { etiqueta: 'Agregado', color: 'green' },
  quitado: { etiqueta: 'Quitado', color: 'red' },
};

/** La insignia del estado de un elemento de una lista editable (spec 01 §4). */
export function InsigniaEstado({ estado }: { estado: EstadoAsignacion }) {
  const e = ESTADOS_ASIGNACION[estado];
  return (
    <Badge color={e.color} variant={estado === 'sinCambios' ? 'outline' : 'light'} size="xs">
      {e.etiqueta}
    </Badge>
  );
}

/** El estado vacío de las asignaciones, en rojo (spec 02 §8): "Sin docentes asignados". */
export function SinAsignaciones({ texto }: { texto: string }) {
  return (
    <Text c="red.8" size="sm" fw={500} data-testid="sin-asignaciones">
      {texto}
    </Text>
  );
}

export interface ElementoAsignacion {
  id: number;
  etiqueta: string;
  detalle?: ReactNode;
  estado: EstadoAsignacion;
}

/**
 * Una lista de asignaciones con su estado (sin cambios / agregado / quitado) y el botón que la
 * alterna: "Quitar" (o "Restaurar" si está quitada; un agregado se saca de la lista). Vacía,
 * muestra `vacia` en rojo.
 */
export function ListaAsignaciones({
  titulo,
  elementos,
  vacia,
  onAlternar,
  deshabilitada = false,
}: {
  titulo: string;
  elementos: readonly ElementoAsignacion[];
  vacia: string;
  onAlternar: (id: number) => void;
  deshabilitada?: boolean;
}) {
  if (elementos.length === 0) return <SinAsignaciones texto={vacia} />;
  return (
    <Box component="ul" aria-label={titulo} p={0} m={0}>
      {elementos.map((el) => {
        const quitado = el.estado === 'quitado';
        const accion = quitado ? 'Restaurar' : 'Quitar';
        return (
          <Group
            component="li"
            key={el.id}
            justify="space-between"
            wrap="nowrap"
            gap="xs"
            py={6}
            style={{
              listStyle: 'none',
              borderBottom: '1px solid var(--mantine-color-default-border)',
            }}
            data-testid="asignacion"
            data-estado={el.estado}
          >
            <Box miw={0} style={{ flex: 1 }}>
              <Text
                size="sm"
                td={quitado ? 'line-through' : undefined}
                c={quitado ? 'dimmed' : undefined}
                style={{ overflowWrap: 'anywhere' }}
              >
                {el.etiqueta}
              </Text>
              <Group gap={6} wrap="wrap">
                <InsigniaEstado estado={el.estado} />
                {el.detalle != null && (
                  <Text size="xs" c="dimmed" component="span">
                    {el.detalle}
                  </Text>
                )}
              </Group>
            </Box>
            <Button
              size="compact-sm"
              variant="subtle"
              color={quitado ? 'blue' : 'red'}
              style={{ flexShrink: 0 }}
              aria-label={
                typeof el.detalle === 'string'
                  ? `${accion} ${el.etiqueta} (${el.detalle})`
                  : `${accion} ${el.etiqueta}`
              }
              disabled={deshabilitada}
              onClick={() => onAlternar(el.id)}
            >
              {accion}
            </Button>
          </Group>
        );
      })}
    </Box>
  );
}
