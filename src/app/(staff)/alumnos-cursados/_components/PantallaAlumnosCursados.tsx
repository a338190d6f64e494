'use client';
import { Alert, Box, Button, Checkbox, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { Fragment, useEffect, useMemo, useState } from 'react';
import { alternarMarca, estadoMarca, marcado, type MarcasPendientes } from '@/domain/asignaciones';
import { ERROR_VINCULAR_CURSADOS } from '@/domain/inscripciones';
import { avisar } from '@/components/ui/avisos';
import { BarraGuardar } from '@/components/ui/BarraGuardar';
import { confirmarDescarte } from '@/components/asignaciones/EditorAsignaciones';
import { mensajeDeError } from '@/components/ui/errores';
import { useEstadoCompartido } from '@/components/marco/EstadoCompartido';
import { InsigniaEstado, SinAsignaciones } from '@/components/asignaciones/ListaAsignaciones';
import {
  DetalleAsignacion,
  PantallaAsignaciones,
} from '@/components/asignaciones/PantallaAsignaciones';
import { Cargando } from '@/components/vistas/Cargando';
import type { Opcion } from '@/domain/opciones';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/api/root';
import { api } from '@/trpc/react';

type AlumnosDeMateria = inferRouterOutputs<AppRouter>['materias']['alumnos'];
type AlumnoDeMateria = AlumnosDeMateria['alumnos'][number];

/** El mensaje del catálogo (spec 01 §8) y, si el servidor da el motivo, el motivo. */
function errorDelCatalogo(e: unknown): string {
  const m = mensajeDeError(e);
  return m.startsWith(ERROR_VINCULAR_CURSADOS) ? m : `${ERROR_VINCULAR_CURSADOS}: ${m}`;
}

/**
 * /alumnos-cursados (spec 02 §2; spec 01 §4, §5): se elige un cursado del ciclo y una de sus
 * materias permitidas (la primera por defecto) y se marcan los alumnos de los cursos del cursado
 * que lo cursan por esa materia. Cada marca queda sin cambios, agregada o quitada hasta "Guardar"
 * (todo o nada). Un alumno inscripto por otra materia muestra "Inscripto por …": marcarlo lo pasa
 * a esta materia.
 */
export function PantallaAlumnosCursados() {
  const { ciclo } = useEstadoCompartido();
  return (
    <PantallaAsignaciones
      titulo="Alumnos por cursado"
      testId="detalle-alumnos-cursados"
      fuente="cursados"
      etiqueta="Cursados"
      altoLista={480}
      claveLista={ciclo}
      sinEleccion="Seleccione un cursado"
    >
      {(cursado, onCambios) => (
        <Cursado key={`${cursado.id}-${ciclo}`} cursado={cursado} onCambios={onCambios} />
      )}
    </PantallaAsignaciones>
  );
}

function Cursado({ cursado, onCambios }: { cursado: Opcion; onCambios: (n: number) => void }) {
  const datos = api.cursados.obtener.useQuery({ id: cursado.id });
  const [materia, setMateria] = useState<number | null>(null);
  const [cambios, setCambios] = useState(0);
  useEffect(() => onCambios(cambios), [cambios, onCambios]);

  const materias = datos.data?.materiasPermitidas ?? [];
  // La primera materia permitida por defecto (spec 01 §5).
  const elegida = materia ?? materias[0]?.orden ?? null;

  return (
    <DetalleAsignacion titulo={cursado.etiqueta} consulta={datos}>
      {({ cursosPermitidos }) =>
        materias.length === 0 ? (
          <SinAsignaciones texto="Sin materias asignadas" />
        ) : cursosPermitidos.length === 0 ? (
          <SinAsignaciones texto="Sin cursos asignados" />
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Cursos: {cursosPermitidos.map((c) => c.nombre).join(', ')}
            </Text>
            {materias.length > 1 ? (
              <NativeSelect
                label="Materia"
                value={String(elegida)}
                data={materias.map((m) => ({ value: String(m.orden), label: m.nombre }))}
                onChange={(e) => {
                  const v = Number(e.currentTarget.value);
                  void (async () => {
                    if (cambios > 0 && !(await confirmarDescarte(cambios))) return;
                    setCambios(0);
                    setMateria(v);
                  })();
                }}
                maw={420}
              />
            ) : (
              <Text size="sm">
                Materia: <b>{materias[0]!.nombre}</b>
              </Text>
            )}
            <AlumnosDeLaMateria
              key={elegida}
              cursado={cursado.id}
              materia={elegida!}
              onCambios={setCambios}
            />
          </>
        )
      }
    </DetalleAsignacion>
  );
}

function AlumnosDeLaMateria({
  cursado,
  materia,
  onCambios,
}: {
  cursado: number;
  materia: number;
  onCambios: (n: number) => void;
}) {
  const utils = api.useUtils();
  const datos = api.materias.alumnos.useQuery({ id: materia, cursado });
  const guardar = api.cursados.inscripciones.useMutation();
  const [pendientes, setPendientes] = useState<MarcasPendientes>(new Map());
  const n = pendientes.size;
  useEffect(() => onCambios(n), [n, onCambios]);
  const alumnos = useMemo(() => datos.data?.alumnos ?? [], [datos.data]);
  const guardando = guardar.isPending;

  if (datos.isPending) return <Cargando filas={4} />;
  if (datos.isError)
    return (
      <Alert color="red" role="alert">
        {datos.error.message}
      </Alert>
    );
  if (alumnos.length === 0)
    return (
      <Text c="dimmed" size="sm">
        Sin resultados
      </Text>
    );

  const inscriptos = alumnos.filter((a) => marcado(pendientes, a.orden, a.inscripto)).length;
  const alternar = (a: AlumnoDeMateria) =>
    setPendientes((p) => alternarMarca(p, a.orden, a.inscripto));
  const marcarTodos = () =>
    setPendientes((p) => {
      let r = p;
      for (const a of alumnos)
        if (!marcado(r, a.orden, a.inscripto)) r = alternarMarca(r, a.orden, a.inscripto);
      return r;
    });

  const enviar = async () => {
    if (guardando || n === 0) return;
    try {
      await guardar.mutateAsync(
        [...pendientes].map(([alumnoId, e]) => ({
          action: e === 'agregado' ? ('set' as const) : ('unset' as const),
          alumnoId,
          cursadoId: cursado,
          materiaId: materia,
        })),
      );
      avisar({ color: 'green', message: 'Datos guardados correctamente' });
      await Promise.all([
        utils.materias.alumnos.invalidate({ cursado }),
        utils.cursados.obtener.invalidate({ id: cursado }),
        utils.cursados.inscripcionesDe.invalidate({ id: cursado }),
      ]);
      setPendientes(new Map());
    } catch (e) {
      avisar({ color: 'red', title: 'No se pudo guardar', message: errorDelCatalogo(e) });
    }
  };

  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" data-testid="cuenta-inscriptos">
          Inscriptos por {datos.data.materia.nombre}: {inscriptos} de {alumnos.length}
        </Text>
        <Button
          size="compact-sm"
          variant="light"
          onClick={marcarTodos}
          disabled={guardando || inscriptos === alumnos.length}
        >
          Marcar todos
        </Button>
      </Group>
      <Box component="ul" aria-label="Alumnos" p={0} m={0}>
        {alumnos.map((a, i) => {
          const estado = estadoMarca(pendientes, a.orden);
          const cabecera = i === 0 || alumnos[i - 1]!.curso !== a.curso ? a.curso : null;
          const nombre = `${a.apellido}, ${a.nombre}`;
          return (
            <Fragment key={a.orden}>
              {cabecera && (
                <Text
                  component="li"
                  size="sm"
                  fw={700}
                  mt="xs"
                  style={{ listStyle: 'none' }}
                  aria-hidden="true"
                >
                  {cabecera}
                </Text>
              )}
              <Group
                component="li"
                gap="xs"
                wrap="nowrap"
                py={4}
                data-testid="alumno-cursado"
                data-estado={estado}
                style={{
                  listStyle: 'none',
                  borderBottom: '1px solid var(--mantine-color-default-border)',
                }}
              >
                <Checkbox
                  aria-label={nombre}
                  checked={marcado(pendientes, a.orden, a.inscripto)}
                  onChange={() => alternar(a)}
                  disabled={guardando}
                />
                <Box miw={0} style={{ flex: 1 }}>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {nombre}
                  </Text>
                  <Group gap={6} wrap="wrap">
                    <Text size="xs" c="dimmed" component="span">
                      DNI {a.dni} · {a.curso}
                    </Text>
                    {estado !== 'sinCambios' && <InsigniaEstado estado={estado} />}
                    {a.otraMateria && (
                      <Text size="xs" c="orange.9" component="span">
                        Inscripto por {a.otraMateria}
                      </Text>
                    )}
                  </Group>
                </Box>
              </Group>
            </Fragment>
          );
        })}
      </Box>
      <BarraGuardar cambios={n} guardando={guardando} onGuardar={() => void enviar()}>
        {n > 0 && (
          <Button
            variant="default"
            disabled={guardando}
            onClick={() => void confirmarDescarte(n).then((ok) => ok && setPendientes(new Map()))}
          >
            Descartar
          </Button>
        )}
      </BarraGuardar>
    </Stack>
  );
}
