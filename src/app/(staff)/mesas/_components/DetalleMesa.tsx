'use client';
import { Alert, Badge, Button, Group, List, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil, IconTrash } from '@tabler/icons-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { avisar } from '@/components/ui/avisos';
import { confirmar } from '@/components/ui/confirmar';
import { mensajeDeError } from '@/components/ui/errores';
import type { PestanaMesa } from '@/domain/mesas';
import { api } from '@/trpc/react';
import { cuandoEs, tituloMesa, type Mesa } from './comun';
import { PestanaAlumnos } from './PestanaAlumnos';
import { PestanaDocentes } from './PestanaDocentes';
import { PestanaMaterias } from './PestanaMaterias';

const ETIQUETA: Record<PestanaMesa, string> = {
  materias: 'Materias',
  docentes: 'Docentes',
  alumnos: 'Alumnos',
};

/** El detalle de una mesa: datos, superposiciones y las pestañas que el rol ve. */
export function DetalleMesa({ inicial }: { inicial: Mesa }) {
  const router = useRouter();
  const detalle = api.mesas.detalle.useQuery({ id: inicial.id }, { initialData: inicial });
  const m = detalle.data;
  const [pestana, setPestana] = useState<PestanaMesa | null>(inicial.pestana);
  const borrar = api.mesas.borrar.useMutation();

  const alBorrar = async () => {
    const ok = await confirmar({
      titulo: '¿Borrar la mesa?',
      mensaje: `${tituloMesa(m.materias)} del ${cuandoEs(m)} (${m.instancia}). No se puede deshacer.`,
      confirmar: 'Borrar',
      peligro: true,
    });
    if (!ok) return;
    try {
      await borrar.mutateAsync({ id: m.id });
      router.push('/mesas?aviso=borrada');
    } catch (e) {
      avisar({ color: 'red', title: 'No se pudo borrar la mesa', message: mensajeDeError(e) });
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" className="no-imprimir">
        <Button
          component={Link}
          href="/mesas"
          variant="subtle"
          leftSection={<IconArrowLeft size={16} />}
        >
          Mesas
        </Button>
        <Group gap="xs">
          {m.permisos.formulario && (
            <Button
              component={Link}
              href={`/mesas/editar/${m.id}`}
              variant="default"
              leftSection={<IconPencil size={16} />}
            >
              {m.permisos.formulario === 'horario' ? 'Cambiar hora y aula' : 'Editar'}
            </Button>
          )}
          {m.permisos.administra && (
            <Button
              variant="default"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => void alBorrar()}
              loading={borrar.isPending}
            >
              Borrar
            </Button>
          )}
        </Group>
      </Group>
      <Stack gap={4} className="no-imprimir">
        <Group gap="xs">
          <Title order={1} size="h2">
            {tituloMesa(m.materias)}
          </Title>
          <Badge variant="outline" color="indigo.9">
            {m.corta}
          </Badge>
        </Group>
        <Text>
          {cuandoEs(m)} · {m.instancia} · {m.aula ? `Aula: ${m.aula}` : 'Sin aula'}
        </Text>
      </Stack>
      {m.choques.length > 0 && (
        <Alert color="yellow" className="no-imprimir" role="status">
          <Text fw={700} size="sm" mb={4}>
            Superposiciones
          </Text>
          <List size="sm">
            {m.choques.map((c) => (
              <List.Item key={c}>{c}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Tabs value={pestana} onChange={(v) => setPestana(v as PestanaMesa)} keepMounted={false}>
        {m.permisos.pestanas.length > 1 && (
          <Tabs.List className="no-imprimir">
            {m.permisos.pestanas.map((p) => (
              <Tabs.Tab key={p} value={p}>
                {ETIQUETA[p]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        )}
        <Tabs.Panel value="materias" pt="md">
          <PestanaMaterias mesa={m} />
        </Tabs.Panel>
        <Tabs.Panel value="docentes" pt="md">
          <PestanaDocentes mesa={m} />
        </Tabs.Panel>
        <Tabs.Panel value="alumnos" pt="md">
          <PestanaAlumnos mesa={m} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
