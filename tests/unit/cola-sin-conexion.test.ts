/**
 * La cola de la planilla sin conexión en IndexedDB (issue 36 §2), contra fake-indexeddb: el
 * orden se conserva, sobrevive a cerrar y volver a abrir la base, cada usuario ve sólo lo suyo,
 * el cambio de usuario borra las copias del otro y "Salir" borra todo.
 */
import 'fake-indexeddb/auto';
import {
  abrirAlmacen,
  actualizarCambio,
  alIngresar,
  borrarTodo,
  cerrarAlmacen,
  encolar,
  guardarCopia,
  guardarUltima,
  leerCopia,
  leerUltima,
  listarCola,
  nuevoId,
  pendientesDe,
  quitarEnviado,
} from '@/components/sin-conexion/almacen';
import type { CambioEnCola } from '@/domain/asistencias-sin-conexion';

const falta = {
  orden: null,
  tipo: 'Falta',
  circunstancia: 'Normal',
  justificada: false,
  justificacion: null,
};
const cambio = (
  autor: number,
  curso: number,
  alumno = 1,
  extra: Partial<CambioEnCola> = {},
): CambioEnCola => ({
  id: nuevoId(),
  autor,
  curso,
  cursoNombre: `Curso ${curso}`,
  fecha: '2026-05-12',
  turno: 'Mañana',
  alumnos: [{ alumno, anterior: [], deseado: [falta] }],
  creado: new Date(0).toISOString(),
  estado: 'pendiente',
  ...extra,
});

beforeEach(async () => {
  await borrarTodo();
});

test('nuevoId es un uuid v4', () => {
  expect(nuevoId()).toMatch(
    /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  );
});

test('la cola conserva el orden y sobrevive a cerrar y volver a abrir la base', async () => {
  const a = await encolar(cambio(7, 30));
  const b = await encolar(cambio(7, 10));
  const c = await encolar(cambio(8, 20));
  await cerrarAlmacen();
  expect((await listarCola()).map((x) => x.id)).toEqual([a.id, b.id, c.id]);
});

test('un segundo guardado de la misma planilla se junta con el primero y conserva su lugar', async () => {
  const a = await encolar(cambio(7, 30, 1));
  await encolar(cambio(7, 10, 1));
  const a2 = await encolar(cambio(7, 30, 2));
  expect(a2.id).toBe(a.id);
  expect(a2.version).toBe(2);
  const cola = await listarCola(7);
  expect(cola.map((x) => [x.curso, x.alumnos.map((y) => y.alumno)])).toEqual([
    [30, [1, 2]],
    [10, [1]],
  ]);
});

test('un cambio en conflicto no recibe otros guardados: el nuevo va aparte', async () => {
  const a = await encolar(cambio(7, 30, 1));
  await actualizarCambio({ ...a, estado: 'conflicto' });
  const b = await encolar(cambio(7, 30, 2));
  expect(b.id).not.toBe(a.id);
  expect(await listarCola(7)).toHaveLength(2);
});

test('cada usuario ve sólo sus cambios', async () => {
  await encolar(cambio(7, 30));
  await encolar(cambio(8, 30));
  expect((await listarCola(8)).map((x) => x.autor)).toEqual([8]);
  expect((await listarCola(7)).map((x) => x.autor)).toEqual([7]);
  expect(await pendientesDe(7)).toBe(1);
});

test('quitarEnviado quita sólo si nadie le juntó otro guardado mientras viajaba', async () => {
  const a = await encolar(cambio(7, 30, 1));
  await encolar(cambio(7, 30, 2));
  expect((await quitarEnviado(a.id, a.version))?.version).toBe(2);
  expect(await quitarEnviado(a.id, 2)).toBeNull();
  expect(await listarCola()).toEqual([]);
});

test('copias y última planilla por usuario; al ingresar otro se borran las del anterior, no su cola', async () => {
  await alIngresar(7);
  await guardarCopia(7, 30, '2026-05-12', 'Mañana', { alumnos: ['de 7'] }, new Date(0));
  await guardarUltima(7, {
    curso: { id: 30, etiqueta: '1° 1°' },
    turno: 'Mañana',
    fecha: '2026-05-12',
  });
  await encolar(cambio(7, 30));
  expect((await leerCopia(7, 30, '2026-05-12', 'Mañana'))?.planilla).toEqual({ alumnos: ['de 7'] });
  expect(await alIngresar(7)).toBe(false);

  expect(await alIngresar(8)).toBe(true);
  expect(await leerCopia(7, 30, '2026-05-12', 'Mañana')).toBeNull();
  expect(await leerUltima(7)).toBeNull();
  expect(await listarCola(8)).toEqual([]);
  expect((await listarCola(7)).map((x) => x.autor)).toEqual([7]);
});

test('Salir borra la base entera', async () => {
  await alIngresar(7);
  await encolar(cambio(7, 30));
  await guardarCopia(7, 30, '2026-05-12', 'Mañana', {}, new Date(0));
  await borrarTodo();
  expect(await listarCola()).toEqual([]);
  expect(await leerCopia(7, 30, '2026-05-12', 'Mañana')).toBeNull();
  expect(await pendientesDe()).toBe(0);
  expect((await abrirAlmacen()).objectStoreNames.length).toBe(3);
});
