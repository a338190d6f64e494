'use client';
import { Alert, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { SelectorCursado } from '@/components/campos/SelectorCursado';
import { Cargando } from '@/components/vistas/Cargando';
import { api } from '@/trpc/react';
import { PlanillaNotas } from './PlanillaNotas';
import { TablaReglamento } from './TablaReglamento';

/**
 * Las variantes de /notas (spec 02 §2): el docente (sus cursados: carga y cierra), -readonly
 * (preceptores), -supervisor (pestañas por curso e impresión), -hypervisor (filtro "sólo
 * abiertas") y -privileged (Alumnado: guarda, cierra, reabre e imprime). Qué puede hacer cada
 * una lo decide el servidor por el rol activo; la pantalla sólo muestra los botones que aplican.
 */
export type VarianteNotas = 'docente' | 'readonly' | 'supervisor' | 'hypervisor' | 'privileged';

export function PantallaNotas({ variante }: { variante: VarianteNotas }) {
  const [soloAbiertas, setSoloAbiertas] = useState(false);
  const [cursado, setCursado] = useState<string | null>(null);
  const lista = api.notas.cursados.useQuery(
    { soloAbiertas: variante === 'hypervisor' && soloAbiertas },
    { placeholderData: (anterior) => anterior },
  );
  const opciones = (lista.data ?? []).map((c) => ({
    value: String(c.id),
    label: [c.nombre, c.cursos.map((x) => x.nombre).join(', ')].filter(Boolean).join(' — '),
  }));
  const elegido = cursado != null && opciones.some((o) => o.value === cursado) ? cursado : null;

  return (
    <Stack gap="md">
      <Title order={1} size="h2" className="no-imprimir">
        Notas
      </Title>
      <Group align="end" gap="md" className="no-imprimir">
        <SelectorCursado
          cargando={lista.isPending}
          opciones={opciones}
          valor={elegido}
          onCambiar={setCursado}
          ancho={440}
        />
        {variante === 'hypervisor' && (
          <Switch
            label="Sólo planillas abiertas"
            checked={soloAbiertas}
            onChange={(e) => setSoloAbiertas(e.currentTarget.checked)}
            mb={8}
          />
        )}
      </Group>
      {lista.error && (
        <Alert color="red" title="No se pudieron leer los cursados">
          {lista.error.message}
        </Alert>
      )}
      {lista.isPending && <Cargando />}
      {lista.data && lista.data.length === 0 && (
        <Text c="dimmed">
          {soloAbiertas ? 'No hay planillas abiertas.' : 'No hay cursados con planillas de notas.'}
        </Text>
      )}
      {elegido == null ? (
        <TablaReglamento />
      ) : (
        <PlanillaNotas key={elegido} cursado={Number(elegido)} variante={variante} />
      )}
    </Stack>
  );
}
