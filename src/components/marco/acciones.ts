'use server';
/**
 * Acciones de servidor de la sesión (rol, ciclo, hijo, salir): las usa el marco de `components/`.
 * Cada una pone una cookie: con eso Next invalida entera la caché de páginas del navegador (la
 * respuesta de la acción lo dice), sin revalidatePath('/', 'layout'), que además regeneraba en el
 * servidor las páginas prerenderizadas y rompía la CSP de /login (src/server/login-estatico.ts).
 */
import { momentoEscolar, cicloValido } from '@/server/reloj';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';

import { esRolBit, tieneRol } from '@/domain/roles';
import { signOut, unstable_update } from '@/server/auth';
import { COOKIE_CICLO, COOKIE_HIJO, sesionActual } from '@/server/api/contexto-http';
import { hijos } from '@/server/consultas/hijos';
import { getDb } from '@/server/db';
import { pedidoPorHttps } from '@/server/ip';

export interface ResultadoAccion {
  error?: string;
}

/** `Secure` cuando el pedido llegó por https (src/server/ip.ts). */
const opcionesCookie = async () => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: pedidoPorHttps(await headers()),
  path: '/',
  maxAge: 365 * 24 * 60 * 60,
});

/** Cambia el rol activo: sólo un rol que el usuario tiene hoy. Recarga y vuelve a /. */
export async function cambiarRol(rol: number): Promise<ResultadoAccion> {
  const sesion = await sesionActual();
  if (!sesion) redirect('/login');
  if (!esRolBit(rol) || !tieneRol(sesion.usuario.rls, rol)) return { error: 'No tiene ese rol.' };
  await unstable_update({ rol } as never);
  redirect('/');
}

/** Cambia el ciclo lectivo del selector (de 2021 al actual). */
export async function elegirCiclo(anio: number): Promise<ResultadoAccion> {
  if (!(await sesionActual())) redirect('/login');
  if (!cicloValido(anio))
    return { error: 'El ciclo lectivo debe estar entre 2021 y el año actual.' };
  (await cookies()).set(COOKIE_CICLO, String(anio), await opcionesCookie());
  return {};
}

/** Cambia el hijo con el que trabaja el referente: sólo uno de sus hijos vinculados. */
export async function elegirHijo(alumnoId: number): Promise<ResultadoAccion> {
  const sesion = await sesionActual();
  if (!sesion) redirect('/login');
  const propios = await hijos({ db: await getDb(), sesion, ciclo: momentoEscolar().ciclo });
  if (!propios.some((h) => h.id === alumnoId))
    return { error: 'El alumno no es uno de sus hijos vinculados.' };
  (await cookies()).set(COOKIE_HIJO, String(alumnoId), await opcionesCookie());
  return {};
}

export async function salir() {
  await signOut({ redirectTo: '/login' });
}
