/** Piezas que comparten las pantallas de /cronograma y /planificaciones. */
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/api/root';

export type Salidas = inferRouterOutputs<AppRouter>;
export type Libro = Salidas['cronograma']['libro'];
export type Clase = Libro['clases'][number];
export type DatosPlanificacion = Salidas['cronograma']['planificacion'];
export type Planificacion = NonNullable<DatosPlanificacion['planificacion']>;
export type Elegible = Salidas['cronograma']['planificaciones'][number];

/** "Acosta, Gustavo". */
export const nombrePersona = (p: { apellido: string; nombre: string }) =>
  `${p.apellido}, ${p.nombre}`;

/** Un error de tRPC con su código HTTP (409, 400…), si lo tiene. */
export function codigoHttp(e: unknown): number | null {
  const x = e as { data?: { httpStatus?: number } | null };
  return x?.data?.httpStatus ?? null;
}
