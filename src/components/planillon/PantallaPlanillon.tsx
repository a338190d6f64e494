'use client';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Group,
  Input,
  Loader,
  NativeSelect,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure, useWindowEvent } from '@mantine/hooks';
import {
  IconArrowsMaximize,
  IconArrowsMinimize,
  IconPrinter,
  IconSchool,
} from '@tabler/icons-react';
import { useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useEstadoCompartido } from '@/components/marco/EstadoCompartido';
import { ListaBuscable } from '@/components/listas/ListaBuscable';
import { Exportar } from '@/components/ui/Exportar';

import { mesInicial, mesesDelCiclo } from './calendario';
import { GrillaPlanillon, MuestraColor } from './GrillaPlanillon';
import { modosDeRuta } from './modos';
import type { ModoPlanillon, SeleccionPlanillon } from './tipos';
import clases from './planillon.module.css';

/** Mensajes de la spec (01 §8). */
export const SELECCIONE_UN_CURSO = 'Seleccione un curso';
export const NO_HAY_MODOS = 'No hay modos';

/** Para imprimir (Ctrl+P): sin barra superior ni controles, la grilla entera, apaisada. */
const IMPRESION = `@media print {
  @page { size: landscape; margin: 8mm; }
  [data-print-oculto] { display: none !important; }
}`;

/** Lee un entero positivo de la URL. */
const entero = (v: string | null) => (v && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : null);

/** Cambia la URL sin navegar (no vuelve a pedir la página al servidor). */
function reemplazarParametros(cambios: Record<string, string | null>) {
  const url = new URL(window.location.href);
  for (const [k, v] of Object.entries(cambios)) {
    if (v == null) url.searchParams.delete(k);
    else url.searchParams.set(k, v);
  }
  window.history.replaceState(window.history.state, '', url);
}

/**
 * El planillón (spec 01 §2 Overview): una grilla de todo un curso en el modo elegido. Se elige
 * el curso (lista buscable con el alcance del rol: el Preceptor sólo ve los suyos), en
 * asistencias y medidas el mes del ciclo lectivo de la barra y, en un modo con selector propio
 * (avances: la instancia), una de las opciones que llegan con sus datos. Sin curso: 'Seleccione
 * un curso'. Curso, mes, modo y lo elegido en el selector del modo quedan en la URL. Pantalla
 * completa y versión para imprimir.
 *
 * `ruta` dice qué modos ofrece (ver `modos/index.ts`); los que aún no existen no aparecen.
 */
export function PantallaPlanillon({ ruta, hoy }: { ruta: string; hoy: string }) {
  const { ciclo } = useEstadoCompartido();
  const parametros = useSearchParams();
  const [curso, setCurso] = useState<number | null>(() => entero(parametros.get('curso')));
  const [mesPedido, setMesPedido] = useState<string | null>(() => parametros.get('mes'));
  const [modoPedido, setModoPedido] = useState<string | null>(() => parametros.get('modo'));
  const [completa, setCompleta] = useState(false);
  const [listaAbierta, lista] = useDisclosure(false);
  const botonLista = useRef<HTMLButtonElement>(null);
  const desplegable = useRef<HTMLDivElement>(null);
  // Un clic fuera del botón y de la lista la cierra.
  useEffect(() => {
    if (!listaAbierta) return;
    const fuera = (e: PointerEvent) => {
      if (!desplegable.current?.contains(e.target as Node)) lista.close();
    };
    document.addEventListener('pointerdown', fuera);
    return () => document.removeEventListener('pointerdown', fuera);
  }, [listaAbierta, lista]);
  // Lo elegido en el selector propio de cada modo, por parámetro de la URL.
  const [opcionesElegidas, setOpcionesElegidas] = useState<Record<string, string | null>>({});
  // Donde el modo pone su selector, en la barra de controles (después del mes).
  const [ranura, setRanura] = useState<HTMLDivElement | null>(null);

  useWindowEvent('keydown', (e) => {
    if (e.key === 'Escape' && completa && !listaAbierta) setCompleta(false);
  });

  const modos = modosDeRuta(ruta);
  const modo = modos.find((m) => m.id === modoPedido) ?? modos[0];
  const meses = mesesDelCiclo(ciclo, hoy);
  // El mes pedido vale si es del ciclo de la barra; si no (o si cambió el ciclo), el inicial.
  const mes =
    mesPedido && meses.some((m) => m.value === mesPedido) ? mesPedido : mesInicial(ciclo, hoy);
  const parametro = modo?.selector?.parametro;
  const opcion = !parametro
    ? null
    : parametro in opcionesElegidas
      ? (opcionesElegidas[parametro] ?? null)
      : parametros.get(parametro);
  const elegirOpcion = (valor: string | null) => {
    if (!parametro) return;
    setOpcionesElegidas((o) => ({ ...o, [parametro]: valor }));
    reemplazarParametros({ [parametro]: valor });
  };

  const elegirCurso = (id: number) => {
    setCurso(id);
    lista.close();
    reemplazarParametros({ curso: String(id) });
  };

  if (!modo)
    return (
      <Alert color="red" title="Planillón">
        {NO_HAY_MODOS}
      </Alert>
    );

  const controles = (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap" data-print-oculto>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Title order={1} size="h3" mb={4}>
          Planillón
        </Title>
        {curso != null && (
          <div
            ref={desplegable}
            className={clases.desplegable}
            onKeyDown={(e) => {
              if (e.key === 'Escape' && listaAbierta) {
                e.stopPropagation();
                lista.close();
                botonLista.current?.focus();
              }
            }}
            onBlur={(e) => {
              // Tab fuera del botón y de la lista la cierra.
              const destino = e.relatedTarget as Node | null;
              if (destino && !e.currentTarget.contains(destino)) lista.close();
            }}
          >
            <Button
              ref={botonLista}
              variant="default"
              leftSection={<IconSchool size={16} />}
              onClick={lista.toggle}
              aria-expanded={listaAbierta}
              aria-controls="planillon-cursos"
            >
              Cambiar curso
            </Button>
            {listaAbierta && (
              <div id="planillon-cursos" className={clases.panel}>
                <ListaBuscable
                  fuente="cursos"
                  etiqueta="Cursos"
                  seleccionado={curso}
                  onElegir={(o) => elegirCurso(o.id)}
                  alto={300}
                />
              </div>
            )}
          </div>
        )}
        {modo.necesitaMes && (
          <NativeSelect
            label="Mes"
            w={140}
            data={meses.length ? meses : [{ value: mes, label: mes }]}
            value={mes}
            onChange={(e) => {
              setMesPedido(e.currentTarget.value);
              reemplazarParametros({ mes: e.currentTarget.value });
            }}
          />
        )}
        <div ref={setRanura} style={{ display: 'contents' }} />
        {modos.length > 1 && (
          <Input.Wrapper label="Modo" id="modo-planillon" labelElement="div">
            <SegmentedControl
              aria-labelledby="modo-planillon-label"
              data={modos.map((m) => ({ value: m.id, label: m.etiqueta }))}
              value={modo.id}
              onChange={(v) => {
                setModoPedido(v);
                reemplazarParametros({ modo: v });
              }}
              display="flex"
            />
          </Input.Wrapper>
        )}
      </Group>
      <Group gap={6} wrap="nowrap">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Imprimir"
          title="Imprimir"
          disabled={curso == null}
          onClick={() => window.print()}
        >
          <IconPrinter size={18} />
        </ActionIcon>
        <ActionIcon
          variant={completa ? 'filled' : 'default'}
          size="lg"
          aria-label="Pantalla completa"
          title={completa ? 'Salir de pantalla completa' : 'Pantalla completa'}
          aria-pressed={completa}
          onClick={() => setCompleta((c) => !c)}
        >
          {completa ? <IconArrowsMinimize size={18} /> : <IconArrowsMaximize size={18} />}
        </ActionIcon>
      </Group>
    </Group>
  );

  return (
    <Box
      className={completa ? clases.pantallaCompleta : undefined}
      data-testid="planillon"
      data-pantalla-completa={completa || undefined}
    >
      <style>{IMPRESION}</style>
      <Stack gap="sm" style={completa ? { flex: 1, minHeight: 0 } : undefined}>
        {controles}
        {curso == null ? (
          <Paper withBorder p="md" maw={420} data-print-oculto>
            <Text fw={500} mb="sm" data-testid="seleccione-un-curso">
              {SELECCIONE_UN_CURSO}
            </Text>
            <ListaBuscable
              fuente="cursos"
              etiqueta="Cursos"
              onElegir={(o) => elegirCurso(o.id)}
              alto={360}
            />
          </Paper>
        ) : (
          <VistaModo
            key={modo.id}
            modo={modo}
            seleccion={{ curso, mes: modo.necesitaMes ? mes : null, ciclo, opcion }}
            completa={completa}
            ranura={ranura}
            onOpcion={elegirOpcion}
          />
        )}
      </Stack>
    </Box>
  );
}

/**
 * Trae los datos del modo y dibuja la grilla; `key={modo.id}` la vuelve a montar al cambiar de
 * modo. El selector propio del modo (si tiene) va a la barra de controles, en `ranura`.
 */
function VistaModo({
  modo,
  seleccion,
  completa,
  ranura,
  onOpcion,
}: {
  modo: ModoPlanillon;
  seleccion: SeleccionPlanillon;
  completa: boolean;
  ranura: HTMLElement | null;
  onOpcion: (valor: string | null) => void;
}) {
  const { modelo, cargando, actualizando, error, opciones } = modo.useDatos(seleccion);
  const lista = opciones?.lista ?? [];
  // Mientras llega lo elegido, el selector ya lo muestra (no vuelve a la opción anterior).
  const valor =
    seleccion.opcion && lista.some((o) => o.value === seleccion.opcion)
      ? seleccion.opcion
      : (opciones?.valor ?? lista[0]?.value ?? '');
  const selector =
    modo.selector && ranura && lista.length > 0
      ? createPortal(
          <NativeSelect
            label={modo.selector.etiqueta}
            w={200}
            data={lista}
            value={valor}
            onChange={(e) => onOpcion(e.currentTarget.value)}
          />,
          ranura,
        )
      : null;
  if (error)
    return (
      <>
        {selector}
        <Alert color="red" title="No se pudo cargar el planillón" role="alert">
          {error}
          {modo.selector && seleccion.opcion != null && (
            <Group mt="xs">
              <Button variant="light" size="xs" onClick={() => onOpcion(null)}>
                {modo.selector.restablecer}
              </Button>
            </Group>
          )}
        </Alert>
      </>
    );
  if (cargando || !modelo)
    return (
      <Stack gap={6} aria-busy="true" role="status" aria-label="Cargando">
        {selector}
        <Skeleton height={24} width={260} />
        <Skeleton height={320} />
      </Stack>
    );
  const titulo = [modo.etiqueta, modelo.curso, modelo.periodo].filter(Boolean).join(' · ');
  const exportacion = modo.exportar?.(seleccion, opciones?.valor ?? null);
  return (
    <Stack gap="xs" style={completa ? { flex: 1, minHeight: 0 } : undefined}>
      {selector}
      <Group gap="xs" wrap="nowrap">
        <Title order={2} size="h4" data-testid="titulo-grilla">
          {titulo}
        </Title>
        {actualizando && <Loader size="xs" aria-label="Actualizando" />}
        {exportacion && (
          <Box data-print-oculto ml="auto">
            <Exportar
              lista={exportacion.lista}
              parametros={exportacion.parametros}
              deshabilitado={actualizando}
            />
          </Box>
        )}
      </Group>
      {modelo.filas.length === 0 ? (
        <Text c="dimmed">Sin resultados</Text>
      ) : (
        <GrillaPlanillon modelo={modelo} titulo={titulo} />
      )}
      {modelo.leyenda && (
        <Group
          gap="md"
          wrap="wrap"
          component="ul"
          aria-label="Referencias"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {modelo.leyenda.map((l) => (
            <Group key={l.texto} gap={6} wrap="nowrap" component="li">
              <MuestraColor color={l.color} relleno={l.relleno} muestra={l.muestra} />
              <Text size="xs">{l.texto}</Text>
            </Group>
          ))}
        </Group>
      )}
      {modelo.nota && !completa && (
        <Text size="xs" c="dimmed" data-print-oculto>
          {modelo.nota}
        </Text>
      )}
    </Stack>
  );
}
