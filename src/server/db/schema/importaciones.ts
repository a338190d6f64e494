import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { usuarios } from './personas';

/**
 * Cada planilla subida a /importar (issue 34 §1): quién y cuándo, el archivo (nombre, sha256,
 * tamaño), la grilla leída (celdas como texto) y, al aplicarla, el mapeo, `vaciar` y las cuentas.
 * estado: 'subida' → 'aplicada' → 'deshecha'. `resultado`: la tabla de la aplicación (el informe).
 */
export const importaciones = pgTable(
  'importaciones',
  {
    id: serial().primaryKey(),
    usuarioId: integer().references(() => usuarios.id, { onDelete: 'set null' }),
    creado: timestamp({ withTimezone: true }).notNull().defaultNow(),
    nombre: text().notNull(),
    sha256: text().notNull(),
    tamanio: integer().notNull(),
    estado: text().notNull().default('subida'),
    encabezados: jsonb().$type<string[]>().notNull(),
    filas: jsonb().$type<string[][]>().notNull(),
    mapeo: jsonb().$type<(string | null)[]>(),
    vaciar: boolean(),
    cuentas: jsonb(),
    resultado: jsonb(),
    /** El ciclo lectivo del curso de los alumnos al aplicarla. */
    ciclo: integer(),
    aplicada: timestamp({ withTimezone: true }),
    deshecha: timestamp({ withTimezone: true }),
    deshechaPor: integer().references(() => usuarios.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('importaciones_creado_idx').on(t.creado),
    check('importaciones_estado', sql`${t.estado} in ('subida', 'aplicada', 'deshecha')`),
  ],
);

/**
 * Lo que escribió una importación aplicada, fila por fila, para deshacerla: la tabla, la clave
 * de la fila (el id, o 'alumno:referente' del vínculo, o 'alumno:ciclo' del curso del alumno), la
 * acción ('crear' o 'actualizar') y las columnas que tocó antes y después.
 */
export const importacionCambios = pgTable(
  'importacion_cambios',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    importacionId: integer()
      .notNull()
      .references(() => importaciones.id, { onDelete: 'cascade' }),
    entidad: text().notNull(),
    clave: text().notNull(),
    accion: text().notNull(),
    antes: jsonb(),
    despues: jsonb(),
  },
  (t) => [index('importacion_cambios_importacion_idx').on(t.importacionId)],
);
