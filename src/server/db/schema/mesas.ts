/**
 * Mesas de examen y PIC (spec 02 §2, §3 Mesa y PIC, §5, §9; spec 01 §3 Exam instance; issue 16).
 *
 * Mesa: comienzo, instancia y aula; las materias que evalúa (con su orden), el tribunal
 * (docentes, con su orden) y, por materia, el acta: los alumnos anotados con su resultado.
 * Cerrar el acta de una materia la deja definitiva y escribe las filas de `examenes` que lee la
 * libreta (una por alumno, con la instancia y la fecha de la mesa).
 *
 * PIC: una por ciclo lectivo, materia y cuatrimestre, con comienzo y aula. Sus alumnos son los
 * que no aprobaron ese cuatrimestre (`rindePic`), más o menos los ajustes a mano
 * (`pics_alumnos.ajuste`); la nota de la PIC se guarda en la misma fila. La planilla se cierra
 * (`pics.cerrada`) y se publica con las fechas '_pic' del área 'nota' del calendario.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { cursados, materias } from './escuela';
import { alumnos, usuarios } from './personas';

export const mesas = pgTable(
  'mesas',
  {
    id: serial().primaryKey(),
    comienzo: timestamp({ withTimezone: true }).notNull(),
    instancia: text().notNull(),
    aula: text(),
    creadaPor: integer().references(() => usuarios.id, { onDelete: 'set null' }),
    /** Sube con cada cambio de los datos de la mesa (comienzo, instancia, aula). */
    version: integer().notNull().default(1),
  },
  (t) => [
    index('mesas_comienzo_idx').on(t.comienzo),
    check('mesas_instancia_largo', sql`char_length(${t.instancia}) between 1 and 100`),
    check('mesas_aula_largo', sql`char_length(${t.aula}) <= 50`),
  ],
);

/** Las materias que evalúa la mesa; cada una tiene su acta. */
export const mesasMaterias = pgTable(
  'mesas_materias',
  {
    mesaId: integer()
      .notNull()
      .references(() => mesas.id, { onDelete: 'cascade' }),
    materiaId: integer()
      .notNull()
      .references(() => materias.id, { onDelete: 'restrict' }),
    orden: integer().notNull(),
    cerradaPor: integer().references(() => usuarios.id, { onDelete: 'set null' }),
    cerradaEn: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.mesaId, t.materiaId] }),
    index('mesas_materias_materia_idx').on(t.materiaId),
  ],
);

/** El tribunal: los docentes de la mesa. */
export const mesasTribunal = pgTable(
  'mesas_tribunal',
  {
    mesaId: integer()
      .notNull()
      .references(() => mesas.id, { onDelete: 'cascade' }),
    docenteId: integer()
      .notNull()
      .references(() => usuarios.id, { onDelete: 'restrict' }),
    orden: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.mesaId, t.docenteId] }),
    index('mesas_tribunal_docente_idx').on(t.docenteId),
  ],
);

/**
 * El acta: un alumno anotado en una materia de la mesa, por el cursado en el que la adeuda, con
 * su resultado (nada todavía, una nota de 1 a 10 con medios, ausente o adeuda correlativa).
 */
export const mesasAlumnos = pgTable(
  'mesas_alumnos',
  {
    mesaId: integer().notNull(),
    materiaId: integer().notNull(),
    alumnoId: integer()
      .notNull()
      .references(() => alumnos.id, { onDelete: 'restrict' }),
    cursadoId: integer()
      .notNull()
      .references(() => cursados.id, { onDelete: 'restrict' }),
    nota: real(),
    tipoNota: text(),
    modificadoPor: integer().references(() => usuarios.id, { onDelete: 'set null' }),
    modificado: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.mesaId, t.materiaId, t.alumnoId] }),
    index('mesas_alumnos_alumno_idx').on(t.alumnoId),
    foreignKey({
      name: 'mesas_alumnos_materia_fk',
      columns: [t.mesaId, t.materiaId],
      foreignColumns: [mesasMaterias.mesaId, mesasMaterias.materiaId],
    }).onDelete('cascade'),
    check(
      'mesas_alumnos_resultado',
      sql`(${t.tipoNota} is null and ${t.nota} is null) or (${t.tipoNota} = 'normal' and ${t.nota} between 1 and 10 and ${t.nota} * 2 = floor(${t.nota} * 2)) or (${t.tipoNota} in ('ausente', 'adeuda_correlativa') and ${t.nota} is null)`,
    ),
  ],
);

export const pics = pgTable(
  'pics',
  {
    id: serial().primaryKey(),
    ciclolectivo: integer().notNull(),
    materiaId: integer()
      .notNull()
      .references(() => materias.id, { onDelete: 'restrict' }),
    cuatrimestre: integer().notNull(),
    comienzo: timestamp({ withTimezone: true }).notNull(),
    aula: text(),
    cerrada: boolean().notNull().default(false),
    cerradaPor: integer().references(() => usuarios.id, { onDelete: 'set null' }),
    cerradaEn: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('pics_ciclo_materia_cuatrimestre_idx').on(
      t.ciclolectivo,
      t.materiaId,
      t.cuatrimestre,
    ),
    index('pics_comienzo_idx').on(t.comienzo),
    check('pics_cuatrimestre', sql`${t.cuatrimestre} in (1, 2)`),
    check('pics_aula_largo', sql`char_length(${t.aula}) <= 50`),
  ],
);

/**
 * Los alumnos de una PIC que no salen de la regla (`ajuste` 'agregado' o 'quitado') y las notas
 * de la PIC (`ajuste` null: el alumno está por la regla). Nota: entero de 1 a 10; ausente sin nota.
 */
export const picsAlumnos = pgTable(
  'pics_alumnos',
  {
    picId: integer()
      .notNull()
      .references(() => pics.id, { onDelete: 'cascade' }),
    alumnoId: integer()
      .notNull()
      .references(() => alumnos.id, { onDelete: 'restrict' }),
    ajuste: text(),
    nota: integer(),
    ausente: boolean().notNull().default(false),
    modificadoPor: integer().references(() => usuarios.id, { onDelete: 'set null' }),
    modificado: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.picId, t.alumnoId] }),
    index('pics_alumnos_alumno_idx').on(t.alumnoId),
    check(
      'pics_alumnos_ajuste',
      sql`${t.ajuste} is null or ${t.ajuste} in ('agregado', 'quitado')`,
    ),
    check(
      'pics_alumnos_nota',
      sql`(${t.ausente} and ${t.nota} is null) or (not ${t.ausente} and (${t.nota} is null or ${t.nota} between 1 and 10))`,
    ),
  ],
);
