/**
 * El comprobante se reconoce en el navegador por su contenido, con la misma función del
 * servidor (issue 11 ítem 3): un archivo que sólo se llama .pdf se rechaza antes de la
 * declaración jurada.
 */
import {
  problemaDelComprobante,
  tipoDelArchivo,
} from '@/app/(student)/inscripcion/completar/_components/comprobante';
import { SOLO_JPG_JPEG_PDF, tipoDeComprobante } from '@/domain/inscripcion';

const archivo = (bytes: Uint8Array<ArrayBuffer> | string, nombre: string, tipo = '') =>
  new File([bytes], nombre, { type: tipo });

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const PDF = '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n%%EOF\n';

describe('tipo del comprobante en el navegador', () => {
  test.each<[string, File, string | null]>([
    ['un JPEG', archivo(JPEG, 'recibo.jpg', 'image/jpeg'), 'image/jpeg'],
    ['un PDF', archivo(PDF, 'recibo.pdf', 'application/pdf'), 'application/pdf'],
    ['un texto llamado .pdf', archivo('no soy un pdf', 'recibo.pdf', 'application/pdf'), null],
    ['un HTML llamado .jpg', archivo('<html><script>', 'recibo.jpg', 'image/jpeg'), null],
    [
      'un PNG llamado .jpg',
      archivo(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'recibo.jpg'),
      null,
    ],
    ['un archivo vacío', archivo('', 'recibo.pdf'), null],
    ['un PDF cortado', archivo('%PDF', 'recibo.pdf'), null],
  ])('%s → %s', async (_caso, f, tipo) => {
    expect(await tipoDelArchivo(f)).toBe(tipo);
  });

  test('la misma regla que el servidor para los mismos bytes', async () => {
    // También un JPEG con HTML después de la cabecera: decide la misma función, sobre todo el
    // archivo (no sólo los primeros bytes).
    const poliglota = new Uint8Array([...JPEG, ...new TextEncoder().encode('<html><script>')]);
    for (const contenido of [
      poliglota,
      JPEG,
      new TextEncoder().encode(PDF),
      new TextEncoder().encode('%PDX-'),
    ])
      expect(await tipoDelArchivo(archivo(contenido, 'x.pdf'))).toBe(tipoDeComprobante(contenido));
  });

  test('el mensaje: el de la spec para lo que no es JPG ni PDF; nada si sirve', async () => {
    expect(await problemaDelComprobante(archivo('no soy un pdf', 'recibo.pdf'))).toBe(
      SOLO_JPG_JPEG_PDF,
    );
    expect(await problemaDelComprobante(archivo(PDF, 'recibo.pdf'))).toBeNull();
    expect(await problemaDelComprobante(archivo(JPEG, 'recibo.jpg'))).toBeNull();
  });
});
