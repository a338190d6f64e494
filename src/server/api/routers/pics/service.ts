/**
 * PIC (spec 02 §2 /pics, §3, §5, §7, §9; spec 01 §7 Evaluations and PICs; issue 16): programar las
 * PIC de un año (materia, cuatrimestre, comienzo en un horario fijo y aula), sus alumnos (la regla
 * `rindePic` y los ajustes a mano), la planilla de notas de la PIC (guardar con `anterior` y 409,
 * cerrar) según las fechas '_pic' del calendario, y las vistas de alumnos y referentes.
 *
 * Alcance: Alumnado y Admin, toda la escuela; el Jefe de Departamento, las materias de su
 * departamento (otra: 403, nada escrito); el Docente, la planilla de las materias que enseña en
 * el ciclo. Un número fijo de consultas por pedido.
 */
import { TRPCError } from '@trpc/server';
import { and, asc, between, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { FechaCalendario } from '@/domain/calendario';
import { nombreCurso } from '@/domain/escuela';
import { MINUTOS_MESA, MINUTOS_PIC, seSuperponen } from '@/domain/mesas';
import { AUSENTE, type Cuatrimestre } from '@/domain/notas';
import type { ModoPlanilla } from '@/domain/periodos-notas';
import {
  ajustarAlumno,
  columnasDeValor,
  comienzoEnZona,
  ErrorPic,
  type FechaHora,
  ESTUDIANTE_NO_EXISTE,
  estadoPlanillaPic,
  fechaDelCiclo,
  instanteDeComienzo,
  notaPicPublicada,
  periodosPic,
  rindePorRegla,
  valorDeFila,
  type OrigenPic,
  type ValorPic,
} from '@/domain/pics';
import { Rol } from '@/domain/roles';
import { alumnoPropioOHijo, cursadoVisible } from '@/server/alcance';
import { auditar } from '@/server/auditoria';
import { conDb, type Ctx } from '@/server/contexto';
import { coincide } from '@/server/consultas/personas';
import { alumnosDePics, picsDeAlumnos, type FilaPicDe } from '@/server/consultas/pics';
import type { DbOTx } from '@/server/db';
import {
  alumnos,
  alumnosCursos,
  calendario,
  cursados,
  cursadosDocentes,
  cursadosMaterias,
  cursos,
  departamentos,
  inscripciones,
  jefesDepartamento,
  materias,
  mesas,
  mesasAlumnos,
  notas,
  pics,
  picsAlumnos,
} from '@/server/db/schema';
import { enTransaccion } from '@/server/errores';
import type { AjustarPic, ClavePic, DatosPic, GuardarPic } from './schemas';

const prohibido = (message: string) => new TRPCError({ code: 'FORBIDDEN', message });
const noEncontrada = () => new TRPCError({ code: 'NOT_FOUND', message: ErrorPic.inexistente });

// ---------------------------------------------------------------------------
// Alcance

/** Las materias del departamento del jefe que inició sesión (subconsulta). */
const materiasDelJefe = (ctx: Ctx) =>
  ctx.db
    .select({ id: materias.id })
    .from(materias)
    .innerJoin(jefesDepartamento, eq(jefesDepartamento.departamentoId, materias.departamentoId))
    .where(eq(jefesDepartamento.usuarioId, ctx.sesion.usuario.id));

/** El filtro de materias del rol: el Jefe de Departamento, las de su departamento. */
const materiasDelRol = (ctx: Ctx): SQL | undefined =>
  ctx.sesion.rol === Rol.JefeDepartamento ? inArray(materias.id, materiasDelJefe(ctx)) : undefined;

/**
 * La materia, si existe (404) y el rol puede programar sus PIC (el Jefe de Departamento, sólo
 * las de su departamento: 403). Una consulta.
 */
async function materiaDelRol(ctx: Ctx, materiaId: number) {
  const [m] = await ctx.db
    .select({
      id: materias.id,
      nombre: materias.nombre,
      propia:
        ctx.sesion.rol === Rol.JefeDepartamento
          ? sql<boolean>`${inArray(materias.id, materiasDelJefe(ctx))}`
          : sql<boolean>`true`,
    })
    .from(materias)
    .where(eq(materias.id, materiaId));
  if (!m) throw new TRPCError({ code: 'NOT_FOUND', message: ErrorPic.materiaInexistente });
  if (!m.propia) throw prohibido(ErrorPic.otroDepartamento);
  return m;
}

/**
 * Quién mira la planilla: el Docente que enseña la materia en el ciclo la carga (otro docente:
 * 403); Alumnado la carga; Admin y el Jefe de Departamento (de su departamento) la leen.
 */
async function modoDe(ctx: Ctx, clave: ClavePic): Promise<ModoPlanilla> {
  const { rol } = ctx.sesion;
  if (rol === Rol.Alumnado) return 'alumnado';
  if (rol === Rol.Docente) {
    const [d] = await ctx.db
      .select({ id: cursados.id })
      .from(cursadosDocentes)
      .innerJoin(cursados, eq(cursados.id, cursadosDocentes.cursadoId))
      .innerJoin(cursadosMaterias, eq(cursadosMaterias.cursadoId, cursados.id))
      .where(
        and(
          eq(cursadosDocentes.usuarioId, ctx.sesion.usuario.id),
          eq(cursados.ciclolectivo, clave.anio),
          eq(cursadosMaterias.materiaId, clave.materia),
        ),
      )
      .limit(1);
    if (!d) throw prohibido(ErrorPic.noDocente);
    return 'docente';
  }
  if (rol === Rol.JefeDepartamento) await materiaDelRol(ctx, clave.materia);
  return 'lectura';
}

// ---------------------------------------------------------------------------
// Lecturas de apoyo

const columnasPic = {
  id: pics.id,
  ciclolectivo: pics.ciclolectivo,
  materiaId: pics.materiaId,
  materia: materias.nombre,
  cuatrimestre: pics.cuatrimestre,
  comienzo: pics.comienzo,
  aula: pics.aula,
  cerrada: pics.cerrada,
};

/** La PIC del año, la materia y el cuatrimestre; con `bloquear`, su fila queda bloqueada. */
async function buscarPic(db: DbOTx, clave: ClavePic, bloquear = false) {
  const q = db
    .select(columnasPic)
    .from(pics)
    .innerJoin(materias, eq(materias.id, pics.materiaId))
    .where(
      and(
        eq(pics.ciclolectivo, clave.anio),
        eq(pics.materiaId, clave.materia),
        eq(pics.cuatrimestre, clave.cuatrimestre),
      ),
    );
  const [p] = bloquear ? await q.for('update', { of: pics }) : await q;
  if (!p) throw noEncontrada();
  return p;
}
type Pic = Awaited<ReturnType<typeof buscarPic>>;

/** Los períodos de notas de PIC del año (fechas '_pic' del área 'nota'). Una consulta. */
async function periodosDelAnio(db: DbOTx, anio: number) {
  const fechas = await db
    .select({ fecha: calendario.fecha, tipo: calendario.tipo, area: calendario.area })
    .from(calendario)
    .where(
      and(
        eq(calendario.area, 'nota'),
        like(calendario.tipo, '%\\_pic'),
        between(calendario.fecha, `${anio}-01-01`, `${anio}-12-31`),
      ),
    );
  return periodosPic(fechas as FechaCalendario[]);
}

/** La PIC para la respuesta: el comienzo en fecha y hora de la escuela. */
const salida = (ctx: Ctx, p: Pic) => ({
  id: p.id,
  anio: p.ciclolectivo,
  materia: { id: p.materiaId, nombre: p.materia },
  cuatrimestre: p.cuatrimestre as Cuatrimestre,
  comienzo: comienzoEnZona(p.comienzo, ctx.zona),
  instante: p.comienzo.toISOString(),
  aula: p.aula,
  cerrada: p.cerrada,
});

/** Nombre y curso del ciclo de cada alumno. Una consulta. */
async function personas(db: DbOTx, ids: readonly number[], anio: number) {
  if (!ids.length) return new Map<number, { apellido: string; nombre: string; curso: string }>();
  const filas = await db
    .select({
      id: alumnos.id,
      apellido: alumnos.apellido,
      nombre: alumnos.nombre,
      anio: cursos.anio,
      division: cursos.division,
      especialidad: cursos.especialidad,
    })
    .from(alumnos)
    .leftJoin(
      alumnosCursos,
      and(eq(alumnosCursos.alumnoId, alumnos.id), eq(alumnosCursos.ciclolectivo, anio)),
    )
    .leftJoin(cursos, eq(cursos.id, alumnosCursos.cursoId))
    .where(inArray(alumnos.id, [...ids]));
  return new Map(
    filas.map((f) => [
      f.id,
      {
        apellido: f.apellido,
        nombre: f.nombre,
        curso:
          f.anio != null
            ? nombreCurso({ anio: f.anio, division: f.division!, especialidad: f.especialidad! })
            : '',
      },
    ]),
  );
}

const porNombre = <T extends { apellido: string; nombre: string; alumnoId: number }>(a: T, b: T) =>
  a.apellido.localeCompare(b.apellido, 'es') ||
  a.nombre.localeCompare(b.nombre, 'es') ||
  a.alumnoId - b.alumnoId;

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
  return enTransaccion(
    ctx,
    async (tx) => {
      const [nueva] = await tx
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
      await auditar(conDb(ctx, tx), {
        accion: 'crear',
        entidad: 'pics',
        entidadId: nueva.id,
        despues: { ...d, comienzo: comienzo.toISOString() },
      });
      return salida(ctx, await buscarPic(tx, d));
    },
    MENSAJES_ESCRITURA,
  );
}

/** PUT /api/pics/{year}/{a}/{b} {comienzo, aula}: cambia el comienzo y el aula. Cerrada: 412. */
export async function modificar(ctx: Ctx, d: DatosPic) {
  comprobarFecha(d);
  await materiaDelRol(ctx, d.materia);
  const comienzo = instanteDeComienzo(d.comienzo, ctx.zona);
  return enTransaccion(
    ctx,
    async (tx) => {
      const antes = await buscarPic(tx, d, true);
      if (antes.cerrada)
        throw new TRPCError({ code: 'PRECONDITION_FAILED', message: ErrorPic.cerradaModificar });
      await tx.update(pics).set({ comienzo, aula: d.aula }).where(eq(pics.id, antes.id));
      await auditar(conDb(ctx, tx), {
        accion: 'modificar',
        entidad: 'pics',
        entidadId: antes.id,
        antes: { comienzo: antes.comienzo.toISOString(), aula: antes.aula },
        despues: { comienzo: comienzo.toISOString(), aula: d.aula },
      });
      return salida(ctx, { ...antes, comienzo, aula: d.aula });
    },
    MENSAJES_ESCRITURA,
  );
}

/** DELETE /api/pics/{year}/{a}/{b}: borra la PIC (con sus ajustes y notas). Cerrada: 412. */
export async function borrar(ctx: Ctx, clave: ClavePic) {
  await materiaDelRol(ctx, clave.materia);
  return enTransaccion(ctx, async (tx) => {
    const antes = await buscarPic(tx, clave, true);
    if (antes.cerrada)
      throw new TRPCError({ code: 'PRECONDITION_FAILED', message: ErrorPic.cerradaBorrar });
    await tx.delete(pics).where(eq(pics.id, antes.id));
    await auditar(conDb(ctx, tx), {
      accion: 'borrar',
      entidad: 'pics',
      entidadId: antes.id,
      antes: { ...clave, comienzo: antes.comienzo.toISOString(), aula: antes.aula },
    });
    return { borrada: true, id: antes.id };
  });
}

// ---------------------------------------------------------------------------
// Los alumnos de la PIC y los ajustes a mano

/** Las inscripciones de la materia en el ciclo con la nota del cuatrimestre (una consulta). */
function inscriptosDeLaMateria(
  db: DbOTx,
  p: Pick<Pic, 'materiaId' | 'ciclolectivo' | 'cuatrimestre'>,
  alumno?: number,
) {
  return db
    .select({
      alumnoId: inscripciones.alumnoId,
      modalidad: cursados.modalidad,
      nota: notas.nota,
      ausente: notas.ausente,
    })
    .from(inscripciones)
    .innerJoin(
      cursados,
      and(eq(cursados.id, inscripciones.cursadoId), eq(cursados.ciclolectivo, p.ciclolectivo)),
    )
    .leftJoin(
      notas,
      and(
        eq(notas.alumnoId, inscripciones.alumnoId),
        eq(notas.cursadoId, inscripciones.cursadoId),
        eq(notas.cuatrimestre, p.cuatrimestre),
      ),
    )
    .where(
      and(
        eq(inscripciones.materiaId, p.materiaId),
        alumno ? eq(inscripciones.alumnoId, alumno) : undefined,
      ),
    );
}

const valorNota = (n: { nota: number | null; ausente: boolean | null }) =>
  n.ausente ? AUSENTE : (n.nota ?? null);

/**
 * Los alumnos de la PIC con su origen, su curso, su nota del cuatrimestre y la de la PIC, y los
 * demás inscriptos en la materia (para agregar a mano). Cuatro consultas.
 */
async function alumnosConDatos(db: DbOTx, p: Pic) {
  const [{ alumnos: de, filas }, insc] = await Promise.all([
    alumnosDePics(db, [p]),
    inscriptosDeLaMateria(db, p),
  ]);
  const origen = de.get(p.id) ?? new Map<number, OrigenPic>();
  const ids = [...new Set([...origen.keys(), ...insc.map((i) => i.alumnoId)])];
  const datos = await personas(db, ids, p.ciclolectivo);
  const notaDelCuatrimestre = new Map(insc.map((i) => [i.alumnoId, valorNota(i)]));
  const fila = new Map(filas.map((f) => [f.alumnoId, f]));
  const fuera = (id: number) => ({
    alumnoId: id,
    ...datos.get(id)!,
    notaCuatrimestre: notaDelCuatrimestre.get(id) ?? null,
  });
  return {
    filas: fila as Map<number, FilaPicDe>,
    enLaPic: [...origen.entries()]
      .map(([id, o]) => ({
        ...fuera(id),
        origen: o,
        guardado: valorDeFila(fila.get(id)) as ValorPic | null,
      }))
      .sort(porNombre),
    otros: ids
      .filter((id) => !origen.has(id))
      .map(fuera)
      .sort(porNombre),
  };
}

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
  return enTransaccion(ctx, async (tx) => {
    const p = await buscarPic(tx, a, true);
    if (p.cerrada)
      throw new TRPCError({ code: 'PRECONDITION_FAILED', message: ErrorPic.cerradaAjustar });
    const [insc, [filaActual], { alumnos: de }] = await Promise.all([
      inscriptosDeLaMateria(tx, p, a.alumno),
      tx
        .select()
        .from(picsAlumnos)
        .where(and(eq(picsAlumnos.picId, p.id), eq(picsAlumnos.alumnoId, a.alumno))),
      alumnosDePics(tx, [p]),
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
      await tx
        .delete(picsAlumnos)
        .where(and(eq(picsAlumnos.picId, p.id), eq(picsAlumnos.alumnoId, a.alumno)));
    if (r.tipo === 'fila')
      await tx
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
    await auditar(conDb(ctx, tx), {
      accion: a.accion,
      entidad: 'pics_alumnos',
      entidadId: p.id,
      antes: fila,
      despues: { alumno: a.alumno, resultado: r.tipo === 'fila' ? r.ajuste : r.tipo },
    });
    return { alumno: a.alumno, enLaPic: a.accion === 'agregar' };
  });
}

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
    .innerJoin(cursadosMaterias, eq(cursadosMaterias.materiaId, pics.materiaId))
    .innerJoin(
      cursados,
      and(
        eq(cursados.id, cursadosMaterias.cursadoId),
        eq(cursados.ciclolectivo, pics.ciclolectivo),
      ),
    )
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
  return enTransaccion(ctx, async (tx) => {
    const p = await buscarPic(tx, d, true);
    const e = await estadoParaEscribir(tx, ctx, p, modo);
    if (!e.puedeCargar)
      throw new TRPCError({ code: 'PRECONDITION_FAILED', message: e.motivo ?? ErrorPic.cerrada });
    if (!d.cambios.length) return { guardados: 0 };
    const { alumnos: de, filas } = await alumnosDePics(tx, [p]);
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
        tx,
        conflictos.map((c) => c.alumno),
        p.ciclolectivo,
      );
      const quienes = conflictos
        .map((c) => datos.get(c.alumno))
        .map((a) => (a ? `${a.apellido}, ${a.nombre}` : ''))
        .join('; ');
      throw new TRPCError({ code: 'CONFLICT', message: ErrorPic.conflicto(quienes) });
    }
    await tx
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
    await auditar(conDb(ctx, tx), {
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
  return enTransaccion(ctx, async (tx) => {
    const p = await buscarPic(tx, clave, true);
    if (p.cerrada)
      throw new TRPCError({ code: 'PRECONDITION_FAILED', message: ErrorPic.yaCerrada });
    const e = await estadoParaEscribir(tx, ctx, p, modo);
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
    const { alumnos: de } = await alumnosDePics(tx, [p]);
    const ids = [...(de.get(p.id)?.keys() ?? [])];
    if (ids.length)
      await tx
        .insert(picsAlumnos)
        .values(
          ids.map((alumnoId) => ({ picId: p.id, alumnoId, modificadoPor: ctx.sesion.usuario.id })),
        )
        .onConflictDoNothing();
    await tx
      .update(pics)
      .set({ cerrada: true, cerradaPor: ctx.sesion.usuario.id, cerradaEn: sql`now()` })
      .where(eq(pics.id, p.id));
    await auditar(conDb(ctx, tx), {
      accion: 'cerrar',
      entidad: 'pics',
      entidadId: p.id,
      despues: { ...clave, alumnos: ids.length },
    });
    return { id: p.id, cerrada: true, alumnos: ids.length };
  });
}

// ---------------------------------------------------------------------------
// Alumnos y referentes: sus PIC y sus notas de PIC

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

// ---------------------------------------------------------------------------
// Superposiciones (issue 16, más allá de la spec)

/**
 * GET /api/pics/{y}/{a}/{b}/choques?comienzo=: los alumnos de la PIC (por la regla y los ajustes
 * si ya existe; por la regla si es nueva) que a esa fecha y hora rinden otra PIC o una mesa. El
 * formulario los muestra antes de guardar; no bloquean. Una PIC dura 90 minutos y una mesa 120
 * (`seSuperponen`, domain/mesas). Seis consultas, cualquiera sea la cantidad de alumnos.
 */
export async function choques(ctx: Ctx, d: ClavePic & { comienzo: FechaHora }) {
  await materiaDelRol(ctx, d.materia);
  const inicio = instanteDeComienzo(d.comienzo, ctx.zona);
  const [existente] = await ctx.db
    .select({
      id: pics.id,
      ciclolectivo: pics.ciclolectivo,
      materiaId: pics.materiaId,
      cuatrimestre: pics.cuatrimestre,
      cerrada: pics.cerrada,
    })
    .from(pics)
    .where(
      and(
        eq(pics.ciclolectivo, d.anio),
        eq(pics.materiaId, d.materia),
        eq(pics.cuatrimestre, d.cuatrimestre),
      ),
    );
  let ids: number[];
  if (existente) {
    ids = [...((await alumnosDePics(ctx.db, [existente])).alumnos.get(existente.id)?.keys() ?? [])];
  } else {
    const filas = await inscriptosDeLaMateria(ctx.db, {
      materiaId: d.materia,
      ciclolectivo: d.anio,
      cuatrimestre: d.cuatrimestre,
    });
    ids = [
      ...new Set(
        filas
          .filter((f) =>
            rindePorRegla(d.cuatrimestre, [{ modalidad: f.modalidad, valor: valorNota(f) }]),
          )
          .map((f) => f.alumnoId),
      ),
    ];
  }
  if (!ids.length) return { choques: [] as string[] };
  const corrido = (minutos: number) => new Date(inicio.getTime() + minutos * 60_000);
  const [otras, enMesas, nombres] = await Promise.all([
    picsDeAlumnos(ctx.db, {
      alumnos: ids,
      donde: and(
        sql`${pics.comienzo} > ${corrido(-MINUTOS_PIC).toISOString()}::timestamptz`,
        sql`${pics.comienzo} < ${corrido(MINUTOS_PIC).toISOString()}::timestamptz`,
        existente ? sql`${pics.id} <> ${existente.id}` : undefined,
      ),
    }),
    ctx.db
      .selectDistinct({
        alumno: mesasAlumnos.alumnoId,
        instancia: mesas.instancia,
        comienzo: mesas.comienzo,
      })
      .from(mesasAlumnos)
      .innerJoin(mesas, eq(mesas.id, mesasAlumnos.mesaId))
      .where(
        and(
          inArray(mesasAlumnos.alumnoId, ids),
          sql`${mesas.comienzo} > ${corrido(-MINUTOS_MESA).toISOString()}::timestamptz`,
          sql`${mesas.comienzo} < ${corrido(MINUTOS_PIC).toISOString()}::timestamptz`,
        ),
      ),
    ctx.db
      .select({ id: alumnos.id, apellido: alumnos.apellido, nombre: alumnos.nombre })
      .from(alumnos)
      .where(inArray(alumnos.id, ids)),
  ]);
  const nombre = new Map(nombres.map((a) => [a.id, `${a.apellido}, ${a.nombre}`]));
  const esta = { comienzo: inicio, minutos: MINUTOS_PIC };
  const cuando = (x: Date) => {
    const c = comienzoEnZona(x, ctx.zona);
    return `${c.fecha.split('-').reverse().join('/')}, ${c.hora}`;
  };
  return {
    choques: [
      ...otras
        .filter((o) => seSuperponen(esta, { comienzo: o.comienzo, minutos: MINUTOS_PIC }))
        .map(
          (o) =>
            `${nombre.get(o.alumnoId)} rinde la PIC de ${o.materia} a esa hora (${cuando(o.comienzo)}).`,
        ),
      ...enMesas
        .filter((m) => seSuperponen(esta, { comienzo: m.comienzo, minutos: MINUTOS_MESA }))
        .map(
          (m) =>
            `${nombre.get(m.alumno)} rinde una mesa a esa hora (${m.instancia}, ${cuando(m.comienzo)}).`,
        ),
    ],
  };
}
