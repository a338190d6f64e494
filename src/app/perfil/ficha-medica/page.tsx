import { Alert, Stack, Text, Title } from '@mantine/core';
import { redirect } from 'next/navigation';
import { Rol } from '@/domain/roles';
import { BotonImprimir } from '@/components/impresion/BotonImprimir';
import { TablaFichaMedica } from '@/components/impresion/TablaFichaMedica';
import estilos from '@/components/impresion/impresion.module.css';
import { requerirSesion } from '@/server/auth/guardia';
import { servidor } from '@/trpc/server';

export const metadata = { title: 'Ficha médica' };
export const dynamic = 'force-dynamic';

/**
 * La ficha médica del alumno para imprimir, firmar y entregar al preceptor (spec 02 §2, §3).
 * La lectura queda en la auditoría (inscripcion.mia).
 */
export default async function FichaMedica() {
  const { sesion } = await requerirSesion();
  if (sesion.rol !== Rol.Alumno) redirect('/');
  const r = await (await servidor()).inscripcion.mia();
  return (
    <main className={estilos.hoja}>
      <BotonImprimir />
      {!r.inscripcion?.fichaMedica ? (
        <Alert color="yellow" role="alert">
          Todavía no hay una inscripción con ficha médica. La completa su referente parental desde
          el portal.
        </Alert>
      ) : (
        <Stack gap="md">
          <Title order={1} size="h2">
            Ficha médica {r.inscripcion.ciclolectivo}
          </Title>
          <Text>
            {r.alumno.apellido}, {r.alumno.nombre} — DNI {r.alumno.dni}
            {r.curso ? ` — ${r.curso.nombre}` : ''}
          </Text>
          <Text size="sm">
            Los datos de la ficha médica son confidenciales y tienen carácter de declaración jurada.
          </Text>
          <TablaFichaMedica inscripcion={r.inscripcion} />
          <Stack gap={0} mt={60} align="flex-end">
            <Text>______________________________</Text>
            <Text size="sm">Firma del referente parental</Text>
          </Stack>
        </Stack>
      )}
    </main>
  );
}
