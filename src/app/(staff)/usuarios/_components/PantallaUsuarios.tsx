'use client';
import {
  Alert,
  Button,
  Checkbox,
  Grid,
  Group,
  Loader,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { avisar } from '@/components/ui/avisos';
import { Exportar } from '@/components/ui/Exportar';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ETIQUETA_ROL, TODOS_LOS_ROLES, mascara, rolesDe, type RolBit } from '@/domain/roles';
import { ListaBuscable } from '@/components/listas/ListaBuscable';
import { erroresUsuario } from '@/domain/usuarios';
import { api } from '@/trpc/react';

interface Valores {
  apellido: string;
  nombre: string;
  email: string;
  telefono: string;
  roles: string[];
  habilitado: boolean;
}

const VACIO: Valores = {
  apellido: '',
  nombre: '',
  email: '',
  telefono: '',
  roles: [],
  habilitado: true,
};

interface Eleccion {
  orden: number | null;
  nuevo: boolean;
  vez: number;
}

/** Administración de usuarios (Admin): lista buscable y formulario de alta y edición. */
export function PantallaUsuarios() {
  // El usuario elegido (o "Nuevo usuario") y cuántas veces se cambió la elección: un guardado que
  // termina después de que la persona pasó a otro usuario no la devuelve al que se guardó.
  const [eleccion, setEleccion] = useState<Eleccion>({ orden: null, nuevo: false, vez: 0 });
  /** La búsqueda de la lista: el Exportar baja lo mismo que se ve. */
  const [busqueda, setBusqueda] = useState('');
  const { orden, nuevo } = eleccion;
  const elegir = (o: number | null) =>
    setEleccion((e) => ({ orden: o, nuevo: o == null, vez: e.vez + 1 }));
  const utils = api.useUtils();
  const usuario = api.usuarios.obtener.useQuery({ orden: orden ?? 0 }, { enabled: orden != null });
  const guardar = api.usuarios.guardar.useMutation();

  const form = useForm<Valores>({
    initialValues: VACIO,
    // Las reglas de `guardarUsuario` del servidor, sin zod (domain/usuarios.ts).
    validate: (v) => {
      const { rol, ...errores } = erroresUsuario({
        ...v,
        orden,
        rol: mascara(v.roles.map(Number) as RolBit[]),
      });
      return rol ? { ...errores, roles: rol } : errores;
    },
  });

  const cargado = usuario.data;
  useEffect(() => {
    if (cargado) {
      const valores = {
        apellido: cargado.apellido,
        nombre: cargado.nombre,
        email: cargado.email,
        telefono: cargado.telefono ?? '',
        roles: rolesDe(cargado.rol).map(String),
        habilitado: cargado.habilitado,
      };
      form.setValues(valores);
      form.resetDirty(valores);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cargado]);

  const enviar = form.onSubmit(async (v) => {
    const desde = eleccion.vez;
    try {
      const r = await guardar.mutateAsync({
        orden,
        apellido: v.apellido,
        nombre: v.nombre,
        email: v.email,
        telefono: v.telefono,
        rol: mascara(v.roles.map(Number) as RolBit[]),
        habilitado: v.habilitado,
      });
      avisar({ color: 'green', message: 'Datos guardados correctamente' });
      setEleccion((e) => (e.vez === desde ? { orden: r.orden, nuevo: false, vez: e.vez + 1 } : e));
      await Promise.all([
        utils.usuarios.listar.invalidate(),
        utils.usuarios.obtener.invalidate({ orden: r.orden }),
      ]);
    } catch (e) {
      avisar({
        color: 'red',
        title: 'No se pudo guardar',
        message: (e as Error).message,
      });
    }
  });

  const editando = nuevo || orden != null;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
        <Paper withBorder p="md">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              Usuarios
            </Title>
            <Button
              size="xs"
              leftSection={<IconPlus size={16} />}
              onClick={() => {
                elegir(null);
                form.setValues(VACIO);
                form.resetDirty(VACIO);
              }}
            >
              Nuevo usuario
            </Button>
          </Group>
          <Group justify="flex-end" mb="xs">
            <Exportar lista="usuarios" parametros={{ q: busqueda }} variant="light" />
          </Group>
          <ListaBuscable
            fuente="usuarios"
            etiqueta="Usuarios"
            seleccionado={orden}
            onElegir={(o) => elegir(o.id)}
            onBusqueda={setBusqueda}
          />
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
        <Paper withBorder p="md">
          {!editando ? (
            <Text c="dimmed">Elija un usuario de la lista o cree uno nuevo.</Text>
          ) : orden != null && usuario.isPending ? (
            <Loader />
          ) : usuario.isError ? (
            <Alert color="red">{usuario.error.message}</Alert>
          ) : (
            <form onSubmit={enviar} noValidate>
              <Stack>
                <Title order={2} size="h4">
                  {nuevo ? 'Nuevo usuario' : `Usuario ${cargado?.apellido}, ${cargado?.nombre}`}
                </Title>
                <Group grow align="start">
                  <TextInput label="Apellido" required {...form.getInputProps('apellido')} />
                  <TextInput label="Nombre" required {...form.getInputProps('nombre')} />
                </Group>
                <Group grow align="start">
                  <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
                  <TextInput label="Teléfono" type="tel" {...form.getInputProps('telefono')} />
                </Group>
                <Checkbox.Group label="Roles" withAsterisk {...form.getInputProps('roles')}>
                  <Group mt="xs" gap="md">
                    {TODOS_LOS_ROLES.map((r) => (
                      <Checkbox key={r} value={String(r)} label={ETIQUETA_ROL[r]} />
                    ))}
                  </Group>
                </Checkbox.Group>
                <Switch
                  label="Habilitado"
                  {...form.getInputProps('habilitado', { type: 'checkbox' })}
                />
                <Group justify="flex-end">
                  <Button type="submit" loading={guardar.isPending}>
                    Guardar
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
