/** Alumnos y referentes: sus PIC y sus notas de PIC publicadas (las propias o las de un hijo). */
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { AUSENTE } from '@/domain/notas';
import { comienzoEnZona, ESTUDIANTE_NO_EXISTE, notaPicPublicada } from '@/domain/pics';
import { alumnoPropioOHijo } from '@/server/alcance';
import type { Ctx } from '@/server/contexto';
import { picsDeAlumnos } from '@/server/consultas/pics';
import { alumnos, pics } from '@/server/db/schema';
import { periodosDelAnio } from './comun';

/** El alumno propio o el hijo; un id que no es de ningún alumno: 'El estudiante no existe'. */
async function alumnoDeLaVista(ctx: Ctx, alumno?: number) {
  if (alumno != null) {
    const [a] = await ctx.db.select({ id: alumnos.id }).from(alumnos).where(eq(alumnos.id, alumno));
    if (!a) throw new TRPCError({ code: 'NOT_FOUND', message: ESTUDIANTE_NO_EXISTE });
  }
  return alumnoPropioOHijo(ctx, alumno);
}

/** GET /api/mispics[/{id}]: las PIC del año del alumno propio o del hijo (fecha, hora, aula). */
export async function mias(ctx: Ctx, p: { alumno?: number; anio?: number }) {
  const alumno = await alumnoDeLaVista(ctx, p.alumno);
  const anio = p.anio ?? ctx.ciclo;
  const lista = await picsDeAlumnos(ctx.db, {
    alumnos: [alumno],
    donde: eq(pics.ciclolectivo, anio),
  });
  return {
    alumno,
    anio,
    hoy: ctx.hoy,
    pics: lista.map((x) => ({
      picId: x.picId,
      materia: x.materia,
      cuatrimestre: x.cuatrimestre,
      comienzo: comienzoEnZona(x.comienzo, ctx.zona),
      aula: x.aula,
    })),
  };
}

/**
 * GET /api/misnotaspics[/{id}] (`pics.notasAlumno`, spec 01 §7): las notas de PIC del alumno
 * propio o del hijo, sólo las ya publicadas (fecha de publicación de PIC del cuatrimestre).
 */
export async function notasAlumno(ctx: Ctx, p: { alumno?: number; anio?: number }) {
  const alumno = await alumnoDeLaVista(ctx, p.alumno);
  const anio = p.anio ?? ctx.ciclo;
  const [lista, periodos] = await Promise.all([
    picsDeAlumnos(ctx.db, { alumnos: [alumno], donde: eq(pics.ciclolectivo, anio) }),
    periodosDelAnio(ctx.db, anio),
  ]);
  return {
    alumno,
    anio,
    hoy: ctx.hoy,
    notas: lista
      .filter((x) => notaPicPublicada(periodos[x.cuatrimestre], ctx.hoy))
      .map((x) => ({
        picId: x.picId,
        materia: x.materia,
        cuatrimestre: x.cuatrimestre,
        fecha: comienzoEnZona(x.comienzo, ctx.zona).fecha,
        nota: x.ausente ? AUSENTE : x.nota,
      })),
  };
}
