import { crearBaseDePrueba } from '../fixtures/base';
import { baseVacia, type Conexion } from '@/server/db';
import { usuarios } from '@/server/db/schema';

let c: Conexion;
beforeAll(async () => {
  c = await crearBaseDePrueba();
});
afterAll(() => c.cerrar());

test('las migraciones crean el esquema y la base empieza vacía', async () => {
  expect(await baseVacia(c.db)).toBe(true);
  await c.db
    .insert(usuarios)
    .values({ email: 'a@escuela.test', nombre: 'A', apellido: 'B', rls: 1 });
  expect(await baseVacia(c.db)).toBe(false);
});

test('el email de usuario es único sin importar mayúsculas', async () => {
  await expect(
    c.db.insert(usuarios).values({ email: 'A@Escuela.test', nombre: 'A', apellido: 'B', rls: 1 }),
  ).rejects.toThrow();
});
