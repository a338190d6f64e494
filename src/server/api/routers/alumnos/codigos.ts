/**
 * El código de vinculación de cada alumno, del lado del personal (DESIGN §6 "Guardian links",
 * issue 31 §1): verlo en la ficha del alumno (/alumnos), regenerarlo (el anterior deja de valer en
 * el acto), desbloquearlo después de demasiados intentos equivocados e imprimir los de un curso
 * como papelitos para recortar. Quien tiene el alumno en su alcance (un preceptor, los de sus
 * cursos; jefe de preceptores, regente, Alumnado y Admin, todos). El código no va a la
 * auditoría: regenerar y desbloquear se auditan sin él.
 */
import { TRPCError } from '@trpc/server';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { formatearCodigo } from '@/domain/vinculos';
import { alumnosVisibles, cursoVisible, dentroDe, exigirAlumnosVisibles } from '@/server/alcance';
import { auditar } from '@/server/auditoria';
import { asegurarCodigos, codigoAlAzar, leerCodigos } from '@/server/consultas/codigos';
import type { Ctx } from '@/server/contexto';
import { transaccion } from '@/server/errores';
import { cursoInfo, ordenPorNombre } from '@/server/consultas/personas';
import { alumnos, alumnosCursos, codigosVinculacion, cursos } from '@/server/db/schema';

export const SIN_CODIGO = 'El alumno no tiene código de vinculación.';

const paraMostrar = (c: { codigo: string; creado: Date; bloqueado: Date | null }) => ({
  codigo: formatearCodigo(c.codigo),
  creado: c.creado.toISOString(),
  bloqueado: c.bloqueado?.toISOString() ?? null,
});

/** Crea los códigos que faltan (auditado, sin los códigos). */
async function crearFaltantes(ctx: Ctx, ids: readonly number[]) {
  const creados = await asegurarCodigos(ctx, ids);
  if (creados.length)
    await auditar(ctx, {
      accion: 'crear',
      entidad: 'codigos_vinculacion',
      entidadId: creados.length === 1 ? creados[0] : null,
      despues: { alumnos: creados },
    });
}

/** El código del alumno (lo crea la primera vez), con su estado de bloqueo. */
export async function codigo(ctx: Ctx, alumno: number) {
  return transaccion(ctx, async (tx) => {
    await exigirAlumnosVisibles(tx, { alumnos: [alumno] });
    await crearFaltantes(tx, [alumno]);
    const c = (await leerCodigos(tx, [alumno])).get(alumno);
    if (!c) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: SIN_CODIGO });
    return { alumno, ...paraMostrar(c) };
  });
}

/** "Regenerar código": uno nuevo; el anterior deja de valer en el acto (y se desbloquea). */
export async function regenerar(ctx: Ctx, alumno: number) {
  return transaccion(ctx, async (tx) => {
    await exigirAlumnosVisibles(tx, { alumnos: [alumno] });
    await crearFaltantes(tx, [alumno]);
    const [antes] = await tx.db
      .select({ creado: codigosVinculacion.creado, bloqueado: codigosVinculacion.bloqueado })
      .from(codigosVinculacion)
      .where(eq(codigosVinculacion.alumnoId, alumno))
      .for('update');
    const [c] = await tx.db
      .update(codigosVinculacion)
      .set({
        codigo: codigoAlAzar(),
        creado: sql`now()`,
        creadoPor: ctx.sesion.usuario.id,
        bloqueado: null,
      })
      .where(eq(codigosVinculacion.alumnoId, alumno))
      .returning();
    await auditar(tx, {
      accion: 'regenerar',
      entidad: 'codigos_vinculacion',
      entidadId: alumno,
      antes: { creado: antes?.creado, bloqueado: antes?.bloqueado ?? null },
      despues: { creado: c!.creado, bloqueado: null },
    });
    return { alumno, ...paraMostrar(c!) };
  });
}

/** "Desbloquear": el mismo código vuelve a valer, con los intentos por alumno en cero. */
export async function desbloquear(ctx: Ctx, alumno: number) {
  return transaccion(ctx, async (tx) => {
    await exigirAlumnosVisibles(tx, { alumnos: [alumno] });
    const [antes] = await tx.db
      .select({ bloqueado: codigosVinculacion.bloqueado })
      .from(codigosVinculacion)
      .where(eq(codigosVinculacion.alumnoId, alumno))
      .for('update');
    if (!antes) throw new TRPCError({ code: 'NOT_FOUND', message: SIN_CODIGO });
    const [c] = await tx.db
      .update(codigosVinculacion)
      .set({ bloqueado: null })
      .where(eq(codigosVinculacion.alumnoId, alumno))
      .returning();
    // Desbloquear siempre queda anotado: desde aquí vuelven a contarse los intentos del alumno.
    await auditar(tx, {
      accion: 'desbloquear',
      entidad: 'codigos_vinculacion',
      entidadId: alumno,
      antes: { bloqueado: antes.bloqueado },
      despues: { bloqueado: null },
    });
    return { alumno, ...paraMostrar(c!) };
  });
}

/** Los papelitos de un curso del ciclo: cada alumno con su código (crea los que faltan). */
export async function delCurso(ctx: Ctx, curso: number) {
  return transaccion(ctx, async (tx) => {
    const info = await cursoVisible(tx, { curso });
    const lista = await tx.db
      .select({ orden: alumnos.id, apellido: alumnos.apellido, nombre: alumnos.nombre })
      .from(alumnosCursos)
      .innerJoin(alumnos, eq(alumnos.id, alumnosCursos.alumnoId))
      .where(and(eq(alumnosCursos.cursoId, curso), eq(alumnosCursos.ciclolectivo, ctx.ciclo)))
      .orderBy(...ordenPorNombre(alumnos.apellido, alumnos.nombre, alumnos.id));
    const ids = lista.map((a) => a.orden);
    await crearFaltantes(tx, ids);
    const codigos = await leerCodigos(tx, ids);
    return {
      curso: info,
      alumnos: lista.map((a) => ({ ...a, ...paraMostrar(codigos.get(a.orden)!) })),
    };
  });
}

/**
 * Los alumnos del alcance con el código bloqueado (el aviso de /alumnos: un preceptor ve los de
 * sus cursos), con su curso del ciclo.
 */
export async function bloqueados(ctx: Ctx) {
  const filas = await ctx.db
    .select({
      orden: alumnos.id,
      apellido: alumnos.apellido,
      nombre: alumnos.nombre,
      bloqueado: codigosVinculacion.bloqueado,
      cursoOrden: cursos.id,
      anio: cursos.anio,
      division: cursos.division,
      especialidad: cursos.especialidad,
    })
    .from(codigosVinculacion)
    .innerJoin(alumnos, eq(alumnos.id, codigosVinculacion.alumnoId))
    .leftJoin(
      alumnosCursos,
      and(eq(alumnosCursos.alumnoId, alumnos.id), eq(alumnosCursos.ciclolectivo, ctx.ciclo)),
    )
    .leftJoin(cursos, eq(cursos.id, alumnosCursos.cursoId))
    .where(and(isNotNull(codigosVinculacion.bloqueado), dentroDe(alumnos.id, alumnosVisibles(ctx))))
    .orderBy(...ordenPorNombre(alumnos.apellido, alumnos.nombre, alumnos.id));
  return filas.map(({ cursoOrden, anio, division, especialidad, bloqueado, ...a }) => ({
    ...a,
    bloqueado: bloqueado!.toISOString(),
    curso: cursoInfo({ orden: cursoOrden, anio, division, especialidad }),
  }));
}
