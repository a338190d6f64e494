/**
 * Las descargas de /api con el nombre del archivo (issue 31 ítem 13): `Content-Disposition` con
 * `filename` ASCII y `filename*` en UTF-8 (RFC 6266, src/server/api/disposicion.ts). Un
 * comprobante llamado `Łódź.pdf` hacía fallar la descarga (500): Node rechaza una cabecera con
 * letras fuera de Latin-1.
 */
import { eq, isNotNull } from 'drizzle-orm';
import { Rol } from '@/domain/roles';
import { disposicion } from '@/server/api/disposicion';
import { crearContexto, type Contexto } from '@/server/api/trpc';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { momentoEscolar } from '@/server/reloj';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { sesionDe } from '../fixtures/contexto';

// La ruta arma el contexto con las cookies de Next: aquí, el de la prueba.
let contexto: Contexto;
jest.mock('@/server/api/contexto-http', () => ({ contextoHttp: async () => contexto }));

const { ciclo } = momentoEscolar();
let c: Conexion;
let db: Db;
beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo);
  db = c.db;
  contexto = crearContexto({
    db,
    sesion: await sesionDe(db, EMAIL_DEMO.alumnado, Rol.Alumnado),
    ciclo,
  });
});
afterAll(() => c?.cerrar());

/** Lo que un navegador toma de `filename*`. */
function nombreDe(cabecera: string): string {
  const m = /filename\*=UTF-8''([^;]+)/.exec(cabecera);
  return decodeURIComponent(m![1]!);
}

test('GET /api/inscripciones/{id}/comprobante de "Łódź.pdf": 200 con filename ASCII y filename*', async () => {
  const [fila] = await db
    .select({ id: s.inscripcionesAnuales.id, archivo: s.inscripcionesAnuales.comprobanteId })
    .from(s.inscripcionesAnuales)
    .where(isNotNull(s.inscripcionesAnuales.comprobanteId))
    .limit(1);
  await db.update(s.archivos).set({ nombre: 'Łódź.pdf' }).where(eq(s.archivos.id, fila!.archivo!));
  const { GET } = await import('@/app/api/inscripciones/[id]/comprobante/route');
  const r = await GET(new Request(`http://portal.test/api/inscripciones/${fila!.id}/comprobante`), {
    params: Promise.resolve({ id: String(fila!.id) }),
  });
  expect(r.status).toBe(200);
  const cabecera = r.headers.get('content-disposition')!;
  expect(cabecera).toBe(
    `attachment; filename="_odz.pdf"; filename*=UTF-8''%C5%81%C3%B3d%C5%BA.pdf`,
  );
  expect(nombreDe(cabecera)).toBe('Łódź.pdf');
});

test.each([
  ['comillas "dobles".pdf', 'comillas _dobles_.pdf'],
  ['barra\\invertida.pdf', 'barra_invertida.pdf'],
  ['salto\r\nde línea.pdf', 'salto de linea.pdf'],
  ["d'Alembert (copia)*.pdf", "d'Alembert (copia)*.pdf"],
  ['señora Müller.jpg', 'senora Muller.jpg'],
  ['', 'archivo'],
])('el nombre %j: una cabecera válida, fallback %j', (nombre, ascii) => {
  const cabecera = disposicion('attachment', nombre);
  // Node rechaza (TypeError) una cabecera con caracteres fuera de Latin-1 o saltos de línea.
  expect(() => new Headers({ 'Content-Disposition': cabecera })).not.toThrow();
  expect(cabecera).toMatch(/^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''[\x21-\x7e]*$/);
  expect(cabecera).toContain(`filename="${ascii}"`);
  // En filename* no quedan comillas, apóstrofos, paréntesis ni asteriscos sin codificar.
  expect(cabecera.split("filename*=UTF-8''")[1]).not.toMatch(/["'()*\\]/);
  expect(nombreDe(cabecera)).toBe(nombre.replace(/\r\n/g, ' ') || 'archivo');
});
