/**
 * Comunicados de la escuela (issue 35 §4) y el registro de envíos (§5). No hay procedimiento para
 * borrar un comunicado: se corrige (editar) y las familias ven "editado".
 */
import { procedimiento, router } from '@/server/api/trpc';
import * as envios from './envios';
import * as familias from './familias';
import * as esquemas from './schemas';
import * as servicio from './service';

export const comunicadosRouter = router({
  /** Las audiencias que puede elegir quien escribe (años, cursos o cursados de su alcance). */
  opciones: procedimiento.query(({ ctx }) => servicio.opciones(ctx)),
  /** Publica (POST /api/comunicados, multipart con el adjunto). */
  publicar: procedimiento
    .input(esquemas.publicar)
    .mutation(({ ctx, input }) => servicio.publicar(ctx, input)),
  /** Corrige el título y el texto (sólo su autor). */
  editar: procedimiento
    .input(esquemas.editar)
    .mutation(({ ctx, input }) => servicio.editar(ctx, input)),
  /** Los comunicados de quien escribe (Regente, Alumnado, Admin: todos). */
  listar: procedimiento.query(({ ctx }) => servicio.listar(ctx)),
  /** Quién leyó, quién confirmó y cómo va el correo de cada familia. */
  seguimiento: procedimiento
    .input(esquemas.deComunicado)
    .query(({ ctx, input }) => servicio.seguimiento(ctx, input)),
  /** Los dirigidos a quien inició sesión (referente o alumno). */
  mios: procedimiento.query(({ ctx }) => familias.mios(ctx)),
  /** Abre uno (lo marca leído) y lo devuelve. */
  abrir: procedimiento
    .input(esquemas.deComunicado)
    .mutation(({ ctx, input }) => familias.abrir(ctx, input)),
  /** "Confirmo la lectura". */
  confirmar: procedimiento
    .input(esquemas.deComunicado)
    .mutation(({ ctx, input }) => familias.confirmar(ctx, input)),
  /** El adjunto (lo sirve /api/comunicados/{id}/adjunto). */
  adjunto: procedimiento
    .input(esquemas.deComunicado)
    .query(({ ctx, input }) => familias.adjunto(ctx, input)),
  /** El registro de envíos de /root/log. */
  envios: procedimiento.input(esquemas.envios).query(({ ctx, input }) => envios.envios(ctx, input)),
});
