'use client';
import { Alert, NativeSelect, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { avisar } from '@/components/ui/avisos';
import { mensajeDeError } from '@/components/ui/errores';
import {
  ERROR_GUARDAR_MATERIA,
  MAXIMO_CODIGO_MATERIA,
  MAXIMO_NOMBRE_MATERIA,
  problemaCodigoMateria,
} from '@/domain/planificacion';
import { api } from '@/trpc/react';
import { avisarErrorAlGuardar, type Salidas } from './comun';
import { PieFormulario } from './Pies';

type Materia = Salidas['materias']['obtener'];

interface Valores {
  plan: string;
  codigo: string;
  nombre: string;
  anio: string;
  departamento: string;
}

const ANIOS = [1, 2, 3, 4, 5, 6].map((a) => ({ value: String(a), label: `${a}°` }));
const LISTA = '/planificacion/materias';

/**
 * Alta y edición de una materia (spec 02 §3 Materia, §5): plan, código (1 a 8 caracteres), nombre,
 * año y departamento, todos obligatorios; se revisan acá con la misma regla del dominio que usa
 * el servidor, y un rechazo del servidor se muestra como "Error al guardar la materia: …".
 */
export function FormularioMateria({ materia }: { materia: Materia | null }) {
  const router = useRouter();
  const utils = api.useUtils();
  const planes = api.materias.planes.useQuery();
  const departamentos = api.departamentos.listar.useQuery();
  const crear = api.materias.crear.useMutation();
  const editar = api.materias.editar.useMutation();
  const guardando = crear.isPending || editar.isPending;

  const form = useForm<Valores>({
    initialValues: materia
      ? {
          plan: String(materia.plan.orden),
          codigo: materia.materiaCode,
          nombre: materia.nombre,
          anio: String(materia.anio),
          departamento: String(materia.departamentoId),
        }
      : { plan: '', codigo: '', nombre: '', anio: '', departamento: '' },
    validate: {
      plan: (v) => (v ? null : 'Plan: elija un plan de estudios.'),
      codigo: (v) => problemaCodigoMateria(v),
      nombre: (v) =>
        !v.trim()
          ? 'Nombre: no puede estar vacío.'
          : v.trim().length > MAXIMO_NOMBRE_MATERIA
            ? `Nombre: como máximo ${MAXIMO_NOMBRE_MATERIA} caracteres.`
            : null,
      anio: (v) => (v ? null : 'Año: elija el año de cursado.'),
      departamento: (v) => (v ? null : 'Departamento: elija un departamento.'),
    },
  });

  // Con un solo plan (lo habitual), la materia nueva lo lleva elegido.
  const unicoPlan = planes.data?.length === 1 ? String(planes.data[0]!.orden) : null;
  useEffect(() => {
    if (!materia && unicoPlan && !form.getValues().plan) form.setFieldValue('plan', unicoPlan);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [materia, unicoPlan]);

  const enviar = form.onSubmit(async (v) => {
    if (guardando) return;
    const datos = {
      plan: Number(v.plan),
      codigo: v.codigo.trim(),
      nombre: v.nombre.trim(),
      anio: Number(v.anio),
      departamento: Number(v.departamento),
    };
    try {
      const r = materia
        ? await editar.mutateAsync({ id: materia.orden, ...datos })
        : await crear.mutateAsync(datos);
      avisar({ color: 'green', message: `Materia ${r.nombre} (${r.materiaCode}) guardada.` });
      await utils.materias.invalidate();
      router.push(LISTA);
    } catch (e) {
      avisarErrorAlGuardar(ERROR_GUARDAR_MATERIA, e);
    }
  });

  const cargando = planes.isPending || departamentos.isPending;
  const errorDeCarga = planes.error ?? departamentos.error;

  return (
    <Paper withBorder p="md" maw={720}>
      <form onSubmit={enviar} noValidate aria-busy={guardando}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {materia ? `Editar ${materia.nombre} (${materia.materiaCode})` : 'Nueva materia'}
          </Title>
          {errorDeCarga && (
            <Alert color="red" role="alert">
              {mensajeDeError(errorDeCarga)}
            </Alert>
          )}
          <NativeSelect
            label="Plan"
            required
            disabled={cargando}
            data={[
              { value: '', label: cargando ? 'Cargando…' : 'Elija un plan', disabled: true },
              ...(planes.data ?? []).map((p) => ({
                value: String(p.orden),
                label: `${p.year} · ${p.name} (${p.code})`,
              })),
            ]}
            {...form.getInputProps('plan')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label="Código"
              required
              maxLength={MAXIMO_CODIGO_MATERIA + 4}
              description={`De 1 a ${MAXIMO_CODIGO_MATERIA} caracteres`}
              autoCapitalize="characters"
              {...form.getInputProps('codigo')}
            />
            <NativeSelect
              label="Año"
              required
              data={[{ value: '', label: 'Elija el año', disabled: true }, ...ANIOS]}
              {...form.getInputProps('anio')}
            />
          </SimpleGrid>
          <TextInput
            label="Nombre"
            required
            maxLength={MAXIMO_NOMBRE_MATERIA + 10}
            {...form.getInputProps('nombre')}
          />
          <NativeSelect
            label="Departamento"
            required
            disabled={cargando}
            data={[
              {
                value: '',
                label: cargando ? 'Cargando…' : 'Elija un departamento',
                disabled: true,
              },
              ...(departamentos.data ?? []).map((d) => ({
                value: String(d.orden),
                label: d.nombre,
              })),
            ]}
            {...form.getInputProps('departamento')}
          />
          <PieFormulario
            volver={LISTA}
            textoVolver="Volver a las materias"
            guardando={guardando}
            deshabilitado={cargando}
          />
        </Stack>
      </form>
    </Paper>
  );
}
