'use client';
import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { avisar } from '@/components/ui/avisos';
import { CampoEntero } from '@/components/campos/CampoNumero';
import { TimeInput } from '@/components/campos/horas';
import {
  ANIOS_JCD,
  LARGO_MAXIMO_DESCRIPCION_JCD,
  LARGO_MAXIMO_NOMBRE_JCD,
  MAXIMO_CUPOS_JCD,
  datosDeMascara,
  mascaraDe,
  problemaDeHorario,
  problemaDeMascara,
} from '@/domain/jornada';
import type { ActividadVista } from './VistaJornada';

/**
 * Alta y edición de una actividad (Regente, Admin): nombre, descripción, cupos, horario dentro de
 * 07:30–14:00, aula, para qué años y géneros (la máscara) e imagen (JPG, PNG o WebP; el servidor
 * la reconoce por su contenido). Se manda como formulario multipart al REST.
 */
export function FormularioActividad({
  anio,
  actividad,
  onListo,
}: {
  anio: number;
  actividad: ActividadVista | null;
  onListo: () => void | Promise<void>;
}) {
  const inicial = datosDeMascara(actividad?.mascara ?? 0b11111111);
  const [nombre, setNombre] = useState(actividad?.nombre ?? '');
  const [descripcion, setDescripcion] = useState(actividad?.descripcion ?? '');
  const [cupos, setCupos] = useState<number | null>(actividad?.cupos ?? 20);
  const [comienzo, setComienzo] = useState(actividad?.comienzo ?? '08:00');
  const [fin, setFin] = useState(actividad?.fin ?? '12:00');
  const [aula, setAula] = useState(actividad?.aula ?? '');
  const [anios, setAnios] = useState<string[]>(inicial.anios.map(String));
  const [mujeres, setMujeres] = useState(inicial.mujeres);
  const [varones, setVarones] = useState(inicial.varones);
  const [imagen, setImagen] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [guardando, setGuardando] = useState(false);
  const mascara = mascaraDe({ anios: anios.map(Number), mujeres, varones });

  const guardar = async () => {
    const problema =
      (!nombre.trim() ? 'Nombre: no puede estar vacío.' : null) ??
      (cupos == null || !Number.isInteger(cupos) || cupos < 1 || cupos > MAXIMO_CUPOS_JCD
        ? `Cupos: un número entero de 1 a ${MAXIMO_CUPOS_JCD}.`
        : null) ??
      problemaDeHorario(comienzo, fin) ??
      problemaDeMascara(mascara);
    if (problema) {
      setError(problema);
      return;
    }
    setError(null);
    setGuardando(true);
    const cuerpo = new FormData();
    if (!actividad) cuerpo.append('anio', String(anio));
    else cuerpo.append('version', String(actividad.version));
    cuerpo.append('nombre', nombre.trim());
    cuerpo.append('descripcion', descripcion.trim());
    cuerpo.append('cupos', String(cupos));
    cuerpo.append('comienzo', comienzo);
    cuerpo.append('fin', fin);
    cuerpo.append('aula', aula.trim());
    cuerpo.append('mascara', String(mascara));
    if (imagen) cuerpo.append('imagen', imagen);
    try {
      const r = await fetch(
        actividad ? `/api/jornada/actividades/${actividad.id}` : '/api/jornada/actividades',
        { method: actividad ? 'PUT' : 'POST', body: cuerpo },
      );
      const j = (await r.json().catch(() => null)) as { message?: string } | null;
      if (!r.ok) {
        setError(j?.message ?? 'No se pudo guardar la actividad.');
        return;
      }
      avisar({ color: 'green', message: actividad ? 'Actividad guardada.' : 'Actividad creada.' });
      await onListo();
    } catch {
      setError('No se pudo guardar la actividad: revise la conexión e intente de nuevo.');
    } finally {
      setGuardando(false);
    }
  };

  return (
    <Stack gap="sm">
      <TextInput
        label="Nombre"
        withAsterisk
        maxLength={LARGO_MAXIMO_NOMBRE_JCD}
        value={nombre}
        onChange={(e) => setNombre(e.currentTarget.value)}
      />
      <Textarea
        label="Descripción"
        autosize
        minRows={2}
        maxLength={LARGO_MAXIMO_DESCRIPCION_JCD}
        value={descripcion}
        onChange={(e) => setDescripcion(e.currentTarget.value)}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <CampoEntero label="Cupos" withAsterisk valor={cupos} alCambiar={setCupos} />
        <TimeInput label="Comienzo" withAsterisk value={comienzo} onChange={setComienzo} />
        <TimeInput label="Fin" withAsterisk value={fin} onChange={setFin} />
      </SimpleGrid>
      <TextInput
        label="Aula"
        maxLength={50}
        value={aula}
        onChange={(e) => setAula(e.currentTarget.value)}
      />
      <Checkbox.Group label="Años" withAsterisk value={anios} onChange={setAnios}>
        <Group gap="sm" mt={4}>
          {ANIOS_JCD.map((a) => (
            <Checkbox key={a} value={String(a)} label={`${a}°`} />
          ))}
        </Group>
      </Checkbox.Group>
      <Group gap="md">
        <Checkbox
          label="Mujeres"
          checked={mujeres}
          onChange={(e) => setMujeres(e.currentTarget.checked)}
        />
        <Checkbox
          label="Varones"
          checked={varones}
          onChange={(e) => setVarones(e.currentTarget.checked)}
        />
      </Group>
      <FileInput
        label="Imagen"
        description={
          actividad?.imagen ? 'Sin una nueva, queda la actual.' : 'JPG, PNG o WebP, hasta 5 MB.'
        }
        accept="image/jpeg,image/png,image/webp"
        leftSection={<IconPhoto size={16} />}
        clearable
        value={imagen}
        onChange={setImagen}
      />
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
