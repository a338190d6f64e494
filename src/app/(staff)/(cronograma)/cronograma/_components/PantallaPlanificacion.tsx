'use client';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFilePlus, IconListSearch, IconPencil, IconShare } from '@tabler/icons-react';
import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { avisar } from '@/components/ui/avisos';
import { mensajeDeError } from '@/components/ui/errores';
import { api } from '@/trpc/react';
import { nombrePersona, type DatosPlanificacion } from './comun';
import { EditorPlanificacion } from './EditorPlanificacion';
import { ElegirPlanificacion } from './ElegirPlanificacion';
import estilos from './cronograma.module.css';

export const SIN_PLANIFICACION = 'No hay planificación';

/**
 * Planificación de /cronograma/{id}/planificacion (spec 01 §2, §3, §5, §6, §8): los ítems numerados,
 * las materias, el autor y el origen. Sin planificación: 'No hay planificación', con "Nueva
 * planificación" y "Elegir una planificación" para el docente. El docente además la edita y la
 * comparte ("Compartir"); el jefe de departamento sólo la lee.
 */
export function PantallaPlanificacion({ inicial }: { inicial: DatosPlanificacion }) {
  const [datos, setDatos] = useState(inicial);
  const [modo, setModo] = useState<'ver' | 'editar' | 'elegir'>('ver');
  /** Cambia al recibir la guardada por otra persona: el editor vuelve a empezar con ella. */
  const [vuelta, setVuelta] = useState(0);
  const exportar = api.cronograma.exportar.useMutation();
  const utils = api.useUtils();
  const { cursado, planificacion: plan, puedeEditar } = datos;
  const id = cursado.cursadoId;

  const compartir = async () => {
    if (exportar.isPending || !plan) return;
    try {
      await exportar.mutateAsync({ cursado: id });
      const nuevos = { ...datos, planificacion: { ...plan, publicado: true } };
      setDatos(nuevos);
      utils.cronograma.planificacion.setData({ cursado: id }, nuevos);
      avisar({
        color: 'green',
        message: 'Planificación compartida: otros docentes ya pueden elegirla.',
      });
    } catch (e) {
      avisar({ color: 'red', title: 'No se pudo compartir', message: mensajeDeError(e) });
    }
  };

  if (modo === 'editar' && plan && puedeEditar)
    return (
      <EditorPlanificacion
        key={vuelta}
        datos={datos}
        alGuardar={(d) => {
          setDatos(d);
          setModo('ver');
        }}
        alConflicto={(d) => {
          setDatos(d);
          setVuelta((v) => v + 1);
          if (!d.planificacion) setModo('ver');
        }}
        alCancelar={() => setModo('ver')}
      />
    );

  if (!plan)
    return (
      <Stack gap="md">
        <Paper withBorder p="md">
          <Text c="dimmed" role="status" data-testid="sin-planificacion">
            {SIN_PLANIFICACION}
          </Text>
        </Paper>
        {puedeEditar && (
          <Group gap="xs">
            <Button
              component={Link}
              href={`/planificaciones/nueva/${id}`}
              leftSection={<IconFilePlus size={18} />}
            >
              Nueva planificación
            </Button>
            <Button
              variant="light"
              leftSection={<IconListSearch size={18} />}
              onClick={() => setModo('elegir')}
              aria-expanded={modo === 'elegir'}
            >
              Elegir una planificación
            </Button>
          </Group>
        )}
        {puedeEditar && modo === 'elegir' && (
          <ElegirPlanificacion
            cursado={id}
            alElegir={(d) => {
              setDatos(d);
              setModo('ver');
            }}
            alCerrar={() => setModo('ver')}
          />
        )}
      </Stack>
    );

  const nombresMaterias = plan.materias
    .map((m) => cursado.materias.find((x) => x.orden === m)?.nombre)
    .filter((n): n is string => !!n);
  const origenAjeno = plan.cursadoOrigen && plan.cursadoOrigen.cursadoId !== id;

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs">
          {plan.publicado ? (
            <Badge color="teal.9" variant="filled" data-testid="estado-planificacion" tt="none">
              Compartida
            </Badge>
          ) : (
            <Badge
              color="gray"
              c="gray.8"
              variant="light"
              data-testid="estado-planificacion"
              tt="none"
            >
              Sin compartir
            </Badge>
          )}
        </Group>
        {puedeEditar && (
          <Group gap="xs">
            <Button
              variant="light"
              leftSection={<IconPencil size={18} />}
              onClick={() => setModo('editar')}
            >
              Editar
            </Button>
            {!plan.publicado && (
              <Button
                variant="light"
                leftSection={<IconShare size={18} />}
                onClick={() => void compartir()}
                loading={exportar.isPending}
              >
                Compartir
              </Button>
            )}
          </Group>
        )}
      </Group>

      <Paper withBorder p="md">
        <Stack gap={6}>
          <Dato titulo="Materias">
            {nombresMaterias.length ? nombresMaterias.join(', ') : 'Ninguna'}
          </Dato>
          <Dato titulo="Autor">
            {plan.usuarioAutor ? nombrePersona(plan.usuarioAutor) : 'Sin datos'}
          </Dato>
          {origenAjeno && plan.cursadoOrigen && (
            <Dato titulo="Origen">
              {plan.cursadoOrigen.nombre} ({plan.cursadoOrigen.ciclolectivo})
            </Dato>
          )}
          {plan.importadaDe != null && !origenAjeno && (
            <Dato titulo="Origen">Elegida de otra planificación</Dato>
          )}
        </Stack>
      </Paper>

      <Stack
        gap="xs"
        component="ol"
        className={estilos.lista}
        aria-label="Ítems de la planificación"
      >
        {plan.entradas.map((e) => (
          <Paper key={e.itemNumber} component="li" withBorder p="sm" data-testid="item">
            <Group gap="sm" align="flex-start" wrap="nowrap">
              <Text fw={700} miw={28} ta="right">
                {e.itemNumber}.
              </Text>
              <Text className={estilos.texto} style={{ flex: 1, minWidth: 0 }}>
                {e.texto}
              </Text>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

function Dato({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={80} style={{ flexShrink: 0 }}>
        {titulo}
      </Text>
      <Text size="sm" style={{ minWidth: 0 }}>
        {children}
      </Text>
    </Group>
  );
}
