import '@/components/estilos-mantine/componentes';
import type { ReactNode } from 'react';
import { Marco } from '@/components/marco/Marco';
import { ProveedoresPersonal } from '@/components/proveedores/Personal';

/** Marco del personal: selector de ciclo lectivo, selector de rol y nombre del usuario. */
export default function LayoutPersonal({ children }: { children: ReactNode }) {
  return (
    <Marco variante="personal">
      <ProveedoresPersonal>{children}</ProveedoresPersonal>
    </Marco>
  );
}
