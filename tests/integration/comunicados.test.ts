/**
 * Comunicados (issue 35 §4) y registro de envíos (§5): quién escribe a qué audiencia (el preceptor
 * sólo a sus cursos, el docente sólo a sus cursados), el adjunto (PDF o JPG por su contenido, 5 MB:
 * 400 y 413 en castellano y nada escrito, también por POST /api/comunicados), los destinatarios
 * (referentes confirmados y alumnos; un referente ajeno no lo lee ni baja el adjunto), el hecho en
 * la cola y su compositor por `vaciarCola` (un aviso por familia, sólo las del curso), la
 * corrección ("editado", el aviso cambia sin duplicarse), las lecturas y confirmaciones que ve el
 * autor con el estado del correo, y que no hay forma de borrar uno.
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import {
  ADJUNTO_DEMASIADO_GRANDE,
  ADJUNTO_INVALIDO,
  AUDIENCIA_NO_PERMITIDA,
  claveComunicado,
  COMUNICADO_INEXISTENTE,
  CURSADO_AJENO,
  CURSO_AJENO,
  NO_REQUIERE_CONFIRMACION,
  SOLO_EL_AUTOR,
} from '@/domain/comunicados';
import { ESPERA_ASISTENCIA_POR_OMISION } from '@/domain/avisos';
import { Rol } from '@/domain/roles';
import { appRouter } from '@/server/api/root';
import { crearContexto, type Contexto } from '@/server/api/trpc';
import { vaciarCola } from '@/server/avisos/trabajador';
import type { CtxTrabajo } from '@/server/avisos/tipos';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { TITULO_COMUNICADO_DEMO } from '@/server/db/seed/comunicados';
import { momentoEscolar } from '@/server/reloj';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo, idDeUsuario, idsDeLaDemo, sesionDe } from '../fixtures/contexto';
import { codigoYMensaje } from '../fixtures/errores';

// POST /api/comunicados arma el contexto con las cookies de Next: aquí, el de la prueba.
let contexto: Contexto;
jest.mock('@/server/api/contexto-http', () => ({ contextoHttp: async () => contexto }));

const { ciclo, hoy } = momentoEscolar();
let c: Conexion;
let db: Db;
let demo: Awaited<ReturnType<typeof idsDeLaDemo>>;

const como = (email: string, rol: number) => callerComo(db, email, rol, { ciclo, hoy });
const regente = () => como(EMAIL_DEMO.regente, Rol.Regente);
const referente = () => como(EMAIL_DEMO.referente, Rol.ReferenteParental);
const referenteOtro = () => como(EMAIL_DEMO.referenteOtro, Rol.ReferenteParental);

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);

const trabajo = (): CtxTrabajo => ({
  db,
  ahora: new Date(),
  hoy,
  zona: 'America/Argentina/Cordoba',
  esperaAsistencia: ESPERA_ASISTENCIA_POR_OMISION,
  urlBase: 'http://localhost:3000',
  secreto: 'x'.repeat(40),
  correo: null,
});

const cuantos = async () => (await db.select({ n: count() }).from(s.comunicados))[0]!.n;

/** Los usuarios (referentes con usuario y vínculo confirmado, y alumnos con usuario) de un curso. */
async function destinatariosDelCurso(curso: number): Promise<number[]> {
  const r = (await db.execute(sql`
    select r.usuario_id as u from alumnos_cursos ac
    join alumnos a on a.id = ac.alumno_id and a.habilitado
    join alumnos_referentes ar on ar.alumno_id = a.id and ar.confirmado
    join referentes r on r.id = ar.referente_id and r.usuario_id is not null
    where ac.curso_id = ${curso} and ac.ciclolectivo = ${ciclo}
    union
    select a.usuario_id from alumnos_cursos ac join alumnos a on a.id = ac.alumno_id
    where ac.curso_id = ${curso} and ac.ciclolectivo = ${ciclo} and a.habilitado
      and a.usuario_id is not null`)) as unknown as { u: number }[] | { rows: { u: number }[] };
  return (Array.isArray(r) ? r : r.rows).map((f) => Number(f.u)).sort((a, b) => a - b);
}

async function avisosDe(id: number) {
  return db
    .select({ usuario: s.avisos.usuarioId, titulo: s.avisos.titulo, texto: s.avisos.texto })
    .from(s.avisos)
    .where(eq(s.avisos.clave, claveComunicado(id)));
}

/** Un referente con usuario del portal, vinculado (confirmado o sólo declarado) a unos alumnos. */
async function crearFamilia(email: string, alumnos: number[], confirmado: boolean) {
  const [u] = await db
    .insert(s.usuarios)
    .values({ email, nombre: 'Prueba', apellido: email.split('@')[0]!, rls: Rol.ReferenteParental })
    .returning({ id: s.usuarios.id });
  const [r] = await db
    .insert(s.referentes)
    .values({ usuarioId: u!.id, apellido: email.split('@')[0]!, nombre: 'Prueba', email })
    .returning({ id: s.referentes.id });
  await db
    .insert(s.alumnosReferentes)
    .values(alumnos.map((a) => ({ alumnoId: a, referenteId: r!.id, confirmado })));
  return u!.id;
}

/** Familias del curso del hijo de referente.demo y de otro curso (ids de usuario). */
const familias = { hermanos: 0, sinConfirmar: 0, otroCurso: 0 };

beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo, hoy);
  db = c.db;
  demo = await idsDeLaDemo(db);
  const delCurso = await db
    .select({ a: s.alumnosCursos.alumnoId })
    .from(s.alumnosCursos)
    .where(and(eq(s.alumnosCursos.cursoId, demo.curso), eq(s.alumnosCursos.ciclolectivo, ciclo)))
    .orderBy(s.alumnosCursos.alumnoId);
  const [deOtro] = await db
    .select({ a: s.alumnosCursos.alumnoId })
    .from(s.alumnosCursos)
    .where(
      and(
        sql`${s.alumnosCursos.cursoId} <> ${demo.curso}`,
        eq(s.alumnosCursos.ciclolectivo, ciclo),
      ),
    )
    .limit(1);
  const otros = delCurso.map((x) => x.a).filter((a) => a !== demo.hijo);
  // Una familia con dos hijos en el curso (un solo aviso, con los dos nombres).
  familias.hermanos = await crearFamilia('hermanos@familia.test', [otros[0]!, otros[1]!], true);
  familias.sinConfirmar = await crearFamilia('sin.confirmar@familia.test', [otros[2]!], false);
  familias.otroCurso = await crearFamilia('otro.curso@familia.test', [deOtro!.a], true);
});
afterAll(() => c?.cerrar());

test('la demostración: un comunicado de la Regencia que pide confirmación, sin abrir por referente.demo', async () => {
  const mios = await (await referente()).comunicados.mios();
  const d = mios.find((m) => m.titulo === TITULO_COMUNICADO_DEMO);
  expect(d).toMatchObject({ requiereConfirmacion: true, leido: null, confirmado: null });
  const seg = await (await regente()).comunicados.seguimiento({ id: d!.id });
  const yo = await idDeUsuario(db, EMAIL_DEMO.referente);
  expect(seg.familias.find((f) => f.usuario === yo)).toMatchObject({ leido: null });
  expect(seg.requiereConfirmacion).toBe(true);
});

test('no hay procedimiento para borrar un comunicado', () => {
  const rutas = Object.keys(appRouter._def.procedures)
    .filter((p) => p.startsWith('comunicados.'))
    .sort();
  expect(rutas).toEqual([
    'comunicados.abrir',
    'comunicados.adjunto',
    'comunicados.confirmar',
    'comunicados.editar',
    'comunicados.envios',
    'comunicados.listar',
    'comunicados.mios',
    'comunicados.opciones',
    'comunicados.publicar',
    'comunicados.seguimiento',
  ]);
});

describe('la Regencia publica al curso del hijo de referente.demo', () => {
  let id: number;

  test('con adjunto y confirmación: destinatarios del curso, un trabajo en la cola y avisos sólo para ellos', async () => {
    const r = await (
      await regente()
    ).comunicados.publicar({
      titulo: 'Salida educativa',
      texto: 'El jueves visitamos el museo.\nTraer autorización firmada.',
      audiencia: 'curso',
      curso: demo.curso,
      requiereConfirmacion: true,
      adjunto: { nombre: 'autorizacion.pdf', datos: PDF },
    });
    id = r.id;
    const esperados = await destinatariosDelCurso(demo.curso);
    const guardados = await db
      .selectDistinct({ u: s.comunicadoDestinatarios.usuarioId })
      .from(s.comunicadoDestinatarios)
      .where(eq(s.comunicadoDestinatarios.comunicadoId, id));
    expect(guardados.map((g) => g.u).sort((a, b) => a - b)).toEqual(esperados);
    expect(esperados).toContain(await idDeUsuario(db, EMAIL_DEMO.referente));
    expect(esperados).toContain(familias.hermanos);
    expect(esperados).not.toContain(familias.sinConfirmar);
    expect(esperados).not.toContain(familias.otroCurso);
    expect(esperados).not.toContain(await idDeUsuario(db, EMAIL_DEMO.referenteOtro));
    // Antes de que corra el trabajador, ningún aviso; después, uno por persona.
    expect(await avisosDe(id)).toEqual([]);
    expect(await vaciarCola(trabajo())).toBeGreaterThanOrEqual(1);
    const avisos = await avisosDe(id);
    expect(avisos.map((a) => a.usuario).sort((a, b) => a - b)).toEqual(esperados);
    const hijo = await db
      .select({ apellido: s.alumnos.apellido, nombre: s.alumnos.nombre })
      .from(s.alumnos)
      .where(eq(s.alumnos.id, demo.hijo));
    const yo = await idDeUsuario(db, EMAIL_DEMO.referente);
    const mio = avisos.find((a) => a.usuario === yo)!;
    expect(mio.titulo).toBe('Comunicado: Salida educativa');
    expect(mio.texto).toContain(`${hijo[0]!.apellido}, ${hijo[0]!.nombre} (`);
    expect(mio.texto).toContain('Pide confirmar la lectura.');
    // La familia con dos hijos en el curso: un aviso, con los dos.
    const hermanos = avisos.filter((a) => a.usuario === familias.hermanos);
    expect(hermanos).toHaveLength(1);
    expect(hermanos[0]!.texto).toMatch(
      /^[^:]+ \(.+\) y [^:]+ \(.+\): la escuela publicó «Salida educativa»\./,
    );
  });

  test('el referente lo ve y lo abre (queda leído, también su aviso); el otro referente, 404', async () => {
    const ref = await referente();
    const lista = await ref.comunicados.mios();
    expect(lista.find((m) => m.id === id)).toMatchObject({ leido: null, adjunto: true });
    const abierto = await ref.comunicados.abrir({ id });
    expect(abierto.texto).toBe('El jueves visitamos el museo.\nTraer autorización firmada.');
    expect(abierto.leido).not.toBeNull();
    expect(abierto.editado).toBeNull();
    const [aviso] = await db
      .select({ leido: s.avisos.leido })
      .from(s.avisos)
      .where(
        and(
          eq(s.avisos.clave, claveComunicado(id)),
          eq(s.avisos.usuarioId, await idDeUsuario(db, EMAIL_DEMO.referente)),
        ),
      );
    expect(aviso!.leido).not.toBeNull();
    const otro = await referenteOtro();
    expect(await codigoYMensaje(otro.comunicados.abrir({ id }))).toEqual({
      code: 'NOT_FOUND',
      message: COMUNICADO_INEXISTENTE,
    });
    expect(await codigoYMensaje(otro.comunicados.adjunto({ id }))).toEqual({
      code: 'NOT_FOUND',
      message: COMUNICADO_INEXISTENTE,
    });
    expect(await codigoYMensaje(otro.comunicados.confirmar({ id }))).toEqual({
      code: 'NOT_FOUND',
      message: COMUNICADO_INEXISTENTE,
    });
    expect((await otro.comunicados.mios()).some((m) => m.id === id)).toBe(false);
  });

  test('el adjunto: el destinatario lo baja con el tipo detectado; GET /api/comunicados/{id}/adjunto a otro referente, 404', async () => {
    const a = await (await referente()).comunicados.adjunto({ id });
    expect(a.tipo).toBe('application/pdf');
    expect(a.nombre).toBe('autorizacion.pdf');
    expect(new Uint8Array(a.datos)).toEqual(PDF);
    const { GET } = await import('@/app/api/comunicados/[id]/adjunto/route');
    const pedir = async (email: string) => {
      contexto = crearContexto({
        db,
        sesion: await sesionDe(db, email, Rol.ReferenteParental),
        ciclo,
      });
      return GET(new Request(`http://localhost/api/comunicados/${id}/adjunto`), {
        params: Promise.resolve({ id: String(id) }),
      });
    };
    const bien = await pedir(EMAIL_DEMO.referente);
    expect(bien.status).toBe(200);
    expect(bien.headers.get('content-type')).toBe('application/pdf');
    const mal = await pedir(EMAIL_DEMO.referenteOtro);
    expect(mal.status).toBe(404);
    expect(await mal.json()).toEqual({ error: true, message: COMUNICADO_INEXISTENTE });
  });

  test('confirma la lectura: el autor ve por familia leído, confirmado y no leído', async () => {
    const ref = await referente();
    const conf = await ref.comunicados.confirmar({ id });
    expect(conf.confirmado).not.toBeNull();
    const seg = await (await regente()).comunicados.seguimiento({ id });
    const yo = await idDeUsuario(db, EMAIL_DEMO.referente);
    expect(seg.familias.find((f) => f.usuario === yo)).toMatchObject({
      email: EMAIL_DEMO.referente,
      correo: expect.stringMatching(/^(pendiente|no va por correo)$/),
    });
    expect(seg.familias.find((f) => f.usuario === yo)!.confirmado).not.toBeNull();
    const resto = seg.familias.filter((f) => f.usuario !== yo);
    expect(resto.length).toBeGreaterThan(0);
    expect(resto.every((f) => f.leido === null && f.confirmado === null)).toBe(true);
    // La lista del autor cuenta una familia que leyó y confirmó.
    const fila = (await (await regente()).comunicados.listar()).find((l) => l.id === id)!;
    expect(fila).toMatchObject({ leidos: 1, confirmados: 1, familias: seg.familias.length });
  });

  test('el estado del correo de cada familia sale del registro de envíos (fallido, con el motivo)', async () => {
    const yo = await idDeUsuario(db, EMAIL_DEMO.referente);
    const [envio] = await db
      .insert(s.avisosEnvios)
      .values({
        usuarioId: yo,
        email: EMAIL_DEMO.referente,
        clave: `prueba-comunicado-${id}`,
        tipo: 'comunicado',
        categoria: 'comunicado',
        comunicadoId: id,
        asunto: 'Comunicado: Salida educativa',
        estado: 'fallido',
        motivo: '550 buzón inexistente',
      })
      .returning({ id: s.avisosEnvios.id });
    await db
      .update(s.avisos)
      .set({ envioId: envio!.id, correo: 'enviado' })
      .where(and(eq(s.avisos.clave, claveComunicado(id)), eq(s.avisos.usuarioId, yo)));
    const seg = await (await regente()).comunicados.seguimiento({ id });
    expect(seg.familias.find((f) => f.usuario === yo)).toMatchObject({
      correo: 'fallido',
      motivo: '550 buzón inexistente',
    });
    // /root/log: Admin con el dispositivo lo ve filtrando por fallidos, con "leído".
    const admin = await callerComo(db, EMAIL_DEMO.admin, Rol.Admin, {
      ciclo,
      dispositivoAdmin: true,
    });
    const fallidos = await admin.comunicados.envios({ estado: 'fallido', posicion: 0 });
    expect(fallidos.items.find((e) => e.id === envio!.id)).toMatchObject({
      estado: 'fallido',
      motivo: '550 buzón inexistente',
      email: EMAIL_DEMO.referente,
      leido: true,
    });
    expect(fallidos.items.every((e) => e.estado === 'fallido')).toBe(true);
    const enviados = await admin.comunicados.envios({ estado: 'enviado', posicion: 0 });
    expect(enviados.items.some((e) => e.id === envio!.id)).toBe(false);
    // Sin el dispositivo de administración, ni Admin.
    const sinDispositivo = await callerComo(db, EMAIL_DEMO.admin, Rol.Admin, { ciclo });
    expect(
      (await codigoYMensaje(sinDispositivo.comunicados.envios({ estado: 'todos', posicion: 0 })))
        .code,
    ).toBe('FORBIDDEN');
  });

  test('corregir: sólo su autor; las familias ven "editado" y el aviso cambia sin duplicarse', async () => {
    const alumnado = await como(EMAIL_DEMO.alumnado, Rol.Alumnado);
    expect(
      await codigoYMensaje(alumnado.comunicados.editar({ id, titulo: 'X', texto: 'Y' })),
    ).toEqual({ code: 'FORBIDDEN', message: SOLO_EL_AUTOR });
    const antes = (await avisosDe(id)).length;
    await (
      await regente()
    ).comunicados.editar({
      id,
      titulo: 'Salida educativa al museo',
      texto: 'El jueves 10 visitamos el museo.',
    });
    const abierto = await (await referente()).comunicados.abrir({ id });
    expect(abierto.editado).not.toBeNull();
    expect(abierto.titulo).toBe('Salida educativa al museo');
    expect(
      (await (await referente()).comunicados.mios()).find((m) => m.id === id)!.editado,
    ).not.toBeNull();
    await vaciarCola(trabajo());
    const despues = await avisosDe(id);
    expect(despues).toHaveLength(antes);
    expect(
      despues.every((a) => a.titulo === 'Comunicado (editado): Salida educativa al museo'),
    ).toBe(true);
  });
});

describe('audiencias por rol y alcance', () => {
  const base = { titulo: 'Aviso', texto: 'Texto del aviso.', requiereConfirmacion: false };

  test('el preceptor sólo escribe a sus cursos: otro curso o toda la escuela, 403 y nada escrito', async () => {
    const p = await como(EMAIL_DEMO.preceptor, Rol.Preceptor);
    const suyos = await db
      .select({ curso: s.preceptoresCursos.cursoId })
      .from(s.preceptoresCursos)
      .where(
        and(
          eq(s.preceptoresCursos.usuarioId, await idDeUsuario(db, EMAIL_DEMO.preceptor)),
          eq(s.preceptoresCursos.ciclolectivo, ciclo),
        ),
      );
    expect(suyos.length).toBeGreaterThan(0);
    const [ajeno] = await db
      .select({ id: s.cursos.id })
      .from(s.cursos)
      .where(
        sql`${s.cursos.id} not in (${sql.join(
          suyos.map((x) => sql`${x.curso}`),
          sql`, `,
        )})`,
      )
      .limit(1);
    const n = await cuantos();
    expect(
      await codigoYMensaje(
        p.comunicados.publicar({ ...base, audiencia: 'curso', curso: ajeno!.id }),
      ),
    ).toEqual({ code: 'FORBIDDEN', message: CURSO_AJENO });
    expect(await codigoYMensaje(p.comunicados.publicar({ ...base, audiencia: 'escuela' }))).toEqual(
      {
        code: 'FORBIDDEN',
        message: AUDIENCIA_NO_PERMITIDA,
      },
    );
    expect(await cuantos()).toBe(n);
    const opciones = await p.comunicados.opciones();
    expect(opciones.audiencias).toEqual(['curso']);
    expect(opciones.cursos.map((x) => x.id).sort()).toEqual(suyos.map((x) => x.curso).sort());
    const r = await p.comunicados.publicar({ ...base, audiencia: 'curso', curso: suyos[0]!.curso });
    expect(r.destinatarios).toBeGreaterThan(0);
    // Lo ve en su lista; el otro preceptor de la escuela no lo corrige.
    expect((await p.comunicados.listar()).some((l) => l.id === r.id)).toBe(true);
  });

  test('el docente sólo escribe a las familias de sus cursados', async () => {
    const d = await como(EMAIL_DEMO.docente, Rol.Docente);
    const suyos = await db
      .select({ id: s.cursadosDocentes.cursadoId })
      .from(s.cursadosDocentes)
      .innerJoin(s.cursados, eq(s.cursados.id, s.cursadosDocentes.cursadoId))
      .where(
        and(
          eq(s.cursadosDocentes.usuarioId, await idDeUsuario(db, EMAIL_DEMO.docente)),
          eq(s.cursados.ciclolectivo, ciclo),
        ),
      );
    expect(suyos.length).toBeGreaterThan(0);
    const ids = suyos.map((x) => x.id);
    const [ajeno] = await db
      .select({ id: s.cursados.id })
      .from(s.cursados)
      .where(
        and(
          eq(s.cursados.ciclolectivo, ciclo),
          sql`${s.cursados.id} not in (${sql.join(
            ids.map((x) => sql`${x}`),
            sql`, `,
          )})`,
        ),
      )
      .limit(1);
    expect(
      await codigoYMensaje(
        d.comunicados.publicar({ ...base, audiencia: 'cursado', cursado: ajeno!.id }),
      ),
    ).toEqual({ code: 'FORBIDDEN', message: CURSADO_AJENO });
    expect(
      await codigoYMensaje(
        d.comunicados.publicar({ ...base, audiencia: 'curso', curso: demo.curso }),
      ),
    ).toEqual({ code: 'FORBIDDEN', message: AUDIENCIA_NO_PERMITIDA });
    // Un cursado suyo con inscriptos: a sus alumnos y familias, y a nadie más.
    const conAlumnos = await db
      .selectDistinct({ id: s.inscripciones.cursadoId })
      .from(s.inscripciones)
      .where(inArray(s.inscripciones.cursadoId, ids));
    const cursado = conAlumnos[0]!.id;
    const r = await d.comunicados.publicar({ ...base, audiencia: 'cursado', cursado });
    const alumnos = await db
      .selectDistinct({ a: s.comunicadoDestinatarios.alumnoId })
      .from(s.comunicadoDestinatarios)
      .where(eq(s.comunicadoDestinatarios.comunicadoId, r.id));
    const inscriptos = await db
      .select({ a: s.inscripciones.alumnoId })
      .from(s.inscripciones)
      .where(eq(s.inscripciones.cursadoId, cursado));
    const enCursado = new Set(inscriptos.map((x) => x.a));
    expect(alumnos.length).toBeGreaterThan(0);
    expect(alumnos.every((x) => enCursado.has(x.a))).toBe(true);
  });

  test('el referente y el alumno no escriben; el docente no ve el seguimiento de otro autor', async () => {
    const ref = await referente();
    expect(
      (await codigoYMensaje(ref.comunicados.publicar({ ...base, audiencia: 'escuela' }))).code,
    ).toBe('FORBIDDEN');
    const delaRegencia = (await ref.comunicados.mios()).find(
      (m) => m.titulo === TITULO_COMUNICADO_DEMO,
    )!;
    const d = await como(EMAIL_DEMO.docente, Rol.Docente);
    expect(await codigoYMensaje(d.comunicados.seguimiento({ id: delaRegencia.id }))).toEqual({
      code: 'NOT_FOUND',
      message: COMUNICADO_INEXISTENTE,
    });
  });

  test('un comunicado sin confirmación: "Confirmo la lectura" responde 400', async () => {
    const r = await (
      await regente()
    ).comunicados.publicar({ ...base, audiencia: 'curso', curso: demo.curso });
    expect(await codigoYMensaje((await referente()).comunicados.confirmar({ id: r.id }))).toEqual({
      code: 'BAD_REQUEST',
      message: NO_REQUIERE_CONFIRMACION,
    });
  });
});

describe('el adjunto', () => {
  const base = {
    titulo: 'Con adjunto',
    texto: 'Ver adjunto.',
    audiencia: 'curso' as const,
    requiereConfirmacion: false,
  };

  test('otro tipo (un PNG, un HTML con nombre .pdf): 400 en castellano y nada escrito', async () => {
    const r = await regente();
    const n = await cuantos();
    const archivos = (await db.select({ n: count() }).from(s.archivos))[0]!.n;
    for (const datos of [PNG, new TextEncoder().encode('<html><script>x</script></html>')])
      expect(
        await codigoYMensaje(
          r.comunicados.publicar({
            ...base,
            curso: demo.curso,
            adjunto: { nombre: 'a.pdf', datos },
          }),
        ),
      ).toEqual({ code: 'BAD_REQUEST', message: ADJUNTO_INVALIDO });
    expect(await cuantos()).toBe(n);
    expect((await db.select({ n: count() }).from(s.archivos))[0]!.n).toBe(archivos);
  });

  test('más de 5 MB: 413 en castellano', async () => {
    const grande = new Uint8Array(5 * 1024 * 1024 + 1);
    grande.set(PDF);
    expect(
      await codigoYMensaje(
        (await regente()).comunicados.publicar({
          ...base,
          curso: demo.curso,
          adjunto: { nombre: 'grande.pdf', datos: grande },
        }),
      ),
    ).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: ADJUNTO_DEMASIADO_GRANDE });
  });

  /** POST /api/comunicados como el regente, con el cuerpo y si la ruta lo llegó a leer. */
  async function postear(formulario: FormData, cabeceras: Record<string, string> = {}) {
    contexto = crearContexto({
      db,
      sesion: await sesionDe(db, EMAIL_DEMO.regente, Rol.Regente),
      ciclo,
    });
    const { POST } = await import('@/app/api/comunicados/route');
    const armado = new Response(formulario);
    const cuerpo = new Uint8Array(await armado.arrayBuffer());
    let leido = false;
    const flujo = new ReadableStream<Uint8Array>(
      {
        pull(control) {
          leido = true;
          control.enqueue(cuerpo);
          control.close();
        },
      },
      { highWaterMark: 0 },
    );
    const res = await POST(
      new Request('http://localhost/api/comunicados', {
        method: 'POST',
        headers: { 'content-type': armado.headers.get('content-type')!, ...cabeceras },
        body: flujo,
        duplex: 'half',
      } as RequestInit),
    );
    return { res, leido: () => leido };
  }

  const formulario = (adjunto?: Uint8Array, nombre = 'circular.pdf') => {
    const f = new FormData();
    f.append('titulo', 'Circular');
    f.append('texto', 'Texto de la circular.');
    f.append('audiencia', 'curso');
    f.append('curso', String(demo.curso));
    f.append('requiereConfirmacion', 'true');
    if (adjunto) f.append('adjunto', new Blob([adjunto as Uint8Array<ArrayBuffer>]), nombre);
    return f;
  };

  test('POST /api/comunicados: publica con el PDF; un PNG, 400; más grande que el tope, 413 sin leer el cuerpo', async () => {
    const n = await cuantos();
    const bien = await postear(formulario(PDF));
    expect(bien.res.status).toBe(200);
    const { id } = (await bien.res.json()) as { id: number };
    expect(await cuantos()).toBe(n + 1);
    const [guardado] = await db
      .select({ conf: s.comunicados.requiereConfirmacion, adjunto: s.comunicados.adjuntoId })
      .from(s.comunicados)
      .where(eq(s.comunicados.id, id));
    expect(guardado!.conf).toBe(true);
    expect(guardado!.adjunto).not.toBeNull();

    const png = await postear(formulario(PNG, 'foto.jpg'));
    expect(png.res.status).toBe(400);
    expect(await png.res.json()).toEqual({ error: true, message: ADJUNTO_INVALIDO });

    const grande = await postear(formulario(PDF), { 'content-length': String(6 * 1024 * 1024) });
    expect(grande.res.status).toBe(413);
    expect(await grande.res.json()).toEqual({ error: true, message: ADJUNTO_DEMASIADO_GRANDE });
    expect(grande.leido()).toBe(false);
    expect(await cuantos()).toBe(n + 1);
  });

  test('POST /api/comunicados de un referente: 403 sin leer el cuerpo', async () => {
    contexto = crearContexto({
      db,
      sesion: await sesionDe(db, EMAIL_DEMO.referente, Rol.ReferenteParental),
      ciclo,
    });
    const { POST } = await import('@/app/api/comunicados/route');
    const res = await POST(
      new Request('http://localhost/api/comunicados', { method: 'POST', body: formulario(PDF) }),
    );
    expect(res.status).toBe(403);
  });
});
