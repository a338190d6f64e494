/**
 * El acta de una materia de la mesa (spec 02 §2 Mesas, §7 mesas): verla, guardar los resultados
 * cambiados (con `anterior`: 409 si otra persona los cambió) y cerrarla (escribe `examenes`).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { nombreCompleto, nombreCurso } from '@/domain/escuela';
import { comienzoEnZona } from '@/domain/pics';
import {
  actaHabilitada,
  errorActaAntesDeLaMesa,
  textoCerrarDesde,
  errorActaIncompleta,
  mismoResultado,
  problemaDeResultado,
  sinResultado,
} from '@/domain/mesas';
import type { TipoNotaExamen } from '@/domain/notas';
import { auditar } from '@/server/auditoria';
import { encolar } from '@/server/avisos/cola';
import { ordenPorNombre } from '@/server/consultas/personas';
import type { Ctx } from '@/server/contexto';
import type { DbOTx } from '@/server/db';
import {
  alumnos,
  cursados,
  examenes,
  mesas,
  mesasAlumnos,
  mesasMaterias,
  mesasTribunal,
} from '@/server/db/schema';
import { transaccion } from '@/server/errores';
import type { Acta, GuardarActa } from './schemas';
import {
  columnaTribunal,
  cursoDelCiclo,
  datosMesa,
  exigir,
  falla,
  materiaDeMesa,
  mesaVisible,
  MesasError,
  permisos,
} from './comun';

/** Antes del comienzo de la mesa no se cargan resultados ni se cierra el acta (412). */
function exigirMesaEmpezada(ctx: Ctx, comienzo: Date) {
  if (actaHabilitada(comienzo, ctx.ahora)) return;
  const { fecha, hora } = comienzoEnZona(comienzo, ctx.zona);
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

/** Las filas del acta: alumno, curso del ciclo del cursado, ciclo, resultado. */
export function filasDeActa(db: DbOTx, d: Acta, alumnosIds?: readonly number[]) {
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
export const presentarFila = (f: FilaActa) => ({
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
  const { fecha, hora } = comienzoEnZona(m.comienzo, ctx.zona);
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
  return transaccion(ctx, async (tx) => {
    const m = await mesaVisible(tx, d.id);
    const materia = await materiaDeMesa(tx.db, d, true);
    if (materia.cerradaEn) throw falla('PRECONDITION_FAILED', MesasError.actaCerrada);
    if (!d.cambios.length) return { guardados: 0 };
    exigirMesaEmpezada(ctx, m.comienzo);
    const filas = await filasDeActa(
      tx.db,
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
    await tx.db.execute(sql`
      update mesas_alumnos a
      set tipo_nota = v.tipo, nota = v.nota, modificado_por = ${ctx.sesion.usuario.id}, modificado = now()
      from (values ${valores}) as v(alumno, tipo, nota)
      where a.mesa_id = ${d.id} and a.materia_id = ${d.materia} and a.alumno_id = v.alumno`);
    await auditar(tx, {
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
  return transaccion(ctx, async (tx) => {
    const m = await mesaVisible(tx, d.id, { bloquear: true });
    const materia = await materiaDeMesa(tx.db, d, true);
    if (materia.cerradaEn) throw falla('PRECONDITION_FAILED', MesasError.actaCerrada);
    exigirMesaEmpezada(ctx, m.comienzo);
    const filas = await filasDeActa(tx.db, d);
    const faltan = sinResultado(filas);
    if (faltan) throw falla('PRECONDITION_FAILED', errorActaIncompleta(faltan));
    const fecha = comienzoEnZona(m.comienzo, ctx.zona).fecha;
    if (filas.length)
      await tx.db
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
    await tx.db
      .update(mesasMaterias)
      .set({ cerradaEn: sql`now()`, cerradaPor: ctx.sesion.usuario.id })
      .where(and(eq(mesasMaterias.mesaId, d.id), eq(mesasMaterias.materiaId, d.materia)));
    // El resultado a cada familia (issue 35), en la misma transacción.
    await encolar(tx.db, { tipo: 'mesa-resultado', mesa: d.id, materia: d.materia });
    await auditar(tx, {
      accion: 'cerrar-acta',
      entidad: 'mesas_materias',
      entidadId: `${d.id}/${d.materia}`,
      despues: filas.map(presentarFila),
    });
    return { cerrada: true, examenes: filas.length };
  });
}
