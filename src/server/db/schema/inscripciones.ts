import { index, integer, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { cursados, materias } from './escuela';
import { alumnos } from './personas';

/** Inscripción de un alumno a un cursado, por una de sus materias permitidas. */
export const inscripciones = pgTable(
  'inscripciones',
  {
    id: serial().primaryKey(),
    alumnoId: integer()
      .notNull()
      .references(() => alumnos.id, { onDelete: 'cascade' }),
    cursadoId: integer()
      .notNull()
      .references(() => cursados.id, { onDelete: 'restrict' }),
    materiaId: integer()
      .notNull()
      .references(() => materias.id),
  },
  (t) => [
    uniqueIndex('inscripciones_alumno_cursado_idx').on(t.alumnoId, t.cursadoId),
    index('inscripciones_cursado_idx').on(t.cursadoId),
  ],
);
