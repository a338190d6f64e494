import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/api/root';

/** Lo que devuelve `notas.planilla`: el cursado, los estados de sus cuatrimestres y los alumnos. */
export type Planilla = inferRouterOutputs<AppRouter>['notas']['planilla'];
