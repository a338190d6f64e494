/**
 * Los avisos de la vida escolar (issue 35 §3): notas publicadas (el día de la publicación, con la
 * ventana), avances cerrados, mesa (anotado, cambio de aula, resultado), PIC, inscripción
 * (recibida, completa), referente nuevo vinculado y evaluaciones próximas. Cada hecho lo causa el
 * servicio del módulo (el encolado en su transacción) y lo compone la cola (`vaciarCola`): el
 * aviso llega a los referentes confirmados del alumno y al alumno, nunca a otra familia; correr
 * el hecho otra vez no repite nada; un cambio deshecho no encola nada. La demostración: la familia
 * Domínguez (referente.demo; Tomás, con usuario, y Valentina) y la Ramírez (referente.otro; Lucía y
 * Mateo). Día escolar: 25/9/2026.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { ESPERA_ASISTENCIA_POR_OMISION, type Categoria } from '@/domain/avisos';
import { Rol } from '@/domain/roles';
import { formatearCodigo } from '@/domain/vinculos';
import { createCaller } from '@/server/api/root';
import { crearContexto } from '@/server/api/trpc';
import { COLAS, encolar } from '@/server/avisos/cola';
import type { Evento } from '@/server/avisos/eventos';
import { DIARIOS } from '@/server/avisos/eventos/diarios';
import { iniciarTrabajador, vaciarCola } from '@/server/avisos/trabajador';
import type { CtxTrabajo } from '@/server/avisos/tipos';
import { leerConfig } from '@/server/config';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { filasDe } from '@/server/db/sql';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo, idDeUsuario, sesionDe } from '../fixtures/contexto';

const ciclo = 2026;
const HOY = '2026-09-25';
const ZONA = 'America/Argentina/Cordoba';
let c: Conexion;
let db: Db;

/** Los usuarios y alumnos de las dos familias de demostración. */
const ids = {
  ref: 0,
  otro: 0,
  tomasUsuario: 0,
  tomas: 0,
  valentina: 0,
  lucia: 0,
  refOtro: 0,
};

const mediodia = (hoy: string) => new Date(`${hoy}T15:00:00Z`);
const como = (email: string, rol: number, hoy = HOY, ahora = mediodia(hoy), extra = {}) =>
  callerComo(db, email, rol, { ciclo, hoy, ahora, ...extra });

const ctxTrabajo = (hoy = HOY): CtxTrabajo => ({
  db,
  ahora: mediodia(hoy),
  hoy,
  zona: ZONA,
  esperaAsistencia: ESPERA_ASISTENCIA_POR_OMISION,
  urlBase: 'http://localhost:3000',
  secreto: 'x'.repeat(40),
  correo: null,
});

const trabajos = async (cola: string): Promise<number> =>
  filasDe<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from pgboss.job where name = ${cola}`),
  )[0]!.n;

/**
 * Compone los hechos encolados. Los correos "en el momento" (los referentes nuevos) son de la
 * prueba del correo: se quitan antes, para que ninguno llegue a vencer durante esta.
 */
async function componer(hoy = HOY) {
  await db.execute(sql`delete from pgboss.job where name = ${COLAS.correo}`);
  return vaciarCola(ctxTrabajo(hoy));
}

/** Encola un hecho a mano (el del día, o el mismo otra vez: un reintento). */
const encolarHecho = (evento: Evento) => db.transaction((tx) => encolar(tx, evento));

interface Fila {
  usuario: number;
  alumno: number;
  clave: string;
  titulo: string;
  texto: string;
  enlace: string;
  correo: string;
}
const avisosDe = async (categoria: Categoria, clave = '') =>
  filasDe<Fila>(
    await db.execute(sql`select usuario_id as usuario, alumno_id as alumno, clave, titulo, texto,
      enlace, correo from avisos where categoria = ${categoria} and clave like ${`${clave}%`}
      order by clave, usuario_id`),
  );

/** Quiénes deben recibir los avisos de un alumno: sus referentes confirmados con usuario y él. */
async function esperados(alumno: number): Promise<number[]> {
  const filas = filasDe<{ u: number }>(
    await db.execute(sql`
      select r.usuario_id as u from alumnos_referentes ar join referentes r on r.id = ar.referente_id
      where ar.alumno_id = ${alumno} and ar.confirmado and r.usuario_id is not null
      union select usuario_id from alumnos where id = ${alumno} and usuario_id is not null
      order by 1`),
  );
  return filas.map((f) => f.u);
}

/** Cada aviso va a un destinatario de su alumno; ninguna familia recibe el de otra. */
async function soloSuFamilia(avisos: readonly Fila[]) {
  for (const a of avisos) expect(await esperados(a.alumno)).toContain(a.usuario);
  const familiaDemo = [ids.tomas, ids.valentina];
  expect(avisos.filter((a) => a.usuario === ids.otro && familiaDemo.includes(a.alumno))).toEqual(
    [],
  );
  expect(avisos.filter((a) => a.usuario === ids.ref && a.alumno === ids.lucia)).toEqual([]);
}

beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo, HOY);
  db = c.db;
  ids.ref = await idDeUsuario(db, EMAIL_DEMO.referente);
  ids.otro = await idDeUsuario(db, EMAIL_DEMO.referenteOtro);
  ids.tomasUsuario = await idDeUsuario(db, EMAIL_DEMO.alumno);
  const hijos = filasDe<{ id: number; nombre: string; usuario: number; referente: number }>(
    await db.execute(sql`select a.id, a.nombre, r.usuario_id as usuario, r.id as referente
      from alumnos a join alumnos_referentes ar on ar.alumno_id = a.id
      join referentes r on r.id = ar.referente_id
      where r.usuario_id in (${ids.ref}, ${ids.otro})`),
  );
  const hijo = (nombre: string) => hijos.find((h) => h.nombre === nombre)!;
  ids.tomas = hijo('Tomás').id;
  ids.valentina = hijo('Valentina').id;
  ids.lucia = hijo('Lucía').id;
  ids.refOtro = hijo('Lucía').referente;
  // Un hecho anterior de la siembra no cuenta: la cola empieza vacía.
  await db.execute(sql`delete from pgboss.job`);
});
afterAll(() => c?.cerrar());

describe('notas publicadas (la fecha de publicación del calendario)', () => {
  // El 1° cuatrimestre de 2026 se publica el 10/7 en la demostración (ventana: hasta el 16/7).
  test('el día anterior a la publicación, nada; desde ese día, las notas y condiciones de cada hijo', async () => {
    await encolarHecho({ tipo: 'notas-publicadas' });
    await componer('2026-07-09');
    expect(await avisosDe('notas')).toEqual([]);

    await encolarHecho({ tipo: 'notas-publicadas' });
    await componer('2026-07-12');
    const avisos = await avisosDe('notas');
    await soloSuFamilia(avisos);
    const deValentina = avisos.filter((a) => a.alumno === ids.valentina);
    // Valentina no tiene usuario y Diego (el otro referente) tampoco: sólo referente.demo.
    expect(deValentina.map((a) => [a.usuario, a.clave])).toEqual([
      [ids.ref, `notas:${ids.valentina}:2026:1`],
    ]);
    const v = deValentina[0]!;
    expect(v).toMatchObject({
      titulo: 'Notas publicadas: 1° Cuatrimestre 2026',
      enlace: '/libretas-externo',
      correo: 'pendiente',
    });
    expect(v.texto).toMatch(
      /^Se publicaron las notas del 1° Cuatrimestre 2026 de Domínguez, Valentina \(2° 1°\)\. /,
    );
    // Anual con 4: en riesgo; de 1er cuatrimestre con 8: aprobada con su final; ausente.
    expect(v.texto).toContain('Historia: 4 (En riesgo)');
    expect(v.texto).toContain('Biología: 8 (final 8)');
    expect(v.texto).toContain('Dibujo Técnico: Ausente');
    // Tomás: a referente.demo y a su propio usuario.
    expect(avisos.filter((a) => a.alumno === ids.tomas).map((a) => [a.usuario, a.clave])).toEqual([
      [ids.tomasUsuario, `notas:${ids.tomas}:2026:1`],
      [ids.ref, `notas:${ids.tomas}:2026:1`],
    ]);
    // La otra familia recibe lo de sus hijos.
    expect(avisos.some((a) => a.usuario === ids.otro && a.alumno === ids.lucia)).toBe(true);
  });

  test('el hecho de los días siguientes no repite nada; pasada la ventana no avisa', async () => {
    const antes = await avisosDe('notas');
    await encolarHecho({ tipo: 'notas-publicadas' });
    await encolarHecho({ tipo: 'notas-publicadas' });
    await componer('2026-07-16');
    expect(await avisosDe('notas')).toEqual(antes);
    await db.delete(s.avisos).where(eq(s.avisos.categoria, 'notas'));
    await encolarHecho({ tipo: 'notas-publicadas' });
    await componer('2026-07-17');
    expect(await avisosDe('notas')).toEqual([]);
  });
});

describe('avances cerrados', () => {
  const INSTANCIA = '2026-10-02';
  /** Matemática de 4°, del docente de demostración: la cursa Tomás. */
  let cursado = 0;
  beforeAll(async () => {
    const docenteId = await idDeUsuario(db, EMAIL_DEMO.docente);
    const [f] = filasDe<{ id: number }>(
      await db.execute(sql`select i.cursado_id as id from inscripciones i
        join cursados_docentes cd on cd.cursado_id = i.cursado_id
        join cursados c on c.id = i.cursado_id
        where i.alumno_id = ${ids.tomas} and cd.usuario_id = ${docenteId} and c.ciclolectivo = ${ciclo}`),
    );
    cursado = f!.id;
  });
  const docente = () => como(EMAIL_DEMO.docente, Rol.Docente);

  test('un cierre deshecho no encola nada', async () => {
    const antes = await trabajos(COLAS.evento);
    // La sesión se abre antes (PGlite tiene una sola conexión: adentro, sólo la transacción).
    const sesion = await sesionDe(db, EMAIL_DEMO.docente, Rol.Docente);
    await expect(
      db.transaction(async (tx) => {
        // El cierre y su hecho, en la transacción que después se deshace (si el hecho se
        // encolara aparte, quedaría).
        const enTx = createCaller(
          crearContexto({ db: tx as never, sesion, ciclo, hoy: HOY, ahora: mediodia(HOY) }),
        );
        await enTx.avances.cerrar({ fecha: INSTANCIA, cursado });
        throw new Error('se deshace');
      }),
    ).rejects.toThrow('se deshace');
    expect(await trabajos(COLAS.evento)).toBe(antes);
    const [p] = await db
      .select({ cerrada: s.avancesPlanillas.cerrada })
      .from(s.avancesPlanillas)
      .where(
        and(eq(s.avancesPlanillas.cursadoId, cursado), eq(s.avancesPlanillas.fecha, INSTANCIA)),
      );
    expect(p?.cerrada ?? false).toBe(false);
  });

  test('al cerrar, cada alumno del cursado recibe lo suyo; otra vez, nada nuevo', async () => {
    await (await docente()).avances.cerrar({ fecha: INSTANCIA, cursado });
    expect(await trabajos(COLAS.evento)).toBeGreaterThan(0);
    await componer();
    const avisos = await avisosDe('avances');
    await soloSuFamilia(avisos);
    const [p] = await db
      .select({ id: s.avancesPlanillas.id })
      .from(s.avancesPlanillas)
      .where(
        and(eq(s.avancesPlanillas.cursadoId, cursado), eq(s.avancesPlanillas.fecha, INSTANCIA)),
      );
    expect(avisos.map((a) => [a.usuario, a.clave])).toEqual([
      [ids.tomasUsuario, `avances:${ids.tomas}:${p!.id}`],
      [ids.ref, `avances:${ids.tomas}:${p!.id}`],
    ]);
    expect(avisos[0]!.texto).toMatch(
      /^Avance de Matemática de Domínguez, Tomás \(4° .+\) \(instancia del 02\/10\/2026\): Sin Observaciones\.$/,
    );
    expect(avisos[0]).toMatchObject({ titulo: 'Avance de Matemática', enlace: '/avances-externo' });
    await encolarHecho({ tipo: 'avances-cerrados', planilla: p!.id });
    await componer();
    expect(await avisosDe('avances')).toEqual(avisos);
  });
});

describe('mesa: anotado, cambio de aula y resultado', () => {
  const HOY_MESA = '2026-11-24';
  let mesa = 0;
  let materia = 0;
  const alumnado = () => como(EMAIL_DEMO.alumnado, Rol.Alumnado, HOY_MESA);

  beforeAll(async () => {
    // La materia que Tomás adeuda (4 en la mesa de marzo).
    const [f] = filasDe<{ materia: number }>(
      await db.execute(sql`select i.materia_id as materia from examenes e
        join inscripciones i on i.alumno_id = e.alumno_id and i.cursado_id = e.cursado_id
        where e.alumno_id = ${ids.tomas} and e.instancia = 'Final Febrero/Marzo' and e.nota = 4`),
    );
    materia = f!.materia;
  });

  test('anotado: fecha, hora y aula a su familia; la mesa cambia de aula y el aviso se actualiza', async () => {
    const a = await alumnado();
    ({ id: mesa } = await a.mesas.crear({
      fecha: '2026-12-21',
      hora: '08:00',
      instancia: 'Complementaria Noviembre/Diciembre',
      aula: 'Aula 2',
    }));
    await a.mesas.guardarMaterias({ id: mesa, agregar: [materia], quitar: [] });
    await a.mesas.guardarTribunal({
      id: mesa,
      agregar: [await idDeUsuario(db, EMAIL_DEMO.docente)],
      quitar: [],
    });
    await a.mesas.anotar({ id: mesa, materia, agregar: [ids.tomas], quitar: [] });
    await componer(HOY_MESA);
    const clave = `mesa-inscripcion:${ids.tomas}:${mesa}-${materia}`;
    const avisos = await avisosDe('mesa');
    await soloSuFamilia(avisos);
    expect(avisos.map((x) => [x.usuario, x.clave])).toEqual([
      [ids.tomasUsuario, clave],
      [ids.ref, clave],
    ]);
    expect(avisos[0]!.texto).toMatch(
      /^Domínguez, Tomás \(4° .+\) está anotado en la mesa de .+ \(Complementaria Noviembre\/Diciembre\): el 21\/12\/2026 a las 08:00, aula Aula 2\.$/,
    );
    expect(avisos[0]!.enlace).toBe('/evaluaciones-externo');

    const { version } = await a.mesas.detalle({ id: mesa });
    await a.mesas.modificar({
      id: mesa,
      version,
      fecha: '2026-12-21',
      hora: '09:00',
      instancia: 'Complementaria Noviembre/Diciembre',
      aula: 'Aula 5',
    });
    await componer(HOY_MESA);
    const despues = await avisosDe('mesa');
    // El mismo aviso (ninguno nuevo), con la hora y el aula nuevas.
    expect(despues.map((x) => [x.usuario, x.clave])).toEqual(
      avisos.map((x) => [x.usuario, x.clave]),
    );
    expect(despues[0]!.texto).toContain('el 21/12/2026 a las 09:00, aula Aula 5.');
  });

  test('el resultado, cuando se cierra el acta', async () => {
    const despuesDeLaMesa = new Date('2026-12-21T15:00:00Z');
    const d = await como(EMAIL_DEMO.docente, Rol.Docente, '2026-12-21', despuesDeLaMesa);
    await d.mesas.guardarActa({
      id: mesa,
      materia,
      cambios: [{ alumno: ids.tomas, resultado: { tipoNota: 'normal', nota: 7 }, anterior: null }],
    });
    await componer('2026-12-21');
    // Con el acta abierta, ningún resultado.
    expect(await avisosDe('mesa', 'mesa-resultado')).toEqual([]);
    await d.mesas.cerrarActa({ id: mesa, materia });
    await componer('2026-12-21');
    const avisos = await avisosDe('mesa', 'mesa-resultado');
    expect(avisos.map((x) => [x.usuario, x.clave])).toEqual([
      [ids.tomasUsuario, `mesa-resultado:${ids.tomas}:${mesa}-${materia}`],
      [ids.ref, `mesa-resultado:${ids.tomas}:${mesa}-${materia}`],
    ]);
    expect(avisos[0]!.texto).toMatch(
      /^Mesa de .+ \(Complementaria Noviembre\/Diciembre, 21\/12\/2026\) de Domínguez, Tomás \(4° .+\): Aprobada con 7\.$/,
    );
    expect(avisos[0]!.enlace).toBe('/libretas-externo');
  });
});

describe('PIC', () => {
  test('programada: la reciben las familias de quienes la rinden por la regla; el cambio de aula actualiza', async () => {
    // Una materia que un hijo de la familia Domínguez no aprobó en el 1er cuatrimestre (la rinde
    // por la regla) y que todavía no tiene PIC.
    const [q] = filasDe<{ materia: number; alumno: number }>(
      await db.execute(sql`select i.materia_id as materia, i.alumno_id as alumno from inscripciones i
        join notas n on n.alumno_id = i.alumno_id and n.cursado_id = i.cursado_id
        join cursados c on c.id = i.cursado_id
        where i.alumno_id in (${ids.tomas}, ${ids.valentina}) and c.ciclolectivo = ${ciclo}
          and n.cuatrimestre = 1 and c.modalidad in (0, 1) and (n.ausente or n.nota < 6)
          and not exists (select 1 from pics p where p.materia_id = i.materia_id
            and p.ciclolectivo = ${ciclo} and p.cuatrimestre = 1)
        order by i.alumno_id, i.materia_id limit 1`),
    );
    expect(q).toBeDefined();
    const hijo = q!.alumno;
    const nombre =
      hijo === ids.tomas ? 'Domínguez, Tomás \\(4° .+\\)' : 'Domínguez, Valentina \\(2° 1°\\)';
    const a = await como(EMAIL_DEMO.alumnado, Rol.Alumnado);
    const datos = { anio: ciclo, materia: q!.materia, cuatrimestre: 1 as const };
    await a.pics.crear({ ...datos, comienzo: '2026-12-16T10:30', aula: '23' } as never);
    await componer();
    const avisos = await avisosDe('pic');
    await soloSuFamilia(avisos);
    const delHijo = avisos.filter((x) => x.alumno === hijo);
    expect(delHijo.map((x) => x.usuario)).toEqual(await esperados(hijo));
    expect(delHijo.map((x) => x.usuario)).toContain(ids.ref);
    expect(delHijo[0]!.clave).toMatch(new RegExp(`^pic:${hijo}:\\d+$`));
    expect(delHijo[0]!.texto).toMatch(
      new RegExp(
        `^${nombre} rinde la PIC de .+ \\(1° Cuatrimestre\\): el 16/12/2026 a las 10:30, aula 23\\.$`,
      ),
    );
    await a.pics.modificar({ ...datos, comienzo: '2026-12-16T12:00', aula: '24' } as never);
    await componer();
    const despues = await avisosDe('pic');
    expect(despues.length).toBe(avisos.length);
    expect(despues.find((x) => x.usuario === ids.ref && x.alumno === hijo)!.texto).toContain(
      'el 16/12/2026 a las 12:00, aula 24.',
    );
  });
});

describe('inscripción recibida y completa', () => {
  const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
  const formulario = (alumno: number) =>
    ({
      alumno: String(alumno),
      email: 'hijo.demo@gmail.com',
      codarea: '341',
      telefono: '5551234',
      cuil: '20123456783',
      calle: 'Córdoba',
      altura: '1450',
      localidad: 'Rosario',
      grupoSanguineo: 'A',
      factorRH: '+',
      pesoKilogramos: '52.5',
      alturaCentimetros: '160',
      tieneServicioEmergencia: 'false',
      tieneObraSocial: 'false',
      asmaBronquial: 'true',
      alergias: 'Penicilina',
      puedeRealizarActividadFisica: 'Sí',
      comprobante: new File([new Uint8Array(JPEG)], 'recibo.jpg', { type: 'image/jpeg' }),
    }) as never;

  test('recibida a la familia que inscribió; completa cuando Alumnado la verifica; sin datos médicos', async () => {
    const r = await (
      await como(EMAIL_DEMO.referente, Rol.ReferenteParental)
    ).inscripcion.inscribir(formulario(ids.valentina));
    await componer();
    let avisos = await avisosDe('inscripcion');
    await soloSuFamilia(avisos);
    expect(avisos).toEqual([
      {
        usuario: ids.ref,
        alumno: ids.valentina,
        clave: `inscripcion:${ids.valentina}:2026:recibida`,
        titulo: 'Inscripción recibida',
        texto:
          'La escuela recibió la inscripción de Domínguez, Valentina (2° 1°) para el ciclo lectivo 2026. Alumnado la va a revisar.',
        enlace: '/inscripcion',
        correo: 'pendiente',
      },
    ]);
    await (
      await como(EMAIL_DEMO.alumnado, Rol.Alumnado)
    ).inscripcion.revisar({ id: r.orden, estado: 'verificada' } as never);
    await componer();
    avisos = await avisosDe('inscripcion', `inscripcion:${ids.valentina}:2026:completa`);
    expect(avisos.map((x) => [x.usuario, x.texto])).toEqual([
      [
        ids.ref,
        'La inscripción de Domínguez, Valentina (2° 1°) para el ciclo lectivo 2026 está completa: Alumnado la verificó.',
      ],
    ]);
    // Observada: la observación se lee en la pantalla, no va en el aviso.
    await (
      await como(EMAIL_DEMO.alumnado, Rol.Alumnado)
    ).inscripcion.revisar({
      id: r.orden,
      estado: 'observada',
      observacion: 'El comprobante no se lee.',
    } as never);
    await componer();
    avisos = await avisosDe('inscripcion', `inscripcion:${ids.valentina}:2026:observada`);
    expect(avisos.map((x) => [x.usuario, x.titulo, x.texto])).toEqual([
      [
        ids.ref,
        'Inscripción observada',
        'Alumnado observó la inscripción de Domínguez, Valentina (2° 1°) para el ciclo lectivo 2026: lea la observación en Inscripción.',
      ],
    ]);
    for (const a of await avisosDe('inscripcion'))
      expect(a.texto).not.toMatch(/Penicilina|asma|comprobante no se lee/i);
  });
});

describe('referente nuevo vinculado (seguridad)', () => {
  test('lo reciben los referentes ya confirmados del alumno, no el nuevo ni el alumno', async () => {
    // Alumnado vincula a referente.otro con Valentina (de la familia Domínguez).
    await (
      await como(EMAIL_DEMO.alumnado, Rol.Alumnado)
    ).referentes.vincular({ add: [{ alumno: ids.valentina, referente: ids.refOtro }], remove: [] });
    await componer();
    const avisos = await avisosDe('vinculo');
    expect(avisos.map((x) => [x.usuario, x.alumno, x.clave, x.titulo, x.enlace])).toEqual([
      [
        ids.ref,
        ids.valentina,
        `vinculo:${ids.valentina}:${ids.refOtro}`,
        'Nuevo referente vinculado',
        '/inscripcion',
      ],
    ]);
    const [otro] = await db
      .select({ apellido: s.referentes.apellido, nombre: s.referentes.nombre })
      .from(s.referentes)
      .where(eq(s.referentes.id, ids.refOtro));
    expect(avisos[0]!.texto).toBe(
      `${otro!.apellido}, ${otro!.nombre} quedó vinculado como referente de Domínguez, Valentina (2° 1°). Si no lo reconoce, comuníquese con la escuela.`,
    );
    // En el momento (seguridad): pendiente de correo.
    expect(avisos[0]!.correo).toBe('pendiente');
    // El mismo hecho otra vez: nada nuevo.
    await encolarHecho({
      tipo: 'vinculo',
      vinculos: [{ alumno: ids.valentina, referente: ids.refOtro }],
    });
    await componer();
    expect(await avisosDe('vinculo')).toEqual(avisos);
    // Se quita el vínculo (la prueba siguiente cuenta con las familias como eran).
    await (
      await como(EMAIL_DEMO.alumnado, Rol.Alumnado)
    ).referentes.vincular({ add: [], remove: [{ alumno: ids.valentina, referente: ids.refOtro }] });
  });
});

describe('evaluaciones de los próximos 7 días (sólo en el resumen)', () => {
  test('el hecho del día avisa las de hoy a 7 días, una vez; las de más adelante, no', async () => {
    const [m] = filasDe<{ cursado: number }>(
      await db.execute(sql`select i.cursado_id as cursado from inscripciones i
        join cursados c on c.id = i.cursado_id
        where i.alumno_id = ${ids.tomas} and c.ciclolectivo = ${ciclo}
          and not exists (select 1 from evaluaciones e where e.cursado_id = c.id
            and e.fecha between '2026-09-25' and '2026-10-06')
        order by c.id limit 1`),
    );
    const [cerca, lejos] = await db
      .insert(s.evaluaciones)
      .values([
        { cursadoId: m!.cursado, fecha: '2026-09-29' },
        { cursadoId: m!.cursado, fecha: '2026-10-05' },
      ])
      .returning({ id: s.evaluaciones.id });
    await encolarHecho({ tipo: 'evaluaciones-proximas' });
    await componer();
    const avisos = await avisosDe('evaluacion');
    await soloSuFamilia(avisos);
    const deTomas = avisos.filter((x) => x.alumno === ids.tomas);
    expect(deTomas.filter((x) => x.clave === `evaluacion:${ids.tomas}:${cerca!.id}`)).toHaveLength(
      2,
    );
    expect(avisos.some((x) => x.clave.endsWith(`:${lejos!.id}`))).toBe(false);
    const delReferente = deTomas.find(
      (x) => x.usuario === ids.ref && x.clave.endsWith(`:${cerca!.id}`),
    )!;
    expect(delReferente.texto).toMatch(
      /^Domínguez, Tomás \(4° .+\) tiene evaluación de .+ el 29\/09\/2026\.$/,
    );
    // Sólo en el resumen: pendiente, sin correo "en el momento".
    expect(delReferente.correo).toBe('pendiente');
    expect(await trabajos(COLAS.correo)).toBe(0);
    // El mismo hecho otra vez: nada nuevo.
    await encolarHecho({ tipo: 'evaluaciones-proximas' });
    await componer();
    expect(await avisosDe('evaluacion')).toEqual(avisos);
    // El 28/9, la del 5/10 entra en los 7 días; las ya avisadas no cambian.
    await encolarHecho({ tipo: 'evaluaciones-proximas' });
    await componer('2026-09-28');
    const despues = await avisosDe('evaluacion');
    expect(despues).toEqual(expect.arrayContaining(avisos));
    expect(
      despues
        .filter((x) => x.clave === `evaluacion:${ids.tomas}:${lejos!.id}`)
        .map((x) => x.usuario),
    ).toEqual([ids.tomasUsuario, ids.ref]);
  });
});

describe('referente nuevo con el código de vinculación', () => {
  test('pendiente no avisa; confirmado con el código, avisa a los ya confirmados y no a la cuenta nueva', async () => {
    const email = 'familia.avisos@gmail.com';
    const u = await (
      await como(EMAIL_DEMO.admin, Rol.Admin)
    ).usuarios.guardar({
      apellido: 'Prueba',
      nombre: 'Ana',
      email,
      telefono: '341 5557788',
      rol: Rol.ReferenteParental,
      habilitado: true,
    } as never);
    const [nuevo] = await db
      .select({ id: s.referentes.id })
      .from(s.referentes)
      .where(eq(s.referentes.usuarioId, u.orden));
    const r = await como(email, Rol.ReferenteParental);
    await r.inscripcion.vincularme({ alumno: ids.tomas });
    await componer();
    const clave = `vinculo:${ids.tomas}:${nuevo!.id}`;
    expect(await avisosDe('vinculo', clave)).toEqual([]);
    const [cod] = await db
      .select({ codigo: s.codigosVinculacion.codigo })
      .from(s.codigosVinculacion)
      .where(eq(s.codigosVinculacion.alumnoId, ids.tomas));
    await r.inscripcion.vincularme({ alumno: ids.tomas, codigo: formatearCodigo(cod!.codigo) });
    await componer();
    // Sólo referente.demo: ni la cuenta nueva, ni Tomás (el alumno), ni la otra familia.
    expect((await avisosDe('vinculo', clave)).map((x) => [x.usuario, x.alumno, x.texto])).toEqual([
      [
        ids.ref,
        ids.tomas,
        expect.stringMatching(
          /^Prueba, Ana quedó vinculado como referente de Domínguez, Tomás \(4° .+\)\. Si no lo reconoce, comuníquese con la escuela\.$/,
        ),
      ],
    ]);
    // Desde ahora, la cuenta nueva recibe los avisos de Tomás (es un referente confirmado).
    expect(await esperados(ids.tomas)).toContain(u.orden);
  });
});

describe('el trabajador agenda los hechos del día', () => {
  let boss: PgBoss | undefined;
  afterAll(() => boss?.stop({ graceful: false }));

  test('notas publicadas y evaluaciones próximas, a las 7 (hora de la escuela), en la cola de hechos', async () => {
    const config = leerConfig({ NODE_ENV: 'test', AVISOS_TRABAJADOR: 'si' });
    boss = await iniciarTrabajador(
      c,
      config,
      () => ({ instante: mediodia(HOY), hoy: HOY, zona: ZONA }),
      () => {},
    );
    const agenda = filasDe<{ key: string; cron: string; data: Evento; tz: string | null }>(
      await db.execute(sql`select key, cron, data, options->>'tz' as tz from pgboss.schedule
        where name = ${COLAS.evento} order by key`),
    );
    expect(agenda).toEqual(
      DIARIOS.map((d) => ({
        key: d.clave,
        cron: d.cron,
        data: d.evento,
        tz: config.zonaHoraria,
      })).sort((a, b) => a.key.localeCompare(b.key)),
    );
    expect(agenda.map((a) => a.data.tipo)).toEqual(['evaluaciones-proximas', 'notas-publicadas']);
  });
});
