import 'server-only';
import { redirect } from 'next/navigation';
import { esCorreoGoogle } from '@/domain/escuela';
import { Rol } from '@/domain/roles';
import { contexto } from '@/server/contexto-pedido';
import { puedeAbrir } from '@/domain/modulos';
import { permisos } from '@/server/consultas/modulos';
import { cache } from 'react';

/** Exige sesión (si no, /login). Un alumno sin cuenta de Google va a /perfil/cambiaremail. */
export async function requerirSesion(opciones: { permitirSinGoogle?: boolean } = {}) {
  const ctx = await contexto();
  if (!ctx.sesion) redirect('/login');
  if (
    !opciones.permitirSinGoogle &&
    ctx.sesion.rol === Rol.Alumno &&
    !esCorreoGoogle(ctx.sesion.usuario.email)
  ) {
    redirect('/perfil/cambiaremail');
  }
  return { ...ctx, sesion: ctx.sesion };
}

/** Exige que el rol activo pueda abrir el módulo de la ruta (si no, vuelve a /). */
export async function requerirModulo(ruta: string) {
  const ctx = await requerirSesion();
  if (!puedeAbrir(ruta, ctx.sesion.rol, ctx.dispositivoAdmin)) redirect('/');
  return ctx;
}

/** Los módulos de la grilla y del menú de la sesión: una lectura por pedido (el inicio y el marco la comparten). */
export const modulosVisibles = cache(async () => permisos(await requerirSesion()));
