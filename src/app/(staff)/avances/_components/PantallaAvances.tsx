'use client';
import { Alert, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { SelectorCursado } from '@/components/campos/SelectorCursado';
import { Cargando } from '@/components/vistas/Cargando';
import type { Instancia } from '@/domain/avances';
import { fechaLegible } from '@/domain/texto';
import { api } from '@/trpc/react';
import { PlanillaAvances } from './PlanillaAvances';

const ESTADO: Record<'sinPlanilla' | 'abierta' | 'cerrada', string> = {
  sinPlanilla: 'sin completar',
  abierta: 'abierta',
  cerrada: 'cerrada',
};

/**
 * Los cursados del usuario en la instancia (con el estado de su planilla) y la planilla del
 * elegido. 'Todas / Abiertas' para el jefe de departamento, el coordinador y el regente.
 */
export function PantallaAvances({
  instancia,
  conFiltro,
  hoy,
}: {
  instancia: Instancia;
  conFiltro: boolean;
  hoy: string;
}) {
  const [filtro, setFiltro] = useState<'todas' | 'abiertas'>('todas');
  const [cursado, setCursado] = useState<string | null>(null);
  const lista = api.avances.cursados.useQuery(
    { fecha: instancia.fecha, soloAbiertas: conFiltro && filtro === 'abiertas' },
    { placeholderData: (anterior) => anterior },
  );
  const cursados = lista.data?.cursados ?? [];
  const opciones = cursados.map((c) => ({
    value: String(c.cursadoId),
    label: `${[c.nombre, c.cursos.join(', ')].filter(Boolean).join(' — ')} (${ESTADO[c.estado]})`,
  }));
  const elegido = cursado != null && opciones.some((o) => o.value === cursado) ? cursado : null;
  const pendientes = cursados.filter((c) => c.estado !== 'cerrada').length;

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" data-testid="instancia">
        Instancia con cierre el {fechaLegible(instancia.fecha)}
        {instancia.publicacion ? ` · se publica el ${fechaLegible(instancia.publicacion)}` : ''}
        {hoy > instancia.fecha ? ' · ya pasó la fecha de cierre' : ''}
      </Text>
      <Group align="end" gap="md">
        <SelectorCursado
          cargando={lista.isPending}
          opciones={opciones}
          valor={elegido}
          onCambiar={setCursado}
          ancho={480}
        />
        {conFiltro && (
          <SegmentedControl
            aria-label="Planillas que se listan"
            value={filtro}
            onChange={(v) => setFiltro(v as 'todas' | 'abiertas')}
            data={[
              { value: 'todas', label: 'Todas' },
              { value: 'abiertas', label: 'Abiertas' },
            ]}
          />
        )}
      </Group>
      {lista.error && (
        <Alert color="red" title="No se pudieron leer los cursados">
          {lista.error.message}
        </Alert>
      )}
      {lista.isPending && <Cargando />}
      {lista.data &&
        (cursados.length === 0 ? (
          <Text c="dimmed" data-testid="sin-cursados">
            {filtro === 'abiertas' ? 'No hay planillas abiertas.' : 'Sin resultados'}
          </Text>
        ) : (
          <Text size="sm" data-testid="resumen-cursados">
            {cursados.length} {cursados.length === 1 ? 'cursado' : 'cursados'} · {pendientes}{' '}
            {pendientes === 1 ? 'planilla sin cerrar' : 'planillas sin cerrar'}
          </Text>
        ))}
      {elegido != null && (
        <PlanillaAvances
          key={`${instancia.fecha}-${elegido}`}
          fecha={instancia.fecha}
          cursado={Number(elegido)}
        />
      )}
    </Stack>
  );
}
