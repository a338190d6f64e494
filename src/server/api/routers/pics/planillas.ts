/**
 * La planilla de notas de la PIC (guardar con `anterior` y 409, cerrar) según las fechas '_pic'
 * del calendario, y las hojas de PIC de un cursado ("Imprimir PIC" y las planillas del docente).
 */
import { TRPCError } from '@trpc/server';
import { asc, eq, sql } from 'drizzle-orm';
import type { Cuatrimestre } from '@/domain/notas';
import type { ModoPlanilla } from '@/domain/periodos-notas';
import { columnasDeValor, ErrorPic, estadoPlanillaPic, valorDeFila } from '@/domain/pics';
import { cursadoVisible } from '@/server/alcance';
import { auditar } from '@/server/auditoria';
import type { Ctx } from '@/server/contexto';
import { alumnosDePics, cursadoDeLaPic, materiaDeLaPic } from '@/server/consultas/pics';
import type { DbOTx } from '@/server/db';
import { cursados, cursadosMaterias, materias, pics, picsAlumnos } from '@/server/db/schema';
import { transaccion } from '@/server/errores';
import type { ClavePic, GuardarPic } from './schemas';
import {
  prohibido,
  modoDe,
  columnasPic,
  buscarPic,
  type Pic,
  periodosDelAnio,
  salida,
  personas,
  alumnosConDatos,
} from './comun';

/**
 * Las PIC de las materias de un cursado en su ciclo, con sus alumnos: la hoja "Imprimir PIC" de
 * /notas-privileged (Alumnado) y las planillas de PIC del docente en /notas (sólo sus cursados).
 * Una consulta más cuatro por PIC (un cursado tiene una o dos materias, dos cuatrimestres).
 */
export async function deCursado(ctx: Ctx, p: { cursado: number }) {
  await cursadoVisible(ctx, { cursado: p.cursado });
  const deLaMateria = ctx.db
    .select({ id: materias.id, nombre: materias.nombre })
    .from(cursadosMaterias)
    .innerJoin(materias, eq(materias.id, cursadosMaterias.materiaId))
    .where(eq(cursadosMaterias.cursadoId, p.cursado))
    .orderBy(asc(materias.nombre));
  const lista = await ctx.db
    .select(columnasPic)
    .from(pics)
    .innerJoin(materias, eq(materias.id, pics.materiaId))
    .innerJoin(cursadosMaterias, materiaDeLaPic)
    .innerJoin(cursados, cursadoDeLaPic)
    .where(eq(cursados.id, p.cursado))
    .orderBy(asc(pics.cuatrimestre), asc(materias.nombre));
  const resultado = [];
  for (const x of lista) {
    const { enLaPic } = await alumnosConDatos(ctx.db, x);
    resultado.push({ pic: salida(ctx, x), alumnos: enLaPic });
  }
  return { cursado: p.cursado, materias: await deLaMateria, pics: resultado };
}

// ---------------------------------------------------------------------------
// La planilla de notas de la PIC

/** GET /api/pics/{y}/{a}/{b}/planilla: los alumnos de la PIC con su nota y el estado. */
export async function planilla(ctx: Ctx, clave: ClavePic) {
  const modo = await modoDe(ctx, clave);
  const [p, periodos] = await Promise.all([
    buscarPic(ctx.db, clave),
    periodosDelAnio(ctx.db, clave.anio),
  ]);
  const { enLaPic } = await alumnosConDatos(ctx.db, p);
  const estado = estadoPlanillaPic({
    cuatrimestre: p.cuatrimestre as Cuatrimestre,
    periodo: periodos[p.cuatrimestre as Cuatrimestre],
    cerrada: p.cerrada,
    hoy: ctx.hoy,
    modo,
  });
  return { pic: salida(ctx, p), modo, estado, alumnos: enLaPic };
}

async function estadoParaEscribir(tx: DbOTx, ctx: Ctx, p: Pic, modo: ModoPlanilla) {
  const periodos = await periodosDelAnio(tx, p.ciclolectivo);
  return estadoPlanillaPic({
    cuatrimestre: p.cuatrimestre as Cuatrimestre,
    periodo: periodos[p.cuatrimestre as Cuatrimestre],
    cerrada: p.cerrada,
    hoy: ctx.hoy,
    modo,
  });
}

/**
 * PUT /api/pics/{y}/{a}/{b}/planilla: guarda las notas de la PIC (todas o ninguna). Cada cambio
 * lleva lo que la planilla mostraba (`anterior`); si otra persona guardó otra cosa, 409 y nada
 * escrito. Un alumno que no está en la PIC: 400; cerrada, publicada o fuera de fechas: 412.
 */
export async function guardar(ctx: Ctx, d: GuardarPic) {
  const modo = await modoDe(ctx, d);
  if (modo === 'lectura') throw prohibido(ErrorPic.sinPermiso);
  return transaccion(ctx, async (tx) => {
    const p = await buscarPic(tx.db, d, true);
    const e = await estadoParaEscribir(tx.db, ctx, p, modo);
    if (!e.puedeCargar)
      throw new TRPCError({ code: 'PRECONDITION_FAILED', message: e.motivo ?? ErrorPic.cerrada });
    if (!d.cambios.length) return { guardados: 0 };
    const { alumnos: de, filas } = await alumnosDePics(tx.db, [p]);
    const origen = de.get(p.id)!;
    const faltan = d.cambios.filter((c) => !origen.has(c.alumno)).map((c) => c.alumno);
    if (faltan.length)
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: `${ErrorPic.noEstaEnLaPic}: ${faltan.join(', ')}.`,
      });
    const actual = new Map(filas.map((f) => [f.alumnoId, valorDeFila(f)]));
    const conflictos = d.cambios.filter((c) => (actual.get(c.alumno) ?? null) !== c.anterior);
    if (conflictos.length) {
      const datos = await personas(
        tx.db,
        conflictos.map((c) => c.alumno),
        p.ciclolectivo,
      );
      const quienes = conflictos
        .map((c) => datos.get(c.alumno))
        .map((a) => (a ? `${a.apellido}, ${a.nombre}` : ''))
        .join('; ');
      throw new TRPCError({ code: 'CONFLICT', message: ErrorPic.conflicto(quienes) });
    }
    await tx.db
      .insert(picsAlumnos)
      .values(
        d.cambios.map((c) => ({
          picId: p.id,
          alumnoId: c.alumno,
          ...columnasDeValor(c.nota),
          modificadoPor: ctx.sesion.usuario.id,
        })),
      )
      .onConflictDoUpdate({
        target: [picsAlumnos.picId, picsAlumnos.alumnoId],
        set: {
          nota: sql`excluded.nota`,
          ausente: sql`excluded.ausente`,
          modificadoPor: ctx.sesion.usuario.id,
          modificado: sql`now()`,
        },
      });
    await auditar(tx, {
      accion: 'guardar',
      entidad: 'pics_alumnos',
      entidadId: p.id,
      antes: d.cambios.map((c) => ({ alumno: c.alumno, nota: actual.get(c.alumno) ?? null })),
      despues: d.cambios.map((c) => ({ alumno: c.alumno, nota: c.nota })),
    });
    return { guardados: d.cambios.length };
  });
}

/**
 * PUT /api/pics/{y}/{a}/{b}/planilla/cerrar: cierra la planilla; sus alumnos quedan fijos (los
 * que están por la regla reciben su fila). Cerrada es de sólo lectura.
 */
export async function cerrar(ctx: Ctx, clave: ClavePic) {
  const modo = await modoDe(ctx, clave);
  if (modo === 'lectura') throw prohibido(ErrorPic.sinPermiso);
  return transaccion(ctx, async (tx) => {
    const p = await buscarPic(tx.db, clave, true);
    if (p.cerrada)
      throw new TRPCError({ code: 'PRECONDITION_FAILED', message: ErrorPic.yaCerrada });
    const e = await estadoParaEscribir(tx.db, ctx, p, modo);
    if (!e.puedeCerrar)
      throw new TRPCError({
        code: 'PRECONDITION_FAILED',
        message:
          e.fase === 'publicada'
            ? ErrorPic.publicada
            : ErrorPic.noSePuedeCerrar(
                p.cuatrimestre === 1 ? '1° Cuatrimestre' : '2° Cuatrimestre',
              ),
      });
    const { alumnos: de } = await alumnosDePics(tx.db, [p]);
    const ids = [...(de.get(p.id)?.keys() ?? [])];
    if (ids.length)
      await tx.db
        .insert(picsAlumnos)
        .values(
          ids.map((alumnoId) => ({ picId: p.id, alumnoId, modificadoPor: ctx.sesion.usuario.id })),
        )
        .onConflictDoNothing();
    await tx.db
      .update(pics)
      .set({ cerrada: true, cerradaPor: ctx.sesion.usuario.id, cerradaEn: sql`now()` })
      .where(eq(pics.id, p.id));
    await auditar(tx, {
      accion: 'cerrar',
      entidad: 'pics',
      entidadId: p.id,
      despues: { ...clave, alumnos: ids.length },
    });
    return { id: p.id, cerrada: true, alumnos: ids.length };
  });
}
