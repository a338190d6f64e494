import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/api/root';

type Salidas = inferRouterOutputs<AppRouter>;

/**
 * Lo que devuelven `asistencias.mias` y `asistencias.delAlumno` para la vista del legajo: la
 * lista y el pie hasta ayer (la vista propia no trae `entradas` ni el pie con hoy del personal).
 */
export type DatosAsistencias = Omit<
  Salidas['asistencias']['delAlumno'],
  'entradas' | 'resumenConHoy'
>;
/** Lo que devuelven `medidas.mias` y `medidas.delAlumno`. */
export type DatosMedidas = Salidas['medidas']['delAlumno'];
/** Una medida de la lista de un año (con quién la registró, en las vistas del personal). */
export type MedidaDeLista = DatosMedidas['anios'][number]['medidas'][number];
/** Lo que devuelve `alumnos.legajo`. */
export type DatosLegajo = Salidas['alumnos']['legajo'];

/** Un año del selector: el ciclo lectivo y, si lo tuvo, el curso del alumno. */
export interface AnioElegible {
  anio: number;
  curso: string | null;
}
