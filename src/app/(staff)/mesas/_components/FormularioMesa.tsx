'use client';
import {
  Alert,
  Button,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { avisar } from '@/components/ui/avisos';
import { Dialogo } from '@/components/ui/Dialogo';
import { DateInput } from '@/components/campos/fechas';
import { TimeInput } from '@/components/campos/horas';
import { mensajeDeError } from '@/components/ui/errores';
import { SelectBuscable } from '@/components/campos/select-buscable/SelectBuscable';
import {
  LARGO_MAXIMO_AULA,
  LARGO_MAXIMO_INSTANCIA,
  TITULO_INSTANCIA_INUSUAL,
  avisoInstanciaInusual,
  esInstanciaInusual,
  type FormularioMesa as Variante,
} from '@/domain/mesas';
import { INSTANCIAS_MESA } from '@/domain/notas';
import { api } from '@/trpc/react';
import type { Mesa } from './comun';

interface Valores {
  fecha: string;
  hora: string;
  instancia: string;
  aula: string;
}

const HORA = /^([01]\d|2[0-3]):[0-5]\d$/;
const FECHA = /^\d{4}-\d{2}-\d{2}$/;
/** Las sugerencias de "Instancia" (se puede escribir otra: pide confirmación). */
const OPCIONES_INSTANCIA = INSTANCIAS_MESA.map((i) => ({ value: i, label: i }));

/**
 * El formulario de una mesa (spec 02 §2, §5): Alumnado, fecha y hora de comienzo, instancia y
 * aula; Admin, fecha e instancia; Jefe de Departamento, hora y aula. Comienzo, instancia y hora
 * son obligatorios; un aula en blanco se guarda vacía. Una instancia fuera de la lista pide
 * confirmación ("Instancia inusual"); las superposiciones de horario se avisan antes de guardar.
 */
export function FormularioMesa({ variante, mesa }: { variante: Variante; mesa: Mesa | null }) {
  const router = useRouter();
  const utils = api.useUtils();
  const [inusual, setInusual] = useState<Valores | null>(null);
  const [error, setError] = useState<string | null>(null);
  const crear = api.mesas.crear.useMutation();
  const modificar = api.mesas.modificar.useMutation();
  const horario = api.mesas.modificarHorario.useMutation();
  const guardando = crear.isPending || modificar.isPending || horario.isPending;
  const pide = {
    fecha: variante !== 'horario',
    hora: variante !== 'admin',
    instancia: variante !== 'horario',
    aula: variante !== 'admin',
  };

  const form = useForm<Valores>({
    initialValues: {
      fecha: mesa?.fecha ?? '',
      hora: mesa?.hora ?? '',
      instancia: mesa?.instancia ?? '',
      aula: mesa?.aula ?? '',
    },
    validate: {
      fecha: (v) =>
        !pide.fecha || FECHA.test(v) ? null : 'Fecha: escriba el día de la mesa (dd/mm/aaaa).',
      hora: (v) =>
        !pide.hora || HORA.test(v) ? null : 'Hora: escriba la hora de comienzo (hh:mm).',
      instancia: (v) =>
        !pide.instancia
          ? null
          : !v.trim()
            ? 'Instancia: no puede estar vacía.'
            : v.trim().length > LARGO_MAXIMO_INSTANCIA
              ? `Instancia: como máximo ${LARGO_MAXIMO_INSTANCIA} caracteres.`
              : null,
      aula: (v) =>
        v.trim().length > LARGO_MAXIMO_AULA
          ? `Aula: como máximo ${LARGO_MAXIMO_AULA} caracteres.`
          : null,
    },
  });

  // Superposiciones a la fecha y hora elegidas (antes de guardar).
  const fecha = pide.fecha ? form.values.fecha : (mesa?.fecha ?? '');
  const hora = pide.hora ? form.values.hora : (mesa?.hora ?? '07:30');
  const [cuando] = useDebouncedValue({ fecha, hora }, 300);
  const choques = api.mesas.choques.useQuery(
    { id: mesa?.id, fecha: cuando.fecha, hora: cuando.hora },
    { enabled: FECHA.test(cuando.fecha) && HORA.test(cuando.hora) },
  );

  const guardar = async (v: Valores) => {
    setError(null);
    try {
      const aula = v.aula.trim() || null;
      if (!mesa) {
        const { id } = await crear.mutateAsync({
          fecha: v.fecha,
          hora: pide.hora ? v.hora : undefined,
          instancia: v.instancia.trim(),
          aula: pide.aula ? aula : null,
        });
        await utils.mesas.lista.invalidate();
        avisar({ color: 'green', message: 'Mesa creada.' });
        router.push(`/mesas/${id}`);
        return;
      }
      if (variante === 'horario')
        await horario.mutateAsync({ id: mesa.id, version: mesa.version, hora: v.hora, aula });
      else
        await modificar.mutateAsync({
          id: mesa.id,
          version: mesa.version,
          fecha: v.fecha,
          hora: pide.hora ? v.hora : undefined,
          instancia: v.instancia.trim(),
          aula: pide.aula ? aula : mesa.aula,
        });
      await Promise.all([
        utils.mesas.detalle.invalidate({ id: mesa.id }),
        utils.mesas.lista.invalidate(),
      ]);
      avisar({ color: 'green', message: 'Mesa guardada.' });
      router.push(`/mesas/${mesa.id}`);
    } catch (e) {
      setError(mensajeDeError(e));
      // Otra persona la cambió: se recargan los datos guardados (la versión nueva).
      router.refresh();
    }
  };

  const alEnviar = form.onSubmit((v) => {
    if (pide.instancia && esInstanciaInusual(v.instancia)) setInusual(v);
    else void guardar(v);
  });

  const volver = mesa ? `/mesas/${mesa.id}` : '/mesas';
  return (
    <Stack gap="md">
      <Group>
        <Button
          component={Link}
          href={volver}
          variant="subtle"
          leftSection={<IconArrowLeft size={16} />}
        >
          Volver
        </Button>
      </Group>
      <Title order={1} size="h2">
        {mesa ? 'Editar mesa' : 'Nueva mesa'}
      </Title>
      <Paper withBorder p="md" component="form" onSubmit={alEnviar} noValidate maw={640}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            {pide.fecha && (
              <DateInput label="Fecha" withAsterisk {...form.getInputProps('fecha')} />
            )}
            {pide.hora && <TimeInput label="Hora" withAsterisk {...form.getInputProps('hora')} />}
          </SimpleGrid>
          {pide.instancia && (
            <SelectBuscable
              modo="libre"
              etiqueta="Instancia"
              obligatorio
              opciones={OPCIONES_INSTANCIA}
              maxLength={LARGO_MAXIMO_INSTANCIA}
              valor={form.values.instancia}
              onCambiar={(v) => form.setFieldValue('instancia', v)}
              error={form.errors.instancia as string | undefined}
            />
          )}
          {pide.aula && (
            <TextInput
              label="Aula"
              description="Opcional"
              maxLength={LARGO_MAXIMO_AULA}
              {...form.getInputProps('aula')}
            />
          )}
          {!!choques.data?.choques.length && (
            <Alert color="yellow" role="status">
              <Text fw={700} size="sm" mb={4}>
                Superposiciones a esa hora
              </Text>
              <List size="sm">
                {choques.data.choques.map((c) => (
                  <List.Item key={c}>{c}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          {error && (
            <Alert color="red" role="alert" title="Error al guardar">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={guardando}>
              {mesa ? 'Guardar' : 'Crear mesa'}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Dialogo
        abierto={inusual != null}
        onCerrar={() => setInusual(null)}
        titulo={TITULO_INSTANCIA_INUSUAL}
      >
        <Stack>
          <Text>{avisoInstanciaInusual(inusual?.instancia.trim() ?? '')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setInusual(null)}>
              Volver
            </Button>
            <Button
              onClick={() => {
                const v = inusual!;
                setInusual(null);
                void guardar(v);
              }}
            >
              Usar de todos modos
            </Button>
          </Group>
        </Stack>
      </Dialogo>
    </Stack>
  );
}
