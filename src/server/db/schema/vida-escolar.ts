import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cursos } from './escuela';
import { alumnos, usuarios } from './personas';

/**
 * Entradas de asistencia (spec 01 §3): una por alumno, día, turno y tipo, así dos
 * preceptores que guardan el mismo curso y día no duplican entradas.
 */
export const asistencias = pgTable(
  'asistencias',
  {
    id: serial().primaryKey(),
    alumnoId: integer()
      .notNull()
      .references(() => alumnos.id, { onDelete: 'cascade' }),
    fecha: date().notNull(),
    turno: text().notNull(),
    tipo: text().notNull(),
    circunstancia: text().notNull().default('Normal'),
    justificada: boolean().notNull().default(false),
    justificacion: text(),
    creadoPor: integer().references(() => usuarios.id, { onDelete: 'set null' }),
    modificado: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('asistencias_alumno_fecha_turno_tipo_idx').on(t.alumnoId, t.fecha, t.turno, t.tipo),
    index('asistencias_fecha_idx').on(t.fecha),
    check('asistencias_turno', sql`${t.turno} in ('Mañana', 'Tarde')`),
    check(
      'asistencias_tipo',
      sql`${t.tipo} in ('Falta', 'Tardanza Ingreso', 'Tardanza Recreo', 'Retiro con Permiso (Falta)', 'Retiro con Permiso (Media)', 'Ingreso Autorizado (Falta)')`,
    ),
    check('asistencias_circunstancia', sql`${t.circunstancia} in ('Normal', 'Educación Física')`),
    check('asistencias_justificacion', sql`${t.justificada} or ${t.justificacion} is null`),
  ],
);

/** Reincorporaciones: inasistencias que se le restituyen al alumno (spec 01 §3). */
export const reincorporaciones = pgTable(
  'reincorporaciones',
  {
    id: serial().primaryKey(),
    alumnoId: integer()
      .notNull()
      .references(() => alumnos.id, { onDelete: 'cascade' }),
    fecha: date().notNull(),
    cantidad: numeric({ precision: 5, scale: 1, mode: 'number' }).notNull(),
    creadoPor: integer().references(() => usuarios.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('reincorporaciones_alumno_idx').on(t.alumnoId, t.fecha),
    check(
      'reincorporaciones_cantidad',
      sql`${t.cantidad} >= 1 and ${t.cantidad} * 2 = floor(${t.cantidad} * 2)`,
    ),
  ],
);

/** Medidas disciplinarias: amonestaciones (con cantidad) y apercibimientos (spec 01 §3). */
export const medidas = pgTable(
  'medidas',
  {
    id: serial().primaryKey(),
    alumnoId: integer()
      .notNull()
      .references(() => alumnos.id, { onDelete: 'cascade' }),
    tipo: text().notNull(),
    fecha: date().notNull(),
    turno: text().notNull(),
    cantidad: numeric({ precision: 3, scale: 1, mode: 'number' }),
    motivo: text().notNull().default(''),
    creadoPor: integer().references(() => usuarios.id, { onDelete: 'set null' }),
    modificado: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('medidas_alumno_fecha_idx').on(t.alumnoId, t.fecha),
    check('medidas_tipo', sql`${t.tipo} in ('amonestacion', 'apercibimiento', 'colectiva')`),
    check('medidas_turno', sql`${t.turno} in ('Mañana', 'Tarde')`),
    check(
      'medidas_cantidad',
      sql`${t.cantidad} is null or (${t.cantidad} between 0 and 15 and ${t.cantidad} * 2 = floor(${t.cantidad} * 2))`,
    ),
  ],
);

/**
 * La asistencia tomada (issue 15 §5, "Pendientes"): un curso, un día y un turno cuya planilla
 * alguien guardó, con o sin faltas. Las inasistencias sólo guardan las faltas; esta fila dice que
 * el curso se revisó aunque todos estuvieran presentes.
 */
export const asistenciasTomadas = pgTable(
  'asistencias_tomadas',
  {
    cursoId: integer()
      .notNull()
      .references(() => cursos.id, { onDelete: 'cascade' }),
    fecha: date().notNull(),
    turno: text().notNull(),
    usuarioId: integer().references(() => usuarios.id, { onDelete: 'set null' }),
    en: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cursoId, t.fecha, t.turno] }),
    index('asistencias_tomadas_fecha_idx').on(t.fecha),
    check('asistencias_tomadas_turno', sql`${t.turno} in ('Mañana', 'Tarde')`),
  ],
);

/**
 * Los envíos ya aplicados de la planilla de asistencia (issue 36): el id (uuid) que elige el
 * teléfono para cada cambio, guardado en la misma transacción que el cambio. Un segundo envío con
 * el mismo id no vuelve a aplicar nada (la cola sin conexión reintenta sin saber si el primero
 * llegó). Se conservan: una fila chica por guardado, y dicen qué guardados vinieron de la cola.
 */
export const asistenciasEnvios = pgTable(
  'asistencias_envios',
  {
    id: uuid().primaryKey(),
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    cursoId: integer()
      .notNull()
      .references(() => cursos.id, { onDelete: 'cascade' }),
    fecha: date().notNull(),
    turno: text().notNull(),
    creadoEn: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('asistencias_envios_usuario_idx').on(t.usuarioId),
    index('asistencias_envios_curso_idx').on(t.cursoId, t.fecha),
    check('asistencias_envios_turno', sql`${t.turno} in ('Mañana', 'Tarde')`),
  ],
);
