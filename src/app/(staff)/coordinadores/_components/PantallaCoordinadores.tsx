'use client';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useState } from 'react';
import { EditorAsignaciones, confirmarDescarte } from '@/components/EditorAsignaciones';
import { PanelListaBuscable } from '@/components/ListaBuscable';
import { ListaYDetalle, useIrAlDetalle } from '@/components/ListaYDetalle';
import { useAvisoAlSalir } from '@/components/useAvisoAlSalir';
import { Cargando } from '@/components/vistas/Cargando';
import type { Opcion } from '@/domain/opciones';
import { api } from '@/trpc/react';

/**
 * /coordinadores (spec 02 §2): se elige un usuario con el rol Coordinador (512) y se editan sus
 * materias (agregar desde la lista de materias, quitar) hasta "Guardar", que reemplaza la lista
 * completa en el servidor.
 */
export function PantallaCoordinadores() {
  const [elegido, setElegido] = useState<Opcion | null>(null);
  const [cambios, setCambios] = useState(0);
  const telefono = useMediaQuery('(max-width: 62em)');
  const [detalleRef, irAlDetalle] = useIrAlDetalle<HTMLDivElement>(telefono);
  useAvisoAlSalir(cambios > 0);
  const informar = useCallback((n: number) => setCambios(n), []);

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Coordinadores
      </Title>
      <ListaYDetalle
        detalleRef={detalleRef}
        testId="detalle-coordinadores"
        lista={
          <PanelListaBuscable
            fuente="coordinadores"
            etiqueta="Coordinadores"
            seleccionado={elegido?.id ?? null}
            alto={telefono ? 260 : 420}
            onElegir={(o) => {
              if (o.id === elegido?.id) return;
              void (async () => {
                if (cambios > 0 && !(await confirmarDescarte(cambios))) return;
                setCambios(0);
                setElegido(o);
                irAlDetalle();
              })();
            }}
          />
        }
      >
        {elegido == null ? (
          <Text c="dimmed">Seleccione un coordinador</Text>
        ) : (
          <MateriasDelCoordinador key={elegido.id} coordinador={elegido} onCambios={informar} />
        )}
      </ListaYDetalle>
    </Stack>
  );
}

function MateriasDelCoordinador({
  coordinador,
  onCambios,
}: {
  coordinador: Opcion;
  onCambios: (n: number) => void;
}) {
  const utils = api.useUtils();
  const datos = api.materias.delCoordinador.useQuery({ id: coordinador.id });
  const guardar = api.materias.guardarCoordinador.useMutation();
  const titulo = `Materias de ${coordinador.etiqueta}`;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {titulo}
      </Title>
      {datos.isPending ? (
        <Cargando filas={3} />
      ) : datos.isError ? (
        <Alert color="red" role="alert">
          {datos.error.message}
        </Alert>
      ) : (
        <EditorAsignaciones
          titulo={titulo}
          guardados={datos.data.map((m) => ({
            id: m.orden,
            dato: { etiqueta: m.nombre, detalle: `${m.anio}° año · ${m.materiaCode}` },
          }))}
          vacia="Sin materias asignadas"
          fuente="materias"
          etiquetaFuente="Materias para agregar"
          textoAgregar="Agregar materia"
          onCambios={onCambios}
          onGuardar={async ({ finales }) => {
            await guardar.mutateAsync({ id: coordinador.id, materias: finales });
            await utils.materias.delCoordinador.invalidate({ id: coordinador.id });
          }}
        />
      )}
    </Stack>
  );
}
