'use client';
import { EnlaceCalendario } from '@/components/calendario/EnlaceCalendario';
import { api } from '@/trpc/react';

/**
 * El calendario personal (issue 14 §10): una dirección privada para agregar las evaluaciones a
 * Google Calendar o al calendario del teléfono. Se crea a pedido; generar una nueva hace que la
 * anterior deje de funcionar (si se compartió por error), y también se puede quitar.
 */
export function CalendarioPersonal({ deHijos }: { deHijos: boolean }) {
  const utils = api.useUtils();
  const cuales = deHijos ? 'las evaluaciones de sus hijos' : 'sus evaluaciones';
  return (
    <EnlaceCalendario
      consulta={api.evaluaciones.enlace.useQuery()}
      crear={api.evaluaciones.nuevoEnlace.useMutation()}
      quitar={api.evaluaciones.quitarEnlace.useMutation()}
      alCambiar={() => utils.evaluaciones.enlace.invalidate()}
      textos={{
        titulo: 'Calendario personal',
        explicacion: `Agregue ${cuales} a Google Calendar o al calendario del teléfono: se actualizan solas cuando un docente reserva o cancela una.`,
        que: 'las evaluaciones',
        regenerar: 'Generar un enlace nuevo',
        ruta: '/api/ics/',
        testid: 'calendario-personal',
        testidCampo: 'enlace-calendario',
      }}
    />
  );
}
