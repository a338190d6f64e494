/**
 * Archivos subidos con HTML o script (un "políglota": la cabecera de una imagen o un PDF seguida
 * de `<html><script>…`): `contieneHtml` los reconoce y `tipoDeFoto` / `tipoDeComprobante` no
 * los aceptan como foto ni como comprobante.
 */
import { BORDE_HTML, contieneHtml } from '@/domain/archivos';
import { tipoDeComprobante } from '@/domain/inscripcion';
import { tipoDeFoto } from '@/domain/perfil';

const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];
const WEBP = Array.from('RIFF\x00\x00\x00\x00WEBPVP8 ', (c) => c.charCodeAt(0));
const PDF = Array.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', (c) => c.charCodeAt(0));

const texto = (s: string) => Array.from(new TextEncoder().encode(s));
/** Bytes "de imagen" que no contienen ningún '<'. */
const relleno = (n: number) => Array.from({ length: n }, (_, i) => (i * 7 + 1) % 0x3c);
const archivo = (...partes: number[][]) => Uint8Array.from(partes.flat());

describe('contieneHtml', () => {
  test.each([
    ['JPEG + <html><script>', archivo(JPEG, texto('<html><script>alert(1)</script></html>')), true],
    ['PNG + <SCRIPT> en mayúsculas', archivo(PNG, texto('<SCRIPT>alert(1)</SCRIPT>')), true],
    ['<ScRiPt con blanco', archivo(JPEG, texto('<ScRiPt src=//x.example/a.js>')), true],
    ['<!DOCTYPE html>', archivo(PDF, texto('<!DOCTYPE html><p>hola')), true],
    ['<!doctypehtml> (sin blanco)', archivo(PDF, texto('<!doctypehtml>')), true],
    ['<iframe>', archivo(JPEG, texto('<iframe src=x>')), true],
    ['<body onload=…>', archivo(PNG, texto('<body onload=alert(1)>')), true],
    ['<svg/onload=…> al principio', archivo(PNG, texto('<svg/onload=alert(1)>')), true],
    ['<svg> en el último KB', archivo(JPEG, relleno(10_000), texto('<svg>')), true],
    [
      '<script> en medio de un archivo grande',
      archivo(JPEG, relleno(50_000), texto('<script>'), relleno(50_000)),
      true,
    ],
    ['etiqueta al final del archivo', archivo(JPEG, relleno(10), texto('<script')), true],
    ['<html> tras un "<" suelto', archivo(JPEG, texto('<<html>')), true],
    // Lo que no es una etiqueta HTML activa.
    ['imagen sin "<"', archivo(JPEG, relleno(3000)), false],
    ['<scripts (otra palabra)', archivo(JPEG, texto('<scripts>')), false],
    ['<htm (cortado) y <bod', archivo(JPEG, texto('<htm <bod <ifram')), false],
    ['<script con NUL (no termina la etiqueta)', archivo(JPEG, texto('<script\0>')), false],
    [
      'XMP de una foto (<x:xmpmeta, <rdf:RDF)',
      archivo(JPEG, texto('<x:xmpmeta><rdf:RDF></rdf:RDF></x:xmpmeta>')),
      false,
    ],
    [
      '<svg> en medio de un archivo grande',
      archivo(JPEG, relleno(BORDE_HTML * 3), texto('<svg>'), relleno(BORDE_HTML * 3)),
      false,
    ],
    ['vacío', archivo(), false],
  ])('%s → %s', (_d, bytes, esperado) => expect(contieneHtml(bytes)).toBe(esperado));
});

describe('la foto y el comprobante con HTML no pasan por su tipo', () => {
  const html = texto('<html><body><script>fetch("/api/usuarios")</script></body></html>');
  test.each([
    ['JPEG', JPEG, 'image/jpeg'],
    ['PNG', PNG, 'image/png'],
    ['WebP', WEBP, 'image/webp'],
  ])('foto %s: limpia se acepta, con HTML no', (_d, cabecera, tipo) => {
    expect(tipoDeFoto(archivo(cabecera, relleno(200)))).toBe(tipo);
    expect(tipoDeFoto(archivo(cabecera, relleno(200), html))).toBeNull();
  });

  test.each([
    ['JPEG', JPEG, 'image/jpeg'],
    ['PDF', PDF, 'application/pdf'],
  ])('comprobante %s: limpio se acepta, con HTML no', (_d, cabecera, tipo) => {
    expect(tipoDeComprobante(archivo(cabecera, relleno(200)))).toBe(tipo);
    expect(tipoDeComprobante(archivo(cabecera, html, relleno(200)))).toBeNull();
  });
});
