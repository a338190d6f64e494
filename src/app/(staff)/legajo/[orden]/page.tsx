import { cicloValido, ciclosDelSelector, momentoEscolar } from '@/server/reloj';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { CalendarioEvaluaciones } from '@/components/evaluaciones/CalendarioEvaluaciones';
import { VistaHorarios } from '@/components/horarios/VistaHorarios';
import { TablaFichaMedica } from '@/components/impresion/TablaFichaMedica';
import { VistaAsistencias } from '@/components/vistas/VistaAsistencias';
import { VistaAvances } from '@/components/vistas/VistaAvances';
import { VistaLibreta } from '@/components/vistas/VistaLibreta';
import { VistaMedidas } from '@/components/vistas/VistaMedidas';
import { anioDeParametro, leerOMensaje } from '@/components/vistas/errores';

import { requerirModulo } from '@/server/auth/guardia';
import { puedeLlamar } from '@/server/permisos';
import { servidor } from '@/trpc/server';
import { ResumenLegajo, SeccionesLegajo, type Seccion } from './_components/ResumenLegajo';

export const metadata = { title: 'Legajo' };

const ALUMNO_INEXISTENTE = 'El alumno no existe.';

/**
 * /legajo/{orden} (spec 02 §2): el legajo de un alumno para el personal, con el alcance del rol
 * activo: resumen del perfil y contacto, referentes y las secciones Asistencias, Medidas y
 * Notas (la libreta, con `notas.libreta`), Horarios (la semana del alumno, `horarios.delAlumno`),
 * Evaluaciones (los próximos 30 días, `evaluaciones.delAlumno`) y Avances (las planillas cerradas
 * del año, `avances.delAlumno`).
 * Un orden inválido o un alumno fuera del alcance muestra el mensaje, nunca datos.
 */
export default async function Legajo({
  params,
  searchParams,
}: {
  params: Promise<{ orden: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { ciclo, sesion } = await requerirModulo('/legajo');
  const conFicha = puedeLlamar('inscripcion.datos', sesion.rol);
  // El legajo completo en un ZIP (issue 34 §3): quien ve el legajo completo y la ficha médica.
  const conExportar = puedeLlamar('datos.legajo', sesion.rol);
  const { orden: texto } = await params;
  const sp = await searchParams;
  const orden = /^[1-9]\d{0,9}$/.test(texto) ? Number(texto) : null;
  if (orden === null || orden > 2_147_483_647) return <SinLegajo mensaje={ALUMNO_INEXISTENTE} />;

  const caller = await servidor();
  const legajo = await leerOMensaje(() => caller.alumnos.legajo({ id: orden }));
  if (!legajo.datos) return <SinLegajo mensaje={legajo.mensaje} />;

  const seccion: Seccion =
    sp.seccion === 'medidas'
      ? 'medidas'
      : sp.seccion === 'notas'
        ? 'notas'
        : sp.seccion === 'horarios'
          ? 'horarios'
          : sp.seccion === 'evaluaciones'
            ? 'evaluaciones'
            : sp.seccion === 'avances'
              ? 'avances'
              : sp.seccion === 'ficha' && conFicha
                ? 'ficha'
                : 'asistencias';
  const pedido = anioDeParametro(sp.anio);
  const anio = pedido !== undefined && cicloValido(pedido) ? pedido : undefined;

  let contenido: React.ReactNode;
  if (seccion === 'asistencias') {
    const r = await leerOMensaje(() => caller.asistencias.delAlumno({ alumno: orden, anio }));
    contenido = r.datos ? (
      <VistaAsistencias datos={r.datos} parametros={{ seccion }} />
    ) : (
      <Alert color="red">{r.mensaje}</Alert>
    );
  } else if (seccion === 'notas') {
    const r = await leerOMensaje(() => caller.notas.libreta({ alumno: orden }));
    contenido = r.datos ? (
      <VistaLibreta datos={r.datos} personal nivelMateria={3} />
    ) : (
      <Alert color="red">{r.mensaje}</Alert>
    );
  } else if (seccion === 'horarios') {
    const r = await leerOMensaje(() => caller.horarios.delAlumno({ alumno: orden }));
    contenido = r.datos ? (
      <VistaHorarios
        bloques={r.datos.bloques}
        zona={momentoEscolar().zona}
        titulo={`Horarios ${r.datos.ciclo}`}
        nivel={3}
      />
    ) : (
      <Alert color="red">{r.mensaje}</Alert>
    );
  } else if (seccion === 'evaluaciones') {
    const r = await leerOMensaje(() => caller.evaluaciones.delAlumno({ alumno: orden }));
    contenido = r.datos ? (
      <CalendarioEvaluaciones datos={r.datos} nivel={3} />
    ) : (
      <Alert color="red">{r.mensaje}</Alert>
    );
  } else if (seccion === 'avances') {
    const r = await leerOMensaje(() => caller.avances.delAlumno({ alumno: orden, anio }));
    contenido = r.datos ? (
      <VistaAvances
        datos={r.datos}
        anios={ciclosDelSelector()}
        parametros={{ seccion }}
        nivel={3}
      />
    ) : (
      <Alert color="red">{r.mensaje}</Alert>
    );
  } else if (seccion === 'ficha') {
    // Cada lectura de la ficha queda en la auditoría (inscripcion.datos).
    const r = await leerOMensaje(() => caller.inscripcion.datos({ alumno: orden }));
    contenido = !r.datos ? (
      <Alert color="red">{r.mensaje}</Alert>
    ) : r.datos.inscripcion?.fichaMedica ? (
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          Inscripción {r.datos.inscripcion.ciclolectivo}. Datos confidenciales, con carácter de
          declaración jurada.
        </Text>
        <TablaFichaMedica inscripcion={r.datos.inscripcion} />
      </Stack>
    ) : (
      <Alert color="yellow" data-testid="sin-ficha">
        El alumno no tiene una inscripción con ficha médica.
      </Alert>
    );
  } else {
    const r = await leerOMensaje(() => caller.medidas.delAlumno({ alumno: orden }));
    const elegido = anio ?? (r.datos?.anios.some((a) => a.ciclo === ciclo) ? ciclo : undefined);
    contenido = r.datos ? (
      <VistaMedidas datos={r.datos} anio={elegido} parametros={{ seccion }} />
    ) : (
      <Alert color="red">{r.mensaje}</Alert>
    );
  }

  return (
    <Stack gap="md" maw={960}>
      <ResumenLegajo datos={legajo.datos} />
      {conExportar && (
        <Group>
          <Button
            component="a"
            href={`/api/alumnos/${orden}/legajo-zip`}
            download
            variant="default"
            size="xs"
          >
            Exportar legajo
          </Button>
          <Text size="xs" c="dimmed">
            Todo lo que el portal guarda sobre el alumno, en un ZIP con un índice para imprimir.
          </Text>
        </Group>
      )}
      <SeccionesLegajo orden={orden} actual={seccion} conFicha={conFicha} />
      <Title order={2} size="h3">
        {
          {
            asistencias: 'Asistencias',
            medidas: 'Medidas disciplinarias',
            notas: 'Notas',
            horarios: 'Horarios',
            evaluaciones: 'Evaluaciones',
            avances: 'Avances',
            ficha: 'Ficha médica',
          }[seccion]
        }
      </Title>
      {contenido}
    </Stack>
  );
}

function SinLegajo({ mensaje }: { mensaje: string }) {
  return (
    <Stack gap="md" maw={760}>
      <Title order={1} size="h2">
        Legajo
      </Title>
      <Alert color="red" role="alert" data-testid="mensaje-vista">
        {mensaje}
      </Alert>
    </Stack>
  );
}
