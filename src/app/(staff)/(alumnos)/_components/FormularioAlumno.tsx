'use client';
import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { avisar } from '@/components/ui/avisos';
import { IconId } from '@tabler/icons-react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useState } from 'react';
import { Rol } from '@/domain/roles';
import { ListaBuscable } from '@/components/listas/ListaBuscable';
import { useEstadoCompartido } from '@/components/marco/EstadoCompartido';
import {
  erroresCrearAlumno,
  erroresEditarAlumno,
  GENEROS,
  PRECEPTOR_SIN_CURSO,
} from '@/domain/alumnos';
import { CamposTelefono } from '@/components/campos/CamposTelefono';
import { api } from '@/trpc/react';
import { Habilitado } from './Habilitado';
import { erroresPorCampo, mensajeDe, telefonoDe, type Alumno } from './tipos';

/**
 * La fecha de nacimiento (dd/mm/aaaa, components/fechas.tsx) llega aparte: la pantalla de alumnos
 * está al borde de los 250 kB de primera carga (issue 32 §9). Mientras llega, el mismo campo
 * deshabilitado, para que el formulario no salte.
 */
const DateInput = dynamic(() => import('@/components/campos/fechas').then((m) => m.DateInput), {
  loading: () => <TextInput label="Fecha de nacimiento" placeholder="dd/mm/aaaa" disabled />,
});

interface Valores {
  dni: number | string;
  apellido: string;
  nombre: string;
  genero: string;
  email: string;
  codigoArea: string;
  numero: string;
  nacimiento: string;
  pronombre: string;
}

const VACIO: Valores = {
  dni: '',
  apellido: '',
  nombre: '',
  genero: '',
  email: '',
  codigoArea: '',
  numero: '',
  nacimiento: '',
  pronombre: '',
};

/** Género (spec 01 §5): 'Sin decidir' es null. */
const OPCIONES_GENERO = [
  { value: '', label: 'Sin decidir' },
  ...GENEROS.map((g) => ({ value: g, label: g })),
];

function valoresDe(a: Alumno): Valores {
  return {
    dni: a.dni,
    apellido: a.apellido,
    nombre: a.nombre,
    genero: a.genero ?? '',
    email: a.email ?? '',
    codigoArea: a.codigoArea,
    numero: a.numero,
    nacimiento: a.nacimiento ?? '',
    pronombre: a.pronombre ?? '',
  };
}

/** Los datos que se envían (los vacíos valen null en los esquemas). */
function datosDe(v: Valores) {
  return {
    apellido: v.apellido,
    nombre: v.nombre,
    genero: v.genero,
    email: v.email,
    telefono: telefonoDe(v),
    nacimiento: v.nacimiento,
    pronombre: v.pronombre,
  };
}

interface Props {
  /** El alumno a editar, o null para uno nuevo. */
  orden: number | null;
  privilegiado: boolean;
  onGuardado: (orden: number) => void;
}

/**
 * El formulario del alumno (spec 01 §2, §5): alta y edición; el DNI es un número y no se
 * edita una vez creado; emails de tipo email; género Sin decidir/Otro/Masculino/Femenino;
 * enlace al legajo. En /alumnos-privileged, además, la casilla Habilitado.
 */
export function FormularioAlumno({ orden, privilegiado, onGuardado }: Props) {
  const alumno = api.alumnos.obtener.useQuery({ id: orden ?? 0 }, { enabled: orden != null });
  if (orden == null)
    return <Formulario alumno={null} privilegiado={privilegiado} onGuardado={onGuardado} />;
  if (alumno.isPending)
    return (
      <Stack gap="sm" aria-busy="true" role="status" aria-label="Cargando">
        <Skeleton height={28} width={260} />
        <Skeleton height={36} />
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    );
  if (alumno.isError)
    return (
      <Alert color="red" role="alert">
        {alumno.error.message}
      </Alert>
    );
  return (
    <Formulario
      key={alumno.data.orden}
      alumno={alumno.data}
      privilegiado={privilegiado}
      onGuardado={onGuardado}
    />
  );
}

function Formulario({
  alumno,
  privilegiado,
  onGuardado,
}: {
  alumno: Alumno | null;
  privilegiado: boolean;
  onGuardado: (orden: number) => void;
}) {
  const { ciclo, rol } = useEstadoCompartido();
  const utils = api.useUtils();
  const crear = api.alumnos.crear.useMutation();
  const editar = api.alumnos.editar.useMutation();
  const [curso, setCurso] = useState<{ id: number; nombre: string } | null>(null);
  const [errorCurso, setErrorCurso] = useState<string | null>(null);
  const inicial = alumno ? valoresDe(alumno) : VACIO;

  const form = useForm<Valores>({
    initialValues: inicial,
    // Las reglas de `crearAlumno` y `editarAlumno` del servidor, sin zod (domain/alumnos.ts).
    validate: (v) =>
      erroresPorCampo(
        alumno
          ? erroresEditarAlumno({ id: alumno.orden, ...datosDe(v) })
          : erroresCrearAlumno({ dni: v.dni, ...datosDe(v), curso: curso?.id ?? null }),
      ),
  });

  const enviar = form.onSubmit(async (v) => {
    if (!alumno && rol === Rol.Preceptor && !curso) {
      setErrorCurso(PRECEPTOR_SIN_CURSO);
      return;
    }
    try {
      const r = alumno
        ? await editar.mutateAsync({ id: alumno.orden, ...datosDe(v) })
        : await crear.mutateAsync({ dni: v.dni, ...datosDe(v), curso: curso?.id ?? null });
      avisar({ color: 'green', message: 'Datos guardados correctamente' });
      const valores = valoresDe(r);
      form.setValues(valores);
      form.resetDirty(valores);
      utils.alumnos.obtener.setData({ id: r.orden }, r);
      onGuardado(r.orden);
      await Promise.all([
        utils.buscar.alumnos.invalidate(),
        utils.alumnos.listar.invalidate(),
        utils.alumnos.legajo.invalidate({ id: r.orden }),
      ]);
    } catch (e) {
      avisar({ color: 'red', title: 'No se pudo guardar', message: mensajeDe(e) });
    }
  });

  return (
    <form onSubmit={enviar} noValidate aria-label={alumno ? 'Datos del alumno' : 'Nuevo alumno'}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Title order={2} size="h4">
            {alumno ? `${alumno.apellido}, ${alumno.nombre}` : 'Nuevo alumno'}
          </Title>
          {alumno && (
            <Anchor component={Link} href={`/legajo/${alumno.orden}`} size="sm">
              <Group gap={4} wrap="nowrap">
                <IconId size={16} aria-hidden />
                Ver legajo
              </Group>
            </Anchor>
          )}
        </Group>
        {alumno && (
          <Text size="sm" c="dimmed">
            Curso {ciclo}: {alumno.curso?.nombre ?? 'Sin curso'}
          </Text>
        )}
        {privilegiado && alumno && (
          <Habilitado orden={alumno.orden} habilitado={alumno.habilitado} />
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          <NumberInput
            label="DNI"
            required={!alumno}
            disabled={!!alumno}
            description={alumno ? 'No se puede modificar.' : undefined}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            inputMode="numeric"
            {...form.getInputProps('dni')}
          />
          <NativeSelect label="Género" data={OPCIONES_GENERO} {...form.getInputProps('genero')} />
          <TextInput label="Apellido" required {...form.getInputProps('apellido')} />
          <TextInput label="Nombre" required {...form.getInputProps('nombre')} />
          <TextInput label="Email" type="email" {...form.getInputProps('email')} />
          <TextInput label="Pronombre" {...form.getInputProps('pronombre')} />
          <CamposTelefono
            area={form.getInputProps('codigoArea')}
            numero={form.getInputProps('numero')}
          />
          <DateInput label="Fecha de nacimiento" vaciable {...form.getInputProps('nacimiento')} />
        </SimpleGrid>
        {!alumno && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="curso-nuevo">
              Curso {ciclo}
              {rol === Rol.Preceptor && (
                <Text span c="var(--mantine-color-error)" aria-hidden>
                  {' '}
                  *
                </Text>
              )}
              : {curso ? curso.nombre : 'ninguno elegido'}
            </Text>
            <ListaBuscable
              fuente="cursos"
              etiqueta="Cursos"
              alto={150}
              seleccionado={curso?.id ?? null}
              onElegir={(o) => {
                setCurso({ id: o.id, nombre: o.etiqueta });
                setErrorCurso(null);
              }}
            />
            {errorCurso && (
              <Text c="var(--mantine-color-error)" size="sm" role="alert">
                {errorCurso}
              </Text>
            )}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={crear.isPending || editar.isPending}>
            Guardar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
