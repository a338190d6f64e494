'use client';
import { Alert, Button, Group, NativeSelect, Paper, Stack, Table, Text } from '@mantine/core';
import { CAMPOS_IMPORTACION, GRUPOS_CAMPO, etiquetaCampo } from '@/domain/importacion/campos';
import { cantidad } from '@/domain/texto';
import { camposRepetidos } from './textos';
import css from './importar.module.css';

const NO_IMPORTAR = '';

/** Las opciones del selector: "No importar" y los campos agrupados (Alumno, Tutor 1, …). */
const OPCIONES = [
  { value: NO_IMPORTAR, label: 'No importar' },
  ...GRUPOS_CAMPO.map((g) => ({
    group: g.etiqueta,
    items: CAMPOS_IMPORTACION.filter((c) => c.grupo === g.grupo).map((c) => ({
      value: c.clave,
      label: c.etiqueta,
    })),
  })),
];

/** Hasta tres valores de ejemplo de la columna (los primeros que no están vacíos). */
function ejemplos(muestra: readonly (readonly string[])[], columna: number): string[] {
  return muestra
    .map((fila) => (fila[columna] ?? '').trim())
    .filter(Boolean)
    .slice(0, 3);
}

/**
 * El paso 2: una fila por columna del archivo (encabezado, ejemplos y el campo al que va),
 * completada con el mapeo automático del servidor; avisa si dos columnas van al mismo campo.
 */
export function Mapeo({
  encabezados,
  muestra,
  mapeo,
  filas,
  alCambiar,
  alRevisar,
  revisando,
}: {
  encabezados: readonly string[];
  muestra: readonly (readonly string[])[];
  mapeo: readonly (string | null)[];
  filas: number;
  alCambiar: (mapeo: (string | null)[]) => void;
  alRevisar: () => void;
  revisando: boolean;
}) {
  const repetidos = camposRepetidos(mapeo);
  const usadas = mapeo.filter(Boolean).length;
  const nombre = (i: number) => encabezados[i]?.trim() || `Columna ${i + 1}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="importar-mapeo">
      <Stack gap="sm">
        <Text component="h2" fw={700} size="lg" id="importar-mapeo" m={0}>
          2. Elegir a qué campo va cada columna
        </Text>
        <Text size="sm" c="dimmed">
          {cantidad(filas, 'fila', 'filas')} de datos y{' '}
          {cantidad(encabezados.length, 'columna', 'columnas')}. Las columnas se reconocen por su
          encabezado; revise las que quedaron en «No importar».
        </Text>
        <div
          className={css.desplazar}
          style={{ '--ancho-minimo': '560px' } as React.CSSProperties}
          tabIndex={0}
          role="region"
          aria-label="Columnas del archivo"
        >
          <Table striped aria-label="Columnas del archivo y sus campos" data-testid="tabla-mapeo">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Columna</Table.Th>
                <Table.Th scope="col">Ejemplos</Table.Th>
                <Table.Th scope="col">Campo</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {encabezados.map((_, i) => {
                const clave = mapeo[i] ?? null;
                const repetida = clave != null && repetidos.has(clave);
                return (
                  <Table.Tr key={i} data-columna={i}>
                    <Table.Th scope="row" fw={600}>
                      {nombre(i)}
                    </Table.Th>
                    <Table.Td>
                      {ejemplos(muestra, i).map((v, k) => (
                        <Text key={k} size="sm" className={css.muestra} title={v}>
                          {v}
                        </Text>
                      ))}
                    </Table.Td>
                    <Table.Td miw={220}>
                      <NativeSelect
                        aria-label={`Campo de la columna ${nombre(i)}`}
                        data={OPCIONES}
                        value={clave ?? NO_IMPORTAR}
                        error={repetida ? 'Otra columna va al mismo campo' : undefined}
                        onChange={(e) => {
                          const nuevo = [...mapeo];
                          nuevo[i] = e.currentTarget.value || null;
                          alCambiar(nuevo);
                        }}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </div>
        {repetidos.size > 0 && (
          <Alert color="orange" role="alert" title="Dos columnas van al mismo campo">
            {[...repetidos].map(([c, columnas]) => (
              <Text key={c} size="sm">
                {columnas.map((i) => `«${nombre(i)}»`).join(' y ')} van a «{etiquetaCampo(c)}».
                Elija otro campo o «No importar» para una de ellas.
              </Text>
            ))}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            onClick={alRevisar}
            loading={revisando}
            disabled={repetidos.size > 0 || usadas === 0}
          >
            Revisar
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
