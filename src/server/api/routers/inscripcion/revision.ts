/**
 * El seguimiento de Alumnado (/inscripciones, spec 02 §2, §5): las inscripciones de un ciclo
 * por curso con los faltantes, la revisión (verificada u observada), el listado en CSV y el
 * comprobante de pago (que también ve el referente del alumno).
 */
import { TRPCError } from '@trpc/server';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { EstadoInscripcion } from '@/domain/inscripcion';
import { Rol } from '@/domain/roles';
import { lineaCsv } from '@/domain/csv';
import { ALUMNO_AJENO } from '@/server/alcance';
import { auditar } from '@/server/auditoria';
import { encolar } from '@/server/avisos/cola';
import type { Contexto, Ctx } from '@/server/contexto';
import { transaccion } from '@/server/errores';
import { vinculoConfirmado } from '@/server/consultas/hijos';
import {
  columnasCurso,
  cursoInfo,
  ordenPorNombre,
  type CursoInfo,
} from '@/server/consultas/personas';
import {
  alumnos,
  alumnosCursos,
  alumnosReferentes,
  archivos,
  cursos,
  inscripcionesAnuales,
  referentes,
} from '@/server/db/schema';
import type { RevisarInscripcion } from './schemas';
import { INSCRIPCION_INEXISTENTE, cicloActual } from './service';

// ── Comprobante ─────────────────────────────────────────────────────────────────────────────

/** Roles del personal que ven comprobantes (el seguimiento de Alumnado). */
export const ROLES_COMPROBANTE: readonly number[] = [Rol.Alumnado, Rol.Admin];

/**
 * El comprobante de una inscripción: para un referente del alumno (vínculo confirmado), y para
 * Alumnado y Admin. Auditado. Otro usuario: FORBIDDEN, sin decir si existe.
 */
export async function comprobante(ctx: Ctx, { id: inscripcionId }: { id: number }) {
  const { db, sesion } = ctx;
  const [fila] = await db
    .select({
      alumno: inscripcionesAnuales.alumnoId,
      nombre: archivos.nombre,
      tipo: archivos.tipo,
      datos: archivos.datos,
    })
    .from(inscripcionesAnuales)
    .innerJoin(archivos, eq(archivos.id, inscripcionesAnuales.comprobanteId))
    .where(eq(inscripcionesAnuales.id, inscripcionId));
  let permitido = ROLES_COMPROBANTE.includes(sesion.rol);
  if (!permitido && fila && sesion.rol === Rol.ReferenteParental) {
    const [vinculo] = await db
      .select({ a: alumnosReferentes.alumnoId })
      .from(alumnosReferentes)
      .innerJoin(referentes, eq(referentes.id, alumnosReferentes.referenteId))
      .where(
        and(
          eq(referentes.usuarioId, sesion.usuario.id),
          eq(alumnosReferentes.alumnoId, fila.alumno),
          vinculoConfirmado,
        ),
      );
    permitido = !!vinculo;
  }
  if (!permitido) throw new TRPCError({ code: 'FORBIDDEN', message: ALUMNO_AJENO });
  if (!fila) throw new TRPCError({ code: 'NOT_FOUND', message: INSCRIPCION_INEXISTENTE });
  await auditar(ctx, { accion: 'ver', entidad: 'comprobantes', entidadId: inscripcionId });
  return { nombre: fila.nombre, tipo: fila.tipo, datos: fila.datos };
}

// ── Seguimiento de Alumnado (/inscripciones) ────────────────────────────────────────────────

/** Qué listar: el ciclo pedido (si no, el ciclo lectivo en curso) y, si se pide, un curso. */
export interface FiltroInscripciones {
  ciclo?: number;
  curso?: number;
}

/**
 * Las inscripciones del ciclo por curso: cada alumno del curso con su inscripción (estado,
 * fecha) o sin ella (faltante). Una consulta, sea cual sea el tamaño de la escuela.
 */
export async function listar(ctx: Pick<Contexto, 'db' | 'hoy'>, p: FiltroInscripciones) {
  const ciclo = p.ciclo ?? cicloActual(ctx);
  const filas = await ctx.db
    .select({
      alumno: alumnos.id,
      apellido: alumnos.apellido,
      nombre: alumnos.nombre,
      dni: alumnos.dni,
      ...columnasCurso,
      inscripcion: inscripcionesAnuales.id,
      estado: inscripcionesAnuales.estado,
      observacion: inscripcionesAnuales.observacion,
      creado: inscripcionesAnuales.creado,
      email: inscripcionesAnuales.email,
      telefono: inscripcionesAnuales.telefono,
      comprobanteTipo: archivos.tipo,
    })
    .from(alumnosCursos)
    .innerJoin(alumnos, eq(alumnos.id, alumnosCursos.alumnoId))
    .innerJoin(cursos, eq(cursos.id, alumnosCursos.cursoId))
    .leftJoin(
      inscripcionesAnuales,
      and(
        eq(inscripcionesAnuales.alumnoId, alumnos.id),
        eq(inscripcionesAnuales.ciclolectivo, ciclo),
      ),
    )
    .leftJoin(archivos, eq(archivos.id, inscripcionesAnuales.comprobanteId))
    .where(
      and(
        eq(alumnosCursos.ciclolectivo, ciclo),
        eq(alumnos.habilitado, true),
        p.curso ? eq(alumnosCursos.cursoId, p.curso) : undefined,
      ),
    )
    .orderBy(
      asc(cursos.anio),
      asc(cursos.division),
      ...ordenPorNombre(alumnos.apellido, alumnos.nombre, alumnos.id),
    );

  type Curso = CursoInfo & {
    alumnos: {
      orden: number;
      apellido: string;
      nombre: string;
      dni: number;
      inscripcion: {
        orden: number;
        estado: EstadoInscripcion;
        observacion: string | null;
        creado: string;
        email: string;
        telefono: string;
        comprobante: string | null;
      } | null;
    }[];
    inscriptos: number;
    faltantes: number;
  };
  const porCurso = new Map<number, Curso>();
  for (const f of filas) {
    let c = porCurso.get(f.orden);
    if (!c) {
      c = { ...cursoInfo(f)!, alumnos: [], inscriptos: 0, faltantes: 0 };
      porCurso.set(f.orden, c);
    }
    const inscripcion =
      f.inscripcion == null
        ? null
        : {
            orden: f.inscripcion,
            estado: f.estado as EstadoInscripcion,
            observacion: f.observacion,
            creado: f.creado!.toISOString(),
            email: f.email!,
            telefono: f.telefono!,
            comprobante: f.comprobanteTipo,
          };
    c.alumnos.push({
      orden: f.alumno,
      apellido: f.apellido,
      nombre: f.nombre,
      dni: f.dni,
      inscripcion,
    });
    if (inscripcion) c.inscriptos++;
    else c.faltantes++;
  }
  const lista = [...porCurso.values()];
  return {
    ciclo,
    cursos: lista,
    inscriptos: lista.reduce((n, c) => n + c.inscriptos, 0),
    faltantes: lista.reduce((n, c) => n + c.faltantes, 0),
  };
}

/** Alumnado marca una inscripción como verificada u observada (con su observación). */
export async function revisar(ctx: Ctx, d: RevisarInscripcion) {
  return transaccion(ctx, async (tx) => {
    const [antes] = await tx.db
      .select({
        estado: inscripcionesAnuales.estado,
        observacion: inscripcionesAnuales.observacion,
      })
      .from(inscripcionesAnuales)
      .where(eq(inscripcionesAnuales.id, d.id))
      .for('update');
    if (!antes) throw new TRPCError({ code: 'NOT_FOUND', message: INSCRIPCION_INEXISTENTE });
    const [despues] = await tx.db
      .update(inscripcionesAnuales)
      .set({
        estado: d.estado,
        observacion: d.estado === 'observada' ? d.observacion : null,
        revisadoPor: ctx.sesion.usuario.id,
        revisado: sql`now()`,
      })
      .where(eq(inscripcionesAnuales.id, d.id))
      .returning({
        orden: inscripcionesAnuales.id,
        estado: inscripcionesAnuales.estado,
        observacion: inscripcionesAnuales.observacion,
      });
    await auditar(tx, {
      accion: 'revisar',
      entidad: 'inscripciones_anuales',
      entidadId: d.id,
      antes,
      despues,
    });
    // Completa (verificada) u observada: el aviso a la familia (issue 35), si cambió.
    const etapa =
      d.estado === 'verificada' ? 'completa' : d.estado === 'observada' ? 'observada' : null;
    if (etapa && antes.estado !== d.estado)
      await encolar(tx.db, { tipo: 'inscripcion', inscripcion: d.id, etapa });
    return { ...despues!, estado: despues!.estado as EstadoInscripcion };
  });
}

/** El listado del seguimiento como CSV (UTF-8 con BOM para que Excel respete los acentos). */
export async function csv(ctx: Pick<Contexto, 'db' | 'hoy'>, p: FiltroInscripciones) {
  const r = await listar(ctx, p);
  const lineas = [
    lineaCsv([
      'Curso',
      'Apellido',
      'Nombre',
      'DNI',
      'Estado',
      'Fecha',
      'Email',
      'Teléfono',
      'Observación',
    ]),
  ];
  for (const c of r.cursos) {
    for (const a of c.alumnos) {
      lineas.push(
        lineaCsv([
          c.nombre,
          a.apellido,
          a.nombre,
          a.dni,
          a.inscripcion ? a.inscripcion.estado : 'faltante',
          a.inscripcion ? a.inscripcion.creado.slice(0, 10) : null,
          a.inscripcion?.email ?? null,
          a.inscripcion?.telefono ?? null,
          a.inscripcion?.observacion ?? null,
        ]),
      );
    }
  }
  return { ciclo: r.ciclo, contenido: '\ufeff' + lineas.join('\r\n') + '\r\n' };
}
