import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { cursos } from './escuela';
import { archivos } from './sistema';

/** Cuentas del portal. `rls` es la máscara de roles (src/domain/roles.ts). */
export const usuarios = pgTable(
  'usuarios',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    nombre: text().notNull(),
    apellido: text().notNull(),
    telefono: text(),
    rls: integer().notNull(),
    habilitado: boolean().notNull().default(true),
    creado: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('usuarios_email_idx').on(sql`lower(${t.email})`)],
);

export const generoEnum = pgEnum('genero', ['Otro', 'Masculino', 'Femenino']);

export const alumnos = pgTable(
  'alumnos',
  {
    id: serial().primaryKey(),
    usuarioId: integer().references(() => usuarios.id, { onDelete: 'set null' }),
    dni: integer().notNull(),
    apellido: text().notNull(),
    nombre: text().notNull(),
    genero: generoEnum(),
    email: text(),
    telefono: text(),
    habilitado: boolean().notNull().default(true),
    nacimiento: date(),
    pronombre: text(),
    /** Foto de perfil (en `archivos`), la sube el propio alumno desde /perfil/editar. */
    fotoId: integer().references((): AnyPgColumn => archivos.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('alumnos_dni_idx').on(t.dni),
    uniqueIndex('alumnos_usuario_idx').on(t.usuarioId),
    index('alumnos_apellido_idx').on(t.apellido, t.nombre),
  ],
);

/** El curso de un alumno en un ciclo lectivo (anioCursado). */
export const alumnosCursos = pgTable(
  'alumnos_cursos',
  {
    id: serial().primaryKey(),
    alumnoId: integer()
      .notNull()
      .references(() => alumnos.id, { onDelete: 'cascade' }),
    cursoId: integer()
      .notNull()
      .references(() => cursos.id),
    ciclolectivo: integer().notNull(),
  },
  (t) => [
    uniqueIndex('alumnos_cursos_alumno_ciclo_idx').on(t.alumnoId, t.ciclolectivo),
    index('alumnos_cursos_curso_ciclo_idx').on(t.cursoId, t.ciclolectivo),
  ],
);

export const referentes = pgTable(
  'referentes',
  {
    id: serial().primaryKey(),
    usuarioId: integer().references(() => usuarios.id, { onDelete: 'set null' }),
    apellido: text().notNull(),
    nombre: text().notNull(),
    email: text(),
    telefono: text(),
    exalumno: boolean().notNull().default(false),
  },
  (t) => [uniqueIndex('referentes_usuario_idx').on(t.usuarioId)],
);

/**
 * Vínculo alumno–referente. El que declara el propio referente (la inscripción, POST
 * /api/alumnos/link/referentes) nace pendiente y no abre ningún dato del alumno hasta que
 * la escuela lo confirma, el referente ingresa el código de vinculación del alumno
 * (`codigosVinculacion`) o su email verificado de Google es el que la escuela anotó; los que
 * carga el personal nacen confirmados. `confirmadoPor`: quien confirmó (el personal, o el mismo
 * referente con el código); `confirmadoCon`: 'personal', 'codigo' o 'email'.
 */
export const alumnosReferentes = pgTable(
  'alumnos_referentes',
  {
    alumnoId: integer()
      .notNull()
      .references(() => alumnos.id, { onDelete: 'cascade' }),
    referenteId: integer()
      .notNull()
      .references(() => referentes.id, { onDelete: 'cascade' }),
    confirmado: boolean().notNull().default(false),
    confirmadoPor: integer().references(() => usuarios.id, { onDelete: 'set null' }),
    confirmadoEn: timestamp({ withTimezone: true }),
    confirmadoCon: text(),
  },
  (t) => [
    primaryKey({ columns: [t.alumnoId, t.referenteId] }),
    index('alumnos_referentes_referente_idx').on(t.referenteId),
  ],
);

/**
 * El código de vinculación de un alumno (DESIGN §6): lo emite la escuela (Alumnado, preceptores)
 * y lo entrega impreso a la familia; con él un referente confirma el vínculo que declaró. Uno
 * por alumno: regenerarlo reemplaza la fila (el anterior deja de valer en el acto).
 * `bloqueado`: demasiados códigos equivocados para este alumno; sólo el personal lo desbloquea.
 */
export const codigosVinculacion = pgTable(
  'codigos_vinculacion',
  {
    alumnoId: integer()
      .primaryKey()
      .references(() => alumnos.id, { onDelete: 'cascade' }),
    codigo: text().notNull(),
    creado: timestamp({ withTimezone: true }).notNull().defaultNow(),
    creadoPor: integer().references(() => usuarios.id, { onDelete: 'set null' }),
    bloqueado: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('codigos_vinculacion_codigo_idx').on(t.codigo)],
);

/** Cada código de vinculación probado (acertado o no): el límite por alumno y por cuenta. */
export const intentosVinculacion = pgTable(
  'intentos_vinculacion',
  {
    id: serial().primaryKey(),
    alumnoId: integer()
      .notNull()
      .references(() => alumnos.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    cuando: timestamp({ withTimezone: true }).notNull().defaultNow(),
    acierto: boolean().notNull(),
  },
  (t) => [
    index('intentos_vinculacion_alumno_idx').on(t.alumnoId, t.cuando),
    index('intentos_vinculacion_usuario_idx').on(t.usuarioId, t.cuando),
  ],
);
