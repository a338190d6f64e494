import type { AnyTRPCProcedure, TRPCRouterRecord } from '@trpc/server';
import { createCallerFactory, router } from './trpc';
import { sesionRouter } from './routers/sesion/router';
import { usuariosRouter } from './routers/usuarios/router';
import { cursosRouter } from './routers/cursos/router';
import { departamentosRouter } from './routers/departamentos/router';
import { buscarRouter } from './routers/buscar/router';
import { alumnosRouter } from './routers/alumnos/router';
import { cursadosRouter } from './routers/cursados/router';
import { referentesRouter } from './routers/referentes/router';
import { asistenciasRouter } from './routers/asistencias/router';
import { reincorporacionesRouter } from './routers/reincorporaciones/router';
import { medidasRouter } from './routers/medidas/router';
import { inscripcionRouter } from './routers/inscripcion/router';
import { reglamentosRouter } from './routers/reglamentos/router';
import { perfilRouter } from './routers/perfil/router';
import { notasRouter } from './routers/notas/router';
import { calendarioRouter } from './routers/calendario/router';
import { materiasRouter } from './routers/materias/router';
import { horariosRouter } from './routers/horarios/router';
import { cronogramaRouter } from './routers/cronograma/router';
import { evaluacionesRouter } from './routers/evaluaciones/router';
import { avancesRouter } from './routers/avances/router';
import { mesasRouter } from './routers/mesas/router';
import { jornadaRouter } from './routers/jornada/router';
import { gimnasiaRouter } from './routers/gimnasia/router';
import { pendientesRouter } from './routers/pendientes/router';
import { picsRouter } from './routers/pics/router';
import { rootRouter } from './routers/root/router';
import { importarRouter } from './routers/importar/router';
import { datosRouter } from './routers/datos/router';
import { avisosRouter } from './routers/avisos/router';
import { comunicadosRouter } from './routers/comunicados/router';

export const appRouter = router({
  sesion: sesionRouter,
  usuarios: usuariosRouter,
  cursos: cursosRouter,
  departamentos: departamentosRouter,
  buscar: buscarRouter,
  alumnos: alumnosRouter,
  cursados: cursadosRouter,
  referentes: referentesRouter,
  asistencias: asistenciasRouter,
  reincorporaciones: reincorporacionesRouter,
  medidas: medidasRouter,
  inscripcion: inscripcionRouter,
  reglamentos: reglamentosRouter,
  perfil: perfilRouter,
  notas: notasRouter,
  calendario: calendarioRouter,
  materias: materiasRouter,
  horarios: horariosRouter,
  cronograma: cronogramaRouter,
  evaluaciones: evaluacionesRouter,
  avances: avancesRouter,
  mesas: mesasRouter,
  jornada: jornadaRouter,
  gimnasia: gimnasiaRouter,
  pendientes: pendientesRouter,
  pics: picsRouter,
  root: rootRouter,
  importar: importarRouter,
  datos: datosRouter,
  avisos: avisosRouter,
  comunicados: comunicadosRouter,
});

export type AppRouter = typeof appRouter;

/** Las rutas `modulo.procedimiento` de un registro de tRPC (los sub-routers, con su prefijo). */
type RutasDe<R, Prefijo extends string = ''> = {
  [K in keyof R & string]: R[K] extends AnyTRPCProcedure
    ? `${Prefijo}${K}`
    : R[K] extends TRPCRouterRecord
      ? RutasDe<R[K], `${Prefijo}${K}.`>
      : never;
}[keyof R & string];

/**
 * La ruta de cada procedimiento de `appRouter` ('notas.guardar', …): la clave de la tabla de acceso
 * (`PROCEDIMIENTOS`, src/server/permisos.ts) y el procedimiento de cada fila REST. Un nombre mal
 * escrito o que ya no existe no compila.
 */
export type RutaProcedimiento = RutasDe<AppRouter['_def']['record']>;
export const createCaller = createCallerFactory(appRouter);
