'use client';
import {
  Alert,
  Anchor,
  Badge,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  TableTbody,
  TableTd,
  TableTh,
  TableThead,
  TableTr,
  Text,
  Title,
} from '@mantine/core';
import Link from 'next/link';
import { Fragment, useState } from 'react';
import { ConfirmarVinculo, InsigniaPendiente } from '@/components/vinculos/ConfirmarVinculo';
import { ListaYDetalle } from '@/components/listas/ListaYDetalle';
import { useEstadoCompartido } from '@/components/marco/EstadoCompartido';
import { PanelListaBuscable } from '@/components/listas/ListaBuscable';
import type { Opcion } from '@/domain/opciones';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/api/root';
import { api } from '@/trpc/react';
import { CopiarEmails } from '@/components/emails/CopiarEmails';
import { Exportar } from '@/components/ui/Exportar';

type Contactos = inferRouterOutputs<AppRouter>['referentes']['porCurso'];

/**
 * Referentes por curso (spec 02 §2 /referentes y /referentes-protected): se elige un curso (el
 * preceptor, sólo los suyos: lo decide el servidor) y se ven los referentes de cada alumno con
 * sus teléfonos y emails, más un botón que copia todos los emails.
 */
export function PantallaReferentes() {
  const { ciclo } = useEstadoCompartido();
  const [curso, setCurso] = useState<Opcion | null>(null);
  const contactos = api.referentes.porCurso.useQuery(
    { curso: curso?.id ?? 0, ciclo },
    { enabled: curso != null },
  );

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Referentes
      </Title>
      <ListaYDetalle
        lista={
          <PanelListaBuscable
            fuente="cursos"
            etiqueta="Cursos"
            seleccionado={curso?.id ?? null}
            alto={360}
            onElegir={setCurso}
          />
        }
      >
        {curso == null ? (
          <Text c="dimmed" data-testid="sin-curso">
            Seleccione un curso
          </Text>
        ) : contactos.isPending ? (
          <Group justify="center" py="md">
            <Loader size="sm" role="status" aria-label="Cargando referentes" />
          </Group>
        ) : contactos.isError ? (
          <Alert color="red" role="alert">
            {contactos.error.message}
          </Alert>
        ) : (
          <ContactosDelCurso datos={contactos.data} />
        )}
      </ListaYDetalle>
    </Stack>
  );
}

type AlumnoConReferentes = Contactos['alumnos'][number];
type Referente = AlumnoConReferentes['referentes'][number];

const Nada = () => (
  <Text size="sm" c="dimmed" span>
    —
  </Text>
);

function Telefono({ r }: { r: Referente }) {
  return r.telefono ? (
    <Anchor href={`tel:${r.telefono.replace(/\s+/g, '')}`} size="sm">
      {r.telefono}
    </Anchor>
  ) : (
    <Nada />
  );
}

function Email({ r }: { r: Referente }) {
  return r.email ? (
    <Anchor
      href={`mailto:${r.email}`}
      size="sm"
      data-testid="email-referente"
      style={{ overflowWrap: 'anywhere' }}
    >
      {r.email}
    </Anchor>
  ) : (
    <Nada />
  );
}

/**
 * El referente; si declaró el vínculo desde la inscripción y la escuela todavía no lo confirmó,
 * "Pendiente de confirmación por la escuela" y el botón que lo confirma (issue 11).
 */
function NombreReferente({ r, a }: { r: Referente; a: AlumnoConReferentes }) {
  const utils = api.useUtils();
  return (
    <Stack gap={4} align="flex-start">
      <Group gap={6} wrap="wrap">
        <Text size="sm">
          {r.apellido}, {r.nombre}
        </Text>
        {r.exalumno && (
          <Badge size="xs" variant="light">
            Exalumno
          </Badge>
        )}
        {!r.confirmado && <InsigniaPendiente />}
      </Group>
      {!r.confirmado && (
        <ConfirmarVinculo
          alumno={a}
          referente={r}
          alConfirmar={() => utils.referentes.porCurso.invalidate()}
        />
      )}
    </Stack>
  );
}

const enlaceAlumno = (a: AlumnoConReferentes) => (
  <Anchor component={Link} href={`/legajo/${a.orden}`} size="sm" fw={500}>
    {a.apellido}, {a.nombre}
  </Anchor>
);

const SinReferentes = () => (
  <Text size="sm" c="dimmed">
    Sin referentes
  </Text>
);

/** En pantallas anchas: una tabla; cada alumno ocupa tantas filas como referentes tiene. */
function TablaContactos({ alumnos }: { alumnos: AlumnoConReferentes[] }) {
  return (
    <Table withRowBorders verticalSpacing="xs" aria-label="Referentes del curso" visibleFrom="sm">
      <TableThead>
        <TableTr>
          <TableTh>Alumno</TableTh>
          <TableTh>Referente</TableTh>
          <TableTh>Teléfono</TableTh>
          <TableTh>Email</TableTh>
        </TableTr>
      </TableThead>
      <TableTbody>
        {alumnos.map((a) => {
          const celdaAlumno = (
            <TableTd rowSpan={Math.max(1, a.referentes.length)} style={{ verticalAlign: 'top' }}>
              {enlaceAlumno(a)}
            </TableTd>
          );
          if (a.referentes.length === 0)
            return (
              <TableTr key={a.orden} data-testid="fila-alumno">
                {celdaAlumno}
                <TableTd colSpan={3}>
                  <SinReferentes />
                </TableTd>
              </TableTr>
            );
          return (
            <Fragment key={a.orden}>
              {a.referentes.map((r, i) => (
                <TableTr key={r.orden} data-testid={i === 0 ? 'fila-alumno' : undefined}>
                  {i === 0 && celdaAlumno}
                  <TableTd>
                    <NombreReferente r={r} a={a} />
                  </TableTd>
                  <TableTd>
                    <Telefono r={r} />
                  </TableTd>
                  <TableTd>
                    <Email r={r} />
                  </TableTd>
                </TableTr>
              ))}
            </Fragment>
          );
        })}
      </TableTbody>
    </Table>
  );
}

/** En el teléfono: una tarjeta por alumno con sus referentes uno debajo del otro. */
function TarjetasContactos({ alumnos }: { alumnos: AlumnoConReferentes[] }) {
  return (
    <Stack
      component="ul"
      gap="xs"
      hiddenFrom="sm"
      aria-label="Referentes del curso"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {alumnos.map((a) => (
        <Paper component="li" key={a.orden} withBorder p="sm" data-testid="fila-alumno">
          {enlaceAlumno(a)}
          {a.referentes.length === 0 ? (
            <SinReferentes />
          ) : (
            <Stack gap={6} mt={4}>
              {a.referentes.map((r) => (
                <div key={r.orden}>
                  <NombreReferente r={r} a={a} />
                  <Group gap="md" wrap="wrap">
                    <Telefono r={r} />
                    <Email r={r} />
                  </Group>
                </div>
              ))}
            </Stack>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

function ContactosDelCurso({ datos }: { datos: Contactos }) {
  const { curso, ciclo, alumnos } = datos;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={2} size="h4" data-testid="curso-elegido">
            {curso.nombre}
          </Title>
          <Text size="sm" c="dimmed">
            Ciclo lectivo {ciclo} · {alumnos.length} {alumnos.length === 1 ? 'alumno' : 'alumnos'}
          </Text>
        </div>
        {alumnos.length > 0 && (
          <Group gap="xs">
            {/* Sólo los emails de los vínculos confirmados: uno declarado no recibe nada todavía. */}
            <CopiarEmails
              emails={alumnos.flatMap((a) =>
                a.referentes.filter((r) => r.confirmado).map((r) => r.email),
              )}
            />
            <Exportar lista="referentes-curso" parametros={{ curso: curso.orden, ciclo }} />
          </Group>
        )}
      </Group>
      {alumnos.length === 0 ? (
        <Text c="dimmed" data-testid="sin-resultados">
          Sin resultados
        </Text>
      ) : (
        <>
          <TablaContactos alumnos={alumnos} />
          <TarjetasContactos alumnos={alumnos} />
        </>
      )}
    </Stack>
  );
}
