'use client';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconRefresh } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { mensajeDeError } from '@/components/ui/errores';
import { AUTOGUARDADO_MS, MAXIMO_TEXTO_LIBRO } from '@/domain/cronograma';
import { api } from '@/trpc/react';
import { codigoHttp } from './comun';

type Estado =
  | { tipo: 'quieto' }
  | { tipo: 'pendiente' }
  | { tipo: 'guardando' }
  | { tipo: 'guardado' }
  | { tipo: 'error'; mensaje: string }
  | { tipo: 'conflicto'; mensaje: string };

const sinSuscripcion = () => () => {};
const enElNavegador = () => true;
const enElServidor = () => false;

/** Lo que el servidor guarda de un texto (recortado; vacío es "sin temas"). */
const clave = (t: string): string | null => t.trim() || null;

/**
 * Lo que se mandó con `keepalive` al salir queda también en sessionStorage: si la página vuelve a
 * cargarse antes de que el servidor lo guarde (recargar es más rápido que ese pedido), la clase
 * lo recupera y lo vuelve a guardar, en lugar de mostrar el texto de antes.
 */
interface Pendiente {
  texto: string | null;
  anterior: string | null;
}
const clavePendiente = (cursado: number, fecha: string) => `cronograma:${cursado}:${fecha}`;
function leerPendiente(cursado: number, fecha: string): Pendiente | null {
  try {
    const v = sessionStorage.getItem(clavePendiente(cursado, fecha));
    return v ? (JSON.parse(v) as Pendiente) : null;
  } catch {
    return null;
  }
}
function anotarPendiente(cursado: number, fecha: string, p: Pendiente | null) {
  try {
    if (p) sessionStorage.setItem(clavePendiente(cursado, fecha), JSON.stringify(p));
    else sessionStorage.removeItem(clavePendiente(cursado, fecha));
  } catch {
    // sin sessionStorage (modo privado estricto): sólo queda el keepalive
  }
}

/**
 * Los temas de una clase pasada que el docente escribe (spec 01 §5, §9): se guardan solos 1 s
 * después de dejar de escribir, con "Guardando…" / "Guardado" a la vista y el error si falla.
 * Cada guardado manda `anterior` (lo último guardado): si otra pestaña lo cambió, el servidor
 * responde 409 y se muestran el aviso y el texto guardado. Al cerrar u ocultar la pestaña (o
 * salir de la pantalla) con texto sin guardar, se manda por el contrato REST con `keepalive`,
 * así no se pierde lo escrito.
 */
export function ClaseEditable({
  cursado,
  fecha,
  etiqueta,
  inicial,
}: {
  cursado: number;
  fecha: string;
  /** 'lunes 15 de junio', para el nombre accesible del campo. */
  etiqueta: string;
  inicial: string | null;
}) {
  const [texto, setTexto] = useState(inicial ?? '');
  const hidratado = useSyncExternalStore(sinSuscripcion, enElNavegador, enElServidor);
  const [estado, setEstado] = useState<Estado>({ tipo: 'quieto' });
  const escribir = api.cronograma.escribir.useMutation();
  const utils = api.useUtils();
  /** Lo último que el servidor confirmó (el `anterior` del próximo guardado). */
  const guardado = useRef<string | null>(inicial);
  /** Lo que se está mandando (undefined: nada en camino). */
  const enVuelo = useRef<string | null | undefined>(undefined);
  /** Lo último escrito (los temporizadores y los eventos de la página lo leen). */
  const actual = useRef(inicial ?? '');
  const temporizador = useRef<ReturnType<typeof setTimeout> | null>(null);
  const montado = useRef(true);

  const cancelarTemporizador = () => {
    if (temporizador.current) clearTimeout(temporizador.current);
    temporizador.current = null;
  };

  /** Tras un 409: el texto guardado reemplaza al escrito (salvo que ya sea el mismo). */
  const resolverConflicto = useCallback(
    async (mensaje: string) => {
      try {
        const libro = await utils.cronograma.libro.fetch({ cursado }, { staleTime: 0 });
        const enServidor = libro.clases.find((c) => c.fecha === fecha)?.texto ?? null;
        anotarPendiente(cursado, fecha, null);
        if (!montado.current) return;
        guardado.current = enServidor;
        if (enServidor === clave(actual.current)) {
          setEstado({ tipo: 'guardado' });
          return;
        }
        cancelarTemporizador();
        actual.current = enServidor ?? '';
        setTexto(enServidor ?? '');
        setEstado({ tipo: 'conflicto', mensaje });
      } catch (e) {
        if (montado.current) setEstado({ tipo: 'error', mensaje: mensajeDeError(e) });
      }
    },
    [utils, cursado, fecha],
  );

  /** `guardar` se vuelve a llamar a sí mismo (lo escrito mientras guardaba) por esta referencia. */
  const otraVez = useRef<() => Promise<void>>(async () => {});
  const guardar = useCallback(async () => {
    temporizador.current = null;
    if (enVuelo.current !== undefined) return; // al volver, se revisa si quedó algo
    const enviar = clave(actual.current);
    if (enviar === guardado.current) {
      setEstado((e) => (e.tipo === 'pendiente' ? { tipo: 'guardado' } : e));
      return;
    }
    enVuelo.current = enviar;
    setEstado({ tipo: 'guardando' });
    try {
      const r = await escribir.mutateAsync({
        cursado,
        fecha,
        texto: enviar ?? '',
        anterior: guardado.current,
      });
      guardado.current = r.texto;
      enVuelo.current = undefined;
      if (clave(actual.current) === guardado.current) anotarPendiente(cursado, fecha, null);
      if (!montado.current) return;
      if (clave(actual.current) === guardado.current) setEstado({ tipo: 'guardado' });
      else if (!temporizador.current) void otraVez.current();
      else setEstado({ tipo: 'pendiente' });
    } catch (e) {
      enVuelo.current = undefined;
      if (!montado.current) return;
      if (codigoHttp(e) === 409) await resolverConflicto(mensajeDeError(e));
      else setEstado({ tipo: 'error', mensaje: mensajeDeError(e) });
    }
  }, [escribir, cursado, fecha, resolverConflicto]);

  useEffect(() => {
    otraVez.current = guardar;
  }, [guardar]);

  const alEscribir = (v: string) => {
    setTexto(v);
    actual.current = v;
    cancelarTemporizador();
    if (clave(v) === guardado.current && enVuelo.current === undefined) {
      setEstado((e) => (e.tipo === 'pendiente' ? { tipo: 'guardado' } : e));
      return;
    }
    setEstado((e) => (e.tipo === 'guardando' ? e : { tipo: 'pendiente' }));
    temporizador.current = setTimeout(() => void otraVez.current(), AUTOGUARDADO_MS);
  };

  /**
   * Manda lo pendiente con `fetch(..., { keepalive })` (sobrevive al cierre de la pestaña). Si hay
   * un guardado en camino, el `anterior` es lo que ese guardado lleva.
   */
  const vaciar = useCallback(() => {
    cancelarTemporizador();
    const base = enVuelo.current !== undefined ? enVuelo.current : guardado.current;
    const enviar = clave(actual.current);
    if (enviar === base) return;
    const enCamino = enVuelo.current !== undefined;
    if (!enCamino) enVuelo.current = enviar;
    anotarPendiente(cursado, fecha, { texto: enviar, anterior: base });
    const pedido = fetch(`/api/cronograma/libro/${cursado}`, {
      method: 'PUT',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fecha, texto: enviar ?? '', anterior: base }),
    });
    if (enCamino) return;
    pedido
      .then(async (r) => {
        enVuelo.current = undefined;
        if (r.ok) {
          guardado.current = ((await r.json()) as { texto: string | null }).texto;
          if (clave(actual.current) === guardado.current) {
            anotarPendiente(cursado, fecha, null);
            if (montado.current) setEstado({ tipo: 'guardado' });
          }
        } else if (montado.current) {
          const cuerpo = (await r.json().catch(() => null)) as { message?: string } | null;
          const mensaje = cuerpo?.message ?? 'No se pudieron guardar los temas.';
          if (r.status === 409) await resolverConflicto(mensaje);
          else setEstado({ tipo: 'error', mensaje });
        }
      })
      .catch(() => {
        enVuelo.current = undefined;
      });
  }, [cursado, fecha, resolverConflicto]);

  const vaciarActual = useRef(vaciar);
  useEffect(() => {
    vaciarActual.current = vaciar;
  }, [vaciar]);
  const recuperar = useRef(() => {
    const p = leerPendiente(cursado, fecha);
    if (!p) return;
    if (p.texto === inicial || p.anterior !== inicial) {
      // ya se guardó, o alguien más cambió la clase después: no hay nada que recuperar
      anotarPendiente(cursado, fecha, null);
      return;
    }
    alEscribir(p.texto ?? '');
  });
  useEffect(() => {
    montado.current = true;
    recuperar.current();
    const alSalir = () => vaciarActual.current();
    const alOcultar = () => {
      if (document.visibilityState === 'hidden') vaciarActual.current();
    };
    window.addEventListener('pagehide', alSalir);
    document.addEventListener('visibilitychange', alOcultar);
    return () => {
      window.removeEventListener('pagehide', alSalir);
      document.removeEventListener('visibilitychange', alOcultar);
      vaciarActual.current();
      montado.current = false;
    };
  }, []);

  return (
    <Stack gap={4}>
      <Textarea
        aria-label={`Temas del ${etiqueta}`}
        placeholder="Temas de la clase"
        autosize
        minRows={2}
        maxRows={14}
        maxLength={MAXIMO_TEXTO_LIBRO}
        value={texto}
        // Sólo lectura hasta que la página está hidratada: lo que se escribiera antes lo pisaría
        // React al hidratar (y el autoguardado no lo vería).
        readOnly={!hidratado}
        onChange={(e) => alEscribir(e.currentTarget.value)}
        error={estado.tipo === 'error' || estado.tipo === 'conflicto' ? true : undefined}
      />
      <Group gap="xs" mih={20} wrap="nowrap" justify="space-between">
        <EstadoGuardado estado={estado} />
        {estado.tipo === 'error' && (
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconRefresh size={14} />}
            onClick={() => void guardar()}
          >
            Reintentar
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** "Guardando…", "Guardado", "Sin guardar" o el error, anunciado a los lectores de pantalla. */
function EstadoGuardado({ estado }: { estado: Estado }) {
  const contenido = (() => {
    switch (estado.tipo) {
      case 'quieto':
        return null;
      case 'pendiente':
        return (
          <Text size="xs" c="dimmed">
            Sin guardar
          </Text>
        );
      case 'guardando':
        return (
          <Text size="xs" c="dimmed">
            Guardando…
          </Text>
        );
      case 'guardado':
        return (
          <Group gap={4} wrap="nowrap">
            <IconCheck size={14} color="var(--mantine-color-green-7)" aria-hidden />
            <Text size="xs" c="green.8">
              Guardado
            </Text>
          </Group>
        );
      case 'error':
      case 'conflicto':
        return (
          <Group gap={4} wrap="nowrap" align="flex-start">
            <IconAlertTriangle size={14} color="var(--mantine-color-red-7)" aria-hidden />
            <Text size="xs" c="red.8">
              {estado.mensaje}
            </Text>
          </Group>
        );
    }
  })();
  return (
    <div aria-live="polite" data-testid="estado-guardado">
      {contenido}
    </div>
  );
}
