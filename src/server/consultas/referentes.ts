/**
 * Consultas compartidas sobre el referente parental (spec 02 §2, §7): sus datos, los vínculos
 * que él mismo declara con alumnos (pendientes hasta que la escuela los confirma o él prueba el
 * DNI del alumno) y la fila de `referentes` de un usuario con el rol 256. Las usan inscripcion
 * ("Declaro mi vínculo…", sus hijos, la inscripción), referentes (POST
 * /api/alumnos/link/referentes llamado por un referente parental) y usuarios (alta y edición).
 * Toda escritura se audita.
 */
import { TRPCError } from '@trpc/server';
import { and, asc, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { partirTelefono, unirTelefono } from '@/domain/escuela';
import { codigoAreaValido, numeroTelefonoValido, referenteCompleto } from '@/domain/inscripcion';
import { DEMASIADOS_INTENTOS_DNI, DNI_NO_COINCIDE, MAXIMO_INTENTOS_DNI } from '@/domain/vinculos';
import { auditar } from '@/server/auditoria';
import { conDb, type Contexto, type Ctx } from '@/server/contexto';
import { alumnos, alumnosReferentes, auditoria, referentes } from '@/server/db/schema';

export const SIN_DATOS_DE_REFERENTE = 'No hay datos de referente parental para su usuario.';
export const REFERENTE_INCOMPLETO =
  'Complete sus datos personales para continuar con la inscripción.';
export const ALUMNO_INHABILITADO = 'El alumno no existe o no está habilitado.';
export const SOLO_AGREGAR_PROPIOS =
  'Un referente parental sólo puede agregar vínculos con su propio usuario de referente.';

const columnasReferentePropio = {
  orden: referentes.id,
  nombre: referentes.nombre,
  apellido: referentes.apellido,
  email: referentes.email,
  telefono: referentes.telefono,
  exalumno: referentes.exalumno,
};

/** El referente del usuario que inició sesión (Referente Parental), o NOT_FOUND. */
export async function referentePropio(ctx: Ctx) {
  const [r] = await ctx.db
    .select(columnasReferentePropio)
    .from(referentes)
    .where(eq(referentes.usuarioId, ctx.sesion.usuario.id));
  if (!r) throw new TRPCError({ code: 'NOT_FOUND', message: SIN_DATOS_DE_REFERENTE });
  return r;
}

/** El referente propio, que para vincularse necesita sus datos personales completos. */
export async function referenteParaVincular(ctx: Ctx) {
  const referente = await referentePropio(ctx);
  if (!referenteCompleto({ ...referente, email: referente.email ?? ctx.sesion.usuario.email }))
    throw new TRPCError({ code: 'BAD_REQUEST', message: REFERENTE_INCOMPLETO });
  return referente;
}

export {
  DEMASIADOS_INTENTOS_DNI,
  DNI_NO_COINCIDE,
  MAXIMO_INTENTOS_DNI,
  VINCULO_PENDIENTE,
} from '@/domain/vinculos';

/** Un vínculo que declara el referente: el alumno y, si lo sabe, su DNI (la prueba). */
export interface Declaracion {
  alumno: number;
  dni?: number | null;
}

export interface VinculoDeclarado {
  orden: number;
  apellido: string;
  nombre: string;
  /** El vínculo no existía y se creó ahora. */
  nuevo: boolean;
  /** El vínculo abre los datos del alumno (confirmado por la escuela o con el DNI). */
  confirmado: boolean;
  /** Quedó confirmado en esta declaración (con el DNI). */
  confirmadoAhora: boolean;
}

/** Los DNI equivocados que probó el referente en las últimas 24 horas (de la auditoría). */
async function intentosFallidosDni(ctx: Pick<Contexto, 'db'>, referente: number) {
  const [fila] = await ctx.db
    .select({ n: count() })
    .from(auditoria)
    .where(
      and(
        eq(auditoria.entidad, 'alumnos_referentes'),
        eq(auditoria.entidadId, String(referente)),
        eq(auditoria.accion, 'dni_no_coincide'),
        gt(auditoria.cuando, sql`now() - interval '1 day'`),
      ),
    );
  return fila?.n ?? 0;
}

/**
 * El referente propio declara sus vínculos con alumnos habilitados (la inscripción, "Declaro mi
 * vínculo…", y POST /api/alumnos/link/referentes), en una transacción y auditado. Un vínculo
 * declarado nace PENDIENTE: no abre ningún dato del alumno hasta que la escuela lo confirma
 * (`referentes.confirmar`) o el referente da el DNI del alumno, que lo confirma en el momento
 * (también uno ya pendiente). Un DNI que no coincide no vincula nada, queda en la auditoría y
 * cuenta para el límite de `MAXIMO_INTENTOS_DNI` por día (los pedidos del mismo referente se
 * hacen de a uno: se bloquea su fila).
 */
export async function declararVinculos(
  ctx: Ctx,
  declaraciones: readonly Declaracion[],
): Promise<VinculoDeclarado[]> {
  // Un alumno, una declaración (la primera).
  const pedidas = [...new Map(declaraciones.map((d) => [d.alumno, d])).values()];
  if (!pedidas.length) return [];
  const r = await ctx.db.transaction(async (tx) => {
    const ctxTx = conDb(ctx, tx);
    const referente = await referenteParaVincular(ctxTx);
    await tx
      .select({ id: referentes.id })
      .from(referentes)
      .where(eq(referentes.id, referente.orden))
      .for('update');
    const conDni = pedidas.filter((d) => d.dni != null);
    if (conDni.length && (await intentosFallidosDni(ctxTx, referente.orden)) >= MAXIMO_INTENTOS_DNI)
      return { error: 'limite' as const };

    const ids = pedidas.map((d) => d.alumno);
    const encontrados = await tx
      .select({
        orden: alumnos.id,
        apellido: alumnos.apellido,
        nombre: alumnos.nombre,
        dni: alumnos.dni,
      })
      .from(alumnos)
      .where(and(inArray(alumnos.id, ids), eq(alumnos.habilitado, true)));
    if (encontrados.length < ids.length)
      throw new TRPCError({ code: 'NOT_FOUND', message: ALUMNO_INHABILITADO });
    const dniDe = new Map(encontrados.map((a) => [a.orden, a.dni]));
    const equivocados = conDni.filter((d) => dniDe.get(d.alumno) !== d.dni);
    if (equivocados.length) {
      // Se guarda (la transacción termina bien) y recién después se responde el error.
      await auditar(
        ctxTx,
        equivocados.map((d) => ({
          accion: 'dni_no_coincide',
          entidad: 'alumnos_referentes',
          entidadId: referente.orden,
          despues: { referente: referente.orden, alumno: d.alumno },
        })),
      );
      return { error: 'dni' as const };
    }

    const existentes = await tx
      .select({ alumno: alumnosReferentes.alumnoId, confirmado: alumnosReferentes.confirmado })
      .from(alumnosReferentes)
      .where(
        and(
          eq(alumnosReferentes.referenteId, referente.orden),
          inArray(alumnosReferentes.alumnoId, ids),
        ),
      );
    const estado = new Map(existentes.map((e) => [e.alumno, e.confirmado]));
    const probados = new Set(conDni.map((d) => d.alumno));
    const confirmacion = {
      confirmado: true,
      confirmadoPor: ctx.sesion.usuario.id,
      confirmadoEn: sql`now()`,
    };
    const nuevos = ids.filter((a) => !estado.has(a));
    if (nuevos.length)
      await tx.insert(alumnosReferentes).values(
        nuevos.map((alumnoId) => ({
          alumnoId,
          referenteId: referente.orden,
          ...(probados.has(alumnoId) ? confirmacion : {}),
        })),
      );
    const aConfirmar = ids.filter((a) => estado.get(a) === false && probados.has(a));
    if (aConfirmar.length)
      await tx
        .update(alumnosReferentes)
        .set(confirmacion)
        .where(
          and(
            eq(alumnosReferentes.referenteId, referente.orden),
            inArray(alumnosReferentes.alumnoId, aConfirmar),
          ),
        );
    const confirmadosAhora = ids.filter(
      (a) => probados.has(a) && (nuevos.includes(a) || aConfirmar.includes(a)),
    );
    if (nuevos.length || aConfirmar.length)
      await auditar(ctxTx, {
        accion: 'vincular',
        entidad: 'alumnos_referentes',
        entidadId: referente.orden,
        despues: {
          referente: referente.orden,
          alumnos: nuevos,
          declaradoPorReferente: true,
          confirmadosConDni: confirmadosAhora,
          pendientes: nuevos.filter((a) => !probados.has(a)),
        },
      });
    return {
      vinculos: encontrados.map((a) => ({
        orden: a.orden,
        apellido: a.apellido,
        nombre: a.nombre,
        nuevo: nuevos.includes(a.orden),
        confirmado: estado.get(a.orden) === true || probados.has(a.orden),
        confirmadoAhora: confirmadosAhora.includes(a.orden),
      })),
    };
  });
  if ('error' in r) {
    if (r.error === 'limite')
      throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: DEMASIADOS_INTENTOS_DNI });
    throw new TRPCError({ code: 'BAD_REQUEST', message: DNI_NO_COINCIDE });
  }
  // En el orden pedido.
  return pedidas.map((d) => r.vinculos.find((v) => v.orden === d.alumno)!);
}

/**
 * POST /api/alumnos/link/referentes para un referente parental (spec 02 §7: "add list of
 * {alumno, referente} and an empty remove list"): cada vínculo, con su propio referente y,
 * optativo, el DNI del alumno. Cuenta los vínculos nuevos, los confirmados ahora con el DNI y
 * los que quedan esperando a la escuela.
 */
export async function vincularPropios(
  ctx: Ctx,
  datos: {
    add: readonly { alumno: number; referente: number; dni?: number | null }[];
    remove: readonly unknown[];
  },
) {
  const referente = await referentePropio(ctx);
  if (datos.remove.length || datos.add.some((v) => v.referente !== referente.orden))
    throw new TRPCError({ code: 'FORBIDDEN', message: SOLO_AGREGAR_PROPIOS });
  const r = await declararVinculos(ctx, datos.add);
  return {
    agregados: r.filter((v) => v.nuevo).length,
    quitados: 0,
    confirmados: r.filter((v) => v.confirmadoAhora).length,
    pendientes: r.filter((v) => !v.confirmado).length,
  };
}

// ── El referente de un usuario con el rol Referente Parental ────────────────────────────────

/** Los datos del usuario que pasan a su referente. */
export interface UsuarioDelReferente {
  id: number;
  email: string;
  apellido: string;
  nombre: string;
  telefono: string | null;
}

/**
 * El teléfono del usuario como lo guarda un referente ("área número", spec 02 §3, §5), o null
 * si no tiene esa forma (la familia lo completa en la inscripción).
 */
function telefonoDeReferente(telefono: string | null): string | null {
  const { codigoArea, numero } = partirTelefono(telefono);
  const limpio = numero.replace(/[\s-]/g, '');
  return codigoAreaValido(codigoArea) && numeroTelefonoValido(limpio)
    ? unirTelefono(codigoArea, limpio)
    : null;
}

/**
 * La fila de `referentes` de un usuario con el rol Referente Parental (256), dentro de la
 * transacción que crea o edita el usuario (`ctx.db`): la ya vinculada; si no, la que la escuela
 * cargó con el mismo email y sin usuario (la más antigua), que se vincula con sus hijos; si no,
 * una nueva con apellido, nombre, email y teléfono del usuario. Nunca dos por usuario (además
 * lo impide el índice único `referentes_usuario_idx`). Vincular o crear se audita.
 */
export async function asegurarReferenteDeUsuario(
  ctx: Pick<Contexto, 'db' | 'sesion' | 'ip'>,
  usuario: UsuarioDelReferente,
): Promise<{ orden: number; accion: 'existente' | 'vinculado' | 'creado' }> {
  const { db } = ctx;
  const [propio] = await db
    .select({ id: referentes.id })
    .from(referentes)
    .where(eq(referentes.usuarioId, usuario.id));
  if (propio) return { orden: propio.id, accion: 'existente' };

  const email = usuario.email.trim().toLowerCase();
  const [cargado] = await db
    .select({ id: referentes.id })
    .from(referentes)
    .where(and(isNull(referentes.usuarioId), eq(sql`lower(${referentes.email})`, email)))
    .orderBy(asc(referentes.id))
    .limit(1)
    .for('update');
  if (cargado) {
    const [vinculado] = await db
      .update(referentes)
      .set({ usuarioId: usuario.id })
      .where(and(eq(referentes.id, cargado.id), isNull(referentes.usuarioId)))
      .returning({ id: referentes.id });
    if (vinculado) {
      await auditar(ctx, {
        accion: 'vincular_usuario',
        entidad: 'referentes',
        entidadId: vinculado.id,
        despues: { usuario: usuario.id, email },
      });
      return { orden: vinculado.id, accion: 'vinculado' };
    }
  }

  const valores = {
    usuarioId: usuario.id,
    apellido: usuario.apellido,
    nombre: usuario.nombre,
    email,
    telefono: telefonoDeReferente(usuario.telefono),
  };
  const [nuevo] = await db.insert(referentes).values(valores).returning({ id: referentes.id });
  await auditar(ctx, {
    accion: 'crear',
    entidad: 'referentes',
    entidadId: nuevo!.id,
    despues: valores,
  });
  return { orden: nuevo!.id, accion: 'creado' };
}

/**
 * El email de la cuenta es el del referente vinculado (de sólo lectura en la inscripción, spec
 * 02 §2): cuando cambia el del usuario, cambia el de su referente, tenga o no el rol todavía.
 */
export async function actualizarEmailDelReferente(
  ctx: Pick<Contexto, 'db' | 'sesion' | 'ip'>,
  { usuario, email }: { usuario: number; email: string },
) {
  const nuevo = email.trim().toLowerCase();
  const [antes] = await ctx.db
    .select({ id: referentes.id, email: referentes.email })
    .from(referentes)
    .where(eq(referentes.usuarioId, usuario));
  if (!antes || antes.email === nuevo) return;
  await ctx.db.update(referentes).set({ email: nuevo }).where(eq(referentes.id, antes.id));
  await auditar(ctx, {
    accion: 'editar',
    entidad: 'referentes',
    entidadId: antes.id,
    antes: { email: antes.email },
    despues: { email: nuevo },
  });
}
