import { VistaHorarios } from '@/components/horarios/VistaHorarios';
import { Encabezado } from '@/components/vistas/Encabezado';
import css from '@/components/vistas/vistas.module.css';
import { leerOMensaje } from '@/components/vistas/errores';
import { requerirModulo } from '@/server/auth/guardia';
import { momentoEscolar } from '@/server/reloj';
import { servidor } from '@/trpc/server';
import { EnlaceHorario } from './_components/EnlaceHorario';

export const metadata = { title: 'Mi horario' };

/**
 * /mi-horario (issue 32 §5): la semana del docente en el ciclo elegido, con los bloques de todos
 * sus cursados (materia, curso y aula), hoy marcado y, en el teléfono, un día a la vez. Debajo,
 * la dirección privada para agregarla a su calendario (.ics).
 */
export default async function MiHorario() {
  await requerirModulo('/mi-horario');
  const caller = await servidor();
  const r = await leerOMensaje(() => caller.horarios.miSemana());
  return (
    <div className={css.pila}>
      <Encabezado titulo="Mi horario" mensaje={r.mensaje} />
      {r.datos && (
        <VistaHorarios
          bloques={r.datos.bloques}
          zona={momentoEscolar().zona}
          titulo={`Mi horario ${r.datos.ciclo}`}
          vacio={`No tiene horas asignadas en el ciclo ${r.datos.ciclo}.`}
          deDocente
        />
      )}
      {r.datos && r.datos.bloques.length > 0 && <EnlaceHorario />}
    </div>
  );
}
