import { Encabezado } from '@/components/vistas/Encabezado';
import css from '@/components/vistas/vistas.module.css';
import { VistaMedidas } from '@/components/vistas/VistaMedidas';
import { anioDeParametro, leerOMensaje } from '@/components/vistas/errores';
import { requerirModulo } from '@/server/auth/guardia';
import { servidor } from '@/trpc/server';

export const metadata = { title: 'Medidas disciplinarias' };

/** /medidas-externo: las medidas propias (Alumno) o del hijo elegido (Referente), sólo lectura. */
export default async function MedidasExterno({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { ciclo } = await requerirModulo('/medidas-externo');
  const anio = anioDeParametro((await searchParams).anio);
  const caller = await servidor();
  const r = await leerOMensaje(() => caller.medidas.mias({}));
  const elegido = anio ?? (r.datos?.anios.some((a) => a.ciclo === ciclo) ? ciclo : undefined);
  return (
    <div className={`${css.pila} ${css.ancho}`}>
      <Encabezado titulo="Medidas disciplinarias" alumno={r.datos?.alumno} mensaje={r.mensaje} />
      {r.datos && <VistaMedidas datos={r.datos} anio={elegido} />}
    </div>
  );
}
