/**
 * Mesas de examen (spec 02 §2 Mesas, §3, §5, §7 mesas, §8; issue 16): el listado del año con
 * búsqueda y páginas de 30, el alta y los cambios por rol (con versión: 409 si otra persona la
 * cambió), las materias evaluadas y el tribunal (altas y bajas acumuladas), los alumnos anotados
 * por materia (los que la adeudan; los propuestos salen de las planillas cerradas), el acta
 * (guardar con `anterior`, cerrar: escribe `examenes`) y las superposiciones de horario.
 *
 * Alcance: Alumnado y Admin, todas las mesas; Jefe de Departamento, las que evalúan alguna
 * materia de su departamento; Docente, las de su tribunal. Un número fijo de consultas por pedido.
 */
import { TRPCError } from '@trpc/server';
import { and, asc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { nombreCompleto, nombreCurso, partesEnZona } from '@/domain/escuela';
import { instanteEnZona } from '@/domain/ics';
import {
  ERROR_MESA_NO_ENCONTRADA,
  actaHabilitada,
  errorActaAntesDeLaMesa,
  textoCerrarDesde,
  MESAS_POR_PAGINA,
  MINUTOS_MESA,
  MINUTOS_PIC,
  adeudaMateria,
  errorActaIncompleta,
  mismoResultado,
  permisosMesa,
  pestanaInicial,
  planillaCerrada,
  problemaDeResultado,
  seProponeParaMesa,
  seSuperponen,
  sinResultado,
} from '@/domain/mesas';
import {
  AUSENTE,
  nombreCortoInstancia,
  type ResultadoExamen,
  type TipoNotaExamen,
} from '@/domain/notas';
import { Rol } from '@/domain/roles';
import { fechaLegible } from '@/domain/texto';
import { auditar } from '@/server/auditoria';
import { coincide, ordenPorNombre } from '@/server/consultas/personas';
import { picsDeAlumnos } from '@/server/consultas/pics';
import { conDb, type Ctx } from '@/server/contexto';
import type { DbOTx } from '@/server/db';
import {
  alumnos,
  cursados,
  examenes,
  inscripciones,
  materias,
  mesas,
  mesasAlumnos,
  mesasMaterias,
  mesasTribunal,
  pics,
  usuarios,
} from '@/server/db/schema';
import { enTransaccion } from '@/server/errores';
import { paginar } from '@/server/api/schemas';
import type {
  Acta,
  Anotar,
  CambiosDeLista,
  CrearMesa,
  GuardarActa,
  ListaMesas,
  ModificarHorarioMesa,
  ModificarMesa,
} from './schemas';

export const MesasError = {
  inexistente: 'La mesa no existe.',
  sinPermiso: 'No tiene permiso para esa acción en las mesas de examen.',
  ajena: 'No tiene acceso a esa mesa.',
  otraVersion:
    'Otra persona modificó la mesa mientras la editaba: se recargaron los datos, revise y vuelva a guardar.',
  actasCerradasFecha:
    'La mesa tiene actas cerradas: ya no se pueden cambiar la fecha ni la instancia.',
  actasCerradasBorrar: 'La mesa tiene actas cerradas: no se puede borrar.',
  resultadosBorrar:
    'La mesa tiene resultados cargados en sus actas: quite los resultados antes de borrarla.',
  materiaInexistente: 'La materia no existe.',
  materiaNoEvaluada: 'La mesa no evalúa esa materia.',
  materiaConAlumnos: (m: string) =>
    `No se puede quitar ${m}: tiene alumnos anotados. Quítelos primero en la pestaña Alumnos.`,
  noDocente: 'Sólo se pueden agregar al tribunal usuarios habilitados con rol Docente.',
  actaCerrada: 'El acta ya está cerrada: es definitiva y no se puede modificar.',
  noAnotado: (quienes: string) => `Estos alumnos no están anotados en el acta: ${quienes}.`,
  noAdeuda: (quienes: string, materia: string) =>
    `Estos alumnos no adeudan ${materia}: ${quienes}.`,
  conflicto: (quienes: string) =>
    `Otra persona cambió el acta mientras la editaba (${quienes}). Se recargaron los datos guardados: revise y vuelva a guardar.`,
  conResultado: (quienes: string) =>
    `No se puede quitar a quien ya tiene resultado en el acta: ${quienes}.`,
} as const;

const HORA_POR_DEFECTO = '07:30';

const falla = (code: TRPCError['code'], message: string) => new TRPCError({ code, message });

function permisos(ctx: Ctx) {
  const p = permisosMesa(ctx.sesion.rol);
  if (!p.pestanas.length) throw falla('FORBIDDEN', MesasError.sinPermiso);
  return p;
}

/** 'AAAA-MM-DD' y 'HH:MM' de un instante en la zona de la escuela. */
function fechaYHora(instante: Date, zona: string) {
  const p = partesEnZona(instante, zona);
  const dos = (n: number) => String(n).padStart(2, '0');
  return {
    fecha: `${p.anio}-${dos(p.mes)}-${dos(p.dia)}`,
    hora: `${dos(p.hora)}:${dos(p.minuto)}`,
  };
}

/** Las mesas que ve el rol: subconsulta de ids, o null si ve todas. */
function mesasVisibles(ctx: Ctx): SQL | null {
  const { rol, usuario } = ctx.sesion;
  if (rol === Rol.Alumnado || rol === Rol.Admin) return null;
  if (rol === Rol.JefeDepartamento)
    return sql`${mesas.id} in (select mm.mesa_id from mesas_materias mm join materias m on m.id = mm.materia_id join jefes_departamento j on j.departamento_id = m.departamento_id where j.usuario_id = ${usuario.id})`;
  if (rol === Rol.Docente)
    return sql`${mesas.id} in (select t.mesa_id from mesas_tribunal t where t.docente_id = ${usuario.id})`;
  return sql`false`;
}

/** La mesa (bloqueada si `bloquear`), visible para el rol; 404 o 403 si no. */
async function mesaVisible(
  ctx: Ctx,
  idMesa: number,
  { bloquear = false, noEncontrada = MesasError.inexistente as string } = {},
) {
  const visibles = mesasVisibles(ctx);
  let consulta = ctx.db
    .select({
      id: mesas.id,
      comienzo: mesas.comienzo,
      instancia: mesas.instancia,
      aula: mesas.aula,
      version: mesas.version,
      visible: visibles ? sql<boolean>`${visibles}` : sql<boolean>`true`,
    })
    .from(mesas)
    .where(eq(mesas.id, idMesa))
    .$dynamic();
  if (bloquear) consulta = consulta.for('update', { of: mesas });
  const [fila] = await consulta;
  if (!fila) throw falla('NOT_FOUND', noEncontrada);
  if (!fila.visible) throw falla('FORBIDDEN', MesasError.ajena);
  return fila;
}

// ---------------------------------------------------------------------------
// Columnas compartidas por el listado y el detalle

const ID_MESA = sql.raw('"mesas"."id"');
const columnaMaterias = sql<{ id: number; nombre: string; cerrada: boolean; alumnos: number }[]>`
  coalesce((select json_agg(json_build_object('id', m.id, 'nombre', m.nombre, 'cerrada', mm.cerrada_en is not null,
    'alumnos', (select count(*) from mesas_alumnos a where a.mesa_id = mm.mesa_id and a.materia_id = mm.materia_id)) order by mm.orden, m.nombre)
   from mesas_materias mm join materias m on m.id = mm.materia_id where mm.mesa_id = ${ID_MESA}), '[]'::json)`;
const columnaTribunal = sql<{ id: number; apellido: string; nombre: string }[]>`
  coalesce((select json_agg(json_build_object('id', u.id, 'apellido', u.apellido, 'nombre', u.nombre) order by t.orden, u.apellido)
   from mesas_tribunal t join usuarios u on u.id = t.docente_id where t.mesa_id = ${ID_MESA}), '[]'::json)`;
const textoBuscable = sql`${mesas.instancia} || ' ' || coalesce(${mesas.aula}, '') || ' ' ||
  coalesce((select string_agg(m.nombre, ' ') from mesas_materias mm join materias m on m.id = mm.materia_id where mm.mesa_id = ${ID_MESA}), '') || ' ' ||
  coalesce((select string_agg(u.apellido || ' ' || u.nombre, ' ') from mesas_tribunal t join usuarios u on u.id = t.docente_id where t.mesa_id = ${ID_MESA}), '')`;

function conHora<T extends { comienzo: Date; instancia: string }>(ctx: Ctx, m: T) {
  return { ...m, ...fechaYHora(m.comienzo, ctx.zona), corta: nombreCortoInstancia(m.instancia) };
}

/** Los datos de la mesa para la pantalla (sin la marca de alcance). */
const datosMesa = (ctx: Ctx, { visible: _, ...m }: Awaited<ReturnType<typeof mesaVisible>>) =>
  conHora(ctx, m);

/** GET /api/mesas: las mesas del año (por la fecha de comienzo), 30 por página, con búsqueda. */
export async function lista(ctx: Ctx, b: ListaMesas) {
  permisos(ctx);
  const anio = b.anio ?? ctx.ciclo;
  const desde = instanteEnZona(`${anio}-01-01`, '00:00', ctx.zona);
  const hasta = instanteEnZona(`${anio + 1}-01-01`, '00:00', ctx.zona);
  const filas = await ctx.db
    .select({
      id: mesas.id,
      comienzo: mesas.comienzo,
      instancia: mesas.instancia,
      aula: mesas.aula,
      materias: columnaMaterias,
      tribunal: columnaTribunal,
    })
    .from(mesas)
    .where(
      and(
        gte(mesas.comienzo, desde),
        lt(mesas.comienzo, hasta),
        mesasVisibles(ctx) ?? undefined,
        coincide(b.q, [textoBuscable]),
      ),
    )
    .orderBy(asc(mesas.comienzo), asc(mesas.id))
    .limit(MESAS_POR_PAGINA + 1)
    .offset(b.cursor);
  const pagina = paginar(filas, { ...b, limit: MESAS_POR_PAGINA });
  return { ...pagina, items: pagina.items.map((m) => conHora(ctx, m)) };
}

/** GET /api/mesas/{id}: la mesa con materias, tribunal, superposiciones y lo que el rol puede hacer. */
export async function detalle(ctx: Ctx, { id }: { id: number }) {
  const p = permisos(ctx);
  const m = await mesaVisible(ctx, id);
  const [[extra], choques] = await Promise.all([
    ctx.db
      .select({ materias: columnaMaterias, tribunal: columnaTribunal })
      .from(mesas)
      .where(eq(mesas.id, id)),
    choquesDeMesa(ctx, { id, comienzo: m.comienzo }),
  ]);
  const materiasM = extra?.materias ?? [];
  const tribunal = extra?.tribunal ?? [];
  const esDelTribunal = tribunal.some((t) => t.id === ctx.sesion.usuario.id);
  return {
    ...datosMesa(ctx, m),
    materias: materiasM,
    tribunal,
    choques,
    permisos: { ...p, cargaActas: p.cargaActas && (p.administra || esDelTribunal) },
    pestana: pestanaInicial(p.pestanas, {
      materias: materiasM.length,
      tribunal: tribunal.length,
    }),
    actasCerradas: materiasM.some((x) => x.cerrada),
  };
}

// ---------------------------------------------------------------------------
// Alta, cambios y baja

function exigir(
  cond: boolean,
  code: TRPCError['code'] = 'FORBIDDEN',
  msg: string = MesasError.sinPermiso,
) {
  if (!cond) throw falla(code, msg);
}

/** POST /api/mesas (Alumnado, Admin): una mesa nueva; Admin no elige la hora (07:30). */
export async function crear(ctx: Ctx, d: CrearMesa) {
  const p = permisos(ctx);
  exigir(p.administra);
  if (p.formulario === 'alumnado' && !d.hora) throw falla('BAD_REQUEST', 'La hora es obligatoria.');
  const comienzo = instanteEnZona(d.fecha, d.hora ?? HORA_POR_DEFECTO, ctx.zona);
  return enTransaccion(ctx, async (tx) => {
    const [nueva] = await tx
      .insert(mesas)
      .values({ comienzo, instancia: d.instancia, aula: d.aula, creadaPor: ctx.sesion.usuario.id })
      .returning({ id: mesas.id });
    await auditar(conDb(ctx, tx), {
      accion: 'crear',
      entidad: 'mesas',
      entidadId: nueva!.id,
      despues: { ...d, comienzo },
    });
    return { id: nueva!.id };
  });
}

/**
 * PUT /api/mesas/{id} (Alumnado: fecha, hora, instancia y aula; Admin: fecha e instancia, la
 * hora y el aula quedan). Con actas cerradas no cambian la fecha ni la instancia (ya están en
 * las libretas).
 */
export async function modificar(ctx: Ctx, d: ModificarMesa) {
  const p = permisos(ctx);
  exigir(p.administra);
  if (p.formulario === 'alumnado' && !d.hora) throw falla('BAD_REQUEST', 'La hora es obligatoria.');
  return enTransaccion(ctx, async (tx) => {
    const c = conDb(ctx, tx);
    const m = await mesaVisible(c, d.id, {
      bloquear: true,
      noEncontrada: ERROR_MESA_NO_ENCONTRADA,
    });
    if (m.version !== d.version) throw falla('CONFLICT', MesasError.otraVersion);
    const actual = fechaYHora(m.comienzo, ctx.zona);
    const hora = p.formulario === 'admin' ? actual.hora : d.hora!;
    const aula = p.formulario === 'admin' ? m.aula : d.aula;
    const comienzo = instanteEnZona(d.fecha, hora, ctx.zona);
    const cambiaActa = comienzo.getTime() !== m.comienzo.getTime() || d.instancia !== m.instancia;
    if (cambiaActa && (await tieneActasCerradas(tx, d.id)))
      throw falla('PRECONDITION_FAILED', MesasError.actasCerradasFecha);
    await tx
      .update(mesas)
      .set({ comienzo, instancia: d.instancia, aula, version: m.version + 1 })
      .where(eq(mesas.id, d.id));
    await auditar(c, {
      accion: 'modificar',
      entidad: 'mesas',
      entidadId: d.id,
      antes: { comienzo: m.comienzo, instancia: m.instancia, aula: m.aula },
      despues: { comienzo, instancia: d.instancia, aula },
    });
    return { version: m.version + 1 };
  });
}

/** PUT /api/mesas/{id}/horario (Jefe de Departamento): la hora y el aula, el mismo día. */
export async function modificarHorario(ctx: Ctx, d: ModificarHorarioMesa) {
  const p = permisos(ctx);
  exigir(p.formulario === 'horario');
  return enTransaccion(ctx, async (tx) => {
    const c = conDb(ctx, tx);
    const m = await mesaVisible(c, d.id, {
      bloquear: true,
      noEncontrada: ERROR_MESA_NO_ENCONTRADA,
    });
    if (m.version !== d.version) throw falla('CONFLICT', MesasError.otraVersion);
    const comienzo = instanteEnZona(fechaYHora(m.comienzo, ctx.zona).fecha, d.hora, ctx.zona);
    if (comienzo.getTime() !== m.comienzo.getTime() && (await tieneActasCerradas(tx, d.id)))
      throw falla('PRECONDITION_FAILED', MesasError.actasCerradasFecha);
    await tx
      .update(mesas)
      .set({ comienzo, aula: d.aula, version: m.version + 1 })
      .where(eq(mesas.id, d.id));
    await auditar(c, {
      accion: 'modificar-horario',
      entidad: 'mesas',
      entidadId: d.id,
      antes: { comienzo: m.comienzo, aula: m.aula },
      despues: { comienzo, aula: d.aula },
    });
    return { version: m.version + 1 };
  });
}

async function tieneActasCerradas(tx: DbOTx, idMesa: number) {
  const [f] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(mesasMaterias)
    .where(and(eq(mesasMaterias.mesaId, idMesa), sql`${mesasMaterias.cerradaEn} is not null`));
  return (f?.n ?? 0) > 0;
}

/** DELETE /api/mesas/{id} (Alumnado, Admin): sin actas cerradas ni resultados cargados. */
export async function borrar(ctx: Ctx, { id }: { id: number }) {
  const p = permisos(ctx);
  exigir(p.administra);
  return enTransaccion(ctx, async (tx) => {
    const c = conDb(ctx, tx);
    const m = await mesaVisible(c, id, { bloquear: true });
    if (await tieneActasCerradas(tx, id))
      throw falla('PRECONDITION_FAILED', MesasError.actasCerradasBorrar);
    const [r] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(mesasAlumnos)
      .where(and(eq(mesasAlumnos.mesaId, id), sql`${mesasAlumnos.tipoNota} is not null`));
    if ((r?.n ?? 0) > 0) throw falla('PRECONDITION_FAILED', MesasError.resultadosBorrar);
    await tx.delete(mesas).where(eq(mesas.id, id));
    await auditar(c, { accion: 'borrar', entidad: 'mesas', entidadId: id, antes: m });
    return { borrada: id };
  });
}

// ---------------------------------------------------------------------------
// Materias evaluadas y tribunal: altas y bajas acumuladas

/**
 * Aplica las altas (al final, con el orden siguiente; las que ya están no se repiten) y las bajas
 * de una lista de la mesa (materias o tribunal) y las audita. Devuelve cuántas altas hubo.
 */
async function altasYBajas(
  c: Ctx,
  d: CambiosDeLista,
  que: 'materias' | 'tribunal',
  l: {
    actuales: readonly { id: number; orden: number }[];
    quitar: readonly number[];
    borrar: () => Promise<unknown>;
    insertar: (filas: { id: number; orden: number }[]) => Promise<unknown>;
  },
) {
  if (l.quitar.length) await l.borrar();
  let orden = Math.max(0, ...l.actuales.map((a) => a.orden));
  const nuevas = [...new Set(d.agregar)]
    .filter((x) => !l.actuales.some((a) => a.id === x))
    .map((id) => ({ id, orden: ++orden }));
  if (nuevas.length) await l.insertar(nuevas);
  if (nuevas.length || l.quitar.length)
    await auditar(c, {
      accion: que,
      entidad: 'mesas',
      entidadId: d.id,
      despues: { agregar: nuevas.map((n) => n.id), quitar: l.quitar },
    });
  return nuevas.length;
}

/** PUT /api/mesas/{id}/materias (Alumnado, Admin): agrega y quita materias evaluadas. */
export async function guardarMaterias(ctx: Ctx, d: CambiosDeLista) {
  const p = permisos(ctx);
  exigir(p.administra);
  return enTransaccion(ctx, async (tx) => {
    const c = conDb(ctx, tx);
    await mesaVisible(c, d.id, { bloquear: true });
    const quitar = d.quitar.filter((x) => !d.agregar.includes(x));
    const [existentes, actuales] = await Promise.all([
      d.agregar.length
        ? tx.select({ id: materias.id }).from(materias).where(inArray(materias.id, d.agregar))
        : Promise.resolve([]),
      tx
        .select({
          materia: mesasMaterias.materiaId,
          orden: mesasMaterias.orden,
          nombre: materias.nombre,
          alumnos: sql<number>`(select count(*)::int from mesas_alumnos a where a.mesa_id = ${mesasMaterias.mesaId} and a.materia_id = ${mesasMaterias.materiaId})`,
        })
        .from(mesasMaterias)
        .innerJoin(materias, eq(materias.id, mesasMaterias.materiaId))
        .where(eq(mesasMaterias.mesaId, d.id)),
    ]);
    if (existentes.length !== new Set(d.agregar).size)
      throw falla('BAD_REQUEST', MesasError.materiaInexistente);
    const conAlumnos = actuales.find((a) => quitar.includes(a.materia) && a.alumnos > 0);
    if (conAlumnos)
      throw falla('PRECONDITION_FAILED', MesasError.materiaConAlumnos(conAlumnos.nombre));
    const nuevas = await altasYBajas(c, d, 'materias', {
      actuales: actuales.map((a) => ({ id: a.materia, orden: a.orden })),
      quitar,
      borrar: () =>
        tx
          .delete(mesasMaterias)
          .where(and(eq(mesasMaterias.mesaId, d.id), inArray(mesasMaterias.materiaId, quitar))),
      insertar: (filas) =>
        tx
          .insert(mesasMaterias)
          .values(filas.map((f) => ({ mesaId: d.id, materiaId: f.id, orden: f.orden })))
          .onConflictDoNothing(),
    });
    return { agregadas: nuevas, quitadas: quitar.length };
  });
}

/** PUT /api/mesas/{id}/tribunal (Alumnado, Admin, Jefe de Departamento): agrega y quita docentes. */
export async function guardarTribunal(ctx: Ctx, d: CambiosDeLista) {
  const p = permisos(ctx);
  exigir(p.editaTribunal);
  return enTransaccion(ctx, async (tx) => {
    const c = conDb(ctx, tx);
    await mesaVisible(c, d.id, { bloquear: true });
    const quitar = d.quitar.filter((x) => !d.agregar.includes(x));
    const agregar = [...new Set(d.agregar)];
    const [docentes, actuales] = await Promise.all([
      agregar.length
        ? tx
            .select({ id: usuarios.id })
            .from(usuarios)
            .where(
              and(
                inArray(usuarios.id, agregar),
                eq(usuarios.habilitado, true),
                sql`(${usuarios.rls} & ${Rol.Docente}) <> 0`,
              ),
            )
        : Promise.resolve([]),
      tx
        .select({ docente: mesasTribunal.docenteId, orden: mesasTribunal.orden })
        .from(mesasTribunal)
        .where(eq(mesasTribunal.mesaId, d.id)),
    ]);
    if (docentes.length !== agregar.length) throw falla('BAD_REQUEST', MesasError.noDocente);
    const nuevos = await altasYBajas(c, d, 'tribunal', {
      actuales: actuales.map((a) => ({ id: a.docente, orden: a.orden })),
      quitar,
      borrar: () =>
        tx
          .delete(mesasTribunal)
          .where(and(eq(mesasTribunal.mesaId, d.id), inArray(mesasTribunal.docenteId, quitar))),
      insertar: (filas) =>
        tx
          .insert(mesasTribunal)
          .values(filas.map((f) => ({ mesaId: d.id, docenteId: f.id, orden: f.orden })))
          .onConflictDoNothing(),
    });
    return { agregados: nuevos, quitados: quitar.length };
  });
}

/**
 * Los docentes para el tribunal (búsqueda, páginas de 50), cada uno con su superposición: si a
 * la hora de la mesa ya está en el tribunal de otra mesa, se avisa antes de agregarlo.
 */
export async function docentes(ctx: Ctx, b: { id: number; q: string; cursor: number }) {
  const p = permisos(ctx);
  exigir(p.editaTribunal);
  const m = await mesaVisible(ctx, b.id);
  const [desde, hasta] = ventana(m.comienzo, MINUTOS_MESA, MINUTOS_MESA);
  const limite = 50;
  const filas = await ctx.db
    .select({
      id: usuarios.id,
      apellido: usuarios.apellido,
      nombre: usuarios.nombre,
      enTribunal: sql<boolean>`exists (select 1 from mesas_tribunal t where t.mesa_id = ${b.id} and t.docente_id = ${usuarios.id})`,
      choque: sql<
        string | null
      >`(select string_agg(to_char(o.comienzo at time zone ${ctx.zona}, 'DD/MM HH24:MI') || ' ' || o.instancia, '; ') from mesas o join mesas_tribunal t on t.mesa_id = o.id
        where t.docente_id = ${usuarios.id} and o.id <> ${b.id} and o.comienzo > ${instanteSql(desde)} and o.comienzo < ${instanteSql(hasta)})`,
    })
    .from(usuarios)
    .where(
      and(
        eq(usuarios.habilitado, true),
        sql`(${usuarios.rls} & ${Rol.Docente}) <> 0`,
        coincide(b.q, [usuarios.apellido, usuarios.nombre]),
      ),
    )
    .orderBy(...ordenPorNombre(usuarios.apellido, usuarios.nombre, usuarios.id))
    .limit(limite + 1)
    .offset(b.cursor);
  return paginar(filas, { q: b.q, cursor: b.cursor, limit: limite });
}

/** Un instante como parámetro de SQL escrito a mano (postgres.js no convierte `Date` ahí). */
const instanteSql = (d: Date) => sql`${d.toISOString()}::timestamptz`;
/** Mesas que empiezan dentro de (desde, hasta). */
const entre = (desde: Date, hasta: Date) =>
  sql`${mesas.comienzo} > ${instanteSql(desde)} and ${mesas.comienzo} < ${instanteSql(hasta)}`;

/**
 * (comienzo - antes, comienzo + despues): lo que empieza dentro se superpone con algo que empieza
 * en `comienzo` (`seSuperponen` de domain/mesas, con `antes` = la duración de lo otro).
 */
function ventana(comienzo: Date, antes: number, despues: number): [Date, Date] {
  return [
    new Date(comienzo.getTime() - antes * 60_000),
    new Date(comienzo.getTime() + despues * 60_000),
  ];
}

// ---------------------------------------------------------------------------
// Superposiciones (issue 16, más allá de la spec)

/**
 * Los avisos de superposición de la mesa a esa hora: docentes de su tribunal en otra mesa que
 * se superpone y alumnos anotados que rinden otra mesa o una PIC a la vez. Tres consultas.
 */
async function choquesDeMesa(ctx: Ctx, { id, comienzo }: { id: number | null; comienzo: Date }) {
  const otraMesa = id == null ? sql`true` : ne(mesas.id, id);
  const [desde, hasta] = ventana(comienzo, MINUTOS_MESA, MINUTOS_MESA);
  const [desdePic, hastaPic] = ventana(comienzo, MINUTOS_PIC, MINUTOS_MESA);
  const idMesa = id ?? 0;
  const anotados = await ctx.db
    .selectDistinct({ id: alumnos.id, apellido: alumnos.apellido, nombre: alumnos.nombre })
    .from(mesasAlumnos)
    .innerJoin(alumnos, eq(alumnos.id, mesasAlumnos.alumnoId))
    .where(eq(mesasAlumnos.mesaId, idMesa));
  const ids = anotados.map((a) => a.id);
  const [tribunal, alumnosEnMesas, enPics] = await Promise.all([
    ctx.db
      .select({
        apellido: usuarios.apellido,
        nombre: usuarios.nombre,
        comienzo: mesas.comienzo,
        instancia: mesas.instancia,
      })
      .from(mesasTribunal)
      .innerJoin(mesas, eq(mesas.id, mesasTribunal.mesaId))
      .innerJoin(usuarios, eq(usuarios.id, mesasTribunal.docenteId))
      .where(
        and(
          otraMesa,
          entre(desde, hasta),
          sql`${mesasTribunal.docenteId} in (select docente_id from mesas_tribunal where mesa_id = ${idMesa})`,
        ),
      ),
    ctx.db
      .selectDistinct({
        apellido: alumnos.apellido,
        nombre: alumnos.nombre,
        comienzo: mesas.comienzo,
        instancia: mesas.instancia,
      })
      .from(mesasAlumnos)
      .innerJoin(mesas, eq(mesas.id, mesasAlumnos.mesaId))
      .innerJoin(alumnos, eq(alumnos.id, mesasAlumnos.alumnoId))
      .where(
        and(
          otraMesa,
          entre(desde, hasta),
          ids.length ? inArray(mesasAlumnos.alumnoId, ids) : sql`false`,
        ),
      ),
    picsEntre(ctx.db, ids, desdePic, hastaPic),
  ]);
  const nombreDe = new Map(anotados.map((a) => [a.id, nombreCompleto(a)]));
  // La ventana de SQL ya filtra; `seSuperponen` es la regla (un turno empieza antes de que
  // termine el otro), la misma que prueban las tablas de domain/mesas.
  const esta = { comienzo, minutos: MINUTOS_MESA };
  const chocaMesa = (x: { comienzo: Date }) =>
    seSuperponen(esta, { comienzo: x.comienzo, minutos: MINUTOS_MESA });
  const chocaPic = (x: { comienzo: Date }) =>
    seSuperponen(esta, { comienzo: x.comienzo, minutos: MINUTOS_PIC });
  const cuando = (d: Date) => {
    const f = fechaYHora(d, ctx.zona);
    return `${fechaLegible(f.fecha)}, ${f.hora}`;
  };
  return [
    ...tribunal
      .filter(chocaMesa)
      .map(
        (t) =>
          `${nombreCompleto(t)} está en el tribunal de otra mesa a esa hora (${t.instancia}, ${cuando(t.comienzo)}).`,
      ),
    ...alumnosEnMesas
      .filter(chocaMesa)
      .map(
        (a) =>
          `${nombreCompleto(a)} rinde otra mesa a esa hora (${a.instancia}, ${cuando(a.comienzo)}).`,
      ),
    ...enPics
      .filter(chocaPic)
      .map(
        (a) =>
          `${nombreDe.get(a.alumnoId)} rinde la PIC de ${a.materia} a esa hora (${cuando(a.comienzo)}).`,
      ),
  ];
}

/** Las PIC que empiezan en [desde, hasta) de esos alumnos (la regla, en consultas/pics). */
const picsEntre = (db: DbOTx, ids: readonly number[], desde: Date, hasta: Date) =>
  picsDeAlumnos(db, {
    alumnos: ids,
    donde: and(gte(pics.comienzo, desde), lt(pics.comienzo, hasta)),
  });

/**
 * GET /api/mesas/choques: los avisos de superposición si la mesa fuera a esa fecha y hora (el
 * formulario los muestra antes de guardar). Sin id (mesa nueva), no hay tribunal ni alumnos.
 */
export async function choques(ctx: Ctx, d: { id?: number; fecha: string; hora: string }) {
  const p = permisos(ctx);
  exigir(p.formulario != null);
  if (d.id != null) await mesaVisible(ctx, d.id);
  return {
    choques: await choquesDeMesa(ctx, {
      id: d.id ?? null,
      comienzo: instanteEnZona(d.fecha, d.hora, ctx.zona),
    }),
  };
}

// ---------------------------------------------------------------------------
// El acta de una materia: alumnos anotados y resultados

/** La materia de la mesa (bloqueada si `bloquear`) con su estado, o 404. */
async function materiaDeMesa(tx: DbOTx, d: Acta, bloquear = false) {
  let q = tx
    .select({
      nombre: materias.nombre,
      cerradaEn: mesasMaterias.cerradaEn,
      cerradaPor: sql<
        string | null
      >`(select u.apellido || ', ' || u.nombre from usuarios u where u.id = ${mesasMaterias.cerradaPor})`,
    })
    .from(mesasMaterias)
    .innerJoin(materias, eq(materias.id, mesasMaterias.materiaId))
    .where(and(eq(mesasMaterias.mesaId, d.id), eq(mesasMaterias.materiaId, d.materia)))
    .$dynamic();
  if (bloquear) q = q.for('update', { of: mesasMaterias });
  const [f] = await q;
  if (!f) throw falla('NOT_FOUND', MesasError.materiaNoEvaluada);
  return f;
}

/** Antes del comienzo de la mesa no se cargan resultados ni se cierra el acta (412). */
function exigirMesaEmpezada(ctx: Ctx, comienzo: Date) {
  if (actaHabilitada(comienzo, ctx.ahora)) return;
  const { fecha, hora } = fechaYHora(comienzo, ctx.zona);
  throw falla('PRECONDITION_FAILED', errorActaAntesDeLaMesa(fecha, hora));
}

/** ¿Carga actas el usuario en esta mesa? Alumnado y Admin, siempre; el docente, si es del tribunal. */
async function exigirCargaActas(ctx: Ctx, idMesa: number) {
  const p = permisos(ctx);
  exigir(p.cargaActas);
  if (p.administra) return p;
  const [t] = await ctx.db
    .select({ id: mesasTribunal.docenteId })
    .from(mesasTribunal)
    .where(
      and(eq(mesasTribunal.mesaId, idMesa), eq(mesasTribunal.docenteId, ctx.sesion.usuario.id)),
    );
  exigir(t != null, 'FORBIDDEN', MesasError.ajena);
  return p;
}

/** El curso del alumno en el ciclo del cursado (para nombrarlo en el acta y en los que adeudan). */
const cursoDelCiclo = sql<{
  anio: number;
  division: number;
  especialidad: string;
} | null>`(select json_build_object('anio', c.anio, 'division', c.division, 'especialidad', c.especialidad)
  from alumnos_cursos ac join cursos c on c.id = ac.curso_id
  where ac.alumno_id = ${sql.raw('"alumnos"."id"')} and ac.ciclolectivo = ${sql.raw('"cursados"."ciclolectivo"')} limit 1)`;

/** Las filas del acta: alumno, curso del ciclo del cursado, ciclo, resultado. */
function filasDeActa(db: DbOTx, d: Acta, alumnosIds?: readonly number[]) {
  return db
    .select({
      alumno: alumnos.id,
      apellido: alumnos.apellido,
      nombre: alumnos.nombre,
      cursado: mesasAlumnos.cursadoId,
      ciclo: cursados.ciclolectivo,
      curso: cursoDelCiclo,
      nota: mesasAlumnos.nota,
      tipoNota: mesasAlumnos.tipoNota,
    })
    .from(mesasAlumnos)
    .innerJoin(alumnos, eq(alumnos.id, mesasAlumnos.alumnoId))
    .innerJoin(cursados, eq(cursados.id, mesasAlumnos.cursadoId))
    .where(
      and(
        eq(mesasAlumnos.mesaId, d.id),
        eq(mesasAlumnos.materiaId, d.materia),
        alumnosIds ? inArray(mesasAlumnos.alumnoId, [...alumnosIds]) : undefined,
      ),
    )
    .orderBy(...ordenPorNombre(alumnos.apellido, alumnos.nombre, alumnos.id));
}

type FilaActa = Awaited<ReturnType<typeof filasDeActa>>[number];
const presentarFila = (f: FilaActa) => ({
  alumno: f.alumno,
  apellido: f.apellido,
  nombre: f.nombre,
  cursado: f.cursado,
  ciclo: f.ciclo,
  curso: f.curso ? nombreCurso(f.curso) : null,
  resultado: f.tipoNota == null ? null : { tipoNota: f.tipoNota as TipoNotaExamen, nota: f.nota },
});

/** GET /api/mesas/{id}/actas/{materia}: el acta (para cargar, ver o imprimir). */
export async function acta(ctx: Ctx, d: Acta) {
  const p = permisos(ctx);
  exigir(p.pestanas.includes('alumnos'));
  const m = await mesaVisible(ctx, d.id);
  const [materia, filas, [t]] = await Promise.all([
    materiaDeMesa(ctx.db, d),
    filasDeActa(ctx.db, d),
    ctx.db.select({ tribunal: columnaTribunal }).from(mesas).where(eq(mesas.id, d.id)),
  ]);
  const tribunal = t?.tribunal ?? [];
  const cerrada = materia.cerradaEn != null;
  const carga = p.administra || tribunal.some((x) => x.id === ctx.sesion.usuario.id);
  const habilitada = actaHabilitada(m.comienzo, ctx.ahora);
  const { fecha, hora } = fechaYHora(m.comienzo, ctx.zona);
  return {
    mesa: datosMesa(ctx, m),
    materia: { id: d.materia, nombre: materia.nombre },
    tribunal,
    cerrada,
    cerradaEn: materia.cerradaEn,
    cerradaPor: materia.cerradaPor,
    puedeCargar: carga && !cerrada && habilitada,
    /** Quien carga, con el acta abierta antes de la mesa: desde cuándo se cierra. */
    cerrarDesde: carga && !cerrada && !habilitada ? textoCerrarDesde(fecha, hora) : null,
    puedeAnotar: p.administra && !cerrada,
    alumnos: filas.map(presentarFila),
  };
}

/**
 * PUT /api/mesas/{id}/actas/{materia}: guarda los resultados cambiados (todos o ninguno). Cada
 * cambio trae lo que la pantalla mostraba (`anterior`): si otra persona lo cambió, 409 y no se
 * guarda nada. La materia de la mesa se bloquea: dos guardados a la vez se ordenan.
 */
export async function guardarActa(ctx: Ctx, d: GuardarActa) {
  await exigirCargaActas(ctx, d.id);
  for (const c of d.cambios) {
    const problema = problemaDeResultado(c.resultado);
    if (problema) throw falla('BAD_REQUEST', problema);
  }
  return enTransaccion(ctx, async (tx) => {
    const c = conDb(ctx, tx);
    const m = await mesaVisible(c, d.id);
    const materia = await materiaDeMesa(tx, d, true);
    if (materia.cerradaEn) throw falla('PRECONDITION_FAILED', MesasError.actaCerrada);
    if (!d.cambios.length) return { guardados: 0 };
    exigirMesaEmpezada(ctx, m.comienzo);
    const filas = await filasDeActa(
      tx,
      d,
      d.cambios.map((x) => x.alumno),
    );
    const porAlumno = new Map(filas.map((f) => [f.alumno, f]));
    const faltan = d.cambios.filter((x) => !porAlumno.has(x.alumno)).map((x) => x.alumno);
    if (faltan.length) throw falla('BAD_REQUEST', MesasError.noAnotado(faltan.join(', ')));
    const conflictos = d.cambios.filter(
      (x) => !mismoResultado(porAlumno.get(x.alumno)!, x.anterior),
    );
    if (conflictos.length)
      throw falla(
        'CONFLICT',
        MesasError.conflicto(
          conflictos.map((x) => nombreCompleto(porAlumno.get(x.alumno)!)).join('; '),
        ),
      );
    // Una sola sentencia para todas las filas cambiadas.
    const valores = sql.join(
      d.cambios.map(
        (x) =>
          sql`(${x.alumno}::int, ${x.resultado?.tipoNota ?? null}::text, ${
            x.resultado?.tipoNota === 'normal' ? x.resultado.nota : null
          }::real)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      update mesas_alumnos a
      set tipo_nota = v.tipo, nota = v.nota, modificado_por = ${ctx.sesion.usuario.id}, modificado = now()
      from (values ${valores}) as v(alumno, tipo, nota)
      where a.mesa_id = ${d.id} and a.materia_id = ${d.materia} and a.alumno_id = v.alumno`);
    await auditar(c, {
      accion: 'guardar-acta',
      entidad: 'mesas_materias',
      entidadId: `${d.id}/${d.materia}`,
      antes: d.cambios.map((x) => presentarFila(porAlumno.get(x.alumno)!)),
      despues: d.cambios.map((x) => ({ alumno: x.alumno, resultado: x.resultado })),
    });
    return { guardados: d.cambios.length };
  });
}

/**
 * PUT /api/mesas/{id}/actas/{materia}/cerrar: con todos los resultados cargados, el acta queda
 * definitiva y se escriben las actas de examen que lee la libreta (instancia y fecha de la mesa).
 */
export async function cerrarActa(ctx: Ctx, d: Acta) {
  await exigirCargaActas(ctx, d.id);
  return enTransaccion(ctx, async (tx) => {
    const c = conDb(ctx, tx);
    const m = await mesaVisible(c, d.id, { bloquear: true });
    const materia = await materiaDeMesa(tx, d, true);
    if (materia.cerradaEn) throw falla('PRECONDITION_FAILED', MesasError.actaCerrada);
    exigirMesaEmpezada(ctx, m.comienzo);
    const filas = await filasDeActa(tx, d);
    const faltan = sinResultado(filas);
    if (faltan) throw falla('PRECONDITION_FAILED', errorActaIncompleta(faltan));
    const fecha = fechaYHora(m.comienzo, ctx.zona).fecha;
    if (filas.length)
      await tx
        .insert(examenes)
        .values(
          filas.map((f) => ({
            alumnoId: f.alumno,
            cursadoId: f.cursado,
            instancia: m.instancia,
            fecha,
            nota: f.tipoNota === 'normal' ? f.nota : null,
            tipoNota: f.tipoNota!,
          })),
        )
        .onConflictDoUpdate({
          target: [examenes.alumnoId, examenes.cursadoId, examenes.instancia, examenes.fecha],
          set: { nota: sql`excluded.nota`, tipoNota: sql`excluded.tipo_nota` },
        });
    await tx
      .update(mesasMaterias)
      .set({ cerradaEn: sql`now()`, cerradaPor: ctx.sesion.usuario.id })
      .where(and(eq(mesasMaterias.mesaId, d.id), eq(mesasMaterias.materiaId, d.materia)));
    await auditar(c, {
      accion: 'cerrar-acta',
      entidad: 'mesas_materias',
      entidadId: `${d.id}/${d.materia}`,
      despues: filas.map(presentarFila),
    });
    return { cerrada: true, examenes: filas.length };
  });
}

// ---------------------------------------------------------------------------
// Alumnos que adeudan la materia: candidatos, propuestos y anotados

/**
 * Los alumnos que adeudan la materia a la fecha de la mesa (cursados de ese ciclo o anteriores),
 * cada uno con el cursado por el que la adeuda, si se lo propone (planilla cerrada, issue 16),
 * si ya está anotado y sus superposiciones. Dos consultas.
 */
async function deudores(ctx: Ctx, d: Acta, comienzo: Date, db: DbOTx = ctx.db) {
  const fechaMesa = fechaYHora(comienzo, ctx.zona).fecha;
  const filas = await db
    .select({
      alumno: alumnos.id,
      apellido: alumnos.apellido,
      nombre: alumnos.nombre,
      cursado: cursados.id,
      ciclo: cursados.ciclolectivo,
      modalidad: cursados.modalidad,
      cerrados: cursados.periodosCerrados,
      n1: sql<
        number | null
      >`(select n.nota from notas n where n.alumno_id = ${alumnos.id} and n.cursado_id = ${cursados.id} and n.cuatrimestre = 1)`,
      a1: sql<
        boolean | null
      >`(select n.ausente from notas n where n.alumno_id = ${alumnos.id} and n.cursado_id = ${cursados.id} and n.cuatrimestre = 1)`,
      n2: sql<
        number | null
      >`(select n.nota from notas n where n.alumno_id = ${alumnos.id} and n.cursado_id = ${cursados.id} and n.cuatrimestre = 2)`,
      a2: sql<
        boolean | null
      >`(select n.ausente from notas n where n.alumno_id = ${alumnos.id} and n.cursado_id = ${cursados.id} and n.cuatrimestre = 2)`,
      examenes: sql<
        ResultadoExamen[]
      >`coalesce((select json_agg(json_build_object('nota', e.nota, 'tipoNota', e.tipo_nota)) from examenes e where e.alumno_id = ${alumnos.id} and e.cursado_id = ${cursados.id}), '[]'::json)`,
      anotado: sql<boolean>`exists (select 1 from mesas_alumnos x where x.mesa_id = ${d.id} and x.materia_id = ${d.materia} and x.alumno_id = ${alumnos.id})`,
      enOtraMesa: sql<boolean>`exists (select 1 from mesas_alumnos x join mesas_materias mm on mm.mesa_id = x.mesa_id and mm.materia_id = x.materia_id
        where x.mesa_id <> ${d.id} and x.materia_id = ${d.materia} and x.alumno_id = ${alumnos.id} and mm.cerrada_en is null)`,
      curso: cursoDelCiclo,
    })
    .from(inscripciones)
    .innerJoin(cursados, eq(cursados.id, inscripciones.cursadoId))
    .innerJoin(alumnos, eq(alumnos.id, inscripciones.alumnoId))
    .where(
      and(
        eq(inscripciones.materiaId, d.materia),
        sql`${cursados.ciclolectivo} <= ${Number(fechaMesa.slice(0, 4))}`,
      ),
    )
    .orderBy(...ordenPorNombre(alumnos.apellido, alumnos.nombre, alumnos.id), asc(cursados.id));
  const deben = filas.filter((f) =>
    adeudaMateria({
      modalidad: f.modalidad,
      primera: f.a1 ? AUSENTE : f.n1,
      segunda: f.a2 ? AUSENTE : f.n2,
      examenes: f.examenes,
    }),
  );
  // Un alumno figura una vez: por el cursado más reciente en que la adeuda.
  const porAlumno = new Map<number, (typeof deben)[number]>();
  for (const f of deben) {
    const previo = porAlumno.get(f.alumno);
    if (!previo || f.ciclo > previo.ciclo) porAlumno.set(f.alumno, f);
  }
  return [...porAlumno.values()].map((f) => ({
    alumno: f.alumno,
    apellido: f.apellido,
    nombre: f.nombre,
    cursado: f.cursado,
    ciclo: f.ciclo,
    curso: f.curso ? nombreCurso(f.curso) : null,
    anotado: f.anotado,
    enOtraMesa: f.enOtraMesa,
    propuesto:
      !f.anotado &&
      !f.enOtraMesa &&
      seProponeParaMesa({
        fechaMesa,
        cicloCursado: f.ciclo,
        planillaCerrada: planillaCerrada(f.modalidad, f.cerrados),
      }),
  }));
}

/**
 * GET /api/mesas/{id}/actas/{materia}/candidatos (Alumnado, Admin): los que adeudan la materia,
 * con los propuestos para esta mesa (de las planillas cerradas, sin otra mesa abierta de la
 * materia) y sus superposiciones a la hora de la mesa.
 */
export async function candidatos(ctx: Ctx, d: Acta) {
  const p = permisos(ctx);
  exigir(p.administra);
  const m = await mesaVisible(ctx, d.id);
  const [materia, lista] = await Promise.all([
    materiaDeMesa(ctx.db, d),
    deudores(ctx, d, m.comienzo),
  ]);
  const [desde, hasta] = ventana(m.comienzo, MINUTOS_MESA, MINUTOS_MESA);
  const [desdePic, hastaPic] = ventana(m.comienzo, MINUTOS_PIC, MINUTOS_MESA);
  const ids = lista.map((x) => x.alumno);
  const [otras, enPics] = ids.length
    ? await Promise.all([
        ctx.db
          .selectDistinct({ alumno: mesasAlumnos.alumnoId, instancia: mesas.instancia })
          .from(mesasAlumnos)
          .innerJoin(mesas, eq(mesas.id, mesasAlumnos.mesaId))
          .where(and(ne(mesas.id, d.id), inArray(mesasAlumnos.alumnoId, ids), entre(desde, hasta))),
        picsEntre(ctx.db, ids, desdePic, hastaPic),
      ])
    : [[], []];
  return {
    materia: { id: d.materia, nombre: materia.nombre },
    cerrada: materia.cerradaEn != null,
    alumnos: lista.map((a) => {
      const choques = [
        ...otras.filter((o) => o.alumno === a.alumno).map((o) => `otra mesa (${o.instancia})`),
        ...enPics.filter((o) => o.alumnoId === a.alumno).map((o) => `la PIC de ${o.materia}`),
      ];
      return { ...a, choque: choques.length ? `Rinde ${choques.join(' y ')} a esa hora.` : null };
    }),
  };
}

/**
 * PUT /api/mesas/{id}/actas/{materia}/alumnos (Alumnado, Admin): anota a los que adeudan la
 * materia (cada uno por el cursado en que la adeuda) y quita a los que no tienen resultado.
 */
export async function anotar(ctx: Ctx, d: Anotar) {
  const p = permisos(ctx);
  exigir(p.administra);
  return enTransaccion(ctx, async (tx) => {
    const c = conDb(ctx, tx);
    const m = await mesaVisible(c, d.id, { bloquear: true });
    const materia = await materiaDeMesa(tx, d, true);
    if (materia.cerradaEn) throw falla('PRECONDITION_FAILED', MesasError.actaCerrada);
    const agregar = [...new Set(d.agregar)].filter((x) => !d.quitar.includes(x));
    const quitar = [...new Set(d.quitar)];
    if (agregar.length) {
      const lista = await deudores(c, d, m.comienzo, tx);
      const deudor = new Map(lista.map((x) => [x.alumno, x]));
      const noDeben = agregar.filter((x) => !deudor.has(x));
      if (noDeben.length)
        throw falla('BAD_REQUEST', MesasError.noAdeuda(noDeben.join(', '), materia.nombre));
      await tx
        .insert(mesasAlumnos)
        .values(
          agregar.map((alumnoId) => ({
            mesaId: d.id,
            materiaId: d.materia,
            alumnoId,
            cursadoId: deudor.get(alumnoId)!.cursado,
            modificadoPor: ctx.sesion.usuario.id,
          })),
        )
        .onConflictDoNothing();
    }
    if (quitar.length) {
      const filas = await filasDeActa(tx, d, quitar);
      const conResultado = filas.filter((f) => f.tipoNota != null);
      if (conResultado.length)
        throw falla(
          'PRECONDITION_FAILED',
          MesasError.conResultado(conResultado.map(nombreCompleto).join('; ')),
        );
      await tx
        .delete(mesasAlumnos)
        .where(
          and(
            eq(mesasAlumnos.mesaId, d.id),
            eq(mesasAlumnos.materiaId, d.materia),
            inArray(mesasAlumnos.alumnoId, quitar),
          ),
        );
    }
    if (agregar.length || quitar.length)
      await auditar(c, {
        accion: 'anotar',
        entidad: 'mesas_materias',
        entidadId: `${d.id}/${d.materia}`,
        despues: { agregar, quitar },
      });
    return { anotados: agregar.length, quitados: quitar.length };
  });
}
