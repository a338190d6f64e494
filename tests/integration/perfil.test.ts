/**
 * Perfil del alumno (spec 02 §2 /perfil/editar, §5, §6, §7 POST /alumnos/update/{id}): sólo el
 * propio alumno, campos obligatorios, la foto reconocida por su contenido, en una transacción
 * y auditado; la foto la ven el alumno, sus referentes y el personal con alcance.
 */
import { momentoEscolar } from '@/server/reloj';
import { count, eq, sql } from 'drizzle-orm';

import { FOTO_CON_HTML, FOTO_INVALIDA } from '@/domain/perfil';
import { Rol } from '@/domain/roles';
import { encontrarRuta } from '@/server/api/rest';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo } from '../fixtures/contexto';
import { fallo } from '../fixtures/errores';

const ciclo = momentoEscolar().ciclo;
let c: Conexion;
let db: Db;
beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo);
  db = c.db;
});
afterAll(() => c?.cerrar());

const como = (email: string, rol: number) => callerComo(db, email, rol, { ciclo });
async function alumnoDe(email: string) {
  const [a] = await db
    .select({ id: s.alumnos.id, usuarioId: s.alumnos.usuarioId })
    .from(s.alumnos)
    .innerJoin(s.usuarios, eq(s.usuarios.id, s.alumnos.usuarioId))
    .where(eq(sql`lower(${s.usuarios.email})`, email));
  return a!;
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
const datos = (alumno: number, cambios: Record<string, unknown> = {}) =>
  ({
    alumno: String(alumno),
    nombre: 'Juan Cruz',
    apellido: 'Fernández',
    telefono: '341 5556677',
    email: 'juan.cruz@gmail.com',
    pronombre: 'él',
    fotoPerfil: new File([PNG], 'yo.png', { type: 'image/png' }),
    ...cambios,
  }) as never;
const archivosTotales = async () => (await db.select({ n: count() }).from(s.archivos))[0]!.n;

test('la ruta REST llega al procedimiento', () => {
  expect(encontrarRuta('POST', '/api/alumnos/update/7').ruta?.procedimiento).toBe(
    'perfil.actualizar',
  );
});

test('el alumno guarda su perfil con foto; el usuario toma el nombre; auditado', async () => {
  const yo = await alumnoDe(EMAIL_DEMO.alumno);
  const caller = await como(EMAIL_DEMO.alumno, Rol.Alumno);
  const r = await caller.perfil.actualizar(datos(yo.id));
  expect(r).toMatchObject({ nombre: 'Juan Cruz', telefono: '341 5556677', pronombre: 'él' });
  expect(r.fotoId).not.toBeNull();
  const [u] = await db.select().from(s.usuarios).where(eq(s.usuarios.id, yo.usuarioId!));
  expect(u).toMatchObject({ nombre: 'Juan Cruz', apellido: 'Fernández' });
  const foto = await caller.perfil.foto({ alumno: yo.id });
  expect(foto.tipo).toBe('image/png');
  expect(await caller.perfil.propio()).toMatchObject({ tieneFoto: true, nombre: 'Juan Cruz' });
  const [aud] = await db
    .select({ n: count() })
    .from(s.auditoria)
    .where(eq(s.auditoria.accion, 'editar_perfil'));
  expect(aud!.n).toBe(1);

  // Una foto nueva reemplaza a la anterior: no quedan archivos huérfanos.
  const antes = await archivosTotales();
  await caller.perfil.actualizar(datos(yo.id));
  expect(await archivosTotales()).toBe(antes);
  // Sin foto nueva, la foto queda.
  const sinFoto = await caller.perfil.actualizar(
    datos(yo.id, { fotoPerfil: new File([], '', { type: 'application/octet-stream' }) }),
  );
  expect(sinFoto.fotoId).not.toBeNull();
});

test.each([
  [{ nombre: '  ' }, 'Nombre: no puede estar vacío.'],
  [{ telefono: '' }, 'El teléfono es obligatorio.'],
  [{ email: 'no-es-email' }, 'El email no es válido.'],
])('%j: "%s", nada cambia', async (cambio, mensaje) => {
  const yo = await alumnoDe(EMAIL_DEMO.alumno);
  const [antes] = await db.select().from(s.alumnos).where(eq(s.alumnos.id, yo.id));
  expect(
    await fallo(
      (await como(EMAIL_DEMO.alumno, Rol.Alumno)).perfil.actualizar(datos(yo.id, cambio)),
    ),
  ).toEqual({ status: 400, message: mensaje });
  const [despues] = await db.select().from(s.alumnos).where(eq(s.alumnos.id, yo.id));
  expect(despues).toEqual(antes);
});

test('una foto que no es imagen (SVG): error, nada escrito', async () => {
  const yo = await alumnoDe(EMAIL_DEMO.alumno);
  const antes = await archivosTotales();
  expect(
    await fallo(
      (await como(EMAIL_DEMO.alumno, Rol.Alumno)).perfil.actualizar(
        datos(yo.id, { fotoPerfil: new File([SVG], 'yo.png', { type: 'image/png' }) }),
      ),
    ),
  ).toEqual({ status: 400, message: FOTO_INVALIDA });
  expect(await archivosTotales()).toBe(antes);
});

test('una imagen con HTML después de la cabecera (políglota): 400 en castellano, nada escrito', async () => {
  const yo = await alumnoDe(EMAIL_DEMO.alumno);
  const [antes] = await db.select().from(s.alumnos).where(eq(s.alumnos.id, yo.id));
  const archivosAntes = await archivosTotales();
  const html = new TextEncoder().encode('<html><script>fetch("/api/usuarios")</script></html>');
  for (const cabecera of [PNG, new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])]) {
    const poliglota = new File([cabecera, html], 'yo.png', { type: 'image/png' });
    expect(
      await fallo(
        (await como(EMAIL_DEMO.alumno, Rol.Alumno)).perfil.actualizar(
          datos(yo.id, { fotoPerfil: poliglota }),
        ),
      ),
    ).toEqual({ status: 400, message: FOTO_CON_HTML });
  }
  expect(await archivosTotales()).toBe(archivosAntes);
  const [despues] = await db.select().from(s.alumnos).where(eq(s.alumnos.id, yo.id));
  expect(despues).toEqual(antes);
});

test('sólo el propio perfil; la foto la ven sus referentes y el personal con alcance', async () => {
  const yo = await alumnoDe(EMAIL_DEMO.alumno);
  const [otro] = await db
    .select({ id: s.alumnos.id })
    .from(s.alumnos)
    .where(sql`${s.alumnos.id} <> ${yo.id}`)
    .limit(1);
  expect(
    await fallo((await como(EMAIL_DEMO.alumno, Rol.Alumno)).perfil.actualizar(datos(otro!.id))),
  ).toMatchObject({ status: 403 });
  expect(
    await fallo(
      (await como(EMAIL_DEMO.referente, Rol.ReferenteParental)).perfil.actualizar(datos(yo.id)),
    ),
  ).toMatchObject({ status: 403 });
  expect(
    (await (await como(EMAIL_DEMO.referente, Rol.ReferenteParental)).perfil.foto({ alumno: yo.id }))
      .tipo,
  ).toBe('image/png');
  expect(
    await fallo(
      (await como(EMAIL_DEMO.referenteOtro, Rol.ReferenteParental)).perfil.foto({ alumno: yo.id }),
    ),
  ).toMatchObject({ status: 403 });
  expect(
    (await (await como(EMAIL_DEMO.preceptor, Rol.Preceptor)).perfil.foto({ alumno: yo.id })).tipo,
  ).toBe('image/png');
});
