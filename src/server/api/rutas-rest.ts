/**
 * La tabla del contrato REST (DESIGN §5): las filas de cada módulo (`routers/<modulo>/rest.ts`),
 * unidas como `root.ts` une los routers. El orden no decide qué fila atiende un camino: lo decide
 * `encontrarRuta` (los segmentos literales antes que los parámetros).
 */
import type { RutaPropia, RutaRest } from './rest-tipos';
import type { AppRouter } from './root';
import { propias as sesionPropias, rutas as sesion } from './routers/sesion/rest';
import { rutas as usuarios } from './routers/usuarios/rest';
import { rutas as cursos } from './routers/cursos/rest';
import { rutas as departamentos } from './routers/departamentos/rest';
import { rutas as alumnos } from './routers/alumnos/rest';
import { rutas as cursados } from './routers/cursados/rest';
import { rutas as referentes } from './routers/referentes/rest';
import { rutas as asistencias } from './routers/asistencias/rest';
import { rutas as reincorporaciones } from './routers/reincorporaciones/rest';
import { rutas as medidas } from './routers/medidas/rest';
import { rutas as inscripcion } from './routers/inscripcion/rest';
import { rutas as reglamentos } from './routers/reglamentos/rest';
import { rutas as perfil } from './routers/perfil/rest';
import { rutas as notas } from './routers/notas/rest';
import { rutas as calendario } from './routers/calendario/rest';
import { rutas as materias } from './routers/materias/rest';
import { propias as horariosPropias, rutas as horarios } from './routers/horarios/rest';
import { rutas as cronograma } from './routers/cronograma/rest';
import { propias as evaluacionesPropias, rutas as evaluaciones } from './routers/evaluaciones/rest';
import { rutas as avances } from './routers/avances/rest';
import { rutas as mesas } from './routers/mesas/rest';
import { propias as jornadaPropias, rutas as jornada } from './routers/jornada/rest';
import { rutas as gimnasia } from './routers/gimnasia/rest';
import { rutas as pendientes } from './routers/pendientes/rest';
import { rutas as pics } from './routers/pics/rest';
import { rutas as root } from './routers/root/rest';
import { propias as avisosPropias, rutas as avisos } from './routers/avisos/rest';
import { propias as comunicadosPropias, rutas as comunicados } from './routers/comunicados/rest';

/** Las filas por módulo: la clave es la del módulo en `appRouter` y el prefijo de sus procedimientos. */
export const RUTAS_POR_MODULO = {
  sesion,
  usuarios,
  cursos,
  departamentos,
  alumnos,
  cursados,
  referentes,
  asistencias,
  reincorporaciones,
  medidas,
  inscripcion,
  reglamentos,
  perfil,
  notas,
  calendario,
  materias,
  horarios,
  cronograma,
  evaluaciones,
  avances,
  mesas,
  jornada,
  gimnasia,
  pendientes,
  pics,
  root,
  avisos,
  comunicados,
} satisfies Partial<Record<keyof AppRouter['_def']['record'], readonly RutaRest[]>>;

export const RUTAS_REST: readonly RutaRest[] = Object.values(RUTAS_POR_MODULO).flat();

/** Rutas del contrato con manejador propio en src/app/api: sólo para el documento OpenAPI. */
export const RUTAS_PROPIAS: readonly RutaPropia[] = [
  ...sesionPropias,
  ...evaluacionesPropias,
  ...horariosPropias,
  ...jornadaPropias,
  ...avisosPropias,
  ...comunicadosPropias,
];
