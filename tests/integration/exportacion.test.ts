/**
 * La escuela es dueña de sus datos (issue 34 §3): la exportación completa y la del legajo de un
 * alumno, por las funciones de sus rutas (src/server/api/descargas-zip.ts) con el contexto que
 * arma cada pedido. El ZIP se abre con jszip (dependencia de exceljs) y se compara con la base:
 * filas de cada tabla, sha256 de cada archivo, las filas del alumno y ninguna de otro.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { leerCsv } from '@/domain/csv';
import { Rol } from '@/domain/roles';
import { responderExportacionCompleta, responderLegajo } from '@/server/api/descargas-zip';
import { crearContexto } from '@/server/api/trpc';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { filasDe, tablasDelEsquema } from '@/server/exportacion/tablas';
import { momentoEscolar } from '@/server/reloj';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo, idDeUsuario, sesionDe } from '../fixtures/contexto';

jest.setTimeout(300_000);

const { ciclo } = momentoEscolar();
let conexion: Conexion;
let db: Db;

beforeAll(async () => {
  conexion = await crearEscuelaDePrueba(ciclo);
  db = conexion.db;
});
afterAll(() => conexion?.cerrar());

async function contar(tabla: string, donde = 'true'): Promise<number> {
  const [f] = filasDe<{ n: number }>(
    await db.execute(sql.raw(`select count(*)::int as n from "${tabla}" where ${donde}`)),
  );
  return Number(f!.n);
}

async function ctxDe(email: string | null, rol?: number, dispositivoAdmin = false) {
  const sesion = email ? await sesionDe(db, email, rol) : null;
  return crearContexto({ db, sesion, dispositivoAdmin });
}

async function zipDe(r: Response) {
  expect([r.status, r.status === 200 ? '' : await r.text()]).toEqual([200, '']);
  expect(r.headers.get('content-type')).toBe('application/zip');
  return JSZip.loadAsync(Buffer.from(await r.arrayBuffer()));
}

async function texto(zip: JSZip, nombre: string): Promise<string> {
  const f = zip.file(nombre);
  if (!f) throw new Error(`Falta ${nombre} en el ZIP`);
  return f.async('string');
}

/** Las filas de un CSV del ZIP como objetos (columna → valor). */
async function csv(zip: JSZip, nombre: string): Promise<Record<string, string>[]> {
  const t = await texto(zip, nombre);
  expect(t.startsWith('\ufeff')).toBe(true);
  const [encabezado, ...filas] = leerCsv(t);
  return filas.map((f) => Object.fromEntries(encabezado!.map((c, i) => [c, f[i] ?? ''])));
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function subir(nombre: string, datos: Buffer): Promise<number> {
  const [a] = await db
    .insert(s.archivos)
    .values({
      nombre,
      tipo: 'application/octet-stream',
      tamanio: datos.length,
      sha256: sha(datos),
      datos,
    })
    .returning({ id: s.archivos.id });
  return a!.id;
}

describe('exportación completa', () => {
  test('Admin con el dispositivo: un CSV por tabla con sus filas y cada archivo con su sha256', async () => {
    // Un archivo de varios trozos (1 MB cada uno) que nadie referencia y una foto de un alumno.
    const grande = randomBytes(2_500_000);
    const suelto = await subir('Planilla de Ñandú (copia).bin', grande);
    const foto = await subir('foto.jpg', randomBytes(300_000));
    const [alumno] = await db.select({ id: s.alumnos.id }).from(s.alumnos).limit(1);
    await db.update(s.alumnos).set({ fotoId: foto }).where(eq(s.alumnos.id, alumno!.id));

    const r = await responderExportacionCompleta(await ctxDe(EMAIL_DEMO.admin, Rol.Admin, true));
    const zip = await zipDe(r);
    expect(r.headers.get('content-disposition')).toContain('portal-escolar-');
    const manifiesto = JSON.parse(await texto(zip, 'manifiesto.json')) as {
      usuario: { email: string };
      version: { formato: number; migraciones: number };
      tablas: { tabla: string; archivo: string; filas: number }[];
      archivos: {
        id: number;
        ruta: string;
        sha256: string;
        sha256Guardado: string;
        bytes: number;
      }[];
    };
    expect(manifiesto.usuario.email).toBe(EMAIL_DEMO.admin);
    expect(manifiesto.version.migraciones).toBeGreaterThan(0);

    // Todas las tablas del esquema, con las filas de la base (la auditoría tiene además la
    // entrada de esta exportación, escrita al terminar).
    expect(manifiesto.tablas.map((t) => t.tabla).sort()).toEqual(
      tablasDelEsquema()
        .map((t) => t.nombre)
        .sort(),
    );
    for (const t of manifiesto.tablas) {
      const enBase = await contar(t.tabla);
      expect([t.tabla, t.filas]).toEqual([t.tabla, t.tabla === 'auditoria' ? enBase - 1 : enBase]);
      expect([t.tabla, (await csv(zip, t.archivo)).length]).toEqual([t.tabla, t.filas]);
    }
    expect(manifiesto.tablas.find((t) => t.tabla === 'alumnos')!.filas).toBeGreaterThan(100);

    // Cada archivo: sus bytes en el ZIP, el sha256 del manifiesto y el guardado coinciden.
    const enBase = filasDe<{ id: number; sha256: string }>(
      await db.execute(sql`select id, encode(sha256(datos), 'hex') as sha256 from archivos`),
    );
    expect(manifiesto.archivos.map((a) => a.id).sort()).toEqual(enBase.map((a) => a.id).sort());
    for (const a of manifiesto.archivos) {
      const bytes = await zip.file(a.ruta)!.async('nodebuffer');
      expect(sha(bytes)).toBe(a.sha256);
      expect(a.sha256).toBe(enBase.find((x) => x.id === a.id)!.sha256);
      expect(bytes.length).toBe(a.bytes);
    }
    const rutaDe = (id: number) => manifiesto.archivos.find((a) => a.id === id)!.ruta;
    expect(rutaDe(suelto)).toBe(`archivos/otros/${suelto}-Planilla_de_Nandu_copia_.bin`);
    expect(rutaDe(foto)).toBe(`archivos/fotos/${foto}-foto.jpg`);
    // Los bytes no van en el CSV: la columna binaria lleva la ruta.
    const filasArchivos = await csv(zip, 'tablas/archivos.csv');
    expect(filasArchivos.find((f) => f.id === String(suelto))!.datos).toBe(rutaDe(suelto));

    // Auditada, con las cuentas.
    const [entrada] = await db
      .select()
      .from(s.auditoria)
      .where(eq(s.auditoria.accion, 'exportar_todo'));
    expect(entrada!.usuarioId).toBe(await idDeUsuario(db, EMAIL_DEMO.admin));
    expect(entrada!.despues).toMatchObject({
      completa: true,
      archivos: manifiesto.archivos.length,
      tablas: { alumnos: manifiesto.tablas.find((t) => t.tabla === 'alumnos')!.filas },
    });
  });

  test('si el navegador corta la descarga, se deja de leer y queda auditada como incompleta', async () => {
    const r = await responderExportacionCompleta(await ctxDe(EMAIL_DEMO.admin, Rol.Admin, true));
    const lector = r.body!.getReader();
    expect((await lector.read()).done).toBe(false);
    await lector.cancel();
    // La entrada llega cuando la exportación se detiene (sondeo de la base, no una espera fija).
    const incompleta = () =>
      db
        .select({ despues: s.auditoria.despues })
        .from(s.auditoria)
        .where(
          and(
            eq(s.auditoria.accion, 'exportar_todo'),
            sql`${s.auditoria.despues}->>'completa' = 'false'`,
          ),
        );
    let filas = await incompleta();
    for (let i = 0; i < 400 && !filas.length; i++) {
      await new Promise((ok) => setImmediate(ok));
      await new Promise((ok) => setTimeout(ok, 25));
      filas = await incompleta();
    }
    expect(filas[0]?.despues).toMatchObject({
      completa: false,
      error: 'Error: La descarga se canceló.',
    });
    // La transacción terminó: otra exportación anda.
    const otra = await zipDe(
      await responderExportacionCompleta(await ctxDe(EMAIL_DEMO.admin, Rol.Admin, true)),
    );
    expect(otra.file('manifiesto.json')).not.toBeNull();
  });

  test('sin el dispositivo, con otro rol o sin sesión: no se exporta nada', async () => {
    const antes = await contar('auditoria', `accion = 'exportar_todo'`);
    const casos: [Promise<Response>, number][] = [
      [responderExportacionCompleta(await ctxDe(EMAIL_DEMO.admin, Rol.Admin, false)), 403],
      [responderExportacionCompleta(await ctxDe(EMAIL_DEMO.alumnado, Rol.Alumnado, true)), 403],
      [responderExportacionCompleta(await ctxDe(EMAIL_DEMO.regente, Rol.Regente, true)), 403],
      [responderExportacionCompleta(await ctxDe(EMAIL_DEMO.alumno, Rol.Alumno, true)), 403],
      [responderExportacionCompleta(await ctxDe(null, undefined, true)), 401],
    ];
    for (const [pedido, status] of casos) {
      const r = await pedido;
      expect(r.status).toBe(status);
      expect(r.headers.get('content-type')).toContain('application/json');
      expect(((await r.json()) as { error: boolean }).error).toBe(true);
    }
    expect(await contar('auditoria', `accion = 'exportar_todo'`)).toBe(antes);
  });
});

describe('legajo de un alumno', () => {
  /** Un alumno de un curso del preceptor y otro de un curso que no es suyo. */
  async function alumnosDelPreceptor() {
    const preceptor = await idDeUsuario(db, EMAIL_DEMO.preceptor);
    const suyos = db
      .select({ curso: s.preceptoresCursos.cursoId })
      .from(s.preceptoresCursos)
      .where(
        and(
          eq(s.preceptoresCursos.usuarioId, preceptor),
          eq(s.preceptoresCursos.ciclolectivo, ciclo),
        ),
      );
    const [propio] = await db
      .select({ id: s.alumnosCursos.alumnoId })
      .from(s.alumnosCursos)
      .innerJoin(s.alumnosReferentes, eq(s.alumnosReferentes.alumnoId, s.alumnosCursos.alumnoId))
      .where(
        and(eq(s.alumnosCursos.ciclolectivo, ciclo), sql`${s.alumnosCursos.cursoId} in ${suyos}`),
      )
      .orderBy(s.alumnosCursos.alumnoId)
      .limit(1);
    const [ajeno] = await db
      .select({ id: s.alumnosCursos.alumnoId })
      .from(s.alumnosCursos)
      .where(
        and(
          eq(s.alumnosCursos.ciclolectivo, ciclo),
          sql`${s.alumnosCursos.cursoId} not in ${suyos}`,
        ),
      )
      .orderBy(s.alumnosCursos.alumnoId)
      .limit(1);
    return { propio: propio!.id, ajeno: ajeno!.id };
  }

  test('el preceptor exporta el de un alumno suyo: sus filas de cada tabla y ninguna de otro', async () => {
    const { propio, ajeno } = await alumnosDelPreceptor();
    // Datos propios que seguro están: una medida (auditada) y un archivo suyo (la foto).
    const preceptor = await callerComo(db, EMAIL_DEMO.preceptor, Rol.Preceptor);
    await preceptor.alumnos.regenerarCodigo({ id: propio });
    const foto = await subir('mi foto.png', randomBytes(5000));
    await db.update(s.alumnos).set({ fotoId: foto }).where(eq(s.alumnos.id, propio));
    await db
      .insert(s.asistencias)
      .values({ alumnoId: propio, fecha: momentoEscolar().hoy, turno: 'Mañana', tipo: 'Falta' })
      .onConflictDoNothing();

    const r = await responderLegajo(
      await ctxDe(EMAIL_DEMO.preceptor, Rol.Preceptor),
      String(propio),
    );
    const zip = await zipDe(r);
    expect(r.headers.get('content-disposition')).toContain(`legajo-${propio}-`);
    const manifiesto = JSON.parse(await texto(zip, 'manifiesto.json')) as {
      alumno: { id: number };
      secciones: { tabla: string; archivo: string; filas: number }[];
      archivos: { id: number; ruta: string; sha256: string }[];
    };
    expect(manifiesto.alumno.id).toBe(propio);
    const seccion = (t: string) => manifiesto.secciones.find((x) => x.tabla === t);

    // Cada tabla con una columna alumno_id: todas las filas del alumno, y las demás que trae son
    // de su cuenta de usuario (sus respuestas sin alumno, por ejemplo).
    const [{ usuarioId }] = (await db
      .select({ usuarioId: s.alumnos.usuarioId })
      .from(s.alumnos)
      .where(eq(s.alumnos.id, propio))) as [{ usuarioId: number | null }];
    const conAlumno = tablasDelEsquema().filter((t) =>
      t.foraneas.some((f) => f.tabla === 'alumnos' && f.columnas.length === 1),
    );
    expect(conAlumno.length).toBeGreaterThan(10);
    for (const t of conAlumno) {
      const columna = t.foraneas.find((f) => f.tabla === 'alumnos')!.columnas[0]!;
      const deUsuario = t.foraneas
        .filter((f) => f.tabla === 'usuarios' && f.columnas.length === 1)
        .map((f) => f.columnas[0]!);
      const filas = await csv(zip, seccion(t.nombre)!.archivo);
      expect([t.nombre, filas.filter((f) => f[columna] === String(propio)).length]).toEqual([
        t.nombre,
        await contar(t.nombre, `${columna} = ${propio}`),
      ]);
      for (const f of filas)
        expect([
          t.nombre,
          f[columna] === String(propio) || deUsuario.some((c) => f[c] === String(usuarioId)),
        ]).toEqual([t.nombre, true]);
    }
    for (const t of ['asistencias', 'alumnos_cursos', 'alumnos_referentes', 'codigos_vinculacion'])
      expect([t, seccion(t)!.filas]).toEqual([t, expect.any(Number)]);
    expect(seccion('asistencias')!.filas).toBeGreaterThan(0);
    expect(seccion('alumnos_referentes')!.filas).toBeGreaterThan(0);
    // Su fila, sus referentes y su código, que no viaja.
    const personales = await csv(zip, 'tablas/alumnos.csv');
    expect(personales.map((f) => f.id)).toEqual([String(propio)]);
    const refs = await csv(zip, 'tablas/referentes.csv');
    expect(refs.length).toBe(await contar('alumnos_referentes', `alumno_id = ${propio}`));
    expect((await csv(zip, 'tablas/codigos_vinculacion.csv'))[0]!.codigo).toBe('(reservado)');
    // El archivo del alumno, con su sha256; ninguno ajeno.
    expect(manifiesto.archivos.map((a) => a.id)).toContain(foto);
    for (const a of manifiesto.archivos)
      expect(sha(await zip.file(a.ruta)!.async('nodebuffer'))).toBe(a.sha256);
    // La auditoría sobre él: la regeneración del código.
    const auditoria = await csv(zip, 'tablas/auditoria.csv');
    expect(
      auditoria.some((f) => f.entidad === 'codigos_vinculacion' && f.entidad_id === String(propio)),
    ).toBe(true);
    // Ninguna fila del otro alumno en ninguna sección.
    for (const sec of manifiesto.secciones) {
      if (sec.tabla === 'auditoria') continue;
      for (const f of await csv(zip, sec.archivo)) {
        expect([sec.tabla, f.alumno_id]).not.toEqual([sec.tabla, String(ajeno)]);
        if (sec.tabla === 'alumnos') expect(f.id).not.toBe(String(ajeno));
      }
    }
    // El índice legible lo nombra y lista las secciones.
    const indice = await texto(zip, 'indice.html');
    const [a] = await db.select().from(s.alumnos).where(eq(s.alumnos.id, propio));
    expect(indice).toContain(`Legajo de ${a!.apellido}, ${a!.nombre}`);
    expect(indice).toContain('Asistencias');
    expect(indice).toContain('Vínculos con referentes');
    // Auditado.
    expect(
      await contar('auditoria', `accion = 'exportar_legajo' and entidad_id = '${propio}'`),
    ).toBe(1);
  });

  test('alcance: otro curso, otros roles, sin sesión o un alumno que no existe', async () => {
    const { propio, ajeno } = await alumnosDelPreceptor();
    const antes = await contar('auditoria', `accion = 'exportar_legajo'`);
    const casos: [Promise<Response>, number][] = [
      [responderLegajo(await ctxDe(EMAIL_DEMO.preceptor, Rol.Preceptor), String(ajeno)), 403],
      [responderLegajo(await ctxDe(EMAIL_DEMO.docente, Rol.Docente), String(propio)), 403],
      [responderLegajo(await ctxDe(EMAIL_DEMO.alumno, Rol.Alumno), String(propio)), 403],
      [
        responderLegajo(await ctxDe(EMAIL_DEMO.referente, Rol.ReferenteParental), String(propio)),
        403,
      ],
      [responderLegajo(await ctxDe(null), String(propio)), 401],
      [responderLegajo(await ctxDe(EMAIL_DEMO.alumnado, Rol.Alumnado), '99999999'), 404],
      [responderLegajo(await ctxDe(EMAIL_DEMO.alumnado, Rol.Alumnado), 'x1'), 404],
    ];
    for (const [pedido, status] of casos) {
      const r = await pedido;
      expect(r.status).toBe(status);
      expect(((await r.json()) as { error: boolean }).error).toBe(true);
    }
    expect(await contar('auditoria', `accion = 'exportar_legajo'`)).toBe(antes);
    // Alumnado ve toda la escuela: el del otro curso también.
    const r = await responderLegajo(await ctxDe(EMAIL_DEMO.alumnado, Rol.Alumnado), String(ajeno));
    const zip = await zipDe(r);
    expect((await csv(zip, 'tablas/alumnos.csv')).map((f) => f.id)).toEqual([String(ajeno)]);
  });
});
