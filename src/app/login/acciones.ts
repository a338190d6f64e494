'use server';

import { redirect } from 'next/navigation';
import { AuthError } from 'next-auth';
import { signIn } from '@/server/auth';

/**
 * Las acciones de la tarjeta de ingreso, en un módulo propio: las usan /login y su versión
 * prerenderizada (/login/estatico), y el POST de la acción llega siempre a /login.
 */
export async function ingresarConGoogle() {
  await signIn('google', { redirectTo: '/' });
}

export async function ingresarComo(formData: FormData) {
  try {
    await signIn('dev', { email: String(formData.get('email') ?? ''), redirectTo: '/' });
  } catch (e) {
    if (e instanceof AuthError) redirect('/login?error=CredentialsSignin');
    throw e;
  }
}
