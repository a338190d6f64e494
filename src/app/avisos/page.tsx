import Link from 'next/link';
import { Marco } from '@/components/marco/Marco';
import { servidor } from '@/trpc/server';
import { AccionesAvisos, ListaAvisos } from './_components/ListaAvisos';
import css from './_components/avisos.module.css';

export const metadata = { title: 'Avisos' };
export const dynamic = 'force-dynamic';

/** Avisos por página (como la página de avisos.lista). */
const POR_PAGINA = 20;

const primero = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * /avisos (issue 35 §2): todos los avisos de la persona que inició sesión, cualquiera sea su rol,
 * del más nuevo al más viejo, de a 20 por página (?pagina=2), con "Sólo no leídos" (?noLeidos=1).
 * Se arma en el servidor: en el navegador sólo corren seguir un aviso (lo marca leído) y "Marcar
 * todos como leídos", sin el cliente de tRPC (se abre desde el teléfono).
 */
export default async function Avisos({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const p = await searchParams;
  const pagina = Math.min(Math.max(Number.parseInt(primero(p.pagina) ?? '1', 10) || 1, 1), 10_000);
  const noLeidos = primero(p.noLeidos) === '1';
  const datos = await (
    await servidor()
  ).avisos.lista({
    cursor: (pagina - 1) * POR_PAGINA,
    limit: POR_PAGINA,
    noLeidos,
  });
  const ruta = (n: number, soloNoLeidos = noLeidos) => {
    const q = new URLSearchParams();
    if (soloNoLeidos) q.set('noLeidos', '1');
    if (n > 1) q.set('pagina', String(n));
    const s = q.toString();
    return s ? `/avisos?${s}` : '/avisos';
  };
  return (
    <Marco>
      <div className={css.encabezado}>
        <h1 className={css.titulo}>Avisos</h1>
        <Link href="/avisos/preferencias" className={css.enlace}>
          Preferencias de correo
        </Link>
      </div>
      <AccionesAvisos
        noLeidos={datos.noLeidos}
        soloNoLeidos={noLeidos}
        conFiltro={ruta(1, true)}
        sinFiltro={ruta(1, false)}
      />
      {datos.items.length === 0 ? (
        <p className={css.vacio}>{noLeidos ? 'No tiene avisos sin leer.' : 'No tiene avisos.'}</p>
      ) : (
        <ListaAvisos items={datos.items} />
      )}
      {(pagina > 1 || datos.siguiente != null) && (
        <nav className={css.paginas} aria-label="Páginas de avisos">
          {pagina > 1 ? (
            <Link href={ruta(pagina - 1)} className={css.enlace}>
              Más nuevos
            </Link>
          ) : (
            <span />
          )}
          <span>Página {pagina}</span>
          {datos.siguiente != null ? (
            <Link href={ruta(pagina + 1)} className={css.enlace}>
              Más viejos
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </Marco>
  );
}
