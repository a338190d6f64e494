/**
 * Avisos (issue 35 §2): la campana de la barra, /avisos y /avisos/preferencias. Todos los roles;
 * cada uno, sólo sus avisos (el servicio nunca toma de quién de la entrada).
 */
import { procedimiento, router } from '@/server/api/trpc';
import {
  entradaAjustesEscuela,
  entradaLista,
  entradaMarcarLeido,
  entradaPreferencias,
  salidaLista,
  salidaMarcarLeido,
  salidaMarcarTodos,
  salidaNoLeidos,
} from './schemas';
import * as servicio from './service';

export const avisosRouter = router({
  noLeidos: procedimiento.output(salidaNoLeidos).query(({ ctx }) => servicio.noLeidos(ctx)),
  lista: procedimiento
    .input(entradaLista)
    .output(salidaLista)
    .query(({ ctx, input }) => servicio.lista(ctx, input)),
  marcarLeido: procedimiento
    .input(entradaMarcarLeido)
    .output(salidaMarcarLeido)
    .mutation(({ ctx, input }) => servicio.marcarLeido(ctx, input)),
  marcarTodos: procedimiento
    .output(salidaMarcarTodos)
    .mutation(({ ctx }) => servicio.marcarTodos(ctx)),
  preferencias: procedimiento.query(({ ctx }) => servicio.preferencias(ctx)),
  guardarPreferencias: procedimiento
    .input(entradaPreferencias)
    .mutation(({ ctx, input }) => servicio.guardarPreferencias(ctx, input)),
  // La espera de la escuela antes de avisar una inasistencia (Admin, Regente).
  ajustesEscuela: procedimiento.query(({ ctx }) => servicio.ajustesEscuela(ctx)),
  guardarAjustesEscuela: procedimiento
    .input(entradaAjustesEscuela)
    .mutation(({ ctx, input }) => servicio.guardarAjustesEscuela(ctx, input)),
});
