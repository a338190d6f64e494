/**
 * La importación de planillas (issue 34 §1): subir (la grilla leída queda en `importaciones`, nada
 * más se escribe), la vista previa y la aplicación con la MISMA función (`planificar` del dominio
 * contra lo que la base tiene de las personas del archivo), el historial y, en deshacer.ts, deshacer
 * la última. Aplicar vuelve a calcular el plan dentro de UNA transacción y escribe por lotes; cada
 * importación queda registrada (quién, cuándo, archivo y sha256, cuentas) y auditada.
 */
import { createHash } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { desc, eq, sql } from 'drizzle-orm';
import { mapeoAutomatico, type Mapeo } from '@/domain/importacion/campos';
import { busquedaDe } from '@/domain/importacion/filas';
import { planificar, type Resultado } from '@/domain/importacion/plan';
import { auditar } from '@/server/auditoria';
import type { Ctx } from '@/server/contexto';
import { importaciones, usuarios } from '@/server/db/schema';
import { transaccion } from '@/server/errores';
import { ArchivoInvalido, leerPlanilla } from './archivo';
import { cargarExistentes } from './existentes';
import { escribir } from './escritura';
import type { SubirImportacion, VistaImportacion } from './schemas';

export const IMPORTACION_INEXISTENTE = 'La importación no existe.';
export const YA_APLICADA = 'Esta importación ya se aplicó.';
export const YA_DESHECHA = 'Esta importación se deshizo: suba el archivo otra vez para importarlo.';
export const MAPEO_LARGO = 'El mapeo debe tener una entrada por cada columna de la planilla.';
export const SIN_CAMPOS = 'Elija el campo de al menos una columna.';
export const EMAIL_REPETIDO = 'Ya existe un usuario con uno de esos emails.';
export const DNI_REPETIDO = 'Ya existe un alumno con uno de esos DNI.';

/** POST /api/importar: lee el archivo y guarda la grilla (estado 'subida'). */
export async function subir(ctx: Ctx, { nombre, datos }: SubirImportacion) {
  let grilla;
  try {
    grilla = await leerPlanilla(datos);
  } catch (e) {
    if (e instanceof ArchivoInvalido)
      throw new TRPCError({ code: 'BAD_REQUEST', message: e.message });
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'No se pudo leer el archivo.', cause: e });
  }
  const sha256 = createHash('sha256').update(datos).digest('hex');
  return transaccion(ctx, async (tx) => {
    const [fila] = await tx.db
      .insert(importaciones)
      .values({
        usuarioId: ctx.sesion.usuario.id,
        nombre,
        sha256,
        tamanio: datos.byteLength,
        encabezados: grilla.encabezados,
        filas: grilla.filas,
      })
      .returning({ id: importaciones.id });
    await auditar(tx, {
      accion: 'subir',
      entidad: 'importaciones',
      entidadId: fila!.id,
      despues: { nombre, sha256, tamanio: datos.byteLength, filas: grilla.filas.length },
    });
    return {
      id: fila!.id,
      nombre,
      filas: grilla.filas.length,
      encabezados: grilla.encabezados,
      mapeo: mapeoAutomatico(grilla.encabezados),
      muestra: grilla.filas.slice(0, 5),
    };
  });
}

/** El candado de las importaciones ('impo'). */
const CANDADO_IMPORTAR = 0x696d706f;

/**
 * Una importación a la vez se aplica o se deshace: dos planillas distintas que traen el mismo
 * tutor nuevo, aplicadas juntas, no lo crean dos veces (`referentes.email` no es único); la
 * segunda espera y planifica contra lo que escribió la primera.
 */
export async function unaImportacionALaVez(tx: Pick<Ctx, 'db'>) {
  await tx.db.execute(sql`select pg_advisory_xact_lock(${CANDADO_IMPORTAR})`);
}

async function leerImportacion(ctx: Pick<Ctx, 'db'>, id: number, bloquear = false) {
  const consulta = ctx.db.select().from(importaciones).where(eq(importaciones.id, id));
  const [imp] = bloquear ? await consulta.for('update') : await consulta;
  if (!imp) throw new TRPCError({ code: 'NOT_FOUND', message: IMPORTACION_INEXISTENTE });
  return imp;
}

function exigirSubida(estado: string) {
  if (estado === 'aplicada') throw new TRPCError({ code: 'CONFLICT', message: YA_APLICADA });
  if (estado === 'deshecha') throw new TRPCError({ code: 'CONFLICT', message: YA_DESHECHA });
}

function exigirMapeo(encabezados: readonly string[], mapeo: Mapeo) {
  if (mapeo.length !== encabezados.length)
    throw new TRPCError({ code: 'BAD_REQUEST', message: MAPEO_LARGO });
  if (!mapeo.some(Boolean)) throw new TRPCError({ code: 'BAD_REQUEST', message: SIN_CAMPOS });
}

/** El plan de la importación con el mapeo, contra la base de `ctx` (o de su transacción). */
async function planDe(
  ctx: Ctx,
  imp: { encabezados: string[]; filas: string[][] },
  mapeo: Mapeo,
  vaciar: boolean,
) {
  const busqueda = busquedaDe(imp.encabezados, imp.filas, mapeo, ctx.hoy);
  const existentes = await cargarExistentes(ctx, busqueda, ctx.ciclo);
  const plan = planificar(imp.encabezados, imp.filas, mapeo, existentes, { vaciar, hoy: ctx.hoy });
  return { plan, existentes };
}

const sinOperaciones = ({ cuentas, filas }: Resultado): Resultado => ({ cuentas, filas });

/** importar.vista: la vista previa (nada se escribe salvo el último mapeo elegido). */
export async function vista(ctx: Ctx, { id, mapeo, vaciar }: VistaImportacion): Promise<Resultado> {
  const imp = await leerImportacion(ctx, id);
  exigirSubida(imp.estado);
  exigirMapeo(imp.encabezados, mapeo);
  const { plan } = await planDe(ctx, imp, mapeo, vaciar);
  await ctx.db.update(importaciones).set({ mapeo, vaciar }).where(eq(importaciones.id, id));
  return sinOperaciones(plan);
}

/**
 * importar.aplicar: el mismo plan, recalculado dentro de una transacción (con la fila de la
 * importación bloqueada: dos aplicaciones a la vez no pasan las dos) y escrito por lotes. Las
 * filas con errores se omiten. Registra lo escrito (para deshacer) y lo audita.
 */
export async function aplicar(
  ctx: Ctx,
  { id, mapeo, vaciar }: VistaImportacion,
): Promise<Resultado> {
  return transaccion(
    ctx,
    async (tx) => {
      await unaImportacionALaVez(tx);
      const imp = await leerImportacion(tx, id, true);
      exigirSubida(imp.estado);
      exigirMapeo(imp.encabezados, mapeo);
      const { plan, existentes } = await planDe(tx, imp, mapeo, vaciar);
      const { cambios, auditoria } = await escribir(tx, plan.operaciones, existentes, ctx.ciclo);
      if (cambios.length)
        await tx.db.execute(sql`
          insert into importacion_cambios (importacion_id, entidad, clave, accion, antes, despues)
          select ${id}::int, entidad, clave, accion, antes, despues
          from jsonb_to_recordset(${JSON.stringify(cambios)}::jsonb)
            as t(entidad text, clave text, accion text, antes jsonb, despues jsonb)`);
      const resultado = sinOperaciones(plan);
      await tx.db
        .update(importaciones)
        .set({
          estado: 'aplicada',
          mapeo,
          vaciar,
          ciclo: ctx.ciclo,
          cuentas: plan.cuentas,
          resultado,
          aplicada: sql`now()`,
        })
        .where(eq(importaciones.id, id));
      await auditar(tx, [
        {
          accion: 'aplicar',
          entidad: 'importaciones',
          entidadId: id,
          despues: { nombre: imp.nombre, sha256: imp.sha256, cuentas: plan.cuentas, vaciar },
        },
        ...auditoria,
      ]);
      return resultado;
    },
    { unico: { alumnos_dni_idx: DNI_REPETIDO, usuarios_email_idx: EMAIL_REPETIDO } },
  );
}

/** importar.historial: las importaciones, la más reciente primero; sólo la última aplicada se deshace. */
export async function historial(ctx: Ctx) {
  const filas = await ctx.db
    .select({
      id: importaciones.id,
      nombre: importaciones.nombre,
      sha256: importaciones.sha256,
      apellido: usuarios.apellido,
      nombreUsuario: usuarios.nombre,
      creado: importaciones.creado,
      estado: importaciones.estado,
      cuentas: importaciones.cuentas,
    })
    .from(importaciones)
    .leftJoin(usuarios, eq(usuarios.id, importaciones.usuarioId))
    .orderBy(desc(importaciones.id))
    .limit(200);
  const ultima = filas.find((f) => f.estado === 'aplicada')?.id ?? null;
  return filas.map(({ apellido, nombreUsuario, ...f }) => ({
    ...f,
    estado: f.estado as 'subida' | 'aplicada' | 'deshecha',
    cuentas: (f.cuentas ?? null) as Resultado['cuentas'] | null,
    usuario: apellido ? `${apellido}, ${nombreUsuario}` : '',
    puedeDeshacer: f.id === ultima,
  }));
}

/** El resultado para el informe: el de la aplicación, o la vista previa con el último mapeo. */
export async function resultadoDe(ctx: Ctx, id: number) {
  const imp = await leerImportacion(ctx, id);
  if (imp.resultado) return { imp, resultado: imp.resultado as Resultado };
  const mapeo = imp.mapeo ?? mapeoAutomatico(imp.encabezados);
  const { plan } = await planDe(ctx, imp, mapeo, imp.vaciar ?? false);
  return { imp, resultado: sinOperaciones(plan) };
}
