/**
 * Consultas compartidas sobre el referente parental (spec 02 §2, §7): sus datos, los vínculos
 * que él mismo declara con alumnos (pendientes hasta que la escuela los confirma o él ingresa el
 * código de vinculación del alumno) y la fila de `referentes` de un usuario con el rol 256. Las usan inscripcion
 * ("Declaro mi vínculo…", sus hijos, la inscripción), referentes (POST
 * /api/alumnos/link/referentes llamado por un referente parental) y usuarios (alta y edición).
 * Toda escritura se audita.
 */
import { timingSafeEqual } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { partirTelefono, unirTelefono } from '@/domain/escuela';
import { codigoAreaValido, numeroTelefonoValido, referenteCompleto } from '@/domain/inscripcion';
import {
  CODIGO_BLOQUEADO,
  CODIGO_NO_COINCIDE,
  DEMASIADOS_INTENTOS_CODIGO,
  MAXIMO_FALLOS_POR_ALUMNO,
  MAXIMO_FALLOS_POR_CUENTA,
} from '@/domain/vinculos';
import { auditar } from '@/server/auditoria';
import { encolar } from '@/server/avisos/cola';
import { asegurarCodigos, fallosDeLaCuenta, fallosDelAlumno } from '@/server/consultas/codigos';
import type { Contexto, Ctx } from '@/server/contexto';
import { transaccion } from '@/server/errores';
import {
  alumnos,
  alumnosReferentes,
  codigosVinculacion,
  intentosVinculacion,
  referentes,
} from '@/server/db/schema';

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
  CODIGO_BLOQUEADO,
  CODIGO_NO_COINCIDE,
  DEMASIADOS_INTENTOS_CODIGO,
  VINCULO_PENDIENTE,
} from '@/domain/vinculos';

/**
 * Un vínculo que declara el referente: el alumno y, si la escuela se lo entregó, el código de
 * vinculación del alumno (ya normalizado, la prueba). El DNI no prueba nada.
 */
export interface Declaracion {
  alumno: number;
  codigo?: string | null;
}

export interface VinculoDeclarado {
  orden: number;
  apellido: string;
  nombre: string;
  /** El vínculo no existía y se creó ahora. */
  nuevo: boolean;
  /** El vínculo abre los datos del alumno (confirmado por la escuela, con el código o el email). */
  confirmado: boolean;
  /** Quedó confirmado en esta declaración (con el código). */
  confirmadoAhora: boolean;
}

type Rechazo = 'cuenta' | 'bloqueado' | 'codigo';
const RECHAZOS: Record<Rechazo, { code: 'TOO_MANY_REQUESTS' | 'BAD_REQUEST'; message: string }> = {
  cuenta: { code: 'TOO_MANY_REQUESTS', message: DEMASIADOS_INTENTOS_CODIGO },
  bloqueado: { code: 'TOO_MANY_REQUESTS', message: CODIGO_BLOQUEADO },
  codigo: { code: 'BAD_REQUEST', message: CODIGO_NO_COINCIDE },
};

/**
 * Prueba el código de vinculación de un alumno dentro de la transacción de la declaración: la
 * fila del código queda bloqueada (`FOR UPDATE`) hasta el final, así que N intentos a la vez
 * para el mismo alumno cuentan de a uno y no pasan el límite. Cada intento queda en
 * `intentos_vinculacion`; el equivocado número `MAXIMO_FALLOS_POR_ALUMNO` (24 h, todas las
 * cuentas) bloquea el código hasta que el personal lo desbloquea o lo regenera (auditado).
 */
async function probarCodigo(ctx: Ctx, alumno: number, codigo: string): Promise<Rechazo | null> {
  await asegurarCodigos(ctx, [alumno]);
  const [c] = await ctx.db
    .select({
      codigo: codigosVinculacion.codigo,
      creado: codigosVinculacion.creado,
      bloqueado: codigosVinculacion.bloqueado,
    })
    .from(codigosVinculacion)
    .where(eq(codigosVinculacion.alumnoId, alumno))
    .for('update');
  if (!c || c.bloqueado) return 'bloqueado';
  // Comparación de tiempo constante (el largo es fijo: lo valida el esquema).
  const acierto =
    c.codigo.length === codigo.length &&
    timingSafeEqual(Buffer.from(c.codigo), Buffer.from(codigo));
  await ctx.db
    .insert(intentosVinculacion)
    .values({ alumnoId: alumno, usuarioId: ctx.sesion.usuario.id, acierto });
  if (acierto) return null;
  if ((await fallosDelAlumno(ctx, alumno, c.creado)) < MAXIMO_FALLOS_POR_ALUMNO) return 'codigo';
  await ctx.db
    .update(codigosVinculacion)
    .set({ bloqueado: sql`now()` })
    .where(eq(codigosVinculacion.alumnoId, alumno));
  await auditar(ctx, {
    accion: 'bloquear',
    entidad: 'codigos_vinculacion',
    entidadId: alumno,
    despues: { alumno, fallos: MAXIMO_FALLOS_POR_ALUMNO, motivo: 'códigos equivocados' },
  });
  return 'bloqueado';
}

/**
 * El referente propio declara sus vínculos con alumnos habilitados (la inscripción, "Declaro mi
 * vínculo…", y POST /api/alumnos/link/referentes), en una transacción y auditado. Un vínculo
 * declarado nace PENDIENTE: no abre ningún dato del alumno hasta que la escuela lo confirma
 * (`referentes.confirmar`) o el referente da el código de vinculación del alumno, que lo confirma
 * en el momento (también uno ya pendiente; `confirmado_con` = 'codigo'). Un código equivocado no
 * vincula nada y cuenta para los límites (por alumno, `MAXIMO_FALLOS_POR_ALUMNO`, y por cuenta,
 * `MAXIMO_FALLOS_POR_CUENTA`, en 24 h); los pedidos del mismo referente van de a uno (se bloquea
 * su fila) y los de un mismo alumno también (la fila de su código).
 */
export async function declararVinculos(
  ctx: Ctx,
  declaraciones: readonly Declaracion[],
): Promise<VinculoDeclarado[]> {
  // Un alumno, una declaración (la primera).
  const pedidas = [...new Map(declaraciones.map((d) => [d.alumno, d])).values()];
  if (!pedidas.length) return [];
  const r = await transaccion(ctx, async (tx) => {
    const referente = await referenteParaVincular(tx);
    await tx.db
      .select({ id: referentes.id })
      .from(referentes)
      .where(eq(referentes.id, referente.orden))
      .for('update');
    const ids = pedidas.map((d) => d.alumno);
    const encontrados = await tx.db
      .select({ orden: alumnos.id, apellido: alumnos.apellido, nombre: alumnos.nombre })
      .from(alumnos)
      .where(and(inArray(alumnos.id, ids), eq(alumnos.habilitado, true)));
    if (encontrados.length < ids.length)
      throw new TRPCError({ code: 'NOT_FOUND', message: ALUMNO_INHABILITADO });

    // Los códigos, de a un alumno y en orden de id (dos declaraciones a la vez no se cruzan).
    const conCodigo = pedidas
      .filter((d): d is Declaracion & { codigo: string } => !!d.codigo)
      .sort((a, b) => a.alumno - b.alumno);
    const probados = new Set<number>();
    for (const d of conCodigo) {
      if ((await fallosDeLaCuenta(tx, ctx.sesion.usuario.id)) >= MAXIMO_FALLOS_POR_CUENTA)
        return { error: 'cuenta' as const };
      const rechazo = await probarCodigo(tx, d.alumno, d.codigo);
      // Se guarda (la transacción termina bien) y recién después se responde el error.
      if (rechazo) return { error: rechazo };
      probados.add(d.alumno);
    }

    const existentes = await tx.db
      .select({ alumno: alumnosReferentes.alumnoId, confirmado: alumnosReferentes.confirmado })
      .from(alumnosReferentes)
      .where(
        and(
          eq(alumnosReferentes.referenteId, referente.orden),
          inArray(alumnosReferentes.alumnoId, ids),
        ),
      );
    const estado = new Map(existentes.map((e) => [e.alumno, e.confirmado]));
    const confirmacion = {
      confirmado: true,
      confirmadoPor: ctx.sesion.usuario.id,
      confirmadoEn: sql`now()`,
      confirmadoCon: 'codigo',
    };
    const nuevos = ids.filter((a) => !estado.has(a));
    if (nuevos.length)
      await tx.db.insert(alumnosReferentes).values(
        nuevos.map((alumnoId) => ({
          alumnoId,
          referenteId: referente.orden,
          ...(probados.has(alumnoId) ? confirmacion : {}),
        })),
      );
    const aConfirmar = ids.filter((a) => estado.get(a) === false && probados.has(a));
    if (aConfirmar.length)
      await tx.db
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
      await auditar(tx, {
        accion: 'vincular',
        entidad: 'alumnos_referentes',
        entidadId: referente.orden,
        despues: {
          referente: referente.orden,
          alumnos: nuevos,
          declaradoPorReferente: true,
          pendientes: nuevos.filter((a) => !probados.has(a)),
        },
      });
    // Confirmado con el código: el aviso a los referentes que ya estaban (issue 35).
    if (confirmadosAhora.length)
      await encolar(tx.db, {
        tipo: 'vinculo',
        vinculos: confirmadosAhora.map((alumno) => ({ alumno, referente: referente.orden })),
      });
    if (confirmadosAhora.length)
      await auditar(
        tx,
        confirmadosAhora.map((alumno) => ({
          accion: 'confirmar',
          entidad: 'alumnos_referentes',
          entidadId: referente.orden,
          antes: { alumno, referente: referente.orden, confirmado: false },
          despues: {
            alumno,
            referente: referente.orden,
            confirmado: true,
            confirmadoCon: 'codigo',
          },
        })),
      );
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
  if ('error' in r) throw new TRPCError(RECHAZOS[r.error as Rechazo]);
  // En el orden pedido.
  return pedidas.map((d) => r.vinculos.find((v) => v.orden === d.alumno)!);
}

/**
 * POST /api/alumnos/link/referentes para un referente parental (spec 02 §7: "add list of
 * {alumno, referente} and an empty remove list"): cada vínculo, con su propio referente y,
 * optativo, el código de vinculación del alumno. El DNI ya no confirma nada: un `dni` en el
 * cuerpo es un 400 que lo explica (lo rechaza el esquema: no se declara nada). Cuenta los vínculos nuevos, los
 * confirmados ahora con el código y los que quedan esperando a la escuela.
 */
export async function vincularPropios(
  ctx: Ctx,
  datos: {
    add: readonly { alumno: number; referente: number; codigo?: string | null }[];
    remove: readonly unknown[];
  },
) {
  const referente = await referentePropio(ctx);
  if (datos.remove.length || datos.add.some((v) => v.referente !== referente.orden))
    throw new TRPCError({ code: 'FORBIDDEN', message: SOLO_AGREGAR_PROPIOS });
  const r = await declararVinculos(
    ctx,
    datos.add.map((v) => ({ alumno: v.alumno, codigo: v.codigo })),
  );
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
 * La tercera forma de confirmar un vínculo (DESIGN §6): el email verificado por Google de quien se
 * registra es el que la escuela anotó en el referente. Los vínculos que la escuela le cargó abren
 * los datos de sus hijos a esta cuenta desde ahora: quedan con `confirmado_con` = 'email' (y la
 * fecha, para el aviso a los demás referentes del alumno), auditados.
 */
async function confirmarPorEmail(
  ctx: Pick<Contexto, 'db' | 'sesion' | 'ip'>,
  referente: number,
  usuario: number,
) {
  const confirmados = await ctx.db
    .update(alumnosReferentes)
    .set({ confirmadoCon: 'email', confirmadoEn: sql`now()`, confirmadoPor: usuario })
    .where(
      and(eq(alumnosReferentes.referenteId, referente), eq(alumnosReferentes.confirmado, true)),
    )
    .returning({ alumno: alumnosReferentes.alumnoId });
  if (confirmados.length)
    await encolar(ctx.db, {
      tipo: 'vinculo',
      vinculos: confirmados.map(({ alumno }) => ({ alumno, referente })),
    });
  await auditar(
    ctx,
    confirmados.map(({ alumno }) => ({
      usuarioId: usuario,
      accion: 'confirmar',
      entidad: 'alumnos_referentes',
      entidadId: referente,
      despues: { alumno, referente, confirmado: true, confirmadoCon: 'email' },
    })),
  );
}

/**
 * La fila de `referentes` de un usuario con el rol Referente Parental (256), dentro de la
 * transacción que crea o edita el usuario (`ctx.db`): la ya vinculada; si no, la que la escuela
 * cargó con el mismo email y sin usuario (la más antigua), que se vincula con sus hijos; si no,
 * una nueva con apellido, nombre, email y teléfono del usuario. Nunca dos por usuario (además
 * lo impide el índice único `referentes_usuario_idx`). Vincular o crear se audita. Con
 * `porEmailVerificado` (el registro con Google), los vínculos de la ficha que la escuela cargó
 * quedan confirmados por el email.
 */
export async function asegurarReferenteDeUsuario(
  ctx: Pick<Contexto, 'db' | 'sesion' | 'ip'>,
  usuario: UsuarioDelReferente,
  { porEmailVerificado = false }: { porEmailVerificado?: boolean } = {},
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
      if (porEmailVerificado) await confirmarPorEmail(ctx, vinculado.id, usuario.id);
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
