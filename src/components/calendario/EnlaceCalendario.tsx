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
import { useSyncExternalStore, type ReactNode } from 'react';
import { avisar } from '@/components/ui/avisos';
import { confirmar } from '@/components/ui/confirmar';
import { mensajeDeError } from '@/components/ui/errores';

const sinCambios = () => () => {};
const origenDelNavegador = () => window.location.origin;

/** Lo que cambia de una pantalla a otra: textos, la ruta del .ics y los data-testid. */
export type TextosEnlace = {
  /** El título de la caja. */
  titulo: string;
  /** Qué se agrega al calendario y cuándo se actualiza. */
  explicacion: ReactNode;
  /** Lo que ve quien tenga el enlace («su horario», «las evaluaciones»). */
  que: string;
  /** El botón que anula el enlace y crea otro (y el título de su confirmación). */
  regenerar: string;
  /** La ruta del .ics sin el token, con la barra final: `/api/ics/horario/`. */
  ruta: string;
  /** data-testid de la caja y del campo con el enlace. */
  testid: string;
  testidCampo: string;
};

/** La consulta del enlace (`*.enlace`): el token, si hay uno. */
type ConsultaEnlace = {
  data?: { token: string | null } | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
};

/** Una mutación sin entrada (`*.nuevoEnlace`, `*.quitarEnlace`). */
type MutacionEnlace = { mutateAsync: () => Promise<unknown>; isPending: boolean };

/**
 * Una dirección privada (.ics) para agregar algo del portal a Google Calendar o al calendario
 * del teléfono: el horario del docente (/mi-horario) y las evaluaciones (/evaluaciones-externo).
 * Se crea a pedido; regenerarla anula la anterior (si se compartió por error), y también se puede
 * quitar. Cada pantalla pasa sus procedimientos de tRPC y sus textos; el origen de la dirección
 * es el del navegador (el mismo que la página).
 */
export function EnlaceCalendario({
  consulta,
  crear,
  quitar,
  alCambiar,
  textos,
}: {
  consulta: ConsultaEnlace;
  crear: MutacionEnlace;
  quitar: MutacionEnlace;
  /** Vuelve a pedir el enlace (invalida la consulta) después de crearlo o quitarlo. */
  alCambiar: () => Promise<void>;
  textos: TextosEnlace;
}) {
  const origen = useSyncExternalStore(sinCambios, origenDelNavegador, () => '');
  const token = consulta.data?.token ?? null;
  const url = token && origen ? `${origen}${textos.ruta}${token}.ics` : '';

  const generar = async () => {
    if (
      token &&
      !(await confirmar({
        titulo: `¿${textos.regenerar}?`,
        mensaje: `El enlace actual deja de funcionar: los calendarios donde se agregó dejan de recibir ${textos.que} hasta que se agregue el nuevo.`,
        confirmar: textos.regenerar,
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
    await alCambiar();
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
    await alCambiar();
  };

  return (
    <Paper withBorder p="md" data-testid={textos.testid} className="no-imprimir">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {textos.titulo}
        </Title>
        <Text size="sm">{textos.explicacion}</Text>
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
              description={`Quien tenga este enlace ve ${textos.que}: no lo comparta.`}
              value={url}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
              data-testid={textos.testidCampo}
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
                {textos.regenerar}
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
