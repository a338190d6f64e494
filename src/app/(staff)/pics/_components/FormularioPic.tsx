'use client';
import {
  Alert,
  Button,
  Group,
  Input,
  List,
  Loader,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { avisar } from '@/components/ui/avisos';
import { mensajeDeError } from '@/components/ui/errores';
import { DateInput } from '@/components/campos/fechas';
import { DEMORA_BUSQUEDA_MS } from '@/components/listas/ListaBuscable';
import { NOMBRE_CUATRIMESTRE } from '@/domain/notas';
import { HORARIOS_PIC, MATERIAS_POR_PAGINA_PIC, SELECCIONE_MATERIA } from '@/domain/pics';
import { api } from '@/trpc/react';
import clases from './pics.module.css';

interface PicEditada {
  anio: number;
  materia: { id: number; nombre: string };
  cuatrimestre: 1 | 2;
  comienzo: { fecha: string; hora: string };
  aula: string | null;
}

/**
 * El selector de materias de la PIC (spec 02 §9): búsqueda en el servidor y 4 materias por página
 * con "Anterior" y "Siguiente".
 */
function SelectorMateria({
  anio,
  elegida,
  onElegir,
  error,
}: {
  anio: number;
  elegida: { id: number; nombre: string } | null;
  onElegir: (m: { id: number; nombre: string }) => void;
  error: string | null;
}) {
  const [texto, setTexto] = useState('');
  const [q] = useDebouncedValue(texto.trim(), DEMORA_BUSQUEDA_MS);
  const [cursor, setCursor] = useState(0);
  const consulta = api.pics.materias.useQuery(
    { anio, q, cursor, limit: MATERIAS_POR_PAGINA_PIC },
    { placeholderData: (anterior) => anterior },
  );
  const items = consulta.data?.items ?? [];
  return (
    <Input.Wrapper label="Materia" required error={error} id="materia-pic">
      <Stack gap={6} mt={4}>
        <TextInput
          aria-label="Buscar materia"
          placeholder="Buscar materia"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={texto}
          onChange={(e) => {
            setTexto(e.currentTarget.value);
            setCursor(0);
          }}
        />
        <Stack gap={4} role="listbox" aria-label="Materias" data-testid="materias-pic">
          {consulta.isPending ? (
            <Loader size="sm" />
          ) : items.length === 0 ? (
            <Text c="dimmed" size="sm">
              Sin resultados
            </Text>
          ) : (
            items.map((m) => {
              const sel = elegida?.id === m.id;
              return (
                <UnstyledButton
                  key={m.id}
                  role="option"
                  aria-selected={sel}
                  className={clases.opcion}
                  data-elegida={sel || undefined}
                  onClick={() => onElegir({ id: m.id, nombre: m.nombre })}
                >
                  <Group gap="xs" wrap="nowrap" justify="space-between">
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={500}>
                        {m.nombre}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {m.anioMateria}° año · {m.codigo}
                        {m.departamento ? ` · ${m.departamento}` : ''}
                        {m.pics.length
                          ? ` · Ya tiene PIC del ${m.pics.map((c) => `${c}°`).join(' y ')}`
                          : ''}
                      </Text>
                    </div>
                    {sel && <IconCheck size={16} aria-hidden />}
                  </Group>
                </UnstyledButton>
              );
            })
          )}
        </Stack>
        <Group gap="xs" justify="space-between">
          <Button
            size="xs"
            variant="default"
            disabled={cursor === 0}
            onClick={() => setCursor((c) => Math.max(0, c - MATERIAS_POR_PAGINA_PIC))}
          >
            Anterior
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={consulta.data?.siguiente == null}
            onClick={() => setCursor(consulta.data?.siguiente ?? cursor)}
          >
            Siguiente
          </Button>
        </Group>
        {elegida && (
          <Text size="sm" data-testid="materia-elegida">
            Elegida: <strong>{elegida.nombre}</strong>
          </Text>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

/**
 * "Nueva PIC" o editar una (spec 02 §5): materia ('Seleccione una materia'), cuatrimestre, fecha,
 * hora de los horarios fijos y aula. Al editar, la materia y el cuatrimestre no cambian.
 */
export function FormularioPic({
  anio,
  pic,
  onListo,
}: {
  anio: number;
  pic: PicEditada | null;
  onListo: () => void | Promise<void>;
}) {
  const crearM = api.pics.crear.useMutation();
  const modificarM = api.pics.modificar.useMutation();
  const [materia, setMateria] = useState(pic?.materia ?? null);
  const [cuatrimestre, setCuatrimestre] = useState<string>(String(pic?.cuatrimestre ?? 1));
  const [fecha, setFecha] = useState<string | null>(pic?.comienzo.fecha ?? null);
  const [hora, setHora] = useState<string | null>(pic?.comienzo.hora ?? null);
  const [aula, setAula] = useState(pic?.aula ?? '');
  const [errores, setErrores] = useState<{ materia?: string; fecha?: string; hora?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const guardando = crearM.isPending || modificarM.isPending;
  // Las superposiciones a esa fecha y hora, antes de guardar (issue 16).
  const choques = api.pics.choques.useQuery(
    {
      anio,
      materia: materia?.id ?? 0,
      cuatrimestre: Number(cuatrimestre) as 1 | 2,
      comienzo: `${fecha}T${hora}`,
    },
    { enabled: materia != null && fecha != null && hora != null },
  );

  const guardar = async () => {
    const e = {
      materia: materia ? undefined : SELECCIONE_MATERIA,
      fecha: fecha ? undefined : 'Elija la fecha.',
      hora: hora ? undefined : 'Elija la hora.',
    };
    setErrores(e);
    if (e.materia || e.fecha || e.hora) return;
    setError(null);
    const datos = {
      anio,
      materia: materia!.id,
      cuatrimestre: Number(cuatrimestre) as 1 | 2,
      comienzo: `${fecha}T${hora}`,
      aula,
    };
    try {
      await (pic ? modificarM : crearM).mutateAsync(datos);
      avisar({
        color: 'green',
        message: pic ? 'PIC guardada.' : `PIC de ${materia!.nombre} programada.`,
      });
      await onListo();
    } catch (x) {
      setError(mensajeDeError(x));
    }
  };

  return (
    <Stack gap="sm">
      {pic ? (
        <Text size="sm">
          {pic.materia.nombre} · {NOMBRE_CUATRIMESTRE[pic.cuatrimestre]}
        </Text>
      ) : (
        <>
          <SelectorMateria
            anio={anio}
            elegida={materia}
            onElegir={(m) => {
              setMateria(m);
              setErrores((x) => ({ ...x, materia: undefined }));
            }}
            error={errores.materia ?? null}
          />
          <NativeSelect
            label="Cuatrimestre"
            data={[
              { value: '1', label: NOMBRE_CUATRIMESTRE[1] },
              { value: '2', label: NOMBRE_CUATRIMESTRE[2] },
            ]}
            value={cuatrimestre}
            onChange={(e) => setCuatrimestre(e.currentTarget.value)}
          />
        </>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <DateInput
          label="Fecha"
          required
          miw={150}
          value={fecha}
          onChange={(v) => setFecha(v ? v.slice(0, 10) : null)}
          error={errores.fecha}
        />
        <NativeSelect
          label="Hora"
          required
          miw={120}
          data={[{ value: '', label: 'Elija la hora' }, ...HORARIOS_PIC]}
          value={hora ?? ''}
          onChange={(e) => setHora(e.currentTarget.value || null)}
          error={errores.hora}
        />
      </SimpleGrid>
      <TextInput
        label="Aula"
        maxLength={50}
        value={aula}
        onChange={(e) => setAula(e.currentTarget.value)}
      />
      {!!choques.data?.choques.length && (
        <Alert color="yellow" role="status">
          <Text fw={700} size="sm" mb={4}>
            Superposiciones a esa hora
          </Text>
          <List size="sm">
            {choques.data.choques.map((c) => (
              <List.Item key={c}>{c}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={() => void guardar()} loading={guardando}>
          Guardar
        </Button>
      </Group>
    </Stack>
  );
}
