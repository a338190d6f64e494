import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { cursados } from './escuela';
import { alumnos, usuarios } from './personas';

/**
 * Notas de cuatrimestre (spec 01 §3 Grades, spec 02 §3 Grade entry): una por alumno, cursado y
 * cuatrimestre. `nota` es un entero de 1 a 10, o -1 (no corresponde); un ausente no tiene nota.
 */
export const notas = pgTable(
  'notas',
  {
    id: serial().primaryKey(),
    alumnoId: integer()
      .notNull()
      .references(() => alumnos.id, { onDelete: 'cascade' }),
    cursadoId: integer()
      .notNull()
      .references(() => cursados.id, { onDelete: 'restrict' }),
    cuatrimestre: integer().notNull(),
    nota: integer(),
    ausente: boolean().notNull().default(false),
    modificadoPor: integer().references(() => usuarios.id, { onDelete: 'set null' }),
    modificado: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notas_alumno_cursado_cuatrimestre_idx').on(
      t.alumnoId,
      t.cursadoId,
      t.cuatrimestre,
    ),
    index('notas_cursado_idx').on(t.cursadoId),
    check('notas_cuatrimestre', sql`${t.cuatrimestre} in (1, 2)`),
    check(
      'notas_valor',
      sql`(${t.ausente} and ${t.nota} is null) or (not ${t.ausente} and (${t.nota} between 1 and 10 or ${t.nota} = -1))`,
    ),
  ],
);

/**
 * Actas de mesa de un alumno (spec 01 §3 Exam instance): la instancia (p. ej. 'Final
 * Febrero/Marzo'), la nota (admite medios) y su tipo. Las escribe el módulo de mesas; la
 * libreta las muestra, una columna por instancia.
 */
export const examenes = pgTable(
  'examenes',
  {
    id: serial().primaryKey(),
    alumnoId: integer()
      .notNull()
      .references(() => alumnos.id, { onDelete: 'cascade' }),
    cursadoId: integer()
      .notNull()
      .references(() => cursados.id, { onDelete: 'restrict' }),
    instancia: text().notNull(),
    fecha: date().notNull(),
    nota: real(),
    tipoNota: text().notNull().default('normal'),
  },
  (t) => [
    uniqueIndex('examenes_alumno_cursado_instancia_fecha_idx').on(
      t.alumnoId,
      t.cursadoId,
      t.instancia,
      t.fecha,
    ),
    index('examenes_cursado_idx').on(t.cursadoId),
    check('examenes_tipo_nota', sql`${t.tipoNota} in ('normal', 'ausente', 'adeuda_correlativa')`),
    check(
      'examenes_nota',
      sql`(${t.tipoNota} = 'normal' and ${t.nota} between 1 and 10) or (${t.tipoNota} <> 'normal' and ${t.nota} is null)`,
    ),
  ],
);
