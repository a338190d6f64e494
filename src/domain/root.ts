/**
 * Las herramientas de root (spec 02 §2, §7, §8, §9; issue 17 §3): la consola de reportes SQL y
 * el registro de la aplicación. Reglas puras: qué consulta se acepta (una sola sentencia de
 * lectura, sin las funciones que una transacción de sólo lectura no detiene) y cuántas líneas
 * del registro se piden.
 *
 * El filtro léxico es la primera de cuatro defensas; las otras tres las pone la base
 * (README, "Herramientas de root"): una conexión propia que INGRESA como el rol de sólo lectura
 * `portal_reportes` (sólo SELECT, sin los secretos: ningún SET ROLE ni `set_config('role', …)`
 * vuelve al dueño de las tablas), una transacción READ ONLY que siempre se revierte y
 * `statement_timeout`. El filtro existe por lo que esas no alcanzan: funciones que ejecutan SQL
 * escrito dentro de un texto (`query_to_xml('…')`, `ts_rewrite(…, '…')`), un cerrojo de sesión
 * (`pg_advisory_lock`) que sobrevive al ROLLBACK. Mira también adentro de los textos: una llamada
 * a una función prohibida escrita en un texto ('… set_config(…) …') se rechaza.
 *
 * En PGlite (la base embebida) la consola está apagada: no hay un rol con el que ingresar aparte
 * ni tiempo máximo por consulta (issue 31, punto 12).
 */

/** Filas que muestra la consola; si hay más, lo dice (truncado). */
export const MAX_FILAS_REPORTE = 1000;
/** Tiempo máximo de una consulta (statement_timeout, en el servidor PostgreSQL). */
export const TIEMPO_MAXIMO_REPORTE_MS = 5000;
/** Largo máximo del texto de una consulta. */
export const MAX_LARGO_CONSULTA = 20_000;
/** La consola apagada: con PGlite, y en un servidor sin REPORTES_DATABASE_URL. */
export const MENSAJE_CONSOLA_PGLITE =
  'La consola de reportes necesita un servidor PostgreSQL: con la base embebida (PGlite) no hay un usuario de sólo lectura con el que ingresar ni tiempo máximo por consulta, así que está apagada. Para usarla, configure DATABASE_URL y REPORTES_DATABASE_URL (README, «Herramientas de root»).';
export const MENSAJE_CONSOLA_SIN_CONFIGURAR =
  'La consola de reportes no está configurada: falta REPORTES_DATABASE_URL, la conexión con el usuario de sólo lectura portal_reportes (README, «Herramientas de root»).';
/** Columnas máximas de un resultado. */
export const MAX_COLUMNAS_REPORTE = 100;
/** Caracteres que se muestran de cada celda (el resto se corta en la base, con "…"). */
export const MAX_CARACTERES_CELDA = 1000;

/** El registro: 100 líneas por defecto (spec 02 §9), entre 1 y 1000; se refresca cada 5 s. */
export const LINEAS_LOG = { min: 1, max: 1000, defecto: 100 } as const;
export const OPCIONES_LINEAS_LOG = [50, 100, 250, 500, 1000] as const;
export const REFRESCO_LOG_MS = 5000;
export const MENSAJE_LINEAS = `La cantidad de líneas debe ser un número entero entre ${LINEAS_LOG.min} y ${LINEAS_LOG.max}.`;

/** La cantidad de líneas pedida (texto de la ruta o número), o null si no es válida. */
export function lineasDeLog(valor: unknown): number | null {
  const t = typeof valor === 'number' ? String(valor) : typeof valor === 'string' ? valor : '';
  if (!/^\d{1,4}$/.test(t.trim())) return null;
  const n = Number(t.trim());
  return n >= LINEAS_LOG.min && n <= LINEAS_LOG.max ? n : null;
}

export type TipoToken = 'palabra' | 'nombre' | 'texto' | 'numero' | 'simbolo';

export interface Token {
  tipo: TipoToken;
  /** La palabra en minúsculas, el nombre sin comillas, el texto sin delimitadores o el símbolo. */
  valor: string;
  desde: number;
  hasta: number;
}

export class ErrorDeConsulta extends Error {}

const INICIO_PALABRA = /[A-Za-z_\u0080-\uFFFF]/;
const SIGUE_PALABRA = /[A-Za-z0-9_$\u0080-\uFFFF]/;

export const MENSAJE_SIN_CERRAR =
  'La consulta tiene un texto, un nombre o un comentario sin cerrar.';
export const MENSAJE_UNICODE =
  'La consulta no admite textos ni nombres con escapes Unicode (U&"…", U&\'…\').';

/**
 * Los tokens de una consulta con las reglas léxicas de PostgreSQL (standard_conforming_strings
 * activado, como lo fija la consola): comentarios `--` y `/* … *\/` anidados, textos '…' con '',
 * E'…' con barras, B'…', X'…', N'…', textos $etiqueta$…$etiqueta$, nombres "…" con "". Sin
 * comentarios ni espacios. Un texto, nombre o comentario sin cerrar es un error (PostgreSQL lo
 * tomaría hasta el final y el filtro no sabría qué hay adentro).
 */
export function tokens(sql: string): Token[] {
  const salida: Token[] = [];
  let i = 0;
  const n = sql.length;
  const textoHasta = (desde: number, barras: boolean): number => {
    // `desde` apunta a la comilla de apertura; devuelve el índice después de la de cierre.
    let j = desde + 1;
    while (j < n) {
      const ch = sql[j]!;
      if (barras && ch === '\\') {
        j += 2;
        continue;
      }
      if (ch === "'") {
        if (sql[j + 1] === "'") {
          j += 2;
          continue;
        }
        return j + 1;
      }
      j++;
    }
    throw new ErrorDeConsulta(MENSAJE_SIN_CERRAR);
  };
  while (i < n) {
    const ch = sql[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (ch === '-' && sql[i + 1] === '-') {
      const fin = sql.indexOf('\n', i);
      i = fin < 0 ? n : fin + 1;
      continue;
    }
    if (ch === '/' && sql[i + 1] === '*') {
      let profundidad = 1;
      let j = i + 2;
      while (j < n && profundidad > 0) {
        if (sql[j] === '/' && sql[j + 1] === '*') {
          profundidad++;
          j += 2;
        } else if (sql[j] === '*' && sql[j + 1] === '/') {
          profundidad--;
          j += 2;
        } else j++;
      }
      if (profundidad > 0) throw new ErrorDeConsulta(MENSAJE_SIN_CERRAR);
      i = j;
      continue;
    }
    if (ch === "'") {
      const fin = textoHasta(i, false);
      salida.push({ tipo: 'texto', valor: sql.slice(i + 1, fin - 1), desde: i, hasta: fin });
      i = fin;
      continue;
    }
    if (ch === '"') {
      let j = i + 1;
      let valor = '';
      for (;;) {
        if (j >= n) throw new ErrorDeConsulta(MENSAJE_SIN_CERRAR);
        if (sql[j] === '"') {
          if (sql[j + 1] === '"') {
            valor += '"';
            j += 2;
            continue;
          }
          break;
        }
        valor += sql[j];
        j++;
      }
      salida.push({ tipo: 'nombre', valor, desde: i, hasta: j + 1 });
      i = j + 1;
      continue;
    }
    if (ch === '$') {
      const m = /^\$([A-Za-z_\u0080-\uFFFF][A-Za-z0-9_\u0080-\uFFFF]*)?\$/.exec(sql.slice(i));
      if (m) {
        const delimitador = m[0];
        const fin = sql.indexOf(delimitador, i + delimitador.length);
        if (fin < 0) throw new ErrorDeConsulta(MENSAJE_SIN_CERRAR);
        salida.push({
          tipo: 'texto',
          valor: sql.slice(i + delimitador.length, fin),
          desde: i,
          hasta: fin + delimitador.length,
        });
        i = fin + delimitador.length;
        continue;
      }
      // $1: un parámetro (PostgreSQL lo rechaza: la consola no pasa parámetros).
      let j = i + 1;
      while (j < n && /\d/.test(sql[j]!)) j++;
      salida.push({ tipo: 'simbolo', valor: sql.slice(i, Math.max(j, i + 1)), desde: i, hasta: j });
      i = Math.max(j, i + 1);
      continue;
    }
    if (INICIO_PALABRA.test(ch)) {
      let j = i + 1;
      while (j < n && SIGUE_PALABRA.test(sql[j]!)) j++;
      const palabra = sql.slice(i, j);
      const minuscula = palabra.toLowerCase();
      // U&'…' y U&"…": escapes Unicode que podrían esconder un nombre; no se admiten.
      if (minuscula === 'u' && sql[j] === '&' && (sql[j + 1] === "'" || sql[j + 1] === '"'))
        throw new ErrorDeConsulta(MENSAJE_UNICODE);
      // Prefijos de texto pegados a la comilla: E'…' (con barras), B'…', X'…', N'…'.
      if (sql[j] === "'" && ['e', 'b', 'x', 'n'].includes(minuscula)) {
        const fin = textoHasta(j, minuscula === 'e');
        salida.push({ tipo: 'texto', valor: sql.slice(j + 1, fin - 1), desde: i, hasta: fin });
        i = fin;
        continue;
      }
      salida.push({ tipo: 'palabra', valor: minuscula, desde: i, hasta: j });
      i = j;
      continue;
    }
    if (/\d/.test(ch) || (ch === '.' && /\d/.test(sql[i + 1] ?? ''))) {
      let j = i + 1;
      while (j < n && /[0-9A-Za-z_.]/.test(sql[j]!)) j++;
      salida.push({ tipo: 'numero', valor: sql.slice(i, j), desde: i, hasta: j });
      i = j;
      continue;
    }
    salida.push({ tipo: 'simbolo', valor: ch, desde: i, hasta: i + 1 });
    i++;
  }
  return salida;
}

/** Cómo empieza una consulta de lectura. */
const INICIOS = new Set(['select', 'with', 'values', 'table']);

/**
 * Palabras (sin comillas) que no pertenecen a una consulta de lectura: las escrituras, el DDL, el
 * control de transacciones y de la sesión. La base igual las rechazaría (sólo lectura, rol sin
 * privilegios), pero así el mensaje es claro y no depende de la base.
 */
const PALABRAS_PROHIBIDAS = new Set([
  'insert',
  'update',
  'delete',
  'merge',
  'truncate',
  'copy',
  'into',
  'create',
  'drop',
  'alter',
  'grant',
  'revoke',
  'comment',
  'do',
  'call',
  'execute',
  'prepare',
  'deallocate',
  'begin',
  'commit',
  'rollback',
  'savepoint',
  'release',
  'abort',
  'reset',
  'listen',
  'notify',
  'unlisten',
  'lock',
  'vacuum',
  'analyze',
  'cluster',
  'reindex',
  'refresh',
  'discard',
  'checkpoint',
  'load',
  'import',
]);

/**
 * Funciones que una transacción de sólo lectura no detiene o que escapan del rol: cambiar la
 * configuración (`set_config`), ejecutar SQL escrito en un texto (query_to_xml, ts_rewrite con un
 * texto, ts_stat, *_to_xml…, dblink), dormir, cerrojos de sesión (sobreviven al ROLLBACK), señales
 * a otros procesos, archivos, objetos grandes, secuencias, avisos, réplicas. `current_setting` se
 * admite: sólo lee lo que el rol de lectura puede ver.
 */
const FUNCIONES_PROHIBIDAS = new Set([
  'set_config',
  'pg_sleep',
  'pg_sleep_for',
  'pg_sleep_until',
  'pg_terminate_backend',
  'pg_cancel_backend',
  'pg_reload_conf',
  'pg_rotate_logfile',
  'pg_promote',
  'pg_switch_wal',
  'pg_create_restore_point',
  'pg_notify',
  'pg_export_snapshot',
  'pg_import_system_collations',
  'pg_log_backend_memory_contexts',
  'pg_read_file',
  'pg_read_binary_file',
  'pg_stat_file',
  'nextval',
  'setval',
  'query_to_xml',
  'query_to_xml_and_xmlschema',
  'query_to_xmlschema',
  'cursor_to_xml',
  'cursor_to_xmlschema',
  'ts_stat',
  'ts_rewrite',
  'connectby',
  'loread',
  'lowrite',
]);
const PREFIJOS_PROHIBIDOS = [
  'pg_advisory_',
  'pg_try_advisory_',
  'lo_',
  'dblink',
  'crosstab',
  'pg_ls_',
  'pg_logical_',
  'pg_replication_',
  'pg_create_',
  'pg_drop_',
  'pg_stat_reset',
  'pg_backup_',
  'pg_wal_replay_',
  'pg_file_',
  'pg_read_',
];
/**
 * Las funciones de XML que arman y ejecutan una consulta: query_to_xml, table_to_xml,
 * cursor_to_xmlschema, schema_to_xml_and_xmlschema, database_to_xml…
 */
const SUFIJO_XML = /_to_xml(schema|_and_xmlschema)?$/;

function funcionProhibida(nombre: string): boolean {
  return (
    FUNCIONES_PROHIBIDAS.has(nombre) ||
    PREFIJOS_PROHIBIDOS.some((p) => nombre.startsWith(p)) ||
    SUFIJO_XML.test(nombre)
  );
}

/**
 * Una llamada a una función prohibida escrita dentro de un texto ('… set_config(…) …',
 * '… "query_to_xml" (…'), o null. Si alguna función que ejecuta texto se le escapara a la lista,
 * el SQL que lleva adentro tampoco podría llamar a las prohibidas. Un texto con el nombre sin
 * paréntesis (un dato: 'nextval%') se admite.
 */
function llamadaEnTexto(texto: string): string | null {
  for (const m of texto.matchAll(/"?([A-Za-z_][A-Za-z0-9_$]*)"?\s*\(/g)) {
    const nombre = m[1]!.toLowerCase();
    if (funcionProhibida(nombre)) return nombre;
  }
  return null;
}

export type AnalisisConsulta = { ok: true; consulta: string } | { ok: false; error: string };

export const MENSAJE_VACIA = 'Escriba una consulta.';
export const MENSAJE_VARIAS =
  'Sólo se puede ejecutar una sentencia por vez: quite el «;» que separa la segunda.';
export const mensajeSoloLectura = (palabra: string) =>
  `«${palabra.toUpperCase()}» no está permitido: la consola de reportes sólo lee (SELECT, WITH, VALUES o TABLE) y no cambia nada.`;
export const mensajeFuncion = (nombre: string) =>
  `La función «${nombre}» no está permitida en la consola de reportes.`;

/**
 * ¿Se puede ejecutar la consulta en la consola? Una sola sentencia (un «;» final se admite), que
 * empieza con SELECT, WITH, VALUES, TABLE o un paréntesis, sin palabras de escritura o de control
 * ni funciones prohibidas (tampoco entre comillas: "set_config", ni llamadas dentro de un texto).
 * Devuelve la consulta sin el
 * «;» final, lista para ir dentro de una subconsulta.
 */
export function analizarConsulta(sql: string): AnalisisConsulta {
  let lista: Token[];
  try {
    lista = tokens(sql);
  } catch (e) {
    if (e instanceof ErrorDeConsulta) return { ok: false, error: e.message };
    throw e;
  }
  const puntoYComa = lista.findIndex((t) => t.tipo === 'simbolo' && t.valor === ';');
  if (puntoYComa >= 0 && lista.slice(puntoYComa + 1).some((t) => t.valor !== ';'))
    return { ok: false, error: MENSAJE_VARIAS };
  const propios = puntoYComa >= 0 ? lista.slice(0, puntoYComa) : lista;
  if (!propios.length) return { ok: false, error: MENSAJE_VACIA };
  const primero = propios[0]!;
  const empiezaBien =
    (primero.tipo === 'palabra' && INICIOS.has(primero.valor)) ||
    (primero.tipo === 'simbolo' && primero.valor === '(');
  if (!empiezaBien)
    return {
      ok: false,
      error: mensajeSoloLectura(primero.tipo === 'palabra' ? primero.valor : primero.valor || '?'),
    };
  for (let k = 0; k < propios.length; k++) {
    const t = propios[k]!;
    if (t.tipo === 'palabra' && PALABRAS_PROHIBIDAS.has(t.valor))
      return { ok: false, error: mensajeSoloLectura(t.valor) };
    if ((t.tipo === 'palabra' || t.tipo === 'nombre') && funcionProhibida(t.valor.toLowerCase()))
      return { ok: false, error: mensajeFuncion(t.valor.toLowerCase()) };
    const enTexto = t.tipo === 'texto' ? llamadaEnTexto(t.valor) : null;
    if (enTexto) return { ok: false, error: mensajeFuncion(enTexto) };
  }
  const fin = puntoYComa >= 0 ? lista[puntoYComa]!.desde : sql.length;
  return { ok: true, consulta: sql.slice(0, fin).trim() };
}
