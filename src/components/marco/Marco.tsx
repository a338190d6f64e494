import Link from 'next/link';
import type { ReactNode } from 'react';
import 'server-only';

import { ETIQUETA_ROL, Rol, rolesDe, type RolBit } from '@/domain/roles';
import { MODULOS } from '@/domain/modulos';
import { modulosVisibles, requerirSesion } from '@/server/auth/guardia';
import { hijos as hijosDe } from '@/server/consultas/hijos';
import { ciclosDelSelector } from '@/server/reloj';
import { BotonSalir } from './BotonSalir';
import { ProveedorEstado } from './EstadoCompartido';
import { Icono } from '@/components/iconos/Icono';
import { iconoConocido, spriteDeIconos } from '@/components/iconos/sprite';
import css from './marco.module.css';
import {
  BotonHamburguesa,
  BotonModulo,
  ControlMenu,
  EnlacesMenu,
  MenuLateral,
  type ModuloDelMenu,
} from './menu';
import { Selectores } from './Selectores';
import { VigiaUsuario } from '@/components/sin-conexion/VigiaUsuario';
import { Campana } from '@/components/avisos/Campana';
import { servidor } from '@/trpc/server';
import type { Variante } from './variante';

/**
 * El marco de toda pantalla con sesión (spec 01 §2 Layouts): barra superior con inicio,
 * módulo actual (que abre el menú de módulos), nombre del usuario y "Salir"; según la variante,
 * selector de ciclo lectivo y de rol (personal), sólo el nombre (simple) o el selector de alumno
 * (alumnos y referentes). Lee el estado compartido en el servidor.
 *
 * Se arma en el servidor con HTML y CSS (marco/marco.module.css): en el navegador sólo corren
 * las piezas chicas de marco/menu.tsx (abrir el menú, el módulo actual) y los selectores. En el
 * teléfono la barra lleva el menú, el inicio, el módulo (que se corta con "…") y las iniciales;
 * el nombre, los selectores y "Salir" van arriba y abajo del menú lateral: nada se superpone de
 * 360 a 414 px.
 */
/** Ruta y nombre de cada módulo, para el nombre del módulo actual en la barra (y /avisos, de todos). */
const MODULOS_DEL_MENU: readonly ModuloDelMenu[] = [
  ...MODULOS.map((m) => [m.ruta, m.nombre] as const),
  ['/avisos', 'Avisos'],
];

/**
 * `indicador`: lo que muestra el enlace del menú mientras abre su página (`Pendiente`). Lo pasan
 * los layouts de las páginas sin loading.tsx (las de las familias y el inicio): así su código no
 * viaja en las pantallas del personal, que tienen su esqueleto de carga.
 */
export async function Marco({
  variante,
  indicador,
  children,
}: {
  variante?: Variante;
  indicador?: ReactNode;
  children: ReactNode;
}) {
  const ctx = await requerirSesion();
  const { sesion } = ctx;
  const publico = sesion.rol === Rol.Alumno || sesion.rol === Rol.ReferenteParental;
  const v: Variante = variante ?? (publico ? 'alumno' : 'personal');
  // Los módulos (al alumno, una lectura de su año) y los hijos (al referente) a la vez.
  // …y los avisos sin leer de la campana (issue 35 §2; si la cuenta falla, la página sigue).
  const [modulos, hijos, noLeidos] = await Promise.all([
    modulosVisibles(),
    sesion.rol === Rol.ReferenteParental ? hijosDe(ctx) : [],
    servidor()
      .then((s) => s.avisos.noLeidos())
      .catch(() => 0),
  ]);
  const hijo = hijos.find((h) => h.id === ctx.hijo) ?? hijos[0] ?? null;
  const roles = rolesDe(sesion.usuario.rls);
  const ciclos = ciclosDelSelector();
  const sprite = spriteDeIconos().ruta;
  const { nombre, apellido } = sesion.usuario;
  const nombreCompleto = `${nombre} ${apellido}`;
  const iniciales = `${nombre.trim().charAt(0)}${apellido.trim().charAt(0)}`.toUpperCase();

  const selectores = (
    <Selectores
      variante={v}
      rol={sesion.rol}
      roles={roles.map((r) => ({ valor: r, etiqueta: ETIQUETA_ROL[r as RolBit] }))}
      ciclo={ctx.ciclo}
      ciclos={ciclos}
      hijos={hijos.map((h) => ({
        valor: h.id,
        etiqueta: `${h.apellido}, ${h.nombre}${h.curso ? ` (${h.curso})` : ''}`,
      }))}
      hijo={hijo?.id ?? null}
    />
  );
  const nombreUsuario = (
    <span className={css.nombre} data-testid="usuario-nombre" title={nombreCompleto}>
      {nombreCompleto}
    </span>
  );

  return (
    <ProveedorEstado
      valor={{
        ciclo: ctx.ciclo,
        ciclos,
        rol: sesion.rol,
        roles,
        hijos,
        hijo: hijo?.id ?? null,
      }}
    >
      <ControlMenu modulos={MODULOS_DEL_MENU}>
        {/* Otra persona ingresó en este teléfono: se borra lo guardado de la anterior (issue 36). */}
        <VigiaUsuario usuario={sesion.usuario.id} />
        <header className={css.barra}>
          <div className={css.izquierda}>
            <BotonHamburguesa sprite={sprite} />
            <Link
              href="/"
              className={`${css.boton} ${css.inicio}`}
              aria-label="Inicio"
              title="Inicio"
              prefetch={false}
            >
              <Icono sprite={sprite} nombre="home" size={22} stroke={2} />
            </Link>
            <BotonModulo sprite={sprite} />
          </div>
          <Campana inicial={noLeidos}>
            <Icono sprite={sprite} nombre="bell" size={22} stroke={1.8} />
          </Campana>
          <div className={css.derecha}>
            {selectores}
            {nombreUsuario}
            <BotonSalir />
          </div>
          <span
            className={css.iniciales}
            role="img"
            aria-label={nombreCompleto}
            title={nombreCompleto}
            data-testid="usuario-iniciales"
          >
            {iniciales}
          </span>
        </header>
        <MenuLateral>
          <div className={css.soloTelefono}>
            <div className={css.cabeceraMenu}>
              {nombreUsuario}
              <div className={css.selectores}>{selectores}</div>
            </div>
          </div>
          <EnlacesMenu
            sprite={sprite}
            indicador={indicador}
            enlaces={[
              ['/', 'Inicio', 'home'],
              ...modulos.map((m) => [m.main, m.nombre, iconoConocido(m.icono)] as const),
            ]}
          />
          <div className={css.soloTelefono}>
            <BotonSalir />
          </div>
        </MenuLateral>
      </ControlMenu>
      <main className={css.principal}>{children}</main>
    </ProveedorEstado>
  );
}
