/**
 * El perfil del alumno (spec 02 §2 "/perfil/editar", §6): el propio alumno edita nombre,
 * apellido, teléfono, email, pronombre y foto; la foto la ven él, sus referentes y el personal
 * dentro de su alcance.
 */
import { createHash } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import {
  FOTO_CON_HTML,
  FOTO_DEMASIADO_GRANDE,
  FOTO_INVALIDA,
  TAMANIO_MAXIMO_FOTO,
  tipoDeFoto,
  tipoDeFotoPorCabecera,
} from '@/domain/perfil';
import { Rol } from '@/domain/roles';
import { alumnos, archivos, usuarios } from '@/server/db/schema';
import { alumnoPropioOHijo, alumnoVisible } from '@/server/alcance';
import { auditar } from '@/server/auditoria';
import type { Ctx } from '@/server/contexto';
import { transaccion } from '@/server/errores';
import type { ActualizarPerfil } from './schemas';

export const SIN_FOTO = 'El alumno no tiene foto de perfil.';

/**
 * POST /api/alumnos/update/{id}: sólo el propio alumno. En una transacción: la foto nueva (si
 * vino, reconocida por su contenido), los datos del alumno y el nombre de su usuario; la foto
 * anterior se borra. Auditado.
 */
export async function actualizar(ctx: Ctx, d: ActualizarPerfil) {
  const propio = await alumnoPropioOHijo(ctx, d.alumno);
  let foto: { bytes: Buffer; tipo: string } | null = null;
  if (d.fotoPerfil) {
    if (d.fotoPerfil.size > TAMANIO_MAXIMO_FOTO)
      throw new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: FOTO_DEMASIADO_GRANDE });
    const bytes = Buffer.from(await d.fotoPerfil.arrayBuffer());
    const tipo = tipoDeFoto(bytes);
    if (!tipo)
      throw new TRPCError({
        code: 'BAD_REQUEST',
        // Una imagen de verdad con HTML o script detrás (un políglota) dice por qué.
        message: tipoDeFotoPorCabecera(bytes) ? FOTO_CON_HTML : FOTO_INVALIDA,
      });
    foto = { bytes, tipo };
  }
  return transaccion(ctx, async (tx) => {
    const [antes] = await tx.db
      .select({
        nombre: alumnos.nombre,
        apellido: alumnos.apellido,
        telefono: alumnos.telefono,
        email: alumnos.email,
        pronombre: alumnos.pronombre,
        fotoId: alumnos.fotoId,
        usuarioId: alumnos.usuarioId,
      })
      .from(alumnos)
      .where(eq(alumnos.id, propio))
      .for('update');
    let fotoId = antes!.fotoId;
    if (foto) {
      const [a] = await tx.db
        .insert(archivos)
        .values({
          nombre: `foto-${propio}.${foto.tipo.split('/')[1]}`,
          tipo: foto.tipo,
          tamanio: foto.bytes.length,
          sha256: createHash('sha256').update(foto.bytes).digest('hex'),
          datos: foto.bytes,
          subidoPor: ctx.sesion.usuario.id,
        })
        .returning({ id: archivos.id });
      fotoId = a!.id;
    }
    const cambios = {
      nombre: d.nombre,
      apellido: d.apellido,
      telefono: d.telefono,
      email: d.email,
      pronombre: d.pronombre,
      fotoId,
    };
    await tx.db.update(alumnos).set(cambios).where(eq(alumnos.id, propio));
    if (antes!.usuarioId)
      await tx.db
        .update(usuarios)
        .set({ nombre: d.nombre, apellido: d.apellido, telefono: d.telefono })
        .where(eq(usuarios.id, antes!.usuarioId));
    if (foto && antes!.fotoId) await tx.db.delete(archivos).where(eq(archivos.id, antes!.fotoId));
    const { usuarioId: _u, ...previo } = antes!;
    await auditar(tx, {
      accion: 'editar_perfil',
      entidad: 'alumnos',
      entidadId: propio,
      antes: previo,
      despues: cambios,
    });
    return { alumno: propio, ...cambios };
  });
}

/** La foto de perfil de un alumno: el propio alumno, sus referentes o el personal con alcance. */
export async function foto(ctx: Ctx, { alumno: alumnoId }: { alumno: number }) {
  if (ctx.sesion.rol === Rol.Alumno || ctx.sesion.rol === Rol.ReferenteParental)
    await alumnoPropioOHijo(ctx, alumnoId);
  else await alumnoVisible(ctx, { alumno: alumnoId });
  const [f] = await ctx.db
    .select({ tipo: archivos.tipo, datos: archivos.datos })
    .from(alumnos)
    .innerJoin(archivos, eq(archivos.id, alumnos.fotoId))
    .where(eq(alumnos.id, alumnoId));
  if (!f) throw new TRPCError({ code: 'NOT_FOUND', message: SIN_FOTO });
  return f;
}

/** Los datos del perfil propio para el formulario. */
export async function propio(ctx: Ctx) {
  const id = await alumnoPropioOHijo(ctx);
  const [a] = await ctx.db
    .select({
      orden: alumnos.id,
      nombre: alumnos.nombre,
      apellido: alumnos.apellido,
      telefono: alumnos.telefono,
      email: alumnos.email,
      pronombre: alumnos.pronombre,
      tieneFoto: alumnos.fotoId,
    })
    .from(alumnos)
    .where(eq(alumnos.id, id));
  return { ...a!, tieneFoto: a!.tieneFoto !== null };
}
