import '@/components/estilos-mantine/componentes';
import { Encabezado } from '@/components/vistas/Encabezado';
import css from '@/components/vistas/vistas.module.css';
import { leerOMensaje } from '@/components/vistas/errores';
import { Rol } from '@/domain/roles';
import { requerirModulo } from '@/server/auth/guardia';
import { servidor } from '@/trpc/server';
import { CalendarioEvaluaciones } from '@/components/evaluaciones/CalendarioEvaluaciones';
import { CalendarioPersonalDiferido } from './_components/CalendarioPersonalDiferido';

export const metadata = { title: 'Evaluaciones' };

/**
 * /evaluaciones-externo (spec 01 §2 Evaluations, §9): el calendario de los próximos 30 días del
 * alumno (Alumno) o del hijo elegido en la barra (Referente), con 'Hoy es {fecha}' según el
 * servidor y una tarjeta por evaluación con su cuenta regresiva; debajo, el calendario personal
 * (la dirección privada del .ics).
 */
export default async function EvaluacionesExterno() {
  const { sesion } = await requerirModulo('/evaluaciones-externo');
  const caller = await servidor();
  const r = await leerOMensaje(() => caller.evaluaciones.mias({}));
  return (
    <div className={`${css.pila} ${css.angosta}`}>
      <Encabezado titulo="Evaluaciones" mensaje={r.mensaje} />
      {r.datos && <CalendarioEvaluaciones key={r.datos.alumno} datos={r.datos} />}
      <CalendarioPersonalDiferido deHijos={sesion.rol === Rol.ReferenteParental} />
    </div>
  );
}
