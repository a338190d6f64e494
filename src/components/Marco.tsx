import { ciclosDelSelector } from '@/server/reloj';
import 'server-only';
import type { ReactNode } from 'react';

import { Rol, rolesDe } from '@/domain/roles';
import { requerirSesion } from '@/server/auth/guardia';
import { hijos as hijosDe } from '@/server/api/routers/sesion/service';
import { permisos } from '@/server/api/routers/sesion/service';
import { MarcoCliente, type Variante } from './MarcoCliente';

/**
 * El marco de toda pantalla con sesión (spec 01 §2 Layouts): barra superior con inicio,
 * módulo actual, menú de módulos, nombre del usuario y "Salir"; según la variante,
 * selector de ciclo lectivo y de rol (personal), sólo el nombre (simple) o el selector
 * de alumno (alumnos y referentes). Lee el estado compartido en el servidor.
 */
export async function Marco({ variante, children }: { variante?: Variante; children: ReactNode }) {
  const ctx = await requerirSesion();
  const { sesion } = ctx;
  const publico = sesion.rol === Rol.Alumno || sesion.rol === Rol.ReferenteParental;
  const v: Variante = variante ?? (publico ? 'alumno' : 'personal');
  const hijos = sesion.rol === Rol.ReferenteParental ? await hijosDe(ctx) : [];
  const hijo = hijos.find((h) => h.id === ctx.hijo) ?? hijos[0] ?? null;
  return (
    <MarcoCliente
      variante={v}
      usuario={{ nombre: sesion.usuario.nombre, apellido: sesion.usuario.apellido }}
      rol={sesion.rol}
      roles={rolesDe(sesion.usuario.rls)}
      ciclo={ctx.ciclo}
      ciclos={ciclosDelSelector()}
      hijos={hijos}
      hijo={hijo?.id ?? null}
      modulos={permisos({ sesion })}
    >
      {children}
    </MarcoCliente>
  );
}
