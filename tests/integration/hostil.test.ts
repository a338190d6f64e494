/**
 * Entradas hostiles contra todo el contrato REST (DESIGN §9): para cada ruta de `RUTAS_REST`,
 * con la sesión de un rol que puede llamarla, tipos equivocados en cada campo, bytes NUL,
 * sustitutos sueltos, textos de 100 KB, listas donde va un objeto (y al revés), números
 * malformados y basura en los parámetros del camino. Nunca un 5xx ni un 2xx: siempre
 * `{ error: true, message }` con un mensaje en castellano, y nada escrito (la huella de la base,
 * tabla por tabla, es la misma antes y después de toda la tanda).
 *
 * Los casos salen de la tabla: los campos de cada cuerpo son las hojas de un cuerpo VÁLIDO de la
 * ruta (`cuerpos()`, verificado contra el esquema del procedimiento), así que cada caso cambia un
 * solo campo y, si el servidor lo aceptara, escribiría.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { Rol, type RolBit } from '@/domain/roles';
import { CODIGO_INVALIDO, CODIGO_NO_COINCIDE, DNI_NO_CONFIRMA } from '@/domain/vinculos';
import { appRouter } from '@/server/api/root';
import { RUTAS_REST, type RutaRest } from '@/server/api/rest';
import type { Sesion } from '@/server/auth/sesion';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO, EMAIL_DEMO_POR_ROL } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { momentoEscolar } from '@/server/reloj';
import { AUTENTICADO, PROCEDIMIENTOS, PUBLICO } from '@/server/permisos';
import { crearEscuelaDePrueba } from '../fixtures/base';
import {
  callerComo,
  idDeUsuario,
  idsDeLaDemo,
  ROLES_POR_ALCANCE,
  sesionDe,
} from '../fixtures/contexto';
import { falloConCodigo } from '../fixtures/errores';
import { parametroDeCamino, pedirRest } from '../fixtures/rest';
import {
  autorizarIngresoComo,
  crearCookieAdmin,
  dispositivoVigente,
  registrarDispositivoAdmin,
} from '@/server/auth/admin';
import { abrirSesion, cargarSesion } from '@/server/auth/sesion';
import { releerConfig } from '@/server/config';

jest.setTimeout(240_000);

const { ciclo, hoy } = momentoEscolar();
let c: Conexion;
let db: Db;

/** Palabras de los mensajes de zod en inglés (y de otros errores sin traducir). */
const INGLES =
  /\b(Invalid|expected|received|Too (big|small)|Required|Unrecognized|must|should|String|Number|Expected)\b/;

function rolPara(procedimiento: string): RolBit {
  const acceso = PROCEDIMIENTOS[procedimiento]!;
  if (acceso === AUTENTICADO || acceso === PUBLICO) return Rol.Admin;
  const rol = ROLES_POR_ALCANCE.find((r) => acceso.includes(r));
  if (!rol) throw new Error(`Ningún rol puede llamar a ${procedimiento}`);
  return rol;
}

/** Ids reales de la escuela sembrada: los cuerpos válidos escribirían de verdad. */
interface Ids {
  hijo: number;
  alumnoPropio: number;
  curso: number;
  cursado: number;
  materia: number;
  medida: number;
  referente: number;
  preceptor: number;
  docente: number;
  coordinador: number;
  plan: number;
  departamento: number;
  cursoDelCursado: number;
  reglamento: string;
  autorizacion: string;
}
let ids: Ids;

const PDF = new TextEncoder().encode(
  '%PDF-1.4\n%\u00e2\u00e3\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF',
);

/** Parámetros válidos por nombre (y, si hace falta, por ruta). */
function parametroValido(ruta: string, nombre: string): string {
  if (ruta === '/api/alumnos/update/{alumno}') return String(ids.alumnoPropio);
  if (/\/cursados\/(cerrar|reabrir)\/\{id\}/.test(ruta)) return String(ids.cursado);
  const extras: Record<string, string> = {
    planId: '1',
    medida: String(ids.medida),
    orden: String(ids.referente),
    area: 'restriccion',
    valor: '1',
    cantidad: '1',
  };
  const v = parametroDeCamino(ruta, nombre, ids, { ciclo, hoy }) ?? extras[nombre];
  if (v === undefined) throw new Error(`Sin valor válido para {${nombre}} en ${ruta}`);
  return v;
}

/** Un cuerpo válido para cada ruta que lee el cuerpo (`metodo ruta`). */
function cuerpos(): Record<string, unknown> {
  const persona = {
    apellido: 'Pérez',
    nombre: 'Ana',
    email: 'ana.perez.hostil@gmail.com',
    telefono: '341 5551234',
  };
  const materia = {
    plan: ids.plan,
    codigo: 'ROB1',
    nombre: 'Robótica',
    anio: 1,
    departamento: ids.departamento,
  };
  const entrada = {
    tipo: 'Falta',
    circunstancia: 'Normal',
    justificada: true,
    justificacion: 'Turno médico',
  };
  return {
    'POST /api/alumnos/insert': {
      dni: 40123456,
      ...persona,
      genero: 'Femenino',
      nacimiento: '2010-05-04',
      pronombre: 'ella',
      curso: ids.curso,
    },
    'POST /api/alumnos/{alumno}/editar': { ...persona, genero: 'Otro', pronombre: 'elle' },
    'POST /api/asistencias/planilla/{curso}/{fecha}/{turno}': {
      alumnos: [{ alumno: ids.hijo, crear: [entrada], actualizar: [], borrar: [] }],
    },
    'POST /api/asistencias/alumno/{id}': {
      crear: [{ ...entrada, fecha: hoy, turno: 'Mañana' }],
      actualizar: [],
      borrar: [],
    },
    'POST /api/calendario/save/{area}': {
      nuevas: [{ fecha: `${ciclo}-07-10`, tipo: null }],
      borradas: [],
      anio: ciclo,
    },
    'PUT /api/cursados/inscripciones': [
      { action: 'set', alumnoId: ids.hijo, cursadoId: ids.cursado, materiaId: ids.materia },
    ],
    'POST /api/alumnos/{alumno}/inscribir': {
      email: 'hijo.hostil@gmail.com',
      codarea: '341',
      telefono: '5551234',
      cuil: '20123456783',
      calle: 'Córdoba',
      altura: '1450',
      localidad: 'Rosario',
      grupoSanguineo: 'A',
      factorRH: '+',
      pesoKilogramos: 52.5,
      alturaCentimetros: 160,
      tieneServicioEmergencia: true,
      nombreServicioEmergencia: 'Emergencias Rosario',
      alergias: 'Penicilina',
      comprobante: new File([PDF], 'recibo.pdf', { type: 'application/pdf' }),
    },
    'POST /api/alumnos/inscripcion/cpit': {
      alumno: ids.hijo,
      nivelNuevo: 1,
      nivelViejo: 'inicial',
    },
    'POST /api/medidas/nueva/amonestacion/{id}': {
      fecha: hoy,
      turno: 'Mañana',
      cantidad: 1,
      motivo: 'Conducta en el aula',
    },
    'POST /api/medidas/nueva/apercibimiento/{id}': {
      fecha: hoy,
      turno: 'Tarde',
      motivo: 'Conducta en el aula',
    },
    'POST /api/medidas/editar/amonestacion/{alumno}/{medida}': {
      fecha: hoy,
      turno: 'Mañana',
      cantidad: 2,
      motivo: 'Conducta en el aula',
    },
    'POST /api/medidas/editar/apercibimiento/{alumno}/{medida}': {
      fecha: hoy,
      turno: 'Mañana',
      motivo: 'Conducta en el aula',
    },
    'PUT /api/notascursado/{id}': {
      cambios: [{ alumnoId: ids.hijo, cuatrimestre: 1, action: 'add', nota: 8, anterior: null }],
    },
    'PUT /api/cursados/cerrar/{id}': { cuatrimestre: 1 },
    'PUT /api/cursados/reabrir/{id}': { cuatrimestre: 1 },
    'POST /api/alumnos/update/{alumno}': { ...persona, pronombre: 'ella' },
    'POST /api/alumnos/link/referentes': {
      add: [{ alumno: ids.hijo, referente: ids.referente }],
      remove: [],
    },
    'POST /api/referentes/alumno/{alumno}': { ...persona, exalumno: false },
    'PUT /api/referente/{orden}/guardar': { ...persona, exalumno: true },
    'POST /api/reglamentos/responder': { nombre: ids.reglamento, respuesta: 'Acepto' },
    'POST /api/autorizaciones/responder': {
      nombre: ids.autorizacion,
      respuesta: 'Sí',
      hijo: ids.hijo,
    },
    'POST /api/save/usuario': { ...persona, rol: Rol.Docente, habilitado: true },
    'POST /api/materias': materia,
    'PUT /api/materias/{id}': materia,
    'PUT /api/materias/coordinador/{id}': { materias: [ids.materia] },
    'POST /api/cursados': {
      nombre: 'Robótica',
      modalidad: 0,
      horas: 2,
      ciclo,
      materias: [ids.materia],
      cursos: [ids.cursoDelCursado],
    },
    'PUT /api/cursados/{id}': { nombre: 'Robótica', modalidad: 1, horas: 3 },
    'PUT /api/cursados/{id}/materias': { materias: [ids.materia] },
    'PUT /api/cursados/{id}/cursos': { cursos: [ids.cursoDelCursado] },
    'PUT /api/cursados/docentes': [
      { action: 'set', cursadoId: ids.cursado, usuarioId: ids.docente },
    ],
    'POST /api/cursados/replicar': { ciclo },
    'PUT /api/cursados/autoinscribir': { ciclo },
    'POST /api/link/preceptor_curso': { preceptor: ids.preceptor, curso: ids.curso, link: true },
    'PUT /api/cronograma/libro/{cursadoId}': { fecha: hoy, texto: 'Fracciones', anterior: null },
    'DELETE /api/cronograma/libro/{cursadoId}': { fecha: hoy },
    'PUT /api/cursados/{id}/detalles': { texto: 'Trabajos prácticos' },
    'POST /api/evaluacion/save': { cursado: ids.cursado, fecha: hoy },
    'PUT /api/cronograma/planificacion': {
      cursadoId: ids.cursado,
      materias: [ids.materia],
      items: [{ itemNumber: 1, texto: 'Números racionales' }],
      version: null,
    },
    'PUT /api/cursados/horarios': {
      cursado: ids.cursado,
      bloques: [{ dia: 1, bloque: 1, aula: 'Aula 3' }],
      anteriores: [{ dia: 2, bloque: 3, aula: null }],
    },
    'POST /api/jornada/elegir/{year}': { actividad: 1 },
    'POST /api/alumnos/inscripcion/gimnasia': { opcion1: 1, opcion2: 2, opcion3: 3 },
    'POST /api/jornada/actividades': {
      anio: ciclo,
      nombre: 'Fútbol',
      descripcion: 'Torneo',
      cupos: 10,
      comienzo: '08:00',
      fin: '10:00',
      aula: 'Patio',
      mascara: 255,
    },
    'PUT /api/jornada/actividades/{id}': {
      version: 1,
      nombre: 'Fútbol',
      descripcion: 'Torneo',
      cupos: 10,
      comienzo: '08:00',
      fin: '10:00',
      aula: 'Patio',
      mascara: 255,
    },
    'POST /api/mesas': {
      fecha: `${ciclo}-12-16`,
      hora: '08:00',
      instancia: 'Flotante Abril',
      aula: 'Aula 1',
    },
    'PUT /api/mesas/{id}': {
      version: 1,
      fecha: `${ciclo}-12-16`,
      hora: '08:00',
      instancia: 'Flotante Abril',
      aula: 'Aula 1',
    },
    'PUT /api/mesas/{id}/horario': { version: 1, hora: '09:00', aula: 'Aula 2' },
    'PUT /api/mesas/{id}/materias': { agregar: [ids.materia], quitar: [] },
    'PUT /api/mesas/{id}/tribunal': { agregar: [ids.docente], quitar: [] },
    'PUT /api/mesas/{id}/actas/{materia}/alumnos': { agregar: [ids.hijo], quitar: [] },
    'POST /api/pics/{anio}/{materia}/{cuatrimestre}': {
      comienzo: `${ciclo}-12-09T09:00`,
      aula: '12',
    },
    'PUT /api/pics/{anio}/{materia}/{cuatrimestre}': {
      comienzo: `${ciclo}-12-09T10:30`,
      aula: null,
    },
    'PUT /api/pics/{anio}/{materia}/{cuatrimestre}/alumnos': {
      alumno: ids.hijo,
      accion: 'agregar',
    },
    // La consola de root: una consulta válida responde 200 (y sólo lee); cada caso la rompe.
    'POST /api/root/reportes': { sql: 'select count(*) from alumnos' },
  };
}

const clave = (r: RutaRest) => `${r.metodo} ${r.ruta}`;
const nombresDeParametros = (ruta: string) => [...ruta.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
const entradaDe = (
  r: RutaRest,
  params: Record<string, string>,
  query: Record<string, string>,
  cuerpo: unknown,
) => (r.entrada ? r.entrada({ params, query, cuerpo }) : cuerpo);

/** ¿La fila lee el cuerpo? ¿La consulta? (se prueba con una sonda). */
function leeCuerpo(r: RutaRest) {
  if (!r.entrada) return true;
  return JSON.stringify(
    r.entrada({ params: {}, query: {}, cuerpo: { zzSonda: 1 } }) ?? null,
  ).includes('zzSonda');
}
function leeConsulta(r: RutaRest) {
  if (!r.entrada) return false;
  return JSON.stringify(
    r.entrada({ params: {}, query: { zzSonda: '1' }, cuerpo: undefined }) ?? null,
  ).includes('zzSonda');
}

type Esquema = z.ZodType;
const procedimientos = appRouter._def.procedures as unknown as Record<
  string,
  { _def: { inputs: Esquema[] } }
>;
const esquemaDe = (procedimiento: string) => procedimientos[procedimiento]!._def.inputs[0];

/**
 * Los campos de la consulta con su tipo JSON ('string', 'integer', …), del esquema de entrada:
 * los que la fila lee de la consulta (no los que pisa con un parámetro del camino).
 */
function camposDeConsulta(r: RutaRest, params: Record<string, string>): [string, string][] {
  const esquema = esquemaDe(r.procedimiento);
  if (!esquema) return [];
  const json = z.toJSONSchema(esquema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { type?: string; anyOf?: { type?: string }[] }>;
  };
  const lee = (k: string) =>
    JSON.stringify(entradaDe(r, params, { [k]: 'zzSonda' }, undefined) ?? null).includes('zzSonda');
  return Object.entries(json.properties ?? {})
    .filter(([k]) => lee(k))
    .map(([k, p]) => [
      k,
      p.type ?? p.anyOf?.find((o) => o.type && o.type !== 'null')?.type ?? 'string',
    ]);
}

const TEXTO_ENORME = 'x'.repeat(100_000);
/** Valores inválidos para un campo según el tipo del valor válido que reemplazan. */
function hostilesPara(valido: unknown): unknown[] {
  if (valido instanceof File) return ['texto', 5, {}];
  if (Array.isArray(valido))
    return [{}, 'lista', 5, Array.from({ length: 10_001 }, () => valido[0] ?? 1)];
  if (typeof valido === 'number')
    return ['abc', 'Infinity', '-Infinity', '1e400', 'NaN', -7, 1e300, 2 ** 53 + 2, [], {}];
  if (typeof valido === 'boolean') return ['quizás', 7, 'Infinity', [], {}];
  if (valido !== null && typeof valido === 'object') return [[], 'x', 5, null];
  // Texto (o null en un campo de texto).
  return ['a\u0000b', '\u0000', '\ud800x', 'x\udc00', TEXTO_ENORME, 12345, true, [], {}];
}

/** Cada hoja (y cada objeto o lista interior) del cuerpo válido: su camino y su valor. */
function hojas(valor: unknown, camino: (string | number)[] = []): [(string | number)[], unknown][] {
  const propias: [(string | number)[], unknown][] = camino.length ? [[camino, valor]] : [];
  if (valor instanceof File || valor === null || typeof valor !== 'object') return propias;
  const hijas = Array.isArray(valor)
    ? valor.flatMap((v, i) => hojas(v, [...camino, i]))
    : Object.entries(valor).flatMap(([k, v]) => hojas(v, [...camino, k]));
  return [...propias, ...hijas];
}

function conValor(base: unknown, camino: (string | number)[], valor: unknown): unknown {
  if (!camino.length) return valor;
  const [k, ...resto] = camino;
  const copia = (Array.isArray(base) ? [...base] : { ...(base as object) }) as Record<
    string | number,
    unknown
  >;
  copia[k!] = conValor(copia[k!], resto, valor);
  return copia;
}

/** Basura para un parámetro del camino (la cantidad admite 1.5; el valor de habilitar, 0). */
function basuraDeCamino(nombre: string): string[] {
  const todas = [
    'abc',
    '-1',
    '0',
    '1.5',
    '1e400',
    'Infinity',
    'NaN',
    '99999999999999999999',
    '\u0000',
    '1\u0000',
    'x'.repeat(5000),
  ];
  const validos: Record<string, string[]> = { cantidad: ['1.5'], valor: ['0'], cursor: ['0'] };
  return todas.filter((v) => !validos[nombre]?.includes(v));
}

const BASURA_NUMERICA = [
  'abc',
  '-1',
  'Infinity',
  '1e400',
  'NaN',
  '1.5',
  '99999999999999999999',
  '\u0000',
];
const BASURA_TEXTO = ['\u0000', 'a\u0000b', TEXTO_ENORME];

interface Caso {
  nombre: string;
  ruta: RutaRest;
  params: Record<string, string>;
  query: Record<string, string>;
  cuerpo: unknown;
}

function camino(ruta: string, params: Record<string, string>, query: Record<string, string>) {
  const p = ruta.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(params[n]!));
  const q = new URLSearchParams(query).toString();
  return q ? `${p}?${q}` : p;
}

const corto = (v: unknown) => {
  const t = v instanceof File ? 'File' : (JSON.stringify(v) ?? String(v));
  return t.length > 40 ? `${t.slice(0, 37)}…(${t.length})` : t;
};

function casos(): Caso[] {
  const base = cuerpos();
  const lista: Caso[] = [];
  for (const r of RUTAS_REST) {
    const nombres = nombresDeParametros(r.ruta);
    const params = Object.fromEntries(nombres.map((n) => [n, parametroValido(r.ruta, n)]));
    const valido = leeCuerpo(r) && r.metodo !== 'GET' ? base[clave(r)] : undefined;
    const agregar = (
      nombre: string,
      p: Record<string, string>,
      query: Record<string, string>,
      cuerpo: unknown,
    ) => lista.push({ nombre: `${clave(r)} ${nombre}`, ruta: r, params: p, query, cuerpo });
    // Basura en cada parámetro del camino (el cuerpo, el válido).
    for (const n of nombres)
      for (const v of basuraDeCamino(n))
        agregar(`{${n}}=${corto(v)}`, { ...params, [n]: v }, {}, valido);
    // Consulta: cada campo con basura de su tipo.
    if (leeConsulta(r))
      for (const [k, tipo] of camposDeConsulta(r, params))
        for (const v of tipo === 'string' ? BASURA_TEXTO : BASURA_NUMERICA)
          agregar(`?${k}=${corto(v)}`, params, { [k]: v }, undefined);
    if (valido === undefined) continue;
    // El cuerpo entero con otra forma.
    const formas = Array.isArray(valido)
      ? [{}, valido[0], 'texto', 5, null, true]
      : [[valido], 'texto', 5, null, true, [1, 2]];
    for (const f of formas) agregar(`cuerpo=${corto(f)}`, params, {}, f);
    // Cada campo (hoja, objeto o lista interior) con valores de otro tipo o inválidos.
    for (const [ruta, v] of hojas(valido))
      for (const h of hostilesPara(v))
        agregar(`${ruta.join('.')}=${corto(h)}`, params, {}, conValor(valido, ruta, h));
  }
  return lista;
}

/** La huella de la base: filas y contenido de cada tabla (un md5 por tabla). */
async function huella(): Promise<Record<string, string>> {
  const tablas = (await db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  )) as unknown as { rows?: { tablename: string }[] } | { tablename: string }[];
  const filas = Array.isArray(tablas) ? tablas : (tablas.rows ?? []);
  const h: Record<string, string> = {};
  for (const { tablename } of filas) {
    const r = (await db.execute(
      sql.raw(
        `select count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h from "${tablename}" t`,
      ),
    )) as unknown as { rows?: { h: string }[] } | { h: string }[];
    h[tablename] = (Array.isArray(r) ? r : (r.rows ?? []))[0]!.h;
  }
  return h;
}

beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo, hoy);
  db = c.db;
  const usuarioAlumno = await idDeUsuario(db, EMAIL_DEMO.alumno);
  const [propio] = await db
    .select({ id: s.alumnos.id })
    .from(s.alumnos)
    .where(eq(s.alumnos.usuarioId, usuarioAlumno));
  const demo = await idsDeLaDemo(db);
  const [medida] = await db.select({ id: s.medidas.id }).from(s.medidas).limit(1);
  const reglas = await db
    .select({ nombre: s.reglamentos.nombre, clase: s.reglamentos.clase })
    .from(s.reglamentos);
  ids = {
    ...demo,
    alumnoPropio: propio!.id,
    medida: medida!.id,
    plan: (await db.select({ id: s.planes.id }).from(s.planes).limit(1))[0]!.id,
    departamento: (await db.select({ id: s.departamentos.id }).from(s.departamentos).limit(1))[0]!
      .id,
    cursoDelCursado: (
      await db
        .select({ id: s.cursadosCursos.cursoId })
        .from(s.cursadosCursos)
        .where(eq(s.cursadosCursos.cursadoId, demo.cursado))
    )[0]!.id,
    reglamento: reglas.find((r) => r.clase === 'reglamento')!.nombre,
    autorizacion: reglas.find((r) => r.clase === 'autorizacion')!.nombre,
  };
});
afterAll(() => c?.cerrar());

test('cada cuerpo válido de la tabla pasa el esquema de su procedimiento (los casos cambian un solo campo)', async () => {
  const base = cuerpos();
  const conCuerpo = RUTAS_REST.filter((r) => r.metodo !== 'GET' && leeCuerpo(r));
  // Toda ruta que lee el cuerpo tiene el suyo en la tabla, y la tabla no tiene de más.
  expect(conCuerpo.map(clave).sort()).toEqual(Object.keys(base).sort());
  for (const r of conCuerpo) {
    const params = Object.fromEntries(
      nombresDeParametros(r.ruta).map((n) => [n, parametroValido(r.ruta, n)]),
    );
    const entrada = entradaDe(r, params, {}, base[clave(r)]);
    const res = await esquemaDe(r.procedimiento)!['~standard'].validate(entrada);
    expect({ ruta: clave(r), issues: 'issues' in res ? res.issues : undefined }).toEqual({
      ruta: clave(r),
      issues: undefined,
    });
  }
});

test('ninguna entrada hostil da 5xx ni 2xx: siempre { error, message } en castellano, y nada se escribe', async () => {
  const sesiones = new Map<RolBit, Sesion>();
  for (const r of new Set(RUTAS_REST.map((r) => rolPara(r.procedimiento))))
    sesiones.set(r, await sesionDe(db, EMAIL_DEMO_POR_ROL[r], r));
  const todos = casos();
  expect(todos.length).toBeGreaterThan(1000);

  const antes = await huella();
  const problemas: string[] = [];
  for (const caso of todos) {
    const rol = rolPara(caso.ruta.procedimiento);
    const cuerpo =
      caso.cuerpo === undefined || hojas(caso.cuerpo).some(([, v]) => v instanceof File)
        ? caso.cuerpo
        : JSON.parse(JSON.stringify(caso.cuerpo));
    let r: { status: number; body: unknown };
    try {
      r = await pedirRest(
        caso.ruta.metodo,
        camino(caso.ruta.ruta, caso.params, caso.query),
        // Con el dispositivo de administración: las rutas de root validan su entrada (sin él, 403).
        {
          db,
          email: EMAIL_DEMO_POR_ROL[rol],
          sesion: sesiones.get(rol)!,
          ciclo,
          hoy,
          dispositivoAdmin: true,
        },
        cuerpo,
      );
    } catch (e) {
      problemas.push(`${caso.nombre}: lanzó ${String(e)}`);
      continue;
    }
    const b = r.body as { error?: unknown; message?: unknown } | null;
    const message = typeof b?.message === 'string' ? b.message : '';
    if (r.status < 400 || r.status >= 500)
      problemas.push(`${caso.nombre}: ${r.status} ${corto(b)}`);
    else if (b?.error !== true || !message || Object.keys(b).length !== 2)
      problemas.push(`${caso.nombre}: cuerpo ${corto(b)}`);
    else if (INGLES.test(message))
      problemas.push(`${caso.nombre}: en inglés: ${message.slice(0, 160)}`);
  }
  const despues = await huella();
  const cambiadas = Object.keys(antes).filter((t) => antes[t] !== despues[t]);
  expect({ problemas: problemas.slice(0, 100), total: problemas.length, cambiadas }).toEqual({
    problemas: [],
    total: 0,
    cambiadas: [],
  });
});

/** Los casos del issue 11, uno por uno, con el mensaje exacto. */
describe('los casos del informe (issue 11, 12–15 y 18)', () => {
  // Las sesiones se cargan antes de tomar la huella (cargar una sesión puede escribir).
  const sesiones = new Map<RolBit, Sesion>();
  const pedir = async (metodo: string, camino: string, rol: RolBit, cuerpo?: unknown) =>
    pedirRest<{ error: boolean; message: string }>(
      metodo,
      camino,
      { db, email: EMAIL_DEMO_POR_ROL[rol], sesion: sesiones.get(rol)!, ciclo, hoy },
      cuerpo,
    );
  const error = (message: string) => ({ status: 400, body: { error: true, message } });
  const usuario = {
    apellido: 'Pérez',
    nombre: 'Ana',
    email: 'ana.perez.caso@escuela.test',
    rol: Rol.Docente,
    habilitado: true,
  };
  let antes: Record<string, string>;
  let alumnado: Awaited<ReturnType<typeof callerComo>>;
  beforeAll(async () => {
    for (const rol of [Rol.Admin, Rol.Alumnado, Rol.Alumno, Rol.Preceptor])
      sesiones.set(rol, await sesionDe(db, EMAIL_DEMO_POR_ROL[rol], rol));
    alumnado = await callerComo(db, EMAIL_DEMO.alumnado, Rol.Alumnado, { ciclo, hoy });
    antes = await huella();
  });
  afterAll(async () => {
    expect(await huella()).toEqual(antes);
  });

  test('12. NUL y sustitutos sueltos: 400 en castellano, no 500', async () => {
    expect(await pedir('GET', '/api/alumnos?q=%00', Rol.Admin)).toEqual(
      error('Búsqueda: contiene caracteres no válidos.'),
    );
    expect(
      await pedir('POST', '/api/save/usuario', Rol.Admin, { ...usuario, apellido: 'a\u0000b' }),
    ).toEqual(error('Apellido: contiene caracteres no válidos.'));
    expect(
      await pedir('POST', `/api/alumnos/update/${ids.alumnoPropio}`, Rol.Alumno, {
        nombre: '\ud800x',
        apellido: 'Domínguez',
        telefono: '341 5551234',
        email: 'alumno.demo@gmail.com',
      }),
    ).toEqual(error('Nombre: contiene caracteres no válidos.'));
    expect(
      await pedir('POST', `/api/alumnos/${ids.hijo}/editar`, Rol.Admin, {
        apellido: 'Pérez',
        nombre: 'Ana',
        pronombre: 'x\udc00',
      }),
    ).toEqual(error('Pronombre: contiene caracteres no válidos.'));
  });

  test('13. largos máximos: un email de 100 KB no se guarda', async () => {
    expect(
      await pedir('POST', '/api/save/usuario', Rol.Admin, {
        ...usuario,
        email: `${'a'.repeat(100_000)}@escuela.test`,
      }),
    ).toEqual(error('Email: como máximo 254 caracteres.'));
    expect(
      await pedir('POST', `/api/medidas/nueva/apercibimiento/${ids.hijo}`, Rol.Admin, {
        fecha: hoy,
        turno: 'Mañana',
        motivo: 'm'.repeat(1001),
      }),
    ).toEqual(error('Motivo: como máximo 1000 caracteres.'));
  });

  test('14. una lista donde va un objeto es un 400 (no "sin campos" con valores por defecto)', async () => {
    const objeto = error('El cuerpo de la petición debe ser un objeto JSON ({ … }).');
    expect(
      await pedir('PUT', `/api/cursados/cerrar/${ids.cursado}`, Rol.Alumnado, [
        { cuatrimestre: 2 },
      ]),
    ).toEqual(objeto);
    expect(
      await pedir('PUT', `/api/cursados/reabrir/${ids.cursado}`, Rol.Alumnado, [
        { cuatrimestre: 1 },
      ]),
    ).toEqual(objeto);
    const muchas = Array.from({ length: 10_000 }, () => ({ fecha: `${ciclo}-07-10`, tipo: null }));
    expect(await pedir('POST', '/api/calendario/save/restriccion', Rol.Admin, muchas)).toEqual(
      objeto,
    );
    expect(await pedir('POST', `/api/asistencias/alumno/${ids.hijo}`, Rol.Admin, muchas)).toEqual(
      objeto,
    );
    expect(await pedir('PUT', `/api/cursados/cerrar/${ids.cursado}`, Rol.Alumnado, null)).toEqual(
      objeto,
    );
    expect(await pedir('PUT', '/api/cursados/inscripciones', Rol.Alumnado, {})).toEqual(
      error('El cuerpo de la petición debe ser una lista JSON ([ … ]).'),
    );
    // Las listas del esquema tienen máximo: 10.000 fechas nuevas no entran.
    expect(
      await pedir('POST', '/api/calendario/save/restriccion', Rol.Admin, { nuevas: muchas }),
    ).toEqual(error('Se admiten como máximo 2500 fechas nuevas.'));
    // La autorización va antes que la forma del cuerpo: sin sesión 401, sin permiso 403.
    const cerrar = `/api/cursados/cerrar/${ids.cursado}`;
    expect(
      (await pedirRest('PUT', cerrar, { db, email: null, ciclo, hoy }, [{ cuatrimestre: 2 }]))
        .status,
    ).toBe(401);
    expect((await pedir('PUT', cerrar, Rol.Preceptor, [{ cuatrimestre: 2 }])).status).toBe(403);
  });

  test('15. el CSV de inscripciones valida el ciclo como todo el portal', async () => {
    for (const c of ['-1', '99999', -1, 99999]) {
      expect(await falloConCodigo(alumnado.inscripcion.csv({ ciclo: c }))).toEqual({
        code: 'BAD_REQUEST',
        status: 400,
        message: 'El año debe estar entre 2021 y el año actual.',
      });
    }
    expect((await alumnado.inscripcion.csv({ ciclo: String(ciclo) })).ciclo).toBe(ciclo);
  });

  test('18. números malformados: mensajes propios en castellano, nunca los de zod en inglés', async () => {
    expect(await pedir('GET', '/api/alumnos?cursor=Infinity', Rol.Admin)).toEqual(
      error('La posición debe ser un número.'),
    );
    expect(await pedir('GET', '/api/alumnos?limit=1e400', Rol.Admin)).toEqual(
      error('El tamaño de página debe ser un número.'),
    );
    expect(await pedir('GET', '/api/usuarios?cursor=99999999999999999999', Rol.Admin)).toEqual(
      error('La posición debe ser un número entero. Posición inválida.'),
    );
    expect(await pedir('POST', '/api/reincorporar/Infinity/1', Rol.Admin)).toEqual(
      error('Error reincorporando alumno: el alumno debe ser un número.'),
    );
    expect(
      await pedir('POST', '/api/save/usuario', Rol.Admin, { ...usuario, habilitado: 'quizás' }),
    ).toEqual(error('Habilitado: debe ser 1/0 o true/false.'));
    expect(
      await pedir('PUT', `/api/cursados/cerrar/${ids.cursado}`, Rol.Alumnado, {
        cuatrimestre: '1e400',
      }),
    ).toEqual(error('El cuatrimestre debe ser 1 o 2.'));
  });
});

describe('el dispositivo de administración (issue 31 §4): cookies hostiles', () => {
  const CLAVE = 'clave-de-la-prueba-hostil';
  const claveAntes = process.env.ADMIN_BYPASS_PASSWORD;
  let admin: Sesion;
  let idRegente: number;
  beforeAll(async () => {
    process.env.ADMIN_BYPASS_PASSWORD = CLAVE;
    releerConfig();
    admin = await sesionDe(db, EMAIL_DEMO.admin, Rol.Admin);
    idRegente = await idDeUsuario(db, EMAIL_DEMO.regente);
  });
  afterAll(() => {
    if (claveAntes == null) delete process.env.ADMIN_BYPASS_PASSWORD;
    else process.env.ADMIN_BYPASS_PASSWORD = claveAntes;
    releerConfig();
  });
  const registrar = async (ip: string) => {
    const r = await registrarDispositivoAdmin({ db, ip }, { clave: CLAVE });
    if (!r.ok) throw new Error(r.error);
    return r.dispositivoId;
  };
  /** ¿La cookie abre algo? Ni el dispositivo ni "ingresar como" (con una sesión de Admin). */
  const abre = async (cookie: string) =>
    (await dispositivoVigente(db, cookie)) != null ||
    (await autorizarIngresoComo(
      { db, ip: '192.0.2.90' },
      { cookieDispositivo: cookie, sesion: admin, usuarioId: idRegente },
    )) != null;

  test('un id inventado, el id de otro sin firma o con la firma de otro, y basura: nada', async () => {
    const propio = await registrar('192.0.2.91');
    const ajeno = await registrar('192.0.2.92');
    expect(await abre(crearCookieAdmin(ajeno))).toBe(true);
    const firmaPropia = crearCookieAdmin(propio).split('.')[1]!;
    const inventado = crypto.randomUUID();
    for (const cookie of [
      // Un id que no existe, sin firma, con una firma inventada o con la de otro dispositivo.
      inventado,
      `${inventado}.${firmaPropia}`,
      `${inventado}.${'A'.repeat(43)}`,
      // El id de otro dispositivo (p. ej. leído de la lista) sin su firma.
      ajeno,
      `${ajeno}.`,
      `${ajeno}.${firmaPropia}`,
      `${ajeno.toUpperCase()}.${crearCookieAdmin(ajeno).split('.')[1]}`,
      `${crearCookieAdmin(ajeno)}.extra`,
      // El formato anterior (vencimiento y firma) y texto firmado que no es un id.
      '9999999999.firma-falsa',
      crearCookieAdmin("' or '1'='1"),
      crearCookieAdmin('x'.repeat(5000)),
      '\u0000',
    ])
      expect([cookie.slice(0, 60), await abre(cookie)]).toEqual([cookie.slice(0, 60), false]);
  });

  test('repetir la cookie después de revocar: ni el dispositivo ni su sesión de suplantación', async () => {
    const id = await registrar('192.0.2.93');
    const cookie = crearCookieAdmin(id);
    const ingreso = await autorizarIngresoComo(
      { db, ip: '192.0.2.93' },
      { cookieDispositivo: cookie, sesion: admin, usuarioId: idRegente },
    );
    expect(ingreso).not.toBeNull();
    const sid = await abrirSesion(db, idRegente, {
      impersonadoPor: ingreso!.impersonadoPor,
      dispositivoId: ingreso!.dispositivoId,
    });
    expect(await cargarSesion(db, { usuarioId: idRegente, sid })).not.toBeNull();
    const root = await callerComo(db, EMAIL_DEMO.admin, Rol.Admin, {
      ciclo,
      hoy,
      dispositivoAdmin: true,
      dispositivoId: id,
    });
    await root.root.revocarDispositivo({ id });
    expect(await abre(cookie)).toBe(false);
    expect(await cargarSesion(db, { usuarioId: idRegente, sid })).toBeNull();
  });
});

/**
 * La vinculación por REST (issue 31 §1): POST /api/alumnos/link/referentes de un referente
 * parental. El DNI no confirma nada (un `dni` es un 400 que lo explica); un código mal formado
 * es un 400 sin tocar nada; el código de otro alumno o de nadie no vincula (y cuenta como
 * intento); con el referente de otra familia, 403 antes de probar el código.
 */
describe('la vinculación por REST no se abre con datos públicos (issue 31 §1)', () => {
  let refJorge: number;
  let alumnoAjeno: number;
  let codigoAjeno: string;
  let dniAjeno: number;
  const pedir = (cuerpo: unknown) =>
    pedirRest<{ error?: boolean; message?: string }>(
      'POST',
      '/api/alumnos/link/referentes',
      { db, email: EMAIL_DEMO.referenteOtro, rol: Rol.ReferenteParental, ciclo, hoy },
      cuerpo,
    );
  const vinculosDeJorge = async () =>
    (
      await db
        .select({ n: count() })
        .from(s.alumnosReferentes)
        .where(eq(s.alumnosReferentes.referenteId, refJorge))
    )[0]!.n;
  const intentosDeJorge = async () =>
    (
      await db
        .select({ n: count() })
        .from(s.intentosVinculacion)
        .where(eq(s.intentosVinculacion.usuarioId, await idDeUsuario(db, EMAIL_DEMO.referenteOtro)))
    )[0]!.n;
  beforeAll(async () => {
    refJorge = (
      await db
        .select({ id: s.referentes.id })
        .from(s.referentes)
        .where(eq(s.referentes.usuarioId, await idDeUsuario(db, EMAIL_DEMO.referenteOtro)))
    )[0]!.id;
    // El hijo de la familia de demostración (de Carolina, no de Jorge), con su DNI y su código.
    alumnoAjeno = ids.hijo;
    const [a] = await db
      .select({ dni: s.alumnos.dni, codigo: s.codigosVinculacion.codigo })
      .from(s.alumnos)
      .innerJoin(s.codigosVinculacion, eq(s.codigosVinculacion.alumnoId, s.alumnos.id))
      .where(eq(s.alumnos.id, alumnoAjeno));
    dniAjeno = a!.dni;
    codigoAjeno = a!.codigo;
  });

  test('un dni (número, texto o con puntos) es un 400 que lo explica y no declara nada', async () => {
    const antes = await vinculosDeJorge();
    for (const dni of [dniAjeno, String(dniAjeno), dniAjeno.toLocaleString('es-AR'), [dniAjeno]])
      expect(
        await pedir({ add: [{ alumno: alumnoAjeno, referente: refJorge, dni }], remove: [] }),
      ).toEqual({ status: 400, body: { error: true, message: DNI_NO_CONFIRMA } });
    expect(await vinculosDeJorge()).toBe(antes);
  });

  test('un código mal formado es un 400 en castellano; nada escrito, ningún intento', async () => {
    const [vinculos, intentos] = [await vinculosDeJorge(), await intentosDeJorge()];
    for (const codigo of [
      '0000000000',
      'ABCDE-FGHI1',
      'x'.repeat(100_000),
      'ABCDE\u0000FGHJK',
      '\ud800BCDEFGHJK',
      ['ABCDEFGHJK'],
      { codigo: 'ABCDEFGHJK' },
      12345,
      true,
    ]) {
      const r = await pedir({
        add: [{ alumno: alumnoAjeno, referente: refJorge, codigo }],
        remove: [],
      });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe(true);
      expect(r.body.message).toMatch(/[Cc]ódigo de vinculación/);
    }
    expect(
      await pedir({
        add: [{ alumno: alumnoAjeno, referente: refJorge, codigo: 'OOOOO-IIIII' }],
        remove: [],
      }),
    ).toEqual({ status: 400, body: { error: true, message: CODIGO_INVALIDO } });
    expect(await vinculosDeJorge()).toBe(vinculos);
    expect(await intentosDeJorge()).toBe(intentos);
  });

  test('con el referente de otra familia: 403 antes de probar el código', async () => {
    const intentos = await intentosDeJorge();
    const r = await pedir({
      add: [{ alumno: alumnoAjeno, referente: ids.referente, codigo: codigoAjeno }],
      remove: [],
    });
    expect(r.status).toBe(403);
    expect(await intentosDeJorge()).toBe(intentos);
  });

  test('un código válido pero de otro alumno: 400, no vincula, y queda como intento', async () => {
    const [otro] = await db
      .select({ codigo: s.codigosVinculacion.codigo })
      .from(s.codigosVinculacion)
      .where(sql`${s.codigosVinculacion.alumnoId} <> ${alumnoAjeno}`)
      .limit(1);
    const intentos = await intentosDeJorge();
    expect(
      await pedir({
        add: [{ alumno: alumnoAjeno, referente: refJorge, codigo: otro!.codigo }],
        remove: [],
      }),
    ).toEqual({ status: 400, body: { error: true, message: CODIGO_NO_COINCIDE } });
    expect(await intentosDeJorge()).toBe(intentos + 1);
    const [v] = await db
      .select({ n: count() })
      .from(s.alumnosReferentes)
      .where(
        and(
          eq(s.alumnosReferentes.alumnoId, alumnoAjeno),
          eq(s.alumnosReferentes.referenteId, refJorge),
        ),
      );
    expect(v!.n).toBe(0);
  });
});

describe('el año elegido y el rol activo no abren lo que el rol no ve (issue 31 §6 y §7)', () => {
  test('7. un preceptor, con la cookie de un año en que no tenía su curso: 403 (lista, legajo, ficha)', async () => {
    const preceptor = await idDeUsuario(db, EMAIL_DEMO.preceptor);
    const [curso] = await db
      .select({ id: s.preceptoresCursos.cursoId })
      .from(s.preceptoresCursos)
      .where(
        and(
          eq(s.preceptoresCursos.usuarioId, preceptor),
          eq(s.preceptoresCursos.ciclolectivo, ciclo),
        ),
      )
      .orderBy(s.preceptoresCursos.cursoId)
      .limit(1);
    // Un alumno de ese curso hace tres años, cuando el preceptor no lo tenía asignado.
    const viejo = ciclo - 3;
    const [a] = await db
      .insert(s.alumnos)
      .values({ dni: 40_123_456, apellido: 'Cohorte', nombre: 'Vieja', habilitado: true })
      .returning({ id: s.alumnos.id });
    await db
      .insert(s.alumnosCursos)
      .values({ alumnoId: a!.id, cursoId: curso!.id, ciclolectivo: viejo });
    const pedido = { db, email: EMAIL_DEMO.preceptor, rol: Rol.Preceptor, ciclo: viejo, hoy };
    for (const camino of [
      `/api/cursos/alumnos/${curso!.id}`,
      `/api/alumnos/${a!.id}/legajo`,
      `/api/alumnos/datosinscripcion/${a!.id}`,
    ]) {
      const r = await pedirRest<{ error: boolean; message: string }>('GET', camino, pedido);
      expect({ camino, status: r.status, error: r.body.error }).toEqual({
        camino,
        status: 403,
        error: true,
      });
    }
  });

  test('6. un Docente, con cualquier año elegido: el legajo sin DNI, teléfono ni referentes', async () => {
    const [tomas] = await db
      .select({ id: s.alumnos.id, dni: s.alumnos.dni })
      .from(s.alumnos)
      .innerJoin(s.usuarios, eq(s.usuarios.id, s.alumnos.usuarioId))
      .where(eq(s.usuarios.email, EMAIL_DEMO.alumno));
    for (const anio of [ciclo, ciclo - 1]) {
      const r = await pedirRest<Record<string, unknown>>(
        'GET',
        `/api/alumnos/${tomas!.id}/legajo`,
        { db, email: EMAIL_DEMO.docente, rol: Rol.Docente, ciclo: anio, hoy },
      );
      expect(r.status).toBe(200);
      expect(r.body).not.toHaveProperty('dni');
      expect(r.body).not.toHaveProperty('telefono');
      expect(r.body).not.toHaveProperty('referentes');
      expect(JSON.stringify(r.body)).not.toContain(String(tomas!.dni));
    }
  });
});

describe('cuerpos enormes (issue 31 §11): nada se lee sin sesión ni permiso, y nunca más que el máximo', () => {
  /** Un cuerpo (declara 200 MB, trae 64 KB) que anota si alguien lo leyó. */
  function espia() {
    const estado = { leido: false };
    const flujo = new ReadableStream<Uint8Array>(
      {
        pull(control) {
          estado.leido = true;
          control.enqueue(new Uint8Array(64 * 1024));
          control.close();
        },
      },
      { highWaterMark: 0 },
    );
    return { flujo, estado };
  }

  test('cada fila REST con cuerpo: sin sesión 401 (pública: 413), con su rol 413, sin leer un byte', async () => {
    const { atenderPeticion } = await import('@/server/api/rest');
    const { crearContexto } = await import('@/server/api/trpc');
    const { puedeLlamar } = await import('@/server/permisos');
    for (const ruta of RUTAS_REST.filter((r) => r.metodo !== 'GET')) {
      const camino = ruta.ruta.replace(/\{\w+\}/g, '1');
      const rol = rolPara(ruta.procedimiento);
      const sesion = await sesionDe(db, EMAIL_DEMO_POR_ROL[rol], rol);
      for (const [quien, s_] of [
        ['sin sesión', null],
        [`rol ${rol}`, sesion],
      ] as const) {
        const { flujo, estado } = espia();
        const r = await atenderPeticion(
          new Request(`http://portal.test${camino}`, {
            method: ruta.metodo,
            headers: {
              'content-type': 'application/json',
              'content-length': String(200 * 2 ** 20),
            },
            body: flujo,
            duplex: 'half',
          } as RequestInit),
          async () => crearContexto({ db, sesion: s_, ciclo, hoy }),
        );
        const esperado = puedeLlamar(ruta.procedimiento, s_?.rol) ? 413 : s_ ? 403 : 401;
        expect({
          ruta: `${ruta.metodo} ${ruta.ruta}`,
          quien,
          status: r.status,
          leido: estado.leido,
        }).toEqual({
          ruta: `${ruta.metodo} ${ruta.ruta}`,
          quien,
          status: esperado,
          leido: false,
        });
      }
    }
  });
});
