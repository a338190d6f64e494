'use client';
import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  FileButton,
  Group,
  List,
  Loader,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { avisar } from '@/components/ui/avisos';
import { Dialogo } from '@/components/ui/Dialogo';
import { mensajeDeError } from '@/components/ui/errores';
import { ENCABEZADO_MATERIAS_CSV } from '@/domain/planificacion';
import { api } from '@/trpc/react';
import { cantidad } from '@/domain/texto';
import type { Salidas } from './comun';
import { PieDialogo } from './Pies';

type Vista = Salidas['materias']['importarVista'];
type Estado = Vista['filas'][number]['estado'];

const ESTADO: Record<Estado, { texto: string; color: string }> = {
  nueva: { texto: 'Nueva', color: 'green' },
  existe: { texto: 'Ya existe', color: 'gray' },
  error: { texto: 'Error', color: 'red' },
};

/**
 * "Importar CSV": lee el archivo elegido como texto, muestra la vista previa del servidor (cada
 * fila con su estado y sus errores, y las cuentas) e importa las nuevas sólo si no hay errores.
 */
export function ImportarMaterias() {
  const [archivo, setArchivo] = useState<{ nombre: string; contenido: string } | null>(null);
  const [vista, setVista] = useState<Vista | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reiniciar = useRef<() => void>(null);
  const utils = api.useUtils();
  const previa = api.materias.importarVista.useMutation();
  const importar = api.materias.importar.useMutation();

  const cerrar = () => {
    if (importar.isPending) return;
    setArchivo(null);
    setVista(null);
    setError(null);
  };

  const elegir = async (f: File | null) => {
    if (!f) return;
    setVista(null);
    setError(null);
    // El mismo archivo, corregido, se puede volver a elegir.
    reiniciar.current?.();
    try {
      const contenido = await f.text();
      setArchivo({ nombre: f.name, contenido });
      setVista(await previa.mutateAsync({ contenido }));
    } catch (e) {
      setArchivo((a) => a ?? { nombre: f.name, contenido: '' });
      setError(mensajeDeError(e));
    }
  };

  const aplicar = async () => {
    if (!archivo || !vista || importar.isPending) return;
    try {
      const r = await importar.mutateAsync({ contenido: archivo.contenido });
      avisar({
        color: 'green',
        message: `${r.creadas === 1 ? 'Se importó 1 materia' : `Se importaron ${r.creadas} materias`}${
          r.existentes ? ` (${cantidad(r.existentes, 'ya existía', 'ya existían')})` : ''
        }.`,
      });
      await utils.materias.invalidate();
      setArchivo(null);
      setVista(null);
    } catch (e) {
      setError(mensajeDeError(e));
    }
  };

  const nuevas = vista?.nuevas ?? 0;
  return (
    <>
      <FileButton
        onChange={(f) => void elegir(f)}
        accept=".csv,text/csv,text/plain"
        resetRef={reiniciar}
      >
        {(props) => (
          <Button
            {...props}
            variant="light"
            leftSection={<IconUpload size={16} />}
            loading={previa.isPending}
          >
            Importar CSV
          </Button>
        )}
      </FileButton>
      <Dialogo
        abierto={archivo !== null}
        onCerrar={cerrar}
        titulo={archivo ? `Importar materias: ${archivo.nombre}` : ''}
        ancho="xl"
      >
        <Stack gap="sm">
          {previa.isPending && (
            <Center py="md">
              <Loader role="status" aria-label="Revisando el archivo" />
            </Center>
          )}
          {error && (
            <Alert color="red" role="alert" title="No se puede importar">
              {error}
            </Alert>
          )}
          {!vista && !previa.isPending && error && (
            <Text size="sm" c="dimmed">
              El archivo debe tener el encabezado {ENCABEZADO_MATERIAS_CSV.join(';')} y una materia
              por fila.
            </Text>
          )}
          {vista && (
            <>
              <Group gap="xs" data-testid="cuentas-importacion">
                <Badge color="green" variant="light" tt="none">
                  {cantidad(vista.nuevas, 'nueva', 'nuevas')}
                </Badge>
                <Badge color="gray" variant="light" tt="none">
                  {cantidad(vista.existentes, 'ya existe', 'ya existen')}
                </Badge>
                <Badge color="red" variant="light" tt="none">
                  {cantidad(vista.errores, 'con errores', 'con errores')}
                </Badge>
              </Group>
              {vista.errores > 0 && (
                <Text size="sm" c="red.8">
                  Corrija las filas con errores en el archivo y vuelva a elegirlo: no se importa
                  nada mientras haya errores.
                </Text>
              )}
              {/* Desplazamiento nativo a lo ancho y a lo alto; con el teclado, también. */}
              <Box
                mah="55vh"
                style={{ overflow: 'auto', overscrollBehavior: 'contain' }}
                tabIndex={0}
                role="region"
                aria-label="Filas del archivo"
              >
                <Table striped miw={560} aria-label="Vista previa de la importación">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Línea</Table.Th>
                      <Table.Th>Plan</Table.Th>
                      <Table.Th>Código</Table.Th>
                      <Table.Th>Nombre</Table.Th>
                      <Table.Th>Año</Table.Th>
                      <Table.Th>Departamento</Table.Th>
                      <Table.Th>Estado</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {vista.filas.map((f) => (
                      <Table.Tr key={f.linea} data-estado={f.estado}>
                        <Table.Td>{f.linea}</Table.Td>
                        <Table.Td>
                          {f.planCodigo} {f.planAnio ?? ''}
                        </Table.Td>
                        <Table.Td>{f.codigo}</Table.Td>
                        <Table.Td>{f.nombre}</Table.Td>
                        <Table.Td>{f.anio ?? ''}</Table.Td>
                        <Table.Td>{f.departamento}</Table.Td>
                        <Table.Td>
                          <Badge color={ESTADO[f.estado].color} variant="light" tt="none">
                            {ESTADO[f.estado].texto}
                          </Badge>
                          {f.errores.length > 0 && (
                            <List size="xs" c="red.8" mt={4}>
                              {f.errores.map((e) => (
                                <List.Item key={e}>{e}</List.Item>
                              ))}
                            </List>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Box>
            </>
          )}
          <PieDialogo
            onCancelar={cerrar}
            onAplicar={() => void aplicar()}
            aplicando={importar.isPending}
            deshabilitado={!vista || vista.errores > 0 || nuevas === 0}
          >
            {nuevas === 1 ? 'Importar 1 materia' : `Importar ${nuevas} materias`}
          </PieDialogo>
        </Stack>
      </Dialogo>
    </>
  );
}
