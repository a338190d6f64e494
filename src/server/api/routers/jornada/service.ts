/**
 * Jornada cultural y deportiva (spec 02 §2 /jornada y /jornada/view, §3, §4, §7, §9; issue 17
 * §1): las actividades del año (Regente y Admin las crean, con imagen reconocida por su
 * contenido), la elección del alumno (una sola por año; el último cupo, si dos lo toman a la vez,
 * es de uno solo: la actividad se bloquea `FOR UPDATE`) y la vista del personal (los alumnos de
 * cada actividad y, por curso, los que no eligieron). Un número fijo de consultas por pedido.
 */
import { createHash } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { anioDe, nombreCurso } from '@/domain/escuela';
import {
  ErrorJornada,
  cuposLibres,
  esElegible,
  estadoActividad,
  problemaDeHorario,
  problemaDeMascara,
  type Genero,
} from '@/domain/jornada';
import {
  FOTO_CON_HTML,
  FOTO_DEMASIADO_GRANDE,
  FOTO_INVALIDA,
  TAMANIO_MAXIMO_FOTO,
  tipoDeFoto,
  tipoDeFotoPorCabecera,
} from '@/domain/perfil';
import { alumnoPropioOHijo } from '@/server/alcance';
import { auditar } from '@/server/auditoria';
import type { Ctx } from '@/server/contexto';
import { ordenPorNombre } from '@/server/consultas/personas';
import type { DbOTx } from '@/server/db';
import {
  alumnos,
  alumnosCursos,
  archivos,
  cursos,
  jcdActividades,
  jcdElecciones,
} from '@/server/db/schema';
import { transaccion } from '@/server/errores';
import type { CrearActividad, ModificarActividad } from './schemas';

const falla = (code: TRPCError['code'], message: string) => new TRPCError({ code, message });

/** La dirección de la imagen de una actividad (su propio manejador, src/app/api/jornada). */
export const rutaImagen = (actividad: number) => `/api/jornada/imagen/${actividad}`;

const elegidosDe = sql<number>`(select count(*)::int from jcd_elecciones e where e.actividad_id = ${sql.raw('"jcd_actividades"."id"')})`;

const columnasActividad = {
  id: jcdActividades.id,
  ciclolectivo: jcdActividades.ciclolectivo,
  nombre: jcdActividades.nombre,
  descripcion: jcdActividades.descripcion,
  imagenId: jcdActividades.imagenId,
  cupos: jcdActividades.cupos,
  comienzo: jcdActividades.comienzo,
  fin: jcdActividades.fin,
  aula: jcdActividades.aula,
  mascara: jcdActividades.mascara,
  version: jcdActividades.version,
  elegidos: elegidosDe,
};
type FilaActividad = {
  id: number;
  nombre: string;
  descripcion: string;
  imagenId: number | null;
  cupos: number;
  comienzo: string;
  fin: string;
  aula: string | null;
  mascara: number;
  version: number;
  elegidos: number;
};

const presentar = (a: FilaActividad) => ({
  id: a.id,
  nombre: a.nombre,
  descripcion: a.descripcion,
  imagen: a.imagenId ? rutaImagen(a.id) : null,
  cupos: a.cupos,
  elegidos: a.elegidos,
  libres: cuposLibres(a.cupos, a.elegidos),
  comienzo: a.comienzo,
  fin: a.fin,
  aula: a.aula,
  mascara: a.mascara,
  version: a.version,
});

function actividadesDelAnio(db: DbOTx, anio: number) {
  return db
    .select(columnasActividad)
    .from(jcdActividades)
    .where(eq(jcdActividades.ciclolectivo, anio))
    .orderBy(asc(jcdActividades.comienzo), asc(jcdActividades.nombre), asc(jcdActividades.id));
}

/** El alumno de la sesión con su año de cursado en el ciclo y su género. Una consulta. */
async function alumnoDeLaSesion(ctx: Ctx, anio: number) {
  const id = await alumnoPropioOHijo(ctx);
  const [a] = await ctx.db
    .select({ id: alumnos.id, genero: alumnos.genero, anio: cursos.anio })
    .from(alumnos)
    .leftJoin(
      alumnosCursos,
      and(eq(alumnosCursos.alumnoId, alumnos.id), eq(alumnosCursos.ciclolectivo, anio)),
    )
    .leftJoin(cursos, eq(cursos.id, alumnosCursos.cursoId))
    .where(eq(alumnos.id, id));
  return { id, anio: a?.anio ?? null, genero: (a?.genero ?? null) as Genero };
}

/**
 * GET /api/jornada/informacion/{year} (el alumno): las actividades que puede elegir (las de su
 * año y género, y la suya si ya eligió), con los cupos libres y el estado de cada una.
 */
export async function informacion(ctx: Ctx, { anio }: { anio: number }) {
  const alumno = await alumnoDeLaSesion(ctx, anio);
  const [lista, [eleccion]] = await Promise.all([
    actividadesDelAnio(ctx.db, anio),
    ctx.db
      .select({ actividad: jcdElecciones.actividadId, elegida: jcdElecciones.elegida })
      .from(jcdElecciones)
      .where(and(eq(jcdElecciones.alumnoId, alumno.id), eq(jcdElecciones.ciclolectivo, anio))),
  ]);
  const elegida = eleccion?.actividad ?? null;
  return {
    anio,
    sinCurso: alumno.anio == null,
    elegida,
    actividades: lista
      .filter((a) => a.id === elegida || esElegible(a.mascara, alumno))
      .map((a) => ({ ...presentar(a), estado: estadoActividad({ ...a, elegida }) })),
  };
}

/**
 * POST /api/jornada/elegir/{year} { actividad }: el alumno elige una actividad del año en curso.
 * La actividad se bloquea: de dos que toman el último cupo a la vez, uno lo consigue y el otro
 * recibe 'La actividad ya no tiene cupos libres'. Una segunda elección, 409.
 */
export async function elegir(ctx: Ctx, d: { anio: number; actividad: number }) {
  // El año del día escolar, no el del selector (que el alumno puede cambiar).
  if (d.anio !== anioDe(ctx.hoy)) throw falla('BAD_REQUEST', ErrorJornada.otroAnio);
  const alumno = await alumnoDeLaSesion(ctx, d.anio);
  if (alumno.anio == null) throw falla('PRECONDITION_FAILED', ErrorJornada.sinCurso);
  return transaccion(
    ctx,
    async (tx) => {
      const [a] = await tx.db
        .select({
          id: jcdActividades.id,
          cupos: jcdActividades.cupos,
          mascara: jcdActividades.mascara,
        })
        .from(jcdActividades)
        .where(and(eq(jcdActividades.id, d.actividad), eq(jcdActividades.ciclolectivo, d.anio)))
        .for('update');
      if (!a) throw falla('NOT_FOUND', ErrorJornada.inexistente);
      if (!esElegible(a.mascara, alumno)) throw falla('FORBIDDEN', ErrorJornada.noElegible);
      const [[ya], [ocupados]] = await Promise.all([
        tx.db
          .select({ actividad: jcdElecciones.actividadId })
          .from(jcdElecciones)
          .where(
            and(eq(jcdElecciones.alumnoId, alumno.id), eq(jcdElecciones.ciclolectivo, d.anio)),
          ),
        tx.db.select({ n: count() }).from(jcdElecciones).where(eq(jcdElecciones.actividadId, a.id)),
      ]);
      if (ya) throw falla('CONFLICT', ErrorJornada.yaEligio);
      if ((ocupados?.n ?? 0) >= a.cupos) throw falla('CONFLICT', ErrorJornada.sinCupos);
      await tx.db
        .insert(jcdElecciones)
        .values({ alumnoId: alumno.id, ciclolectivo: d.anio, actividadId: a.id });
      await auditar(tx, {
        accion: 'elegir',
        entidad: 'jcd_elecciones',
        entidadId: `${alumno.id}/${d.anio}`,
        despues: { actividad: a.id },
      });
      return { elegida: a.id };
    },
    // La misma persona eligiendo dos a la vez: la clave primaria deja pasar una sola.
    { unico: { '*': ErrorJornada.yaEligio } },
  );
}

/**
 * GET /api/jornada/vista/{year} (personal): cada actividad con sus alumnos (para imprimir) y, por
 * curso del año, los alumnos que no eligieron. Tres consultas.
 */
export async function vista(ctx: Ctx, { anio }: { anio: number }) {
  const [lista, anotados, sinElegir] = await Promise.all([
    actividadesDelAnio(ctx.db, anio),
    ctx.db
      .select({
        actividad: jcdElecciones.actividadId,
        alumno: alumnos.id,
        apellido: alumnos.apellido,
        nombre: alumnos.nombre,
        anio: cursos.anio,
        division: cursos.division,
        especialidad: cursos.especialidad,
      })
      .from(jcdElecciones)
      .innerJoin(alumnos, eq(alumnos.id, jcdElecciones.alumnoId))
      .leftJoin(
        alumnosCursos,
        and(eq(alumnosCursos.alumnoId, alumnos.id), eq(alumnosCursos.ciclolectivo, anio)),
      )
      .leftJoin(cursos, eq(cursos.id, alumnosCursos.cursoId))
      .where(eq(jcdElecciones.ciclolectivo, anio))
      .orderBy(...ordenPorNombre(alumnos.apellido, alumnos.nombre, alumnos.id)),
    ctx.db
      .select({
        curso: cursos.id,
        anio: cursos.anio,
        division: cursos.division,
        especialidad: cursos.especialidad,
        alumno: alumnos.id,
        apellido: alumnos.apellido,
        nombre: alumnos.nombre,
      })
      .from(alumnosCursos)
      .innerJoin(cursos, eq(cursos.id, alumnosCursos.cursoId))
      .innerJoin(alumnos, eq(alumnos.id, alumnosCursos.alumnoId))
      .where(
        and(
          eq(alumnosCursos.ciclolectivo, anio),
          sql`not exists (select 1 from jcd_elecciones e where e.alumno_id = ${alumnos.id} and e.ciclolectivo = ${anio})`,
        ),
      )
      .orderBy(
        asc(cursos.anio),
        asc(cursos.division),
        ...ordenPorNombre(alumnos.apellido, alumnos.nombre, alumnos.id),
      ),
  ]);
  const curso = (c: {
    anio: number | null;
    division: number | null;
    especialidad: string | null;
  }) =>
    c.anio != null && c.division != null
      ? nombreCurso({ anio: c.anio, division: c.division, especialidad: c.especialidad ?? '' })
      : null;
  const cursosSin = new Map<
    number,
    { curso: string; alumnos: { id: number; apellido: string; nombre: string }[] }
  >();
  for (const f of sinElegir) {
    const c = cursosSin.get(f.curso) ?? { curso: curso(f)!, alumnos: [] };
    c.alumnos.push({ id: f.alumno, apellido: f.apellido, nombre: f.nombre });
    cursosSin.set(f.curso, c);
  }
  return {
    anio,
    actividades: lista.map((a) => ({
      ...presentar(a),
      alumnos: anotados
        .filter((x) => x.actividad === a.id)
        .map((x) => ({ id: x.alumno, apellido: x.apellido, nombre: x.nombre, curso: curso(x) })),
    })),
    sinActividad: [...cursosSin.values()],
  };
}

// ---------------------------------------------------------------------------
// Alta, cambios y baja de actividades (Regente, Admin)

/** La imagen subida, reconocida por su contenido (JPG, PNG o WebP, sin HTML), o 400. */
async function leerImagen(imagen: File | undefined) {
  if (!imagen) return null;
  if (imagen.size > TAMANIO_MAXIMO_FOTO)
    throw falla('PAYLOAD_TOO_LARGE', FOTO_DEMASIADO_GRANDE.replace('La foto', 'La imagen'));
  const bytes = Buffer.from(await imagen.arrayBuffer());
  const tipo = tipoDeFoto(bytes);
  if (!tipo)
    throw falla(
      'BAD_REQUEST',
      (tipoDeFotoPorCabecera(bytes) ? FOTO_CON_HTML : FOTO_INVALIDA).replace(
        'La foto',
        'La imagen',
      ),
    );
  return { bytes, tipo };
}

function validar(d: { comienzo: string; fin: string; mascara: number }) {
  const p = problemaDeHorario(d.comienzo, d.fin) ?? problemaDeMascara(d.mascara);
  if (p) throw falla('BAD_REQUEST', p);
}

async function guardarImagen(
  tx: DbOTx,
  ctx: Ctx,
  img: { bytes: Buffer; tipo: string },
  nombre: string,
) {
  const [a] = await tx
    .insert(archivos)
    .values({
      nombre: `${nombre}.${img.tipo.split('/')[1]}`,
      tipo: img.tipo,
      tamanio: img.bytes.length,
      sha256: createHash('sha256').update(img.bytes).digest('hex'),
      datos: img.bytes,
      subidoPor: ctx.sesion.usuario.id,
    })
    .returning({ id: archivos.id });
  return a!.id;
}

/** POST /api/jornada/actividades (multipart): una actividad nueva del año. */
export async function crear(ctx: Ctx, d: CrearActividad) {
  validar(d);
  const img = await leerImagen(d.imagen);
  return transaccion(ctx, async (tx) => {
    const imagenId = img ? await guardarImagen(tx.db, ctx, img, 'jornada') : null;
    const [nueva] = await tx.db
      .insert(jcdActividades)
      .values({
        ciclolectivo: d.anio,
        nombre: d.nombre,
        descripcion: d.descripcion,
        imagenId,
        cupos: d.cupos,
        comienzo: d.comienzo,
        fin: d.fin,
        aula: d.aula,
        mascara: d.mascara,
        creadaPor: ctx.sesion.usuario.id,
      })
      .returning({ id: jcdActividades.id });
    await auditar(tx, {
      accion: 'crear',
      entidad: 'jcd_actividades',
      entidadId: nueva!.id,
      despues: { ...d, imagen: imagenId },
    });
    return { id: nueva!.id };
  });
}

/**
 * PUT /api/jornada/actividades/{id} (multipart): cambia la actividad (con la versión que se leyó:
 * 409 si otra persona la cambió). Los cupos no pueden quedar por debajo de los anotados; cambiar
 * la máscara no saca a nadie (las elecciones hechas valen). Sin imagen nueva, queda la anterior.
 */
export async function modificar(ctx: Ctx, d: ModificarActividad) {
  validar(d);
  const img = await leerImagen(d.imagen);
  return transaccion(ctx, async (tx) => {
    const [a] = await tx.db
      .select(columnasActividad)
      .from(jcdActividades)
      .where(eq(jcdActividades.id, d.id))
      .for('update');
    if (!a) throw falla('NOT_FOUND', ErrorJornada.inexistente);
    if (a.version !== d.version)
      throw falla(
        'CONFLICT',
        'Otra persona modificó la actividad mientras la editaba: se recargaron los datos, revise y vuelva a guardar.',
      );
    if (d.cupos < a.elegidos)
      throw falla('PRECONDITION_FAILED', ErrorJornada.menosCupos(a.elegidos));
    const imagenId = img ? await guardarImagen(tx.db, ctx, img, 'jornada') : a.imagenId;
    await tx.db
      .update(jcdActividades)
      .set({
        nombre: d.nombre,
        descripcion: d.descripcion,
        imagenId,
        cupos: d.cupos,
        comienzo: d.comienzo,
        fin: d.fin,
        aula: d.aula,
        mascara: d.mascara,
        version: a.version + 1,
      })
      .where(eq(jcdActividades.id, d.id));
    if (img && a.imagenId) await tx.db.delete(archivos).where(eq(archivos.id, a.imagenId));
    await auditar(tx, {
      accion: 'modificar',
      entidad: 'jcd_actividades',
      entidadId: d.id,
      antes: a,
      despues: { ...d, imagen: imagenId },
    });
    return { version: a.version + 1 };
  });
}

/** DELETE /api/jornada/actividades/{id}: sólo sin alumnos anotados (y con ella, su imagen). */
export async function borrar(ctx: Ctx, { id }: { id: number }) {
  return transaccion(ctx, async (tx) => {
    const [a] = await tx.db
      .select(columnasActividad)
      .from(jcdActividades)
      .where(eq(jcdActividades.id, id))
      .for('update');
    if (!a) throw falla('NOT_FOUND', ErrorJornada.inexistente);
    if (a.elegidos > 0) throw falla('PRECONDITION_FAILED', ErrorJornada.conElegidos(a.elegidos));
    await tx.db.delete(jcdActividades).where(eq(jcdActividades.id, id));
    if (a.imagenId) await tx.db.delete(archivos).where(eq(archivos.id, a.imagenId));
    await auditar(tx, {
      accion: 'borrar',
      entidad: 'jcd_actividades',
      entidadId: id,
      antes: a,
    });
    return { borrada: id };
  });
}

/**
 * DELETE /api/jornada/elecciones/{year}/{alumno} (Regente, Admin): quita la elección de un alumno
 * (un error de la escuela, un cambio autorizado); el alumno vuelve a elegir.
 */
export async function quitarEleccion(ctx: Ctx, d: { anio: number; alumno: number }) {
  return transaccion(ctx, async (tx) => {
    const [quitada] = await tx.db
      .delete(jcdElecciones)
      .where(and(eq(jcdElecciones.alumnoId, d.alumno), eq(jcdElecciones.ciclolectivo, d.anio)))
      .returning({ actividad: jcdElecciones.actividadId });
    if (!quitada) throw falla('NOT_FOUND', 'El alumno no eligió una actividad ese año.');
    await auditar(tx, {
      accion: 'quitar-eleccion',
      entidad: 'jcd_elecciones',
      entidadId: `${d.alumno}/${d.anio}`,
      antes: quitada,
    });
    return { quitada: quitada.actividad };
  });
}

/** La imagen de una actividad (cualquier usuario con sesión: no es un dato personal). */
export async function imagen(ctx: Ctx, { id }: { id: number }) {
  const [f] = await ctx.db
    .select({ datos: archivos.datos, tipo: archivos.tipo })
    .from(jcdActividades)
    .innerJoin(archivos, eq(archivos.id, jcdActividades.imagenId))
    .where(eq(jcdActividades.id, id));
  if (!f) throw falla('NOT_FOUND', 'La actividad no tiene imagen.');
  return f;
}
