/**
 * Referentes (spec 01 §2 Student and guardian management, §3 Referente; spec 02 §2 /referentes,
 * §3 contacto, §7): listas y contactos por curso con el alcance del rol, alta y edición,
 * vínculos con alumnos y, para el referente parental, sus hijos. Toda escritura se audita.
 */
import { TRPCError } from '@trpc/server';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { normalizarEmail } from '@/domain/escuela';
import { Rol } from '@/domain/roles';
import { alumnos, alumnosCursos, alumnosReferentes, referentes } from '@/server/db/schema';
import {
  alumnosVisibles,
  cursoVisible,
  exigirAlumnosVisibles,
  veTodaLaEscuela,
} from '@/server/alcance';
import { auditar } from '@/server/auditoria';
import { encolar } from '@/server/avisos/cola';
import { claveAviso, MOTIVO_RETIRO, retirarAvisos } from '@/server/avisos/retirar';
import { paginar, type Busqueda } from '@/server/api/schemas';
import type { Ctx } from '@/server/contexto';
import { transaccion } from '@/server/errores';
import {
  coincide,
  columnasReferente,
  conTelefono,
  ordenPorNombre,
} from '@/server/consultas/personas';
import { vincularPropios } from '@/server/consultas/referentes';
import { enteros } from '@/server/db/sql';
import type {
  ConfirmarVinculo,
  CrearReferente,
  GuardarReferente,
  VincularReferentes,
} from './schemas';

export const REFERENTE_INEXISTENTE = 'El referente no existe.';
export const REFERENTE_AJENO = 'No tiene acceso a ese referente.';
export const SOLO_PROPIOS = 'Sólo puede modificar sus propios datos.';
export const TELEFONO_REQUERIDO = 'Teléfono: no puede estar vacío.';

const ordenReferentes = ordenPorNombre(referentes.apellido, referentes.nombre, referentes.id);

/** Los referentes vinculados a alumnos del alcance (subconsulta), o null si ve toda la escuela. */
function referentesVisibles(ctx: Ctx) {
  const visibles = alumnosVisibles(ctx);
  if (!visibles) return null;
  return ctx.db
    .select({ id: alumnosReferentes.referenteId })
    .from(alumnosReferentes)
    .where(inArray(alumnosReferentes.alumnoId, visibles));
}

/** GET /api/referentes: los referentes del alcance, buscables y paginados. */
export async function listar(ctx: Ctx, b: Busqueda) {
  const visibles = referentesVisibles(ctx);
  const filas = await ctx.db
    .select(columnasReferente)
    .from(referentes)
    .where(
      and(
        visibles ? inArray(referentes.id, visibles) : undefined,
        coincide(b.q, [
          referentes.apellido,
          referentes.nombre,
          sql`coalesce(${referentes.email}, '')`,
        ]),
      ),
    )
    .orderBy(...ordenReferentes)
    .limit(b.limit + 1)
    .offset(b.cursor);
  return paginar(filas.map(conTelefono), b);
}

/**
 * GET /api/referentes/alumno/{id}: los referentes de un alumno del alcance, con `confirmado`
 * (false: el referente declaró el vínculo y espera que la escuela lo confirme).
 */
export async function delAlumno(ctx: Ctx, alumnoId: number) {
  await exigirAlumnosVisibles(ctx, { alumnos: [alumnoId] });
  const filas = await ctx.db
    .select({ ...columnasReferente, confirmado: alumnosReferentes.confirmado })
    .from(alumnosReferentes)
    .innerJoin(referentes, eq(referentes.id, alumnosReferentes.referenteId))
    .where(eq(alumnosReferentes.alumnoId, alumnoId))
    .orderBy(...ordenReferentes);
  return filas.map(conTelefono);
}

/**
 * GET /api/cursos/{a}/referentes/{b}: los contactos de los referentes de cada alumno del curso
 * `a` en el ciclo `b` (un preceptor, sólo sus cursos). Una consulta para todo el curso.
 */
export async function porCurso(ctx: Ctx, pedido: { curso: number; ciclo?: number | null }) {
  const { curso: cursoId } = pedido;
  const ciclo = pedido.ciclo ?? ctx.ciclo;
  const curso = await cursoVisible(ctx, { curso: cursoId, ciclo });
  const filas = await ctx.db
    .select({
      alumno: alumnos.id,
      alumnoApellido: alumnos.apellido,
      alumnoNombre: alumnos.nombre,
      referente: referentes.id,
      apellido: referentes.apellido,
      nombre: referentes.nombre,
      email: referentes.email,
      telefono: referentes.telefono,
      exalumno: referentes.exalumno,
      confirmado: alumnosReferentes.confirmado,
    })
    .from(alumnosCursos)
    .innerJoin(alumnos, eq(alumnos.id, alumnosCursos.alumnoId))
    .leftJoin(alumnosReferentes, eq(alumnosReferentes.alumnoId, alumnos.id))
    .leftJoin(referentes, eq(referentes.id, alumnosReferentes.referenteId))
    .where(and(eq(alumnosCursos.cursoId, cursoId), eq(alumnosCursos.ciclolectivo, ciclo)))
    .orderBy(...ordenPorNombre(alumnos.apellido, alumnos.nombre, alumnos.id), ...ordenReferentes);
  type Contacto = ReturnType<
    typeof conTelefono<{
      orden: number;
      apellido: string;
      nombre: string;
      email: string | null;
      telefono: string | null;
      exalumno: boolean;
      confirmado: boolean;
    }>
  >;
  const lista: { orden: number; apellido: string; nombre: string; referentes: Contacto[] }[] = [];
  for (const f of filas) {
    let a = lista.at(-1);
    if (a?.orden !== f.alumno) {
      a = { orden: f.alumno, apellido: f.alumnoApellido, nombre: f.alumnoNombre, referentes: [] };
      lista.push(a);
    }
    if (f.referente != null) {
      a.referentes.push(
        conTelefono({
          orden: f.referente,
          apellido: f.apellido!,
          nombre: f.nombre!,
          email: f.email,
          telefono: f.telefono,
          exalumno: f.exalumno!,
          confirmado: f.confirmado!,
        }),
      );
    }
  }
  return { curso, ciclo, alumnos: lista };
}

/**
 * Exige poder modificar el referente: el personal que ve toda la escuela, cualquiera; un
 * preceptor, los vinculados a alumnos de sus cursos; un referente parental, sólo el propio.
 */
async function exigirReferenteEditable(ctx: Ctx, referenteId: number) {
  const { db: tx, sesion } = ctx;
  const [antes] = await tx
    .select({ ...columnasReferente, usuarioId: referentes.usuarioId })
    .from(referentes)
    .where(eq(referentes.id, referenteId))
    .for('update');
  if (!antes) throw new TRPCError({ code: 'NOT_FOUND', message: REFERENTE_INEXISTENTE });
  if (sesion.rol === Rol.ReferenteParental) {
    if (antes.usuarioId !== sesion.usuario.id)
      throw new TRPCError({ code: 'FORBIDDEN', message: SOLO_PROPIOS });
  } else if (!veTodaLaEscuela(sesion.rol)) {
    const visibles = referentesVisibles(ctx)!;
    const [ok] = await tx
      .select({ id: referentes.id })
      .from(referentes)
      .where(and(eq(referentes.id, referenteId), inArray(referentes.id, visibles)));
    if (!ok) throw new TRPCError({ code: 'FORBIDDEN', message: REFERENTE_AJENO });
  }
  const { usuarioId: _u, ...fila } = antes;
  return fila;
}

/**
 * PUT /api/referente/{orden}/guardar: datos de contacto del referente; el personal con su
 * alcance, y el referente parental sólo los propios, con el email de su cuenta (de sólo
 * lectura, spec 02 §2) y el teléfono obligatorio (spec 02 §5). La pantalla muestra
 * 'Datos guardados correctamente' con la fila devuelta.
 */
export async function guardar(ctx: Ctx, datos: GuardarReferente) {
  const { sesion } = ctx;
  return transaccion(ctx, async (tx) => {
    const antes = await exigirReferenteEditable(tx, datos.orden);
    const { orden, ...cambios } = datos;
    const valores = Object.fromEntries(
      Object.entries(cambios).filter(([, v]) => v !== undefined),
    ) as Partial<typeof referentes.$inferInsert>;
    if (sesion.rol === Rol.ReferenteParental) {
      valores.email = normalizarEmail(sesion.usuario.email);
      if (valores.telefono === null || (valores.telefono === undefined && !antes.telefono)) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: TELEFONO_REQUERIDO });
      }
    }
    const [despues] = await tx.db
      .update(referentes)
      .set(valores)
      .where(eq(referentes.id, orden))
      .returning(columnasReferente);
    await auditar(tx, {
      accion: 'editar',
      entidad: 'referentes',
      entidadId: orden,
      antes,
      despues,
    });
    return conTelefono(despues!);
  });
}

/** Un referente nuevo para un alumno del alcance, ya vinculado. */
export async function crear(ctx: Ctx, datos: CrearReferente) {
  return transaccion(ctx, async (tx) => {
    await exigirAlumnosVisibles(tx, { alumnos: [datos.alumno] });
    const { alumno, ...valores } = datos;
    const [nuevo] = await tx.db.insert(referentes).values(valores).returning(columnasReferente);
    await tx.db
      .insert(alumnosReferentes)
      .values({ alumnoId: alumno, referenteId: nuevo!.orden, ...confirmacionDe(ctx) });
    // El aviso a los referentes que ya tenía el alumno (issue 35), en la misma transacción.
    await encolar(tx.db, { tipo: 'vinculo', vinculos: [{ alumno, referente: nuevo!.orden }] });
    await auditar(tx, {
      accion: 'crear',
      entidad: 'referentes',
      entidadId: nuevo!.orden,
      despues: { ...nuevo, alumno },
    });
    return { ...conTelefono(nuevo!), alumno };
  });
}

/** Un vínculo confirmado por el personal de la sesión, ahora. */
const confirmacionDe = (ctx: Ctx) => ({
  confirmado: true,
  confirmadoPor: ctx.sesion.usuario.id,
  confirmadoEn: sql`now()`,
  confirmadoCon: 'personal',
});

/**
 * POST /api/alumnos/link/referentes: agrega y quita vínculos alumno–referente en una
 * transacción (los alumnos, del alcance; agregar uno existente o quitar uno inexistente no
 * hace nada). Lo que agrega el personal queda confirmado, y agregar un vínculo que un
 * referente declaró y espera lo confirma. Devuelve cuántos vínculos se agregaron, quitaron y
 * confirmaron (y, para un referente parental, cuántos quedan esperando a la escuela).
 */
export async function vincular(ctx: Ctx, datos: VincularReferentes) {
  // Un referente parental sólo declara vínculos propios (la inscripción anual).
  if (ctx.sesion.rol === Rol.ReferenteParental) return vincularPropios(ctx, datos);
  return transaccion(ctx, async (tx) => {
    const todos = [...datos.add, ...datos.remove];
    await exigirAlumnosVisibles(tx, { alumnos: todos.map((v) => v.alumno) });
    const ids = [...new Set(todos.map((v) => v.referente))];
    const existentes = await tx.db
      .select({ id: referentes.id })
      .from(referentes)
      .where(inArray(referentes.id, ids));
    if (existentes.length < ids.length)
      throw new TRPCError({ code: 'NOT_FOUND', message: REFERENTE_INEXISTENTE });

    // Lo que agrega el personal queda confirmado; agregar uno que un referente declaró (y
    // espera) lo confirma.
    const pendientes = datos.add.length
      ? await tx.db
          .select({
            alumno: alumnosReferentes.alumnoId,
            referente: alumnosReferentes.referenteId,
          })
          .from(alumnosReferentes)
          .where(
            and(
              eq(alumnosReferentes.confirmado, false),
              sql`(${alumnosReferentes.alumnoId}, ${alumnosReferentes.referenteId}) in (select * from unnest(${enteros(
                datos.add.map((v) => v.alumno),
              )}, ${enteros(datos.add.map((v) => v.referente))}))`,
            ),
          )
          .for('update')
      : [];
    const confirmados = pendientes.length
      ? await tx.db
          .update(alumnosReferentes)
          .set(confirmacionDe(ctx))
          .where(
            sql`(${alumnosReferentes.alumnoId}, ${alumnosReferentes.referenteId}) in (select * from unnest(${enteros(
              pendientes.map((v) => v.alumno),
            )}, ${enteros(pendientes.map((v) => v.referente))}))`,
          )
          .returning({
            alumno: alumnosReferentes.alumnoId,
            referente: alumnosReferentes.referenteId,
          })
      : [];
    const agregados = datos.add.length
      ? await tx.db
          .insert(alumnosReferentes)
          .values(
            datos.add.map((v) => ({
              alumnoId: v.alumno,
              referenteId: v.referente,
              ...confirmacionDe(ctx),
            })),
          )
          .onConflictDoNothing()
          .returning({
            alumno: alumnosReferentes.alumnoId,
            referente: alumnosReferentes.referenteId,
          })
      : [];
    const quitados = datos.remove.length
      ? await tx.db
          .delete(alumnosReferentes)
          .where(
            sql`(${alumnosReferentes.alumnoId}, ${alumnosReferentes.referenteId}) in (select * from unnest(${enteros(
              datos.remove.map((v) => v.alumno),
            )}, ${enteros(datos.remove.map((v) => v.referente))}))`,
          )
          .returning({
            alumno: alumnosReferentes.alumnoId,
            referente: alumnosReferentes.referenteId,
          })
      : [];
    await auditar(tx, {
      accion: 'vincular',
      entidad: 'alumnos_referentes',
      despues: { agregados, quitados, confirmados },
    });
    // Los vínculos nuevos o confirmados: el aviso a los referentes que ya estaban (issue 35); el
    // de un vínculo quitado se retira (sin leer y sin correo, se borra).
    await retirarAvisos(
      tx.db,
      quitados.map((v) => claveAviso.vinculo(v.alumno, v.referente)),
      MOTIVO_RETIRO.vinculoQuitado,
      ctx.ahora,
    );
    if (agregados.length || confirmados.length)
      await encolar(tx.db, { tipo: 'vinculo', vinculos: [...confirmados, ...agregados] });
    return {
      agregados: agregados.length,
      quitados: quitados.length,
      confirmados: confirmados.length,
      pendientes: 0,
    };
  });
}

export const VINCULO_INEXISTENTE = 'El vínculo no existe.';

/**
 * Confirmar el vínculo que declaró un referente (pendiente): desde ese momento el referente ve
 * los datos del alumno. El personal del alumno (un preceptor, sólo los de sus cursos; jefe de
 * preceptores, regente, Alumnado y Admin, todos). Confirmar uno ya confirmado no cambia nada.
 * Auditado.
 */
export async function confirmar(ctx: Ctx, { alumno, referente }: ConfirmarVinculo) {
  return transaccion(ctx, async (tx) => {
    await exigirAlumnosVisibles(tx, { alumnos: [alumno] });
    const delVinculo = and(
      eq(alumnosReferentes.alumnoId, alumno),
      eq(alumnosReferentes.referenteId, referente),
    );
    const [v] = await tx.db
      .select({ confirmado: alumnosReferentes.confirmado })
      .from(alumnosReferentes)
      .where(delVinculo)
      .for('update');
    if (!v) throw new TRPCError({ code: 'NOT_FOUND', message: VINCULO_INEXISTENTE });
    if (!v.confirmado) {
      await tx.db.update(alumnosReferentes).set(confirmacionDe(ctx)).where(delVinculo);
      await auditar(tx, {
        accion: 'confirmar',
        entidad: 'alumnos_referentes',
        entidadId: referente,
        antes: { alumno, referente, confirmado: false },
        despues: { alumno, referente, confirmado: true },
      });
      await encolar(tx.db, { tipo: 'vinculo', vinculos: [{ alumno, referente }] });
    }
    return { alumno, referente, confirmado: true as const };
  });
}
