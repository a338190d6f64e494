'use client';
import { EnlaceCalendario } from '@/components/calendario/EnlaceCalendario';
import { api } from '@/trpc/react';

/**
 * La semana del docente en su calendario (issue 32 §5): una dirección privada con cada bloque
 * como una clase que se repite cada semana hasta el fin del ciclo. Se crea a pedido; regenerarla
 * anula la anterior (si se compartió por error), y también se puede quitar. El secreto es uno por
 * usuario: el mismo que el del calendario de evaluaciones de quien además es referente.
 */
export function EnlaceHorario() {
  const utils = api.useUtils();
  return (
    <EnlaceCalendario
      consulta={api.horarios.enlace.useQuery()}
      crear={api.horarios.nuevoEnlace.useMutation()}
      quitar={api.horarios.quitarEnlace.useMutation()}
      alCambiar={() => utils.horarios.enlace.invalidate()}
      textos={{
        titulo: 'Mi horario en el calendario',
        explicacion:
          'Agregue su horario a Google Calendar o al calendario del teléfono: cada clase se repite todas las semanas hasta el fin del ciclo y se actualiza sola si cambia el horario.',
        que: 'su horario',
        regenerar: 'Regenerar el enlace',
        ruta: '/api/ics/horario/',
        testid: 'calendario-horario',
        testidCampo: 'enlace-horario',
      }}
    />
  );
}
