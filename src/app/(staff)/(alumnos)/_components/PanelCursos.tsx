'use client';
import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { avisar } from '@/components/ui/avisos';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useReducer, useRef, useState } from 'react';
import {
  cambiosInscripcion,
  cursadosAgregables,
  ERROR_VINCULAR_CURSADOS,
  ERROR_VINCULAR_CURSO,
  hayCambiosInscripcion,
  listaInicial,
  puedeInscribirse,
  reducirInscripciones,
  type EstadoItemInscripcion,
  type InscripcionGuardada,
  type ItemInscripcion,
} from '@/domain/inscripciones';
import { ListaBuscable } from '@/components/listas/ListaBuscable';
import { useEstadoCompartido } from '@/components/marco/EstadoCompartido';
import { ALUMNO_SIN_CURSO } from '@/domain/alumnos';
import { api } from '@/trpc/react';
import { mensajeDe, type CursadoPanel, type CursadosDelAlumno } from './tipos';

const ESTADOS: Record<EstadoItemInscripcion, { etiqueta: string; color: string }> = {
  sinCambios: { etiqueta: 'Sin cambios', color: 'gray' },
  agregado: { etiqueta: 'Agregado', color: 'green' },
  quitado: { etiqueta: 'Quitado', color: 'red' },
};

const guardadas = (d: CursadosDelAlumno): InscripcionGuardada<CursadoPanel>[] =>
  d.inscripciones.map((i) => ({ cursado: i, materiaId: i.materiaId }));

/** El error que ve el usuario: el del catálogo (spec 01 §8) y, si el servidor da el motivo, el motivo. */
function errorDelCatalogo(base: string, e: unknown): string {
  const m = mensajeDe(e);
  return m.startsWith(base) ? m : `${base}: ${m}`;
}

/**
 * El panel de cursos de /alumnos-privileged (spec 01 §2, §4, §5, §8): el curso del ciclo, las
 * inscripciones del alumno con su estado (sin cambios / agregado / quitado), los cursados del
 * curso que se pueden agregar y Guardar. Las reglas de la lista son las de
 * src/domain/inscripciones.ts; para inscribirse hace falta un curso.
 */
export function PanelCursos({ alumno }: { alumno: number }) {
  const { ciclo } = useEstadoCompartido();
  const datos = api.alumnos.cursados.useQuery({ id: alumno });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="titulo-cursos">
      <Stack gap="sm">
        <Title order={2} size="h4" id="titulo-cursos">
          Curso e inscripciones {ciclo}
        </Title>
        {datos.isPending ? (
          <Stack gap="xs" aria-busy="true" role="status" aria-label="Cargando">
            <Skeleton height={28} />
            <Skeleton height={120} />
          </Stack>
        ) : datos.isError ? (
          <Alert color="red" role="alert">
            {datos.error.message}
          </Alert>
        ) : (
          <Contenido key={alumno} alumno={alumno} datos={datos.data} />
        )}
      </Stack>
    </Paper>
  );
}

function Contenido({ alumno, datos }: { alumno: number; datos: CursadosDelAlumno }) {
  const utils = api.useUtils();
  const vincularCurso = api.alumnos.vincularCurso.useMutation();
  const inscribir = api.cursados.inscripciones.useMutation();
  const [cursoNuevo, setCursoNuevo] = useState<{ id: number; nombre: string } | null>(null);
  const [elegirCurso, setElegirCurso] = useState(false);
  const [lista, despachar] = useReducer(
    reducirInscripciones<CursadoPanel>,
    datos,
    (d): ItemInscripcion<CursadoPanel>[] => listaInicial(guardadas(d)),
  );
  // Al recargar lo guardado (después de Guardar) la lista vuelve a "sin cambios".
  const cargados = useRef(datos);
  useEffect(() => {
    if (cargados.current === datos) return;
    cargados.current = datos;
    despachar({ accion: 'cargar', inscripciones: guardadas(datos) });
  }, [datos]);

  const cursoActual = datos.curso;
  const cursoPanel = cursoNuevo?.id ?? cursoActual?.orden ?? null;
  const ofertas = api.cursos.cursados.useQuery(
    { curso: cursoPanel ?? 0 },
    { enabled: cursoPanel != null },
  );
  const agregables = cursadosAgregables(lista, ofertas.data?.cursados ?? []);
  const hayCambios = cursoNuevo != null || hayCambiosInscripcion(lista);
  const guardando = vincularCurso.isPending || inscribir.isPending;

  const guardar = async () => {
    if (cursoNuevo) {
      try {
        await vincularCurso.mutateAsync({ id: alumno, curso: cursoNuevo.id });
      } catch (e) {
        avisar({
          color: 'red',
          title: 'No se pudo guardar',
          message: errorDelCatalogo(ERROR_VINCULAR_CURSO, e),
        });
        return;
      }
    }
    const cambios = cambiosInscripcion(alumno, lista);
    if (cambios.length) {
      try {
        await inscribir.mutateAsync(cambios);
      } catch (e) {
        avisar({
          color: 'red',
          title: 'No se pudo guardar',
          message: errorDelCatalogo(ERROR_VINCULAR_CURSADOS, e),
        });
        // El curso, si cambió, ya quedó guardado: se vuelve a leer sin perder la lista editada.
        if (cursoNuevo) void utils.alumnos.obtener.invalidate({ id: alumno });
        return;
      }
    }
    avisar({ color: 'green', message: 'Datos guardados correctamente' });
    await Promise.all([
      utils.alumnos.cursados.invalidate({ id: alumno }),
      utils.alumnos.obtener.invalidate({ id: alumno }),
      utils.alumnos.legajo.invalidate({ id: alumno }),
      utils.buscar.alumnos.invalidate(),
      utils.alumnos.listar.invalidate(),
    ]);
    setCursoNuevo(null);
  };

  return (
    <>
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Text size="sm">
            Curso:{' '}
            <Text span fw={600} data-testid="curso-del-alumno">
              {cursoNuevo ? cursoNuevo.nombre : (cursoActual?.nombre ?? 'Sin curso')}
            </Text>
          </Text>
          {cursoNuevo && (
            <Badge color="green" size="xs" variant="light">
              Nuevo
            </Badge>
          )}
          {cursoNuevo ? (
            <Button variant="subtle" size="compact-xs" onClick={() => setCursoNuevo(null)}>
              Deshacer
            </Button>
          ) : (
            cursoActual && (
              <Button
                variant="subtle"
                size="compact-xs"
                aria-expanded={elegirCurso}
                onClick={() => setElegirCurso((v) => !v)}
              >
                {elegirCurso ? 'Cerrar' : 'Cambiar curso'}
              </Button>
            )
          )}
        </Group>
        {!cursoActual && !cursoNuevo && (
          <Alert color="yellow" p="xs">
            {ALUMNO_SIN_CURSO}. Para inscribirlo en cursados, primero elija su curso.
          </Alert>
        )}
        {(elegirCurso || !cursoActual) && (
          <ListaBuscable
            fuente="cursos"
            etiqueta="Cursos"
            alto={180}
            seleccionado={cursoPanel}
            onElegir={(o) => {
              setCursoNuevo(o.id === cursoActual?.orden ? null : { id: o.id, nombre: o.etiqueta });
              setElegirCurso(false);
            }}
          />
        )}
      </Stack>

      <Stack gap={4}>
        <Text size="sm" fw={600} id="titulo-inscripciones">
          Inscripciones
        </Text>
        <Box component="ul" aria-labelledby="titulo-inscripciones" p={0} m={0}>
          {lista.length === 0 ? (
            <Text component="li" c="dimmed" size="sm" style={{ listStyle: 'none' }}>
              Sin resultados
            </Text>
          ) : (
            lista.map((i) => (
              <ItemLista key={i.cursado.cursadoId} item={i} onAlternar={despachar} />
            ))
          )}
        </Box>
      </Stack>

      <Stack gap={4}>
        <Text size="sm" fw={600} id="titulo-agregables">
          Cursados para agregar
          {cursoPanel != null && ofertas.data ? ` (${ofertas.data.curso.nombre})` : ''}
        </Text>
        {!puedeInscribirse(cursoPanel) ? (
          <Text c="dimmed" size="sm">
            Seleccione un curso
          </Text>
        ) : ofertas.isPending ? (
          <Skeleton height={60} role="status" aria-label="Cargando" />
        ) : ofertas.isError ? (
          <Alert color="red" role="alert">
            {ofertas.error.message}
          </Alert>
        ) : (
          <Box component="ul" aria-labelledby="titulo-agregables" p={0} m={0}>
            {agregables.length === 0 ? (
              <Text component="li" c="dimmed" size="sm" style={{ listStyle: 'none' }}>
                Sin resultados
              </Text>
            ) : (
              agregables.map((c) => (
                <Group
                  component="li"
                  key={c.cursadoId}
                  justify="space-between"
                  wrap="nowrap"
                  gap="xs"
                  py={4}
                  style={{ listStyle: 'none' }}
                  data-testid="cursado-agregable"
                >
                  <Box miw={0} style={{ flex: 1 }}>
                    <Text size="sm">{c.nombre}</Text>
                    <Text size="xs" c="dimmed">
                      Materia: {c.materia}
                    </Text>
                  </Box>
                  <Button
                    size="compact-xs"
                    variant="light"
                    style={{ flexShrink: 0 }}
                    leftSection={<IconPlus size={14} />}
                    aria-label={`Agregar ${c.nombre}`}
                    onClick={() => despachar({ accion: 'agregar', cursado: c })}
                  >
                    Agregar
                  </Button>
                </Group>
              ))
            )}
          </Box>
        )}
      </Stack>

      <Group justify="flex-end">
        <Button onClick={() => void guardar()} disabled={!hayCambios} loading={guardando}>
          Guardar
        </Button>
      </Group>
    </>
  );
}

function ItemLista({
  item,
  onAlternar,
}: {
  item: ItemInscripcion<CursadoPanel>;
  onAlternar: (a: { accion: 'alternar'; cursadoId: number }) => void;
}) {
  const { cursado, estado } = item;
  const materia = cursado.materias.find((m) => m.id === item.materiaId)?.nombre;
  const e = ESTADOS[estado];
  const accion = estado === 'quitado' ? 'Restaurar' : 'Quitar';
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="xs"
      py={4}
      style={{ listStyle: 'none' }}
      data-testid="inscripcion"
      data-estado={estado}
    >
      <Box miw={0} style={{ flex: 1 }}>
        <Text
          size="sm"
          td={estado === 'quitado' ? 'line-through' : undefined}
          c={estado === 'quitado' ? 'dimmed' : undefined}
        >
          {cursado.nombre}
        </Text>
        <Group gap={6} wrap="wrap">
          <Badge color={e.color} variant={estado === 'sinCambios' ? 'outline' : 'light'} size="xs">
            {e.etiqueta}
          </Badge>
          {materia && (
            <Text size="xs" c="dimmed">
              Materia: {materia}
            </Text>
          )}
        </Group>
      </Box>
      <Button
        size="compact-xs"
        variant="subtle"
        color={estado === 'quitado' ? 'blue' : 'red'}
        style={{ flexShrink: 0 }}
        aria-label={`${accion} ${cursado.nombre}`}
        onClick={() => onAlternar({ accion: 'alternar', cursadoId: cursado.cursadoId })}
      >
        {accion}
      </Button>
    </Group>
  );
}
