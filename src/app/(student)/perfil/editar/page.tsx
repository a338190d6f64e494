import { requerirModulo } from '@/server/auth/guardia';
import { FormularioPerfil } from './_components/FormularioPerfil';
import { Interactivo } from '@/components/proveedores/Interactivo';

export const metadata = { title: 'Editar perfil' };
export const dynamic = 'force-dynamic';

/** /perfil/editar: sólo el alumno, su propio perfil (spec 02 §2, §5, §6). */
export default async function EditarPerfil() {
  await requerirModulo('/perfil/editar');
  return (
    <Interactivo>
      <FormularioPerfil />
    </Interactivo>
  );
}
