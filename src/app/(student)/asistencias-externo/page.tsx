import { cicloValido } from '@/server/reloj';
import { Encabezado } from '@/components/vistas/Encabezado';
import css from '@/components/vistas/vistas.module.css';
import { VistaAsistencias } from '@/components/vistas/VistaAsistencias';
import { anioDeParametro, leerOMensaje } from '@/components/vistas/errores';

import { requerirModulo } from '@/server/auth/guardia';
import { servidor } from '@/trpc/server';

export const metadata = { title: 'Asistencias' };

/** /asistencias-externo: las asistencias propias (Alumno) o del hijo elegido (Referente). */
export default async function AsistenciasExterno({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requerirModulo('/asistencias-externo');
  const pedido = anioDeParametro((await searchParams).anio);
  const anio = pedido !== undefined && cicloValido(pedido) ? pedido : undefined;
  const caller = await servidor();
  const r = await leerOMensaje(() => caller.asistencias.mias({ anio }));
  return (
    <div className={`${css.pila} ${css.ancho}`}>
      <Encabezado titulo="Asistencias" alumno={r.datos?.alumno} mensaje={r.mensaje} />
      {r.datos && <VistaAsistencias datos={r.datos} />}
    </div>
  );
}
