/**
 * Los docentes de cada cursado (spec 02 §2 /docentes): los de un cursado, los cursados de un
 * docente y asignar o quitar docentes, todo o nada.
 */
import { TRPCError } from '@trpc/server';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Rol } from '@/domain/roles';
import { cursadosVisibles, cursadoVisible, dentroDe } from '@/server/alcance';
import { auditar } from '@/server/auditoria';
import type { Ctx } from '@/server/contexto';
import { ordenPorNombre } from '@/server/consultas/personas';
import { cursados, cursadosDocentes, usuarios } from '@/server/db/schema';
import { enteros } from '@/server/db/sql';
import type { CambioDocente } from './schemas';
import {
  comoCursado,
  consulta,
  CURSADO_INEXISTENTE,
  DOCENTE_INVALIDO,
  FUERA_DEL_DEPARTAMENTO,
  orden,
  SOLO_SUS_CURSADOS,
  transaccionDeCursado,
  type FilaCursado,
} from './oferta';

/** GET /api/cursados/{id}/docentes. */
export async function docentesDe(ctx: Ctx, p: { id: number }) {
  await cursadoVisible(ctx, { cursado: p.id });
  return ctx.db
    .select({ orden: usuarios.id, apellido: usuarios.apellido, nombre: usuarios.nombre })
    .from(cursadosDocentes)
    .innerJoin(usuarios, eq(usuarios.id, cursadosDocentes.usuarioId))
    .where(eq(cursadosDocentes.cursadoId, p.id))
    .orderBy(...ordenPorNombre(usuarios.apellido, usuarios.nombre, usuarios.id));
}

/**
 * GET /api/cursados/docente/{id}: los cursados del ciclo elegido de un docente, dentro del alcance
 * del rol (un jefe de departamento, sólo los de su departamento; un docente, sólo los suyos).
 */
export async function delDocente(ctx: Ctx, p: { id: number; ciclo?: number }) {
  if (ctx.sesion.rol === Rol.Docente && p.id !== ctx.sesion.usuario.id)
    throw new TRPCError({ code: 'FORBIDDEN', message: SOLO_SUS_CURSADOS });
  const ciclo = p.ciclo ?? ctx.ciclo;
  const filas = await consulta(ctx.db)
    .where(
      and(
        eq(cursados.ciclolectivo, ciclo),
        dentroDe(cursados.id, cursadosVisibles(ctx, ciclo)),
        inArray(
          cursados.id,
          ctx.db
            .select({ id: cursadosDocentes.cursadoId })
            .from(cursadosDocentes)
            .where(eq(cursadosDocentes.usuarioId, p.id)),
        ),
      ),
    )
    .orderBy(...orden);
  return (filas as FilaCursado[]).map(comoCursado);
}

/**
 * PUT /api/cursados/docentes: asigna ('set') o quita ('unset') docentes de cursados, todo o nada.
 * Cada docente debe estar habilitado y tener el rol Docente; un jefe de departamento sólo toca
 * cursados de su departamento (403 si no). Asignar dos veces no duplica. El alcance cambia en la
 * petición siguiente: el docente nuevo ve el cursado en /notas, el quitado deja de verlo.
 */
export async function asignarDocentes(ctx: Ctx, cambios: CambioDocente[]) {
  return transaccionDeCursado(ctx, async (tx) => {
    const cursadoIds = [...new Set(cambios.map((c) => c.cursadoId))];
    const usuarioIds = [...new Set(cambios.map((c) => c.usuarioId))];
    const existentes = await tx.db
      .select({ id: cursados.id, ciclo: cursados.ciclolectivo })
      .from(cursados)
      .where(inArray(cursados.id, cursadoIds))
      .for('update');
    if (existentes.length < cursadoIds.length)
      throw new TRPCError({ code: 'NOT_FOUND', message: CURSADO_INEXISTENTE });
    if (ctx.sesion.rol === Rol.JefeDepartamento) {
      const ciclos = [...new Set(existentes.map((c) => c.ciclo))];
      for (const ciclo of ciclos) {
        const propios = await tx.db
          .select({ id: cursados.id })
          .from(cursados)
          .where(
            and(
              inArray(cursados.id, cursadoIds),
              inArray(cursados.id, cursadosVisibles(tx, ciclo)!),
            ),
          );
        const delCiclo = existentes.filter((c) => c.ciclo === ciclo);
        if (propios.length < delCiclo.length)
          throw new TRPCError({ code: 'FORBIDDEN', message: FUERA_DEL_DEPARTAMENTO });
      }
    }
    const altas = cambios.filter((c) => c.action === 'set');
    const bajas = cambios.filter((c) => c.action === 'unset');
    const docentesAlta = [...new Set(altas.map((c) => c.usuarioId))];
    if (docentesAlta.length) {
      const validos = await tx.db
        .select({ id: usuarios.id })
        .from(usuarios)
        .where(
          and(
            inArray(usuarios.id, docentesAlta),
            eq(usuarios.habilitado, true),
            sql`(${usuarios.rls} & ${Rol.Docente}) <> 0`,
          ),
        );
      if (validos.length < docentesAlta.length)
        throw new TRPCError({ code: 'BAD_REQUEST', message: DOCENTE_INVALIDO });
    }
    const antes = await tx.db
      .select({ cursadoId: cursadosDocentes.cursadoId, usuarioId: cursadosDocentes.usuarioId })
      .from(cursadosDocentes)
      .where(
        and(
          inArray(cursadosDocentes.cursadoId, cursadoIds),
          inArray(cursadosDocentes.usuarioId, usuarioIds),
        ),
      );
    const agregados = altas.length
      ? await tx.db
          .insert(cursadosDocentes)
          .values(altas.map((c) => ({ cursadoId: c.cursadoId, usuarioId: c.usuarioId })))
          .onConflictDoNothing()
          .returning({ cursadoId: cursadosDocentes.cursadoId })
      : [];
    const quitados = bajas.length
      ? await tx.db
          .delete(cursadosDocentes)
          .where(
            sql`(${cursadosDocentes.cursadoId}, ${cursadosDocentes.usuarioId}) in (select * from unnest(${enteros(
              bajas.map((c) => c.cursadoId),
            )}, ${enteros(bajas.map((c) => c.usuarioId))}))`,
          )
          .returning({ cursadoId: cursadosDocentes.cursadoId })
      : [];
    const resultado = { agregados: agregados.length, quitados: quitados.length };
    await auditar(tx, {
      accion: 'docentes',
      entidad: 'cursados_docentes',
      antes,
      despues: { cambios, ...resultado },
    });
    return resultado;
  });
}
