'use client';
import {
  Alert,
  Anchor,
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

/** La dirección del .ics en este portal (el origen, del navegador: el mismo que la página). */
const direccion = (origen: string, token: string) => `${origen}/api/ics/${token}.ics`;

/**
 * El calendario personal (issue 14 §10): una dirección privada para agregar las evaluaciones a
 * Google Calendar o al calendario del teléfono. Se crea a pedido; generar una nueva hace que la
 * anterior deje de funcionar (si se compartió por error), y también se puede quitar.
 */
export function CalendarioPersonal({ deHijos }: { deHijos: boolean }) {
  const utils = api.useUtils();
  const consulta = api.evaluaciones.enlace.useQuery();
  const crear = api.evaluaciones.nuevoEnlace.useMutation();
  const quitar = api.evaluaciones.quitarEnlace.useMutation();
  const origen = useSyncExternalStore(sinCambios, origenDelNavegador, () => '');

  const cuales = deHijos ? 'las evaluaciones de sus hijos' : 'sus evaluaciones';
  const token = consulta.data?.token ?? null;
  const url = token && origen ? direccion(origen, token) : '';

  const generar = async () => {
    if (
      token &&
      !(await confirmar({
        titulo: '¿Generar un enlace nuevo?',
        mensaje:
          'El enlace actual deja de funcionar: los calendarios donde se agregó dejan de recibir las evaluaciones hasta que se agregue el nuevo.',
        confirmar: 'Generar un enlace nuevo',
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
    await utils.evaluaciones.enlace.invalidate();
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
    await utils.evaluaciones.enlace.invalidate();
  };

  return (
    <Paper withBorder p="md" data-testid="calendario-personal" className="no-imprimir">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Calendario personal
        </Title>
        <Text size="sm">
          Agregue {cuales} a Google Calendar o al calendario del teléfono: se actualizan solas
          cuando un docente reserva o cancela una.
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
              description="Quien tenga este enlace ve las evaluaciones: no lo comparta."
              value={url}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
              data-testid="enlace-calendario"
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
            </Group>
            <Text size="xs" c="dimmed">
              En Google Calendar (en la computadora): «Otros calendarios» → «+» → «Desde URL», pegue
              el enlace y elija «Agregar calendario».{' '}
              <Anchor
                size="xs"
                href="https://support.google.com/calendar/answer/37100"
                target="_blank"
              >
                Ayuda de Google
              </Anchor>
            </Text>
            <Group gap="xs" wrap="wrap">
              <Button
                size="xs"
                variant="subtle"
                leftSection={<IconRefresh size={14} aria-hidden />}
                onClick={() => void generar()}
                loading={crear.isPending}
              >
                Generar un enlace nuevo
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={() => void borrar()}
                loading={quitar.isPending}
              >
                Quitar el enlace
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
