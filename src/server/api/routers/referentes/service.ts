/**
 * Referentes (spec 01 §2 Student and guardian management, §3 Referente; spec 02 §2 /referentes,
 * §3 contacto, §7): listas y contactos por curso con el alcance del rol, alta y edición,
 * vínculos con alumnos y, para el referente parental, sus hijos. Toda escritura se audita.
 */
import { TRPCError } from '@trpc/server';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { normalizarEmail } from '@/domain/escuela';
import { Rol } from '@/domain/roles';
import { vincularPropios } from '@/server/api/routers/inscripcion/service';
import type { Db, DbOTx } from '@/server/db';
import { alumnos, alumnosCursos, alumnosReferentes, referentes } from '@/server/db/schema';
import type { Sesion } from '@/server/auth/sesion';
import { alumnosVisibles, veTodaLaEscuela } from '@/server/alcance';
import { auditar } from '@/server/auditoria';
import { paginar, type Busqueda } from '@/server/api/schemas';
import {
  coincide,
  columnasReferente,
  conTelefono,
  exigirAlumnosVisibles,
  exigirCursoVisible,
  ordenPorNombre,
} from '@/server/api/routers/alumnos/service';
import { enteros } from '@/server/api/routers/cursados/service';
import type { CrearReferente, GuardarReferente, VincularReferentes } from './schemas';

export const REFERENTE_INEXISTENTE = 'El referente no existe.';
export const REFERENTE_AJENO = 'No tiene acceso a ese referente.';
export const SOLO_PROPIOS = 'Sólo puede modificar sus propios datos.';
export const TELEFONO_REQUERIDO = 'Teléfono: no puede estar vacío.';

const ordenReferentes = ordenPorNombre(referentes.apellido, referentes.nombre, referentes.id);
const auditoria = (sesion: Sesion, ip: string | null) => ({
  usuarioId: sesion.usuario.id,
  rol: sesion.rol,
  ip,
});

/** Los referentes vinculados a alumnos del alcance (subconsulta), o null si ve toda la escuela. */
function referentesVisibles(db: DbOTx, sesion: Sesion, ciclo: number) {
  const visibles = alumnosVisibles(db, sesion, ciclo);
  if (!visibles) return null;
  return db
    .select({ id: alumnosReferentes.referenteId })
    .from(alumnosReferentes)
    .where(inArray(alumnosReferentes.alumnoId, visibles));
}

/** GET /api/referentes: los referentes del alcance, buscables y paginados. */
export async function listar(db: DbOTx, sesion: Sesion, ciclo: number, b: Busqueda) {
  const visibles = referentesVisibles(db, sesion, ciclo);
  const filas = await db
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

/** GET /api/referentes/alumno/{id}: los referentes de un alumno del alcance. */
export async function delAlumno(db: DbOTx, sesion: Sesion, ciclo: number, alumnoId: number) {
  await exigirAlumnosVisibles(db, sesion, ciclo, [alumnoId]);
  const filas = await db
    .select(columnasReferente)
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
export async function porCurso(db: DbOTx, sesion: Sesion, ciclo: number, cursoId: number) {
  const curso = await exigirCursoVisible(db, sesion, ciclo, cursoId);
  const filas = await db
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
async function exigirReferenteEditable(
  tx: DbOTx,
  sesion: Sesion,
  ciclo: number,
  referenteId: number,
) {
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
    const visibles = referentesVisibles(tx, sesion, ciclo)!;
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
export async function guardar(
  db: Db,
  sesion: Sesion,
  ciclo: number,
  datos: GuardarReferente,
  ip: string | null,
) {
  return db.transaction(async (tx) => {
    const antes = await exigirReferenteEditable(tx, sesion, ciclo, datos.orden);
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
    const [despues] = await tx
      .update(referentes)
      .set(valores)
      .where(eq(referentes.id, orden))
      .returning(columnasReferente);
    await auditar(tx, {
      ...auditoria(sesion, ip),
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
export async function crear(
  db: Db,
  sesion: Sesion,
  ciclo: number,
  datos: CrearReferente,
  ip: string | null,
) {
  return db.transaction(async (tx) => {
    await exigirAlumnosVisibles(tx, sesion, ciclo, [datos.alumno]);
    const { alumno, ...valores } = datos;
    const [nuevo] = await tx.insert(referentes).values(valores).returning(columnasReferente);
    await tx.insert(alumnosReferentes).values({ alumnoId: alumno, referenteId: nuevo!.orden });
    await auditar(tx, {
      ...auditoria(sesion, ip),
      accion: 'crear',
      entidad: 'referentes',
      entidadId: nuevo!.orden,
      despues: { ...nuevo, alumno },
    });
    return { ...conTelefono(nuevo!), alumno };
  });
}

/**
 * POST /api/alumnos/link/referentes: agrega y quita vínculos alumno–referente en una
 * transacción (los alumnos, del alcance; agregar uno existente o quitar uno inexistente no
 * hace nada). Devuelve cuántos vínculos cambiaron.
 */
export async function vincular(
  db: Db,
  sesion: Sesion,
  ciclo: number,
  datos: VincularReferentes,
  ip: string | null,
) {
  // Un referente parental sólo declara vínculos propios (la inscripción anual).
  if (sesion.rol === Rol.ReferenteParental) return vincularPropios(db, sesion, datos, ip);
  return db.transaction(async (tx) => {
    const todos = [...datos.add, ...datos.remove];
    await exigirAlumnosVisibles(
      tx,
      sesion,
      ciclo,
      todos.map((v) => v.alumno),
    );
    const ids = [...new Set(todos.map((v) => v.referente))];
    const existentes = await tx
      .select({ id: referentes.id })
      .from(referentes)
      .where(inArray(referentes.id, ids));
    if (existentes.length < ids.length)
      throw new TRPCError({ code: 'NOT_FOUND', message: REFERENTE_INEXISTENTE });

    const agregados = datos.add.length
      ? await tx
          .insert(alumnosReferentes)
          .values(datos.add.map((v) => ({ alumnoId: v.alumno, referenteId: v.referente })))
          .onConflictDoNothing()
          .returning({
            alumno: alumnosReferentes.alumnoId,
            referente: alumnosReferentes.referenteId,
          })
      : [];
    const quitados = datos.remove.length
      ? await tx
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
      ...auditoria(sesion, ip),
      accion: 'vincular',
      entidad: 'alumnos_referentes',
      despues: { agregados, quitados },
    });
    return { agregados: agregados.length, quitados: quitados.length };
  });
}
