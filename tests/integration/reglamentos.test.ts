/**
 * Reglamentos y autorizaciones (spec 02 §3, §4, §7, §8): listas con la respuesta vigente y
 * las anteriores, las diapositivas pendientes del diálogo, responder con el texto y la
 * versión respondidos, y las autorizaciones sólo por hijos propios.
 */
import { momentoEscolar } from '@/server/reloj';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { NO_COINCIDEN_HIJOS } from '@/domain/reglamentos';

import { Rol } from '@/domain/roles';
import { encontrarRuta } from '@/server/api/rest';
import {
  REGLAMENTO_INEXISTENTE,
  RESPUESTA_INVALIDA,
} from '@/server/api/routers/reglamentos/service';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { REGLAMENTOS_DEMO } from '@/server/db/seed/inscripcion';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo } from '../fixtures/contexto';
import { fallo } from '../fixtures/errores';

const ciclo = momentoEscolar().ciclo;
let c: Conexion;
let db: Db;
beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo);
  db = c.db;
  // La siembra deja respondidas las cuentas de demostración; referente.otro empieza de cero.
  const [otro] = await db
    .select({ id: s.usuarios.id })
    .from(s.usuarios)
    .where(eq(s.usuarios.email, EMAIL_DEMO.referenteOtro));
  await db.delete(s.respuestasReglamentos).where(eq(s.respuestasReglamentos.usuarioId, otro!.id));
});
afterAll(() => c?.cerrar());

const como = (email: string, rol: number) => callerComo(db, email, rol, { ciclo });

async function hijosDe(email: string) {
  return db
    .select({ id: s.alumnos.id })
    .from(s.alumnosReferentes)
    .innerJoin(s.alumnos, eq(s.alumnos.id, s.alumnosReferentes.alumnoId))
    .innerJoin(s.referentes, eq(s.referentes.id, s.alumnosReferentes.referenteId))
    .innerJoin(s.usuarios, eq(s.usuarios.id, s.referentes.usuarioId))
    .where(eq(sql`lower(${s.usuarios.email})`, email))
    .orderBy(asc(s.alumnos.id));
}

const [convivencia, celular, contacto, imagen, salidas] = REGLAMENTOS_DEMO;

test('las rutas REST del contrato llegan a estos procedimientos', () => {
  expect(encontrarRuta('GET', '/api/reglamentos').ruta?.procedimiento).toBe('reglamentos.listar');
  expect(encontrarRuta('GET', '/api/autorizaciones').ruta?.procedimiento).toBe(
    'reglamentos.autorizaciones',
  );
  expect(encontrarRuta('POST', '/api/reglamentos/responder').ruta?.procedimiento).toBe(
    'reglamentos.responder',
  );
  expect(encontrarRuta('POST', '/api/autorizaciones/responder').ruta?.procedimiento).toBe(
    'reglamentos.responderAutorizacion',
  );
});

describe('el alumno de demostración ya cumplió; el referente otro (sin respuestas) no', () => {
  test('alumno: todo respondido, nada pendiente', async () => {
    const caller = await como(EMAIL_DEMO.alumno, Rol.Alumno);
    expect(await caller.reglamentos.pendientes()).toEqual({ satisfecho: true, diapositivas: [] });
    const lista = await caller.reglamentos.listar();
    expect(lista.map((r) => r.nombre)).toEqual([
      convivencia.nombre,
      celular.nombre,
      contacto.nombre,
    ]);
    expect(lista.every((r) => r.respuesta !== null && r.respondidoEn !== null)).toBe(true);
  });

  test('referente otro: tres reglamentos y dos autorizaciones por cada uno de sus dos hijos', async () => {
    const caller = await como(EMAIL_DEMO.referenteOtro, Rol.ReferenteParental);
    const p = await caller.reglamentos.pendientes();
    expect(p.satisfecho).toBe(false);
    expect(p.diapositivas.filter((d) => d.clase === 'reglamento')).toHaveLength(3);
    const auts = p.diapositivas.filter((d) => d.clase === 'autorizacion');
    expect(auts).toHaveLength(4);
    expect(new Set(auts.map((d) => d.hijo!.id)).size).toBe(2);
  });

  test('otros roles nunca quedan bloqueados', async () => {
    expect(await (await como(EMAIL_DEMO.docente, Rol.Docente)).reglamentos.pendientes()).toEqual({
      satisfecho: true,
      diapositivas: [],
    });
  });
});

describe('responder', () => {
  test('el referente responde todo y queda satisfecho; cada respuesta guarda el texto y la versión', async () => {
    const caller = await como(EMAIL_DEMO.referenteOtro, Rol.ReferenteParental);
    const hijos = await hijosDe(EMAIL_DEMO.referenteOtro);
    expect(
      await fallo(caller.reglamentos.responder({ nombre: celular.nombre, respuesta: 'Tal vez' })),
    ).toEqual({ status: 400, message: RESPUESTA_INVALIDA });
    expect(
      await fallo(caller.reglamentos.responder({ nombre: contacto.nombre, respuesta: '   ' })),
    ).toMatchObject({ status: 400 });
    expect(
      await fallo(caller.reglamentos.responder({ nombre: 'Inexistente', respuesta: 'Acepto' })),
    ).toEqual({ status: 404, message: REGLAMENTO_INEXISTENTE });

    await caller.reglamentos.responder({
      nombre: convivencia.nombre,
      respuesta: convivencia.respuestasPosibles[0],
    });
    await caller.reglamentos.responder({ nombre: celular.nombre, respuesta: 'No acepto' });
    const r = await caller.reglamentos.responder({
      nombre: contacto.nombre,
      respuesta: 'Vecina: 341 5550000',
    });
    expect(r).toMatchObject({ respuesta: 'Vecina: 341 5550000', version: 1, hijo: null });
    for (const h of hijos) {
      await caller.reglamentos.responderAutorizacion({
        nombre: imagen.nombre,
        respuesta: 'No autorizo',
        hijo: h.id,
      });
    }
    expect((await caller.reglamentos.pendientes()).satisfecho).toBe(false);
    for (const h of hijos) {
      await caller.reglamentos.responderAutorizacion({
        nombre: salidas.nombre,
        respuesta: 'Autorizo',
        hijo: h.id,
      });
    }
    expect(await caller.reglamentos.pendientes()).toEqual({ satisfecho: true, diapositivas: [] });

    const [guardada] = await db
      .select()
      .from(s.respuestasReglamentos)
      .innerJoin(s.reglamentos, eq(s.reglamentos.id, s.respuestasReglamentos.reglamentoId))
      .where(eq(s.reglamentos.nombre, contacto.nombre))
      .orderBy(sql`${s.respuestasReglamentos.id} desc`)
      .limit(1);
    expect(guardada!.respuestas_reglamentos.contenido).toBe(contacto.contenido);
    expect(guardada!.respuestas_reglamentos.version).toBe(1);

    const auts = await caller.reglamentos.autorizaciones();
    expect(auts.map((a) => a.respuestas.map((x) => x.respuesta))).toEqual([
      ['No autorizo', 'No autorizo'],
      ['Autorizo', 'Autorizo'],
    ]);
  });

  test('una nueva respuesta vale y la anterior queda como historia', async () => {
    const caller = await como(EMAIL_DEMO.referenteOtro, Rol.ReferenteParental);
    await caller.reglamentos.responder({ nombre: celular.nombre, respuesta: 'Acepto' });
    const r = (await caller.reglamentos.listar()).find((x) => x.nombre === celular.nombre)!;
    expect(r.respuesta).toBe('Acepto');
    expect(r.respuestasAnteriores.map((a) => a.respuesta)).toEqual(['No acepto']);
  });

  test('autorizar por un alumno que no es hijo: "No coinciden los datos de los hijos asociados", nada escrito', async () => {
    const caller = await como(EMAIL_DEMO.referenteOtro, Rol.ReferenteParental);
    const [ajeno] = await hijosDe(EMAIL_DEMO.referente);
    const [antes] = await db.select({ n: count() }).from(s.respuestasReglamentos);
    expect(
      await fallo(
        caller.reglamentos.responderAutorizacion({
          nombre: imagen.nombre,
          respuesta: 'Autorizo',
          hijo: ajeno!.id,
        }),
      ),
    ).toEqual({ status: 403, message: NO_COINCIDEN_HIJOS });
    const [despues] = await db.select({ n: count() }).from(s.respuestasReglamentos);
    expect(despues!.n).toBe(antes!.n);
  });

  test('un alumno no responde autorizaciones; el personal no responde reglamentos', async () => {
    const alumno = await como(EMAIL_DEMO.alumno, Rol.Alumno);
    const [hijo] = await hijosDe(EMAIL_DEMO.referente);
    expect(
      await fallo(
        alumno.reglamentos.responderAutorizacion({
          nombre: imagen.nombre,
          respuesta: 'Autorizo',
          hijo: hijo!.id,
        }),
      ),
    ).toMatchObject({ status: 403 });
    expect(
      await fallo(
        (await como(EMAIL_DEMO.preceptor, Rol.Preceptor)).reglamentos.responder({
          nombre: celular.nombre,
          respuesta: 'Acepto',
        }),
      ),
    ).toMatchObject({ status: 403 });
    const [nadaDelPersonal] = await db
      .select({ n: count() })
      .from(s.respuestasReglamentos)
      .innerJoin(s.usuarios, eq(s.usuarios.id, s.respuestasReglamentos.usuarioId))
      .where(and(eq(s.usuarios.email, EMAIL_DEMO.preceptor)));
    expect(nadaDelPersonal!.n).toBe(0);
  });
});
