/**
 * Mesas de examen (spec 02 §2 Mesas, §3, §5, §7 mesas, §8; issue 16): el listado del año con
 * búsqueda y páginas de 30, el alta y los cambios por rol (con versión: 409 si otra persona la
 * cambió) y las materias evaluadas y el tribunal (altas y bajas acumuladas). El resto del módulo,
 * por tarea: el acta (`actas.ts`: guardar con `anterior`, cerrar: escribe `examenes`), los
 * alumnos que adeudan la materia y anotarlos (`candidatos.ts`; los propuestos salen de las
 * planillas cerradas), las superposiciones de horario (`choques.ts`) y lo que comparten
 * (`comun.ts`: mensajes, permisos, alcance, columnas).
 *
 * Alcance: Alumnado y Admin, todas las mesas; Jefe de Departamento, las que evalúan alguna
 * materia de su departamento; Docente, las de su tribunal. Un número fijo de consultas por pedido.
 */
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { instanteEnZona } from '@/domain/ics';
import { comienzoEnZona } from '@/domain/pics';
import {
  ERROR_MESA_NO_ENCONTRADA,
  MESAS_POR_PAGINA,
  pestanaInicial,
  turnoDeExamen,
  ventanaDeChoque,
} from '@/domain/mesas';
import { Rol } from '@/domain/roles';
import { auditar } from '@/server/auditoria';
import { encolar } from '@/server/avisos/cola';
import { claveAviso, MOTIVO_RETIRO, retirarAvisos } from '@/server/avisos/retirar';
import { coincide, ordenPorNombre } from '@/server/consultas/personas';
import type { Ctx } from '@/server/contexto';
import type { DbOTx } from '@/server/db';
import {
  materias,
  mesas,
  mesasAlumnos,
  mesasMaterias,
  mesasTribunal,
  usuarios,
} from '@/server/db/schema';
import { transaccion } from '@/server/errores';
import { paginar } from '@/server/api/schemas';
import type {
  CambiosDeLista,
  CrearMesa,
  ListaMesas,
  ModificarHorarioMesa,
  ModificarMesa,
} from './schemas';
import {
  columnaMaterias,
  columnaTribunal,
  conHora,
  datosMesa,
  exigir,
  falla,
  HORA_POR_DEFECTO,
  instanteSql,
  mesasVisibles,
  mesaVisible,
  MesasError,
  permisos,
  textoBuscable,
} from './comun';
import { choquesDeMesa } from './choques';

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

/** POST /api/mesas (Alumnado, Admin): una mesa nueva; Admin no elige la hora (07:30). */
export async function crear(ctx: Ctx, d: CrearMesa) {
  const p = permisos(ctx);
  exigir(p.administra);
  if (p.formulario === 'alumnado' && !d.hora) throw falla('BAD_REQUEST', 'La hora es obligatoria.');
  const comienzo = instanteEnZona(d.fecha, d.hora ?? HORA_POR_DEFECTO, ctx.zona);
  return transaccion(ctx, async (tx) => {
    const [nueva] = await tx.db
      .insert(mesas)
      .values({ comienzo, instancia: d.instancia, aula: d.aula, creadaPor: ctx.sesion.usuario.id })
      .returning({ id: mesas.id });
    await auditar(tx, {
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
  return transaccion(ctx, async (tx) => {
    const m = await mesaVisible(tx, d.id, {
      bloquear: true,
      noEncontrada: ERROR_MESA_NO_ENCONTRADA,
    });
    if (m.version !== d.version) throw falla('CONFLICT', MesasError.otraVersion);
    const actual = comienzoEnZona(m.comienzo, ctx.zona);
    const hora = p.formulario === 'admin' ? actual.hora : d.hora!;
    const aula = p.formulario === 'admin' ? m.aula : d.aula;
    const comienzo = instanteEnZona(d.fecha, hora, ctx.zona);
    const cambiaActa = comienzo.getTime() !== m.comienzo.getTime() || d.instancia !== m.instancia;
    if (cambiaActa && (await tieneActasCerradas(tx.db, d.id)))
      throw falla('PRECONDITION_FAILED', MesasError.actasCerradasFecha);
    await tx.db
      .update(mesas)
      .set({ comienzo, instancia: d.instancia, aula, version: m.version + 1 })
      .where(eq(mesas.id, d.id));
    await auditar(tx, {
      accion: 'modificar',
      entidad: 'mesas',
      entidadId: d.id,
      antes: { comienzo: m.comienzo, instancia: m.instancia, aula: m.aula },
      despues: { comienzo, instancia: d.instancia, aula },
    });
    // Los avisos de los anotados se actualizan con el día, la hora y el aula (issue 35).
    await encolar(tx.db, { tipo: 'mesa-inscripcion', mesa: d.id });
    return { version: m.version + 1 };
  });
}

/** PUT /api/mesas/{id}/horario (Jefe de Departamento): la hora y el aula, el mismo día. */
export async function modificarHorario(ctx: Ctx, d: ModificarHorarioMesa) {
  const p = permisos(ctx);
  exigir(p.formulario === 'horario');
  return transaccion(ctx, async (tx) => {
    const m = await mesaVisible(tx, d.id, {
      bloquear: true,
      noEncontrada: ERROR_MESA_NO_ENCONTRADA,
    });
    if (m.version !== d.version) throw falla('CONFLICT', MesasError.otraVersion);
    const comienzo = instanteEnZona(comienzoEnZona(m.comienzo, ctx.zona).fecha, d.hora, ctx.zona);
    if (comienzo.getTime() !== m.comienzo.getTime() && (await tieneActasCerradas(tx.db, d.id)))
      throw falla('PRECONDITION_FAILED', MesasError.actasCerradasFecha);
    await tx.db
      .update(mesas)
      .set({ comienzo, aula: d.aula, version: m.version + 1 })
      .where(eq(mesas.id, d.id));
    await auditar(tx, {
      accion: 'modificar-horario',
      entidad: 'mesas',
      entidadId: d.id,
      antes: { comienzo: m.comienzo, aula: m.aula },
      despues: { comienzo, aula: d.aula },
    });
    await encolar(tx.db, { tipo: 'mesa-inscripcion', mesa: d.id });
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
  return transaccion(ctx, async (tx) => {
    const m = await mesaVisible(tx, id, { bloquear: true });
    if (await tieneActasCerradas(tx.db, id))
      throw falla('PRECONDITION_FAILED', MesasError.actasCerradasBorrar);
    const [r] = await tx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mesasAlumnos)
      .where(and(eq(mesasAlumnos.mesaId, id), sql`${mesasAlumnos.tipoNota} is not null`));
    if ((r?.n ?? 0) > 0) throw falla('PRECONDITION_FAILED', MesasError.resultadosBorrar);
    const anotados = await tx.db
      .select({ alumno: mesasAlumnos.alumnoId, materia: mesasAlumnos.materiaId })
      .from(mesasAlumnos)
      .where(eq(mesasAlumnos.mesaId, id));
    await tx.db.delete(mesas).where(eq(mesas.id, id));
    // Los avisos de quienes estaban anotados se retiran (issue 35), en la misma transacción.
    await retirarAvisos(
      tx.db,
      anotados.map((x) => claveAviso.mesa(x.alumno, id, x.materia)),
      MOTIVO_RETIRO.mesaBorrada,
      ctx.ahora,
    );
    await auditar(tx, { accion: 'borrar', entidad: 'mesas', entidadId: id, antes: m });
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
  return transaccion(ctx, async (tx) => {
    await mesaVisible(tx, d.id, { bloquear: true });
    const quitar = d.quitar.filter((x) => !d.agregar.includes(x));
    const [existentes, actuales] = await Promise.all([
      d.agregar.length
        ? tx.db.select({ id: materias.id }).from(materias).where(inArray(materias.id, d.agregar))
        : Promise.resolve([]),
      tx.db
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
    const nuevas = await altasYBajas(tx, d, 'materias', {
      actuales: actuales.map((a) => ({ id: a.materia, orden: a.orden })),
      quitar,
      borrar: () =>
        tx.db
          .delete(mesasMaterias)
          .where(and(eq(mesasMaterias.mesaId, d.id), inArray(mesasMaterias.materiaId, quitar))),
      insertar: (filas) =>
        tx.db
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
  return transaccion(ctx, async (tx) => {
    await mesaVisible(tx, d.id, { bloquear: true });
    const quitar = d.quitar.filter((x) => !d.agregar.includes(x));
    const agregar = [...new Set(d.agregar)];
    const [docentes, actuales] = await Promise.all([
      agregar.length
        ? tx.db
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
      tx.db
        .select({ docente: mesasTribunal.docenteId, orden: mesasTribunal.orden })
        .from(mesasTribunal)
        .where(eq(mesasTribunal.mesaId, d.id)),
    ]);
    if (docentes.length !== agregar.length) throw falla('BAD_REQUEST', MesasError.noDocente);
    const nuevos = await altasYBajas(tx, d, 'tribunal', {
      actuales: actuales.map((a) => ({ id: a.docente, orden: a.orden })),
      quitar,
      borrar: () =>
        tx.db
          .delete(mesasTribunal)
          .where(and(eq(mesasTribunal.mesaId, d.id), inArray(mesasTribunal.docenteId, quitar))),
      insertar: (filas) =>
        tx.db
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
  const { desde, hasta } = ventanaDeChoque(turnoDeExamen('mesa', m.comienzo), 'mesa');
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
