'use client';
import { IconChevronDown, IconMenu2, IconX } from '@tabler/icons-react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { moduloDeRuta } from '@/domain/modulos';
import { Icono } from '@/components/iconos/Icono';
import css from './marco.module.css';

/**
 * Las partes del marco que reaccionan en el navegador: abrir y cerrar el menú de módulos, el
 * nombre del módulo actual y el enlace activo. Todo lo demás del marco se arma en el servidor.
 */

interface EstadoMenu {
  abierto: boolean;
  alternar: () => void;
  cerrar: () => void;
}

const ContextoMenu = createContext<EstadoMenu>({
  abierto: false,
  alternar: () => {},
  cerrar: () => {},
});

/** Guarda si el menú está abierto; se cierra al cambiar de página, con Escape y al elegir. */
export function ControlMenu({ children }: { children: ReactNode }) {
  // Abierto en qué página: al navegar a otra queda cerrado solo.
  const [abiertoEn, setAbiertoEn] = useState<string | null>(null);
  const ruta = usePathname();
  const abierto = abiertoEn === ruta;
  useEffect(() => {
    if (!abierto) return;
    const alTeclear = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setAbiertoEn(null);
    };
    document.addEventListener('keydown', alTeclear);
    return () => document.removeEventListener('keydown', alTeclear);
  }, [abierto]);
  return (
    <ContextoMenu.Provider
      value={{
        abierto,
        alternar: () => setAbiertoEn(abierto ? null : ruta),
        cerrar: () => setAbiertoEn(null),
      }}
    >
      {children}
    </ContextoMenu.Provider>
  );
}

/** El botón de menú del teléfono. */
export function BotonHamburguesa() {
  const { abierto, alternar } = useContext(ContextoMenu);
  return (
    <button
      type="button"
      className={`${css.boton} ${css.hamburguesa}`}
      onClick={alternar}
      aria-label="Abrir el menú"
      aria-expanded={abierto}
      aria-controls="menu-modulos"
    >
      {abierto ? <IconX size={20} aria-hidden /> : <IconMenu2 size={20} aria-hidden />}
    </button>
  );
}

/** El nombre del módulo actual (se corta con "…"): abre el mismo menú de módulos. */
export function BotonModulo() {
  const { abierto, alternar } = useContext(ContextoMenu);
  const ruta = usePathname();
  const nombre = (ruta === '/' ? undefined : moduloDeRuta(ruta))?.nombre ?? 'Inicio';
  return (
    <button
      type="button"
      className={css.boton}
      onClick={alternar}
      aria-label={`Módulos: ${nombre}`}
      aria-expanded={abierto}
      aria-controls="menu-modulos"
      title={nombre}
      data-testid="modulo-actual"
    >
      <span className={css.modulo} data-testid="modulo-nombre">
        {nombre}
      </span>
      <IconChevronDown size={16} aria-hidden style={{ flexShrink: 0 }} />
    </button>
  );
}

/** El menú lateral: fuera de la vista (e inerte) mientras está cerrado. */
export function MenuLateral({ children }: { children: ReactNode }) {
  const { abierto } = useContext(ContextoMenu);
  return (
    <nav
      id="menu-modulos"
      aria-label="Menú"
      className={css.menu}
      data-abierto={abierto || undefined}
      inert={!abierto}
    >
      {children}
    </nav>
  );
}

/**
 * Los enlaces del menú (inicio y los módulos del rol): una lista de datos chicos y un solo
 * componente, no un componente con su ícono dibujado por enlace (el menú viaja en cada página).
 * Marca la página actual y cierra el menú al elegir.
 */
export function EnlacesMenu({
  sprite,
  enlaces,
}: {
  /** La ruta del sprite de íconos, con su versión (src/components/iconos/sprite.tsx). */
  sprite: string;
  /** `[ruta, nombre, ícono]` de cada enlace. */
  enlaces: readonly (readonly [string, string, string])[];
}) {
  const { cerrar } = useContext(ContextoMenu);
  const ruta = usePathname();
  const actual = moduloDeRuta(ruta)?.ruta;
  return (
    <ul className={css.enlaces}>
      {enlaces.map(([href, nombre, icono]) => (
        <li key={href}>
          <Link
            href={href}
            className={css.enlace}
            aria-current={(href === '/' ? ruta === '/' : actual === href) ? 'page' : undefined}
            onClick={cerrar}
            prefetch={false}
          >
            <Icono sprite={sprite} nombre={icono} size={18} />
            {nombre}
          </Link>
        </li>
      ))}
    </ul>
  );
}
