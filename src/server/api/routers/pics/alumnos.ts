/**
 * Los alumnos de la PIC (la regla `rindePic` y los ajustes a mano, issue 16 §4): la lista con los
 * demás inscriptos en la materia y agregar o quitar un alumno.
 */
import { TRPCError } from '@trpc/server';
import { and, eq, sql } from 'drizzle-orm';
import type { Cuatrimestre } from '@/domain/notas';
import { ajustarAlumno, ErrorPic, rindePorRegla } from '@/domain/pics';
import { auditar } from '@/server/auditoria';
import { encolar } from '@/server/avisos/cola';
import { claveAviso, MOTIVO_RETIRO, retirarAvisos } from '@/server/avisos/retirar';
import type { Ctx } from '@/server/contexto';
import { alumnosDePics } from '@/server/consultas/pics';
import { picsAlumnos } from '@/server/db/schema';
import { transaccion } from '@/server/errores';
import type { AjustarPic, ClavePic } from './schemas';
import {
  materiaDelRol,
  buscarPic,
  salida,
  inscriptosDeLaMateria,
  valorNota,
  alumnosConDatos,
} from './comun';

/** Los alumnos de la PIC y los demás inscriptos en la materia (para agregar a mano). */
export async function alumnosDeLaPic(ctx: Ctx, clave: ClavePic) {
  await materiaDelRol(ctx, clave.materia);
  const p = await buscarPic(ctx.db, clave);
  const { enLaPic, otros } = await alumnosConDatos(ctx.db, p);
  return { pic: salida(ctx, p), alumnos: enLaPic, otros };
}

/**
 * Agrega o quita un alumno a mano (issue 16 §4). Agregar: sólo un inscripto en la materia en el
 * ciclo que no esté ya; quitar: sólo uno que esté (se va con su nota de la PIC). Cerrada: 412.
 */
export async function ajustar(ctx: Ctx, a: AjustarPic) {
  await materiaDelRol(ctx, a.materia);
  return transaccion(ctx, async (tx) => {
    const p = await buscarPic(tx.db, a, true);
    if (p.cerrada)
      throw new TRPCError({ code: 'PRECONDITION_FAILED', message: ErrorPic.cerradaAjustar });
    const [insc, [filaActual], { alumnos: de }] = await Promise.all([
      inscriptosDeLaMateria(tx.db, p, a.alumno),
      tx.db
        .select()
        .from(picsAlumnos)
        .where(and(eq(picsAlumnos.picId, p.id), eq(picsAlumnos.alumnoId, a.alumno))),
      alumnosDePics(tx.db, [p]),
    ]);
    const esta = de.get(p.id)?.has(a.alumno) ?? false;
    if (a.accion === 'agregar' && !insc.length && !esta)
      throw new TRPCError({ code: 'BAD_REQUEST', message: ErrorPic.noCursaLaMateria });
    const rinde = rindePorRegla(
      p.cuatrimestre as Cuatrimestre,
      insc.map((i) => ({ modalidad: i.modalidad, valor: valorNota(i) })),
    );
    const fila = filaActual
      ? {
          alumnoId: a.alumno,
          ajuste: filaActual.ajuste as 'agregado' | 'quitado' | null,
          nota: filaActual.nota,
          ausente: filaActual.ausente,
        }
      : null;
    const r = ajustarAlumno({ accion: a.accion, rinde, esta, fila });
    if (r.tipo === 'error') throw new TRPCError({ code: 'BAD_REQUEST', message: r.mensaje });
    if (r.tipo === 'borrar')
      await tx.db
        .delete(picsAlumnos)
        .where(and(eq(picsAlumnos.picId, p.id), eq(picsAlumnos.alumnoId, a.alumno)));
    if (r.tipo === 'fila')
      await tx.db
        .insert(picsAlumnos)
        .values({
          picId: p.id,
          alumnoId: a.alumno,
          ajuste: r.ajuste,
          nota: null,
          ausente: false,
          modificadoPor: ctx.sesion.usuario.id,
        })
        .onConflictDoUpdate({
          target: [picsAlumnos.picId, picsAlumnos.alumnoId],
          set: {
            ajuste: r.ajuste,
            nota: null,
            ausente: false,
            modificadoPor: ctx.sesion.usuario.id,
            modificado: sql`now()`,
          },
        });
    await auditar(tx, {
      accion: a.accion,
      entidad: 'pics_alumnos',
      entidadId: p.id,
      antes: fila,
      despues: { alumno: a.alumno, resultado: r.tipo === 'fila' ? r.ajuste : r.tipo },
    });
    // Agregado a mano: el aviso a su familia (issue 35), en la misma transacción.
    if (a.accion === 'agregar')
      await encolar(tx.db, { tipo: 'pic-inscripcion', pic: p.id, alumnos: [a.alumno] });
    // Quitado: su aviso se retira (sin leer y sin correo, se borra).
    else
      await retirarAvisos(
        tx.db,
        [claveAviso.pic(a.alumno, p.id)],
        MOTIVO_RETIRO.picQuitado,
        ctx.ahora,
      );
    return { alumno: a.alumno, enLaPic: a.accion === 'agregar' };
  });
}
