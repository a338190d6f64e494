'use client';
import { Alert, Button, FileButton, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useRef, useState, type DragEvent } from 'react';
import { ACEPTA, esPlanilla, tamanio } from './textos';
import css from './importar.module.css';

/**
 * El paso 1: elegir la planilla con el botón o soltarla en la caja. `alElegir` la sube; mientras
 * tanto `subiendo`. `error` es el mensaje del servidor (o de la elección) en castellano.
 */
export function Subir({
  alElegir,
  subiendo,
  error,
  archivo,
}: {
  alElegir: (archivo: File) => void;
  subiendo: boolean;
  error: string | null;
  archivo: { nombre: string; bytes: number } | null;
}) {
  const [encima, setEncima] = useState(false);
  const [problema, setProblema] = useState<string | null>(null);
  const reiniciar = useRef<() => void>(null);

  const elegir = (f: File | null) => {
    // El mismo archivo, corregido, se puede volver a elegir.
    reiniciar.current?.();
    if (!f) return;
    if (!esPlanilla(f.name)) {
      setProblema('El archivo no es una planilla .xlsx ni un archivo .csv.');
      return;
    }
    setProblema(null);
    alElegir(f);
  };

  const soltar = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setEncima(false);
    if (subiendo) return;
    const archivos = e.dataTransfer.files;
    if (archivos.length !== 1) {
      setProblema('Suelte un solo archivo.');
      return;
    }
    elegir(archivos[0]!);
  };

  const mensaje = problema ?? error;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="importar-subir">
      <Stack gap="sm">
        <Text component="h2" fw={700} size="lg" id="importar-subir" m={0}>
          1. Elegir la planilla
        </Text>
        <div
          className={css.caja}
          data-encima={encima || undefined}
          data-testid="soltar-archivo"
          onDragOver={(e) => {
            e.preventDefault();
            if (!subiendo) setEncima(true);
          }}
          onDragLeave={() => setEncima(false)}
          onDrop={soltar}
        >
          <Stack gap="xs" align="center">
            <FileButton onChange={elegir} accept={ACEPTA} resetRef={reiniciar}>
              {(props) => (
                <Button
                  {...props}
                  leftSection={<IconUpload size={16} aria-hidden />}
                  loading={subiendo}
                  disabled={subiendo}
                >
                  Elegir archivo
                </Button>
              )}
            </FileButton>
            <Text size="sm" c="dimmed" ta="center">
              o suéltelo aquí. Una planilla .xlsx o un archivo .csv, de hasta 5 MB y 10.000 filas.
            </Text>
          </Stack>
        </div>
        {archivo && (
          <Group gap="xs" data-testid="archivo-elegido">
            {subiendo && <Loader size="xs" aria-hidden />}
            <Text size="sm">
              <Text span fw={600}>
                {archivo.nombre}
              </Text>{' '}
              ({tamanio(archivo.bytes)}){subiendo ? ': subiendo…' : ''}
            </Text>
          </Group>
        )}
        {mensaje && (
          <Alert color="red" role="alert" title="No se puede leer el archivo">
            {mensaje}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
