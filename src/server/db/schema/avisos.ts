import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Categoria, Modo } from '@/domain/avisos';
import { alumnos, usuarios } from './personas';

/**
 * Los avisos de la campana (issue 35 §2): uno por persona y hecho. `clave` es la del hecho
 * ('inasistencia:<alumno>:<fecha>', 'medida:<id>'…): el trabajador los inserta o, si ya está, los
 * actualiza (una justificación posterior cambia el texto, no manda otro). `correo`: 'no' (no va por
 * correo: preferencia, sin email o no es un referente), 'pendiente' (espera su correo, en el momento
 * o en el resumen) o 'enviado' (en el envío `envioId`).
 */
export const avisos = pgTable(
  'avisos',
  {
    id: serial().primaryKey(),
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    alumnoId: integer().references(() => alumnos.id, { onDelete: 'cascade' }),
    categoria: text().$type<Categoria>().notNull(),
    clave: text().notNull(),
    titulo: text().notNull(),
    texto: text().notNull(),
    /** La pantalla que muestra el detalle (ruta del portal, empieza con '/'). */
    enlace: text().notNull(),
    creado: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actualizado: timestamp({ withTimezone: true }).notNull().defaultNow(),
    leido: timestamp({ withTimezone: true }),
    correo: text().$type<'no' | 'pendiente' | 'enviado'>().notNull().default('no'),
    envioId: integer(),
  },
  (t) => [
    uniqueIndex('avisos_usuario_clave').on(t.usuarioId, t.clave),
    index('avisos_usuario_creado').on(t.usuarioId, t.creado),
    // Retirar los avisos de un hecho deshecho (src/server/avisos/retirar.ts): por clave, de todos.
    index('avisos_clave').on(t.clave),
    index('avisos_pendientes_correo')
      .on(t.usuarioId, t.categoria)
      .where(sql`${t.correo} = 'pendiente'`),
    check('avisos_correo', sql`${t.correo} in ('no', 'pendiente', 'enviado')`),
  ],
);

/**
 * Cada correo (issue 35 §5, el registro de envíos): a quién, por qué (`clave` única: la misma no se
 * manda dos veces, la reintente quien la reintente), qué avisos lleva y cómo terminó.
 * estado: 'pendiente' → 'enviado' | 'fallido' (con `motivo`); un 'enviado' pasa a 'rebotado' (con
 * `motivo` y `rebotado`) si después llega el aviso de no entrega del servidor del destinatario
 * (un DSN a la dirección VERP del envío: src/server/avisos/correo/receptor.ts).
 */
export const avisosEnvios = pgTable(
  'avisos_envios',
  {
    id: serial().primaryKey(),
    usuarioId: integer().references(() => usuarios.id, { onDelete: 'set null' }),
    email: text().notNull(),
    clave: text().notNull(),
    /** 'inmediato' (una categoría, un día), 'resumen' (el resumen diario) o 'comunicado'. */
    tipo: text().$type<'inmediato' | 'resumen' | 'comunicado'>().notNull(),
    categoria: text().$type<Categoria>(),
    /** El comunicado, si el correo es el de un comunicado (tabla de /comunicados). */
    comunicadoId: integer(),
    asunto: text().notNull().default(''),
    estado: text()
      .$type<'pendiente' | 'enviado' | 'fallido' | 'rebotado'>()
      .notNull()
      .default('pendiente'),
    motivo: text(),
    intentos: integer().notNull().default(0),
    messageId: text(),
    creado: timestamp({ withTimezone: true }).notNull().defaultNow(),
    enviado: timestamp({ withTimezone: true }),
    /** Cuándo llegó el rebote (estado 'rebotado'). */
    rebotado: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('avisos_envios_clave').on(t.clave),
    index('avisos_envios_rebotados')
      .on(t.email, t.rebotado)
      .where(sql`${t.estado} = 'rebotado'`),
    index('avisos_envios_creado').on(t.creado),
    index('avisos_envios_comunicado').on(t.comunicadoId),
    check(
      'avisos_envios_estado',
      sql`${t.estado} in ('pendiente', 'enviado', 'fallido', 'rebotado')`,
    ),
    check('avisos_envios_tipo', sql`${t.tipo} in ('inmediato', 'resumen', 'comunicado')`),
  ],
);

/** Cómo quiere recibir cada categoría por correo cada persona (sin fila: MODO_POR_OMISION). */
export const avisosPreferencias = pgTable(
  'avisos_preferencias',
  {
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    categoria: text().$type<Categoria>().notNull(),
    modo: text().$type<Modo>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.usuarioId, t.categoria] }),
    check('avisos_preferencias_modo', sql`${t.modo} in ('no', 'inmediato', 'resumen')`),
  ],
);

/** La hora del resumen diario de cada persona (sin fila: HORA_RESUMEN_POR_OMISION). */
export const avisosAjustes = pgTable(
  'avisos_ajustes',
  {
    usuarioId: integer()
      .primaryKey()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    horaResumen: smallint().notNull(),
  },
  (t) => [check('avisos_ajustes_hora', sql`${t.horaResumen} between 0 and 23`)],
);

/**
 * El registro de consentimientos (issue 35 §2): cada cambio de preferencias, con lo que había antes
 * y lo que quedó, cuándo y desde dónde. Nunca se borra ni se edita.
 */
export const avisosConsentimientos = pgTable(
  'avisos_consentimientos',
  {
    id: serial().primaryKey(),
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    cuando: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ip: text(),
    /** 'preferencias' (la pantalla) o 'baja' (el enlace del correo). */
    origen: text().notNull(),
    cambios: jsonb()
      .$type<{ categoria: Categoria | 'hora'; antes: string; despues: string }[]>()
      .notNull(),
  },
  (t) => [index('avisos_consentimientos_usuario').on(t.usuarioId, t.cuando)],
);
