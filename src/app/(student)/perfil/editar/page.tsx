import { leerOMensaje } from '@/components/vistas/errores';
import { requerirModulo } from '@/server/auth/guardia';
import { servidor } from '@/trpc/server';
import { FormularioPerfil } from './_components/FormularioPerfil';
import css from './_components/perfil.module.css';

export const metadata = { title: 'Editar perfil' };
export const dynamic = 'force-dynamic';

/**
 * /perfil/editar: sólo el alumno, su propio perfil (spec 02 §2, §5, §6). Los datos se leen en el
 * servidor (perfil.propio, con su control de acceso); el formulario guarda por el contrato REST
 * (/api/alumnos/update/{orden}, multipart por la foto), sin el cliente de tRPC en el navegador.
 */
export default async function EditarPerfil() {
  await requerirModulo('/perfil/editar');
  const caller = await servidor();
  const r = await leerOMensaje(() => caller.perfil.propio());
  if (!r.datos)
    return (
      <p className={css.alerta} role="alert">
        {r.mensaje || 'No se pudo cargar el perfil.'}
      </p>
    );
  return <FormularioPerfil datos={r.datos} />;
}
