/**
 * Herramientas de root (issue 17 §3, issue 31 §12): la consola de reportes SQL y el registro, en
 * PGlite y (con TEST_DATABASE_URL) en el servidor PostgreSQL.
 *
 * En el servidor la consola corre en su propia conexión, que ingresa como `portal_reportes` (la
 * prueba arma la URL con ese usuario: el servidor local confía en las conexiones de 127.0.0.1).
 * La tanda hostil (más de 50 consultas: escrituras, DDL, pg_sleep, secretos, varias sentencias,
 * COPY, funciones con efectos, escapes del rol como ts_rewrite + set_config + table_to_xml,
 * BEGIN/COMMIT, DO, comentarios, NUL, textos enormes) falla siempre con un mensaje claro en
 * castellano y la base queda igual (huella de cada tabla y secuencia, salvo la auditoría, que
 * crece exactamente una fila por consulta que llegó al servicio).
 *
 * En PGlite la consola está apagada: cada consulta responde que necesita un servidor PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { TODOS_LOS_ROLES, Rol, type RolBit } from '@/domain/roles';
import {
  MAX_CARACTERES_CELDA,
  MAX_FILAS_REPORTE,
  MENSAJE_CONSOLA_PGLITE,
  MENSAJE_LINEAS,
  MENSAJE_SIN_CERRAR,
  MENSAJE_UNICODE,
  MENSAJE_VARIAS,
  mensajeFuncion,
  mensajeSoloLectura,
} from '@/domain/root';
import { respuestaDeError } from '@/server/api/rest';
import { auditar } from '@/server/auditoria';
import {
  ejecutarSoloLectura,
  MENSAJE_TIEMPO,
  mensajeColumnas,
  mensajeDeErrorSql,
  MENSAJE_ROL_INSEGURO,
  ROL_LECTURA,
  ROL_REPORTES,
} from '@/server/api/routers/root/service';
import { crearContexto, type Contexto } from '@/server/api/trpc';
import type { Sesion } from '@/server/auth/sesion';
import { abrirBase, type Conexion, type Db } from '@/server/db';
import { abrirBaseDeReportes } from '@/server/db/reportes';
import { EMAIL_DEMO, EMAIL_DEMO_POR_ROL } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { sembrar } from '@/server/db/seed';
import { DIAS_CONSERVAR_REGISTRO, registrarError, registrarErrorDeNext } from '@/server/registro';
import { momentoEscolar } from '@/server/reloj';
import { crearBaseDePrueba } from '../fixtures/base';
import { callerComo, sesionDe } from '../fixtures/contexto';
import { codigoDe, codigoYMensaje, errorDe } from '../fixtures/errores';
import { pedirRest } from '../fixtures/rest';

jest.setTimeout(300_000);

const { ciclo, hoy, instante } = momentoEscolar();

/** Filas de `execute` en los dos drivers. */
async function filas<T>(db: Db, consulta: ReturnType<typeof sql>): Promise<T[]> {
  const r = (await db.execute(consulta)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(r) ? r : (r.rows ?? []);
}

/**
 * La huella de la base: filas y contenido de cada tabla (un md5 por tabla) y el último valor de
 * cada secuencia, salvo la auditoría (cada consulta de la consola escribe la suya).
 */
async function huella(db: Db): Promise<Record<string, string>> {
  const tablas = await filas<{ tablename: string }>(
    db,
    sql`select tablename from pg_tables where schemaname = 'public' and tablename <> 'auditoria' order by tablename`,
  );
  const h: Record<string, string> = {};
  for (const { tablename } of tablas) {
    const [r] = await filas<{ h: string }>(
      db,
      sql.raw(
        `select count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h from "${tablename}" t`,
      ),
    );
    h[tablename] = r!.h;
  }
  for (const q of await filas<{ nombre: string; valor: string | null }>(
    db,
    sql`select sequencename as nombre, last_value::text as valor from pg_sequences where schemaname = 'public' and sequencename <> 'auditoria_id_seq'`,
  ))
    h[`secuencia ${q.nombre}`] = q.valor ?? '';
  return h;
}

const cuentaReportes = async (db: Db) =>
  (
    await filas<{ n: number }>(
      db,
      sql`select count(*)::int as n from auditoria where accion = 'root.reporte'`,
    )
  )[0]!.n;

/**
 * El escape del issue 31 §12, tal cual: ts_rewrite ejecuta el texto (que pone el rol en 'none',
 * es decir el usuario de la sesión) y después table_to_xml lee las sesiones con ese usuario.
 */
const ESCAPE_TS_REWRITE =
  "select ts_rewrite('a'::tsquery, 'select ''a''::tsquery, ''b''::tsquery from (select set_config(''role'',''none'',true)) s') as r, " +
  "table_to_xml('sesiones', true, false, '') as x";

const SECRETO_CALENDARIO = `secreto-${randomBytes(12).toString('hex')}`;
const DATOS_ARCHIVO = 'contenido-privado-del-archivo';

/** Lo que espera cada consulta hostil: el mensaje exacto, o el comienzo para los de la base. */
type Esperado = { exacto: string } | { empieza: string };
const exacto = (m: string): Esperado => ({ exacto: m });
const empieza = (m: string): Esperado => ({ empieza: m });
const SIN_PERMISO = empieza('Sin permiso para leer eso');
const NO_PASA_ZOD = Symbol('zod');

/** La tanda hostil: [nombre, consulta, mensaje esperado]. */
const HOSTILES: [string, string, Esperado | typeof NO_PASA_ZOD][] = [
  [
    'INSERT',
    "insert into usuarios (email, nombre, apellido, rls) values ('x@gmail.com', 'a', 'b', 2)",
    exacto(mensajeSoloLectura('insert')),
  ],
  ['UPDATE', 'update usuarios set rls = 2', exacto(mensajeSoloLectura('update'))],
  ['DELETE', 'DELETE FROM alumnos', exacto(mensajeSoloLectura('delete'))],
  ['TRUNCATE', 'truncate alumnos cascade', exacto(mensajeSoloLectura('truncate'))],
  [
    'MERGE',
    'merge into alumnos a using alumnos b on false when not matched then do nothing',
    exacto(mensajeSoloLectura('merge')),
  ],
  ['CREATE', 'create table intrusa (a int)', exacto(mensajeSoloLectura('create'))],
  ['DROP', 'drop table alumnos', exacto(mensajeSoloLectura('drop'))],
  ['ALTER', 'alter table alumnos add column intrusa int', exacto(mensajeSoloLectura('alter'))],
  ['GRANT', 'grant all on sesiones to public', exacto(mensajeSoloLectura('grant'))],
  [
    'escritura dentro de un WITH',
    'with x as (delete from alumnos returning *) select count(*) from x',
    exacto(mensajeSoloLectura('delete')),
  ],
  ['SELECT … FOR UPDATE', 'select * from alumnos for update', exacto(mensajeSoloLectura('update'))],
  ['SELECT INTO', 'select * into temp intrusa from alumnos', exacto(mensajeSoloLectura('into'))],
  [
    'pg_sleep más allá del tiempo máximo',
    'select pg_sleep(30)',
    exacto(mensajeFuncion('pg_sleep')),
  ],
  ['pg_sleep_for', "select pg_sleep_for('1 minute')", exacto(mensajeFuncion('pg_sleep_for'))],
  ['la tabla de sesiones', 'select * from sesiones', SIN_PERMISO],
  ['sesiones con otro nombre', 'select count(*) from public."sesiones"', SIN_PERMISO],
  ['TABLE sesiones', 'table sesiones', SIN_PERMISO],
  ['el secreto del calendario', 'select token from enlaces_calendario', SIN_PERMISO],
  ['todo el calendario', 'select * from enlaces_calendario', SIN_PERMISO],
  ['el contenido de los archivos', 'select datos from archivos', SIN_PERMISO],
  ['el catálogo de contraseñas', 'select rolname, rolpassword from pg_authid', SIN_PERMISO],
  ['dos sentencias', 'select 1; delete from alumnos', exacto(MENSAJE_VARIAS)],
  ['dos lecturas', 'select 1; select 2', exacto(MENSAJE_VARIAS)],
  [
    'un comentario que esconde la segunda',
    'select 1 /* sólo un comentario */ ; delete from alumnos',
    exacto(MENSAJE_VARIAS),
  ],
  [
    'un comentario de línea antes del ;',
    'select 1 -- nada\n; delete from alumnos',
    exacto(MENSAJE_VARIAS),
  ],
  [
    'una barra que no escapa la comilla',
    "select '\\'; delete from alumnos; --'",
    exacto(MENSAJE_VARIAS),
  ],
  ['un texto $$ y otra sentencia', 'select $$;$$; delete from alumnos', exacto(MENSAJE_VARIAS)],
  ['COPY a la salida', 'copy alumnos to stdout', exacto(mensajeSoloLectura('copy'))],
  [
    'COPY a un archivo',
    "copy (select * from usuarios) to '/tmp/x'",
    exacto(mensajeSoloLectura('copy')),
  ],
  [
    'set_config del rol',
    "select set_config('role', current_user, false)",
    exacto(mensajeFuncion('set_config')),
  ],
  [
    'set_config con el esquema y comillas',
    `select pg_catalog."set_config"('transaction_read_only', 'off', true)`,
    exacto(mensajeFuncion('set_config')),
  ],
  [
    'set_config y query_to_xml para leer sesiones',
    "select set_config('role', session_user, true), query_to_xml('select * from sesiones', true, false, '')",
    exacto(mensajeFuncion('set_config')),
  ],
  [
    'SQL dentro de un texto',
    "select query_to_xml('select * from sesiones', true, false, '')",
    exacto(mensajeFuncion('query_to_xml')),
  ],
  // Issue 31 §12: ts_rewrite(tsquery, text) ejecuta su texto; adentro, set_config('role', 'none')
  // volvía al dueño de las tablas y table_to_xml leía las sesiones.
  [
    'ts_rewrite + set_config + table_to_xml (el escape del issue 31)',
    ESCAPE_TS_REWRITE,
    exacto(mensajeFuncion('ts_rewrite')),
  ],
  [
    'ts_rewrite entre comillas y con el esquema',
    `select pg_catalog."ts_rewrite"('a'::tsquery, 'select ''a''::tsquery, ''b''::tsquery')`,
    exacto(mensajeFuncion('ts_rewrite')),
  ],
  [
    'set_config escrito dentro de un texto',
    "select to_tsquery('a') where 'select set_config(''role'', ''none'', true)' is not null",
    exacto(mensajeFuncion('set_config')),
  ],
  [
    'query_to_xml escrito dentro de un texto $$',
    'select $q$ "query_to_xml" (\'select 1\') $q$',
    exacto(mensajeFuncion('query_to_xml')),
  ],
  [
    'table_to_xml',
    "select table_to_xml('sesiones', true, false, '')",
    exacto(mensajeFuncion('table_to_xml')),
  ],
  [
    'table_to_xml_and_xmlschema',
    "select table_to_xml_and_xmlschema('enlaces_calendario', true, false, '')",
    exacto(mensajeFuncion('table_to_xml_and_xmlschema')),
  ],
  [
    'schema_to_xml',
    "select schema_to_xml('public', true, false, '')",
    exacto(mensajeFuncion('schema_to_xml')),
  ],
  [
    'database_to_xmlschema',
    "select database_to_xmlschema(true, false, '')",
    exacto(mensajeFuncion('database_to_xmlschema')),
  ],
  [
    'cursor_to_xml',
    "select cursor_to_xml('c'::refcursor, 1, true, false, '')",
    exacto(mensajeFuncion('cursor_to_xml')),
  ],
  [
    'ts_stat',
    "select * from ts_stat('select to_tsvector(token) from enlaces_calendario')",
    exacto(mensajeFuncion('ts_stat')),
  ],
  [
    'pg_read_binary_file',
    "select pg_read_binary_file('/etc/passwd')",
    exacto(mensajeFuncion('pg_read_binary_file')),
  ],
  [
    'un cerrojo de sesión',
    'select pg_advisory_lock(727001)',
    exacto(mensajeFuncion('pg_advisory_lock')),
  ],
  ['una secuencia', "select nextval('alumnos_id_seq')", exacto(mensajeFuncion('nextval'))],
  ['lo_import', "select lo_import('/etc/passwd')", exacto(mensajeFuncion('lo_import'))],
  [
    'dblink',
    "select * from dblink('dbname=x', 'delete from alumnos') as t(a int)",
    exacto(mensajeFuncion('dblink')),
  ],
  [
    'pg_terminate_backend',
    'select pg_terminate_backend(pid) from pg_stat_activity',
    exacto(mensajeFuncion('pg_terminate_backend')),
  ],
  ['pg_read_file', "select pg_read_file('/etc/passwd')", exacto(mensajeFuncion('pg_read_file'))],
  ['pg_notify', "select pg_notify('canal', 'x')", exacto(mensajeFuncion('pg_notify'))],
  ['SET ROLE', 'set role postgres', exacto(mensajeSoloLectura('set'))],
  ['RESET ROLE', 'reset role', exacto(mensajeSoloLectura('reset'))],
  [
    'SET SESSION AUTHORIZATION',
    'set session authorization postgres',
    exacto(mensajeSoloLectura('set')),
  ],
  ['BEGIN/COMMIT', 'begin; delete from alumnos; commit', exacto(MENSAJE_VARIAS)],
  ['BEGIN', 'begin read write', exacto(mensajeSoloLectura('begin'))],
  ['COMMIT', 'commit', exacto(mensajeSoloLectura('commit'))],
  ['START TRANSACTION', 'start transaction read write', exacto(mensajeSoloLectura('start'))],
  ['SELECT, COMMIT y escribir', 'select 1; commit; delete from alumnos', exacto(MENSAJE_VARIAS)],
  ['DO $$ … $$', 'do $$ begin delete from alumnos; end $$', exacto(mensajeSoloLectura('do'))],
  ['EXPLAIN ANALYZE', 'explain analyze delete from alumnos', exacto(mensajeSoloLectura('explain'))],
  ['PREPARE', 'prepare p as delete from alumnos', exacto(mensajeSoloLectura('prepare'))],
  ['LOCK', 'lock table alumnos', exacto(mensajeSoloLectura('lock'))],
  ['VACUUM', 'vacuum alumnos', exacto(mensajeSoloLectura('vacuum'))],
  [
    'un escape Unicode',
    `select U&"\\0073et_config"('role', 'postgres', false)`,
    exacto(MENSAJE_UNICODE),
  ],
  ['un texto sin cerrar', "select 'abc", exacto(MENSAJE_SIN_CERRAR)],
  ['un comentario sin cerrar', 'select 1 /* ; delete from alumnos', exacto(MENSAJE_SIN_CERRAR)],
  ['un error de sintaxis', 'select from where', empieza('La consulta falló: ')],
  ['NUL en la consulta', 'select 1\u0000; delete from alumnos', NO_PASA_ZOD],
  ['una consulta enorme', `select '${'x'.repeat(25_000)}'`, NO_PASA_ZOD],
];

const MENSAJES_ZOD: Record<string, string> = {
  'NUL en la consulta': 'Consulta: contiene caracteres no válidos.',
  'una consulta enorme': 'Consulta: como máximo 20000 caracteres.',
};

interface Base {
  nombre: 'PGlite' | 'PostgreSQL';
  abrir: () => Promise<Conexion>;
}
const BASES: Base[] = [{ nombre: 'PGlite', abrir: () => abrirBase({ dataDir: 'memory://' }) }];
if (process.env.TEST_DATABASE_URL) BASES.push({ nombre: 'PostgreSQL', abrir: crearBaseDePrueba });

describe.each(BASES)('en $nombre', ({ nombre, abrir }) => {
  /** En PGlite la consola está apagada (la configuración de las pruebas no tiene DATABASE_URL). */
  const apagada = nombre === 'PGlite';
  let c: Conexion;
  let db: Db;
  let admin: Sesion;
  /** En el servidor: la conexión de la consola, que ingresa como portal_reportes. */
  let consola: Awaited<ReturnType<typeof abrirBaseDeReportes>> | null = null;
  /** Lo que el contexto lleva de la consola: la del servidor, o la de la configuración (apagada). */
  let extra: Partial<Contexto> = {};
  const root = () =>
    callerComo(db, EMAIL_DEMO.admin, Rol.Admin, { ciclo, hoy, dispositivoAdmin: true, ...extra });

  beforeAll(async () => {
    c = await abrir();
    db = c.db;
    if (!apagada) {
      const [fila] = await filas<{ base: string }>(db, sql`select current_database() as base`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.username = ROL_REPORTES;
      url.password = '';
      url.pathname = `/${fila!.base}`;
      consola = await abrirBaseDeReportes(url.toString());
      const abierta = consola;
      extra = { reportes: () => Promise.resolve({ disponible: true, db: abierta.db }) };
    }
    await sembrar(db, { ciclo, hoy, ahora: instante });
    admin = await sesionDe(db, EMAIL_DEMO.admin, Rol.Admin);
    // Secretos que no deben salir: un calendario privado y un archivo.
    await db
      .insert(s.enlacesCalendario)
      .values({ usuarioId: admin.usuario.id, token: SECRETO_CALENDARIO })
      .onConflictDoUpdate({
        target: s.enlacesCalendario.usuarioId,
        set: { token: SECRETO_CALENDARIO },
      });
    await db.insert(s.archivos).values({
      nombre: 'recibo.pdf',
      tipo: 'application/pdf',
      tamanio: DATOS_ARCHIVO.length,
      sha256: 'x'.repeat(64),
      datos: Buffer.from(DATOS_ARCHIVO),
    });
  });
  afterAll(async () => {
    await consola?.cerrar();
    await c?.cerrar();
  });

  describe('el rol de lectura', () => {
    test('la migración creó el rol de lectura y el de ingreso de la consola: éste hereda la lectura y no es el dueño', async () => {
      const [r] = await filas<Record<string, boolean>>(
        db,
        sql`select exists (select from pg_roles where rolname = ${ROL_LECTURA}) as lectura,
                   (select rolcanlogin and not rolsuper and not rolcreaterole and not rolcreatedb
                      and not rolbypassrls and rolinherit
                    from pg_roles where rolname = ${ROL_REPORTES}) as ingresa,
                   pg_has_role(${ROL_REPORTES}, ${ROL_LECTURA}, 'USAGE') as hereda,
                   pg_has_role(${ROL_REPORTES}, current_user, 'MEMBER') as dueno`,
      );
      expect(r).toEqual({ lectura: true, ingresa: true, hereda: true, dueno: false });
      // Lee exactamente lo mismo que el rol de lectura (ni una tabla más).
      const [d] = await filas<{ distintas: number }>(
        db,
        sql`select count(*)::int as distintas
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm')
              and has_table_privilege(${ROL_REPORTES}, c.oid, 'SELECT')
                  <> has_table_privilege(${ROL_LECTURA}, c.oid, 'SELECT')`,
      );
      expect(d).toEqual({ distintas: 0 });
    });

    test('la consola no corre con un usuario que no es de sólo lectura (una REPORTES_DATABASE_URL mal puesta)', async () => {
      // La conexión de la aplicación (el dueño de las tablas) como si fuera la de la consola.
      const caller = await callerComo(db, EMAIL_DEMO.admin, Rol.Admin, {
        ciclo,
        hoy,
        dispositivoAdmin: true,
        reportes: () => Promise.resolve({ disponible: true, db }),
      });
      expect(await codigoYMensaje(caller.root.reportes({ sql: 'select 1' }))).toEqual({
        code: 'BAD_REQUEST',
        message: MENSAJE_ROL_INSEGURO,
      });
    });

    test('sólo puede leer: ninguna tabla admite escribir, y lee todas salvo los secretos (una tabla nueva pide GRANT SELECT … TO portal_lectura en su migración, README "Herramientas de root")', async () => {
      const tablas = await filas<{ tabla: string; lee: boolean; escribe: boolean }>(
        db,
        sql`select tablename as tabla,
                   has_table_privilege(${ROL_LECTURA}, 'public.' || quote_ident(tablename), 'SELECT') as lee,
                   has_table_privilege(${ROL_LECTURA}, 'public.' || quote_ident(tablename),
                     'INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER') as escribe
            from pg_tables where schemaname = 'public' order by tablename`,
      );
      expect(tablas.length).toBeGreaterThan(30);
      expect(tablas.filter((t) => t.escribe)).toEqual([]);
      // Una tabla nueva queda sin leer hasta que su migración decide (GRANT o secreto): esta lista
      // es la decisión. Las de tabla entera legible son todas las demás.
      expect(tablas.filter((t) => !t.lee).map((t) => t.tabla)).toEqual([
        'archivos',
        'codigos_vinculacion',
        'dispositivos_admin',
        'enlaces_calendario',
        'sesiones',
      ]);
      const columnas = await filas<{ tabla: string; columna: string; lee: boolean }>(
        db,
        sql`select table_name as tabla, column_name as columna,
                   has_column_privilege(${ROL_LECTURA}, 'public.' || quote_ident(table_name), column_name, 'SELECT') as lee
            from information_schema.columns
            where table_schema = 'public'
              and table_name in ('archivos', 'codigos_vinculacion', 'dispositivos_admin', 'enlaces_calendario', 'sesiones')
            order by table_name, ordinal_position`,
      );
      expect(columnas.filter((x) => !x.lee).map((x) => `${x.tabla}.${x.columna}`)).toEqual([
        'archivos.datos',
        'codigos_vinculacion.codigo',
        'dispositivos_admin.id',
        'dispositivos_admin.huella_clave',
        'enlaces_calendario.token',
        'sesiones.id',
        'sesiones.usuario_id',
        'sesiones.creada',
        'sesiones.vence',
        'sesiones.cerrada',
        'sesiones.impersonado_por',
        'sesiones.dispositivo_id',
      ]);
    });

    test('tampoco usa secuencias ni el esquema de las migraciones', async () => {
      const [r] = await filas<{ secuencias: number; drizzle: boolean }>(
        db,
        sql`select (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
                      where c.relkind = 'S' and n.nspname = 'public'
                        and case when c.relkind = 'S'
                              then has_sequence_privilege(${ROL_LECTURA}, c.oid, 'USAGE, UPDATE')
                              else false end) as secuencias,
                   coalesce((select has_schema_privilege(${ROL_LECTURA}, nspname, 'USAGE')
                             from pg_namespace where nspname = 'drizzle'), false) as drizzle`,
      );
      expect(r).toEqual({ secuencias: 0, drizzle: false });
    });
  });

  if (apagada)
    describe('apagada: necesita un servidor PostgreSQL', () => {
      test('cada consulta, también el escape del issue 31, responde que la consola necesita un servidor; queda en la auditoría y nada cambia', async () => {
        const caller = await root();
        const antes = await huella(db);
        const reportesAntes = await cuentaReportes(db);
        for (const consulta of ['select 1', ESCAPE_TS_REWRITE, 'delete from alumnos'])
          expect(await codigoYMensaje(caller.root.reportes({ sql: consulta }))).toEqual({
            code: 'BAD_REQUEST',
            message: MENSAJE_CONSOLA_PGLITE,
          });
        expect(await huella(db)).toEqual(antes);
        expect(await cuentaReportes(db)).toBe(reportesAntes + 3);
        const [ultima] = await filas<{ despues: unknown }>(
          db,
          sql`select despues from auditoria where accion = 'root.reporte' order by id desc limit 1`,
        );
        expect(ultima!.despues).toEqual({
          sql: 'delete from alumnos',
          error: MENSAJE_CONSOLA_PGLITE,
        });
        expect(
          await pedirRest(
            'POST',
            '/api/root/reportes',
            { db, ciclo, hoy, email: EMAIL_DEMO.admin, rol: Rol.Admin, dispositivoAdmin: true },
            { sql: 'select 1' },
          ),
        ).toEqual({ status: 400, body: { error: true, message: MENSAJE_CONSOLA_PGLITE } });
      });
    });

  if (!apagada) {
    describe('consultas válidas', () => {
      test('una consulta devuelve columnas y filas como texto, y queda en la auditoría', async () => {
        const antes = await cuentaReportes(db);
        const r = await (
          await root()
        ).root.reportes({
          sql: `select id, email, habilitado, null::text as nada from usuarios where email = '${EMAIL_DEMO.admin}';`,
        });
        expect(r).toEqual({
          columnas: ['id', 'email', 'habilitado', 'nada'],
          filas: [[String(admin.usuario.id), EMAIL_DEMO.admin, 'true', null]],
          truncado: false,
        });
        expect(await cuentaReportes(db)).toBe(antes + 1);
        const [fila] = await db
          .select({
            usuarioId: s.auditoria.usuarioId,
            rol: s.auditoria.rol,
            despues: s.auditoria.despues,
          })
          .from(s.auditoria)
          .where(eq(s.auditoria.accion, 'root.reporte'))
          .orderBy(sql`${s.auditoria.id} desc`)
          .limit(1);
        expect(fila).toEqual({
          usuarioId: admin.usuario.id,
          rol: Rol.Admin,
          despues: {
            sql: `select id, email, habilitado, null::text as nada from usuarios where email = '${EMAIL_DEMO.admin}';`,
            filas: 1,
            truncado: false,
          },
        });
      });

      test('columnas repetidas, sin filas, WITH, VALUES, TABLE y un comentario al final', async () => {
        const caller = await root();
        expect(await caller.root.reportes({ sql: 'select 1 as a, 2 as a' })).toEqual({
          columnas: ['a', 'a'],
          filas: [['1', '2']],
          truncado: false,
        });
        expect(
          await caller.root.reportes({ sql: 'select id, email from usuarios where false' }),
        ).toEqual({
          columnas: ['id', 'email'],
          filas: [],
          truncado: false,
        });
        expect(
          await caller.root.reportes({
            sql: 'with x(n) as (values (1), (2)) select sum(n) as total from x -- fin',
          }),
        ).toEqual({ columnas: ['total'], filas: [['3']], truncado: false });
        expect(
          (await caller.root.reportes({ sql: "values (1, 'uno'), (2, 'dos')" })).filas,
        ).toEqual([
          ['1', 'uno'],
          ['2', 'dos'],
        ]);
        const tabla = await caller.root.reportes({ sql: 'table departamentos' });
        expect(tabla.columnas).toContain('nombre');
        expect(tabla.filas.length).toBeGreaterThan(0);
        // El texto E'…' con la comilla escapada es uno solo: no hay segunda sentencia.
        expect(
          (await caller.root.reportes({ sql: "select E'\\'; delete from alumnos; --' as t" }))
            .filas,
        ).toEqual([["'; delete from alumnos; --"]]);
        // Una columna que se llama como la subconsulta de la consola no la confunde.
        expect((await caller.root.reportes({ sql: 'select 7 as reporte' })).filas).toEqual([['7']]);
        // Los archivos, sin su contenido; el calendario, sin su secreto.
        const archivos = await caller.root.reportes({
          sql: 'select nombre, tamanio from archivos',
        });
        expect(archivos.filas).toContainEqual(['recibo.pdf', String(DATOS_ARCHIVO.length)]);
        expect(
          (await caller.root.reportes({ sql: 'select usuario_id from enlaces_calendario' })).filas,
        ).toContainEqual([String(admin.usuario.id)]);
      });

      test(`tope de ${MAX_FILAS_REPORTE} filas (dice que cortó) y de caracteres por celda`, async () => {
        const caller = await root();
        const muchas = await caller.root.reportes({
          sql: 'select g from generate_series(1, 1500) g',
        });
        expect(muchas.filas).toHaveLength(MAX_FILAS_REPORTE);
        expect(muchas.truncado).toBe(true);
        expect(muchas.filas[0]).toEqual(['1']);
        const justas = await caller.root.reportes({
          sql: `select g from generate_series(1, ${MAX_FILAS_REPORTE}) g`,
        });
        expect([justas.filas.length, justas.truncado]).toEqual([MAX_FILAS_REPORTE, false]);
        const larga = await caller.root.reportes({ sql: "select repeat('x', 5000) as t" });
        expect(larga.filas[0]![0]).toBe(`${'x'.repeat(MAX_CARACTERES_CELDA)}…`);
        expect(
          await codigoYMensaje(
            caller.root.reportes({
              sql: `select ${Array.from({ length: 101 }, (_, i) => `${i} as c${i}`).join(', ')}`,
            }),
          ),
        ).toEqual({ code: 'BAD_REQUEST', message: mensajeColumnas(101) });
      });
    });

    describe('la tanda hostil', () => {
      test(`${HOSTILES.length} consultas hostiles: cada una falla con su mensaje y nada cambia`, async () => {
        expect(HOSTILES.length).toBeGreaterThanOrEqual(20);
        const caller = await root();
        const antes = await huella(db);
        const reportesAntes = await cuentaReportes(db);
        const problemas: string[] = [];
        let auditables = 0;
        for (const [caso, consulta, esperado] of HOSTILES) {
          const e = await errorDe(caller.root.reportes({ sql: consulta })).catch(
            (x: unknown) => new Error(`respondió o lanzó otra cosa: ${String(x)}`),
          );
          const code = 'code' in e ? e.code : 'sin código';
          const message =
            esperado === NO_PASA_ZOD
              ? ((e.cause as { issues?: { message: string }[] })?.issues ?? [])
                  .map((i) => i.message)
                  .join(' ')
              : e.message;
          if (esperado !== NO_PASA_ZOD) auditables++;
          const ok =
            code === 'BAD_REQUEST' &&
            (esperado === NO_PASA_ZOD
              ? message === MENSAJES_ZOD[caso]
              : 'exacto' in esperado
                ? message === esperado.exacto
                : message.startsWith(esperado.empieza));
          if (!ok) problemas.push(`${caso}: ${code} ${message.slice(0, 200)}`);
          if (message.includes(SECRETO_CALENDARIO) || message.includes(DATOS_ARCHIVO))
            problemas.push(`${caso}: el mensaje muestra un secreto`);
        }
        expect(problemas).toEqual([]);
        expect(await huella(db)).toEqual(antes);
        // Cada consulta que llegó al servicio quedó en la auditoría (con su error).
        expect(await cuentaReportes(db)).toBe(reportesAntes + auditables);
        const errores = await filas<{ despues: { error?: string } }>(
          db,
          sql`select despues from auditoria where accion = 'root.reporte' order by id desc limit ${auditables}`,
        );
        expect(errores.every((f) => typeof f.despues.error === 'string')).toBe(true);
        // Nada quedó de las consultas: ni cerrojos ni el rol de lectura en la conexión.
        const [estado] = await filas<{ cerrojos: number; usuario: string; lectura: string }>(
          db,
          sql`select (select count(*)::int from pg_locks where locktype = 'advisory'
                      and database = (select oid from pg_database where datname = current_database())) as cerrojos,
                   current_user::text as usuario, current_setting('transaction_read_only') as lectura`,
        );
        expect(estado).toEqual({
          cerrojos: 0,
          usuario: expect.not.stringMatching(ROL_LECTURA),
          lectura: 'off',
        });
      });
    });

    describe('la base sola (sin el filtro): cada defensa de la base funciona por su cuenta', () => {
      const fallaCon = async (consulta: string) => {
        try {
          await ejecutarSoloLectura(consola!.db, consulta);
        } catch (e) {
          return mensajeDeErrorSql(e);
        }
        return 'respondió';
      };

      test('la transacción de sólo lectura detiene las escrituras', async () => {
        const antes = await huella(db);
        const soloLectura =
          /^La consola de reportes no cambia datos \(la transacción es de sólo lectura\): /;
        expect(await fallaCon('select * from alumnos for update')).toMatch(soloLectura);
        expect(await fallaCon('select * from alumnos for key share')).toMatch(soloLectura);
        // lo_create no lo detiene la sólo lectura en PostgreSQL 15 (sí en PGlite, que es 18): lo
        // que crea desaparece con el ROLLBACK (y el filtro rechaza lo_*).
        const objetos = sql`select count(*)::int as n from pg_largeobject_metadata`;
        const [antesLo] = await filas<{ n: number }>(db, objetos);
        expect(await fallaCon('select lo_create(0)')).toMatch(
          new RegExp(`${soloLectura.source}|^respondió$`),
        );
        expect(await filas<{ n: number }>(db, objetos)).toEqual([antesLo]);
        // Una escritura no entra ni en la subconsulta de la consola.
        expect(
          await fallaCon('with x as (delete from alumnos returning *) select * from x'),
        ).toMatch(/^La consulta falló: /);
        expect(await huella(db)).toEqual(antes);
      });

      test('el rol no lee los secretos', async () => {
        expect(await fallaCon('select id from sesiones')).toMatch(
          /^Sin permiso para leer eso.*sesiones/,
        );
        expect(await fallaCon('select token from enlaces_calendario')).toMatch(
          /^Sin permiso para leer eso.*enlaces_calendario/,
        );
        expect(await fallaCon('select datos from archivos')).toMatch(
          /^Sin permiso para leer eso.*archivos/,
        );
        expect(await fallaCon('select count(*) from sesiones')).toMatch(/^Sin permiso/);
        expect(await fallaCon("select nextval('alumnos_id_seq')")).toMatch(/^Sin permiso/);
      });

      test('el escape del issue 31 sin el filtro: set_config(role) no vuelve al dueño, porque la conexión ingresó como el rol de lectura', async () => {
        expect(await fallaCon(ESCAPE_TS_REWRITE)).toMatch(/^Sin permiso para leer eso.*sesiones/);
        expect(
          await fallaCon(
            "select set_config('role', 'none', true), (select count(*) from sesiones) as n",
          ),
        ).toMatch(/^Sin permiso para leer eso.*sesiones/);
        // Al dueño de las tablas no puede pasar: no es miembro.
        expect(
          await fallaCon(
            "select set_config('role', (select tableowner from pg_tables where tablename = 'usuarios'), true)",
          ),
        ).toMatch(/^Sin permiso para leer eso/);
        const r = await ejecutarSoloLectura(
          consola!.db,
          "select session_user::text as s, current_user::text as c, current_setting('transaction_read_only') as l",
        );
        expect(r.filas).toEqual([[ROL_REPORTES, ROL_REPORTES, 'on']]);
      });

      test('la transacción siempre se revierte: set_config no sobrevive', async () => {
        // (El filtro igual rechaza set_config: la configuración de la consulta no es cosa suya.)
        const r = await ejecutarSoloLectura(
          consola!.db,
          "select set_config('application_name', 'intrusa', false) as valor",
        );
        expect(r.filas).toEqual([['intrusa']]);
        for (let i = 0; i < 5; i++) {
          const [x] = await filas<{ nombre: string }>(
            consola!.db,
            sql`select current_setting('application_name') as nombre`,
          );
          expect(x!.nombre).not.toBe('intrusa');
        }
      });

      test('statement_timeout corta una consulta larga', async () => {
        const desde = Date.now();
        expect(await fallaCon('select pg_sleep(30)')).toBe(MENSAJE_TIEMPO);
        expect(Date.now() - desde).toBeLessThan(20_000);
        const caller = await root();
        expect(
          await codigoYMensaje(
            caller.root.reportes({
              sql: 'select count(*) from alumnos a, alumnos b, alumnos c, alumnos d',
            }),
          ),
        ).toEqual({ code: 'BAD_REQUEST', message: MENSAJE_TIEMPO });
      });
    });
  }

  describe('quién puede', () => {
    test('ningún otro rol, y Admin sin el dispositivo de administración tampoco (sin auditar)', async () => {
      const antes = await cuentaReportes(db);
      for (const rol of TODOS_LOS_ROLES as readonly RolBit[]) {
        const caller = await callerComo(db, EMAIL_DEMO_POR_ROL[rol], rol, {
          ciclo,
          hoy,
          dispositivoAdmin: true,
          ...extra,
        });
        // Admin con el dispositivo pasa el permiso; en PGlite la consola responde que está apagada.
        const esperado = rol !== Rol.Admin ? 'FORBIDDEN' : apagada ? 'BAD_REQUEST' : null;
        expect([rol, await codigoDe(caller.root.reportes({ sql: 'select 1' }))]).toEqual([
          rol,
          esperado,
        ]);
        expect([rol, await codigoDe(caller.root.log({ lineas: 5 }))]).toEqual([
          rol,
          rol === Rol.Admin ? null : 'FORBIDDEN',
        ]);
      }
      const sinCookie = await callerComo(db, EMAIL_DEMO.admin, Rol.Admin, { ciclo, hoy });
      expect(await codigoDe(sinCookie.root.reportes({ sql: 'select 1' }))).toBe('FORBIDDEN');
      expect(await codigoDe(sinCookie.root.log())).toBe('FORBIDDEN');
      // Sólo la consulta del Admin con dispositivo quedó auditada.
      expect(await cuentaReportes(db)).toBe(antes + 1);
    });

    test('REST: 401 sin sesión, 403 sin dispositivo o con otro rol, 200 para root', async () => {
      const pedido = { db, ciclo, hoy, ...extra };
      const cuerpo = { sql: 'select count(*) as n from usuarios' };
      expect(
        (await pedirRest('POST', '/api/root/reportes', { ...pedido, email: null }, cuerpo)).status,
      ).toBe(401);
      expect(
        await pedirRest(
          'POST',
          '/api/root/reportes',
          { ...pedido, email: EMAIL_DEMO.admin, rol: Rol.Admin },
          cuerpo,
        ),
      ).toEqual({
        status: 403,
        body: { error: true, message: 'No tiene permiso para esta acción.' },
      });
      expect(
        (
          await pedirRest(
            'POST',
            '/api/root/reportes',
            { ...pedido, email: EMAIL_DEMO.regente, rol: Rol.Regente, dispositivoAdmin: true },
            cuerpo,
          )
        ).status,
      ).toBe(403);
      const ok = await pedirRest<{ columnas: string[]; filas: string[][] }>(
        'POST',
        '/api/root/reportes',
        { ...pedido, email: EMAIL_DEMO.admin, rol: Rol.Admin, dispositivoAdmin: true },
        cuerpo,
      );
      expect(ok).toEqual(
        apagada
          ? { status: 400, body: { error: true, message: MENSAJE_CONSOLA_PGLITE } }
          : {
              status: 200,
              body: { columnas: ['n'], filas: [[expect.any(String)]], truncado: false },
            },
      );
      const mal = await pedirRest(
        'POST',
        '/api/root/reportes',
        { ...pedido, email: EMAIL_DEMO.admin, rol: Rol.Admin, dispositivoAdmin: true },
        { sql: 'delete from alumnos' },
      );
      expect(mal).toEqual({
        status: 400,
        body: {
          error: true,
          message: apagada ? MENSAJE_CONSOLA_PGLITE : mensajeSoloLectura('delete'),
        },
      });
      for (const lineas of ['0', '1001', 'abc', '1.5', '-1']) {
        expect(
          await pedirRest('GET', `/api/root/log/${lineas}`, {
            ...pedido,
            email: EMAIL_DEMO.admin,
            rol: Rol.Admin,
            dispositivoAdmin: true,
          }),
        ).toEqual({ status: 400, body: { error: true, message: MENSAJE_LINEAS } });
      }
      expect(
        (
          await pedirRest('GET', '/api/root/log/100', {
            ...pedido,
            email: EMAIL_DEMO.admin,
            rol: Rol.Admin,
          })
        ).status,
      ).toBe(403);
    });
  });

  describe('el registro (/root/log)', () => {
    // registrarError también escribe en la consola (como antes): acá no hace falta verlo.
    let consola: jest.SpiedFunction<typeof console.error>;
    beforeAll(() => {
      consola = jest.spyOn(console, 'error').mockImplementation(() => {});
    });
    afterAll(() => consola.mockRestore());
    test('mezcla los errores del servidor (con su id) y la auditoría, los más recientes primero', async () => {
      const ctx = crearContexto({ db, sesion: null, requestId: 'pedido-root-1' });
      await registrarError(ctx, {
        ruta: 'POST /api/ejemplo',
        error: new Error('falló algo', { cause: new Error('la causa') }),
      });
      // respuestaDeError (REST) también escribe en el registro, sin demorar la respuesta.
      const r = respuestaDeError(
        new Error('se rompió'),
        { db, requestId: 'pedido-root-2' },
        'GET /api/otro',
      );
      expect(r.status).toBe(500);
      expect(((await r.json()) as { message: string }).message).toContain('pedido-root-2');
      for (let i = 0; i < 50; i++) {
        const n = await db.$count(s.registro, eq(s.registro.requestId, 'pedido-root-2'));
        if (n > 0) break;
        await new Promise((res) => setTimeout(res, 20));
      }
      // Más de 100 líneas en la auditoría, para ver el tope por defecto.
      await auditar(
        crearContexto({ db, sesion: admin }),
        Array.from({ length: 120 }, (_, i) => ({
          accion: 'prueba',
          entidad: 'linea',
          entidadId: i,
        })),
      );
      const caller = await root();
      // En PGlite la consola responde que está apagada (un 400): igual queda en la auditoría.
      await caller.root.reportes({ sql: 'select 42 as respuesta' }).catch(() => null);
      const { lineas } = await caller.root.log({ lineas: 1000 });
      const texto = lineas.map((l) => `${l.tipo} ${l.requestId ?? '-'} ${l.texto}`);
      expect(texto).toContainEqual(
        'error pedido-root-1 POST /api/ejemplo · Error: falló algo ← Error: la causa',
      );
      expect(texto).toContainEqual('error pedido-root-2 GET /api/otro · Error: se rompió');
      expect(texto[0]).toBe(
        `auditoria - root.reporte consulta · ${EMAIL_DEMO.admin} (rol 2) · select 42 as respuesta · ${apagada ? `error: ${MENSAJE_CONSOLA_PGLITE}` : '1 fila'}`,
      );
      const fechas = lineas.map((l) => l.cuando.getTime());
      expect([...fechas].sort((a, b) => b - a)).toEqual(fechas);
      expect(new Set(lineas.map((l) => l.id)).size).toBe(lineas.length);
      // La cantidad pedida, y 100 por defecto.
      expect((await caller.root.log({ lineas: 3 })).lineas).toHaveLength(3);
      expect((await caller.root.log()).lineas).toHaveLength(100);
      const rest = await pedirRest<{ lineas: { cuando: string }[] }>('GET', '/api/root/log/2', {
        db,
        email: EMAIL_DEMO.admin,
        rol: Rol.Admin,
        dispositivoAdmin: true,
      });
      expect(rest.status).toBe(200);
      expect(rest.body.lineas).toHaveLength(2);
    });

    test('un id de petición que no es un id no se guarda tal cual', async () => {
      await registrarError(crearContexto({ db, sesion: null, requestId: 'x\n<script>' }), {
        ruta: null,
        error: 'texto',
      });
      const [ultima] = await db
        .select()
        .from(s.registro)
        .orderBy(sql`${s.registro.id} desc`)
        .limit(1);
      expect([ultima!.requestId, ultima!.mensaje]).toEqual([null, 'texto']);
    });

    test('los errores de una página o una acción (onRequestError de Next) van con el código que ve la persona; los de la API no', async () => {
      const ultima = async () =>
        (
          await db
            .select()
            .from(s.registro)
            .orderBy(sql`${s.registro.id} desc`)
            .limit(1)
        )[0]!;
      const error = Object.assign(new Error('no se pudo leer'), { digest: '2718281828' });
      await registrarErrorDeNext(db, error, { tipo: 'render', ruta: '/legajo/[orden]' });
      expect(await ultima()).toMatchObject({
        requestId: '2718281828',
        ruta: 'página /legajo/[orden]',
        mensaje: 'Error: no se pudo leer',
      });
      await registrarErrorDeNext(db, new Error('en la acción'), { tipo: 'action', ruta: '/login' });
      expect(await ultima()).toMatchObject({ requestId: '-', ruta: 'acción /login' });
      const antes = await db.$count(s.registro);
      // REST y tRPC registran lo suyo con su id: lo que Next ve de una ruta de la API no se repite.
      await registrarErrorDeNext(db, new Error('ruta'), { tipo: 'route', ruta: '/api/[...ruta]' });
      await registrarErrorDeNext(db, new Error('proxy'), { tipo: 'proxy', ruta: '/' });
      expect(await db.$count(s.registro)).toBe(antes);
    });

    test(`se conservan ${DIAS_CONSERVAR_REGISTRO} días: al escribir una línea se borran las más viejas`, async () => {
      const vieja = sql`now() - ${sql.raw(`interval '${DIAS_CONSERVAR_REGISTRO + 1} days'`)}`;
      const reciente = sql`now() - ${sql.raw(`interval '${DIAS_CONSERVAR_REGISTRO - 1} days'`)}`;
      const [a, b] = await db
        .insert(s.registro)
        .values([
          { nivel: 'error', mensaje: 'vieja', cuando: vieja },
          { nivel: 'error', mensaje: 'reciente', cuando: reciente },
        ])
        .returning({ id: s.registro.id });
      await registrarError(crearContexto({ db, sesion: null }), { ruta: null, error: 'nueva' });
      const quedan = await db
        .select({ id: s.registro.id })
        .from(s.registro)
        .where(sql`${s.registro.id} in (${a!.id}, ${b!.id})`);
      expect(quedan).toEqual([{ id: b!.id }]);
    });
  });
});
