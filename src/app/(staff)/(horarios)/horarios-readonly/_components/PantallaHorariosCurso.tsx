'use client';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { NO_HAY_CURSO_SELECCIONADO } from '@/domain/horario';
import { useEstadoCompartido } from '@/components/marco/EstadoCompartido';
import { VistaHorarios } from '@/components/horarios/VistaHorarios';
import { PanelListaBuscable } from '@/components/listas/ListaBuscable';
import { ListaYDetalle, useIrAlDetalle } from '@/components/listas/ListaYDetalle';
import { Cargando } from '@/components/vistas/Cargando';
import type { Opcion } from '@/domain/opciones';
import { api } from '@/trpc/react';

/**
 * /horarios-readonly (spec 01 §2 Timetables): se elige un curso y se ve su semana en el ciclo
 * elegido (todos los cursados que lo admiten), sin editar.
 */
export function PantallaHorariosCurso({ zona }: { zona: string }) {
  const { ciclo } = useEstadoCompartido();
  const [curso, setCurso] = useState<Opcion | null>(null);
  const telefono = useMediaQuery('(max-width: 62em)');
  const [detalleRef, irAlDetalle] = useIrAlDetalle<HTMLDivElement>(telefono);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Horarios
      </Title>
      <ListaYDetalle
        detalleRef={detalleRef}
        testId="detalle-horarios"
        lista={
          <PanelListaBuscable
            fuente="cursos"
            etiqueta="Cursos"
            seleccionado={curso?.id ?? null}
            alto={telefono ? 220 : 480}
            onElegir={(o) => {
              setCurso(o);
              irAlDetalle();
            }}
          />
        }
      >
        {curso == null ? (
          <Text c="dimmed" data-testid="sin-curso">
            {NO_HAY_CURSO_SELECCIONADO}
          </Text>
        ) : (
          <SemanaDelCurso key={`${curso.id}-${ciclo}`} curso={curso.id} zona={zona} />
        )}
      </ListaYDetalle>
    </Stack>
  );
}

function SemanaDelCurso({ curso, zona }: { curso: number; zona: string }) {
  const datos = api.horarios.delCurso.useQuery({ curso, ciclo: null });
  if (datos.isPending) return <Cargando filas={3} />;
  if (datos.isError)
    return (
      <Alert color="red" role="alert">
        {datos.error.message}
      </Alert>
    );
  const titulo = `Horarios de ${datos.data.curso} (${datos.data.ciclo})`;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4" data-testid="curso-elegido">
        {titulo}
      </Title>
      <VistaHorarios bloques={datos.data.bloques} zona={zona} titulo={titulo} nivel={3} />
    </Stack>
  );
}
