'use client';
import {
  Accordion,
  Alert,
  Anchor,
  Badge,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { EstadoInscripcion } from '@/domain/inscripcion';
import {
  COMPLETE_SUS_DATOS,
  INSCRIPCION_FINALIZADA,
  RECUERDE_INGLES,
  tituloInscripcion,
} from '@/domain/inscripcion';
import { api } from '@/trpc/react';
import { BuscarHijos } from './BuscarHijos';
import { DatosReferente } from './DatosReferente';
import { FormularioHijo } from './FormularioHijo';
import { HijosPendientes } from './HijosPendientes';
import { SeccionIngles } from './SeccionIngles';
import { mensajeDeError } from './errores';

/** La línea de resumen de un hijo ya inscripto, con el panel cerrado. */
const RESUMEN_ESTADO: Record<EstadoInscripcion, string> = {
  pendiente: 'Pendiente de revisión',
  verificada: 'Verificada por Alumnado',
  observada: 'Observada por Alumnado',
};

const FECHA = new Intl.DateTimeFormat('es-AR', { timeZone: 'America/Argentina/Cordoba' });

/**
 * El hijo cuyo formulario abrir: el siguiente sin inscribir después de `desde` (en el orden de
 * la lista, volviendo al principio), o el primero sin inscribir. null si están todos.
 */
export function siguientePendiente(
  hijos: readonly { orden: number; inscripto: boolean }[],
  desde: number | null = null,
): number | null {
  const i = desde === null ? -1 : hijos.findIndex((h) => h.orden === desde);
  const enOrden = [...hijos.slice(i + 1), ...hijos.slice(0, i + 1)];
  return enOrden.find((h) => !h.inscripto)?.orden ?? null;
}

/**
 * /inscripcion/completar (spec 02 §2 "Enrolment page"): los datos del referente; si están
 * completos, la búsqueda de hijos y un panel por hijo con su formulario o "Inscripción
 * finalizada"; con todos inscriptos, el inglés técnico. En el teléfono el formulario de un hijo
 * es largo: se abre uno solo por vez (el del primer hijo sin inscribir) y, al enviarlo, se
 * abre el del siguiente y el foco pasa a su encabezado.
 */
export function PantallaInscripcion() {
  const consulta = api.inscripcion.mishijos.useQuery(undefined, { staleTime: 0 });
  const recargar = () => void consulta.refetch();
  const [abierto, setAbierto] = useState<string | null>(null);
  // Al cargar, el primer hijo sin inscribir; si no hay ninguno abierto y se vincula un hijo
  // nuevo, el suyo. Lo que la familia abre o cierra después queda como lo dejó.
  const vistos = useRef<Set<number> | null>(null);
  useEffect(() => {
    const hijos = consulta.data?.hijos;
    if (!hijos) return;
    const antes = vistos.current;
    vistos.current = new Set(hijos.map((h) => h.orden));
    const nuevos = antes ? hijos.filter((h) => !antes.has(h.orden)) : hijos;
    const abrir = siguientePendiente(nuevos);
    if (abrir !== null) setAbierto((a) => a ?? String(abrir));
  }, [consulta.data]);

  // Después de enviar un formulario: el foco va al encabezado del hijo siguiente (o, si ya
  // están todos, al título de la sección que sigue).
  const encabezados = useRef(new Map<number, HTMLButtonElement>());
  const focoPendiente = useRef<number | 'fin' | null>(null);
  // Después de cada render: si hay un foco pendiente y su destino ya está en la página, va ahí.
  useEffect(() => {
    const destino = focoPendiente.current;
    if (destino === null) return;
    const el =
      destino === 'fin'
        ? (document.getElementById('titulo-ingles') ?? document.getElementById('titulo-hijos'))
        : encabezados.current.get(destino);
    if (!el) return;
    focoPendiente.current = null;
    el.focus();
  });

  const alInscribir = async (orden: number) => {
    const { data } = await consulta.refetch();
    const siguiente = siguientePendiente(data?.hijos ?? [], orden);
    focoPendiente.current = siguiente ?? 'fin';
    setAbierto(siguiente === null ? null : String(siguiente));
  };

  if (consulta.isPending)
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Cargando la inscripción" />
      </Center>
    );
  if (consulta.error)
    return (
      <Alert color="red" icon={<IconAlertCircle />} role="alert">
        {mensajeDeError(consulta.error, 'No se pudo cargar la inscripción.')}
      </Alert>
    );
  const d = consulta.data;
  return (
    <Stack gap="md" maw={720} mx="auto">
      <Title order={1} size="h2">
        Inscripción
      </Title>
      <Text c="var(--mantine-color-error)" size="sm">
        Los campos marcados con un asterisco (*) son obligatorios.
      </Text>
      <DatosReferente referente={d.referente} alGuardar={recargar} />
      {!d.referente.completo ? (
        <Alert color="yellow" icon={<IconAlertCircle />}>
          {COMPLETE_SUS_DATOS}
        </Alert>
      ) : (
        <Paper withBorder p="md" component="section" aria-labelledby="titulo-hijos">
          <Stack gap="md">
            <Title order={2} size="h4" id="titulo-hijos" tabIndex={-1}>
              {tituloInscripcion(d.ciclo)}
            </Title>
            <BuscarHijos alVincular={recargar} />
            <HijosPendientes pendientes={d.pendientes} alConfirmar={recargar} />
            {d.hijos.length > 0 && (
              <Accordion variant="separated" order={3} value={abierto} onChange={setAbierto}>
                {d.hijos.map((h) => (
                  <Accordion.Item key={h.orden} value={String(h.orden)}>
                    <Accordion.Control
                      ref={(el) => {
                        if (el) encabezados.current.set(h.orden, el);
                        else encabezados.current.delete(h.orden);
                      }}
                    >
                      <Group component="span" justify="space-between" wrap="wrap" gap={4}>
                        <span>
                          <Text fw={600} component="span" display="block">
                            {h.apellido}, {h.nombre}
                          </Text>
                          <Text size="sm" c="dimmed" component="span" display="block">
                            {h.curso?.nombre ?? 'Sin curso'}
                          </Text>
                          <Text size="sm" component="span" display="block">
                            {h.inscripcion
                              ? `Inscripción enviada el ${FECHA.format(new Date(h.inscripcion.creado))} · ${RESUMEN_ESTADO[h.inscripcion.estado]}`
                              : 'Falta completar la inscripción'}
                          </Text>
                        </span>
                        {h.inscripto && (
                          <Badge color="teal.9" leftSection={<IconCircleCheck size={14} />}>
                            {INSCRIPCION_FINALIZADA}
                          </Badge>
                        )}
                      </Group>
                    </Accordion.Control>
                    <Accordion.Panel>
                      {h.inscripcion ? (
                        <Stack gap={4}>
                          <Text size="sm">
                            Enviada el {FECHA.format(new Date(h.inscripcion.creado))}. Ya no se
                            puede modificar.
                          </Text>
                          {h.inscripcion.estado === 'observada' && (
                            <Alert color="red" title="Observada por Alumnado">
                              {h.inscripcion.observacion ?? 'Consulte en Alumnado.'}
                            </Alert>
                          )}
                          {h.inscripcion.estado === 'verificada' && (
                            <Text size="sm" c="teal.9">
                              Verificada por Alumnado.
                            </Text>
                          )}
                          <Anchor
                            size="sm"
                            href={`/api/inscripciones/${h.inscripcion.orden}/comprobante`}
                          >
                            Descargar el comprobante enviado
                          </Anchor>
                        </Stack>
                      ) : (
                        <FormularioHijo
                          hijo={h}
                          ciclo={d.ciclo}
                          cuota={d.cuota}
                          alInscribir={(orden) => void alInscribir(orden)}
                        />
                      )}
                    </Accordion.Panel>
                  </Accordion.Item>
                ))}
              </Accordion>
            )}
          </Stack>
        </Paper>
      )}
      {d.mostrarIngles ? (
        <SeccionIngles hijos={d.hijos} ciclo={d.ciclo} alDeclarar={recargar} />
      ) : (
        d.hijos.length > 0 && (
          <Text size="sm" c="dimmed">
            {RECUERDE_INGLES}
          </Text>
        )
      )}
    </Stack>
  );
}
