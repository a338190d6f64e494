'use client';
import { Alert, Anchor, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import Link from 'next/link';
import { useState } from 'react';
import type { ModoFechas } from '@/domain/asistencias';
import type { Turno } from '@/domain/escuela';
import { alternarSeleccion, puedeModificarMedidaGuardada } from '@/domain/medidas';
import { useEstadoCompartido } from '@/components/marco/EstadoCompartido';
import { PanelListaBuscable } from '@/components/listas/ListaBuscable';
import type { Opcion } from '@/domain/opciones';
import { api } from '@/trpc/react';
import { FormularioMedida } from './FormularioMedida';
import { Exportar } from '@/components/ui/Exportar';
import { ListaMedidas } from './ListaMedidas';

export interface PantallaMedidasProps {
  /** 'completo' en /medidas; 'protegido' en /medidas-protected (5 días atrás, sin editar ni borrar). */
  modo: ModoFechas;
  /** Hoy en la zona de la escuela ('AAAA-MM-DD'), calculado en el servidor. */
  hoy: string;
  /** El turno de ahora en la escuela: el inicial de una medida nueva. */
  turno: Turno;
}

/**
 * Medidas disciplinarias (spec 01 §2, §4, §5, §8, §9): se elige un alumno, se ven sus medidas
 * del ciclo lectivo elegido con el total y su color, y el formulario crea una medida nueva o,
 * en modo completo, guarda la elegida en la lista (elegirla otra vez la deselecciona).
 */
export function PantallaMedidas({ modo, hoy, turno }: PantallaMedidasProps) {
  const { ciclo } = useEstadoCompartido();
  const [alumno, setAlumno] = useState<Opcion | null>(null);
  const [elegida, setElegida] = useState<number | null>(null);
  const medidas = api.medidas.delAlumno.useQuery(
    { alumno: alumno?.id ?? 0 },
    { enabled: alumno != null },
  );
  const editable = puedeModificarMedidaGuardada(modo);
  const delCiclo = medidas.data?.anios.find((a) => a.ciclo === ciclo) ?? null;
  const lista = delCiclo?.medidas ?? [];
  const medidaElegida = lista.find((m) => m.orden === elegida) ?? null;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Medidas disciplinarias
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          <PanelListaBuscable
            fuente="alumnos"
            etiqueta="Alumnos"
            seleccionado={alumno?.id ?? null}
            alto={360}
            onElegir={(o) => {
              setAlumno(o);
              setElegida(null);
            }}
          />
        </Grid.Col>
        {alumno == null ? (
          <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
            <Paper withBorder p="md">
              <Text c="dimmed" data-testid="sin-alumno">
                Elija un alumno de la lista.
              </Text>
            </Paper>
          </Grid.Col>
        ) : (
          <>
            <Grid.Col span={{ base: 12, md: 8, lg: 5 }}>
              <Paper withBorder p="md">
                <Group justify="space-between" align="baseline" mb="sm" wrap="wrap" gap="xs">
                  <Title order={2} size="h4" data-testid="alumno-elegido">
                    {alumno.etiqueta}
                  </Title>
                  <Group gap="sm" wrap="nowrap">
                    <Anchor
                      component={Link}
                      href={`/legajo/${alumno.id}?seccion=medidas`}
                      size="sm"
                    >
                      Ver legajo
                    </Anchor>
                    <Exportar
                      lista="medidas-alumno"
                      parametros={{ alumno: alumno.id, ciclo }}
                      deshabilitado={medidas.isPending || medidas.isError}
                    />
                  </Group>
                </Group>
                {medidas.isPending ? (
                  <Group justify="center" py="md">
                    <Loader size="sm" role="status" aria-label="Cargando medidas" />
                  </Group>
                ) : medidas.isError ? (
                  <Alert color="red" role="alert">
                    {medidas.error.message}
                  </Alert>
                ) : (
                  <ListaMedidas
                    ciclo={ciclo}
                    medidas={lista}
                    total={delCiclo?.total ?? 0}
                    color={delCiclo?.color ?? null}
                    elegida={editable ? elegida : null}
                    onElegir={
                      editable
                        ? (orden) => setElegida((e) => alternarSeleccion(e, orden))
                        : undefined
                    }
                  />
                )}
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8, lg: 4 }} offset={{ base: 0, md: 4, lg: 0 }}>
              <Paper withBorder p="md">
                <FormularioMedida
                  key={alumno.id}
                  alumno={alumno.id}
                  nombreAlumno={alumno.etiqueta}
                  cursoDelCiclo={(c) =>
                    medidas.data?.anios.find((a) => a.ciclo === c)?.curso?.nombre ?? null
                  }
                  modo={modo}
                  hoy={hoy}
                  turno={turno}
                  medida={medidaElegida}
                  onTerminar={() => setElegida(null)}
                />
              </Paper>
            </Grid.Col>
          </>
        )}
      </Grid>
    </Stack>
  );
}
