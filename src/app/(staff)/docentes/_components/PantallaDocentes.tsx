'use client';
import { SegmentedControl } from '@mantine/core';
import { useState } from 'react';
import { EditorAsignaciones } from '@/components/asignaciones/EditorAsignaciones';
import { useEstadoCompartido } from '@/components/marco/EstadoCompartido';
import {
  DetalleAsignacion,
  PantallaAsignaciones,
} from '@/components/asignaciones/PantallaAsignaciones';
import type { Opcion } from '@/domain/opciones';
import { api } from '@/trpc/react';
import { cantidad } from '@/domain/texto';

type Modo = 'docente' | 'cursado';

/**
 * /docentes (spec 02 §2): asignar cursados a un docente ("Por docente") o docentes a un cursado
 * ("Por cursado") en el ciclo elegido. Los cambios quedan pendientes (agregado / quitado) hasta
 * "Guardar". Un jefe de departamento ve y asigna sólo cursados de su departamento: lo decide el
 * servidor (las listas ya vienen recortadas y la escritura responde 403 si no).
 */
export function PantallaDocentes() {
  const { ciclo } = useEstadoCompartido();
  const [modo, setModo] = useState<Modo>('docente');
  const porDocente = modo === 'docente';

  return (
    <PantallaAsignaciones
      titulo="Docentes"
      testId="detalle-docentes"
      fuente={porDocente ? 'docentes' : 'cursados'}
      etiqueta={porDocente ? 'Docentes' : 'Cursados'}
      claveLista={`${modo}-${ciclo}`}
      sinEleccion={porDocente ? 'Seleccione un docente' : 'Seleccione un cursado'}
      cabecera={(reiniciar) => (
        <SegmentedControl
          aria-label="Asignar"
          value={modo}
          onChange={(v) => reiniciar(() => setModo(v as Modo))}
          data={[
            { value: 'docente', label: 'Por docente' },
            { value: 'cursado', label: 'Por cursado' },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
      )}
    >
      {(elegido, onCambios) =>
        porDocente ? (
          <CursadosDelDocente
            key={`${elegido.id}-${ciclo}`}
            docente={elegido}
            ciclo={ciclo}
            onCambios={onCambios}
          />
        ) : (
          <DocentesDelCursado
            key={`${elegido.id}-${ciclo}`}
            cursado={elegido}
            onCambios={onCambios}
          />
        )
      }
    </PantallaAsignaciones>
  );
}

function CursadosDelDocente({
  docente,
  ciclo,
  onCambios,
}: {
  docente: Opcion;
  ciclo: number;
  onCambios: (n: number) => void;
}) {
  const utils = api.useUtils();
  const datos = api.cursados.delDocente.useQuery({ id: docente.id, ciclo });
  const asignar = api.cursados.asignarDocentes.useMutation();
  const titulo = `Cursados de ${docente.etiqueta} (${ciclo})`;
  return (
    <DetalleAsignacion titulo={titulo} consulta={datos}>
      {(asignados) => (
        <EditorAsignaciones
          titulo={titulo}
          guardados={asignados.map((c) => ({
            id: c.cursadoId,
            dato: {
              etiqueta: c.nombre,
              detalle: `${c.modalidadNombre} · ${cantidad(c.horas, 'hora', 'horas')}`,
            },
          }))}
          vacia="Sin cursados asignados"
          fuente="cursados"
          etiquetaFuente="Cursados para agregar"
          textoAgregar="Agregar cursado"
          onCambios={onCambios}
          onGuardar={async ({ agregar, quitar }) => {
            await asignar.mutateAsync([
              ...agregar.map((cursadoId) => ({
                action: 'set' as const,
                cursadoId,
                usuarioId: docente.id,
              })),
              ...quitar.map((cursadoId) => ({
                action: 'unset' as const,
                cursadoId,
                usuarioId: docente.id,
              })),
            ]);
            await Promise.all([
              utils.cursados.delDocente.invalidate(),
              utils.cursados.docentes.invalidate(),
              utils.cursados.listar.invalidate(),
            ]);
          }}
        />
      )}
    </DetalleAsignacion>
  );
}

function DocentesDelCursado({
  cursado,
  onCambios,
}: {
  cursado: Opcion;
  onCambios: (n: number) => void;
}) {
  const utils = api.useUtils();
  const datos = api.cursados.docentes.useQuery({ id: cursado.id });
  const asignar = api.cursados.asignarDocentes.useMutation();
  const titulo = `Docentes de ${cursado.etiqueta}`;
  return (
    <DetalleAsignacion titulo={titulo} consulta={datos}>
      {(asignados) => (
        <EditorAsignaciones
          titulo={titulo}
          guardados={asignados.map((d) => ({
            id: d.orden,
            dato: { etiqueta: `${d.apellido}, ${d.nombre}` },
          }))}
          vacia="Sin docentes asignados"
          fuente="docentes"
          etiquetaFuente="Docentes para agregar"
          textoAgregar="Agregar docente"
          onCambios={onCambios}
          onGuardar={async ({ agregar, quitar }) => {
            await asignar.mutateAsync([
              ...agregar.map((usuarioId) => ({
                action: 'set' as const,
                cursadoId: cursado.id,
                usuarioId,
              })),
              ...quitar.map((usuarioId) => ({
                action: 'unset' as const,
                cursadoId: cursado.id,
                usuarioId,
              })),
            ]);
            await Promise.all([
              utils.cursados.docentes.invalidate({ id: cursado.id }),
              utils.cursados.delDocente.invalidate(),
              utils.cursados.listar.invalidate(),
            ]);
          }}
        />
      )}
    </DetalleAsignacion>
  );
}
