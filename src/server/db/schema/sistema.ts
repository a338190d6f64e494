import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { usuarios } from './personas';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** Fechas del calendario escolar: (fecha, tipo, area). */
export const calendario = pgTable(
  'calendario',
  {
    id: serial().primaryKey(),
    fecha: date().notNull(),
    tipo: text().notNull(),
    area: text().notNull(),
  },
  (t) => [uniqueIndex('calendario_fecha_tipo_area_idx').on(t.fecha, t.tipo, t.area)],
);

/** Configuración clave → valor (JSON). Las claves por ciclo llevan el año: 'cuota.2026'. */
export const configuracion = pgTable('configuracion', {
  clave: text().primaryKey(),
  valor: jsonb().notNull(),
});

/** Registro de auditoría: quién hizo qué, cuándo, con el antes y el después. */
export const auditoria = pgTable(
  'auditoria',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    cuando: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Quién actuó. Sin clave foránea: la auditoría no se edita (un disparador rechaza UPDATE y
     * DELETE) y un usuario borrado conserva sus filas con su id.
     */
    usuarioId: integer(),
    /** Rol activo con el que actuó. */
    rol: integer(),
    /** Si la sesión era una suplantación (ingreso por /bypass): el Admin que actuaba como `usuarioId`. */
    impersonadoPor: integer(),
    accion: text().notNull(),
    entidad: text().notNull(),
    entidadId: text(),
    antes: jsonb(),
    despues: jsonb(),
    ip: text(),
  },
  (t) => [
    index('auditoria_cuando_idx').on(t.cuando),
    index('auditoria_entidad_idx').on(t.entidad, t.entidadId),
  ],
);

/** Archivos subidos (comprobantes, fotos), con su tipo detectado por contenido. */
export const archivos = pgTable(
  'archivos',
  {
    id: serial().primaryKey(),
    nombre: text().notNull(),
    tipo: text().notNull(),
    tamanio: integer().notNull(),
    sha256: text().notNull(),
    datos: bytea().notNull(),
    subidoPor: integer().references(() => usuarios.id, { onDelete: 'set null' }),
    creado: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('archivos_tamanio_max', sql`${t.tamanio} <= 10485760`)],
);

/**
 * Dispositivos de administración registrados en /bypass (DESIGN §6): la cookie firmada lleva el
 * id; Admin los lista y revoca. `huellaClave`: HMAC de la clave de /bypass con la que se
 * registró; cambiar la clave los revoca a todos al arrancar.
 */
export const dispositivosAdmin = pgTable(
  'dispositivos_admin',
  {
    id: uuid().primaryKey(),
    creado: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ultimoUso: timestamp({ withTimezone: true }),
    ip: text(),
    userAgent: text(),
    huellaClave: text().notNull(),
    revocado: timestamp({ withTimezone: true }),
    revocadoPor: integer().references(() => usuarios.id, { onDelete: 'set null' }),
  },
  (t) => [index('dispositivos_admin_creado_idx').on(t.creado)],
);

/**
 * Sesiones abiertas (una por ingreso): el JWT lleva el id y cada petición la relee junto con
 * el usuario (src/server/auth/sesion.ts). Salir la cierra (`cerrada`); vence a las 12 h.
 */
export const sesiones = pgTable(
  'sesiones',
  {
    id: uuid().primaryKey(),
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    creada: timestamp({ withTimezone: true }).notNull().defaultNow(),
    vence: timestamp({ withTimezone: true }).notNull(),
    cerrada: timestamp({ withTimezone: true }),
    /** Suplantación: el Admin que ingresó como `usuarioId` desde un dispositivo de administración. */
    impersonadoPor: integer().references(() => usuarios.id, { onDelete: 'cascade' }),
    /** El dispositivo de administración de la suplantación: revocarlo cierra la sesión. */
    dispositivoId: uuid().references(() => dispositivosAdmin.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sesiones_usuario_idx').on(t.usuarioId), index('sesiones_vence_idx').on(t.vence)],
);

/**
 * El registro de la aplicación (/root/log): los errores inesperados del servidor con el id de la
 * petición, para que cualquier instancia detrás del balanceador vea los de todas. Nunca el cuerpo
 * de la petición ni secretos: el nivel, la ruta (la plantilla, sin parámetros) y el mensaje.
 */
export const registro = pgTable(
  'registro',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    cuando: timestamp({ withTimezone: true }).notNull().defaultNow(),
    nivel: text().notNull(),
    requestId: text(),
    ruta: text(),
    mensaje: text().notNull(),
  },
  (t) => [
    index('registro_cuando_idx').on(t.cuando),
    check('registro_mensaje_largo', sql`char_length(${t.mensaje}) <= 2000`),
  ],
);
