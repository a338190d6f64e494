/**
 * El correo de los avisos (issue 35 §2 y §5) con un intercambio SMTP de verdad: un servidor
 * `smtp-server` de la prueba recibe cada correo y `mailparser` lo interpreta. En el momento (dos
 * hermanos en un solo correo, cada uno con su curso; una familia nunca recibe lo de otra), una vez
 * por clave (el mismo trabajo otra vez no manda otro), la preferencia "no", la falla del SMTP
 * ('fallido' con el motivo, y el reintento manda uno solo), el resumen diario agrupado por hijo (una
 * familia a la que le falla el SMTP no frena a las demás; dos resúmenes a la vez mandan uno por
 * familia) y la baja desde el enlace del correo (con su registro de consentimiento; un token
 * falso, 400).
 */
import { and, eq, sql } from 'drizzle-orm';
import { ESPERA_ASISTENCIA_POR_OMISION, type Categoria } from '@/domain/avisos';
import { nombreCurso } from '@/domain/escuela';
import { Rol } from '@/domain/roles';
import { COLAS } from '@/server/avisos/cola';
import { procesarCorreo, procesarResumen } from '@/server/avisos/correo';
import { atenderBaja, MENSAJE_BAJA_INVALIDA } from '@/server/avisos/correo/baja';
import { tokenDeBaja } from '@/server/avisos/correo/componer';
import { guardarAvisos } from '@/server/avisos/procesar';
import { vaciarCola } from '@/server/avisos/trabajador';
import type { AvisoNuevo, Correo, CtxTrabajo } from '@/server/avisos/tipos';
import type { Conexion, Db } from '@/server/db';
import {
  alumnosReferentes,
  avisos,
  avisosAjustes,
  avisosConsentimientos,
  avisosEnvios,
  avisosPreferencias,
  referentes,
  usuarios,
} from '@/server/db/schema';
import { ESCUELA } from '@/server/db/seed/estructura';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { iniciarSmtp, type Recibido, type ServidorSmtp } from '../fixtures/smtp';

const CICLO = 2026;
const HOY = '2026-05-12';
const URL_BASE = 'https://portal.escuela.test';
const SECRETO = 's'.repeat(40);
let conexion: Conexion;
let db: Db;
let smtp: ServidorSmtp;

interface Hijo {
  id: number;
  apellido: string;
  nombre: string;
  curso: string;
}
interface Familia {
  usuario: number;
  email: string;
  hijos: Hijo[];
}
let ana: Familia;
let beto: Familia;

const filas = async <T>(consulta: ReturnType<typeof sql>): Promise<T[]> => {
  const r = (await db.execute(consulta)) as unknown as T[] | { rows: T[] };
  return Array.isArray(r) ? r : r.rows;
};

const ctx = (cambios: Partial<CtxTrabajo> = {}): CtxTrabajo => ({
  db,
  ahora: new Date('2026-05-12T21:00:00Z'),
  hoy: HOY,
  zona: 'America/Argentina/Cordoba',
  esperaAsistencia: ESPERA_ASISTENCIA_POR_OMISION,
  urlBase: URL_BASE,
  secreto: SECRETO,
  correo: smtp.correo('Portal <avisos@escuela.test>'),
  ...cambios,
});

/** Una familia nueva: el usuario referente y sus hijos (vínculo confirmado). */
async function familia(email: string, hijos: Hijo[]): Promise<Familia> {
  const [u] = await db
    .insert(usuarios)
    .values({ email, nombre: 'Tutora', apellido: email.split('@')[0]!, rls: Rol.ReferenteParental })
    .returning({ id: usuarios.id });
  const [r] = await db
    .insert(referentes)
    .values({ usuarioId: u!.id, apellido: email, nombre: 'Tutora', email })
    .returning({ id: referentes.id });
  await db
    .insert(alumnosReferentes)
    .values(hijos.map((h) => ({ alumnoId: h.id, referenteId: r!.id, confirmado: true })));
  return { usuario: u!.id, email, hijos };
}

const aviso = (f: Familia, h: Hijo, categoria: Categoria, extra: Partial<AvisoNuevo> = {}) => ({
  usuario: f.usuario,
  alumno: h.id,
  categoria,
  clave: `${categoria}:${h.id}:${HOY}:${extra.titulo ?? ''}`,
  titulo: `Aviso de ${categoria}`,
  texto: `${h.apellido}, ${h.nombre} (${h.curso}): ausente el 12/05/2026, turno mañana.`,
  enlace: '/asistencias-externo',
  ...extra,
});

/** Corre los trabajos de la cola ya vencidos y los que esperan (la espera para juntar hermanos). */
async function correrCola(c: CtxTrabajo = ctx()) {
  await db.execute(
    sql`update pgboss.job set start_after = now() where state in ('created', 'retry')`,
  );
  return vaciarCola(c);
}

const nombreCon = (h: Hijo) => `${h.apellido}, ${h.nombre} (${h.curso})`;
const para = (f: Familia) => smtp.recibidos.filter((r) => r.para.includes(f.email));
const tokenDe = (r: Recibido) =>
  /\/api\/avisos\/baja\?t=([^>]+)>/.exec(r.cabeceras.get('list-unsubscribe') ?? '')?.[1];

beforeAll(async () => {
  conexion = await crearEscuelaDePrueba(CICLO, HOY);
  db = conexion.db;
  smtp = await iniciarSmtp();
  const alumnos = await filas<Hijo & { anio: number; division: number; especialidad: string }>(sql`
    select a.id, a.apellido, a.nombre, c.anio, c.division, c.especialidad
    from alumnos a join alumnos_cursos ac on ac.alumno_id = a.id and ac.ciclolectivo = ${CICLO}
    join cursos c on c.id = ac.curso_id
    order by c.anio, a.id limit 3`);
  const hijos = alumnos.map((a) => ({ ...a, curso: nombreCurso(a) }));
  ana = await familia('ana.familia@correo.test', [hijos[0]!, hijos[1]!]);
  beto = await familia('beto.familia@correo.test', [hijos[2]!]);
});
afterAll(async () => {
  await smtp?.cerrar();
  await conexion?.cerrar();
});
beforeEach(() => {
  smtp.recibidos.length = 0;
  smtp.rechazar = null;
});

describe('en el momento', () => {
  test('dos hermanos van en un solo correo, cada uno con su curso; la otra familia, sólo lo suyo', async () => {
    const [h1, h2] = ana.hijos as [Hijo, Hijo];
    await guardarAvisos(ctx(), [
      aviso(ana, h1, 'inasistencia'),
      aviso(ana, h2, 'inasistencia'),
      aviso(beto, beto.hijos[0]!, 'inasistencia'),
    ]);
    await correrCola();
    const deAna = para(ana);
    expect(deAna).toHaveLength(1);
    const m = deAna[0]!;
    expect(m.de).toContain('avisos@escuela.test');
    expect(m.asunto).toBe(
      `Inasistencias, tardanzas y retiros: ${nombreCon(h1)} y ${nombreCon(h2)} — ${ESCUELA.nombre}`,
    );
    for (const cuerpo of [m.texto, m.html]) {
      expect(cuerpo).toContain(`${URL_BASE}/asistencias-externo`);
      expect(cuerpo).toContain(`${URL_BASE}/avisos/preferencias`);
    }
    expect(m.texto).toContain(ESCUELA.nombre);
    expect(m.html).toContain(ESCUELA.nombre.replaceAll('"', '&quot;'));
    expect(m.texto).toContain(`${nombreCon(h1)}\n`);
    expect(m.texto).toContain(`${nombreCon(h2)}\n`);
    expect(m.texto).toContain('Recibe este correo porque es referente de');
    expect(m.texto).toContain('Tiene 2 avisos nuevos de inasistencias, tardanzas y retiros.');
    expect(m.cabeceras.get('list-unsubscribe')).toMatch(
      new RegExp(`^<${URL_BASE}/api/avisos/baja\\?t=${ana.usuario}\\.inasistencia\\.[\\w-]{43}>$`),
    );
    expect(m.cabeceras.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // La otra familia: un correo, sólo con su hijo.
    const deBeto = para(beto);
    expect(deBeto).toHaveLength(1);
    expect(deBeto[0]!.texto).toContain(nombreCon(beto.hijos[0]!));
    for (const h of ana.hijos) expect(deBeto[0]!.texto).not.toContain(h.apellido + ', ' + h.nombre);
    expect(smtp.recibidos).toHaveLength(2);
    // El registro: enviado, con su Message-ID; los avisos, en ese envío.
    const [envio] = await db
      .select()
      .from(avisosEnvios)
      .where(eq(avisosEnvios.clave, `inmediato:${ana.usuario}:inasistencia:${HOY}`));
    expect(envio).toMatchObject({
      estado: 'enviado',
      tipo: 'inmediato',
      categoria: 'inasistencia',
      email: ana.email,
      intentos: 1,
      messageId: m.messageId,
      motivo: null,
    });
    expect(envio!.enviado).not.toBeNull();
    const suyos = await db
      .select({ correo: avisos.correo, envio: avisos.envioId })
      .from(avisos)
      .where(eq(avisos.usuarioId, ana.usuario));
    expect(suyos).toEqual([
      { correo: 'enviado', envio: envio!.id },
      { correo: 'enviado', envio: envio!.id },
    ]);
  });

  test('el mismo trabajo otra vez no manda otro; lo que llega después el mismo día espera el resumen', async () => {
    await procesarCorreo(ctx(), { usuario: ana.usuario, categoria: 'inasistencia', dia: HOY });
    await guardarAvisos(ctx(), [
      aviso(ana, ana.hijos[0]!, 'inasistencia', { titulo: 'Tardanza', clave: 'tardanza:1' }),
    ]);
    await correrCola();
    expect(smtp.recibidos).toEqual([]);
    const [tardanza] = await db
      .select({ correo: avisos.correo })
      .from(avisos)
      .where(and(eq(avisos.usuarioId, ana.usuario), eq(avisos.clave, 'tardanza:1')));
    expect(tardanza).toEqual({ correo: 'pendiente' });
    const [n] = await filas<{ n: number }>(
      sql`select count(*)::int as n from avisos_envios where usuario_id = ${ana.usuario}`,
    );
    expect(n!.n).toBe(1);
  });

  test('con la preferencia en "no", nada por correo (el aviso sigue en la campana)', async () => {
    await db
      .insert(avisosPreferencias)
      .values({ usuarioId: beto.usuario, categoria: 'medida', modo: 'no' });
    await guardarAvisos(ctx(), [aviso(beto, beto.hijos[0]!, 'medida')]);
    await correrCola();
    expect(smtp.recibidos).toEqual([]);
    const [a] = await db
      .select({ correo: avisos.correo })
      .from(avisos)
      .where(and(eq(avisos.usuarioId, beto.usuario), eq(avisos.categoria, 'medida')));
    expect(a).toEqual({ correo: 'no' });
  });

  test('sin SMTP configurado no manda nada ni registra envíos', async () => {
    await guardarAvisos(ctx(), [aviso(beto, beto.hijos[0]!, 'vinculo')]);
    await correrCola({ ...ctx(), correo: null });
    expect(smtp.recibidos).toEqual([]);
    const envios = await db
      .select()
      .from(avisosEnvios)
      .where(eq(avisosEnvios.clave, `inmediato:${beto.usuario}:vinculo:${HOY}`));
    expect(envios).toEqual([]);
    await db.execute(sql`update avisos set correo = 'no' where categoria = 'vinculo'`);
  });

  test('dos trabajadores a la vez con el mismo correo: sale uno solo', async () => {
    const otroDia = ctx({ hoy: '2026-05-15' });
    await guardarAvisos(otroDia, [aviso(beto, beto.hijos[0]!, 'vinculo', { clave: 'vinculo:2' })]);
    const datos = { usuario: beto.usuario, categoria: 'vinculo' as const, dia: '2026-05-15' };
    await Promise.all([
      procesarCorreo(otroDia, datos),
      procesarCorreo(ctx({ hoy: '2026-05-15' }), datos),
    ]);
    expect(para(beto)).toHaveLength(1);
    await correrCola(otroDia);
    expect(smtp.recibidos).toHaveLength(1);
  });

  test('el SMTP rechaza: el envío queda fallido con el motivo; el reintento manda uno solo', async () => {
    const clave = `inmediato:${beto.usuario}:umbral:${HOY}`;
    smtp.rechazar = 'Buzón lleno';
    await guardarAvisos(ctx(), [aviso(beto, beto.hijos[0]!, 'umbral')]);
    // El trabajo, como lo corre el trabajador: el error sigue hasta pg-boss (que lo reintenta).
    const datos = { usuario: beto.usuario, categoria: 'umbral' as const, dia: HOY };
    await expect(procesarCorreo(ctx(), datos)).rejects.toThrow('Buzón lleno');
    const [fallido] = await db.select().from(avisosEnvios).where(eq(avisosEnvios.clave, clave));
    expect(fallido).toMatchObject({ estado: 'fallido', intentos: 1, enviado: null });
    expect(fallido!.motivo).toContain('Buzón lleno');
    const [a] = await db
      .select({ correo: avisos.correo })
      .from(avisos)
      .where(and(eq(avisos.usuarioId, beto.usuario), eq(avisos.categoria, 'umbral')));
    expect(a).toEqual({ correo: 'pendiente' });
    expect(smtp.recibidos).toEqual([]);
    // El servidor vuelve: el trabajo corre otra vez; el mismo registro, un intento más.
    smtp.rechazar = null;
    expect(await correrCola()).toBe(1);
    expect(para(beto)).toHaveLength(1);
    const [enviado] = await db.select().from(avisosEnvios).where(eq(avisosEnvios.clave, clave));
    expect(enviado).toMatchObject({
      id: fallido!.id,
      estado: 'enviado',
      intentos: 2,
      motivo: null,
    });
    expect(enviado!.messageId).toBe(para(beto)[0]!.messageId);
    expect(await correrCola()).toBe(0);
    expect(smtp.recibidos).toHaveLength(1);
  });
  test('por la cola con el SMTP caído: sigue el error del correo y el trabajo queda para reintentar; después sale uno', async () => {
    const dia = '2026-05-20';
    const c = ctx({ hoy: dia });
    await guardarAvisos(c, [aviso(beto, beto.hijos[0]!, 'umbral', { clave: 'umbral:cola' })]);
    smtp.rechazar = 'Servidor ocupado';
    await expect(correrCola(c)).rejects.toThrow('Servidor ocupado');
    const trabajo = async () =>
      (
        await filas<{ state: string }>(sql`
          select state from pgboss.job where name = ${COLAS.correo} and data->>'dia' = ${dia}`)
      ).map((t) => t.state);
    expect(await trabajo()).toEqual(['retry']);
    smtp.rechazar = null;
    expect(await correrCola(c)).toBe(1);
    expect(para(beto)).toHaveLength(1);
    expect(await trabajo()).toEqual(['completed']);
  });
});

describe('el resumen diario', () => {
  test('un correo por familia a su hora, agrupado por hijo y por categoría; otra vez, nada', async () => {
    const [h1, h2] = ana.hijos as [Hijo, Hijo];
    await guardarAvisos(ctx(), [
      aviso(ana, h2, 'notas', { titulo: 'Notas del 1.er cuatrimestre' }),
      aviso(ana, h1, 'notas', { titulo: 'Notas del 1.er cuatrimestre' }),
      aviso(ana, h1, 'mesa', { titulo: 'Inscripción a mesa', enlace: '/mesas' }),
      aviso(beto, beto.hijos[0]!, 'notas', { titulo: 'Notas de Beto' }),
    ]);
    // Beto eligió el resumen a las 7: a las 18 no le toca.
    await db.insert(avisosAjustes).values({ usuarioId: beto.usuario, horaResumen: 7 });
    await correrCola();
    expect(smtp.recibidos).toEqual([]);
    const r = await procesarResumen(ctx(), { hora: 18 });
    expect(r).toMatchObject({ enviados: 1, fallidos: 0 });
    expect(smtp.recibidos).toHaveLength(1);
    const m = para(ana)[0]!;
    expect(m.asunto).toBe(
      `Resumen del 12/05/2026: ${nombreCon(h1)} y ${nombreCon(h2)} — ${ESCUELA.nombre}`,
    );
    // El hijo 1 con sus tres categorías (la tardanza que quedó del día, las notas, la mesa); después
    // el hijo 2 con las notas.
    const t = m.texto;
    const orden = [
      nombreCon(h1),
      'Inasistencias, tardanzas y retiros:',
      '* Tardanza',
      'Notas publicadas:',
      'Mesas de examen:',
      `${URL_BASE}/mesas`,
      nombreCon(h2) + '\n',
      'Notas publicadas:',
    ];
    let desde = t.indexOf('Estos son los 4 avisos del 12/05/2026.');
    expect(desde).toBeGreaterThan(0);
    for (const trozo of orden) {
      const i = t.indexOf(trozo, desde);
      expect([trozo, i > desde]).toEqual([trozo, true]);
      desde = i;
    }
    expect(m.cabeceras.get('list-unsubscribe')).toContain(`t=${ana.usuario}.resumen.`);
    expect(m.texto).toContain('Dejar de recibir «Notas publicadas» por correo: ');
    const pendientes = await db
      .select({ usuario: avisos.usuarioId })
      .from(avisos)
      .where(eq(avisos.correo, 'pendiente'));
    expect(pendientes).toEqual([{ usuario: beto.usuario }]);
    // Otra vez a la misma hora (un reintento del trabajo): nada.
    await procesarResumen(ctx(), { hora: 18 });
    expect(smtp.recibidos).toHaveLength(1);
    // A las 7, el de Beto.
    await procesarResumen(ctx(), { hora: 7 });
    expect(para(beto)).toHaveLength(1);
    expect(para(beto)[0]!.texto).toContain('Notas de Beto');
  });

  test('el SMTP falla en el resumen: fallido con el motivo y el error para pg-boss; el reintento manda uno', async () => {
    const otroDia = ctx({ hoy: '2026-05-16' });
    const clave = `resumen:${beto.usuario}:2026-05-16`;
    await guardarAvisos(otroDia, [
      aviso(beto, beto.hijos[0]!, 'pic', { titulo: 'PIC de Beto', clave: 'pic:1' }),
    ]);
    smtp.rechazar = 'Servicio no disponible';
    await expect(procesarResumen(otroDia, { hora: 7 })).rejects.toThrow('1 correos fallaron');
    const [fallido] = await db.select().from(avisosEnvios).where(eq(avisosEnvios.clave, clave));
    expect(fallido).toMatchObject({ estado: 'fallido', tipo: 'resumen', intentos: 1 });
    expect(fallido!.motivo).toContain('Servicio no disponible');
    smtp.rechazar = null;
    expect(await procesarResumen(otroDia, { hora: 7 })).toMatchObject({ enviados: 1, fallidos: 0 });
    expect(await procesarResumen(otroDia, { hora: 7 })).toMatchObject({ enviados: 0 });
    expect(para(beto)).toHaveLength(1);
    expect(para(beto)[0]!.texto).toContain('PIC de Beto');
    const [enviado] = await db.select().from(avisosEnvios).where(eq(avisosEnvios.clave, clave));
    expect(enviado).toMatchObject({
      id: fallido!.id,
      estado: 'enviado',
      intentos: 2,
      motivo: null,
    });
  });
  /** Familias nuevas con su resumen a `hora` y un aviso de notas cada una, del día `dia`. */
  async function familiasDelResumen(nombres: string[], hora: number, dia: string) {
    const hijos = [...ana.hijos, ...beto.hijos];
    const nuevas: Familia[] = [];
    for (const [i, n] of nombres.entries())
      nuevas.push(await familia(`${n}.familia@correo.test`, [hijos[i % hijos.length]!]));
    await db
      .insert(avisosAjustes)
      .values(nuevas.map((f) => ({ usuarioId: f.usuario, horaResumen: hora })));
    await guardarAvisos(
      ctx({ hoy: dia }),
      nuevas.map((f) =>
        aviso(f, f.hijos[0]!, 'notas', {
          titulo: `Notas para ${f.email}`,
          clave: `notas:${f.email}`,
        }),
      ),
    );
    return nuevas;
  }

  test('a una familia le falla el SMTP: las demás reciben el suyo, ésa queda fallida; el reintento manda sólo ésa', async () => {
    const dia = '2026-05-17';
    const fams = await familiasDelResumen(['carla', 'dora', 'eva', 'fabi', 'gala', 'hugo'], 9, dia);
    const dora = fams[1]!;
    const real = smtp.correo();
    const conFalla: Correo = {
      from: real.from,
      enviar: (m) =>
        m.to === dora.email ? Promise.reject(new Error('Buzón inexistente')) : real.enviar(m),
    };
    await expect(procesarResumen(ctx({ hoy: dia, correo: conFalla }), { hora: 9 })).rejects.toThrow(
      'El resumen de las 9 h: 1 correos fallaron (Buzón inexistente).',
    );
    const otras = fams.filter((f) => f !== dora);
    expect(smtp.recibidos.flatMap((r) => r.para).sort()).toEqual(otras.map((f) => f.email).sort());
    for (const f of otras) {
      const [e] = await db
        .select()
        .from(avisosEnvios)
        .where(eq(avisosEnvios.clave, `resumen:${f.usuario}:${dia}`));
      expect(e).toMatchObject({ estado: 'enviado', intentos: 1, messageId: para(f)[0]!.messageId });
      const suyos = await db
        .select({ correo: avisos.correo, envio: avisos.envioId })
        .from(avisos)
        .where(eq(avisos.usuarioId, f.usuario));
      expect(suyos).toEqual([{ correo: 'enviado', envio: e!.id }]);
    }
    // La que falló: nada anotado como enviado (ni Message-ID), sus avisos siguen pendientes.
    const [fallido] = await db
      .select()
      .from(avisosEnvios)
      .where(eq(avisosEnvios.clave, `resumen:${dora.usuario}:${dia}`));
    expect(fallido).toMatchObject({
      estado: 'fallido',
      intentos: 1,
      messageId: null,
      enviado: null,
    });
    expect(fallido!.motivo).toBe('Buzón inexistente');
    const deDora = await db
      .select({ correo: avisos.correo, envio: avisos.envioId })
      .from(avisos)
      .where(eq(avisos.usuarioId, dora.usuario));
    expect(deDora).toEqual([{ correo: 'pendiente', envio: null }]);
    // El reintento (pg-boss): sólo la que faltaba.
    smtp.recibidos.length = 0;
    expect(await procesarResumen(ctx({ hoy: dia }), { hora: 9 })).toMatchObject({
      enviados: 1,
      fallidos: 0,
    });
    expect(smtp.recibidos.map((r) => r.para)).toEqual([[dora.email]]);
    const [enviado] = await db
      .select()
      .from(avisosEnvios)
      .where(eq(avisosEnvios.clave, `resumen:${dora.usuario}:${dia}`));
    expect(enviado).toMatchObject({
      id: fallido!.id,
      estado: 'enviado',
      intentos: 2,
      motivo: null,
    });
  });

  test('dos resúmenes a la vez (dos trabajadores): un correo por familia', async () => {
    const dia = '2026-05-18';
    const fams = await familiasDelResumen(
      ['ines', 'juli', 'kari', 'lola', 'mora', 'nico', 'olga'],
      10,
      dia,
    );
    const [a, b] = await Promise.all([
      procesarResumen(ctx({ hoy: dia }), { hora: 10 }),
      procesarResumen(ctx({ hoy: dia }), { hora: 10 }),
    ]);
    expect(a.enviados + b.enviados).toBe(fams.length);
    expect(smtp.recibidos.flatMap((r) => r.para).sort()).toEqual(fams.map((f) => f.email).sort());
    expect(new Set(smtp.recibidos.map((r) => r.messageId)).size).toBe(fams.length);
  });

  test('el correo en el momento y el resumen a la vez sobre los mismos avisos: sale uno solo', async () => {
    const dia = '2026-05-19';
    const [pia] = await familiasDelResumen(['pia'], 11, dia);
    await guardarAvisos(ctx({ hoy: dia }), [
      aviso(pia!, pia!.hijos[0]!, 'inasistencia', { clave: 'inasistencia:pia' }),
    ]);
    await db.execute(
      sql`update avisos set correo = 'no' where usuario_id = ${pia!.usuario} and categoria = 'notas'`,
    );
    await Promise.all([
      procesarCorreo(ctx({ hoy: dia }), { usuario: pia!.usuario, categoria: 'inasistencia', dia }),
      procesarResumen(ctx({ hoy: dia }), { hora: 11 }),
    ]);
    expect(para(pia!)).toHaveLength(1);
    expect(para(pia!)[0]!.texto).toContain(nombreCon(pia!.hijos[0]!));
  });
});

describe('la baja desde el correo (/api/avisos/baja)', () => {
  const dep = () => ({
    db,
    secreto: SECRETO,
    ahora: new Date('2026-05-12T22:00:00Z'),
    ip: '10.1.2.3',
  });
  const pedir = (metodo: string, token: string, init: RequestInit = {}) =>
    atenderBaja(
      new Request(`${URL_BASE}/api/avisos/baja?t=${encodeURIComponent(token)}`, {
        method: metodo,
        ...init,
      }),
      dep(),
    );
  const modo = async (usuario: number, categoria: Categoria) =>
    (
      await db
        .select({ modo: avisosPreferencias.modo })
        .from(avisosPreferencias)
        .where(
          and(
            eq(avisosPreferencias.usuarioId, usuario),
            eq(avisosPreferencias.categoria, categoria),
          ),
        )
    )[0]?.modo ?? null;

  test('el enlace del correo: GET sólo muestra la página; POST en un clic da de baja y lo anota', async () => {
    // Otro día: el correo en el momento de las inasistencias de hoy ya salió.
    const manana = ctx({ hoy: '2026-05-13' });
    await guardarAvisos(manana, [
      aviso(ana, ana.hijos[0]!, 'inasistencia', { titulo: 'Retiro', clave: 'retiro:1' }),
    ]);
    await correrCola(manana);
    const token = tokenDe(para(ana)[0]!)!;
    expect(token).toMatch(/^\d+\.inasistencia\./);
    const g = await pedir('GET', token);
    expect(g.status).toBe(200);
    const pagina = await g.text();
    expect(pagina).toContain(
      '¿Quiere dejar de recibir por correo «Inasistencias, tardanzas y retiros»?',
    );
    expect(pagina).toContain('<form method="post"');
    expect(await modo(ana.usuario, 'inasistencia')).toBeNull();

    const p = await pedir('POST', token, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(p.status).toBe(200);
    expect(await p.json()).toMatchObject({
      ok: true,
      message: 'Listo: ya no recibirá por correo «Inasistencias, tardanzas y retiros».',
    });
    expect(await modo(ana.usuario, 'inasistencia')).toBe('no');
    const consentimientos = await db
      .select()
      .from(avisosConsentimientos)
      .where(eq(avisosConsentimientos.usuarioId, ana.usuario));
    expect(consentimientos).toEqual([
      expect.objectContaining({
        origen: 'baja',
        ip: '10.1.2.3',
        cambios: [{ categoria: 'inasistencia', antes: 'inmediato', despues: 'no' }],
      }),
    ]);
    // Desde ahora, un aviso de esa categoría no va por correo.
    smtp.recibidos.length = 0;
    const pasado = ctx({ hoy: '2026-05-14' });
    await guardarAvisos(pasado, [
      aviso(ana, ana.hijos[1]!, 'inasistencia', { titulo: 'Otra', clave: 'otra:1' }),
    ]);
    await correrCola(pasado);
    expect(smtp.recibidos).toEqual([]);
  });

  test('la baja del resumen pone en "no" lo que llegaba en el resumen', async () => {
    const r = await pedir('POST', tokenDeBaja(SECRETO, beto.usuario, 'resumen'));
    expect(r.status).toBe(200);
    expect(await modo(beto.usuario, 'notas')).toBe('no');
    expect(await modo(beto.usuario, 'evaluacion')).toBe('no');
    expect(await modo(beto.usuario, 'umbral')).toBeNull();
  });

  test.each([
    ['firma cambiada', (t: string) => t.slice(0, -2) + (t.endsWith('AA') ? 'BB' : 'AA')],
    ['otro usuario con la firma de éste', (t: string) => t.replace(/^\d+/, String(beto.usuario))],
    ['otra categoría', (t: string) => t.replace('.inasistencia.', '.medida.')],
    ['vacío', () => ''],
    ['basura', () => '<script>alert(1)</script>'],
  ])('token falso (%s): 400 en castellano y nada cambia', async (_caso, falsear) => {
    const bueno = tokenDeBaja(SECRETO, ana.usuario, 'inasistencia');
    const antes = await db.select().from(avisosPreferencias);
    const n = (await db.select().from(avisosConsentimientos)).length;
    for (const metodo of ['GET', 'POST']) {
      const r = await pedir(metodo, falsear(bueno));
      expect(r.status).toBe(400);
      expect(await r.text()).toContain(
        metodo === 'GET'
          ? 'El enlace para dejar de recibir avisos no es válido.'
          : MENSAJE_BAJA_INVALIDA,
      );
    }
    expect(await db.select().from(avisosPreferencias)).toEqual(antes);
    expect(await db.select().from(avisosConsentimientos)).toHaveLength(n);
  });

  test('un token firmado con otro secreto no vale; un cuerpo de más de 4 KB, 413', async () => {
    expect((await pedir('POST', tokenDeBaja('otro'.repeat(10), ana.usuario, 'notas'))).status).toBe(
      400,
    );
    const grande = await pedir('POST', tokenDeBaja(SECRETO, ana.usuario, 'notas'), {
      body: 'x'.repeat(5000),
    });
    expect(grande.status).toBe(413);
    expect(await modo(ana.usuario, 'notas')).toBeNull();
  });
});
