'use client';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { avisar } from '@/components/ui/avisos';
import { IconArrowLeft, IconUnlink } from '@tabler/icons-react';
import { confirmar } from '@/components/ui/confirmar';
import { ConfirmarVinculo, InsigniaPendiente } from '@/components/vinculos/ConfirmarVinculo';
import { erroresCrearReferente, erroresGuardarReferente } from '@/domain/referentes';
import { CamposTelefono } from '@/components/campos/CamposTelefono';
import { api } from '@/trpc/react';
import { erroresPorCampo, mensajeDe, telefonoDe, type Referente } from './tipos';

interface Valores {
  apellido: string;
  nombre: string;
  email: string;
  codigoArea: string;
  numero: string;
  exalumno: boolean;
}

const VACIO: Valores = {
  apellido: '',
  nombre: '',
  email: '',
  codigoArea: '',
  numero: '',
  exalumno: false,
};

const valoresDe = (r: Referente): Valores => ({
  apellido: r.apellido,
  nombre: r.nombre,
  email: r.email ?? '',
  codigoArea: r.codigoArea,
  numero: r.numero,
  exalumno: r.exalumno,
});

const datosDe = (v: Valores) => ({
  apellido: v.apellido,
  nombre: v.nombre,
  email: v.email,
  telefono: telefonoDe(v),
  exalumno: v.exalumno,
});

interface Props {
  alumno: number;
  /** El referente a editar (de la lista del alumno), o null para uno nuevo. */
  orden: number | null;
  onGuardado: (orden: number) => void;
  onVolver: () => void;
}

/**
 * El formulario del referente (spec 01 §2, §3 Referente; spec 02 §7): alta vinculada al alumno
 * o edición (PUT /api/referente/{orden}/guardar); 'Datos guardados correctamente' al guardar.
 */
export function FormularioReferente({ alumno, orden, onGuardado, onVolver }: Props) {
  const lista = api.referentes.delAlumno.useQuery({ id: alumno });
  if (orden == null)
    return (
      <Formulario alumno={alumno} referente={null} onGuardado={onGuardado} onVolver={onVolver} />
    );
  if (lista.isPending) return <Skeleton height={180} role="status" aria-label="Cargando" />;
  const referente = lista.data?.find((r) => r.orden === orden);
  if (!referente)
    return (
      <Alert color="red" role="alert">
        {lista.error?.message ?? 'El referente no está vinculado al alumno.'}
      </Alert>
    );
  return (
    <Formulario
      key={referente.orden}
      alumno={alumno}
      referente={referente}
      onGuardado={onGuardado}
      onVolver={onVolver}
    />
  );
}

function Formulario({
  alumno,
  referente,
  onGuardado,
  onVolver,
}: {
  alumno: number;
  referente: Referente | null;
  onGuardado: (orden: number) => void;
  onVolver: () => void;
}) {
  const utils = api.useUtils();
  const crear = api.referentes.crear.useMutation();
  const guardar = api.referentes.guardar.useMutation();
  const vincular = api.referentes.vincular.useMutation();
  // El alumno (de la caché del formulario del alumno): lo nombra la confirmación de desvincular.
  const delAlumno = api.alumnos.obtener.useQuery({ id: alumno });
  const form = useForm<Valores>({
    initialValues: referente ? valoresDe(referente) : VACIO,
    // Las reglas de `crearReferente` y `guardarReferente` del servidor, sin zod (domain/referentes.ts).
    validate: (v) =>
      erroresPorCampo(
        referente
          ? erroresGuardarReferente({ orden: referente.orden, ...datosDe(v) })
          : erroresCrearReferente({ alumno, ...datosDe(v) }),
      ),
  });

  const refrescar = () =>
    Promise.all([
      utils.referentes.delAlumno.invalidate(),
      utils.buscar.referentes.invalidate(),
      utils.alumnos.legajo.invalidate({ id: alumno }),
    ]);

  const enviar = form.onSubmit(async (v) => {
    try {
      const r = referente
        ? await guardar.mutateAsync({ orden: referente.orden, ...datosDe(v) })
        : await crear.mutateAsync({ alumno, ...datosDe(v) });
      avisar({ color: 'green', message: 'Datos guardados correctamente' });
      await refrescar();
      onGuardado(r.orden);
    } catch (e) {
      avisar({ color: 'red', title: 'No se pudo guardar', message: mensajeDe(e) });
    }
  });

  const desvincular = async () => {
    if (!referente) return;
    const ok = await confirmar({
      titulo: '¿Desvincular al referente del alumno?',
      mensaje: `${referente.apellido}, ${referente.nombre} deja de ser referente de ${
        delAlumno.data ? `${delAlumno.data.apellido}, ${delAlumno.data.nombre}` : 'este alumno'
      }. Sus datos no se borran.`,
      confirmar: 'Desvincular',
      peligro: true,
    });
    if (!ok) return;
    try {
      await vincular.mutateAsync({ add: [], remove: [{ alumno, referente: referente.orden }] });
      avisar({ color: 'green', message: 'Datos guardados correctamente' });
      await refrescar();
      onVolver();
    } catch (e) {
      avisar({ color: 'red', title: 'No se pudo desvincular', message: mensajeDe(e) });
    }
  };

  return (
    <form
      onSubmit={enviar}
      noValidate
      aria-label={referente ? 'Datos del referente' : 'Nuevo referente'}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Title order={2} size="h4">
            {referente ? `Referente ${referente.apellido}, ${referente.nombre}` : 'Nuevo referente'}
          </Title>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconArrowLeft size={16} />}
            onClick={onVolver}
          >
            Volver al alumno
          </Button>
        </Group>
        {referente && !referente.confirmado && delAlumno.data && (
          <Paper withBorder p="sm" data-testid="vinculo-pendiente">
            <Stack gap="xs" align="flex-start">
              <InsigniaPendiente />
              <Text size="sm">
                Declaró el vínculo desde la inscripción: hasta que la escuela lo confirme no ve los
                datos del alumno ni puede inscribirlo.
              </Text>
              <ConfirmarVinculo
                alumno={{ ...delAlumno.data, orden: alumno }}
                referente={referente}
                alConfirmar={refrescar}
              />
            </Stack>
          </Paper>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          <TextInput label="Apellido" required {...form.getInputProps('apellido')} />
          <TextInput label="Nombre" required {...form.getInputProps('nombre')} />
          <CamposTelefono
            area={form.getInputProps('codigoArea')}
            numero={form.getInputProps('numero')}
          />
        </SimpleGrid>
        <TextInput label="Email" type="email" {...form.getInputProps('email')} />
        <Checkbox
          label="Exalumno/a del instituto"
          {...form.getInputProps('exalumno', { type: 'checkbox' })}
        />
        <Group justify="space-between" wrap="wrap" gap="xs">
          {referente ? (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconUnlink size={16} />}
              onClick={() => void desvincular()}
              loading={vincular.isPending}
            >
              Desvincular
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={crear.isPending || guardar.isPending}>
            Guardar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
