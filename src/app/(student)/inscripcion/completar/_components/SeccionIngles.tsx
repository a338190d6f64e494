'use client';
import { Button, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { avisar } from '@/components/avisos';
import { useState } from 'react';
import { confirmar } from '@/components/confirmar';
import {
  DECLARACION_JURADA,
  ETIQUETA_NIVEL_ANTERIOR,
  ETIQUETA_NIVEL_CPIT,
  HE_LEIDO_Y_ACEPTO,
  NIVELES_ANTERIORES,
  NIVELES_CPIT,
  TITULO_INGLES,
  inglesYaDeclarado,
  textoDeclaracionIngles,
  type ElegibilidadIngles,
  type NivelAnterior,
} from '@/domain/inscripcion';
import { api } from '@/trpc/react';
import { mensajeDeError } from './errores';

export interface HijoIngles {
  orden: number;
  nombre: string;
  apellido: string;
  ingles: {
    declarado: { nivelNuevo: number; nivelViejo: string } | null;
    elegibilidad: ElegibilidadIngles;
  };
}

function Declaracion({
  hijo,
  ciclo,
  alDeclarar,
}: {
  hijo: HijoIngles;
  ciclo: number;
  alDeclarar: () => void;
}) {
  const [nivelNuevo, setNivelNuevo] = useState<string | null>(null);
  const [nivelViejo, setNivelViejo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const declarar = api.inscripcion.declararIngles.useMutation();
  const enviar = async () => {
    if (!nivelNuevo || !nivelViejo) {
      setError('Elija el nivel a cursar y el del año anterior.');
      return;
    }
    setError(null);
    if (
      !(await confirmar({
        titulo: TITULO_INGLES,
        // Qué se declara: el hijo, el ciclo y los dos niveles; después, la declaración jurada.
        mensaje: `${hijo.apellido}, ${hijo.nombre}, ciclo lectivo ${ciclo}: ${
          ETIQUETA_NIVEL_CPIT[Number(nivelNuevo) as keyof typeof ETIQUETA_NIVEL_CPIT] ?? nivelNuevo
        } (el año anterior: ${
          ETIQUETA_NIVEL_ANTERIOR[nivelViejo as NivelAnterior] ?? nivelViejo
        }). ${DECLARACION_JURADA}`,
        confirmar: 'Enviar',
      }))
    )
      return;
    try {
      await declarar.mutateAsync({
        alumno: hijo.orden,
        nivelNuevo: Number(nivelNuevo),
        nivelViejo: nivelViejo as NivelAnterior,
      });
      avisar({ color: 'green', message: inglesYaDeclarado(hijo.nombre) });
      alDeclarar();
    } catch (e) {
      avisar({
        color: 'red',
        message: mensajeDeError(e, 'No se pudo guardar la declaración.'),
      });
    }
  };
  return (
    <Stack gap="xs">
      {/* Selectores nativos: en el teléfono abren la rueda del sistema. */}
      <NativeSelect
        label={`Nivel a cursar por ${hijo.nombre}`}
        data={[
          { value: '', label: 'Elegir', disabled: true },
          ...NIVELES_CPIT.map((n) => ({ value: String(n), label: ETIQUETA_NIVEL_CPIT[n] })),
        ]}
        value={nivelNuevo ?? ''}
        onChange={(e) => setNivelNuevo(e.currentTarget.value || null)}
      />
      <NativeSelect
        label="Nivel del año anterior"
        data={[
          { value: '', label: 'Elegir', disabled: true },
          ...NIVELES_ANTERIORES.map((n) => ({ value: n, label: ETIQUETA_NIVEL_ANTERIOR[n] })),
        ]}
        value={nivelViejo ?? ''}
        onChange={(e) => setNivelViejo(e.currentTarget.value || null)}
      />
      <Text size="sm">{textoDeclaracionIngles(hijo.nombre, ciclo)}</Text>
      {error && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      )}
      <Button onClick={enviar} loading={declarar.isPending}>
        {HE_LEIDO_Y_ACEPTO}
      </Button>
    </Stack>
  );
}

/**
 * "Inscripción a capacitación profesional en inglés técnico" (spec 02 §2, §4): para cada hijo
 * desde 3° año, el nivel a cursar y el anterior; los ya declarados muestran la confirmación.
 */
export function SeccionIngles({
  hijos,
  ciclo,
  alDeclarar,
}: {
  hijos: HijoIngles[];
  ciclo: number;
  alDeclarar: () => void;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="titulo-ingles">
      <Stack gap="md">
        <Title order={2} size="h4" id="titulo-ingles" tabIndex={-1}>
          {TITULO_INGLES}
        </Title>
        {hijos.map((h) => (
          <Stack key={h.orden} gap="xs" role="group" aria-labelledby={`ingles-${h.orden}`}>
            <Text fw={600} id={`ingles-${h.orden}`}>
              {h.apellido}, {h.nombre}
            </Text>
            {h.ingles.declarado ? (
              <Text c="teal.9">{inglesYaDeclarado(h.nombre)}</Text>
            ) : h.ingles.elegibilidad.elegible ? (
              <Declaracion hijo={h} ciclo={ciclo} alDeclarar={alDeclarar} />
            ) : (
              <Text size="sm" c="dimmed">
                {h.ingles.elegibilidad.motivo}
              </Text>
            )}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
