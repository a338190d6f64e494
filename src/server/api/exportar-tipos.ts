/**
 * La forma de una lista exportable (issue 34 §2): como una fila REST, llama al mismo
 * procedimiento tRPC que la pantalla (el acceso y el alcance son los de la pantalla) y describe
 * con qué columnas se vuelve planilla. Sólo importa tipos: lo usan las listas de cada módulo
 * (`routers/<modulo>/exportar.ts`) y el núcleo (`exportar.ts`) sin formar ciclos.
 */
import type { inferRouterOutputs } from '@trpc/server';
import type { Planilla } from '@/server/exportacion/planilla';
import type { AppRouter, RutaProcedimiento } from './root';

type Salidas = inferRouterOutputs<AppRouter>;

/** Lo que devuelve un procedimiento por su ruta ('asistencias.reporte'). */
export type SalidaDe<P extends RutaProcedimiento> = P extends `${infer M}.${infer N}`
  ? M extends keyof Salidas
    ? N extends keyof Salidas[M]
      ? Salidas[M][N]
      : never
    : never
  : never;

/** La consulta de la dirección, sin `formato`. */
export type ConsultaExportacion = Record<string, string>;

/** Una lista exportable, con la salida del procedimiento tipada. */
export interface Exportacion<P extends RutaProcedimiento = RutaProcedimiento> {
  /** La ruta del procedimiento de la pantalla: un nombre que no existe no compila. */
  procedimiento: P;
  resumen: string;
  /**
   * La pantalla lee la lista de a páginas (`{ items, siguiente }` con `cursor`, "Cargar más"): se
   * piden todas, desde `cursor: 0` mientras `siguiente` no sea null, y `archivo` recibe la
   * primera salida con `items` = todas las filas (hasta `MAXIMO_FILAS_EXPORTACION`).
   */
  paginada?: boolean;
  /** La entrada del procedimiento desde la consulta (tal cual: la valida su esquema). */
  entrada: (q: ConsultaExportacion) => unknown;
  /**
   * El nombre del archivo sin extensión, en castellano y con su fecha o período
   * ('asistencia-3A-2026-11'), y la planilla.
   */
  archivo: (salida: SalidaDe<P>, q: ConsultaExportacion) => { nombre: string; planilla: Planilla };
}

/** Declara una lista exportable: el compilador comprueba sus columnas contra la salida. */
export function exportacion<P extends RutaProcedimiento>(e: Exportacion<P>): Exportacion {
  return e as unknown as Exportacion;
}
