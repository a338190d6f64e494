/**
 * La matriz de acceso: cada procedimiento del router × cada rol (y sin sesión) contra la
 * tabla literal de tests/fixtures/acceso-literal.ts (escrita a mano desde la spec y DESIGN §6;
 * tests/unit/acceso-literal.test.ts la compara con `permisos.ts`). Las filas salen del router,
 * así que un procedimiento nuevo agrega sus filas solo, y uno que falte en la tabla de
 * `permisos.ts` o en la literal hace fallar la prueba.
 */
import { momentoEscolar } from '@/server/reloj';
import { TRPCError } from '@trpc/server';
import { count } from 'drizzle-orm';

import { ETIQUETA_ROL, TODOS_LOS_ROLES, type RolBit } from '@/domain/roles';
import { appRouter, createCaller } from '@/server/api/root';
import { crearContexto } from '@/server/api/trpc';
import { cargarSesion, type Sesion } from '@/server/auth/sesion';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO_POR_ROL } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { sembrar } from '@/server/db/seed';
import { PROCEDIMIENTOS, PUBLICO } from '@/server/permisos';
import { LITERAL, literalPermite } from '../fixtures/acceso-literal';
import { crearBaseDePrueba } from '../fixtures/base';
import { callerAnonimo, rutasDeProcedimientos, sesionDe } from '../fixtures/contexto';
import { rechazoDe } from '../fixtures/errores';

const ciclo = momentoEscolar().ciclo;
const RUTAS = rutasDeProcedimientos();

/**
 * Una entrada inválida para cualquier esquema de este router (q no es texto, cursor
 * negativo, ids no numéricos): quien no tiene permiso debe recibir UNAUTHORIZED o
 * FORBIDDEN igual, porque la autorización corre antes de validar la entrada.
 */
const ENTRADA_INVALIDA = { q: 123, cursor: -1, limit: 0, id: 'x', orden: 'x', email: 5, rol: 'x' };

type Tipo = 'query' | 'mutation' | 'subscription';
const procedimientos = appRouter._def.procedures as unknown as Record<
  string,
  { _def: { type: Tipo; inputs: { '~standard'?: { validate: (v: unknown) => unknown } }[] } }
>;

function tipoDe(ruta: string): Tipo {
  return procedimientos[ruta]!._def.type;
}

/** ¿La entrada del procedimiento acepta `undefined` (no tiene o tiene valores por defecto)? */
async function aceptaVacio(ruta: string): Promise<boolean> {
  for (const esquema of procedimientos[ruta]!._def.inputs) {
    const std = esquema['~standard'];
    if (!std) return false;
    const r = (await std.validate(undefined)) as { issues?: unknown[] };
    if (r.issues?.length) return false;
  }
  return true;
}

type Caller = ReturnType<typeof createCaller>;

/** La función del caller para 'modulo.procedimiento', recorriendo el objeto por la ruta. */
function funcionDe(caller: Caller, ruta: string): (entrada?: unknown) => Promise<unknown> {
  const f = ruta.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], caller);
  if (typeof f !== 'function') throw new Error(`${ruta} no es una función del caller`);
  return f as (entrada?: unknown) => Promise<unknown>;
}

const codigo = (e: unknown) =>
  e instanceof TRPCError ? e.code : e === null ? null : `no-TRPCError: ${String(e)}`;

/** Se revierte a propósito: una mutación que acepta entrada vacía no debe dejar rastros. */
class Revertir extends Error {}

let c: Conexion;
const sesiones = new Map<RolBit, Sesion>();

beforeAll(async () => {
  c = await crearBaseDePrueba();
  await sembrar(c.db, { ciclo, hoy: momentoEscolar().hoy, ahora: momentoEscolar().instante });
  for (const rol of TODOS_LOS_ROLES)
    sesiones.set(rol, await sesionDe(c.db, EMAIL_DEMO_POR_ROL[rol], rol));
});
afterAll(() => c?.cerrar());

async function contarEscrituras(db: Db) {
  const tablas = [
    s.usuarios,
    s.auditoria,
    s.alumnos,
    s.cursos,
    s.cursados,
    s.referentes,
    s.configuracion,
  ];
  const n: number[] = [];
  for (const t of tablas) n.push((await db.select({ n: count() }).from(t))[0]!.n);
  return n;
}

describe('la tabla de acceso cubre exactamente el router', () => {
  test('el router tiene procedimientos', () => {
    expect(RUTAS.length).toBeGreaterThan(0);
    for (const r of RUTAS) expect(r).toMatch(/^[a-zA-Z]+\.[a-zA-Z]+$/);
  });

  test.each(RUTAS)('%s tiene una entrada en PROCEDIMIENTOS', (ruta) => {
    expect(Object.keys(PROCEDIMIENTOS)).toContain(ruta);
  });

  // Se agrega a mano, con los roles que dice la spec: de ahí sale lo esperado de la matriz.
  test.each(RUTAS)('%s está en la tabla literal (tests/fixtures/acceso-literal.ts)', (ruta) => {
    expect(Object.keys(LITERAL)).toContain(ruta);
  });

  test.each(Object.keys(PROCEDIMIENTOS))('la entrada %s es un procedimiento real', (ruta) => {
    expect(RUTAS).toContain(ruta);
  });

  test('no hay subscripciones (la matriz sólo llama queries y mutations)', () => {
    expect(RUTAS.filter((r) => tipoDe(r) === 'subscription')).toEqual([]);
  });
});

describe('matriz de acceso', () => {
  let escriturasAntes: number[];
  beforeAll(async () => {
    escriturasAntes = await contarEscrituras(c.db);
  });

  const conSesion = RUTAS.filter((r) => PROCEDIMIENTOS[r] !== PUBLICO);
  test.each(conSesion.map((ruta) => [ruta, tipoDe(ruta)]))(
    'sin sesión: %s (%s) → UNAUTHORIZED',
    async (ruta) => {
      const anonimo = callerAnonimo(c.db);
      expect(codigo(await rechazoDe(funcionDe(anonimo, ruta)(undefined)))).toBe('UNAUTHORIZED');
      expect(codigo(await rechazoDe(funcionDe(anonimo, ruta)(ENTRADA_INVALIDA)))).toBe(
        'UNAUTHORIZED',
      );
    },
  );

  test.each(RUTAS.filter((r) => PROCEDIMIENTOS[r] === PUBLICO))(
    'sin sesión: %s es público, pero sin un secreto válido no responde nada',
    async (ruta) => {
      const anonimo = callerAnonimo(c.db);
      expect(codigo(await rechazoDe(funcionDe(anonimo, ruta)(undefined)))).toBe('BAD_REQUEST');
      expect(codigo(await rechazoDe(funcionDe(anonimo, ruta)(ENTRADA_INVALIDA)))).toBe(
        'BAD_REQUEST',
      );
      expect(codigo(await rechazoDe(funcionDe(anonimo, ruta)({ token: 'x'.repeat(43) })))).toBe(
        'NOT_FOUND',
      );
    },
  );

  const filas = RUTAS.flatMap((ruta) =>
    TODOS_LOS_ROLES.map((rol) => ({
      ruta,
      rol,
      nombre: ETIQUETA_ROL[rol],
      // Lo esperado sale de la tabla escrita a mano desde la spec, no de la tabla bajo prueba.
      permitido: literalPermite(ruta, rol, false),
    })),
  );

  test.each(filas)(
    '$ruta como $nombre ($rol): permitido=$permitido',
    async ({ ruta, rol, permitido }) => {
      const sesion = sesiones.get(rol)!;
      expect(sesion.rol).toBe(rol);
      const caller = (db: Db) => createCaller(crearContexto({ db, sesion, ciclo }));

      if (!permitido) {
        // Con entrada válida o inválida: la tabla decide antes que el esquema.
        expect(codigo(await rechazoDe(funcionDe(caller(c.db), ruta)(undefined)))).toBe('FORBIDDEN');
        expect(codigo(await rechazoDe(funcionDe(caller(c.db), ruta)(ENTRADA_INVALIDA)))).toBe(
          'FORBIDDEN',
        );
        return;
      }

      let error: unknown;
      if (tipoDe(ruta) === 'mutation' && (await aceptaVacio(ruta))) {
        // Una mutación que corre sin entrada se prueba dentro de una transacción revertida.
        await c.db
          .transaction(async (tx) => {
            error = await rechazoDe(funcionDe(caller(tx as unknown as Db), ruta)(undefined));
            throw new Revertir();
          })
          .catch((e) => {
            if (!(e instanceof Revertir)) throw e;
          });
      } else {
        error = await rechazoDe(funcionDe(caller(c.db), ruta)(undefined));
      }
      const cod = codigo(error);
      expect(cod).not.toBe('UNAUTHORIZED');
      expect(cod).not.toBe('FORBIDDEN');
      // Un rol permitido nunca debe romper el servidor (p. ej. un alcance mal armado para ese rol).
      expect(cod).not.toBe('INTERNAL_SERVER_ERROR');
      if (cod !== null) expect(error).toBeInstanceOf(TRPCError);
      // Sin entrada, lo único aceptable además de responder es rechazar la entrada.
      if (cod !== null && !(await aceptaVacio(ruta))) expect(cod).toBe('BAD_REQUEST');
    },
  );

  test('las mutaciones con entrada inválida no escribieron nada', async () => {
    expect(await contarEscrituras(c.db)).toEqual(escriturasAntes);
  });
});

describe('casos de la matriz escritos a mano (la tabla podría estar mal)', () => {
  const casos: [string, string, RolBit, 'ok' | 'FORBIDDEN'][] = [
    ['usuarios.listar', 'Admin', 2, 'ok'],
    ['usuarios.listar', 'Regente', 32, 'FORBIDDEN'],
    ['usuarios.listar', 'Docente', 1, 'FORBIDDEN'],
    ['usuarios.yo', 'Alumno', 64, 'ok'],
    ['sesion.hijos', 'Referente', 256, 'ok'],
    ['sesion.hijos', 'Alumno', 64, 'FORBIDDEN'],
    ['sesion.hijos', 'Admin', 2, 'FORBIDDEN'],
    ['buscar.alumnos', 'Alumno', 64, 'FORBIDDEN'],
    ['buscar.alumnos', 'Referente', 256, 'FORBIDDEN'],
    ['buscar.alumnos', 'Docente', 1, 'ok'],
    ['buscar.referentes', 'Docente', 1, 'FORBIDDEN'],
    ['buscar.referentes', 'Preceptor', 4, 'ok'],
    ['cursos.delDepartamento', 'Jefe de Departamento', 8, 'ok'],
    ['cursos.delDepartamento', 'Coordinador', 512, 'FORBIDDEN'],
    ['cursos.delCoordinador', 'Coordinador', 512, 'ok'],
    ['cursos.delPreceptor', 'Docente', 1, 'FORBIDDEN'],
    ['cursos.listar', 'Referente', 256, 'FORBIDDEN'],
    ['buscar.preceptores', 'Preceptor', 4, 'FORBIDDEN'],
    ['buscar.docentes', 'Jefe de Departamento', 8, 'ok'],
    // Notas (spec 02 §2 Grade sheets): cargan el docente y Alumnado; sólo Alumnado reabre.
    ['notas.cursados', 'Docente', 1, 'ok'],
    ['notas.cursados', 'Alumno', 64, 'FORBIDDEN'],
    ['notas.guardar', 'Preceptor', 4, 'FORBIDDEN'],
    ['notas.guardar', 'Regente', 32, 'FORBIDDEN'],
    ['notas.cerrar', 'Jefe de Departamento', 8, 'FORBIDDEN'],
    ['notas.reabrir', 'Docente', 1, 'FORBIDDEN'],
    ['notas.mias', 'Alumno', 64, 'ok'],
    ['notas.mias', 'Admin', 2, 'FORBIDDEN'],
    ['notas.reporte', 'Docente', 1, 'FORBIDDEN'],
  ];
  test.each(casos)('%s como %s (%i) → %s', async (ruta, _n, rol, esperado) => {
    const caller = createCaller(crearContexto({ db: c.db, sesion: sesiones.get(rol)!, ciclo }));
    const e = await rechazoDe(funcionDe(caller, ruta)(undefined));
    expect(codigo(e)).toBe(esperado === 'ok' ? null : esperado);
  });

  test('una sesión cuyo usuario ya no existe no llega a tener sesión', async () => {
    expect(await cargarSesion(c.db, { usuarioId: 9_999_999, rol: 2 })).toBeNull();
    expect(await cargarSesion(c.db, { usuarioId: 'abc', rol: 2 })).toBeNull();
    expect(await cargarSesion(c.db, null)).toBeNull();
  });
});
