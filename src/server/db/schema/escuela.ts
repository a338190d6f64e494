import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  jsonb,
  timestamp,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { usuarios } from './personas';

export const departamentos = pgTable('departamentos', {
  id: serial().primaryKey(),
  nombre: text().notNull().unique(),
});

export const planes = pgTable(
  'planes',
  {
    id: serial().primaryKey(),
    codigo: text().notNull(),
    anio: integer().notNull(),
    nombre: text().notNull(),
  },
  (t) => [uniqueIndex('planes_codigo_anio_idx').on(t.codigo, t.anio)],
);

export const cursos = pgTable(
  'cursos',
  {
    id: serial().primaryKey(),
    anio: integer().notNull(),
    division: integer().notNull(),
    especialidad: text().notNull(),
  },
  (t) => [
    uniqueIndex('cursos_anio_division_idx').on(t.anio, t.division),
    check('cursos_anio_rango', sql`${t.anio} between 1 and 6`),
    check('cursos_division_rango', sql`${t.division} between 1 and 7`),
  ],
);

export const materias = pgTable(
  'materias',
  {
    id: serial().primaryKey(),
    nombre: text().notNull(),
    codigo: text().notNull(),
    anio: integer().notNull(),
    planId: integer()
      .notNull()
      .references(() => planes.id),
    departamentoId: integer()
      .notNull()
      .references(() => departamentos.id),
  },
  (t) => [
    uniqueIndex('materias_plan_codigo_idx').on(t.planId, t.codigo),
    index('materias_departamento_idx').on(t.departamentoId),
    check('materias_codigo_largo', sql`char_length(${t.codigo}) between 1 and 8`),
  ],
);

/** Oferta de cursada de un ciclo lectivo. modalidad: 0 Anual, 1 1°C, 2 2°C, 3 BiCuatrimestral. */
export const cursados = pgTable(
  'cursados',
  {
    id: serial().primaryKey(),
    nombre: text().notNull(),
    modalidad: integer().notNull().default(0),
    horas: integer().notNull().default(2),
    ciclolectivo: integer().notNull(),
    detalles: text(),
    /** Máscara de períodos de notas cerrados (bit 1: 1° cuatrimestre, bit 2: 2°). */
    periodosCerrados: integer().notNull().default(0),
    /**
     * El cursado del ciclo anterior del que se replicó ("Replicar ciclo anterior"). Único: cada
     * cursado se replica una sola vez, aunque dos personas repliquen a la vez.
     */
    origenId: integer().references((): AnyPgColumn => cursados.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('cursados_ciclo_idx').on(t.ciclolectivo),
    uniqueIndex('cursados_origen_idx').on(t.origenId),
    check('cursados_modalidad_rango', sql`${t.modalidad} between 0 and 3`),
    check('cursados_horas_min', sql`${t.horas} >= 1`),
  ],
);

export const cursadosMaterias = pgTable(
  'cursados_materias',
  {
    cursadoId: integer()
      .notNull()
      .references(() => cursados.id, { onDelete: 'cascade' }),
    materiaId: integer()
      .notNull()
      .references(() => materias.id),
  },
  (t) => [
    primaryKey({ columns: [t.cursadoId, t.materiaId] }),
    index('cursados_materias_materia_idx').on(t.materiaId),
  ],
);

export const cursadosCursos = pgTable(
  'cursados_cursos',
  {
    cursadoId: integer()
      .notNull()
      .references(() => cursados.id, { onDelete: 'cascade' }),
    cursoId: integer()
      .notNull()
      .references(() => cursos.id),
  },
  (t) => [
    primaryKey({ columns: [t.cursadoId, t.cursoId] }),
    index('cursados_cursos_curso_idx').on(t.cursoId),
  ],
);

export const cursadosDocentes = pgTable(
  'cursados_docentes',
  {
    cursadoId: integer()
      .notNull()
      .references(() => cursados.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.cursadoId, t.usuarioId] }),
    index('cursados_docentes_usuario_idx').on(t.usuarioId),
  ],
);

export const preceptoresCursos = pgTable(
  'preceptores_cursos',
  {
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    cursoId: integer()
      .notNull()
      .references(() => cursos.id, { onDelete: 'cascade' }),
    // La asignación vale para un ciclo lectivo: el preceptor no ve las cohortes de otros años.
    ciclolectivo: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.usuarioId, t.cursoId, t.ciclolectivo] }),
    index('preceptores_cursos_curso_idx').on(t.cursoId),
  ],
);

export const coordinadoresMaterias = pgTable(
  'coordinadores_materias',
  {
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    materiaId: integer()
      .notNull()
      .references(() => materias.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.materiaId] })],
);

/** Jefes de departamento y el departamento que conducen. */
export const jefesDepartamento = pgTable(
  'jefes_departamento',
  {
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    departamentoId: integer()
      .notNull()
      .references(() => departamentos.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.departamentoId] })],
);

/**
 * Los bloques semanales de un cursado (spec 01 §3 Cursado horarios): día 1 (lunes) a 6 (sábado),
 * bloque 1 a 16 y el aula. Un bloque por (cursado, día, bloque).
 */
export const horarios = pgTable(
  'horarios',
  {
    id: serial().primaryKey(),
    cursadoId: integer()
      .notNull()
      .references(() => cursados.id, { onDelete: 'cascade' }),
    dia: integer().notNull(),
    bloque: integer().notNull(),
    aula: text(),
  },
  (t) => [
    uniqueIndex('horarios_cursado_dia_bloque_idx').on(t.cursadoId, t.dia, t.bloque),
    index('horarios_dia_bloque_idx').on(t.dia, t.bloque),
    check('horarios_dia_rango', sql`${t.dia} between 1 and 6`),
    check('horarios_bloque_rango', sql`${t.bloque} between 1 and 16`),
  ],
);

/**
 * El libro de temas (spec 01 §3 Logbook entry): lo que se dio en cada clase pasada de un cursado.
 * Una entrada por (cursado, fecha). Es un registro escolar: el cursado no se borra con entradas.
 */
export const libroTemas = pgTable(
  'libro_temas',
  {
    id: serial().primaryKey(),
    cursadoId: integer()
      .notNull()
      .references(() => cursados.id, { onDelete: 'restrict' }),
    fecha: date().notNull(),
    texto: text().notNull(),
    autorId: integer().references(() => usuarios.id, { onDelete: 'set null' }),
    modificado: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('libro_temas_cursado_fecha_idx').on(t.cursadoId, t.fecha)],
);

/**
 * La planificación de un cursado (spec 01 §3 Planificación): ítems numerados, materias, autor y
 * cursado de origen; publicada, otros docentes pueden elegirla (se copia). Una por cursado.
 */
export const planificaciones = pgTable(
  'planificaciones',
  {
    id: serial().primaryKey(),
    cursadoId: integer()
      .notNull()
      .references(() => cursados.id, { onDelete: 'restrict' }),
    autorId: integer().references(() => usuarios.id, { onDelete: 'set null' }),
    /** La planificación de la que se copió, si se eligió una ajena. */
    importadaDe: integer().references((): AnyPgColumn => planificaciones.id, {
      onDelete: 'set null',
    }),
    publicado: boolean().notNull().default(false),
    materias: integer()
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    items: jsonb().$type<{ itemNumber: number; texto: string }[]>().notNull(),
    version: integer().notNull().default(1),
    modificado: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('planificaciones_cursado_idx').on(t.cursadoId)],
);

/**
 * Evaluaciones reservadas (spec 01 §3 Evaluation slot): una por cursado y clase futura; la
 * reserva el docente del cursado.
 */
export const evaluaciones = pgTable(
  'evaluaciones',
  {
    id: serial().primaryKey(),
    cursadoId: integer()
      .notNull()
      .references(() => cursados.id, { onDelete: 'restrict' }),
    fecha: date().notNull(),
    reservadaPor: integer().references(() => usuarios.id, { onDelete: 'set null' }),
    creado: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('evaluaciones_cursado_fecha_idx').on(t.cursadoId, t.fecha),
    index('evaluaciones_fecha_idx').on(t.fecha),
  ],
);

/**
 * El calendario personal de un usuario (alumno o referente, issue 14 §10): el secreto de su
 * dirección privada (.ics). Uno por usuario; generar otro reemplaza la fila y el anterior deja
 * de funcionar. Sin secreto, no hay calendario.
 */
export const enlacesCalendario = pgTable('enlaces_calendario', {
  usuarioId: integer()
    .primaryKey()
    .references(() => usuarios.id, { onDelete: 'cascade' }),
  token: text().notNull().unique(),
  creado: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
