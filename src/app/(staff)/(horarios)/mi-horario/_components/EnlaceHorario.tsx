'use client';
import {
  Alert,
  Button,
  CopyButton,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCalendarPlus, IconCheck, IconCopy, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { avisar } from '@/components/ui/avisos';
import { confirmar } from '@/components/ui/confirmar';
import { mensajeDeError } from '@/components/ui/errores';
import { api } from '@/trpc/react';

const sinCambios = () => () => {};
const origenDelNavegador = () => window.location.origin;

/** La dirección del .ics de la semana en este portal (el origen, del navegador). */
const direccion = (origen: string, token: string) => `${origen}/api/ics/horario/${token}.ics`;

/**
 * La semana del docente en su calendario (issue 32 §5): una dirección privada con cada bloque
 * como una clase que se repite cada semana hasta el fin del ciclo. Se crea a pedido; regenerarla
 * anula la anterior (si se compartió por error), y también se puede quitar. El secreto es uno por usuario: el mismo que el
 * del calendario de evaluaciones de quien además es referente.
 */
export function EnlaceHorario() {
  const utils = api.useUtils();
  const consulta = api.horarios.enlace.useQuery();
  const crear = api.horarios.nuevoEnlace.useMutation();
  const quitar = api.horarios.quitarEnlace.useMutation();
  const origen = useSyncExternalStore(sinCambios, origenDelNavegador, () => '');

  const token = consulta.data?.token ?? null;
  const url = token && origen ? direccion(origen, token) : '';

  const generar = async () => {
    if (
      token &&
      !(await confirmar({
        titulo: '¿Regenerar el enlace?',
        mensaje:
          'El enlace actual deja de funcionar: los calendarios donde se agregó dejan de recibir su horario hasta que se agregue el nuevo.',
        confirmar: 'Regenerar el enlace',
      }))
    )
      return;
    try {
      await crear.mutateAsync();
      avisar({
        color: 'green',
        message: token
          ? 'Se generó un enlace nuevo; el anterior ya no funciona.'
          : 'Enlace creado.',
      });
    } catch (e) {
      avisar({ color: 'red', title: 'No se creó el enlace', message: mensajeDeError(e) });
    }
    await utils.horarios.enlace.invalidate();
  };

  const borrar = async () => {
    if (
      !(await confirmar({
        titulo: '¿Quitar el enlace del calendario?',
        mensaje: 'Deja de funcionar en todos los calendarios donde se agregó.',
        confirmar: 'Quitar el enlace',
        peligro: true,
      }))
    )
      return;
    try {
      await quitar.mutateAsync();
      avisar({ color: 'green', message: 'Se quitó el enlace del calendario.' });
    } catch (e) {
      avisar({ color: 'red', title: 'No se quitó el enlace', message: mensajeDeError(e) });
    }
    await utils.horarios.enlace.invalidate();
  };

  return (
    <Paper withBorder p="md" data-testid="calendario-horario" className="no-imprimir">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Mi horario en el calendario
        </Title>
        <Text size="sm">
          Agregue su horario a Google Calendar o al calendario del teléfono: cada clase se repite
          todas las semanas hasta el fin del ciclo y se actualiza sola si cambia el horario.
        </Text>
        {consulta.isPending ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">Cargando…</Text>
          </Group>
        ) : consulta.isError ? (
          <Alert color="red" role="alert">
            {mensajeDeError(consulta.error)}
          </Alert>
        ) : !token ? (
          <Group>
            <Button
              leftSection={<IconCalendarPlus size={16} aria-hidden />}
              onClick={() => void generar()}
              loading={crear.isPending}
            >
              Crear mi enlace de calendario
            </Button>
          </Group>
        ) : (
          <Stack gap="xs">
            <TextInput
              label="Enlace privado del calendario"
              description="Quien tenga este enlace ve su horario: no lo comparta."
              value={url}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
              data-testid="enlace-horario"
            />
            <Group gap="xs" wrap="wrap">
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button
                    variant="light"
                    leftSection={
                      copied ? (
                        <IconCheck size={16} aria-hidden />
                      ) : (
                        <IconCopy size={16} aria-hidden />
                      )
                    }
                    onClick={copy}
                    disabled={!url}
                  >
                    {copied ? 'Copiado' : 'Copiar enlace'}
                  </Button>
                )}
              </CopyButton>
              {url && (
                <Button
                  component="a"
                  variant="subtle"
                  href={url.replace(/^https?:/, 'webcal:')}
                  leftSection={<IconCalendarPlus size={16} aria-hidden />}
                >
                  Abrir en el teléfono
                </Button>
              )}
              <Button
                variant="subtle"
                leftSection={<IconRefresh size={16} aria-hidden />}
                onClick={() => void generar()}
                loading={crear.isPending}
              >
                Regenerar el enlace
              </Button>
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => void borrar()}
                loading={quitar.isPending}
              >
                Quitar el enlace
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              En Google Calendar (en la computadora): «Otros calendarios» → «+» → «Desde URL», pegue
              el enlace y elija «Agregar calendario».
            </Text>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
