'use client';
import { Interactivo } from '@/components/proveedores/Interactivo';
import { CalendarioPersonal } from './CalendarioPersonal';

/** El calendario personal con lo que necesita (tRPC y diálogos), para cargarlo diferido. */
export default function CalendarioConProveedores({ deHijos }: { deHijos: boolean }) {
  return (
    <Interactivo>
      <CalendarioPersonal deHijos={deHijos} />
    </Interactivo>
  );
}
