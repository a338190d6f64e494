'use client';
import { MAXIMO_ITEMS, MAXIMO_TEXTO_ITEM } from '@/domain/cronograma';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { avisar } from '@/components/ui/avisos';
import { mensajeDeError } from '@/components/ui/errores';
import { useAvisoAlSalir } from '@/components/ui/useAvisoAlSalir';
import { api } from '@/trpc/react';
import { codigoHttp, type DatosPlanificacion } from './comun';
import { CampoEntero } from '@/components/campos/CampoNumero';

/** Los mismos límites que el servidor (schemas.ts de cronograma). */
const ITEM_VACIO = 'Ítem: no puede estar vacío.';
const NUMERO_INVALIDO = `Ítem: el número va de 1 a ${MAXIMO_ITEMS}.`;
const NUMERO_REPETIDO = 'Dos ítems tienen el mismo número.';

interface Item {
  /** Clave local de la fila (no cambia al renumerar). */
  clave: number;
  numero: number | string;
  texto: string;
}

const numeroValido = (n: number | string): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAXIMO_ITEMS;

/** Ordena por número (los inválidos al final), estable. */
const ordenar = (items: Item[]) =>
  [...items].sort(
    (a, b) =>
      (numeroValido(a.numero) ? a.numero : Infinity) -
      (numeroValido(b.numero) ? b.numero : Infinity),
  );

let siguienteClave = 1;

/** Lo que se compara para saber si hay cambios sin guardar. */
const firma = (materias: string[], items: Item[]) =>
  JSON.stringify({
    m: materias.map(Number).sort((a, b) => a - b),
    i: items.map((i) => [i.numero, i.texto]),
  });

/**
 * El formulario de una planificación (spec 01 §2 /planificaciones/nueva, §3 Planificación): las
 * materias del cursado como casillas y los ítems numerados (agregar, quitar, reordenar cambiando
 * el número). Lo usan la pestaña Planificación (editar) y /planificaciones/nueva/{id} (crear).
 * Guarda con la versión que se editó: si otra persona guardó antes, 409 y `alConflicto`.
 */
export function EditorPlanificacion({
  datos,
  alGuardar,
  alConflicto,
  alCancelar,
}: {
  datos: DatosPlanificacion;
  alGuardar: (d: DatosPlanificacion) => void;
  alConflicto: (d: DatosPlanificacion) => void;
  alCancelar?: () => void;
}) {
  const { cursado, planificacion } = datos;
  const utils = api.useUtils();
  const guardar = api.cronograma.guardarPlanificacion.useMutation();
  const [inicial] = useState(() => {
    // Una planificación nueva abarca, de entrada, todas las materias del cursado.
    const m = planificacion?.materias ?? cursado.materias.map((x) => x.orden);
    const i: Item[] = (
      planificacion?.entradas.length ? planificacion.entradas : [{ itemNumber: 1, texto: '' }]
    ).map((e) => ({ clave: siguienteClave++, numero: e.itemNumber, texto: e.texto }));
    return { materias: m.map(String), items: i, firma: firma(m.map(String), i) };
  });
  const [materias, setMaterias] = useState<string[]>(inicial.materias);
  const [items, setItems] = useState<Item[]>(inicial.items);
  const [intentado, setIntentado] = useState(false);
  /** La fila recién agregada, para llevarle el foco. */
  const enfocar = useRef<number | null>(null);

  const cambiado = firma(materias, items) !== inicial.firma;
  useAvisoAlSalir(cambiado && !guardar.isSuccess);

  const repetidos = (() => {
    const vistos = new Map<number, number>();
    for (const i of items)
      if (numeroValido(i.numero)) vistos.set(i.numero, (vistos.get(i.numero) ?? 0) + 1);
    return new Set([...vistos].filter(([, n]) => n > 1).map(([k]) => k));
  })();
  const errorDe = (i: Item) => ({
    numero: !numeroValido(i.numero)
      ? NUMERO_INVALIDO
      : repetidos.has(i.numero)
        ? NUMERO_REPETIDO
        : null,
    texto: i.texto.trim() ? null : ITEM_VACIO,
  });
  const hayErrores = items.some((i) => {
    const e = errorDe(i);
    return e.numero || e.texto;
  });

  const cambiar = (clave: number, cambio: Partial<Item>) =>
    setItems((l) => l.map((i) => (i.clave === clave ? { ...i, ...cambio } : i)));

  const agregar = () => {
    if (items.length >= MAXIMO_ITEMS) return;
    const maximo = Math.max(0, ...items.map((i) => (numeroValido(i.numero) ? i.numero : 0)));
    const clave = siguienteClave++;
    setItems((l) => [...l, { clave, numero: Math.min(maximo + 1, MAXIMO_ITEMS), texto: '' }]);
    enfocar.current = clave;
  };

  const quitar = (clave: number) => setItems((l) => l.filter((i) => i.clave !== clave));

  const alEnviar = async () => {
    if (guardar.isPending) return;
    setIntentado(true);
    if (hayErrores || items.length === 0) return;
    const ordenados = ordenar(items);
    setItems(ordenados);
    try {
      const r = await guardar.mutateAsync({
        cursado: cursado.cursadoId,
        materias: materias.map(Number),
        items: ordenados.map((i) => ({ itemNumber: i.numero as number, texto: i.texto.trim() })),
        version: planificacion?.version ?? null,
      });
      utils.cronograma.planificacion.setData({ cursado: cursado.cursadoId }, r);
      void utils.cronograma.planificaciones.invalidate();
      avisar({ color: 'green', message: 'Planificación guardada.' });
      alGuardar(r);
    } catch (e) {
      avisar({ color: 'red', title: 'Error al guardar', message: mensajeDeError(e) });
      if (codigoHttp(e) === 409) {
        try {
          alConflicto(
            await utils.cronograma.planificacion.fetch(
              { cursado: cursado.cursadoId },
              { staleTime: 0 },
            ),
          );
        } catch {
          // el aviso ya está a la vista
        }
      }
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void alEnviar();
      }}
    >
      <Stack gap="md">
        <Paper withBorder p="md">
          <Checkbox.Group
            label="Materias"
            description={
              cursado.materias.length
                ? 'Las materias del cursado que abarca la planificación.'
                : undefined
            }
            value={materias}
            onChange={setMaterias}
          >
            {cursado.materias.length ? (
              <Stack gap={6} mt="xs">
                {cursado.materias.map((m) => (
                  <Checkbox key={m.orden} value={String(m.orden)} label={m.nombre} />
                ))}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed" mt="xs">
                El cursado no tiene materias asignadas.
              </Text>
            )}
          </Checkbox.Group>
        </Paper>

        <Stack gap="xs">
          <Title order={2} size="h4">
            Ítems
          </Title>
          <Text size="xs" c="dimmed">
            Para reordenar, cambie el número de un ítem: al salir del campo, la lista se ordena.
          </Text>
          <Stack gap="xs" component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {items.map((i, indice) => {
              const e = intentado ? errorDe(i) : { numero: null, texto: null };
              const n = numeroValido(i.numero) ? i.numero : indice + 1;
              return (
                <Paper key={i.clave} component="li" withBorder p="xs" data-testid="item-editor">
                  <Group gap="xs" align="flex-start" wrap="nowrap">
                    <CampoEntero
                      aria-label={`Número del ítem ${indice + 1}`}
                      w={72}
                      valor={typeof i.numero === 'number' ? i.numero : null}
                      alCambiar={(v) => cambiar(i.clave, { numero: v ?? '' })}
                      onBlur={() => setItems((l) => ordenar(l))}
                      error={e.numero}
                    />
                    <Textarea
                      aria-label={`Texto del ítem ${n}`}
                      placeholder="Contenido, actividad o tema"
                      style={{ flex: 1, minWidth: 0 }}
                      autosize
                      minRows={1}
                      maxRows={10}
                      maxLength={MAXIMO_TEXTO_ITEM}
                      value={i.texto}
                      onChange={(ev) => cambiar(i.clave, { texto: ev.currentTarget.value })}
                      error={e.texto}
                      ref={(el) => {
                        if (el && enfocar.current === i.clave) {
                          enfocar.current = null;
                          el.focus();
                        }
                      }}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={`Quitar el ítem ${n}`}
                      onClick={() => quitar(i.clave)}
                      disabled={items.length === 1}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
          <Group>
            <Button
              variant="light"
              leftSection={<IconPlus size={18} />}
              onClick={agregar}
              disabled={items.length >= MAXIMO_ITEMS}
            >
              Agregar ítem
            </Button>
          </Group>
        </Stack>

        {intentado && hayErrores && (
          <Alert color="red" role="alert">
            Revise los ítems marcados: cada uno necesita un número distinto y un texto.
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          {alCancelar && (
            <Button variant="default" onClick={alCancelar} disabled={guardar.isPending}>
              Cancelar
            </Button>
          )}
          <Button
            type="submit"
            leftSection={<IconDeviceFloppy size={18} />}
            loading={guardar.isPending}
            disabled={planificacion != null && !cambiado}
          >
            Guardar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
