import { Encabezado } from '@/components/vistas/Encabezado';
import css from '@/components/vistas/vistas.module.css';
import { VistaAvances } from '@/components/vistas/VistaAvances';
import { anioDeParametro, leerOMensaje } from '@/components/vistas/errores';
import { requerirModulo } from '@/server/auth/guardia';
import { cicloValido, ciclosDelSelector } from '@/server/reloj';
import { servidor } from '@/trpc/server';

export const metadata = { title: 'Avances' };

/**
 * /avances-externo (spec 01 §2 Progress reports): los avances propios (Alumno) o del hijo elegido
 * en la barra (Referente), sólo lectura y sólo de las planillas cerradas, por año (`?anio=`).
 */
export default async function AvancesExterno({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requerirModulo('/avances-externo');
  const pedido = anioDeParametro((await searchParams).anio);
  const anio = pedido !== undefined && cicloValido(pedido) ? pedido : undefined;
  const caller = await servidor();
  const r = await leerOMensaje(() => caller.avances.mias({ anio }));
  return (
    <div className={`${css.pila} ${css.ancho}`}>
      <Encabezado titulo="Avances" mensaje={r.mensaje} />
      {r.datos && <VistaAvances key={r.datos.alumno} datos={r.datos} anios={ciclosDelSelector()} />}
    </div>
  );
}
