'use client';
import { Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { nombreCompleto } from '@/domain/escuela';
import {
  DEMASIADOS_INTENTOS_DNI,
  DNI_INVALIDO,
  DNI_NO_COINCIDE,
  PENDIENTE_DE_CONFIRMACION,
  leerDni,
} from '@/domain/vinculos';
import { avisar } from '@/components/avisos';
import { api } from '@/trpc/react';
import { mensajeDeError } from './errores';

interface Pendiente {
  orden: number;
  apellido: string;
  nombre: string;
}

/**
 * Los alumnos con los que el referente declaró su vínculo y que la escuela todavía no confirmó
 * (issue 11): sólo el nombre, "Pendiente de confirmación por la escuela", sin ningún dato ni el
 * formulario de inscripción. Con el DNI del alumno el referente lo confirma en el momento.
 */
export function HijosPendientes({
  pendientes,
  alConfirmar,
}: {
  pendientes: readonly Pendiente[];
  alConfirmar: () => void;
}) {
  if (pendientes.length === 0) return null;
  return (
    <Stack gap="xs" component="ul" aria-label="Vínculos pendientes" p={0} m={0}>
      {pendientes.map((p) => (
        <VinculoPendiente key={p.orden} alumno={p} alConfirmar={alConfirmar} />
      ))}
    </Stack>
  );
}

function VinculoPendiente({ alumno, alConfirmar }: { alumno: Pendiente; alConfirmar: () => void }) {
  const [dni, setDni] = useState('');
  const [error, setError] = useState<string | null>(null);
  const vincular = api.inscripcion.vincularme.useMutation();
  const nombre = nombreCompleto(alumno);

  const confirmar = async () => {
    const numero = leerDni(dni);
    if (numero === null || Number.isNaN(numero)) return setError(DNI_INVALIDO);
    try {
      await vincular.mutateAsync({ alumno: alumno.orden, dni: numero });
      avisar({ color: 'green', message: `${nombre} quedó vinculado/a.` });
      alConfirmar();
    } catch (e) {
      const mensaje = mensajeDeError(e, 'No se pudo confirmar el vínculo.');
      if (mensaje === DNI_NO_COINCIDE || mensaje === DEMASIADOS_INTENTOS_DNI) setError(mensaje);
      else avisar({ color: 'red', message: mensaje });
    }
  };

  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      style={{ listStyle: 'none' }}
      data-testid="hijo-pendiente"
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap={4}>
          <Text fw={600}>{nombre}</Text>
          {/* Ámbar oscuro: el texto blanco llega a 4.5:1 (los tonos de Mantine no). */}
          <Badge color="#7a4100">{PENDIENTE_DE_CONFIRMACION}</Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Sus datos y su inscripción se habilitan cuando la escuela confirme el vínculo. Si tiene el
          DNI de {alumno.nombre}, ingréselo para confirmarlo ahora.
        </Text>
        <form
          noValidate
          aria-label={`Confirmar el vínculo con ${nombre}`}
          onSubmit={(e) => {
            e.preventDefault();
            void confirmar();
          }}
        >
          <Stack gap="xs">
            <TextInput
              label={`DNI de ${alumno.nombre}`}
              inputMode="numeric"
              autoComplete="off"
              maxLength={12}
              value={dni}
              onChange={(e) => {
                setDni(e.currentTarget.value);
                setError(null);
              }}
              error={error}
              maw={320}
            />
            <Button
              type="submit"
              variant="light"
              style={{ alignSelf: 'flex-start' }}
              loading={vincular.isPending}
            >
              Confirmar con el DNI
            </Button>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
