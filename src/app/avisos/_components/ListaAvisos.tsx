'use client';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import lista from '@/components/avisos/avisos.module.css';
import { ItemAviso, type AvisoDeLista } from '@/components/avisos/ItemAviso';
import { marcarTodos, useSeguirAviso } from '@/components/avisos/seguir';
import css from './avisos.module.css';

/** La lista de /avisos: cada aviso lleva a su detalle y queda leído. */
export function ListaAvisos({ items }: { items: AvisoDeLista[] }) {
  const seguir = useSeguirAviso();
  return (
    <ul className={`${lista.lista} ${css.caja}`} aria-label="Avisos">
      {items.map((a) => (
        <ItemAviso key={a.id} aviso={a} alSeguir={seguir} />
      ))}
    </ul>
  );
}

/** "Sólo no leídos" (cambia la dirección: ?noLeidos=1), cuántos sin leer y "Marcar todos como leídos". */
export function AccionesAvisos({
  noLeidos,
  soloNoLeidos,
  conFiltro,
  sinFiltro,
}: {
  noLeidos: number;
  soloNoLeidos: boolean;
  conFiltro: string;
  sinFiltro: string;
}) {
  const router = useRouter();
  // Marcado ya al tocarlo (la dirección cambia después).
  const [filtro, setFiltro] = useState(soloNoLeidos);
  const [marcando, setMarcando] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className={css.acciones}>
      <label className={css.filtro}>
        <input
          type="checkbox"
          checked={filtro}
          onChange={(e) => {
            setFiltro(e.currentTarget.checked);
            router.push(e.currentTarget.checked ? conFiltro : sinFiltro);
          }}
        />
        Sólo no leídos
      </label>
      <span className={css.cuenta} role="status" data-testid="avisos-sin-leer">
        {noLeidos === 0
          ? 'No hay avisos sin leer.'
          : noLeidos === 1
            ? '1 sin leer.'
            : `${noLeidos} sin leer.`}
      </span>
      <button
        type="button"
        className={css.boton}
        disabled={noLeidos === 0 || marcando}
        onClick={async () => {
          setMarcando(true);
          setError(null);
          try {
            await marcarTodos();
            router.refresh();
          } catch (e) {
            setError((e as Error).message);
          } finally {
            setMarcando(false);
          }
        }}
      >
        {marcando ? 'Marcando…' : 'Marcar todos como leídos'}
      </button>
      {error && (
        <p className={css.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
