import '@/components/estilos-mantine/componentes';
// En un componente de servidor, Table.Tr y demás no existen (la referencia al cliente no tiene
// esas propiedades): se importan por separado.
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Paper,
  Stack,
  Table,
  TableScrollContainer,
  TableTbody,
  TableTd,
  TableTh,
  TableThead,
  TableTr,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { ETIQUETA_ROL } from '@/domain/roles';
import { sesionDeAdmin } from '@/server/auth/admin';
import { usuariosParaIngresar } from '@/server/consultas/usuarios';
import { busqueda } from '@/server/api/schemas';
import { BotonSalir } from '@/components/marco/BotonSalir';
import { contextoHttp } from '@/server/api/contexto-http';
import { ingresarComoUsuario } from './acciones';
import { FormularioClave } from './FormularioClave';

export const metadata = { title: 'Acceso de administración' };
export const dynamic = 'force-dynamic';

export default async function Bypass({
  searchParams,
}: {
  searchParams: Promise<{ q?: string; error?: string }>;
}) {
  const ctx = await contextoHttp();
  const { q, error } = await searchParams;
  // Con sesión, la salida de siempre (toda pantalla con sesión tiene "Salir").
  const salida = ctx.sesion ? <BotonSalir /> : null;
  if (!ctx.dispositivoAdmin) {
    return (
      <Recuadro titulo="Dispositivo de administración" salida={salida}>
        <Text size="sm" c="dimmed">
          Ingrese la clave para registrar este dispositivo como de administración.
        </Text>
        <FormularioClave />
      </Recuadro>
    );
  }
  // Suplantar pide las dos cosas: este dispositivo y una sesión de Admin (issue 31 §4).
  if (!sesionDeAdmin(ctx.sesion)) {
    return (
      <Recuadro titulo="Dispositivo de administración" salida={salida}>
        <Text size="sm">
          Este dispositivo es de administración. Para ingresar como otro usuario, ingrese con su
          cuenta de Admin (con el rol Admin activo) y vuelva a esta página.
        </Text>
        <Anchor href="/login" size="sm">
          Ir al ingreso
        </Anchor>
      </Recuadro>
    );
  }
  const pagina = await usuariosParaIngresar(
    ctx,
    busqueda.parse({ q: (q ?? '').slice(0, 100), limit: 50 }),
  );
  return (
    <Recuadro titulo="Ingresar como otro usuario" salida={salida} amplio>
      <Text size="sm" c="dimmed">
        Este dispositivo es de administración. Cada ingreso queda registrado en la auditoría.
      </Text>
      {/* Las herramientas de root (Admin con este dispositivo; no están en la grilla). */}
      <Group gap="md">
        <Anchor href="/root/reportes" size="sm">
          Reportes SQL
        </Anchor>
        <Anchor href="/root/log" size="sm">
          Registro
        </Anchor>
        <Anchor href="/root/dispositivos" size="sm">
          Dispositivos
        </Anchor>
        <Anchor href="/root/exportar" size="sm">
          Exportar los datos
        </Anchor>
      </Group>
      {error && <Alert color="red">No se pudo ingresar como ese usuario.</Alert>}
      <form method="get">
        <Group align="end">
          <TextInput
            name="q"
            label="Buscar usuario, alumno o referente"
            defaultValue={q ?? ''}
            style={{ flex: 1 }}
          />
          <Button type="submit">Buscar</Button>
        </Group>
      </form>
      {pagina.items.length === 0 ? (
        <Text>Sin resultados</Text>
      ) : (
        <TableScrollContainer minWidth={500}>
          <Table striped>
            <TableThead>
              <TableTr>
                <TableTh>Usuario</TableTh>
                <TableTh>Roles</TableTh>
                <TableTh />
              </TableTr>
            </TableThead>
            <TableTbody>
              {pagina.items.map((u) => (
                <TableTr key={u.id}>
                  <TableTd>
                    <Text size="sm">{u.etiqueta}</Text>
                    <Text size="xs" c="dimmed">
                      {u.detalle}
                    </Text>
                  </TableTd>
                  <TableTd>
                    <Group gap={4}>
                      {u.roles.map((r) => (
                        <Badge key={r} size="xs" variant="light">
                          {ETIQUETA_ROL[r]}
                        </Badge>
                      ))}
                    </Group>
                  </TableTd>
                  <TableTd>
                    <form action={ingresarComoUsuario}>
                      <input type="hidden" name="usuarioId" value={u.id} />
                      <Button type="submit" size="xs" aria-label={`Ingresar como ${u.etiqueta}`}>
                        Ingresar
                      </Button>
                    </form>
                  </TableTd>
                </TableTr>
              ))}
            </TableTbody>
          </Table>
        </TableScrollContainer>
      )}
    </Recuadro>
  );
}

/**
 * El recuadro de cada estado de la página: el título, "Salir" si hay sesión y el contenido.
 * Amplio, la búsqueda (con la tabla de usuarios); si no, el mensaje centrado en la pantalla.
 */
function Recuadro({
  titulo,
  salida,
  amplio = false,
  children,
}: {
  titulo: string;
  salida: React.ReactNode;
  amplio?: boolean;
  children: React.ReactNode;
}) {
  const contenido = (
    <Paper withBorder p="xl" w="100%" maw={amplio ? 820 : 420}>
      <Stack>
        <Group justify="space-between" wrap="nowrap">
          <Title order={1} size="h3">
            {titulo}
          </Title>
          {salida}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
  return amplio ? (
    <Center p="md">{contenido}</Center>
  ) : (
    <Center mih="100dvh" p="md" bg="gray.0">
      {contenido}
    </Center>
  );
}
