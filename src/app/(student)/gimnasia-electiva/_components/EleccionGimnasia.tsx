'use client';
import { Alert, Button, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import { avisar } from '@/components/ui/avisos';
import { mensajeDeError } from '@/components/ui/errores';
import { problemaDeOpciones } from '@/domain/gimnasia';
import type { AppRouter } from '@/server/api/root';
import { api } from '@/trpc/react';

type Mia = inferRouterOutputs<AppRouter>['gimnasia']['mia'];

/**
 * Las tres opciones del alumno (spec 02 §5: obligatorias, sin repetir: 'Las opciones no pueden
 * repetirse.'). Se pueden cambiar hasta que la escuela publique la asignación; publicada, se ve
 * la opción que le tocó.
 */
export function EleccionGimnasia({ inicial }: { inicial: Mia }) {
  const utils = api.useUtils();
  const q = api.gimnasia.mia.useQuery(undefined, { initialData: inicial });
  const elegir = api.gimnasia.elegir.useMutation();
  const datos = q.data;
  const [opciones, setOpciones] = useState<string[]>(
    datos.eleccion ? datos.eleccion.map(String) : ['', '', ''],
  );
  const [error, setError] = useState<string | null>(null);
  const numeros = opciones.map((o) => (o ? Number(o) : null));
  const nombre = (n: number) => {
    const o = datos.opciones.find((x) => x.numero === n)!;
    return `${o.numero}. ${o.deporte} — ${o.horario}`;
  };

  const enviar = async () => {
    const problema = problemaDeOpciones(numeros);
    setError(problema);
    if (problema) return;
    try {
      await elegir.mutateAsync({
        opcion1: numeros[0]!,
        opcion2: numeros[1]!,
        opcion3: numeros[2]!,
      });
      avisar({ color: 'green', message: 'Opciones guardadas.' });
      await utils.gimnasia.mia.invalidate();
    } catch (e) {
      setError(mensajeDeError(e));
    }
  };

  return (
    <Stack gap="md">
      <Alert color="yellow" role="note">
        <Text fw={700} size="sm" mb={4}>
          Certificado médico
        </Text>
        {datos.recordatorio}
      </Alert>
      {datos.publicada ? (
        <Paper withBorder p="md">
          <Text fw={600}>Asignación publicada</Text>
          <Text data-testid="asignada">
            {datos.asignada
              ? `Le tocó: ${nombre(datos.asignada)}.`
              : 'No alcanzó el cupo en ninguna de sus tres opciones: consulte en Educación Física.'}
          </Text>
        </Paper>
      ) : (
        <Paper
          withBorder
          p="md"
          component="form"
          onSubmit={(e) => (e.preventDefault(), void enviar())}
        >
          <Stack gap="sm">
            <Text>
              Elija tres opciones distintas, en orden de preferencia. Puede cambiarlas hasta que se
              publique la asignación.
            </Text>
            {[0, 1, 2].map((i) => (
              <NativeSelect
                key={i}
                label={`Opción ${i + 1}`}
                withAsterisk
                value={opciones[i]}
                onChange={(e) => {
                  const v = e.currentTarget.value;
                  setOpciones((o) => o.map((x, j) => (j === i ? v : x)));
                }}
                data={[
                  { value: '', label: 'Elija una opción' },
                  ...datos.opciones.map((o) => ({
                    value: String(o.numero),
                    label: `${o.numero}. ${o.deporte} — ${o.horario} (cupo ${o.cupo})`,
                  })),
                ]}
              />
            ))}
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            {datos.eleccion && (
              <Text size="sm" c="dimmed" data-testid="eleccion-guardada">
                Guardado: {datos.eleccion.map(nombre).join(' · ')}
              </Text>
            )}
            <Button type="submit" loading={elegir.isPending}>
              Guardar opciones
            </Button>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
