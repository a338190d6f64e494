'use client';
import { Alert, Anchor, Button, Checkbox, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { avisar } from '@/components/ui/avisos';
import { confirmar } from '@/components/ui/confirmar';
import { mensajeDeError } from '@/components/ui/errores';
import { api } from '@/trpc/react';
import { Historial } from './Historial';
import { Mapeo } from './Mapeo';
import { Subir } from './Subir';
import { Cuentas, TablaResultado } from './TablaResultado';
import { hayParaAplicar, resumenDeAplicar } from './textos';
import type { FilaHistorial, Resultado, Subida } from './tipos';

/** Sube la planilla a POST /api/importar: la subida o el mensaje del servidor. */
async function subirArchivo(archivo: File): Promise<Subida | { error: string }> {
  const cuerpo = new FormData();
  cuerpo.append('archivo', archivo);
  try {
    const r = await fetch('/api/importar', { method: 'POST', body: cuerpo });
    const j = (await r.json().catch(() => null)) as (Subida & { message?: string }) | null;
    if (!r.ok || !j)
      return {
        error:
          j?.message ??
          (r.status === 413 ? 'El archivo pesa más de 5 MB.' : 'No se pudo subir el archivo.'),
      };
    return j;
  } catch {
    return { error: 'No se pudo subir el archivo: revise la conexión e intente de nuevo.' };
  }
}

/**
 * /importar (issue 34 §1): subir la planilla, elegir a qué campo va cada columna, revisar lo que
 * pasaría con cada fila (nada se escribe), aplicar con confirmación, el informe y las
 * importaciones anteriores con "Deshacer" en la última.
 */
export function PantallaImportar() {
  const utils = api.useUtils();
  const [archivo, setArchivo] = useState<{ nombre: string; bytes: number } | null>(null);
  const [subiendo, setSubiendo] = useState(false);
  const [errorSubida, setErrorSubida] = useState<string | null>(null);
  const [subida, setSubida] = useState<Subida | null>(null);
  const [mapeo, setMapeo] = useState<(string | null)[]>([]);
  const [vaciar, setVaciar] = useState(false);
  const [vista, setVista] = useState<Resultado | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [aplicado, setAplicado] = useState<{ id: number; resultado: Resultado } | null>(null);
  const [errorDeshacer, setErrorDeshacer] = useState<string | null>(null);
  const [deshaciendo, setDeshaciendo] = useState<number | null>(null);
  const resultadoRef = useRef<HTMLDivElement>(null);

  const revisar = api.importar.vista.useMutation();
  const aplicar = api.importar.aplicar.useMutation();
  const deshacer = api.importar.deshacer.useMutation();
  const historial = api.importar.historial.useQuery();

  useEffect(() => {
    if (aplicado) resultadoRef.current?.scrollIntoView({ block: 'start' });
  }, [aplicado]);

  const elegir = async (f: File) => {
    setArchivo({ nombre: f.name, bytes: f.size });
    setSubida(null);
    setVista(null);
    setAplicado(null);
    setError(null);
    setErrorSubida(null);
    setSubiendo(true);
    const r = await subirArchivo(f);
    setSubiendo(false);
    if ('error' in r) {
      setErrorSubida(r.error);
      return;
    }
    setSubida(r);
    setMapeo(r.mapeo);
    void utils.importar.historial.invalidate();
  };

  const correrVista = async (conVaciar: boolean) => {
    if (!subida) return;
    setError(null);
    try {
      setVista(await revisar.mutateAsync({ id: subida.id, mapeo, vaciar: conVaciar }));
    } catch (e) {
      setVista(null);
      setError(mensajeDeError(e));
    }
  };

  const alAplicar = async () => {
    if (!subida || !vista || aplicar.isPending) return;
    const ok = await confirmar({
      titulo: '¿Aplicar la importación?',
      mensaje: resumenDeAplicar(vista.filas),
      confirmar: 'Aplicar',
    });
    if (!ok) return;
    setError(null);
    try {
      const resultado = await aplicar.mutateAsync({ id: subida.id, mapeo, vaciar });
      setAplicado({ id: subida.id, resultado });
      setSubida(null);
      setVista(null);
      avisar({ color: 'green', message: 'Importación aplicada.' });
    } catch (e) {
      setError(mensajeDeError(e));
    } finally {
      void utils.importar.historial.invalidate();
    }
  };

  const alDeshacer = async (f: FilaHistorial) => {
    setErrorDeshacer(null);
    const ok = await confirmar({
      titulo: '¿Deshacer la importación?',
      mensaje: `Se quita lo que creó «${f.nombre}» y vuelven los datos que cambió.`,
      confirmar: 'Deshacer',
      peligro: true,
    });
    if (!ok) return;
    setDeshaciendo(f.id);
    try {
      await deshacer.mutateAsync({ id: f.id });
      avisar({ color: 'green', message: 'Importación deshecha.' });
      if (aplicado?.id === f.id) setAplicado(null);
      // La vista previa en pantalla se calculó con lo que había: se vuelve a calcular.
      if (vista) void correrVista(vaciar);
    } catch (e) {
      setErrorDeshacer(mensajeDeError(e));
    } finally {
      setDeshaciendo(null);
      void utils.importar.historial.invalidate();
    }
  };

  const reiniciar = () => {
    setArchivo(null);
    setSubida(null);
    setVista(null);
    setAplicado(null);
    setError(null);
    setErrorSubida(null);
  };

  return (
    <Stack gap="md">
      {!aplicado && (
        <Subir
          alElegir={(f) => void elegir(f)}
          subiendo={subiendo}
          error={errorSubida}
          archivo={archivo}
        />
      )}
      {subida && (
        <Mapeo
          encabezados={subida.encabezados}
          muestra={subida.muestra}
          mapeo={mapeo}
          filas={subida.filas}
          alCambiar={(m) => {
            setMapeo(m);
            // Otro mapeo, otra vista previa: la anterior ya no vale.
            setVista(null);
          }}
          alRevisar={() => void correrVista(vaciar)}
          revisando={revisar.isPending}
        />
      )}
      {error && (
        <Alert color="red" role="alert" title="No se pudo completar">
          {error}
        </Alert>
      )}
      {subida && vista && (
        <Paper withBorder p="md" component="section" aria-labelledby="importar-revisar">
          <Stack gap="sm">
            <Text component="h2" fw={700} size="lg" id="importar-revisar" m={0}>
              3. Revisar lo que va a pasar
            </Text>
            <Text size="sm" c="dimmed">
              Todavía no se guardó nada. Revise cada fila y, si está bien, aplique la importación.
            </Text>
            <Cuentas cuentas={vista.cuentas} />
            <Group gap="sm">
              <Checkbox
                label="Vaciar los campos que la planilla deja vacíos"
                checked={vaciar}
                disabled={revisar.isPending || aplicar.isPending}
                onChange={(e) => {
                  const v = e.currentTarget.checked;
                  setVaciar(v);
                  void correrVista(v);
                }}
              />
              {revisar.isPending && <Loader size="xs" aria-label="Revisando" />}
            </Group>
            <TablaResultado resultado={vista} />
            <Group justify="flex-end">
              <Button
                onClick={() => void alAplicar()}
                loading={aplicar.isPending}
                disabled={revisar.isPending || !hayParaAplicar(vista.filas)}
              >
                Aplicar
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {aplicado && (
        <Paper
          withBorder
          p="md"
          component="section"
          aria-labelledby="importar-resultado"
          ref={resultadoRef}
        >
          <Stack gap="sm">
            <Text component="h2" fw={700} size="lg" id="importar-resultado" m={0}>
              Importación aplicada
            </Text>
            <Cuentas cuentas={aplicado.resultado.cuentas} />
            <Group gap="md">
              <Anchor href={`/api/importar/${aplicado.id}/informe?formato=xlsx`} download>
                <Group gap={4} component="span">
                  <IconDownload size={16} aria-hidden />
                  Descargar informe (Excel)
                </Group>
              </Anchor>
              <Anchor href={`/api/importar/${aplicado.id}/informe?formato=csv`} download>
                <Group gap={4} component="span">
                  <IconDownload size={16} aria-hidden />
                  Descargar informe (CSV)
                </Group>
              </Anchor>
            </Group>
            <TablaResultado resultado={aplicado.resultado} />
            <Group justify="flex-end">
              <Button variant="default" onClick={reiniciar}>
                Importar otro archivo
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      <Historial
        filas={historial.data}
        cargando={historial.isLoading}
        error={historial.error ? mensajeDeError(historial.error) : null}
        alDeshacer={(f) => void alDeshacer(f)}
        deshaciendo={deshaciendo}
        errorDeshacer={errorDeshacer}
      />
    </Stack>
  );
}
