/**
 * Las listas exportables (issue 34 §2): las de cada módulo (`routers/<modulo>/exportar.ts`),
 * unidas como `rutas-rest.ts` une las filas REST. La clave es el nombre de la lista en
 * /api/exportar/[lista] y en el botón "Exportar" de la pantalla.
 */
import type { Exportacion } from './exportar-tipos';
import { exportaciones as asistencias } from './routers/asistencias/exportar';
import { exportaciones as notas } from './routers/notas/exportar';
import { exportaciones as medidas } from './routers/medidas/exportar';
import { exportaciones as avances } from './routers/avances/exportar';
import { exportaciones as mesas } from './routers/mesas/exportar';
import { exportaciones as pics } from './routers/pics/exportar';
import { exportaciones as referentes } from './routers/referentes/exportar';
import { exportaciones as inscripcion } from './routers/inscripcion/exportar';
import { exportaciones as materias } from './routers/materias/exportar';
import { exportaciones as cursados } from './routers/cursados/exportar';
import { exportaciones as alumnos } from './routers/alumnos/exportar';
import { exportaciones as usuarios } from './routers/usuarios/exportar';

/** Las listas por módulo (la clave de cada módulo es la de `appRouter`). */
export const EXPORTACIONES_POR_MODULO = {
  asistencias,
  notas,
  medidas,
  avances,
  mesas,
  pics,
  referentes,
  inscripcion,
  materias,
  cursados,
  alumnos,
  usuarios,
} satisfies Record<string, Record<string, Exportacion>>;

type Unidas<T> = { [M in keyof T]: keyof T[M] }[keyof T];

/** El nombre de una lista exportable ('asistencia', …): lo que recibe el botón. */
export type ListaExportable = Unidas<typeof EXPORTACIONES_POR_MODULO> & string;

export const EXPORTACIONES: Readonly<Record<string, Exportacion>> = Object.assign(
  {},
  ...Object.values(EXPORTACIONES_POR_MODULO),
) as Record<string, Exportacion>;
