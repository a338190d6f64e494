/**
 * Los alumnos que adeudan la materia de la mesa (issue 16): los candidatos (con los propuestos,
 * de las planillas cerradas, y sus superposiciones) y anotar o quitar alumnos del acta.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { nombreCompleto, nombreCurso } from '@/domain/escuela';
import { comienzoEnZona } from '@/domain/pics';
import { adeudaMateria, planillaCerrada, seProponeParaMesa, turnoDeExamen } from '@/domain/mesas';
import { examenesDeAlumnos } from '@/server/consultas/examenes';
import { AUSENTE, type ResultadoExamen } from '@/domain/notas';
import { auditar } from '@/server/auditoria';
import { encolar } from '@/server/avisos/cola';
import { claveAviso, MOTIVO_RETIRO, retirarAvisos } from '@/server/avisos/retirar';
import { ordenPorNombre } from '@/server/consultas/personas';
import type { Ctx } from '@/server/contexto';
import type { DbOTx } from '@/server/db';
import { alumnos, cursados, inscripciones, mesasAlumnos } from '@/server/db/schema';
import { transaccion } from '@/server/errores';
import type { Acta, Anotar } from './schemas';
import {
  cursoDelCiclo,
  exigir,
  falla,
  materiaDeMesa,
  mesaVisible,
  MesasError,
  permisos,
} from './comun';
import { filasDeActa } from './actas';

/**
 * Los alumnos que adeudan la materia a la fecha de la mesa (cursados de ese ciclo o anteriores),
 * cada uno con el cursado por el que la adeuda, si se lo propone (planilla cerrada, issue 16),
 * si ya está anotado y sus superposiciones. Dos consultas.
 */
async function deudores(ctx: Ctx, d: Acta, comienzo: Date, db: DbOTx = ctx.db) {
  const fechaMesa = comienzoEnZona(comienzo, ctx.zona).fecha;
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
  // Los exámenes de los que adeudan que chocan con la mesa (la regla de domain/mesas).
  const { mesas: enMesas, pics: enPics } = await examenesDeAlumnos(ctx.db, {
    alumnos: lista.map((x) => x.alumno),
    cuando: { chocanCon: turnoDeExamen('mesa', m.comienzo) },
    salvoMesa: d.id,
  });
  // Una vez cada instancia por alumno (no una por materia ni por mesa).
  const otras = [...new Map(enMesas.map((o) => [`${o.alumnoId}/${o.instancia}`, o])).values()];
  return {
    materia: { id: d.materia, nombre: materia.nombre },
    cerrada: materia.cerradaEn != null,
    alumnos: lista.map((a) => {
      const choques = [
        ...otras.filter((o) => o.alumnoId === a.alumno).map((o) => `otra mesa (${o.instancia})`),
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
  return transaccion(ctx, async (tx) => {
    const m = await mesaVisible(tx, d.id, { bloquear: true });
    const materia = await materiaDeMesa(tx.db, d, true);
    if (materia.cerradaEn) throw falla('PRECONDITION_FAILED', MesasError.actaCerrada);
    const agregar = [...new Set(d.agregar)].filter((x) => !d.quitar.includes(x));
    const quitar = [...new Set(d.quitar)];
    if (agregar.length) {
      const lista = await deudores(tx, d, m.comienzo, tx.db);
      const deudor = new Map(lista.map((x) => [x.alumno, x]));
      const noDeben = agregar.filter((x) => !deudor.has(x));
      if (noDeben.length)
        throw falla('BAD_REQUEST', MesasError.noAdeuda(noDeben.join(', '), materia.nombre));
      await tx.db
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
      // El aviso a cada familia (issue 35), en la misma transacción.
      await encolar(tx.db, {
        tipo: 'mesa-inscripcion',
        mesa: d.id,
        materia: d.materia,
        alumnos: agregar,
      });
    }
    if (quitar.length) {
      const filas = await filasDeActa(tx.db, d, quitar);
      const conResultado = filas.filter((f) => f.tipoNota != null);
      if (conResultado.length)
        throw falla(
          'PRECONDITION_FAILED',
          MesasError.conResultado(conResultado.map(nombreCompleto).join('; ')),
        );
      await tx.db
        .delete(mesasAlumnos)
        .where(
          and(
            eq(mesasAlumnos.mesaId, d.id),
            eq(mesasAlumnos.materiaId, d.materia),
            inArray(mesasAlumnos.alumnoId, quitar),
          ),
        );
      // El aviso de la inscripción se retira (issue 35): sin leer y sin correo, se borra.
      await retirarAvisos(
        tx.db,
        quitar.map((a) => claveAviso.mesa(a, d.id, d.materia)),
        MOTIVO_RETIRO.mesaQuitado,
        ctx.ahora,
      );
    }
    if (agregar.length || quitar.length)
      await auditar(tx, {
        accion: 'anotar',
        entidad: 'mesas_materias',
        entidadId: `${d.id}/${d.materia}`,
        despues: { agregar, quitar },
      });
    return { anotados: agregar.length, quitados: quitar.length };
  });
}
