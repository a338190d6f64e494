import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/api/root';

type Salidas = inferRouterOutputs<AppRouter>;

/** Lo que devuelven `asistencias.mias` y `asistencias.delAlumno` (la vista propia no trae `entradas`). */
export type DatosAsistencias = Omit<Salidas['asistencias']['delAlumno'], 'entradas'>;
/** Lo que devuelven `medidas.mias` y `medidas.delAlumno`. */
export type DatosMedidas = Salidas['medidas']['delAlumno'];
/** Lo que devuelve `alumnos.legajo`. */
export type DatosLegajo = Salidas['alumnos']['legajo'];

/** 'AAAA-MM-DD' → 'DD/MM/AAAA' (sólo para mostrar). */
export function fechaCorta(fecha: string): string {
  const [a, m, d] = fecha.split('-');
  return a && m && d ? `${d}/${m}/${a}` : fecha;
}

/** Un año del selector: el ciclo lectivo y, si lo tuvo, el curso del alumno. */
export interface AnioElegible {
  anio: number;
  curso: string | null;
}
