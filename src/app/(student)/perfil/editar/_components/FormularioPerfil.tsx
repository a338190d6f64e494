'use client';
import { email as esquemaEmail } from '@/server/api/schemas';
import {
  Alert,
  Avatar,
  Button,
  Center,
  FileInput,
  Group,
  Loader,
  Paper,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { avisar } from '@/components/avisos';
import { IconPhoto } from '@tabler/icons-react';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { CamposTelefono } from '@/components/CamposTelefono';
import { partirTelefono, unirTelefono } from '@/domain/escuela';
import {
  ENTRE_2_Y_4_DIGITOS,
  ENTRE_6_Y_8_DIGITOS,
  NO_PUEDE_ESTAR_VACIO,
  codigoAreaValido,
  numeroTelefonoValido,
  textoPresente,
} from '@/domain/inscripcion';
import {
  ACEPTA_FOTO,
  FOTO_DEMASIADO_GRANDE,
  PERFIL_GUARDADO,
  TAMANIO_MAXIMO_FOTO,
} from '@/domain/perfil';
import { api } from '@/trpc/react';

interface Valores {
  nombre: string;
  apellido: string;
  codigoArea: string;
  telefono: string;
  email: string;
  pronombre: string;
  foto: File | null;
}

/** Formulario del perfil: nombre, apellido, teléfono y email obligatorios; pronombre y foto optativos. */
export function FormularioPerfil() {
  const router = useRouter();
  const propio = api.perfil.propio.useQuery();
  const form = useForm<Valores>({
    initialValues: {
      nombre: '',
      apellido: '',
      codigoArea: '',
      telefono: '',
      email: '',
      pronombre: '',
      foto: null,
    },
    validate: {
      nombre: (v) => (textoPresente(v) ? null : NO_PUEDE_ESTAR_VACIO),
      apellido: (v) => (textoPresente(v) ? null : NO_PUEDE_ESTAR_VACIO),
      codigoArea: (v) => (codigoAreaValido(v) ? null : ENTRE_2_Y_4_DIGITOS),
      telefono: (v) => (numeroTelefonoValido(v) ? null : ENTRE_6_Y_8_DIGITOS),
      // La misma regla que el servidor.
      email: (v) => (esquemaEmail.safeParse(v).success ? null : 'Ingrese un email válido'),
      foto: (f) => (f && f.size > TAMANIO_MAXIMO_FOTO ? FOTO_DEMASIADO_GRANDE : null),
    },
  });
  const datos = propio.data;
  useEffect(() => {
    if (!datos) return;
    const { codigoArea, numero } = partirTelefono(datos.telefono);
    const v = {
      nombre: datos.nombre,
      apellido: datos.apellido,
      codigoArea,
      telefono: numero,
      email: datos.email ?? '',
      pronombre: datos.pronombre ?? '',
      foto: null,
    };
    form.setValues(v);
    form.resetDirty(v);
    // Sólo al cargar los datos guardados.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [datos]);

  const enviar = form.onSubmit(async (v) => {
    if (!datos) return;
    const cuerpo = new FormData();
    cuerpo.append('nombre', v.nombre.trim());
    cuerpo.append('apellido', v.apellido.trim());
    cuerpo.append('telefono', unirTelefono(v.codigoArea, v.telefono));
    cuerpo.append('email', v.email.trim());
    cuerpo.append('pronombre', v.pronombre.trim());
    if (v.foto) cuerpo.append('fotoPerfil', v.foto);
    const r = await fetch(`/api/alumnos/update/${datos.orden}`, { method: 'POST', body: cuerpo });
    const j = (await r.json().catch(() => null)) as { message?: string } | null;
    if (!r.ok) {
      avisar({ color: 'red', message: j?.message ?? 'No se pudo guardar el perfil.' });
      return;
    }
    avisar({ color: 'green', message: PERFIL_GUARDADO });
    router.push('/');
    router.refresh();
  });

  if (propio.isPending)
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Cargando el perfil" />
      </Center>
    );
  if (propio.error || !datos)
    return (
      <Alert color="red" role="alert">
        {propio.error?.message ?? 'No se pudo cargar el perfil.'}
      </Alert>
    );

  return (
    <Paper withBorder p="md" maw={560} mx="auto">
      <form onSubmit={enviar} noValidate aria-label="Editar perfil">
        <Stack gap="sm">
          <Group>
            <Avatar
              src={datos.tieneFoto ? `/api/alumnos/${datos.orden}/foto` : null}
              alt={datos.tieneFoto ? 'Foto de perfil' : ''}
              size="lg"
              radius="xl"
              color="indigo"
            >
              {`${datos.nombre[0] ?? ''}${datos.apellido[0] ?? ''}`}
            </Avatar>
            <Title order={1} size="h3">
              Editar perfil
            </Title>
          </Group>
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
          <CamposTelefono
            obligatorio
            area={form.getInputProps('codigoArea')}
            numero={form.getInputProps('telefono')}
          />
          <TextInput
            label="Email"
            type="email"
            required
            autoComplete="email"
            {...form.getInputProps('email')}
          />
          <TextInput
            label="Pronombre"
            maxLength={30}
            placeholder="Por ejemplo: ella, él, elle"
            {...form.getInputProps('pronombre')}
          />
          <FileInput
            label="Foto de perfil"
            accept={ACEPTA_FOTO}
            placeholder="Elegir una imagen"
            leftSection={<IconPhoto size={16} />}
            clearable
            {...form.getInputProps('foto')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => router.push('/')}>
              Cancelar
            </Button>
            <Button type="submit" loading={form.submitting}>
              Guardar
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
