/**
 * Gimnasia electiva (spec 02 §2, §5, §9; issue 17 §2): las tres opciones de cada alumno de 5° año
 * por ciclo (distintas, de 1 a 12) y la opción que le tocó; la asignación del ciclo guarda su
 * semilla (reproducible) y cuándo se publicó a los alumnos.
 */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { alumnos, usuarios } from './personas';

export const gimnasiaElecciones = pgTable(
  'gimnasia_elecciones',
  {
    alumnoId: integer()
      .notNull()
      .references(() => alumnos.id, { onDelete: 'cascade' }),
    ciclolectivo: integer().notNull(),
    opcion1: integer().notNull(),
    opcion2: integer().notNull(),
    opcion3: integer().notNull(),
    asignada: integer(),
    elegida: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.alumnoId, t.ciclolectivo] }),
    check(
      'gimnasia_opciones',
      sql`${t.opcion1} between 1 and 12 and ${t.opcion2} between 1 and 12 and ${t.opcion3} between 1 and 12 and ${t.opcion1} <> ${t.opcion2} and ${t.opcion1} <> ${t.opcion3} and ${t.opcion2} <> ${t.opcion3}`,
    ),
    check(
      'gimnasia_asignada',
      sql`${t.asignada} is null or ${t.asignada} in (${t.opcion1}, ${t.opcion2}, ${t.opcion3})`,
    ),
  ],
);

export const gimnasiaAsignaciones = pgTable('gimnasia_asignaciones', {
  ciclolectivo: integer().primaryKey(),
  semilla: integer().notNull(),
  asignadaEn: timestamp({ withTimezone: true }).notNull().defaultNow(),
  asignadaPor: integer().references(() => usuarios.id, { onDelete: 'set null' }),
  publicada: timestamp({ withTimezone: true }),
});
