import { Encabezado } from '@/components/vistas/Encabezado';
import css from '@/components/vistas/vistas.module.css';
import { VistaLibreta } from '@/components/vistas/VistaLibreta';
import { leerOMensaje } from '@/components/vistas/errores';
import { requerirModulo } from '@/server/auth/guardia';
import { servidor } from '@/trpc/server';

export const metadata = { title: 'Notas' };

const NOTA_PUBLICACION = 'Las notas de cada cuatrimestre se ven desde su fecha de publicación.';

/**
 * /libretas-externo (spec 01 §2 Grade booklet): la libreta propia (Alumno) o del hijo elegido
 * (Referente), sólo lectura. Un cuatrimestre todavía sin publicar llega vacío del servidor.
 */
export default async function LibretasExterno() {
  await requerirModulo('/libretas-externo');
  const caller = await servidor();
  const r = await leerOMensaje(() => caller.notas.mias({}));
  return (
    <div className={`${css.pila} ${css.ancho}`}>
      <Encabezado titulo="Notas" alumno={r.datos?.alumno} mensaje={r.mensaje} />
      {r.datos && <VistaLibreta key={r.datos.alumno.id} datos={r.datos} nota={NOTA_PUBLICACION} />}
    </div>
  );
}
