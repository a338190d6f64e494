'use client';
import { useRouter } from 'next/navigation';
import type { DatosPlanificacion } from '../../../cronograma/_components/comun';
import { EditorPlanificacion } from '../../../cronograma/_components/EditorPlanificacion';
import { rutaPestana } from '../../../cronograma/_components/ruta';

/** El formulario de /planificaciones/nueva/{id}: al guardar, a la pestaña Planificación. */
export function FormularioNueva({ datos }: { datos: DatosPlanificacion }) {
  const router = useRouter();
  const destino = rutaPestana(datos.cursado.cursadoId, 'planificacion');
  return (
    <EditorPlanificacion
      datos={datos}
      alGuardar={() => router.push(destino)}
      alConflicto={() => router.push(destino)}
      alCancelar={() => router.push(`/cronograma/${datos.cursado.cursadoId}`)}
    />
  );
}
