import '@/components/estilos-mantine/componentes';
import { Stack } from '@mantine/core';
import { Encabezado } from '@/components/vistas/Encabezado';
import { leerOMensaje } from '@/components/vistas/errores';
import { requerirModulo } from '@/server/auth/guardia';
import { momentoEscolar } from '@/server/reloj';
import { servidor } from '@/trpc/server';
import { EleccionJornada } from './_components/EleccionJornada';
import { Interactivo } from '@/components/proveedores/Interactivo';

export const metadata = { title: 'Jornada cultural y deportiva' };

/**
 * /jornada (spec 02 §2, §4; issue 17 §1): sólo alumnos. Las actividades del año que el alumno
 * puede elegir, con sus cupos libres; elegir una bloquea las demás.
 */
export default async function Jornada() {
  await requerirModulo('/jornada');
  const anio = momentoEscolar().ciclo;
  const r = await leerOMensaje(async () => (await servidor()).jornada.informacion({ anio }));
  return (
    <Stack gap="md" maw={900}>
      <Encabezado titulo="Jornada cultural y deportiva" mensaje={r.mensaje} />
      {r.datos && (
        <Interactivo>
          <EleccionJornada inicial={r.datos} />
        </Interactivo>
      )}
    </Stack>
  );
}
