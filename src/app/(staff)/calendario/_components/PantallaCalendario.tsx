'use client';
import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { avisar } from '@/components/ui/avisos';
import { IconRestore } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import {
  AREAS_CALENDARIO,
  ETIQUETA_AREA,
  GRILLAS_CALENDARIO,
  cambiosCalendario,
  editorCalendario,
  estadoFecha,
  fechasMarcadas,
  hayCambiosCalendario,
  reducirCalendario,
  tipoDeArea,
  type AccionCalendario,
  type AreaCalendario,
  type EditorCalendario,
  type EstadoFecha,
  type FechaCalendario,
  type GrillaCalendario,
} from '@/domain/calendario';
import { PRIMER_CICLO_LECTIVO } from '@/domain/escuela';
import { diaYMes } from '@/domain/texto';
import { useEstadoCompartido } from '@/components/marco/EstadoCompartido';
import { BarraGuardar, textoCambios } from '@/components/ui/BarraGuardar';
import { confirmar } from '@/components/ui/confirmar';
import { mensajeDeError } from '@/components/ui/errores';
import { useAvisoAlSalir } from '@/components/ui/useAvisoAlSalir';
import { api } from '@/trpc/react';
import estilos from './calendario.module.css';
import { MesCalendario } from './MesCalendario';
import { TEXTO_ESTADO } from './meses';

const claveGrilla = (g: Pick<GrillaCalendario, 'area' | 'tipo'>) => `${g.area}:${g.tipo ?? ''}`;

/** El selector de fechas: una opción por grilla (área y tipo), agrupadas por área. */
const OPCIONES_GRILLA = AREAS_CALENDARIO.map((area) => ({
  group: ETIQUETA_AREA[area],
  items: GRILLAS_CALENDARIO.filter((g) => g.area === area).map((g) => ({
    value: claveGrilla(g),
    label: g.etiqueta,
  })),
}));

const MESES_DEL_ANIO = Array.from({ length: 12 }, (_, i) => i + 1);

/** Sin recargas solas: lo pendiente sólo se reemplaza al cambiar de año o de área, o al guardar. */
const SIN_RECARGAS = {
  staleTime: Infinity,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
} as const;

/** Las fechas guardadas de un área (las de tipos que no son del área no se editan acá). */
const marcasDelArea = (fechas: readonly FechaCalendario[], area: AreaCalendario) =>
  fechas
    .filter((f) => f.area === area && tipoDeArea(area, f.tipo))
    .map((f) => ({ fecha: f.fecha, tipo: f.tipo }));

/** Confirma descartar lo pendiente, nombrando qué se pierde: cuántos cambios, de qué área y año. */
function descartar(
  pendientes: number,
  { area, anio }: { area: AreaCalendario; anio: number },
): Promise<boolean> {
  if (pendientes === 0) return Promise.resolve(true);
  return confirmar({
    titulo: '¿Descartar los cambios sin guardar?',
    mensaje: `${textoCambios(pendientes)} en ${ETIQUETA_AREA[area]} ${anio}: las fechas marcadas para agregar o para borrar se perderán.`,
    confirmar: 'Descartar',
    peligro: true,
  });
}

/**
 * El editor del área con el reductor del dominio (spec 02 §4). Se vuelve a cargar solo cuando
 * cambian las fechas del servidor o el área; `recargar` descarta lo pendiente.
 */
function useEditor(fechas: readonly FechaCalendario[] | undefined, area: AreaCalendario) {
  const cargar = (): EditorCalendario =>
    editorCalendario(area, fechas ? marcasDelArea(fechas, area) : []);
  const [estado, setEstado] = useState(() => ({ fechas, area, editor: cargar() }));
  let actual = estado;
  if (estado.fechas !== fechas || estado.area !== area) {
    // Estado derivado: al cambiar los datos del servidor o el área se descarta lo pendiente.
    actual = { fechas, area, editor: cargar() };
    setEstado(actual);
  }
  const despachar = useCallback(
    (accion: AccionCalendario) =>
      setEstado((s) => ({ ...s, editor: reducirCalendario(s.editor, accion) })),
    [],
  );
  const recargar = () => setEstado({ fechas, area, editor: cargar() });
  return { editor: actual.editor, despachar, recargar };
}

/**
 * /calendario (spec 02 §2, §4, §7, §9): se elige el año y las fechas (área y tipo) y se ven los
 * 12 meses; un clic en un día lo marca para agregar o, si estaba guardado, para borrar (otro clic
 * lo deshace). "Guardar" manda las nuevas y las borradas del área (POST /calendario/save/{area}).
 */
export function PantallaCalendario({
  hoy,
  anioActual,
  ultimoAnio,
}: {
  /** Hoy en la zona de la escuela, 'AAAA-MM-DD'. */
  hoy: string;
  /** El ciclo lectivo en curso. */
  anioActual: number;
  /** El último año editable (el siguiente al actual). */
  ultimoAnio: number;
}) {
  const { ciclo } = useEstadoCompartido();
  const [anio, setAnio] = useState(ciclo || anioActual);
  const [grilla, setGrilla] = useState<GrillaCalendario>(GRILLAS_CALENDARIO[0]!);
  const utils = api.useUtils();
  const calendario = api.calendario.anio.useQuery({ anio }, SIN_RECARGAS);
  const guardar = api.calendario.guardar.useMutation();
  const { editor, despachar, recargar } = useEditor(calendario.data, grilla.area);
  const pendientes = editor.nuevas.length + editor.borradas.length;
  const hayCambios = hayCambiosCalendario(editor);

  useAvisoAlSalir(hayCambios);

  const anios = useMemo(() => {
    const lista: string[] = [];
    for (let a = ultimoAnio; a >= PRIMER_CICLO_LECTIVO; a--) lista.push(String(a));
    return lista;
  }, [ultimoAnio]);

  /** El estado de cada fecha marcada del tipo elegido, para pintar los meses. */
  const estados = useMemo(() => {
    const m = new Map<string, NonNullable<EstadoFecha>>();
    for (const x of [...editor.guardadas, ...editor.nuevas]) {
      if (x.tipo !== grilla.tipo) continue;
      const e = estadoFecha(editor, x);
      if (e) m.set(x.fecha, e);
    }
    return m;
  }, [editor, grilla.tipo]);
  const porMes = useMemo(() => {
    const meses = MESES_DEL_ANIO.map(() => new Map<string, NonNullable<EstadoFecha>>());
    for (const [fecha, e] of estados) {
      if (fecha.startsWith(`${anio}-`)) meses[Number(fecha.slice(5, 7)) - 1]!.set(fecha, e);
    }
    return meses;
  }, [estados, anio]);

  const tipo = grilla.tipo;
  const alternar = useCallback(
    (fecha: string) => despachar({ accion: 'alternar', marca: { fecha, tipo } }),
    [despachar, tipo],
  );

  const elegirAnio = async (valor: number) => {
    if (valor === anio) return;
    if (await descartar(pendientes, { area: grilla.area, anio })) setAnio(valor);
  };
  const elegirGrilla = async (clave: string) => {
    const nueva = GRILLAS_CALENDARIO.find((g) => claveGrilla(g) === clave);
    if (!nueva) return;
    // Dentro de la misma área lo pendiente se conserva (se guarda por área).
    if (nueva.area === grilla.area || (await descartar(pendientes, { area: grilla.area, anio })))
      setGrilla(nueva);
  };
  const alDescartar = async () => {
    if (await descartar(pendientes, { area: grilla.area, anio })) recargar();
  };
  const alGuardar = async () => {
    const { nuevas, borradas } = cambiosCalendario(editor);
    try {
      const fechas = await guardar.mutateAsync({ area: editor.area, nuevas, borradas, anio });
      // Las fechas releídas reemplazan a las anteriores: lo pendiente queda vacío.
      utils.calendario.anio.setData({ anio }, fechas);
      avisar({ color: 'green', message: 'Datos guardados correctamente' });
    } catch (e) {
      avisar({ color: 'red', title: 'No se pudo guardar', message: mensajeDeError(e) });
    }
  };

  const marcadas = fechasMarcadas(editor, grilla.tipo).filter((f) => f.startsWith(`${anio}-`));

  let meses: React.ReactNode;
  if (calendario.isPending) {
    meses = (
      <SimpleGrid
        cols={{ base: 1, xs: 2, md: 3, lg: 4 }}
        role="status"
        aria-busy="true"
        aria-label="Cargando el calendario"
      >
        {MESES_DEL_ANIO.map((m) => (
          <Skeleton key={m} height={250} />
        ))}
      </SimpleGrid>
    );
  } else if (calendario.isError) {
    meses = (
      <Alert color="red" role="alert" title="No se pudo cargar el calendario">
        {mensajeDeError(calendario.error)}
      </Alert>
    );
  } else {
    meses = (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="sm" verticalSpacing="sm">
        {MESES_DEL_ANIO.map((m) => (
          <MesCalendario
            key={m}
            anio={anio}
            mes={m}
            hoy={hoy}
            estados={porMes[m - 1]!}
            onAlternar={alternar}
          />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Calendario
      </Title>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group gap="md" align="end" wrap="wrap">
            <NativeSelect
              label="Año"
              w={110}
              data={anios}
              value={String(anio)}
              onChange={(e) => void elegirAnio(Number(e.currentTarget.value))}
            />
            <NativeSelect
              label="Fechas"
              w={{ base: '100%', xs: 280 }}
              data={OPCIONES_GRILLA}
              value={claveGrilla(grilla)}
              onChange={(e) => void elegirGrilla(e.currentTarget.value)}
            />
          </Group>
          <Leyenda />
        </Stack>
      </Paper>

      <Stack gap={4}>
        <Title order={2} size="h4" data-testid="grilla-elegida">
          {`${grilla.etiqueta} ${anio}`}
        </Title>
        <Text size="sm" c="dimmed" data-testid="fechas-marcadas">
          {calendario.isSuccess &&
            (marcadas.length
              ? `${hayCambios ? 'Al guardar quedan marcadas' : 'Fechas marcadas'} (${marcadas.length}): ${marcadas.map(diaYMes).join(', ')}`
              : hayCambios
                ? 'Al guardar no queda ninguna fecha marcada este año.'
                : 'Sin fechas marcadas este año.')}
        </Text>
      </Stack>

      {meses}

      <BarraGuardar
        cambios={hayCambios ? pendientes : 0}
        guardando={guardar.isPending}
        onGuardar={() => void alGuardar()}
        texto={
          pendientes ? `${textoCambios(pendientes)} en ${ETIQUETA_AREA[editor.area]}` : undefined
        }
      >
        <Button
          variant="default"
          leftSection={<IconRestore size={18} />}
          onClick={() => void alDescartar()}
          disabled={!hayCambios || guardar.isPending}
        >
          Descartar cambios
        </Button>
      </BarraGuardar>
    </Stack>
  );
}

/** La leyenda de los estados, con las mismas muestras y los mismos textos que los días. */
function Leyenda() {
  const estados = ['guardada', 'nueva', 'borrada', 'libre'] as const;
  const mayuscula = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);
  return (
    <Stack gap={6}>
      <Group gap="md" wrap="wrap" role="list" aria-label="Referencias">
        {estados.map((estado) => (
          <Group key={estado} gap={6} wrap="nowrap" role="listitem">
            <span
              className={estilos.muestra}
              data-estado={estado === 'libre' ? undefined : estado}
              aria-hidden="true"
            >
              9
            </span>
            <Text size="sm">{mayuscula(TEXTO_ESTADO[estado])}</Text>
          </Group>
        ))}
      </Group>
      <Text size="sm" c="dimmed">
        Un clic en un día lo marca o lo desmarca. Los cambios se guardan por área: al pasar a otra
        área se pide descartar lo que no se guardó.
      </Text>
    </Stack>
  );
}
