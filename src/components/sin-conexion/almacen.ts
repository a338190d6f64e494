/**
 * Lo que el portal guarda en el teléfono para la planilla sin conexión (issue 36 §2): una base
 * IndexedDB (`portal-sin-conexion`) con la cola de cambios (en orden; cada uno de un usuario),
 * la última copia de cada planilla abierta con conexión (por usuario, curso, fecha y turno), la
 * última planilla elegida por cada usuario y el último usuario que ingresó. Sobrevive a cerrar la
 * pestaña y a reiniciar el teléfono; "Salir" la borra entera (`borrarTodo`).
 */
import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import {
  contarCambios,
  fusionarGuardado,
  type CambioEnCola,
} from '@/domain/asistencias-sin-conexion';
import type { Turno } from '@/domain/escuela';

export const NOMBRE_BASE = 'portal-sin-conexion';
const VERSION = 1;

/** Un cambio en la cola: `n` da el orden; `version` sube con cada guardado que se le junta. */
export type CambioGuardado = CambioEnCola & { n?: number; version: number };

export interface CopiaPlanilla<P = unknown> {
  clave: string;
  usuario: number;
  curso: number;
  fecha: string;
  turno: Turno;
  /** Instante ISO en que se guardó la copia. */
  guardada: string;
  planilla: P;
}

/** La última planilla que eligió el usuario: la vuelve a abrir una recarga sin conexión. */
export interface UltimaPlanilla {
  curso: { id: number; etiqueta: string; detalle?: string | null };
  turno: Turno;
  fecha: string;
}

interface Esquema extends DBSchema {
  cola: { key: number; value: CambioGuardado; indexes: { id: string } };
  copias: { key: string; value: CopiaPlanilla; indexes: { usuario: number } };
  ajustes: { key: string; value: { clave: string; valor: unknown } };
}

let base: Promise<IDBPDatabase<Esquema>> | null = null;

export function abrirAlmacen(): Promise<IDBPDatabase<Esquema>> {
  base ??= openDB<Esquema>(NOMBRE_BASE, VERSION, {
    upgrade(db) {
      const cola = db.createObjectStore('cola', { keyPath: 'n', autoIncrement: true });
      cola.createIndex('id', 'id', { unique: true });
      const copias = db.createObjectStore('copias', { keyPath: 'clave' });
      copias.createIndex('usuario', 'usuario');
      db.createObjectStore('ajustes', { keyPath: 'clave' });
    },
    // Otra pestaña borra la base ("Salir"): se cierra esta conexión para no trabarla.
    blocking() {
      void cerrarAlmacen();
    },
  }).catch((e: unknown) => {
    base = null;
    throw e;
  });
  return base;
}

/** Cierra la conexión (la próxima operación la vuelve a abrir). */
export async function cerrarAlmacen(): Promise<void> {
  const b = base;
  base = null;
  if (b) (await b.catch(() => null))?.close();
}

const claveCopia = (usuario: number, curso: number, fecha: string, turno: Turno) =>
  `${usuario}|${curso}|${fecha}|${turno}`;

/** Un id nuevo (uuid v4), también donde `crypto.randomUUID` no existe (http sin TLS). */
export function nuevoId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** La cola entera, en orden (de todos los usuarios: quien envía filtra por autor). */
export async function listarCola(autor?: number): Promise<CambioGuardado[]> {
  const todos = await (await abrirAlmacen()).getAll('cola');
  return autor == null ? todos : todos.filter((c) => c.autor === autor);
}

/**
 * Guarda en la cola un guardado de la planilla: si ya hay un cambio del mismo usuario para la
 * misma planilla (que no esté en conflicto), se le junta (conserva su lugar y su `anterior`);
 * si no, va al final. Devuelve el cambio como quedó.
 */
export async function encolar(nuevo: CambioEnCola): Promise<CambioGuardado> {
  const db = await abrirAlmacen();
  // eslint-disable-next-line no-restricted-syntax -- IndexedDB del navegador, no PostgreSQL
  const tx = db.transaction('cola', 'readwrite');
  const todos = await tx.store.getAll();
  const previo =
    todos.find(
      (c) =>
        c.autor === nuevo.autor &&
        c.curso === nuevo.curso &&
        c.fecha === nuevo.fecha &&
        c.turno === nuevo.turno &&
        c.estado !== 'conflicto',
    ) ?? null;
  const fusion = fusionarGuardado(previo, nuevo);
  const guardado: CambioGuardado = previo
    ? { ...fusion, n: previo.n, version: previo.version + 1 }
    : { ...fusion, version: 1 };
  const n = await tx.store.put(guardado);
  await tx.done;
  return { ...guardado, n };
}

/** Reemplaza un cambio de la cola (por su `n`), p. ej. al cambiar de estado o resolver un conflicto. */
export async function actualizarCambio(cambio: CambioGuardado): Promise<void> {
  await (await abrirAlmacen()).put('cola', cambio);
}

/**
 * Quita un cambio enviado, sólo si nadie le juntó otro guardado mientras viajaba (`version`).
 * Devuelve el cambio como está si cambió (hay que volver a enviarlo), o null si se quitó.
 */
export async function quitarEnviado(id: string, version: number): Promise<CambioGuardado | null> {
  const db = await abrirAlmacen();
  // eslint-disable-next-line no-restricted-syntax -- IndexedDB del navegador, no PostgreSQL
  const tx = db.transaction('cola', 'readwrite');
  const actual = await tx.store.index('id').get(id);
  if (!actual) {
    await tx.done;
    return null;
  }
  if (actual.version === version) {
    await tx.store.delete(actual.n!);
    await tx.done;
    return null;
  }
  await tx.done;
  return actual;
}

export async function quitarCambio(id: string): Promise<void> {
  const db = await abrirAlmacen();
  // eslint-disable-next-line no-restricted-syntax -- IndexedDB del navegador, no PostgreSQL
  const tx = db.transaction('cola', 'readwrite');
  const actual = await tx.store.index('id').getKey(id);
  if (actual != null) await tx.store.delete(actual);
  await tx.done;
}

/** Guarda la copia de una planilla abierta con conexión (la usa la recarga sin conexión). */
export async function guardarCopia<P>(
  usuario: number,
  curso: number,
  fecha: string,
  turno: Turno,
  planilla: P,
  ahora: Date,
): Promise<void> {
  await (
    await abrirAlmacen()
  ).put('copias', {
    clave: claveCopia(usuario, curso, fecha, turno),
    usuario,
    curso,
    fecha,
    turno,
    guardada: ahora.toISOString(),
    planilla,
  });
}

export async function leerCopia<P>(
  usuario: number,
  curso: number,
  fecha: string,
  turno: Turno,
): Promise<CopiaPlanilla<P> | null> {
  const c = await (await abrirAlmacen()).get('copias', claveCopia(usuario, curso, fecha, turno));
  return (c as CopiaPlanilla<P> | undefined) ?? null;
}

export async function guardarUltima(usuario: number, ultima: UltimaPlanilla): Promise<void> {
  await (await abrirAlmacen()).put('ajustes', { clave: `ultima|${usuario}`, valor: ultima });
}

export async function leerUltima(usuario: number): Promise<UltimaPlanilla | null> {
  const a = await (await abrirAlmacen()).get('ajustes', `ultima|${usuario}`);
  return (a?.valor as UltimaPlanilla | undefined) ?? null;
}

/**
 * La precarga del service worker (`serwist-precache-v2-<origen>`, PREFIJO_PRECARGA de
 * components/instalable/reglas.ts): sólo archivos de la build y la página "Sin conexión", sin
 * datos de nadie. Se conserva: el worker no la vuelve a llenar hasta la próxima versión, y sin
 * ella la planilla no abriría sin conexión para la persona que ingrese después.
 */
const PREFIJO_PRECARGA = 'serwist-precache';

/**
 * Borra las cachés del navegador (Cache Storage del service worker) que pueden tener datos de
 * alguien: todas menos la precarga de la build. `todas` borra también la precarga.
 */
export async function borrarCaches(todas = false): Promise<void> {
  if (typeof caches === 'undefined') return;
  const nombres = await caches.keys();
  await Promise.all(
    nombres.filter((n) => todas || !n.startsWith(PREFIJO_PRECARGA)).map((n) => caches.delete(n)),
  );
}

/**
 * Al entrar con sesión: si el último usuario que ingresó en este teléfono es otro, se borran las
 * copias de planillas y las elecciones de los demás usuarios y las cachés. La cola de los demás
 * se conserva (no muestra datos y sólo la envía su autor cuando vuelva a ingresar).
 */
export async function alIngresar(usuario: number): Promise<boolean> {
  const db = await abrirAlmacen();
  const anterior = (await db.get('ajustes', 'ultimoUsuario'))?.valor;
  if (anterior === usuario) return false;
  // eslint-disable-next-line no-restricted-syntax -- IndexedDB del navegador, no PostgreSQL
  const tx = db.transaction(['copias', 'ajustes'], 'readwrite');
  const copias = tx.objectStore('copias');
  for (const c of await copias.getAll()) if (c.usuario !== usuario) await copias.delete(c.clave);
  const ajustes = tx.objectStore('ajustes');
  for (const clave of await ajustes.getAllKeys())
    if (clave.startsWith('ultima|') && clave !== `ultima|${usuario}`) await ajustes.delete(clave);
  await ajustes.put({ clave: 'ultimoUsuario', valor: usuario });
  await tx.done;
  if (anterior != null) await borrarCaches();
  return anterior != null;
}

/** Cuántos cambios de la cola son de ese usuario (para avisar antes de "Salir"). */
export async function pendientesDe(usuario?: number): Promise<number> {
  const db = await abrirAlmacen();
  const u = usuario ?? ((await db.get('ajustes', 'ultimoUsuario'))?.valor as number | undefined);
  if (u == null) return 0;
  return contarCambios((await db.getAll('cola')).filter((c) => c.autor === u));
}

/** "Salir": borra la base entera y todas las cachés del navegador. */
export async function borrarTodo(): Promise<void> {
  await cerrarAlmacen();
  await deleteDB(NOMBRE_BASE, {
    blocked() {
      // Otra pestaña la tiene abierta: su `blocking` la cierra y el borrado sigue.
    },
  });
  await borrarCaches();
}
