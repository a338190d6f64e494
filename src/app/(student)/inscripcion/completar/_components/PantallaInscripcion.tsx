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
import { SeccionIngles } from './SeccionIngles';
import { mensajeDeError } from './errores';

/**
 * /inscripcion/completar (spec 02 §2 "Enrolment page"): los datos del referente; si están
 * completos, la búsqueda de hijos y un panel por hijo con su formulario o "Inscripción
 * finalizada"; con todos inscriptos, el inglés técnico.
 */
export function PantallaInscripcion() {
  const consulta = api.inscripcion.mishijos.useQuery(undefined, { staleTime: 0 });
  const recargar = () => void consulta.refetch();
  // Los paneles de los hijos sin inscribir se abren al aparecer (también los recién vinculados);
  // los que la familia cierra o abre quedan como los dejó.
  const [abiertos, setAbiertos] = useState<string[]>([]);
  const vistos = useRef(new Set<string>());
  useEffect(() => {
    const nuevos = (consulta.data?.hijos ?? []).filter((h) => !vistos.current.has(String(h.orden)));
    for (const h of nuevos) vistos.current.add(String(h.orden));
    const pendientes = nuevos.filter((h) => !h.inscripto).map((h) => String(h.orden));
    if (pendientes.length > 0) setAbiertos((a) => [...a, ...pendientes]);
  }, [consulta.data]);

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
            <Title order={2} size="h4" id="titulo-hijos">
              {tituloInscripcion(d.ciclo)}
            </Title>
            <BuscarHijos alVincular={recargar} />
            {d.hijos.length > 0 && (
              <Accordion variant="separated" multiple value={abiertos} onChange={setAbiertos}>
                {d.hijos.map((h) => (
                  <Accordion.Item key={h.orden} value={String(h.orden)}>
                    <Accordion.Control>
                      <Group justify="space-between" wrap="wrap" gap={4}>
                        <div>
                          <Text fw={600}>
                            {h.apellido}, {h.nombre}
                          </Text>
                          <Text size="sm" c="dimmed">
                            {h.curso?.nombre ?? 'Sin curso'}
                          </Text>
                        </div>
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
                            Enviada el{' '}
                            {new Date(h.inscripcion.creado).toLocaleDateString('es-AR', {
                              timeZone: 'America/Argentina/Cordoba',
                            })}
                            . Ya no se puede modificar.
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
                          alInscribir={recargar}
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
