'use client';
import dynamic from 'next/dynamic';

/**
 * El calendario personal se carga después de mostrar las evaluaciones: pide sus datos desde el
 * navegador (el cliente de tRPC y los diálogos), así que su código no pesa en la primera carga
 * del teléfono, donde lo primero que se mira son las próximas evaluaciones.
 */
const Calendario = dynamic(() => import('./CalendarioConProveedores'), {
  ssr: false,
  loading: () => <p style={{ margin: 0 }}>Cargando el calendario personal…</p>,
});

export function CalendarioPersonalDiferido({ deHijos }: { deHijos: boolean }) {
  return <Calendario deHijos={deHijos} />;
}
