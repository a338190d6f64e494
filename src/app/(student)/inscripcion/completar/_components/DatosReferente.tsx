'use client';
import {
  Button,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { avisar } from '@/components/avisos';
import { useEffect } from 'react';
import {
  DATOS_GUARDADOS,
  validarReferente,
  type DatosReferente as Datos,
} from '@/domain/inscripcion';
import { CamposTelefono } from '@/components/CamposTelefono';
import { unirTelefono } from '@/domain/escuela';
import { api } from '@/trpc/react';
import { mensajeDeError } from './errores';

export interface Referente {
  orden: number;
  nombre: string;
  apellido: string;
  email: string;
  codigoArea: string;
  numero: string;
  exalumno: boolean;
}

/** "Datos del referente parental" (spec 02 §2, §5): el email es el de su cuenta, de sólo lectura. */
export function DatosReferente({
  referente,
  alGuardar,
}: {
  referente: Referente;
  alGuardar: () => void;
}) {
  const guardar = api.referentes.guardar.useMutation();
  const form = useForm<Datos>({
    initialValues: {
      nombre: referente.nombre,
      apellido: referente.apellido,
      codigoArea: referente.codigoArea,
      telefono: referente.numero,
      exalumno: referente.exalumno,
    },
    validate: (v) => validarReferente(v),
  });
  useEffect(() => {
    const v = {
      nombre: referente.nombre,
      apellido: referente.apellido,
      codigoArea: referente.codigoArea,
      telefono: referente.numero,
      exalumno: referente.exalumno,
    };
    form.setValues(v);
    form.resetDirty(v);
    // Sólo cuando cambian los datos guardados.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [referente]);

  const enviar = form.onSubmit(async (v) => {
    try {
      await guardar.mutateAsync({
        orden: referente.orden,
        nombre: v.nombre.trim(),
        apellido: v.apellido.trim(),
        telefono: unirTelefono(v.codigoArea, v.telefono),
        exalumno: v.exalumno,
      });
      avisar({ color: 'green', message: DATOS_GUARDADOS });
      alGuardar();
    } catch (e) {
      avisar({
        color: 'red',
        message: mensajeDeError(e, 'No se pudieron guardar sus datos.'),
      });
    }
  });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="titulo-referente">
      <form onSubmit={enviar} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="titulo-referente">
            Datos del referente parental
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Nombre"
              required
              autoComplete="given-name"
              {...form.getInputProps('nombre')}
            />
            <TextInput
              label="Apellido"
              required
              autoComplete="family-name"
              {...form.getInputProps('apellido')}
            />
          </SimpleGrid>
          <TextInput label="Email" type="email" value={referente.email} readOnly required />
          <CamposTelefono
            obligatorio
            propio
            area={form.getInputProps('codigoArea')}
            numero={form.getInputProps('telefono')}
          />
          <Checkbox
            label="Soy graduado/a del instituto"
            {...form.getInputProps('exalumno', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={guardar.isPending}>
              Guardar
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            El email es el de su cuenta de Google y no se puede cambiar aquí.
          </Text>
        </Stack>
      </form>
    </Paper>
  );
}
