import { momentoEscolar } from '@/server/reloj';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { redirect } from 'next/navigation';

import { TIPO_CURSO_CERTIFICADO, lugarYFecha, textoCertificado } from '@/domain/inscripcion';
import { Rol } from '@/domain/roles';
import { BotonImprimir } from '@/components/impresion/BotonImprimir';
import estilos from '@/components/impresion/impresion.module.css';
import { requerirSesion } from '@/server/auth/guardia';
import { servidor } from '@/trpc/server';

export const metadata = { title: 'Certificado de alumno regular' };
export const dynamic = 'force-dynamic';

/**
 * Certificado de alumno regular para imprimir (spec 02 §2 "Certificate"): Rosario, la fecha en
 * formato argentino y "SECUNDARIO TÉCNICO PROFESIONAL"; sólo si se conoce el año del curso del
 * ciclo actual.
 */
export default async function Certificado() {
  const { sesion } = await requerirSesion();
  if (sesion.rol !== Rol.Alumno) redirect('/');
  const r = await (await servidor()).inscripcion.mia();
  return (
    <main className={estilos.hoja}>
      <BotonImprimir />
      {!r.certificado || !r.curso ? (
        <Alert color="yellow" role="alert">
          El certificado estará disponible cuando la escuela registre su curso del ciclo lectivo{' '}
          {r.ciclo}.
        </Alert>
      ) : (
        <Stack gap="xl">
          <Text ta="right">{lugarYFecha(momentoEscolar().hoy)}</Text>
          <Title order={1} size="h2" ta="center">
            CERTIFICADO DE ALUMNO REGULAR
          </Title>
          <Text ta="center" fw={600}>
            {TIPO_CURSO_CERTIFICADO}
          </Text>
          <Text style={{ textAlign: 'justify' }}>
            {textoCertificado({
              apellido: r.alumno.apellido,
              nombre: r.alumno.nombre,
              dni: r.alumno.dni,
              anio: r.curso.anio,
              curso: r.curso.nombre,
              ciclo: r.ciclo,
            })}
          </Text>
          <Stack gap={0} mt={80} align="flex-end">
            <Text>______________________________</Text>
            <Text size="sm">Firma y sello de la institución</Text>
          </Stack>
        </Stack>
      )}
    </main>
  );
}
