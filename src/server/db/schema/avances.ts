/**
 * Avances (spec 01 §3 Avance, Avance sheet, Cursado instance; issue 15): una planilla por cursado
 * e instancia (la fecha de cierre del área 'avance' del calendario) y, por alumno, los tipos de
 * dificultad (máscara: 1 evaluaciones no aprobadas, 2 adeuda trabajos, 4 falta de participación;
 * 0 es 'Sin Observaciones') y las observaciones.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { cursados } from './escuela';
import { alumnos, usuarios } from './personas';

export const avancesPlanillas = pgTable(
  'avances_planillas',
  {
    id: serial().primaryKey(),
    cursadoId: integer()
      .notNull()
      .references(() => cursados.id, { onDelete: 'restrict' }),
    /** La instancia: la fecha de cierre del calendario. */
    fecha: date().notNull(),
    cerrada: boolean().notNull().default(false),
    cerradaPor: integer().references(() => usuarios.id, { onDelete: 'set null' }),
    cerradaEn: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('avances_planillas_cursado_fecha_idx').on(t.cursadoId, t.fecha)],
);

export const avances = pgTable(
  'avances',
  {
    planillaId: integer()
      .notNull()
      .references(() => avancesPlanillas.id, { onDelete: 'cascade' }),
    alumnoId: integer()
      .notNull()
      .references(() => alumnos.id, { onDelete: 'restrict' }),
    tipos: integer().notNull().default(0),
    observaciones: text(),
    actualizado: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.planillaId, t.alumnoId] }),
    index('avances_alumno_idx').on(t.alumnoId),
    check('avances_tipos_rango', sql`${t.tipos} between 0 and 7`),
    check('avances_observaciones_largo', sql`char_length(${t.observaciones}) <= 1000`),
  ],
);
