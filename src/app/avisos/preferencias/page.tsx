import Link from 'next/link';
import { Marco } from '@/components/marco/Marco';
import { servidor } from '@/trpc/server';
import css from '../_components/avisos.module.css';
import { AjustesEscuela } from './_components/AjustesEscuela';
import { FormularioPreferencias } from './_components/FormularioPreferencias';

export const metadata = { title: 'Preferencias de avisos' };
export const dynamic = 'force-dynamic';

/**
 * /avisos/preferencias (issue 35 §2): cómo recibe por correo cada categoría de avisos quien los
 * recibe (los referentes: el correo es para las familias) y a qué hora el resumen diario. Los demás
 * roles leen que en el portal los avisos llegan siempre. Admin y Regente eligen además la espera
 * de la escuela antes de avisar una inasistencia. HTML del servidor y formularios chicos.
 */
export default async function PreferenciasAvisos() {
  const llamador = await servidor();
  const datos = await llamador.avisos.preferencias();
  // La espera de la escuela: sólo Admin y Regente (a los demás, el procedimiento les dice que no).
  const escuela = await llamador.avisos.ajustesEscuela().catch(() => null);
  return (
    <Marco>
      <div className={css.preferencias}>
        <h1 className={css.titulo}>Preferencias de avisos</h1>
        <p>
          En el portal los avisos llegan siempre: los ve en la campana de la barra y en{' '}
          <Link href="/avisos" className={css.enlace}>
            Avisos
          </Link>
          . Acá elige cuáles recibe además por correo.
        </p>
        {datos.correo ? (
          <FormularioPreferencias datos={datos} />
        ) : (
          <p role="note" data-testid="correo-solo-familias">
            Los avisos por correo son para las familias: los reciben los referentes de cada alumno,
            en el email con el que ingresan al portal.
          </p>
        )}
        {escuela && <AjustesEscuela esperaMinutos={escuela.esperaMinutos} />}
      </div>
    </Marco>
  );
}
