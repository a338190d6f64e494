import { leerOMensaje } from '@/components/vistas/errores';
import { requerirModulo } from '@/server/auth/guardia';
import { servidor } from '@/trpc/server';
import { PantallaProximas } from './_components/PantallaProximas';

export const metadata = { title: 'Evaluaciones' };

/**
 * /evaluaciones-readonly (spec 01 §2 Evaluations): las próximas evaluaciones agrupadas por curso,
 * dentro del alcance del rol (un preceptor, sólo sus cursos: lo decide el servidor), imprimible.
 */
export default async function EvaluacionesReadonly() {
  await requerirModulo('/evaluaciones-readonly');
  const caller = await servidor();
  const r = await leerOMensaje(() => caller.evaluaciones.proximas());
  return (
    <PantallaProximas
      hoy={r.datos?.hoy ?? null}
      cursos={r.datos?.cursos ?? []}
      mensaje={r.mensaje}
    />
  );
}
