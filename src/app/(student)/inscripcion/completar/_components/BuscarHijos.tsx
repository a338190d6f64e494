'use client';
import {
  Button,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { avisar } from '@/components/avisos';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { BUSQUE_A_SUS_HIJOS, declaracionVinculo } from '@/domain/inscripcion';
import {
  AYUDA_DNI,
  DEMASIADOS_INTENTOS_DNI,
  DNI_INVALIDO,
  DNI_NO_COINCIDE,
  leerDni,
  vinculoPendiente,
} from '@/domain/vinculos';
import { nombreCompleto } from '@/domain/escuela';
import { DEMORA_BUSQUEDA_MS } from '@/components/ListaBuscable';
import { api } from '@/trpc/react';
import { mensajeDeError } from './errores';

interface Candidato {
  orden: number;
  apellido: string;
  nombre: string;
  curso: { nombre: string } | null;
}

/**
 * Búsqueda de los hijos todavía no vinculados (spec 02 §2): al elegir uno se pide la
 * declaración "Declaro mi vínculo de referente parental de …" con Cancelar y Continuar, y el DNI
 * del alumno (optativo): con él el vínculo queda confirmado; sin él, espera a la escuela.
 */
export function BuscarHijos({ alVincular }: { alVincular: () => void }) {
  const [texto, setTexto] = useState('');
  const [q] = useDebouncedValue(texto.trim(), DEMORA_BUSQUEDA_MS);
  const [elegido, setElegidoSolo] = useState<Candidato | null>(null);
  // El DNI del alumno (optativo): prueba el vínculo y lo confirma en el momento.
  const [dni, setDni] = useState('');
  const [errorDni, setErrorDni] = useState<string | null>(null);
  const setElegido = (a: Candidato | null) => {
    setElegidoSolo(a);
    setDni('');
    setErrorDni(null);
  };
  const buscar = api.inscripcion.buscarHijos.useQuery({ q }, { enabled: q.length >= 3 });
  const vincular = api.inscripcion.vincularme.useMutation();

  const continuar = async () => {
    if (!elegido) return;
    const numero = leerDni(dni);
    if (Number.isNaN(numero)) return setErrorDni(DNI_INVALIDO);
    try {
      const r = await vincular.mutateAsync({ alumno: elegido.orden, dni: numero });
      avisar({
        color: 'green',
        message: r.confirmado
          ? `${nombreCompleto(elegido)} quedó vinculado/a.`
          : vinculoPendiente(nombreCompleto(elegido)),
      });
      setElegido(null);
      setTexto('');
      alVincular();
    } catch (e) {
      const mensaje = mensajeDeError(e, 'No se pudo declarar el vínculo.');
      // Un DNI que no coincide se corrige en el mismo diálogo.
      if (numero !== null && (mensaje === DNI_NO_COINCIDE || mensaje === DEMASIADOS_INTENTOS_DNI))
        return setErrorDni(mensaje);
      avisar({ color: 'red', message: mensaje });
    }
  };

  return (
    <Stack gap="xs">
      <TextInput
        label="Nombre o Apellido"
        description={BUSQUE_A_SUS_HIJOS}
        placeholder="Nombre o Apellido"
        leftSection={<IconSearch size={16} />}
        rightSection={buscar.isFetching ? <Loader size="xs" /> : null}
        value={texto}
        onChange={(e) => setTexto(e.currentTarget.value)}
        autoComplete="off"
        type="search"
      />
      {q.length >= 3 && buscar.data && (
        <Stack gap={4} role="list" aria-label="Resultados de la búsqueda">
          {buscar.data.length === 0 && <Text c="dimmed">Sin resultados</Text>}
          {buscar.data.map((a) => (
            <UnstyledButton
              key={a.orden}
              role="listitem"
              onClick={() => setElegido(a)}
              p="sm"
              style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
            >
              <Text fw={500}>{nombreCompleto(a)}</Text>
              <Text size="sm" c="dimmed">
                {a.curso?.nombre ?? 'Sin curso'}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      )}
      {buscar.error && (
        <Text c="var(--mantine-color-error)">
          {mensajeDeError(buscar.error, 'No se pudo buscar.')}
        </Text>
      )}
      <Modal
        opened={elegido !== null}
        onClose={() => setElegido(null)}
        title="Vínculo de referente parental"
        centered
      >
        {elegido && (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void continuar();
            }}
          >
            <Stack>
              <Text>{declaracionVinculo(nombreCompleto(elegido))}</Text>
              <TextInput
                label={`DNI de ${elegido.nombre} (opcional)`}
                description={AYUDA_DNI}
                inputMode="numeric"
                autoComplete="off"
                maxLength={12}
                value={dni}
                onChange={(e) => {
                  setDni(e.currentTarget.value);
                  setErrorDni(null);
                }}
                error={errorDni}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setElegido(null)}>
                  Cancelar
                </Button>
                <Button type="submit" loading={vincular.isPending}>
                  Continuar
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </Stack>
  );
}
