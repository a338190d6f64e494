'use client';
import { Alert, Badge, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import Link from 'next/link';
import { ListaPaginada, PAGINAS, useBusqueda } from '@/components/listas/ListaPaginada';
import { PAGINA_MATERIAS } from '@/domain/planificacion';
import { Exportar } from '@/components/ui/Exportar';
import { api } from '@/trpc/react';
import { cantidad } from '@/domain/texto';
import type { Salidas } from './comun';
import { AccionesFila, BotonExportar, useBorrarFila } from './AccionesFila';
import { ImportarMaterias } from './ImportarMaterias';
import estilos from './planificacion.module.css';

type Materia = Salidas['materias']['listar']['items'][number];

/**
 * /planificacion/materias (spec 02 §2, §3 Materia, §9): búsqueda en el servidor, páginas de 30
 * con "Cargar más", alta, edición, borrado (409 con lo que depende de la materia) y el CSV.
 */
export function PantallaMaterias({ aviso }: { aviso: string | null }) {
  const busqueda = useBusqueda();
  const utils = api.useUtils();
  const lista = api.materias.listar.useInfiniteQuery(
    { q: busqueda.q, limit: PAGINA_MATERIAS },
    PAGINAS,
  );
  const borrar = api.materias.borrar.useMutation();
  const { borrando, alBorrar } = useBorrarFila<Materia>({
    id: (m) => m.orden,
    titulo: (m) => `¿Borrar la materia ${m.nombre} (${m.materiaCode})?`,
    mensaje: (m) => `Se borra del plan ${m.plan.code} ${m.plan.year}. No se puede deshacer.`,
    borrar: (m) => borrar.mutateAsync({ id: m.orden }),
    borrada: (m) => `Materia ${m.nombre} (${m.materiaCode}) borrada.`,
    actualizar: () => utils.materias.listar.invalidate(),
    error: 'No se pudo borrar la materia',
  });

  return (
    <Stack gap="md">
      {aviso && (
        <Alert color="red" role="alert">
          {aviso}
        </Alert>
      )}
      <ListaPaginada
        busqueda={busqueda}
        consulta={lista}
        etiquetaBusqueda="Buscar materias"
        placeholder="Buscar por nombre, código o departamento…"
        junto={
          <Group gap="xs" wrap="wrap">
            <Button
              component={Link}
              href="/planificacion/materias/nueva"
              leftSection={<IconPlus size={16} />}
            >
              Nueva materia
            </Button>
            <BotonExportar
              variant="light"
              obtener={() => utils.materias.csv.fetch(undefined, { staleTime: 0 })}
            />
            <Exportar lista="materias" parametros={{ q: busqueda.q }} variant="light" />
            <ImportarMaterias />
          </Group>
        }
        nombre={{ singular: 'materia', plural: 'materias', femenino: true }}
        etiquetaLista="Materias"
        esqueleto={{ filas: 6, alto: 56 }}
        gap="md"
      >
        {(m) => (
          <Box
            component="li"
            key={m.orden}
            aria-label={`${m.nombre} (${m.materiaCode})`}
            className={estilos.fila}
            px="md"
            py="sm"
          >
            <Group justify="space-between" wrap="nowrap" gap="sm" align="center">
              <Box style={{ minWidth: 0 }}>
                <Group gap="xs" wrap="wrap">
                  <Badge variant="light" radius="sm" tt="none">
                    {m.materiaCode}
                  </Badge>
                  <Text fw={600}>{m.nombre}</Text>
                </Group>
                <Text size="sm" c="dimmed">
                  {m.anio}° año · Plan {m.plan.year} {m.plan.code} · {m.departamentoName} ·{' '}
                  <span data-testid="cursados-de-materia">
                    {cantidad(m.cursadosAsociados, 'cursado', 'cursados')}
                  </span>
                </Text>
              </Box>
              <AccionesFila
                id={m.orden}
                nombre={`${m.nombre} (${m.materiaCode})`}
                editar={`/planificacion/materias/editar/${m.orden}`}
                borrando={borrando}
                onBorrar={() => void alBorrar(m)}
              />
            </Group>
          </Box>
        )}
      </ListaPaginada>
    </Stack>
  );
}
