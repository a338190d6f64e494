'use client';
import {
  AppShell,
  Avatar,
  Box,
  Burger,
  Group,
  Menu,
  NativeSelect,
  NavLink,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { avisar } from '@/components/avisos';
import { IconChevronDown, IconHome } from '@tabler/icons-react';
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useTransition, type ReactNode } from 'react';
import { ETIQUETA_ROL, type RolBit } from '@/domain/roles';
import { cambiarRol, elegirCiclo, elegirHijo } from '@/components/acciones';
import { BotonSalir } from './BotonSalir';
import type { Hijo, ModuloSistema } from '@/server/api/routers/sesion/service';
import { moduloDeRuta } from '@/server/permisos';
import { TRPCProvider } from '@/trpc/react';
import { ContextoEstado } from './EstadoCompartido';
import { IconoModulo } from './iconos';

export type Variante = 'personal' | 'simple' | 'alumno';

interface Props {
  variante: Variante;
  usuario: { nombre: string; apellido: string };
  rol: number;
  roles: number[];
  ciclo: number;
  ciclos: number[];
  hijos: Hijo[];
  hijo: number | null;
  modulos: ModuloSistema[];
  children: ReactNode;
}

export function MarcoCliente(p: Props) {
  const [abierto, { toggle, close }] = useDisclosure(false);
  const ruta = usePathname();
  const router = useRouter();
  const [pendiente, iniciar] = useTransition();
  const actual = ruta === '/' ? undefined : moduloDeRuta(ruta);

  const ejecutar = (accion: () => Promise<{ error?: string } | void>) =>
    iniciar(async () => {
      const r = await accion();
      if (r && r.error) avisar({ color: 'red', title: 'No se pudo cambiar', message: r.error });
      else router.refresh();
    });

  const selectorRol = p.roles.length > 0 && (
    <NativeSelect
      aria-label="Rol"
      size="xs"
      w={190}
      disabled={pendiente}
      data={p.roles.map((r) => ({ value: String(r), label: ETIQUETA_ROL[r as RolBit] }))}
      value={String(p.rol)}
      onChange={(e) => {
        const v = Number(e.currentTarget.value);
        if (v !== p.rol) ejecutar(() => cambiarRol(v));
      }}
    />
  );
  const selectorCiclo = (
    <NativeSelect
      aria-label="Ciclo lectivo"
      size="xs"
      w={90}
      disabled={pendiente}
      data={[...p.ciclos].reverse().map(String)}
      value={String(p.ciclo)}
      onChange={(e) => {
        const v = Number(e.currentTarget.value);
        ejecutar(() => elegirCiclo(v));
      }}
    />
  );
  const selectorHijo = p.hijos.length > 0 && (
    <NativeSelect
      aria-label="Alumno"
      size="xs"
      w={250}
      disabled={pendiente || p.hijos.length === 1}
      data={p.hijos.map((h) => ({
        value: String(h.id),
        label: `${h.apellido}, ${h.nombre}${h.curso ? ` (${h.curso})` : ''}`,
      }))}
      value={p.hijo ? String(p.hijo) : undefined}
      onChange={(e) => {
        const v = Number(e.currentTarget.value);
        ejecutar(() => elegirHijo(v));
      }}
    />
  );
  const selectores = (
    <>
      {p.variante === 'personal' && (
        <>
          {selectorCiclo}
          {selectorRol}
        </>
      )}
      {p.variante === 'alumno' && (
        <>
          {selectorHijo}
          {p.roles.length > 1 && selectorRol}
        </>
      )}
    </>
  );
  const nombreCompleto = `${p.usuario.nombre} ${p.usuario.apellido}`;
  const nombre = (
    <Text size="sm" fw={500} data-testid="usuario-nombre" truncate title={nombreCompleto}>
      {nombreCompleto}
    </Text>
  );
  const nombreModulo = actual?.nombre ?? 'Inicio';
  const botonSalir = <BotonSalir />;

  return (
    <ContextoEstado.Provider
      value={{
        ciclo: p.ciclo,
        ciclos: p.ciclos,
        rol: p.rol,
        roles: p.roles,
        hijos: p.hijos,
        hijo: p.hijo,
      }}
    >
      <AppShell
        header={{ height: 56 }}
        navbar={{ width: 280, breakpoint: 'sm', collapsed: { desktop: true, mobile: !abierto } }}
        padding="md"
      >
        <AppShell.Header>
          {/*
            En el teléfono la barra lleva el menú, el inicio y el módulo (que se corta con "…" y
            muestra el nombre entero al pasar el puntero); el nombre del usuario va arriba del
            menú lateral y en la barra quedan sus iniciales: nada se superpone de 360 a 414 px.
          */}
          <Group
            h="100%"
            px={{ base: 'xs', sm: 'md' }}
            gap="sm"
            justify="space-between"
            wrap="nowrap"
          >
            <Group gap={6} wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
              <Burger
                opened={abierto}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label="Abrir el menú"
                aria-expanded={abierto}
              />
              <UnstyledButton
                component={Link}
                href="/"
                aria-label="Inicio"
                title="Inicio"
                p={4}
                style={{ flexShrink: 0 }}
              >
                <IconHome size={22} />
              </UnstyledButton>
              <Menu position="bottom-start" withinPortal>
                <Menu.Target>
                  <UnstyledButton
                    aria-label={`Módulos: ${nombreModulo}`}
                    title={nombreModulo}
                    data-testid="modulo-actual"
                    style={{ minWidth: 0 }}
                  >
                    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                      {/* En el teléfono, sin el ícono: el nombre del módulo tiene más lugar. */}
                      {actual ? (
                        <Box visibleFrom="sm" display="flex">
                          <IconoModulo nombre={actual.icono} />
                        </Box>
                      ) : null}
                      <Text fw={600} truncate data-testid="modulo-nombre">
                        {nombreModulo}
                      </Text>
                      <IconChevronDown size={16} style={{ flexShrink: 0 }} />
                    </Group>
                  </UnstyledButton>
                </Menu.Target>
                <Menu.Dropdown mah={420} style={{ overflowY: 'auto' }}>
                  <Menu.Item component={Link} href="/" leftSection={<IconHome size={18} />}>
                    Inicio
                  </Menu.Item>
                  {p.modulos.map((m) => (
                    <Menu.Item
                      key={m.main}
                      component={Link}
                      href={m.main}
                      disabled={!m.disponible}
                      leftSection={<IconoModulo nombre={m.icono} size={18} />}
                    >
                      {m.nombre}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            </Group>
            <Group gap="sm" wrap="nowrap" visibleFrom="sm" style={{ minWidth: 0, flexShrink: 1 }}>
              {selectores}
              <Box maw={220} style={{ minWidth: 0 }}>
                {nombre}
              </Box>
              {botonSalir}
            </Group>
            <Avatar
              hiddenFrom="sm"
              size={32}
              radius="xl"
              color="indigo"
              variant="filled"
              name={nombreCompleto}
              role="img"
              aria-label={nombreCompleto}
              title={nombreCompleto}
              data-testid="usuario-iniciales"
              style={{ flexShrink: 0 }}
            />
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="md" aria-label="Menú" hiddenFrom="sm" inert={!abierto}>
          <AppShell.Section>
            <Box mb="xs">{nombre}</Box>
            <Group gap="xs" mb="md" wrap="wrap">
              {selectores}
            </Group>
          </AppShell.Section>
          <AppShell.Section grow style={{ overflowY: 'auto' }}>
            <NavLink
              component={Link}
              href="/"
              label="Inicio"
              leftSection={<IconHome size={18} />}
              onClick={close}
              active={ruta === '/'}
            />
            {p.modulos.map((m) => (
              <NavLink
                key={m.main}
                component={Link}
                href={m.main}
                label={m.nombre}
                disabled={!m.disponible}
                leftSection={<IconoModulo nombre={m.icono} size={18} />}
                onClick={close}
                active={actual?.ruta === m.main}
              />
            ))}
          </AppShell.Section>
          <AppShell.Section>{botonSalir}</AppShell.Section>
        </AppShell.Navbar>
        <AppShell.Main>
          <TRPCProvider>{p.children}</TRPCProvider>
        </AppShell.Main>
      </AppShell>
    </ContextoEstado.Provider>
  );
}
