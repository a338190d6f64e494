'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { Icono } from '@/components/iconos/Icono';
import css from './marco.module.css';

/**
 * Las partes del marco que reaccionan en el navegador: abrir y cerrar el menú de módulos, el
 * nombre del módulo actual y el enlace activo. Todo lo demás del marco se arma en el servidor.
 */

/** `[ruta, nombre]` de cada módulo del catálogo (src/domain/modulos.ts; lo arma el marco). */
export type ModuloDelMenu = readonly [string, string];

/**
 * El módulo de una ruta: el de la ruta más larga que la contiene, la regla de `moduloDeRuta`
 * (src/domain/modulos.ts) sobre los pares que manda el servidor: el catálogo entero, con sus roles,
 * no viaja en el código de cada página.
 */
function moduloEn(ruta: string, modulos: readonly ModuloDelMenu[]): ModuloDelMenu | undefined {
  const limpia = ruta.split('?')[0]!.replace(/\/+$/, '') || '/';
  let mejor: ModuloDelMenu | undefined;
  for (const m of modulos)
    if (
      (limpia === m[0] || limpia.startsWith(m[0] + '/')) &&
      (!mejor || m[0].length > mejor[0].length)
    )
      mejor = m;
  return mejor;
}

interface EstadoMenu {
  abierto: boolean;
  alternar: () => void;
  cerrar: () => void;
  modulos: readonly ModuloDelMenu[];
}

const ContextoMenu = createContext<EstadoMenu>({
  abierto: false,
  alternar: () => {},
  cerrar: () => {},
  modulos: [],
});

/** Guarda si el menú está abierto; se cierra al cambiar de página, con Escape y al elegir. */
export function ControlMenu({
  modulos,
  children,
}: {
  modulos: readonly ModuloDelMenu[];
  children: ReactNode;
}) {
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
        modulos,
      }}
    >
      {children}
    </ContextoMenu.Provider>
  );
}

/**
 * El botón de menú del teléfono. Los íconos del marco salen del sprite (`sprite`, la ruta con su
 * versión), no de @tabler/icons-react: la biblioteca no viaja en la primera carga de cada página.
 */
export function BotonHamburguesa({ sprite }: { sprite: string }) {
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
      <Icono sprite={sprite} nombre={abierto ? 'x' : 'menu-2'} size={20} stroke={2} />
    </button>
  );
}

/** El nombre del módulo actual (se corta con "…"): abre el mismo menú de módulos. */
export function BotonModulo({ sprite }: { sprite: string }) {
  const { abierto, alternar, modulos } = useContext(ContextoMenu);
  const ruta = usePathname();
  const nombre = (ruta === '/' ? undefined : moduloEn(ruta, modulos))?.[1] ?? 'Inicio';
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
      <Icono sprite={sprite} nombre="chevron-down" size={16} stroke={2} />
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
 * Marca la página actual y cierra el menú al elegir. Con `indicador` (las páginas de las
 * familias, sin loading.tsx), al elegir otra página el menú queda abierto con el indicador en el
 * enlace hasta que la página llega, y se cierra solo al cambiar de ruta.
 */
export function EnlacesMenu({
  sprite,
  enlaces,
  indicador,
}: {
  /** La ruta del sprite de íconos, con su versión (src/components/iconos/sprite.tsx). */
  sprite: string;
  /** `[ruta, nombre, ícono]` de cada enlace. */
  enlaces: readonly (readonly [string, string, string])[];
  /** Lo que muestra un enlace mientras abre su página (`Pendiente`); lo pasa el layout. */
  indicador?: ReactNode;
}) {
  const { cerrar, modulos } = useContext(ContextoMenu);
  const ruta = usePathname();
  const actual = moduloEn(ruta, modulos)?.[0];
  return (
    <ul className={css.enlaces}>
      {enlaces.map(([href, nombre, icono]) => (
        <li key={href}>
          <Link
            href={href}
            className={css.enlace}
            aria-current={(href === '/' ? ruta === '/' : actual === href) ? 'page' : undefined}
            onClick={indicador && href !== ruta ? undefined : cerrar}
            prefetch={false}
          >
            <Icono sprite={sprite} nombre={icono} size={18} />
            {nombre}
            {indicador}
          </Link>
        </li>
      ))}
    </ul>
  );
}
