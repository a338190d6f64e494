import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Antecedente, PreguntaFicha } from '@/domain/inscripcion';
import { alumnos, referentes, usuarios } from './personas';
import { archivos } from './sistema';

/**
 * Inscripción anual de un alumno (spec 02 §3 "Yearly enrolment", "Enrolment form extras"):
 * una por alumno y ciclo lectivo — un segundo envío no cambia nada —, con el comprobante de
 * pago (en `archivos`) y el estado del seguimiento de Alumnado.
 */
export const inscripcionesAnuales = pgTable(
  'inscripciones_anuales',
  {
    id: serial().primaryKey(),
    alumnoId: integer()
      .notNull()
      .references(() => alumnos.id, { onDelete: 'cascade' }),
    ciclolectivo: integer().notNull(),
    /** El referente que la envió. */
    referenteId: integer().references(() => referentes.id, { onDelete: 'set null' }),
    email: text().notNull(),
    /** "area numero", como los demás teléfonos. */
    telefono: text().notNull(),
    cuil: text().notNull(),
    calle: text().notNull(),
    altura: text().notNull(),
    localidad: text().notNull(),
    comprobanteId: integer()
      .notNull()
      .references(() => archivos.id),
    estado: text().notNull().default('pendiente'),
    observacion: text(),
    revisadoPor: integer().references(() => usuarios.id, { onDelete: 'set null' }),
    revisado: timestamp({ withTimezone: true }),
    creado: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inscripciones_anuales_alumno_ciclo_idx').on(t.alumnoId, t.ciclolectivo),
    index('inscripciones_anuales_ciclo_idx').on(t.ciclolectivo),
    check(
      'inscripciones_anuales_estado',
      sql`${t.estado} in ('pendiente', 'verificada', 'observada')`,
    ),
    check('inscripciones_anuales_cuil', sql`${t.cuil} ~ '^[0-9]{2}-[0-9]{8}-[0-9]$'`),
  ],
);

/**
 * Ficha médica de la inscripción (spec 02 §3 "Medical file"): tabla aparte para que sólo la
 * lean las consultas que la necesitan (y se audite cada vez que alguien la ve).
 */
export const fichasMedicas = pgTable(
  'fichas_medicas',
  {
    inscripcionId: integer()
      .primaryKey()
      .references(() => inscripcionesAnuales.id, { onDelete: 'cascade' }),
    grupoSanguineo: text().notNull(),
    factorRh: text().notNull(),
    pesoKilogramos: numeric({ precision: 5, scale: 1, mode: 'number' }).notNull(),
    alturaCentimetros: numeric({ precision: 5, scale: 1, mode: 'number' }).notNull(),
    tieneServicioEmergencia: boolean().notNull().default(false),
    nombreServicioEmergencia: text(),
    carnetServicioEmergencia: text(),
    telefonoServicioEmergencia: text(),
    tieneObraSocial: boolean().notNull().default(false),
    nombreObraSocial: text(),
    carnetObraSocial: text(),
    telefonoObraSocial: text(),
    /** Las 25 casillas de antecedentes (src/domain/inscripcion.ts ANTECEDENTES). */
    antecedentes: jsonb().$type<Record<Antecedente, boolean>>().notNull(),
    /** Las preguntas de texto libre (PREGUNTAS_FICHA); vacías si no se contestaron. */
    respuestas: jsonb().$type<Record<PreguntaFicha, string>>().notNull(),
  },
  (t) => [
    check('fichas_medicas_grupo', sql`${t.grupoSanguineo} in ('0', 'A', 'B', 'AB')`),
    check('fichas_medicas_rh', sql`${t.factorRh} in ('+', '-')`),
    check('fichas_medicas_peso', sql`${t.pesoKilogramos} >= 1`),
    check('fichas_medicas_altura', sql`${t.alturaCentimetros} >= 1`),
  ],
);

/** Declaración del inglés técnico (CPIT) de un alumno para un ciclo (spec 02 §3). */
export const declaracionesIngles = pgTable(
  'declaraciones_ingles',
  {
    id: serial().primaryKey(),
    alumnoId: integer()
      .notNull()
      .references(() => alumnos.id, { onDelete: 'cascade' }),
    ciclolectivo: integer().notNull(),
    nivelNuevo: integer().notNull(),
    nivelViejo: text().notNull(),
    referenteId: integer().references(() => referentes.id, { onDelete: 'set null' }),
    creado: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('declaraciones_ingles_alumno_ciclo_idx').on(t.alumnoId, t.ciclolectivo),
    check('declaraciones_ingles_nivel_nuevo', sql`${t.nivelNuevo} in (1, 2)`),
    check(
      'declaraciones_ingles_nivel_viejo',
      sql`${t.nivelViejo} in ('inicial', 'intermedio', 'avanzado', '1', '2')`,
    ),
  ],
);

/**
 * Reglamentos (los responde cada alumno y cada referente) y autorizaciones (las responde el
 * referente por cada hijo) (spec 02 §3 "Terms and regulations"). `respuestasPosibles`: null
 * → texto libre; una → aceptar; varias → elegir. `version` sube cada vez que cambia el texto.
 */
export const reglamentos = pgTable(
  'reglamentos',
  {
    id: serial().primaryKey(),
    nombre: text().notNull(),
    clase: text().notNull(),
    tipo: text().notNull().default('PDF'),
    contenido: text().notNull(),
    respuestasPosibles: text().array(),
    version: integer().notNull().default(1),
    activo: boolean().notNull().default(true),
    actualizado: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reglamentos_nombre_idx').on(t.nombre),
    check('reglamentos_clase', sql`${t.clase} in ('reglamento', 'autorizacion')`),
  ],
);

/**
 * Respuestas: cada una guarda el texto (y la versión) que se respondió y cuándo. No se
 * pisan: la última vale y las anteriores quedan como historia (respuestasAnteriores).
 */
export const respuestasReglamentos = pgTable(
  'respuestas_reglamentos',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    reglamentoId: integer()
      .notNull()
      .references(() => reglamentos.id, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    /** Autorizaciones: el hijo al que se refiere; null en reglamentos. */
    alumnoId: integer().references(() => alumnos.id, { onDelete: 'cascade' }),
    respuesta: text().notNull(),
    contenido: text().notNull(),
    version: integer().notNull(),
    respondido: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('respuestas_reglamentos_usuario_idx').on(t.usuarioId, t.reglamentoId)],
);
