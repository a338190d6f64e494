'use client';
import { Text } from '@mantine/core';
import {
  EnlacesCursados,
  type CursadoDeLista,
} from '../../../cronograma/_components/ListaCursados';

/** Los cursados del docente, cada uno un enlace a /planificaciones/nueva/{cursadoId}. */
export function ListaCursadosNueva({ cursados }: { cursados: CursadoDeLista[] }) {
  if (cursados.length === 0)
    return (
      <Text c="dimmed" role="status">
        Sin resultados
      </Text>
    );
  return <EnlacesCursados cursados={cursados} href={(id) => `/planificaciones/nueva/${id}`} />;
}
