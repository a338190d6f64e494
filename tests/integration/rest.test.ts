/**
 * El contrato REST: cada ruta llama al mismo procedimiento que las pantallas, con el
 * mismo control de acceso y alcance, y traduce errores a { error, message } con su estado.
 */
import { momentoEscolar } from '@/server/reloj';
import { eq } from 'drizzle-orm';
import { Rol } from '@/domain/roles';

import { documentoOpenApi, RUTAS_REST } from '@/server/api/rest';
import type { Conexion } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import { sembrar } from '@/server/db/seed';
import { usuarios } from '@/server/db/schema';
import { crearBaseDePrueba } from '../fixtures/base';
import { pedirRest } from '../fixtures/rest';
import { PROCEDIMIENTOS } from '@/server/permisos';

let c: Conexion;
const ciclo = momentoEscolar().ciclo;
beforeAll(async () => {
  c = await crearBaseDePrueba();
  await sembrar(c.db, { ciclo, hoy: momentoEscolar().hoy, ahora: momentoEscolar().instante });
});
afterAll(() => c.cerrar());

/** Simula el manejador: encuentra la ruta, arma la entrada, llama y responde. */
async function pedir(
  metodo: string,
  camino: string,
  email: string | null,
  cuerpo?: unknown,
  rol?: number,
) {
  return pedirRest<never>(metodo, camino, { db: c.db, email, rol, ciclo }, cuerpo);
}

test('cada ruta REST apunta a un procedimiento existente y a la tabla de acceso', () => {
  for (const r of RUTAS_REST) expect(PROCEDIMIENTOS[r.procedimiento]).toBeDefined();
  const doc = documentoOpenApi();
  expect(doc.openapi).toBe('3.1.0');
  for (const r of RUTAS_REST) expect(doc.paths[r.ruta]?.[r.metodo.toLowerCase()]).toBeDefined();
  expect(doc.paths['/api/logout']).toBeDefined();
});

test.each(RUTAS_REST.map((r) => [r.metodo, r.ruta.replace('{id}', '1')]))(
  '%s %s sin sesión → 401 JSON',
  async (metodo, camino) => {
    const r = await pedir(metodo, camino, null, {});
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ error: true, message: 'Debe iniciar sesión.' });
  },
);

test('rol no permitido → 403 JSON', async () => {
  const r = await pedir('GET', '/api/usuarios', EMAIL_DEMO.docente);
  expect(r.status).toBe(403);
  expect(r.body).toEqual({ error: true, message: 'No tiene permiso para esta acción.' });
  expect((await pedir('GET', '/api/cursos', EMAIL_DEMO.alumno)).status).toBe(403);
  expect((await pedir('GET', '/api/cursos', EMAIL_DEMO.referente)).status).toBe(403);
});

test('ruta o método desconocidos', async () => {
  expect((await pedir('GET', '/api/no-existe', EMAIL_DEMO.admin)).status).toBe(404);
  expect((await pedir('DELETE', '/api/cursos', EMAIL_DEMO.admin)).status).toBe(405);
});

test('dos rutas que atienden el mismo camino: gana el segmento literal (no el orden de la tabla)', async () => {
  // /api/alumnos/update/{alumno} (perfil.actualizar, del alumno) antes que
  // /api/alumnos/{alumno}/editar (alumnos.editar, del personal): el alumno llega a su
  // procedimiento y la entrada es inválida (400), no 403.
  const r = await pedir('POST', '/api/alumnos/update/editar', EMAIL_DEMO.alumno, {});
  expect(r.status).toBe(400);
  expect((r.body as unknown as { message: string }).message).toMatch(
    /^El identificador debe ser un número\./,
  );
});

test('GET /api/login/status devuelve usuario, rls y rol', async () => {
  const r = await pedir('GET', '/api/login/status', EMAIL_DEMO.multirol, undefined, Rol.Preceptor);
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({
    rls: 13,
    rol: Rol.Preceptor,
    usuario: { email: EMAIL_DEMO.multirol },
  });
});

test('GET /api/cursos_preceptor/{id}: un preceptor no puede pedir los cursos de otro', async () => {
  const [otro] = await c.db
    .select({ id: usuarios.id })
    .from(usuarios)
    .where(eq(usuarios.email, EMAIL_DEMO.multirol));
  const propio = await pedir('GET', '/api/cursos_preceptor', EMAIL_DEMO.preceptor);
  expect(propio.status).toBe(200);
  expect((propio.body as unknown as unknown[]).length).toBeGreaterThan(0);
  const ajeno = await pedir('GET', `/api/cursos_preceptor/${otro!.id}`, EMAIL_DEMO.preceptor);
  expect(ajeno.status).toBe(403);
  const comoJefe = await pedir(
    'GET',
    `/api/cursos_preceptor/${otro!.id}`,
    EMAIL_DEMO.jefePreceptores,
  );
  expect(comoJefe.status).toBe(200);
  expect((await pedir('GET', '/api/cursos_preceptor/abc', EMAIL_DEMO.jefePreceptores)).status).toBe(
    400,
  );
  expect(
    (await pedir('GET', '/api/cursos_preceptor/999999', EMAIL_DEMO.jefePreceptores)).status,
  ).toBe(404);
});

test('POST /api/save/usuario: alta con cuerpo de formulario, error 400 en castellano sin escribir nada', async () => {
  const antes = (await c.db.select({ id: usuarios.id }).from(usuarios)).length;
  const malo = await pedir('POST', '/api/save/usuario', EMAIL_DEMO.admin, {
    apellido: 'Pérez',
    nombre: '',
    email: 'no-es-email',
    rol: '1024',
    habilitado: 'true',
  });
  expect(malo.status).toBe(400);
  expect((malo.body as unknown as { message: string }).message).toMatch(
    /^Nombre: no puede estar vacío\. El email no es válido\. Los roles no son válidos: elija al menos uno de la lista\.$/,
  );
  expect((await c.db.select({ id: usuarios.id }).from(usuarios)).length).toBe(antes);

  const bueno = await pedir('POST', '/api/save/usuario', EMAIL_DEMO.admin, {
    apellido: 'Pérez',
    nombre: 'Ana',
    email: 'Ana.Perez@Escuela.test',
    telefono: '341 4123456',
    rol: '5',
    habilitado: 'true',
  });
  expect(bueno.status).toBe(200);
  expect(bueno.body).toMatchObject({ email: 'ana.perez@escuela.test', rol: 5, habilitado: true });

  const repetido = await pedir('POST', '/api/save/usuario', EMAIL_DEMO.admin, {
    apellido: 'Otra',
    nombre: 'Ana',
    email: 'ANA.PEREZ@escuela.test',
    rol: 1,
    habilitado: true,
  });
  expect(repetido).toEqual({
    status: 409,
    body: { error: true, message: 'Ya existe un usuario con ese email.' },
  });
});

test('GET /api/usuarios pagina y busca', async () => {
  const r = await pedir('GET', '/api/usuarios?q=admin&limit=5', EMAIL_DEMO.admin);
  expect(r.status).toBe(200);
  const body = r.body as unknown as { items: { detalle: string }[]; siguiente: number | null };
  expect(body.items.map((i) => i.detalle)).toContain(EMAIL_DEMO.admin);
  expect((await pedir('GET', '/api/usuarios?limit=51', EMAIL_DEMO.admin)).status).toBe(400);
});
