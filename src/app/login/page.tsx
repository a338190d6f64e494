import { redirect } from 'next/navigation';
import { mensajeDeErrorDeIngreso } from '@/server/auth/ingreso-google';
import { sesionActual } from '@/server/api/contexto-http';
import { config } from '@/server/config';
import { varianteDeIngreso } from '@/server/login-estatico';
import { TarjetaIngreso } from './TarjetaIngreso';

export const metadata = { title: 'Ingresar' };
export const dynamic = 'force-dynamic';

/**
 * /login renderizado en cada pedido: con un `?error`, con una cookie de sesión (si es válida,
 * al inicio) o en `next dev`. Sin nada de eso, el servidor responde la versión prerenderizada
 * (/login/estatico, src/server/login-estatico.ts): la misma tarjeta sin mensaje.
 */
export default async function Login({
  searchParams,
}: {
  searchParams: Promise<{ error?: string | string[] }>;
}) {
  if (await sesionActual()) redirect('/');
  const { error } = await searchParams;
  const c = config();
  return (
    <TarjetaIngreso
      // Sólo mensajes conocidos: nunca el texto de la URL tal cual.
      mensaje={mensajeDeErrorDeIngreso(Array.isArray(error) ? error[0] : error)}
      demo={c.ingresoDemo}
      google={c.google != null}
      variante={varianteDeIngreso(c)}
    />
  );
}
