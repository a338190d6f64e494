'use client';
import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { ListaYDetalle, useIrAlDetalle } from '@/components/listas/ListaYDetalle';
import { PanelListaBuscable } from '@/components/listas/ListaBuscable';
import { VistaLibreta } from '@/components/vistas/VistaLibreta';
import { api } from '@/trpc/react';

/** Guarda el alumno en la URL sin navegar (recargar la página lo conserva). */
function recordarAlumno(id: number) {
  const url = new URL(window.location.href);
  url.searchParams.set('alumno', String(id));
  window.history.replaceState(window.history.state, '', url);
}

/**
 * /libretas (spec 01 §2 Grade booklet): se elige un alumno de la lista buscable (con el alcance
 * del rol: un preceptor, sólo los de sus cursos) y se ve su libreta: un año a la vez, con
 * 'Imprimir'. El servidor vuelve a comprobar el alcance: un alumno ajeno muestra su mensaje.
 */
export function PantallaLibretas({ alumnoInicial }: { alumnoInicial: number | null }) {
  const [alumno, setAlumno] = useState<number | null>(alumnoInicial);
  const telefono = useMediaQuery('(max-width: 62em)');
  const [detalleRef, irAlDetalle] = useIrAlDetalle<HTMLDivElement>(telefono);
  const libreta = api.notas.libreta.useQuery({ alumno: alumno ?? 0 }, { enabled: alumno != null });

  let contenido: React.ReactNode;
  if (alumno == null) {
    contenido = (
      <Text c="dimmed" data-testid="estado-vacio">
        Seleccione un alumno
      </Text>
    );
  } else if (libreta.isPending) {
    contenido = (
      <Stack gap="sm" aria-busy="true" role="status" aria-label="Cargando">
        <Skeleton height={28} width={240} />
        <Skeleton height={24} width={180} />
        <Skeleton height={260} />
      </Stack>
    );
  } else if (libreta.isError) {
    contenido = (
      <Alert color="red" role="alert" data-testid="mensaje-vista">
        {libreta.error.message}
      </Alert>
    );
  } else {
    const { alumno: a } = libreta.data;
    contenido = (
      <Stack gap="sm">
        <Title order={2} size="h4" data-testid="alumno-vista">
          {a.apellido}, {a.nombre}
        </Title>
        <VistaLibreta key={a.id} datos={libreta.data} personal />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Notas
      </Title>
      <ListaYDetalle
        listaAncha
        detalleRef={detalleRef}
        testId="detalle-libreta"
        lista={
          <PanelListaBuscable
            fuente="alumnos"
            etiqueta="Alumnos"
            seleccionado={alumno}
            alto={telefono ? 240 : 520}
            onElegir={(o) => {
              setAlumno(o.id);
              recordarAlumno(o.id);
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
