import { createCallerFactory, router } from './trpc';
import { sesionRouter } from './routers/sesion/router';
import { usuariosRouter } from './routers/usuarios/router';
import { cursosRouter } from './routers/cursos/router';
import { departamentosRouter } from './routers/departamentos/router';
import { buscarRouter } from './routers/buscar/router';

export const appRouter = router({
  sesion: sesionRouter,
  usuarios: usuariosRouter,
  cursos: cursosRouter,
  departamentos: departamentosRouter,
  buscar: buscarRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
