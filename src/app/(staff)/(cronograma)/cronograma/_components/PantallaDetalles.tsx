'use client';
import { MAXIMO_DETALLES } from '@/domain/cronograma';
import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconDeviceFloppy, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { avisar } from '@/components/ui/avisos';
import { mensajeDeError } from '@/components/ui/errores';
import { useAvisoAlSalir } from '@/components/ui/useAvisoAlSalir';
import { SIN_DESCRIPCION } from '@/domain/cronograma';
import { api } from '@/trpc/react';
import type { Salidas } from './comun';
import estilos from './cronograma.module.css';

/**
 * Detalles de /cronograma/{id}/detalles (spec 01 §2, §6, §8): la descripción del cursado, o 'No
 * hay descripción disponible para este cursado.'; el docente la edita y la guarda.
 */
export function PantallaDetalles({ inicial }: { inicial: Salidas['cronograma']['detalles'] }) {
  const [detalles, setDetalles] = useState(inicial.detalles);
  const [editando, setEditando] = useState(false);
  const [borrador, setBorrador] = useState('');
  const guardar = api.cronograma.guardarDetalles.useMutation();
  const cambiado = editando && borrador.trim() !== (detalles ?? '');
  useAvisoAlSalir(cambiado);

  const alGuardar = async () => {
    if (guardar.isPending) return;
    try {
      const r = await guardar.mutateAsync({ id: inicial.cursadoId, texto: borrador });
      setDetalles(r.detalles);
      setEditando(false);
      avisar({ color: 'green', message: 'Detalles guardados.' });
    } catch (e) {
      avisar({ color: 'red', title: 'Error al guardar', message: mensajeDeError(e) });
    }
  };

  if (editando)
    return (
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void alGuardar();
        }}
      >
        <Stack gap="sm">
          <Textarea
            label="Descripción del cursado"
            autosize
            minRows={5}
            maxRows={20}
            maxLength={MAXIMO_DETALLES}
            value={borrador}
            onChange={(e) => setBorrador(e.currentTarget.value)}
            data-autofocus
            autoFocus
          />
          <Group gap="xs" justify="flex-end">
            <Button
              variant="default"
              onClick={() => setEditando(false)}
              disabled={guardar.isPending}
            >
              Cancelar
            </Button>
            <Button
              type="submit"
              leftSection={<IconDeviceFloppy size={18} />}
              loading={guardar.isPending}
              disabled={!cambiado}
            >
              Guardar
            </Button>
          </Group>
        </Stack>
      </form>
    );

  return (
    <Stack gap="sm">
      <Paper withBorder p="md">
        {detalles ? (
          <Text className={estilos.texto} data-testid="detalles">
            {detalles}
          </Text>
        ) : (
          <Text c="dimmed" data-testid="detalles">
            {SIN_DESCRIPCION}
          </Text>
        )}
      </Paper>
      {inicial.puedeEditar && (
        <Group>
          <Button
            variant="light"
            leftSection={<IconPencil size={18} />}
            onClick={() => {
              setBorrador(detalles ?? '');
              setEditando(true);
            }}
          >
            Editar detalles
          </Button>
        </Group>
      )}
    </Stack>
  );
}
