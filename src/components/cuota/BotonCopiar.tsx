'use client';
import { useEffect, useState } from 'react';
import { IconoSvg } from '@/components/iconos/IconoSvg';
import clases from './cuota.module.css';

/**
 * Copia un dato de la cuenta (CBU, alias) al portapapeles. El nombre dice qué hace y, después de
 * copiar, que se copió ("CBU copiado"), como el CopyButton de Mantine con su ayuda.
 */
export function BotonCopiar({ etiqueta, valor }: { etiqueta: string; valor: string }) {
  const [copiado, setCopiado] = useState(false);
  useEffect(() => {
    if (!copiado) return;
    const t = setTimeout(() => setCopiado(false), 2500);
    return () => clearTimeout(t);
  }, [copiado]);
  return (
    <button
      type="button"
      className={clases.copiar}
      data-copiado={copiado || undefined}
      aria-label={copiado ? `${etiqueta} copiado` : `Copiar ${etiqueta}`}
      onClick={() => {
        void navigator.clipboard?.writeText(valor).then(
          () => setCopiado(true),
          () => setCopiado(false),
        );
      }}
    >
      <IconoSvg tamanio={18}>
        {copiado ? (
          <path d="M5 12l5 5l10 -10" />
        ) : (
          <>
            <path d="M7 9.667a2.667 2.667 0 0 1 2.667 -2.667h8.666a2.667 2.667 0 0 1 2.667 2.667v8.666a2.667 2.667 0 0 1 -2.667 2.667h-8.666a2.667 2.667 0 0 1 -2.667 -2.667z" />
            <path d="M4.012 16.737a2.005 2.005 0 0 1 -1.012 -1.737v-10c0 -1.1 .9 -2 2 -2h10c.75 0 1.158 .385 1.5 1" />
          </>
        )}
      </IconoSvg>
      <span className={clases.ayuda} aria-hidden>
        {copiado ? 'Copiado' : `Copiar ${etiqueta}`}
      </span>
    </button>
  );
}
