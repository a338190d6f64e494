/**
 * Jornada cultural y deportiva (spec 02 §3 JCD activity, §4, §9; issue 17): las actividades del
 * año, cada una con su imagen (un archivo subido, tipo por contenido), sus cupos, su horario
 * dentro de 7:30–14:00, el aula y la máscara de quién puede elegirla (un bit por año de cursado,
 * bit 6 mujeres, bit 7 varones). Cada alumno elige una sola actividad por año (clave primaria):
 * elegida, las demás quedan bloqueadas.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { alumnos, usuarios } from './personas';
import { archivos } from './sistema';

export const jcdActividades = pgTable(
  'jcd_actividades',
  {
    id: serial().primaryKey(),
    ciclolectivo: integer().notNull(),
    nombre: text().notNull(),
    descripcion: text().notNull().default(''),
    imagenId: integer().references(() => archivos.id, { onDelete: 'set null' }),
    cupos: integer().notNull(),
    /** 'HH:MM', dentro de 07:30–14:00 y antes del fin. */
    comienzo: text().notNull(),
    fin: text().notNull(),
    aula: text(),
    mascara: integer().notNull(),
    creadaPor: integer().references(() => usuarios.id, { onDelete: 'set null' }),
    version: integer().notNull().default(1),
  },
  (t) => [
    index('jcd_actividades_ciclo_idx').on(t.ciclolectivo),
    check('jcd_actividades_nombre', sql`char_length(${t.nombre}) between 1 and 100`),
    check('jcd_actividades_descripcion', sql`char_length(${t.descripcion}) <= 2000`),
    check('jcd_actividades_aula', sql`char_length(${t.aula}) <= 50`),
    check('jcd_actividades_cupos', sql`${t.cupos} between 1 and 1000`),
    check(
      'jcd_actividades_horario',
      sql`${t.comienzo} ~ '^[0-2][0-9]:[0-5][0-9]$' and ${t.fin} ~ '^[0-2][0-9]:[0-5][0-9]$' and ${t.comienzo} >= '07:30' and ${t.fin} <= '14:00' and ${t.comienzo} < ${t.fin}`,
    ),
    check('jcd_actividades_mascara', sql`${t.mascara} between 1 and 255`),
  ],
);

export const jcdElecciones = pgTable(
  'jcd_elecciones',
  {
    alumnoId: integer()
      .notNull()
      .references(() => alumnos.id, { onDelete: 'cascade' }),
    ciclolectivo: integer().notNull(),
    actividadId: integer()
      .notNull()
      .references(() => jcdActividades.id, { onDelete: 'restrict' }),
    elegida: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.alumnoId, t.ciclolectivo] }),
    index('jcd_elecciones_actividad_idx').on(t.actividadId),
  ],
);
