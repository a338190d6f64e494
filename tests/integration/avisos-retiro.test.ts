/**
 * Los avisos de un hecho deshecho se retiran (issue 35, src/server/avisos/retirar.ts), en la misma
 * transacción del cambio: el alumno quitado de una mesa o de una PIC, la mesa o la PIC borradas,
 * la evaluación cancelada y el vínculo de un referente quitado antes de su correo. Sin leer y sin
 * correo enviado, el aviso se borra (la campana deja de contarlo); leído o ya enviado, queda con
 * «Ya no corresponde: …» y el motivo; lo que esperaba el resumen o el correo en el momento no llega
 * nunca al servidor SMTP de la prueba. Un cambio rechazado no retira nada.
 */
import { sql } from 'drizzle-orm';
import { Rol } from '@/domain/roles';
import { COLAS, encolar } from '@/server/avisos/cola';
import { procesarResumen } from '@/server/avisos/correo';
import { guardarAvisos } from '@/server/avisos/procesar';
import { MOTIVO_RETIRO, YA_NO_CORRESPONDE } from '@/server/avisos/retirar';
import { vaciarCola } from '@/server/avisos/trabajador';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo, idDeUsuario } from '../fixtures/contexto';
import {
  avisosDe,
  ctxTrabajo,
  esperados,
  filas,
  hijosDe,
  type AvisoGuardado,
} from '../fixtures/avisos-eventos';
import { iniciarSmtp, type ServidorSmtp } from '../fixtures/smtp';

const CICLO = 2026;
const HOY = '2026-09-25';
let conexion: Conexion;
let db: Db;
let smtp: ServidorSmtp;

const ids = { ref: 0, tomasUsuario: 0, tomas: 0, valentina: 0, refOtro: 0 };

const mediodia = (hoy: string) => new Date(`${hoy}T15:00:00Z`);
const como = (email: string, rol: number, hoy = HOY) =>
  callerComo(db, email, rol, { ciclo: CICLO, hoy, ahora: mediodia(hoy) });
const referente = () => como(EMAIL_DEMO.referente, Rol.ReferenteParental);
const alumnado = (hoy = HOY) => como(EMAIL_DEMO.alumnado, Rol.Alumnado, hoy);

/** El contexto del trabajador con el SMTP de la prueba (una hora antes de los cambios). */
const ctx = (hoy = HOY) => ({
  ...ctxTrabajo(db, new Date(mediodia(hoy).getTime() - 3600_000), hoy, 0),
  correo: smtp.correo('Portal <avisos@escuela.test>'),
});

/** Compone los hechos encolados (los correos "en el momento" quedan para `correrCorreos`). */
async function componer(hoy = HOY) {
  await db.execute(sql`update pgboss.job set start_after = now()
    where name = ${COLAS.evento} and state in ('created', 'retry')`);
  return vaciarCola({ ...ctx(hoy), correo: null });
}

/** Corre los correos "en el momento" ya encolados, como si hubiera pasado su espera. */
async function correrCorreos(hoy = HOY) {
  await db.execute(sql`update pgboss.job set start_after = now()
    where name = ${COLAS.correo} and state in ('created', 'retry')`);
  return vaciarCola(ctx(hoy));
}

const esperadosDe = (alumno: number) => esperados(db, alumno);
const deUsuario = (avisos: AvisoGuardado[], usuario: number) =>
  avisos.find((a) => a.usuario === usuario);

/** Lo que le llegó por correo a referente.demo, todo junto. */
const correosDelReferente = () =>
  smtp.recibidos
    .filter((r) => r.para.includes(EMAIL_DEMO.referente))
    .map((r) => `${r.asunto}\n${r.texto}`);

beforeAll(async () => {
  conexion = await crearEscuelaDePrueba(CICLO, HOY);
  db = conexion.db;
  smtp = await iniciarSmtp();
  ids.ref = await idDeUsuario(db, EMAIL_DEMO.referente);
  ids.tomasUsuario = await idDeUsuario(db, EMAIL_DEMO.alumno);
  const [tomas] = await db
    .select({ id: s.alumnos.id })
    .from(s.alumnos)
    .where(sql`${s.alumnos.usuarioId} = ${ids.tomasUsuario}`);
  ids.tomas = tomas!.id;
  ids.valentina = (await hijosDe(db, EMAIL_DEMO.referente)).find((h) => h !== ids.tomas)!;
  const [otro] = await filas<{ id: number }>(
    db,
    sql`select r.id from referentes r join usuarios u on u.id = r.usuario_id
        where lower(u.email) = ${EMAIL_DEMO.referenteOtro.toLowerCase()}`,
  );
  ids.refOtro = otro!.id;
  // Los avisos sembrados (la campana de la demostración) no cuentan; la cola empieza vacía.
  await db.execute(sql`delete from avisos`);
  await db.execute(sql`delete from pgboss.job`);
});
afterAll(async () => {
  await smtp?.cerrar();
  await conexion?.cerrar();
});
beforeEach(() => {
  smtp.recibidos.length = 0;
});

describe('mesa: el alumno quitado y la mesa borrada', () => {
  const HOY_MESA = '2026-11-24';
  let mesa = 0;
  let materia = 0;
  let clave = '';

  beforeAll(async () => {
    // La materia que Tomás adeuda (4 en la mesa de marzo).
    const [f] = await filas<{ materia: number }>(
      db,
      sql`select i.materia_id as materia from examenes e
        join inscripciones i on i.alumno_id = e.alumno_id and i.cursado_id = e.cursado_id
        where e.alumno_id = ${ids.tomas} and e.instancia = 'Final Febrero/Marzo' and e.nota = 4`,
    );
    materia = f!.materia;
    const a = await alumnado(HOY_MESA);
    ({ id: mesa } = await a.mesas.crear({
      fecha: '2026-12-21',
      hora: '08:00',
      instancia: 'Complementaria Noviembre/Diciembre',
      aula: 'Aula 2',
    }));
    await a.mesas.guardarMaterias({ id: mesa, agregar: [materia], quitar: [] });
    clave = `mesa-inscripcion:${ids.tomas}:${mesa}-${materia}`;
  });

  test('quitado antes de componer: el hecho encolado ya no avisa nada', async () => {
    const a = await alumnado(HOY_MESA);
    await a.mesas.anotar({ id: mesa, materia, agregar: [ids.tomas], quitar: [] });
    await a.mesas.anotar({ id: mesa, materia, agregar: [], quitar: [ids.tomas] });
    await componer(HOY_MESA);
    expect(await avisosDe(db, clave)).toEqual([]);
  });

  test('sin leer se borra (la campana lo descuenta); leído queda «Ya no corresponde» y no sale en el resumen', async () => {
    const a = await alumnado(HOY_MESA);
    await a.mesas.anotar({ id: mesa, materia, agregar: [ids.tomas], quitar: [] });
    await componer(HOY_MESA);
    const antes = await avisosDe(db, clave);
    expect(antes.map((x) => [x.usuario, x.correo])).toEqual([
      [ids.tomasUsuario, 'no'],
      [ids.ref, 'pendiente'],
    ]);
    const tomas = await como(EMAIL_DEMO.alumno, Rol.Alumno, HOY_MESA);
    const sinLeerAntes = await tomas.avisos.noLeidos();
    // La familia lo lee en la campana; Tomás no.
    await (
      await como(EMAIL_DEMO.referente, Rol.ReferenteParental, HOY_MESA)
    ).avisos.marcarLeido({ id: deUsuario(antes, ids.ref)!.id });

    await a.mesas.anotar({ id: mesa, materia, agregar: [], quitar: [ids.tomas] });
    const despues = await avisosDe(db, clave);
    expect(despues.map((x) => x.usuario)).toEqual([ids.ref]);
    expect(await tomas.avisos.noLeidos()).toBe(sinLeerAntes - 1);
    const leido = despues[0]!;
    expect(leido.titulo).toBe(`${YA_NO_CORRESPONDE}${deUsuario(antes, ids.ref)!.titulo}`);
    expect(leido.texto).toBe(
      `${MOTIVO_RETIRO.mesaQuitado} Decía: ${deUsuario(antes, ids.ref)!.texto}`,
    );
    // Esperaba el resumen: ya no sale.
    expect(leido.correo).toBe('no');
    // La lista de la campana lo muestra corregido.
    const { items } = await (
      await como(EMAIL_DEMO.referente, Rol.ReferenteParental, HOY_MESA)
    ).avisos.lista({ cursor: 0, limit: 50, noLeidos: false });
    expect(items.find((i) => i.id === leido.id)).toMatchObject({
      titulo: leido.titulo,
      editado: true,
      leido: true,
    });
    await procesarResumen(ctx(HOY_MESA), { hora: 18 });
    expect(correosDelReferente().join('\n')).not.toContain('mesa de');
  });

  test('anotado otra vez, el aviso recupera su texto; la mesa borrada lo retira', async () => {
    const a = await alumnado(HOY_MESA);
    await a.mesas.anotar({ id: mesa, materia, agregar: [ids.tomas], quitar: [] });
    await componer(HOY_MESA);
    const otraVez = await avisosDe(db, clave);
    expect(otraVez.map((x) => x.usuario)).toEqual([ids.tomasUsuario, ids.ref]);
    for (const x of otraVez) expect(x.titulo.startsWith(YA_NO_CORRESPONDE)).toBe(false);

    await a.mesas.borrar({ id: mesa });
    // Tomás no lo leyó (se borra); la familia ya lo había leído (queda, corregido).
    const despues = await avisosDe(db, clave);
    expect(despues.map((x) => [x.usuario, x.titulo.startsWith(YA_NO_CORRESPONDE)])).toEqual([
      [ids.ref, true],
    ]);
    expect(despues[0]!.texto.startsWith(MOTIVO_RETIRO.mesaBorrada)).toBe(true);
  });
});

describe('PIC: el alumno quitado y la PIC borrada', () => {
  let datos = { anio: CICLO, materia: 0, cuatrimestre: 1 as const };
  let hijo = 0;
  let pic = 0;

  beforeAll(async () => {
    // Una materia que un hijo de la familia Domínguez no aprobó en el 1er cuatrimestre (la rinde
    // por la regla) y que todavía no tiene PIC.
    const [q] = await filas<{ materia: number; alumno: number }>(
      db,
      sql`select i.materia_id as materia, i.alumno_id as alumno from inscripciones i
        join notas n on n.alumno_id = i.alumno_id and n.cursado_id = i.cursado_id
        join cursados c on c.id = i.cursado_id
        where i.alumno_id in (${ids.tomas}, ${ids.valentina}) and c.ciclolectivo = ${CICLO}
          and n.cuatrimestre = 1 and c.modalidad in (0, 1) and (n.ausente or n.nota < 6)
          and not exists (select 1 from pics p where p.materia_id = i.materia_id
            and p.ciclolectivo = ${CICLO} and p.cuatrimestre = 1)
        order by i.alumno_id, i.materia_id limit 1`,
    );
    expect(q).toBeDefined();
    hijo = q!.alumno;
    datos = { ...datos, materia: q!.materia };
  });

  test('quitado a mano: su aviso pendiente del resumen se borra y nunca llega al SMTP', async () => {
    const a = await alumnado();
    await a.pics.crear({ ...datos, comienzo: '2026-12-16T10:30', aula: '23' } as never);
    await componer();
    const delHijo = await avisosDe(db, `pic:${hijo}:`);
    expect(delHijo.map((x) => x.usuario)).toEqual(await esperadosDe(hijo));
    expect(deUsuario(delHijo, ids.ref)!.correo).toBe('pendiente');
    pic = Number(delHijo[0]!.clave.split(':')[2]);
    const textoDelHijo = deUsuario(delHijo, ids.ref)!.texto;

    await a.pics.ajustar({ ...datos, alumno: hijo, accion: 'quitar' } as never);
    expect(await avisosDe(db, `pic:${hijo}:`)).toEqual([]);

    // El resumen de la familia sale (con otro aviso pendiente) sin la PIC quitada.
    await guardarAvisos(ctx(), [
      {
        usuario: ids.ref,
        alumno: ids.valentina,
        categoria: 'notas',
        clave: 'notas:control-del-retiro',
        titulo: 'Aviso de control',
        texto: 'Este aviso sí va en el resumen.',
        enlace: '/libretas-externo',
      },
    ]);
    await procesarResumen(ctx(), { hora: 18 });
    const correo = correosDelReferente().join('\n');
    expect(correo).toContain('Este aviso sí va en el resumen.');
    expect(correo).not.toContain(textoDelHijo);
    expect(correo).not.toContain('PIC');
  });

  test('agregado otra vez y enviado en el resumen, la PIC borrada lo deja «Ya no corresponde» (sin otro correo)', async () => {
    const a = await alumnado();
    await a.pics.ajustar({ ...datos, alumno: hijo, accion: 'agregar' } as never);
    await componer();
    // El resumen del día siguiente (el de hoy ya salió: uno por día).
    await procesarResumen(ctx('2026-09-26'), { hora: 18 });
    expect(correosDelReferente().join('\n')).toContain('PIC');
    const antes = await avisosDe(db, `pic:${hijo}:${pic}`);
    expect(deUsuario(antes, ids.ref)!.correo).toBe('enviado');
    smtp.recibidos.length = 0;

    await a.pics.borrar(datos as never);
    const despues = await avisosDe(db, `pic:${hijo}:${pic}`);
    // El del referente salió por correo: queda, corregido y sin leer; el del alumno (sin correo
    // y sin leer), si lo tiene, se borra.
    expect(despues.map((x) => [x.usuario, x.correo])).toEqual([[ids.ref, 'enviado']]);
    expect(despues[0]!.titulo).toBe(`${YA_NO_CORRESPONDE}${deUsuario(antes, ids.ref)!.titulo}`);
    expect(despues[0]!.texto.startsWith(MOTIVO_RETIRO.picBorrada)).toBe(true);
    await procesarResumen(ctx('2026-09-27'), { hora: 18 });
    expect(correosDelReferente()).toEqual([]);
  });
});

describe('evaluación cancelada', () => {
  test('su aviso de los próximos 7 días se retira: el sin leer se borra, el leído queda corregido', async () => {
    const docente = await idDeUsuario(db, EMAIL_DEMO.docente);
    const [m] = await filas<{ cursado: number }>(
      db,
      sql`select i.cursado_id as cursado from inscripciones i
        join cursados_docentes cd on cd.cursado_id = i.cursado_id and cd.usuario_id = ${docente}
        join cursados c on c.id = i.cursado_id
        where i.alumno_id = ${ids.tomas} and c.ciclolectivo = ${CICLO}
        order by c.id limit 1`,
    );
    expect(m).toBeDefined();
    const [ev] = await db
      .insert(s.evaluaciones)
      .values({ cursadoId: m!.cursado, fecha: '2026-09-29' })
      .returning({ id: s.evaluaciones.id });
    await db.transaction((tx) => encolar(tx, { tipo: 'evaluaciones-proximas' }));
    await componer();
    const clave = `evaluacion:${ids.tomas}:${ev!.id}`;
    const antes = await avisosDe(db, clave);
    expect(antes.map((x) => x.usuario)).toEqual([ids.tomasUsuario, ids.ref]);
    await (await referente()).avisos.marcarLeido({ id: deUsuario(antes, ids.ref)!.id });

    await (await como(EMAIL_DEMO.docente, Rol.Docente)).evaluaciones.cancelar({ id: ev!.id });
    const despues = await avisosDe(db, clave);
    expect(despues.map((x) => [x.usuario, x.correo])).toEqual([[ids.ref, 'no']]);
    expect(despues[0]!.titulo).toBe(`${YA_NO_CORRESPONDE}${deUsuario(antes, ids.ref)!.titulo}`);
    expect(despues[0]!.texto.startsWith(MOTIVO_RETIRO.evaluacionCancelada)).toBe(true);
    // Ningún otro alumno conserva un aviso sin leer de la evaluación cancelada.
    const restantes = await filas<{ n: number }>(
      db,
      sql`select count(*)::int as n from avisos where clave like ${`evaluacion:%:${ev!.id}`}
        and leido is null`,
    );
    expect(restantes[0]!.n).toBe(0);
  });
});

describe('vínculo quitado', () => {
  const vincular = async (add: boolean) =>
    (await alumnado()).referentes.vincular(
      add
        ? { add: [{ alumno: ids.valentina, referente: ids.refOtro }], remove: [] }
        : { add: [], remove: [{ alumno: ids.valentina, referente: ids.refOtro }] },
    );
  const clave = () => `vinculo:${ids.valentina}:${ids.refOtro}`;

  test('antes de su correo: el aviso se borra y el correo en el momento no sale', async () => {
    await vincular(true);
    await componer();
    const antes = await avisosDe(db, clave());
    expect(antes.map((x) => [x.usuario, x.correo])).toEqual([[ids.ref, 'pendiente']]);
    const sinLeer = await (await referente()).avisos.noLeidos();
    await vincular(false);
    expect(await avisosDe(db, clave())).toEqual([]);
    expect(await (await referente()).avisos.noLeidos()).toBe(sinLeer - 1);
    await correrCorreos();
    expect(correosDelReferente()).toEqual([]);
  });

  test('después de su correo: queda sin leer, con «Ya no corresponde»; no sale otro correo', async () => {
    await vincular(true);
    await componer();
    await correrCorreos();
    expect(correosDelReferente()).toHaveLength(1);
    expect(correosDelReferente()[0]).toContain('quedó vinculado como referente');
    const [enviado] = await avisosDe(db, clave());
    expect(enviado!.correo).toBe('enviado');
    smtp.recibidos.length = 0;

    await vincular(false);
    const [retirado] = await avisosDe(db, clave());
    expect(retirado).toMatchObject({
      id: enviado!.id,
      titulo: `${YA_NO_CORRESPONDE}Nuevo referente vinculado`,
      correo: 'enviado',
    });
    expect(retirado!.texto.startsWith(MOTIVO_RETIRO.vinculoQuitado)).toBe(true);
    const [fila] = await filas<{ leido: Date | null }>(
      db,
      sql`select leido from avisos where id = ${enviado!.id}`,
    );
    expect(fila!.leido).toBeNull();
    await correrCorreos();
    expect(correosDelReferente()).toEqual([]);
  });
});
