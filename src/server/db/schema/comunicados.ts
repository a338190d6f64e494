import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { TipoAudiencia } from '@/domain/comunicados';
import { cursados, cursos } from './escuela';
import { alumnos, usuarios } from './personas';
import { archivos } from './sistema';

/**
 * Los comunicados de la escuela (issue 35 §4): los escribe el personal para una audiencia (toda la
 * escuela, un año, un curso o un cursado) del ciclo. Se corrigen (`editado`) pero no se borran.
 */
export const comunicados = pgTable(
  'comunicados',
  {
    id: serial().primaryKey(),
    titulo: text().notNull(),
    texto: text().notNull(),
    autorId: integer()
      .notNull()
      .references(() => usuarios.id, { onDelete: 'restrict' }),
    /** El rol activo con que lo publicó. */
    autorRol: integer().notNull(),
    ciclolectivo: integer().notNull(),
    audiencia: text().$type<TipoAudiencia>().notNull(),
    anio: smallint(),
    cursoId: integer().references(() => cursos.id, { onDelete: 'restrict' }),
    cursadoId: integer().references(() => cursados.id, { onDelete: 'restrict' }),
    adjuntoId: integer().references(() => archivos.id, { onDelete: 'set null' }),
    requiereConfirmacion: boolean().notNull().default(false),
    creado: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** La última corrección (null: nunca se corrigió). */
    editado: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('comunicados_autor').on(t.autorId, t.creado),
    index('comunicados_creado').on(t.creado),
    check('comunicados_audiencia', sql`${t.audiencia} in ('escuela', 'anio', 'curso', 'cursado')`),
  ],
);

/**
 * A quién le llegó (resuelto al publicar y fijo desde entonces): cada usuario con el alumno por el
 * que lo recibe (sus referentes confirmados y el propio usuario del alumno).
 */
export const comunicadoDestinatarios = pgTable(
  'comunicado_destinatarios',
  {
    comunicadoId: integer()
      .notNull()
      .references(() => comunicados.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    alumnoId: integer()
      .notNull()
      .references(() => alumnos.id, { onDelete: 'cascade' }),
    /** 'referente' o 'alumno'. */
    tipo: text().$type<'referente' | 'alumno'>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.comunicadoId, t.usuarioId, t.alumnoId] }),
    index('comunicado_destinatarios_usuario').on(t.usuarioId),
    check('comunicado_destinatarios_tipo', sql`${t.tipo} in ('referente', 'alumno')`),
  ],
);

/** Quién lo abrió (`leido`) y quién confirmó la lectura (`confirmado`), por usuario. */
export const comunicadoLecturas = pgTable(
  'comunicado_lecturas',
  {
    comunicadoId: integer()
      .notNull()
      .references(() => comunicados.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    leido: timestamp({ withTimezone: true }).notNull(),
    confirmado: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.comunicadoId, t.usuarioId] })],
);
