'use client';
import {
  Alert,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useRouter } from 'next/navigation';
import { useMemo, useState } from 'react';
import { avisar } from '@/components/ui/avisos';
import { mensajeDeError } from '@/components/ui/errores';
import { SelectBuscable } from '@/components/campos/select-buscable/SelectBuscable';
import { ETIQUETA_MODALIDAD, MODALIDADES } from '@/domain/notas';
import {
  ERROR_GUARDAR_CURSADO,
  HORAS_POR_DEFECTO,
  MAXIMO_HORAS,
  PAGINA_MATERIAS,
} from '@/domain/planificacion';
import { api } from '@/trpc/react';
import { avisarErrorAlGuardar, type Salidas } from './comun';
import { CampoEntero, propsDeFormulario } from '@/components/campos/CampoNumero';
import { PieFormulario } from './Pies';

type Cursado = Salidas['cursados']['obtener'];

interface Valores {
  nombre: string;
  modalidad: string;
  horas: number | string;
  detalles: string;
  materias: string[];
  cursos: string[];
}

interface MateriaElegible {
  etiqueta: string;
  anio: number;
}

const etiquetaMateria = (m: { nombre: string; materiaCode: string; anio: number }) =>
  `${m.nombre} (${m.materiaCode}) · ${m.anio}° año`;

/**
 * Alta y edición de un cursado (spec 02 §3 Cursado, §5): nombre, modalidad y horas obligatorios
 * (horas ≥ 1, 2 por defecto), las materias permitidas (búsqueda en el servidor) y los cursos
 * permitidos. Un rechazo del servidor se muestra como "Error al guardar: …".
 */
export function FormularioCursado({ cursado, ciclo }: { cursado: Cursado | null; ciclo: number }) {
  const router = useRouter();
  const utils = api.useUtils();
  const lista = `/planificacion/cursados?ciclo=${ciclo}`;

  // Las materias conocidas (las del cursado y las que trajo cada búsqueda), por id.
  const [conocidas, setConocidas] = useState<Map<string, MateriaElegible>>(
    () =>
      new Map(
        (cursado?.materiasPermitidas ?? []).map((m) => [
          String(m.orden),
          { etiqueta: etiquetaMateria(m), anio: m.anio },
        ]),
      ),
  );
  const [busqueda, setBusqueda] = useState('');
  const [q] = useDebouncedValue(busqueda.trim(), 300);
  const materias = api.materias.listar.useQuery(
    { q, cursor: 0, limit: PAGINA_MATERIAS },
    { placeholderData: (anterior) => anterior },
  );
  const cursos = api.cursos.listar.useQuery();

  const crear = api.cursados.crear.useMutation();
  const editar = api.cursados.editar.useMutation();
  const [guardando, setGuardando] = useState(false);

  const form = useForm<Valores>({
    initialValues: {
      nombre: cursado?.nombre ?? '',
      modalidad: String(cursado?.modalidad ?? 0),
      horas: cursado?.horas ?? HORAS_POR_DEFECTO,
      detalles: cursado?.detalles ?? '',
      materias: (cursado?.materiasPermitidas ?? []).map((m) => String(m.orden)),
      cursos: (cursado?.cursosPermitidos ?? []).map((c) => String(c.orden)),
    },
    validate: {
      nombre: (v) =>
        !v.trim()
          ? 'Nombre: no puede estar vacío.'
          : v.trim().length > 100
            ? 'Nombre: como máximo 100 caracteres.'
            : null,
      modalidad: (v) => (v in ETIQUETA_MODALIDAD ? null : 'Modalidad: elija una modalidad.'),
      horas: (v) => {
        const n = typeof v === 'number' ? v : Number(v);
        if (v === '' || !Number.isFinite(n)) return 'Horas: debe ser un número.';
        if (!Number.isInteger(n)) return 'Horas: debe ser un número entero.';
        if (n < 1) return 'Horas: como mínimo 1.';
        if (n > MAXIMO_HORAS)
          return `Horas: como máximo ${MAXIMO_HORAS} (los bloques de la semana).`;
        return null;
      },
    },
  });

  // Lo que trae la búsqueda se suma a lo conocido (las elegidas no se pierden al buscar otra).
  const encontradas = materias.data?.items;
  const [vistas, setVistas] = useState(encontradas);
  if (encontradas && encontradas !== vistas) {
    setVistas(encontradas);
    setConocidas((antes) => {
      const m = new Map(antes);
      for (const x of encontradas)
        m.set(String(x.orden), { etiqueta: etiquetaMateria(x), anio: x.anio });
      return m;
    });
  }

  const elegidas = form.values.materias;
  const opcionesMaterias = useMemo(() => {
    const ids = new Set([...elegidas, ...(encontradas ?? []).map((x) => String(x.orden))]);
    return [...ids]
      .filter((id) => conocidas.has(id))
      .map((id) => ({ value: id, label: conocidas.get(id)!.etiqueta }));
  }, [elegidas, encontradas, conocidas]);

  const opcionesCursos = useMemo(
    () => (cursos.data ?? []).map((c) => ({ value: String(c.orden), label: c.nombre })),
    [cursos.data],
  );

  const enviar = form.onSubmit(async (v) => {
    if (guardando) return;
    const materiasIds = v.materias.map(Number);
    const cursosIds = v.cursos.map(Number);
    const datos = {
      nombre: v.nombre.trim(),
      modalidad: Number(v.modalidad),
      horas: Number(v.horas),
      detalles: v.detalles.trim() || null,
    };
    // Crear o editar es una sola llamada (una transacción en el servidor): los datos, las
    // materias y los cursos permitidos se guardan juntos o no se guarda nada.
    setGuardando(true);
    try {
      if (!cursado) {
        await crear.mutateAsync({ ...datos, ciclo, materias: materiasIds, cursos: cursosIds });
      } else {
        await editar.mutateAsync({
          id: cursado.cursadoId,
          ...datos,
          materias: materiasIds,
          cursos: cursosIds,
        });
      }
      avisar({ color: 'green', message: `Cursado ${datos.nombre} guardado.` });
      await Promise.all([utils.cursados.invalidate(), utils.materias.listar.invalidate()]);
      router.push(lista);
    } catch (e) {
      avisarErrorAlGuardar(ERROR_GUARDAR_CURSADO, e);
      await utils.cursados.invalidate();
    } finally {
      setGuardando(false);
    }
  });

  return (
    <Paper withBorder p="md" maw={820}>
      <form onSubmit={enviar} noValidate aria-busy={guardando}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {cursado ? `Editar ${cursado.nombre}` : `Nuevo cursado ${ciclo}`}
          </Title>
          {cursado && (
            <Text size="sm" c="dimmed">
              Ciclo {cursado.ciclolectivo} ·{' '}
              {cursado._count.inscripciones === 1
                ? '1 alumno inscripto'
                : `${cursado._count.inscripciones} alumnos inscriptos`}
            </Text>
          )}
          <TextInput label="Nombre" required maxLength={110} {...form.getInputProps('nombre')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <NativeSelect
              label="Modalidad"
              required
              data={MODALIDADES.map((m) => ({ value: String(m), label: ETIQUETA_MODALIDAD[m] }))}
              {...form.getInputProps('modalidad')}
            />
            <CampoEntero
              label="Horas"
              description="Horas semanales (bloques)"
              required
              {...propsDeFormulario(form.getInputProps('horas'), (n) =>
                form.setFieldValue('horas', n ?? ''),
              )}
            />
          </SimpleGrid>
          <SelectBuscable
            modo="varios"
            etiqueta="Materias permitidas"
            placeholder="Buscar por nombre o código…"
            onBuscar={setBusqueda}
            // La búsqueda es del servidor: las opciones llegan filtradas.
            filtrar={false}
            opciones={opcionesMaterias}
            sinResultados={materias.isFetching ? 'Buscando…' : 'Sin resultados'}
            limpiable
            altoLista={260}
            valor={form.values.materias}
            onCambiar={(v) => form.setFieldValue('materias', v)}
            error={form.errors.materias as string | undefined}
          />
          {materias.isError && (
            <Alert color="red" role="alert">
              {mensajeDeError(materias.error)}
            </Alert>
          )}
          <SelectBuscable
            modo="varios"
            etiqueta="Cursos permitidos"
            placeholder="Elija los cursos…"
            opciones={opcionesCursos}
            cargando={cursos.isPending}
            limpiable
            altoLista={260}
            valor={form.values.cursos}
            onCambiar={(v) => form.setFieldValue('cursos', v)}
            error={form.errors.cursos as string | undefined}
          />
          <Textarea
            label="Detalles"
            autosize
            minRows={2}
            maxRows={6}
            maxLength={4000}
            {...form.getInputProps('detalles')}
          />
          <PieFormulario volver={lista} textoVolver="Volver a los cursados" guardando={guardando} />
        </Stack>
      </form>
    </Paper>
  );
}
