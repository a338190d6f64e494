'use client';
import { Badge, Button } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { nombreCompleto } from '@/domain/escuela';
import { PENDIENTE_DE_CONFIRMACION } from '@/domain/vinculos';
import { avisar } from '@/components/ui/avisos';
import { confirmar } from '@/components/ui/confirmar';
import { api } from '@/trpc/react';

interface Persona {
  orden: number;
  apellido: string;
  nombre: string;
}

/** "Pendiente de confirmación por la escuela": un vínculo que declaró el referente y espera. */
export function InsigniaPendiente({ corta = false }: { corta?: boolean }) {
  return (
    // Ámbar oscuro: el texto blanco llega a 4.5:1 (los tonos de Mantine no).
    <Badge size="xs" color="#7a4100" title={PENDIENTE_DE_CONFIRMACION}>
      {corta ? 'Pendiente' : PENDIENTE_DE_CONFIRMACION}
    </Badge>
  );
}

/**
 * Confirma el vínculo que declaró un referente (issue 11): después de un diálogo que nombra al
 * referente y al alumno, `referentes.confirmar`; desde ese momento el referente ve los datos del
 * alumno y puede inscribirlo. Lo usan /referentes y la columna de referentes de /alumnos.
 */
export function ConfirmarVinculo({
  alumno,
  referente,
  alConfirmar,
}: {
  alumno: Persona;
  referente: Persona;
  alConfirmar?: () => void | Promise<unknown>;
}) {
  const mutacion = api.referentes.confirmar.useMutation();
  const deQuien = `${nombreCompleto(referente)} como referente de ${nombreCompleto(alumno)}`;

  const alHacerClic = async () => {
    const ok = await confirmar({
      titulo: `¿Confirmar a ${deQuien}?`,
      mensaje:
        `${nombreCompleto(referente)} declaró este vínculo desde la inscripción. Al confirmarlo ` +
        `podrá ver los datos de ${nombreCompleto(alumno)} (ficha médica, notas, asistencias y ` +
        'medidas) e inscribirlo. Confírmelo sólo si la escuela verificó el vínculo.',
      confirmar: 'Confirmar vínculo',
    });
    if (!ok) return;
    try {
      await mutacion.mutateAsync({ alumno: alumno.orden, referente: referente.orden });
      avisar({ color: 'green', message: `Vínculo confirmado: ${deQuien}.` });
      await alConfirmar?.();
    } catch (e) {
      avisar({
        color: 'red',
        title: 'No se pudo confirmar el vínculo',
        message: e instanceof Error && e.message ? e.message : 'Intente de nuevo.',
      });
    }
  };

  return (
    <Button
      size="compact-xs"
      variant="light"
      leftSection={<IconShieldCheck size={14} />}
      onClick={() => void alHacerClic()}
      loading={mutacion.isPending}
      aria-label={`Confirmar vínculo de ${deQuien}`}
    >
      Confirmar vínculo
    </Button>
  );
}
