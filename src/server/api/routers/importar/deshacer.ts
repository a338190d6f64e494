/**
 * Deshacer la última importación aplicada (issue 34 §1), sólo si nada de lo que escribió cambió
 * después: cada fila creada o actualizada debe tener todavía los valores que dejó la importación
 * (`importacion_cambios.despues`), y nada nuevo puede colgar de lo que creó (un alumno con
 * asistencias, un usuario que ya ingresó, un vínculo agregado a mano). Si algo cambió, un error
 * que dice qué. Se borra lo creado, se vuelve a los valores de antes lo actualizado, en una
 * transacción, y se audita.
 */
import { TRPCError } from '@trpc/server';
import { and, desc, eq, sql } from 'drizzle-orm';
import { dniLegible } from '@/domain/importacion/celdas';
import { auditar } from '@/server/auditoria';
import { claveAviso, MOTIVO_RETIRO, retirarAvisos } from '@/server/avisos/retirar';
import type { Ctx } from '@/server/contexto';
import { importacionCambios, importaciones } from '@/server/db/schema';
import { transaccion } from '@/server/errores';
import { enteros, filasDe } from '@/server/db/sql';
import { actualizarEnLote } from './escritura';
import { textos } from './existentes';
import { IMPORTACION_INEXISTENTE, unaImportacionALaVez } from './service';

export const SOLO_LA_ULTIMA = 'Sólo se puede deshacer la última importación aplicada.';
export const NO_SE_PUEDE_DESHACER = 'No se puede deshacer: cambió después de la importación';

type Fila = Record<string, unknown> & { id: number };

const COLUMNAS: Record<string, string> = {
  alumnos:
    'id, dni, apellido, nombre, genero::text as genero, nacimiento::text as nacimiento, email, telefono',
  referentes: 'id, apellido, nombre, email, telefono, exalumno',
  usuarios: 'id, email, apellido, nombre, telefono, rls',
  cursos: 'id, anio, division, especialidad',
};

function etiqueta(entidad: string, f: Record<string, unknown>): string {
  const nombre = `${String(f.apellido ?? '')}, ${String(f.nombre ?? '')}`;
  if (entidad === 'alumnos') return `el alumno ${nombre} (DNI ${dniLegible(Number(f.dni))})`;
  if (entidad === 'referentes') return `el tutor ${nombre}`;
  if (entidad === 'usuarios') return `el usuario ${nombre} <${String(f.email)}>`;
  if (entidad === 'cursos') return `el curso ${String(f.anio)}° ${String(f.division)}°`;
  return entidad;
}

const igual = (a: unknown, b: unknown) => (a ?? null) === (b ?? null) || String(a) === String(b);

/** Las tablas que apuntan a `tabla` con una clave foránea (menos las que la importación maneja). */
/** Cómo se nombran, en el motivo de la negativa, las tablas que suelen colgar de lo creado. */
const NOMBRE_DEPENDIENTE: Record<string, string> = {
  codigos_vinculacion: 'códigos de vinculación',
  inscripciones_anuales: 'inscripciones anuales',
};
const nombreDependiente = (tabla: string) =>
  NOMBRE_DEPENDIENTE[tabla] ?? tabla.replaceAll('_', ' ');

async function dependientes(ctx: Pick<Ctx, 'db'>, tabla: string) {
  return filasDe<{ tabla: string; columna: string }>(
    await ctx.db.execute(sql`
      select c.conrelid::regclass::text as tabla, a.attname as columna
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.confrelid = ${tabla}::regclass and array_length(c.conkey, 1) = 1
        and c.conrelid::regclass::text not in ('alumnos_cursos', 'alumnos_referentes', 'importaciones', 'importacion_cambios')`),
  );
}

export async function deshacer(ctx: Ctx, { id }: { id: number }) {
  return transaccion(
    ctx,
    async (tx) => {
      await unaImportacionALaVez(tx);
      const [imp] = await tx.db
        .select()
        .from(importaciones)
        .where(eq(importaciones.id, id))
        .for('update');
      if (!imp) throw new TRPCError({ code: 'NOT_FOUND', message: IMPORTACION_INEXISTENTE });
      const [ultima] = await tx.db
        .select({ id: importaciones.id })
        .from(importaciones)
        .where(eq(importaciones.estado, 'aplicada'))
        .orderBy(desc(importaciones.id))
        .limit(1);
      if (imp.estado !== 'aplicada' || ultima?.id !== id)
        throw new TRPCError({ code: 'CONFLICT', message: SOLO_LA_ULTIMA });
      const cambios = await tx.db
        .select()
        .from(importacionCambios)
        .where(eq(importacionCambios.importacionId, id));
      const problemas: string[] = [];
      const porEntidad = (e: string) => cambios.filter((c) => c.entidad === e);

      // 1. Cada fila escrita conserva lo que dejó la importación.
      for (const entidad of ['cursos', 'alumnos', 'referentes', 'usuarios']) {
        const lista = porEntidad(entidad);
        if (!lista.length) continue;
        const actuales = new Map(
          filasDe<Fila>(
            await tx.db.execute(
              sql`select ${sql.raw(COLUMNAS[entidad]!)} from ${sql.raw(entidad)} where id = any(${enteros(lista.map((c) => Number(c.clave)))}) for update`,
            ),
          ).map((f) => [Number(f.id), f]),
        );
        for (const c of lista) {
          const actual = actuales.get(Number(c.clave));
          const despues = c.despues as Record<string, unknown>;
          if (!actual) problemas.push(`${etiqueta(entidad, despues)} ya no existe`);
          else if (Object.entries(despues).some(([k, v]) => !igual(actual[k], v)))
            problemas.push(`${etiqueta(entidad, actual)} se modificó`);
        }
      }
      const cursosDeAlumnos = porEntidad('alumnos_cursos');
      if (cursosDeAlumnos.length) {
        const actuales = new Map(
          filasDe<{ clave: string; curso_id: number }>(
            await tx.db.execute(sql`
            select alumno_id || ':' || ciclolectivo as clave, curso_id from alumnos_cursos
            where alumno_id || ':' || ciclolectivo = any(${textos(cursosDeAlumnos.map((c) => c.clave))}) for update`),
          ).map((f) => [f.clave, f.curso_id]),
        );
        for (const c of cursosDeAlumnos)
          if (actuales.get(c.clave) !== (c.despues as { cursoId: number }).cursoId)
            problemas.push(`el curso del alumno ${c.clave.split(':')[0]} cambió`);
      }
      const vinculos = porEntidad('alumnos_referentes');
      if (vinculos.length) {
        const actuales = new Map(
          filasDe<{ clave: string; confirmado: boolean }>(
            await tx.db.execute(sql`
            select alumno_id || ':' || referente_id as clave, confirmado from alumnos_referentes
            where alumno_id || ':' || referente_id = any(${textos(vinculos.map((c) => c.clave))}) for update`),
          ).map((f) => [f.clave, f.confirmado]),
        );
        for (const c of vinculos)
          if (actuales.get(c.clave) !== true) problemas.push(`el vínculo ${c.clave} cambió`);
      }

      // 2. Nada nuevo cuelga de lo creado (lo que se borraría en cascada o no se podría borrar).
      const creados = (e: string) =>
        porEntidad(e)
          .filter((c) => c.accion === 'crear')
          .map((c) => Number(c.clave));
      const nombres: Record<string, string> = {
        alumnos: 'alumnos',
        referentes: 'tutores',
        usuarios: 'usuarios',
        cursos: 'cursos',
      };
      for (const tabla of ['alumnos', 'referentes', 'usuarios', 'cursos']) {
        const ids = creados(tabla);
        if (!ids.length) continue;
        for (const d of await dependientes(tx, tabla)) {
          const [hay] = filasDe<{ n: number }>(
            await tx.db.execute(
              sql`select count(*)::int as n from ${sql.identifier(d.tabla)} where ${sql.identifier(d.columna)} = any(${enteros(ids)})`,
            ),
          );
          if (hay && hay.n > 0)
            problemas.push(
              `hay datos nuevos (${nombreDependiente(d.tabla)}) de ${hay.n} de los ${nombres[tabla]} creados`,
            );
        }
      }
      const alumnosCreados = creados('alumnos');
      const referentesCreados = creados('referentes');
      if (alumnosCreados.length || referentesCreados.length) {
        const propios = vinculos.filter((c) => c.accion === 'crear').map((c) => c.clave);
        const [otros] = filasDe<{ n: number }>(
          await tx.db.execute(sql`
          select count(*)::int as n from alumnos_referentes
          where (alumno_id = any(${enteros(alumnosCreados)}) or referente_id = any(${enteros(referentesCreados)}))
            and not (alumno_id || ':' || referente_id = any(${textos(propios)}))`),
        );
        if (otros && otros.n > 0) problemas.push(`se agregaron ${otros.n} vínculos a lo creado`);
      }
      if (problemas.length) {
        const lista = problemas.slice(0, 5).join('; ');
        const mas = problemas.length > 5 ? ` y ${problemas.length - 5} más` : '';
        throw new TRPCError({
          code: 'CONFLICT',
          message: `${NO_SE_PUEDE_DESHACER}: ${lista}${mas}.`,
        });
      }

      // 3. Deshacer: vínculos y cursos de alumnos, lo actualizado a su antes, lo creado se borra.
      const vinculosCreados = vinculos.filter((c) => c.accion === 'crear').map((c) => c.clave);
      if (vinculosCreados.length)
        await tx.db.execute(sql`
        delete from alumnos_referentes where alumno_id || ':' || referente_id = any(${textos(vinculosCreados)})`);
      const confirmados = vinculos.filter((c) => c.accion === 'actualizar');
      if (confirmados.length)
        await tx.db.execute(sql`
        update alumnos_referentes x set confirmado = false, confirmado_por = t.confirmado_por,
          confirmado_en = t.confirmado_en::timestamptz, confirmado_con = t.confirmado_con
        from jsonb_to_recordset(${JSON.stringify(
          confirmados.map((c) => {
            const [alumno, referente] = c.clave.split(':').map(Number);
            const a = c.antes as Record<string, unknown>;
            return {
              alumno,
              referente,
              confirmado_por: a.confirmadoPor,
              confirmado_en: a.confirmadoEn,
              confirmado_con: a.confirmadoCon,
            };
          }),
        )}::jsonb) as t(alumno int, referente int, confirmado_por int, confirmado_en text, confirmado_con text)
        where x.alumno_id = t.alumno and x.referente_id = t.referente`);
      // El aviso de esos vínculos a los demás referentes se retira (issue 35).
      await retirarAvisos(
        tx.db,
        [...vinculosCreados, ...confirmados.map((c) => c.clave)].map((clave) => {
          const [alumno, referente] = clave.split(':').map(Number) as [number, number];
          return claveAviso.vinculo(alumno, referente);
        }),
        MOTIVO_RETIRO.vinculoQuitado,
        ctx.ahora,
      );
      const cursosCreados = cursosDeAlumnos.filter((c) => c.accion === 'crear').map((c) => c.clave);
      if (cursosCreados.length)
        await tx.db.execute(sql`
        delete from alumnos_cursos where alumno_id || ':' || ciclolectivo = any(${textos(cursosCreados)})`);
      const cursosCambiados = cursosDeAlumnos.filter((c) => c.accion === 'actualizar');
      if (cursosCambiados.length)
        await tx.db.execute(sql`
        update alumnos_cursos x set curso_id = t.curso
        from jsonb_to_recordset(${JSON.stringify(
          cursosCambiados.map((c) => ({
            clave: c.clave,
            curso: (c.antes as { cursoId: number }).cursoId,
          })),
        )}::jsonb) as t(clave text, curso int)
        where x.alumno_id || ':' || x.ciclolectivo = t.clave`);
      for (const tabla of ['alumnos', 'referentes', 'usuarios', 'cursos'] as const) {
        const actualizados = porEntidad(tabla).filter((c) => c.accion === 'actualizar');
        await actualizarEnLote(
          tx,
          tabla,
          actualizados.map((c) => ({
            id: Number(c.clave),
            set: c.antes as Record<string, unknown>,
          })),
        );
      }
      for (const tabla of ['usuarios', 'referentes', 'alumnos', 'cursos']) {
        const ids = creados(tabla);
        if (ids.length)
          await tx.db.execute(
            sql`delete from ${sql.identifier(tabla)} where id = any(${enteros(ids)})`,
          );
      }
      await tx.db
        .update(importaciones)
        .set({ estado: 'deshecha', deshecha: sql`now()`, deshechaPor: ctx.sesion.usuario.id })
        .where(and(eq(importaciones.id, id), eq(importaciones.estado, 'aplicada')));
      await auditar(tx, {
        accion: 'deshacer',
        entidad: 'importaciones',
        entidadId: id,
        antes: { estado: 'aplicada', cambios: cambios.length },
        despues: { estado: 'deshecha' },
      });
      return { deshechas: cambios.length };
    },
    // Algo que no se revisó arriba todavía apunta a lo creado (un alumno puesto a mano en un curso
    // creado, p. ej.): 409 en castellano y nada cambia.
    { claveForanea: `${NO_SE_PUEDE_DESHACER}: hay datos nuevos que usan lo que creó.` },
  );
}
