'use client';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { inferRouterOutputs } from '@trpc/server';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { avisar } from '@/components/ui/avisos';
import { confirmar } from '@/components/ui/confirmar';
import { Dialogo } from '@/components/ui/Dialogo';
import { mensajeDeError } from '@/components/ui/errores';
import { fechaConDia } from '@/components/evaluaciones/fechas';
import { NOMBRE_CUATRIMESTRE } from '@/domain/notas';
import { CONFIRMAR_BORRAR_PIC } from '@/domain/pics';
import type { AppRouter } from '@/server/api/root';
import { api } from '@/trpc/react';
import { AlumnosPic } from './AlumnosPic';
import { FormularioPic } from './FormularioPic';
import { PlanillaPic, type ClavePic } from '@/components/pics/PlanillaPic';

type Pic = inferRouterOutputs<AppRouter>['pics']['delAnio']['pics'][number];
export type { ClavePic };
const claveDe = (p: Pic): ClavePic => ({
  anio: p.anio,
  materia: p.materia.id,
  cuatrimestre: p.cuatrimestre,
});

type Vista = { id: number; que: 'alumnos' | 'planilla' } | null;

/**
 * /pics: el año, la lista de PIC del año y, por PIC, sus alumnos o su planilla debajo de ella
 * (en el teléfono, todo en una columna). "Nueva PIC" y "Editar" abren el formulario.
 */
export function PantallaPics({ anio, anios }: { anio: number; anios: number[] }) {
  const router = useRouter();
  const utils = api.useUtils();
  const consulta = api.pics.delAnio.useQuery({ anio });
  const borrarM = api.pics.borrar.useMutation();
  const [formulario, setFormulario] = useState<{ pic: Pic | null } | null>(null);
  const [vista, setVista] = useState<Vista>(null);

  const borrar = async (p: Pic) => {
    if (!(await confirmar({ titulo: CONFIRMAR_BORRAR_PIC, confirmar: 'Borrar', peligro: true })))
      return;
    try {
      await borrarM.mutateAsync(claveDe(p));
      avisar({ color: 'green', message: `Se borró la PIC de ${p.materia.nombre}.` });
      await utils.pics.delAnio.invalidate();
    } catch (e) {
      avisar({ color: 'red', title: 'No se borró la PIC', message: mensajeDeError(e) });
    }
  };
  const alternar = (p: Pic, que: 'alumnos' | 'planilla') =>
    setVista((v) => (v?.id === p.id && v.que === que ? null : { id: p.id, que }));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} size="h2">
          PIC
        </Title>
        <Group gap="sm" align="flex-end">
          <NativeSelect
            label="Año"
            w={110}
            data={anios.map(String)}
            value={String(anio)}
            onChange={(e) => router.replace(`/pics?anio=${e.currentTarget.value}`)}
          />
          <Button leftSection={<IconPlus size={16} />} onClick={() => setFormulario({ pic: null })}>
            Nueva PIC
          </Button>
        </Group>
      </Group>
      {consulta.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text c="dimmed">Cargando las PIC…</Text>
        </Group>
      ) : consulta.error ? (
        <Alert color="red" role="alert">
          {mensajeDeError(consulta.error)}
        </Alert>
      ) : consulta.data.pics.length === 0 ? (
        <Text c="dimmed" data-testid="sin-resultados">
          Sin resultados
        </Text>
      ) : (
        <Stack
          component="ul"
          gap="sm"
          aria-label={`PIC de ${anio}`}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {consulta.data.pics.map((p) => (
            <Paper component="li" key={p.id} withBorder p="sm" data-testid="pic">
              <Group justify="space-between" align="flex-start" gap="xs">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Title order={2} size="h5">
                    {p.materia.nombre}
                  </Title>
                  <Text size="sm">
                    {NOMBRE_CUATRIMESTRE[p.cuatrimestre]} · {fechaConDia(p.comienzo.fecha)},{' '}
                    {p.comienzo.hora}
                  </Text>
                  <Text size="sm" c="dimmed" data-testid="resumen-pic">
                    {p.aula ? `Aula ${p.aula}` : 'Sin aula'} · {p.alumnos}{' '}
                    {p.alumnos === 1 ? 'alumno' : 'alumnos'} · {p.calificados} con nota
                  </Text>
                </Stack>
                {p.cerrada && <Badge color="gray">Cerrada</Badge>}
              </Group>
              <Group gap="xs" mt="xs" wrap="wrap">
                <Button
                  size="xs"
                  variant={vista?.id === p.id && vista.que === 'alumnos' ? 'filled' : 'light'}
                  onClick={() => alternar(p, 'alumnos')}
                  aria-expanded={vista?.id === p.id && vista.que === 'alumnos'}
                >
                  Alumnos
                </Button>
                <Button
                  size="xs"
                  variant={vista?.id === p.id && vista.que === 'planilla' ? 'filled' : 'light'}
                  onClick={() => alternar(p, 'planilla')}
                  aria-expanded={vista?.id === p.id && vista.que === 'planilla'}
                >
                  Planilla
                </Button>
                {!p.cerrada && (
                  <>
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconPencil size={14} />}
                      onClick={() => setFormulario({ pic: p })}
                      aria-label={`Editar la PIC de ${p.materia.nombre}`}
                    >
                      Editar
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      color="red"
                      leftSection={<IconTrash size={14} />}
                      onClick={() => void borrar(p)}
                      aria-label={`Borrar la PIC de ${p.materia.nombre}`}
                    >
                      Borrar
                    </Button>
                  </>
                )}
              </Group>
              {vista?.id === p.id && (
                <Stack mt="sm">
                  {vista.que === 'alumnos' ? (
                    <AlumnosPic clave={claveDe(p)} cerrada={p.cerrada} />
                  ) : (
                    <PlanillaPic clave={claveDe(p)} />
                  )}
                </Stack>
              )}
            </Paper>
          ))}
        </Stack>
      )}
      <Dialogo
        abierto={formulario != null}
        onCerrar={() => setFormulario(null)}
        titulo={formulario?.pic ? `Editar la PIC de ${formulario.pic.materia.nombre}` : 'Nueva PIC'}
        ancho="lg"
      >
        {formulario && (
          <FormularioPic
            anio={anio}
            pic={formulario.pic}
            onListo={async () => {
              setFormulario(null);
              await utils.pics.delAnio.invalidate();
            }}
          />
        )}
      </Dialogo>
    </Stack>
  );
}
