/** Reglas de las herramientas de root (src/domain/root.ts): el filtro de la consola y las líneas. */
import {
  analizarConsulta,
  lineasDeLog,
  MENSAJE_SIN_CERRAR,
  MENSAJE_UNICODE,
  MENSAJE_VACIA,
  MENSAJE_VARIAS,
  mensajeFuncion,
  mensajeSoloLectura,
  MENSAJE_CONSOLA_PGLITE,
  MENSAJE_CONSOLA_SIN_CONFIGURAR,
  tokens,
} from '@/domain/root';
import { mensajeConsolaApagada } from '@/server/db/reportes';

describe('analizarConsulta: lo que se acepta (y cómo queda para la subconsulta)', () => {
  test.each([
    ['select 1', 'select 1'],
    ['  SELECT 1 ;  ', 'SELECT 1'],
    ['select 1;;', 'select 1'],
    ['select 1; -- fin', 'select 1'],
    ['select 1 -- comentario al final', 'select 1 -- comentario al final'],
    ['with x as (select 1) select * from x', 'with x as (select 1) select * from x'],
    ['values (1), (2)', 'values (1), (2)'],
    ['table alumnos', 'table alumnos'],
    ['(select 1) union (select 2)', '(select 1) union (select 2)'],
    ["select 'delete; drop' as t", "select 'delete; drop' as t"],
    ["select 'it''s' as t", "select 'it''s' as t"],
    ["select E'\\'; delete' as t", "select E'\\'; delete' as t"],
    ['select $$;$$ as t', 'select $$;$$ as t'],
    ['select $x$ ; delete $y$ $x$', 'select $x$ ; delete $y$ $x$'],
    ['select "delete" from t', 'select "delete" from t'],
    ['select /* ; /* anidado; */ sigue; */ 1', 'select /* ; /* anidado; */ sigue; */ 1'],
    [
      "select accion from auditoria where accion = 'update'",
      "select accion from auditoria where accion = 'update'",
    ],
    ['select a$b$ from t', 'select a$b$ from t'],
    ['select x.set_configuracion from t x', 'select x.set_configuracion from t x'],
    ['select count(*) from pg_stat_activity', 'select count(*) from pg_stat_activity'],
    // Un nombre prohibido dentro de un texto, sin llamarlo (un dato), se admite.
    [
      "select column_name from information_schema.columns where column_default like 'nextval%'",
      "select column_name from information_schema.columns where column_default like 'nextval%'",
    ],
    ["select 'set_config' as funcion", "select 'set_config' as funcion"],
    ["select current_setting('TimeZone')", "select current_setting('TimeZone')"],
    ['select xml_is_well_formed(x) from t', 'select xml_is_well_formed(x) from t'],
  ])('%j → %j', (sql, consulta) => {
    expect(analizarConsulta(sql)).toEqual({ ok: true, consulta });
  });
});

describe('analizarConsulta: lo que se rechaza, con su mensaje', () => {
  test.each([
    ['', MENSAJE_VACIA],
    ['   -- sólo un comentario', MENSAJE_VACIA],
    ['/* nada */ ;', MENSAJE_VACIA],
    ['select 1; select 2', MENSAJE_VARIAS],
    ['select 1; delete from alumnos', MENSAJE_VARIAS],
    ['select 1 /* x */ ; delete from alumnos', MENSAJE_VARIAS],
    ['select 1 -- x\n; delete from alumnos', MENSAJE_VARIAS],
    ["select '\\'; delete from alumnos; --'", MENSAJE_VARIAS],
    ['select $$;$$; delete from alumnos', MENSAJE_VARIAS],
    ['delete from alumnos', mensajeSoloLectura('delete')],
    ['INSERT INTO t VALUES (1)', mensajeSoloLectura('insert')],
    ['update t set a = 1', mensajeSoloLectura('update')],
    ['truncate t', mensajeSoloLectura('truncate')],
    ['copy t to stdout', mensajeSoloLectura('copy')],
    ['create table t (a int)', mensajeSoloLectura('create')],
    ['drop table t', mensajeSoloLectura('drop')],
    ['alter role x superuser', mensajeSoloLectura('alter')],
    ['set role postgres', mensajeSoloLectura('set')],
    ['reset role', mensajeSoloLectura('reset')],
    ['begin', mensajeSoloLectura('begin')],
    ['do $$ begin end $$', mensajeSoloLectura('do')],
    ['explain select 1', mensajeSoloLectura('explain')],
    ['show search_path', mensajeSoloLectura('show')],
    ['; select 1', MENSAJE_VARIAS],
    ['* from t', mensajeSoloLectura('*')],
    ['with x as (delete from t returning *) select * from x', mensajeSoloLectura('delete')],
    ['select * from t for update', mensajeSoloLectura('update')],
    ['select * into t2 from t', mensajeSoloLectura('into')],
    ["select set_config('role', 'postgres', false)", mensajeFuncion('set_config')],
    ["select SET_CONFIG('role', 'postgres', false)", mensajeFuncion('set_config')],
    ["select \"set_config\"('role', 'x', true)", mensajeFuncion('set_config')],
    ["select pg_catalog.set_config('a', 'b', true)", mensajeFuncion('set_config')],
    ['select pg_sleep(10)', mensajeFuncion('pg_sleep')],
    ['select pg_advisory_lock(1)', mensajeFuncion('pg_advisory_lock')],
    ['select pg_try_advisory_xact_lock(1)', mensajeFuncion('pg_try_advisory_xact_lock')],
    ["select nextval('s')", mensajeFuncion('nextval')],
    ["select lo_import('/etc/passwd')", mensajeFuncion('lo_import')],
    ["select dblink_exec('x', 'y')", mensajeFuncion('dblink_exec')],
    ["select query_to_xml('delete from t', true, false, '')", mensajeFuncion('query_to_xml')],
    ["select * from ts_stat('select 1')", mensajeFuncion('ts_stat')],
    // Issue 31 §12: funciones que ejecutan SQL escrito en un texto o arman una consulta.
    [
      "select ts_rewrite('a'::tsquery, 'select ''a''::tsquery, ''b''::tsquery from (select set_config(''role'',''none'',true)) s'), table_to_xml('sesiones', true, false, '')",
      mensajeFuncion('ts_rewrite'),
    ],
    ['select "TS_REWRITE"(q, \'select 1\') from t', mensajeFuncion('ts_rewrite')],
    ["select table_to_xml('sesiones', true, false, '')", mensajeFuncion('table_to_xml')],
    ["select table_to_xmlschema('t', true, false, '')", mensajeFuncion('table_to_xmlschema')],
    [
      "select query_to_xml_and_xmlschema('select 1', true, false, '')",
      mensajeFuncion('query_to_xml_and_xmlschema'),
    ],
    [
      "select query_to_xmlschema('select 1', true, false, '')",
      mensajeFuncion('query_to_xmlschema'),
    ],
    ["select cursor_to_xml('c', 1, true, false, '')", mensajeFuncion('cursor_to_xml')],
    ["select schema_to_xml('public', true, false, '')", mensajeFuncion('schema_to_xml')],
    [
      "select schema_to_xml_and_xmlschema('public', true, false, '')",
      mensajeFuncion('schema_to_xml_and_xmlschema'),
    ],
    ["select database_to_xml(true, false, '')", mensajeFuncion('database_to_xml')],
    ["select pg_read_binary_file('x')", mensajeFuncion('pg_read_binary_file')],
    ['select lo_get(1)', mensajeFuncion('lo_get')],
    ["select dblink('x', 'select 1')", mensajeFuncion('dblink')],
    // Una llamada prohibida escrita dentro de un texto (por si otra función lo ejecutara).
    ["select f('select set_config(''role'', ''none'', true)')", mensajeFuncion('set_config')],
    ['select f($$ select pg_catalog."set_config" (1) $$)', mensajeFuncion('set_config')],
    ["select f(E'select query_to_xml(\\'x\\')')", mensajeFuncion('query_to_xml')],
    ["select f('x', 'pg_sleep (30)')", mensajeFuncion('pg_sleep')],
    ['select pg_terminate_backend(1)', mensajeFuncion('pg_terminate_backend')],
    ["select pg_read_file('x')", mensajeFuncion('pg_read_file')],
    ["select * from pg_ls_dir('.')", mensajeFuncion('pg_ls_dir')],
    [`select U&"\\0073et_config"('a','b',true)`, MENSAJE_UNICODE],
    ["select u&'\\0041'", MENSAJE_UNICODE],
    ["select 'abc", MENSAJE_SIN_CERRAR],
    ['select "abc', MENSAJE_SIN_CERRAR],
    ['select $$abc', MENSAJE_SIN_CERRAR],
    ['select 1 /* abc', MENSAJE_SIN_CERRAR],
    ['select 1 /* /* */', MENSAJE_SIN_CERRAR],
    ["select E'\\'", MENSAJE_SIN_CERRAR],
  ])('%j → %s', (sql, error) => {
    expect(analizarConsulta(sql)).toEqual({ ok: false, error });
  });
});

test('tokens: textos, nombres, comentarios y prefijos como los lee PostgreSQL', () => {
  const t = (sql: string) => tokens(sql).map((x) => `${x.tipo}:${x.valor}`);
  expect(t(`select "A""b", e'x\\'y', x'1F', $q$a'b$q$, 1.5e3 -- fin`)).toEqual([
    'palabra:select',
    'nombre:A"b',
    'simbolo:,',
    "texto:x\\'y",
    'simbolo:,',
    'texto:1F',
    'simbolo:,',
    "texto:a'b",
    'simbolo:,',
    'numero:1.5e3',
  ]);
  // Un identificador terminado en e seguido de un texto no es un texto E'…'.
  expect(t("select abe'x'")).toEqual(['palabra:select', 'palabra:abe', 'texto:x']);
  expect(t('select $1')).toEqual(['palabra:select', 'simbolo:$1']);
});

describe('lineasDeLog: de 1 a 1000', () => {
  test.each([
    ['100', 100],
    [' 7 ', 7],
    ['1', 1],
    ['1000', 1000],
    [250, 250],
    ['0', null],
    ['1001', null],
    ['-1', null],
    ['1.5', null],
    [1.5, null],
    ['1e2', null],
    ['abc', null],
    ['', null],
    ['99999999999999999999', null],
    [null, null],
    [true, null],
  ])('%j → %j', (valor, esperado) => {
    expect(lineasDeLog(valor)).toBe(esperado);
  });
});

test('la consola está apagada con PGlite (sin DATABASE_URL) y sin REPORTES_DATABASE_URL', () => {
  const servidor = 'postgres://portal@db/portal';
  const reportes = 'postgres://portal_reportes:clave@db/portal';
  expect(mensajeConsolaApagada({ databaseUrl: undefined, reportesDatabaseUrl: undefined })).toBe(
    MENSAJE_CONSOLA_PGLITE,
  );
  // Con PGlite no alcanza con la URL de la consola: no hay servidor al que ingresar.
  expect(mensajeConsolaApagada({ databaseUrl: undefined, reportesDatabaseUrl: reportes })).toBe(
    MENSAJE_CONSOLA_PGLITE,
  );
  expect(mensajeConsolaApagada({ databaseUrl: servidor, reportesDatabaseUrl: undefined })).toBe(
    MENSAJE_CONSOLA_SIN_CONFIGURAR,
  );
  expect(
    mensajeConsolaApagada({ databaseUrl: servidor, reportesDatabaseUrl: reportes }),
  ).toBeNull();
});
