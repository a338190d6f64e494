'use client';
import { Alert, Button, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCloudOff, IconCloudUpload, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { circunstanciaVisible, textoJustificacion } from '@/domain/asistencias';
import {
  alumnosEnConflicto,
  contarCambios,
  planillaDelCambio,
  textoPendientes,
  type EntradaDeseada,
  type Eleccion,
  type EntradaGuardada,
} from '@/domain/asistencias-sin-conexion';
import type { CambioGuardado } from '@/components/sin-conexion/almacen';
import { confirmar } from '@/components/ui/confirmar';
import { api } from '@/trpc/react';
import { mensajeDeError } from './edicion';
import { guardadasDe, type DatosPlanilla, type useColaPlanilla } from './useColaPlanilla';

type Cola = ReturnType<typeof useColaPlanilla>;

/**
 * El aviso de la cola (issue 36 §2): "Sin conexión: N cambios guardados en este teléfono" con
 * "Reintentar", "Enviado" cuando salieron, los cambios de otra persona que esperan, por cada
 * cambio en conflicto la elección entre lo de la otra persona y lo propio, y por cada cambio que
 * el servidor rechazó, su motivo con "Reintentar" y "Descartar".
 */
export function AvisoSinConexion({ cola }: { cola: Cola }) {
  const pendientes = cola.cola.filter((c) => c.estado === 'pendiente' || c.estado === 'enviando');
  const conflictos = cola.cola.filter((c) => c.estado === 'conflicto');
  const rechazados = cola.cola.filter((c) => c.estado === 'rechazado');
  const n = contarCambios(pendientes);
  return (
    <>
      {pendientes.length > 0 && (
        <Alert
          color="yellow"
          role="status"
          icon={<IconCloudOff size={20} aria-hidden />}
          data-testid="aviso-sin-conexion"
        >
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" fw={500}>
              {cola.enLinea && cola.enviando
                ? `Enviando ${n} ${n === 1 ? 'cambio guardado' : 'cambios guardados'} en este teléfono…`
                : textoPendientes(n)}
            </Text>
            <Button
              size="compact-sm"
              variant="light"
              color="yellow"
              leftSection={<IconRefresh size={16} aria-hidden />}
              loading={cola.enviando}
              onClick={() => void cola.enviar()}
            >
              Reintentar
            </Button>
          </Group>
          {cola.error && (
            <Text size="sm" mt={4}>
              {cola.error}
            </Text>
          )}
        </Alert>
      )}
      {pendientes.length === 0 && conflictos.length === 0 && !rechazados.length && cola.enviado && (
        <Alert
          color="green"
          role="status"
          icon={<IconCloudUpload size={20} aria-hidden />}
          data-testid="aviso-enviado"
        >
          Enviado
        </Alert>
      )}
      {cola.ajenos && (
        <Alert color="gray" role="status" data-testid="aviso-ajenos">
          Hay cambios de otra persona esperando que ingrese
        </Alert>
      )}
      {rechazados.map((c) => (
        <Rechazado key={c.id} cambio={c} cola={cola} />
      ))}
      {conflictos.map((c) => (
        <Conflicto key={c.id} cambio={c} cola={cola} />
      ))}
    </>
  );
}

/**
 * Un cambio que el servidor no aceptó (el curso ya no es del preceptor, una fecha fuera de la
 * ventana…): queda en el teléfono, sin reenviarse solo, hasta que el preceptor lo reintente o lo
 * descarte. Descartar pide confirmación y dice qué se pierde.
 */
function Rechazado({ cambio, cola }: { cambio: CambioGuardado; cola: Cola }) {
  const [ocupado, setOcupado] = useState(false);
  const titulo = planillaDelCambio(cambio);
  const n = contarCambios([cambio]);
  const hacer = (accion: () => Promise<void>) => {
    setOcupado(true);
    void accion().finally(() => setOcupado(false));
  };
  const descartar = async () => {
    const si = await confirmar({
      titulo: '¿Descartar los cambios guardados en este teléfono?',
      mensaje:
        n === 1
          ? `El cambio de ${titulo} que el servidor no aceptó se borrará de este teléfono y no se enviará.`
          : `Los ${n} cambios de ${titulo} que el servidor no aceptó se borrarán de este teléfono y no se enviarán.`,
      confirmar: 'Descartar',
      peligro: true,
    });
    if (si) await cola.descartar(cambio);
  };
  return (
    <Alert
      color="red"
      role="alert"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      title={`El servidor no aceptó los cambios de ${titulo}`}
      data-testid="cambio-rechazado"
    >
      <Stack gap="xs">
        {cambio.motivo && <Text size="sm">{cambio.motivo}</Text>}
        <Text size="sm">
          Siguen guardados en este teléfono y no se envían solos. Reintente cuando se haya corregido
          lo que dice el mensaje, o descártelos.
        </Text>
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            leftSection={<IconRefresh size={16} aria-hidden />}
            disabled={ocupado || !cola.enLinea}
            onClick={() => hacer(() => cola.reintentarRechazado(cambio))}
          >
            Reintentar
          </Button>
          <Button
            size="compact-sm"
            variant="filled"
            color="red"
            disabled={ocupado}
            onClick={() => hacer(descartar)}
          >
            Descartar
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

const textoEntrada = (e: Omit<EntradaGuardada, 'orden'>) =>
  [e.tipo, circunstanciaVisible(e.circunstancia), textoJustificacion(e)]
    .filter(Boolean)
    .join(' · ');

function ListaEntradas({ entradas }: { entradas: readonly Omit<EntradaDeseada, 'orden'>[] }) {
  if (entradas.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Sin entradas (presente)
      </Text>
    );
  return (
    <Stack component="ul" gap={2} m={0} pl="md">
      {entradas.map((e, i) => (
        <Text component="li" size="sm" key={i}>
          {textoEntrada(e)}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * Un cambio que choca con lo que otra persona guardó: por alumno, las dos versiones y la
 * elección ("Quedarme con lo mío" / "Dejar lo de la otra persona"). Nada se pisa sin elegir.
 */
function Conflicto({ cambio, cola }: { cambio: CambioGuardado; cola: Cola }) {
  const utils = api.useUtils();
  const [servidor, setServidor] = useState<DatosPlanilla | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [elecciones, setElecciones] = useState<Map<number, Eleccion>>(new Map());
  const [aplicando, setAplicando] = useState(false);

  useEffect(() => {
    let vigente = true;
    utils.client.asistencias.planilla
      .query({ curso: cambio.curso, fecha: cambio.fecha, turno: cambio.turno })
      .then((p) => vigente && setServidor(p))
      .catch((e: unknown) => vigente && setError(mensajeDeError(e)));
    return () => {
      vigente = false;
    };
  }, [utils, cambio.curso, cambio.fecha, cambio.turno, cambio.id]);

  const ahora = servidor ? guardadasDe(servidor) : null;
  const enConflicto = ahora ? alumnosEnConflicto(cambio, ahora) : [];
  const nombre = (alumno: number) => {
    const a = servidor?.alumnos.find((x) => x.orden === alumno);
    return a ? `${a.apellido}, ${a.nombre}` : `Alumno ${alumno}`;
  };
  const faltan = enConflicto.filter((a) => !elecciones.has(a)).length;
  const titulo = planillaDelCambio(cambio);

  return (
    <Paper
      withBorder
      p="md"
      data-testid="conflicto-planilla"
      role="region"
      aria-label={`Conflicto en ${titulo}`}
    >
      <Stack gap="sm">
        <Title order={2} size="h5">
          Otra persona cambió {titulo}
        </Title>
        <Text size="sm">
          Mientras usted hacía estos cambios, otra persona guardó entradas de los mismos alumnos.
          Elija, para cada uno, qué debe quedar. No se envía nada hasta que elija.
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {!servidor && !error && <Text size="sm">Leyendo lo que guardó la otra persona…</Text>}
        {enConflicto.map((alumno) => {
          const mio = cambio.alumnos.find((a) => a.alumno === alumno)!;
          return (
            <Paper key={alumno} withBorder p="sm" data-testid="conflicto-alumno">
              <Stack gap="xs">
                <Text fw={600} size="sm">
                  {nombre(alumno)}
                </Text>
                <div>
                  <Text size="sm" fw={500}>
                    Lo que guardó la otra persona
                  </Text>
                  <ListaEntradas entradas={ahora!.get(alumno) ?? []} />
                </div>
                <div>
                  <Text size="sm" fw={500}>
                    Lo suyo (en este teléfono)
                  </Text>
                  <ListaEntradas entradas={mio.deseado} />
                </div>
                <Radio.Group
                  label={`Qué queda para ${nombre(alumno)}`}
                  value={elecciones.get(alumno) ?? null}
                  onChange={(v) => setElecciones((m) => new Map(m).set(alumno, v as Eleccion))}
                >
                  <Stack gap={6} mt={4}>
                    <Radio value="mio" label="Quedarme con lo mío" />
                    <Radio value="otro" label="Dejar lo de la otra persona" />
                  </Stack>
                </Radio.Group>
              </Stack>
            </Paper>
          );
        })}
        {servidor && enConflicto.length === 0 && (
          <Text size="sm">La otra persona ya no tiene cambios distintos de los suyos.</Text>
        )}
        <Group>
          <Button
            disabled={!servidor || faltan > 0}
            loading={aplicando}
            onClick={() => {
              setAplicando(true);
              void cola.resolver(cambio, ahora!, elecciones).finally(() => setAplicando(false));
            }}
          >
            Aplicar y enviar
          </Button>
          {faltan > 0 && (
            <Text size="sm" c="dimmed">
              {faltan === 1 ? 'Falta elegir 1 alumno' : `Faltan elegir ${faltan} alumnos`}
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
