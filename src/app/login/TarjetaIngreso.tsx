import { IconBrandGoogle } from '@tabler/icons-react';
import Link from 'next/link';
import { CUENTAS_DEMO } from '@/server/db/demo';
import botones from '@/components/ui/botones.module.css';
import { ingresarComo, ingresarConGoogle } from './acciones';
import css from './login.module.css';

/**
 * La tarjeta de /login. Depende sólo de la configuración (`demo`, `google`) y del mensaje de
 * error: sin mensaje es la misma para todos, y así se prerenderiza (src/server/login-estatico.ts).
 * `variante` queda en el HTML para que el servidor compruebe que la build prerenderizada es de
 * esta configuración.
 */
export function TarjetaIngreso({
  mensaje,
  demo,
  google,
  variante,
}: {
  mensaje: string | null;
  demo: boolean;
  google: boolean;
  variante: string;
}) {
  // Las cuentas que crea la semilla (tests/integration/seed.test.ts lo exige de cada una): sin
  // consultar la base. Si alguien borró una, su botón responde "No se pudo ingresar con ese
  // usuario."
  const cuentas = demo ? CUENTAS_DEMO : [];
  return (
    <main className={css.centro} data-ingreso={variante}>
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
            disabled={!google}
          >
            <IconBrandGoogle aria-hidden />
            Ingresar con Google
          </button>
        </form>
        {!google && (
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
