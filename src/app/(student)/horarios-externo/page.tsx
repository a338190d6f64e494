import { VistaHorarios } from '@/components/horarios/VistaHorarios';
import { Encabezado } from '@/components/vistas/Encabezado';
import css from '@/components/vistas/vistas.module.css';
import { leerOMensaje } from '@/components/vistas/errores';
import { requerirModulo } from '@/server/auth/guardia';
import { momentoEscolar } from '@/server/reloj';
import { servidor } from '@/trpc/server';

export const metadata = { title: 'Horarios' };

/**
 * /horarios-externo (spec 01 §2 Timetables): la semana del alumno (Alumno) o del hijo elegido
 * en el selector (Referente), con los cursados en los que está inscripto en el ciclo elegido.
 */
export default async function HorariosExterno() {
  await requerirModulo('/horarios-externo');
  const caller = await servidor();
  const r = await leerOMensaje(() => caller.horarios.mios({}));
  return (
    <div className={css.pila}>
      <Encabezado titulo="Horarios" mensaje={r.mensaje} />
      {r.datos && (
        <VistaHorarios
          bloques={r.datos.bloques}
          zona={momentoEscolar().zona}
          titulo={`Horarios ${r.datos.ciclo}`}
        />
      )}
    </div>
  );
}
