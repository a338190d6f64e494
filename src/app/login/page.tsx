import { IconBrandGoogle } from '@tabler/icons-react';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { AuthError } from 'next-auth';
import { googleConfigurado, ingresoDemoActivo, signIn } from '@/server/auth';
import { mensajeDeErrorDeIngreso } from '@/server/auth/ingreso-google';
import { sesionActual } from '@/server/api/contexto-http';
import { CUENTAS_DEMO } from '@/server/db/demo';
import botones from '@/components/ui/botones.module.css';
import css from './login.module.css';

export const metadata = { title: 'Ingresar' };
export const dynamic = 'force-dynamic';

async function ingresarConGoogle() {
  'use server';
  await signIn('google', { redirectTo: '/' });
}

async function ingresarComo(formData: FormData) {
  'use server';
  try {
    await signIn('dev', { email: String(formData.get('email') ?? ''), redirectTo: '/' });
  } catch (e) {
    if (e instanceof AuthError) redirect('/login?error=CredentialsSignin');
    throw e;
  }
}

export default async function Login({
  searchParams,
}: {
  searchParams: Promise<{ error?: string | string[] }>;
}) {
  if (await sesionActual()) redirect('/');
  const { error } = await searchParams;
  // Sólo mensajes conocidos: nunca el texto de la URL tal cual.
  const mensaje = mensajeDeErrorDeIngreso(Array.isArray(error) ? error[0] : error);
  const demo = ingresoDemoActivo();
  // Las cuentas que crea la semilla (tests/integration/seed.test.ts lo exige de cada una): sin
  // consultar la base en cada pedido de /login. Si alguien borró una, su botón responde "No se
  // pudo ingresar con ese usuario."
  const cuentas = demo ? CUENTAS_DEMO : [];
  return (
    <main className={css.centro}>
      <div className={`${css.tarjeta} ${demo ? css.conDemo : ''}`}>
        <h1 className={css.titulo}>Portal escolar</h1>
        <p className={css.atenuado}>Ingrese con su cuenta de Google.</p>
        {mensaje && (
          <div className={css.aviso} role="alert" aria-labelledby="login-aviso">
            <strong id="login-aviso">No se pudo ingresar</strong>
            {mensaje}
          </div>
        )}
        <form action={ingresarConGoogle}>
          <button
            type="submit"
            className={`${botones.boton} ${botones.filled} ${css.google}`}
            disabled={!googleConfigurado()}
          >
            <IconBrandGoogle aria-hidden />
            Ingresar con Google
          </button>
        </form>
        {!googleConfigurado() && (
          <p className={css.chico}>
            El ingreso con Google no está configurado en este servidor (AUTH_GOOGLE_ID).
          </p>
        )}
        <p className={css.texto}>
          ¿Es referente parental y todavía no tiene usuario?{' '}
          <Link href="/inscripcion" prefetch={false}>
            Registrarse para la inscripción
          </Link>
        </p>
        {demo && (
          <>
            <div className={css.separador} role="separator">
              Ingresar como
            </div>
            {/* Un solo formulario: el botón elegido manda su email. */}
            <form action={ingresarComo} className={css.cuentas} aria-label="Ingresar como">
              {cuentas.map((c) => (
                <button
                  key={c.email}
                  type="submit"
                  name="email"
                  value={c.email}
                  title={c.email}
                  className={css.cuenta}
                >
                  {c.etiqueta}
                  <small>{c.email}</small>
                </button>
              ))}
            </form>
          </>
        )}
      </div>
    </main>
  );
}
