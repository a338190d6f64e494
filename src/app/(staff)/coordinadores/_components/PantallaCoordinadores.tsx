'use client';
import {} from '@mantine/core';
import { EditorAsignaciones } from '@/components/asignaciones/EditorAsignaciones';
import {
  DetalleAsignacion,
  PantallaAsignaciones,
} from '@/components/asignaciones/PantallaAsignaciones';
import type { Opcion } from '@/domain/opciones';
import { api } from '@/trpc/react';

/**
 * /coordinadores (spec 02 §2): se elige un usuario con el rol Coordinador (512) y se editan sus
 * materias (agregar desde la lista de materias, quitar) hasta "Guardar", que reemplaza la lista
 * completa en el servidor.
 */
export function PantallaCoordinadores() {
  return (
    <PantallaAsignaciones
      titulo="Coordinadores"
      testId="detalle-coordinadores"
      fuente="coordinadores"
      etiqueta="Coordinadores"
      sinEleccion="Seleccione un coordinador"
    >
      {(elegido, onCambios) => (
        <MateriasDelCoordinador key={elegido.id} coordinador={elegido} onCambios={onCambios} />
      )}
    </PantallaAsignaciones>
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
    <DetalleAsignacion titulo={titulo} consulta={datos}>
      {(materias) => (
        <EditorAsignaciones
          titulo={titulo}
          guardados={materias.map((m) => ({
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
    </DetalleAsignacion>
  );
}
