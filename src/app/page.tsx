import '@/components/estilos-mantine/componentes';
import { GrillaModulos } from '@/components/inicio/GrillaModulos';
import { PerfilInicio } from '@/components/inicio/PerfilInicio';
import { Marco } from '@/components/marco/Marco';
import { Pendiente } from '@/components/ui/Pendiente';
import { ETIQUETA_ROL, Rol, type RolBit } from '@/domain/roles';
import { modulosVisibles, requerirSesion } from '@/server/auth/guardia';
import { DialogoTerminos, type DiapositivaTerminos } from '@/components/terminos/DialogoTerminos';
import { errorTerminos } from '@/domain/reglamentos';
import { servidor } from '@/trpc/server';
import { Interactivo } from '@/components/proveedores/Interactivo';
import css from '@/components/inicio/inicio.module.css';

export const metadata = { title: 'Inicio' };

export default async function Inicio() {
  const { sesion } = await requerirSesion();
  // Reglamentos y autorizaciones pendientes (alumno y referente; los demás nunca se bloquean).
  let terminos: { satisfecho: boolean; diapositivas: DiapositivaTerminos[] } | null = null;
  let errorDeTerminos: string | null = null;
  try {
    terminos = await (await servidor()).reglamentos.pendientes();
  } catch (e) {
    errorDeTerminos = errorTerminos((e as Error).message);
  }
  // La foto del alumno, si la subió (spec 02 §2 "Profile widgets"); si no, sus iniciales.
  let foto: string | null = null;
  if (sesion.rol === Rol.Alumno) {
    const perfil = await (await servidor()).perfil.propio().catch(() => null);
    if (perfil?.tieneFoto) foto = `/api/alumnos/${perfil.orden}/foto`;
  }
  return (
    <Marco indicador={<Pendiente />}>
      <h1 className={css.titulo}>Hola, {sesion.usuario.nombre}</h1>
      <p className={css.rol}>Ingresó como {ETIQUETA_ROL[sesion.rol as RolBit]}.</p>
      {errorDeTerminos && (
        <p className={css.aviso} role="alert">
          {errorDeTerminos}
        </p>
      )}
      <PerfilInicio sesion={sesion} foto={foto} />
      <GrillaModulos modulos={await modulosVisibles()} />
      {terminos && !terminos.satisfecho && (
        <Interactivo>
          <DialogoTerminos diapositivas={terminos.diapositivas} />
        </Interactivo>
      )}
    </Marco>
  );
}
