'use client';
import { Button, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import dynamic from 'next/dynamic';
import { useEffect, useRef, useState } from 'react';
import { ListaBuscable } from '@/components/listas/ListaBuscable';
import { Exportar } from '@/components/ui/Exportar';
import { useEstadoCompartido } from '@/components/marco/EstadoCompartido';
import { api } from '@/trpc/react';
import { CodigosBloqueados, CodigoVinculacion } from './CodigoVinculacion';
import { ColumnaReferentes } from './ColumnaReferentes';
import { FormularioAlumno } from './FormularioAlumno';
import { Promocion } from './Promocion';

/**
 * El formulario de un referente y los cursos de un alumno se abren al elegirlo: su código baja
 * entonces y no en la primera carga, que está al borde de sus 250 kB (`npm run peso`).
 */
const cargando = () => (
  <Group justify="center" py="md">
    <Loader size="sm" role="status" aria-label="Cargando" />
  </Group>
);
const FormularioReferente = dynamic(
  () => import('./FormularioReferente').then((m) => m.FormularioReferente),
  { loading: cargando },
);
const PanelCursos = dynamic(() => import('./PanelCursos').then((m) => m.PanelCursos), {
  loading: cargando,
});

/** Qué muestra la tercera columna: el alumno elegido (o uno nuevo) o uno de sus referentes. */
type Edicion = { tipo: 'alumno' } | { tipo: 'referente'; orden: number | null };

/**
 * Lo elegido en las tres columnas y cuántas veces cambió: un guardado que termina después de que
 * la persona eligió otra cosa (otro alumno, "Nuevo alumno", otro referente) no la devuelve a lo
 * que se guardó.
 */
interface Eleccion {
  alumno: number | null;
  nuevo: boolean;
  edicion: Edicion;
  vez: number;
}
const SIN_ELECCION = { alumno: null, nuevo: false, edicion: { tipo: 'alumno' } } as const;

/**
 * /alumnos y /alumnos-privileged (spec 01 §2 Student and guardian management): tres columnas
 * — la lista de alumnos, los referentes del alumno elegido y el formulario del alumno o del
 * referente. La variante privilegiada (Alumnado, Admin) suma Habilitado, el panel de cursos y,
 * sin alumno elegido, la promoción anual. El alcance (un preceptor, sus cursos) lo pone el servidor.
 */
export function PantallaAlumnos({ privilegiado = false }: { privilegiado?: boolean }) {
  const { ciclo } = useEstadoCompartido();
  const utils = api.useUtils();
  const telefono = useMediaQuery('(max-width: 48em)') ?? false;
  const [eleccion, setEleccion] = useState<Eleccion>({ ...SIN_ELECCION, vez: 0 });
  /** La búsqueda de la lista: el Exportar baja lo mismo que se ve. */
  const [busqueda, setBusqueda] = useState('');
  const { alumno, nuevo, edicion, vez } = eleccion;
  /** Otra elección de la persona. */
  const elegir = (cambio: Partial<Omit<Eleccion, 'vez'>>) =>
    setEleccion((e) => ({ ...e, ...cambio, vez: e.vez + 1 }));
  /** Lo que elige un guardado que empezó en la elección `desde`: sólo si sigue siendo ésa. */
  const alGuardar = (desde: number, cambio: Partial<Omit<Eleccion, 'vez'>>) =>
    setEleccion((e) => (e.vez === desde ? { ...e, ...cambio, vez: e.vez + 1 } : e));
  const columnaReferentes = useRef<HTMLDivElement>(null);
  const columnaFormulario = useRef<HTMLDivElement>(null);

  // Otro ciclo lectivo en la barra: los datos del ciclo anterior ya no sirven.
  const cicloAnterior = useRef(ciclo);
  useEffect(() => {
    if (cicloAnterior.current === ciclo) return;
    cicloAnterior.current = ciclo;
    elegir(SIN_ELECCION);
    void utils.invalidate();
  }, [ciclo, utils]);

  /** En el teléfono las columnas se apilan: se lleva la vista a lo recién abierto. */
  const mostrar = (destino: React.RefObject<HTMLDivElement | null>) => {
    if (telefono)
      requestAnimationFrame(() =>
        destino.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
      );
  };

  const elegirAlumno = (orden: number) => {
    elegir({ alumno: orden, nuevo: false, edicion: { tipo: 'alumno' } });
    mostrar(columnaReferentes);
  };

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
        <Paper withBorder p="md" component="section" aria-labelledby="titulo-alumnos">
          <Group justify="space-between" mb="sm" gap="xs">
            <Title order={1} size="h4" id="titulo-alumnos">
              Alumnos
            </Title>
            <Button
              size="xs"
              leftSection={<IconUserPlus size={16} />}
              onClick={() => {
                elegir({ alumno: null, nuevo: true, edicion: { tipo: 'alumno' } });
                mostrar(columnaFormulario);
              }}
            >
              Nuevo alumno
            </Button>
          </Group>
          <Group justify="flex-end" mb="xs">
            <Exportar lista="alumnos" parametros={{ q: busqueda }} variant="light" />
          </Group>
          <CodigosBloqueados onElegir={elegirAlumno} />
          <ListaBuscable
            fuente="alumnos"
            etiqueta="Alumnos"
            alto={telefono ? 280 : 'calc(100dvh - 220px)'}
            seleccionado={alumno}
            onElegir={(o) => elegirAlumno(o.id)}
            onBusqueda={setBusqueda}
          />
        </Paper>
      </Grid.Col>

      <Grid.Col span={{ base: 12, sm: 6, lg: 3 }} ref={columnaReferentes}>
        <Paper withBorder p="md" component="section" aria-label="Referentes">
          {alumno != null ? (
            <ColumnaReferentes
              alumno={alumno}
              elegido={edicion.tipo === 'referente' ? (edicion.orden ?? 'nuevo') : null}
              onElegir={(r) => {
                elegir({ edicion: { tipo: 'referente', orden: r === 'nuevo' ? null : r } });
                mostrar(columnaFormulario);
              }}
            />
          ) : (
            <Stack gap="xs">
              <Title order={2} size="h4">
                Referentes
              </Title>
              <Text c="dimmed" size="sm">
                {nuevo
                  ? 'Guarde el alumno nuevo para agregarle referentes.'
                  : 'Seleccione un alumno'}
              </Text>
            </Stack>
          )}
        </Paper>
      </Grid.Col>

      <Grid.Col span={{ base: 12, lg: 6 }} ref={columnaFormulario}>
        <Stack gap="md">
          <Paper withBorder p="md" component="section" aria-label="Edición">
            {alumno == null && !nuevo ? (
              <Text c="dimmed">Elija un alumno de la lista o cree uno nuevo.</Text>
            ) : alumno != null && edicion.tipo === 'referente' ? (
              <FormularioReferente
                alumno={alumno}
                orden={edicion.orden}
                onGuardado={(r) => alGuardar(vez, { edicion: { tipo: 'referente', orden: r } })}
                onVolver={() => elegir({ edicion: { tipo: 'alumno' } })}
              />
            ) : (
              <FormularioAlumno
                key={alumno ?? 'nuevo'}
                orden={alumno}
                privilegiado={privilegiado}
                onGuardado={(orden) => alGuardar(vez, { alumno: orden, nuevo: false })}
              />
            )}
          </Paper>
          {alumno != null && edicion.tipo === 'alumno' && (
            <CodigoVinculacion key={alumno} alumno={alumno} />
          )}
          {privilegiado && alumno != null && <PanelCursos key={alumno} alumno={alumno} />}
          {privilegiado && alumno == null && !nuevo && <Promocion />}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
