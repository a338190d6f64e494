/**
 * PIC (spec 02 §2 /pics, §3, §5, §7, §9; spec 01 §7 Evaluations and PICs; issue 16): programar las
 * PIC de un año (materia, cuatrimestre, comienzo en un horario fijo y aula). El resto del módulo,
 * por tarea: sus alumnos (`alumnos.ts`: la regla `rindePic` y los ajustes a mano), la planilla de
 * notas de la PIC (`planillas.ts`: guardar con `anterior` y 409, cerrar, según las fechas '_pic'
 * del calendario), las vistas de alumnos y referentes (`mispics.ts`), las superposiciones
 * (`choques.ts`) y lo que comparten (`comun.ts`: alcance, la PIC, sus alumnos con sus datos).
 *
 * Alcance: Alumnado y Admin, toda la escuela; el Jefe de Departamento, las materias de su
 * departamento (otra: 403, nada escrito); el Docente, la planilla de las materias que enseña en
 * el ciclo. Un número fijo de consultas por pedido.
 */
import { TRPCError } from '@trpc/server';
import { and, asc, eq, sql } from 'drizzle-orm';
import { ErrorPic, fechaDelCiclo, instanteDeComienzo } from '@/domain/pics';
import { auditar } from '@/server/auditoria';
import { encolar } from '@/server/avisos/cola';
import { claveAviso, MOTIVO_RETIRO, retirarAvisos } from '@/server/avisos/retirar';
import type { Ctx } from '@/server/contexto';
import { coincide } from '@/server/consultas/personas';
import { alumnosDePics } from '@/server/consultas/pics';
import { departamentos, materias, pics } from '@/server/db/schema';
import { transaccion } from '@/server/errores';
import type { ClavePic, DatosPic } from './schemas';
import {
  materiasDelRol,
  materiaDelRol,
  columnasPic,
  buscarPic,
  periodosDelAnio,
  salida,
} from './comun';

// ---------------------------------------------------------------------------
// Programación: la lista del año, el selector de materias, crear, modificar, borrar

/**
 * GET /api/pics/{year}: las PIC del año (del departamento, para el Jefe de Departamento), por
 * comienzo, con la cantidad de alumnos y de notas cargadas. Cuatro consultas.
 */
export async function delAnio(ctx: Ctx, p: { anio: number }) {
  const [lista, periodos] = await Promise.all([
    ctx.db
      .select(columnasPic)
      .from(pics)
      .innerJoin(materias, eq(materias.id, pics.materiaId))
      .where(and(eq(pics.ciclolectivo, p.anio), materiasDelRol(ctx)))
      .orderBy(asc(pics.comienzo), asc(materias.nombre), asc(pics.cuatrimestre)),
    periodosDelAnio(ctx.db, p.anio),
  ]);
  const { alumnos: de, filas } = await alumnosDePics(ctx.db, lista);
  return {
    anio: p.anio,
    hoy: ctx.hoy,
    periodos,
    pics: lista.map((x) => {
      const ids = [...(de.get(x.id)?.keys() ?? [])];
      return {
        ...salida(ctx, x),
        alumnos: ids.length,
        calificados: filas.filter(
          (f) => f.picId === x.id && ids.includes(f.alumnoId) && (f.ausente || f.nota != null),
        ).length,
      };
    }),
  };
}

/**
 * El selector de materias de /pics (spec 02 §9: 4 por página): las materias con cursados en el
 * año (del departamento, para el Jefe de Departamento), buscando por nombre o código, con las
 * PIC que ya tienen en el año. Una consulta.
 */
export async function materiasParaPic(
  ctx: Ctx,
  p: { anio: number; q: string; cursor: number; limit: number },
) {
  const filas = await ctx.db
    .select({
      id: materias.id,
      nombre: materias.nombre,
      codigo: materias.codigo,
      anioMateria: materias.anio,
      departamento: departamentos.nombre,
      pics: sql<
        number[]
      >`coalesce((select array_agg(p.cuatrimestre order by p.cuatrimestre) from pics p where p.materia_id = ${materias.id} and p.ciclolectivo = ${p.anio}), '{}')`,
    })
    .from(materias)
    .leftJoin(departamentos, eq(departamentos.id, materias.departamentoId))
    .where(
      and(
        sql`exists (select 1 from cursados_materias cm join cursados c on c.id = cm.cursado_id where cm.materia_id = ${materias.id} and c.ciclolectivo = ${p.anio})`,
        materiasDelRol(ctx),
        coincide(p.q, [materias.nombre, materias.codigo]),
      ),
    )
    .orderBy(asc(materias.nombre), asc(materias.anio), asc(materias.id))
    .limit(p.limit + 1)
    .offset(p.cursor);
  const hayMas = filas.length > p.limit;
  return {
    items: (hayMas ? filas.slice(0, p.limit) : filas).map((f) => ({
      ...f,
      pics: f.pics.map(Number),
    })),
    siguiente: hayMas ? p.cursor + p.limit : null,
  };
}

function comprobarFecha(d: DatosPic) {
  if (!fechaDelCiclo(d.comienzo.fecha, d.anio))
    throw new TRPCError({ code: 'BAD_REQUEST', message: ErrorPic.fechaFueraDelCiclo(d.anio) });
}

const MENSAJES_ESCRITURA = {
  unico: { pics_ciclo_materia_cuatrimestre_idx: ErrorPic.yaExiste },
  chequeo: 'Los datos de la PIC no son válidos.',
};

/** POST /api/pics/{year}/{a}/{b} {comienzo, aula}: programa la PIC. Ya existe: 409. */
export async function crear(ctx: Ctx, d: DatosPic) {
  comprobarFecha(d);
  await materiaDelRol(ctx, d.materia);
  const comienzo = instanteDeComienzo(d.comienzo, ctx.zona);
  return transaccion(
    ctx,
    async (tx) => {
      const [nueva] = await tx.db
        .insert(pics)
        .values({
          ciclolectivo: d.anio,
          materiaId: d.materia,
          cuatrimestre: d.cuatrimestre,
          comienzo,
          aula: d.aula,
        })
        .onConflictDoNothing()
        .returning({ id: pics.id });
      if (!nueva) throw new TRPCError({ code: 'CONFLICT', message: ErrorPic.yaExiste });
      await auditar(tx, {
        accion: 'crear',
        entidad: 'pics',
        entidadId: nueva.id,
        despues: { ...d, comienzo: comienzo.toISOString() },
      });
      // El aviso a la familia de cada alumno que la rinde (issue 35), en la misma transacción.
      await encolar(tx.db, { tipo: 'pic-inscripcion', pic: nueva.id });
      return salida(ctx, await buscarPic(tx.db, d));
    },
    MENSAJES_ESCRITURA,
  );
}

/** PUT /api/pics/{year}/{a}/{b} {comienzo, aula}: cambia el comienzo y el aula. Cerrada: 412. */
export async function modificar(ctx: Ctx, d: DatosPic) {
  comprobarFecha(d);
  await materiaDelRol(ctx, d.materia);
  const comienzo = instanteDeComienzo(d.comienzo, ctx.zona);
  return transaccion(
    ctx,
    async (tx) => {
      const antes = await buscarPic(tx.db, d, true);
      if (antes.cerrada)
        throw new TRPCError({ code: 'PRECONDITION_FAILED', message: ErrorPic.cerradaModificar });
      await tx.db.update(pics).set({ comienzo, aula: d.aula }).where(eq(pics.id, antes.id));
      await auditar(tx, {
        accion: 'modificar',
        entidad: 'pics',
        entidadId: antes.id,
        antes: { comienzo: antes.comienzo.toISOString(), aula: antes.aula },
        despues: { comienzo: comienzo.toISOString(), aula: d.aula },
      });
      // Los avisos ya mandados se actualizan con el día y el aula nuevos (sin otro correo).
      await encolar(tx.db, { tipo: 'pic-inscripcion', pic: antes.id });
      return salida(ctx, { ...antes, comienzo, aula: d.aula });
    },
    MENSAJES_ESCRITURA,
  );
}

/** DELETE /api/pics/{year}/{a}/{b}: borra la PIC (con sus ajustes y notas). Cerrada: 412. */
export async function borrar(ctx: Ctx, clave: ClavePic) {
  await materiaDelRol(ctx, clave.materia);
  return transaccion(ctx, async (tx) => {
    const antes = await buscarPic(tx.db, clave, true);
    if (antes.cerrada)
      throw new TRPCError({ code: 'PRECONDITION_FAILED', message: ErrorPic.cerradaBorrar });
    const { alumnos: de } = await alumnosDePics(tx.db, [antes]);
    await tx.db.delete(pics).where(eq(pics.id, antes.id));
    // Los avisos de quienes la rendían se retiran (issue 35), en la misma transacción.
    await retirarAvisos(
      tx.db,
      [...(de.get(antes.id)?.keys() ?? [])].map((a) => claveAviso.pic(a, antes.id)),
      MOTIVO_RETIRO.picBorrada,
      ctx.ahora,
    );
    await auditar(tx, {
      accion: 'borrar',
      entidad: 'pics',
      entidadId: antes.id,
      antes: { ...clave, comienzo: antes.comienzo.toISOString(), aula: antes.aula },
    });
    return { borrada: true, id: antes.id };
  });
}
