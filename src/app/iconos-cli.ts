/**
 * `npm run iconos`: escribe los íconos del portal instalable en public/ (PNG, con sharp): un
 * portapapeles con una tilde blanca sobre el color del tema. Se corre a mano si cambia el color o
 * el dibujo; los PNG van al repositorio (el manifiesto, src/app/manifiesto.ts, los nombra).
 * - icono-192.png, icono-512.png: con las esquinas redondeadas (propósito "any");
 * - icono-maskable-512.png: a sangre, con el dibujo dentro de la zona segura (el 80 % central);
 * - apple-touch-icon.png (180): a sangre y sin transparencia, iOS redondea las esquinas.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { COLOR_DEL_TEMA } from './manifiesto';

const DIBUJO =
  '<rect x="156" y="120" width="200" height="272" rx="28" fill="none" stroke="#fff" stroke-width="28"/>' +
  '<rect x="200" y="88" width="112" height="64" rx="18" fill="#fff"/>' +
  '<path d="M204 262 L242 300 L312 222" fill="none" stroke="#fff" stroke-width="34" stroke-linecap="round" stroke-linejoin="round"/>';

function svg({ redondeado, escala }: { redondeado: boolean; escala: number }): Buffer {
  const desplazamiento = 256 * (1 - escala);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">` +
      `<rect width="512" height="512" rx="${redondeado ? 96 : 0}" fill="${COLOR_DEL_TEMA}"/>` +
      `<g transform="translate(${desplazamiento} ${desplazamiento}) scale(${escala})">${DIBUJO}</g>` +
      `</svg>`,
  );
}

async function main() {
  const carpeta = path.join(process.cwd(), 'public');
  mkdirSync(carpeta, { recursive: true });
  const iconos = [
    { archivo: 'icono-192.png', lado: 192, redondeado: true, escala: 1 },
    { archivo: 'icono-512.png', lado: 512, redondeado: true, escala: 1 },
    { archivo: 'icono-maskable-512.png', lado: 512, redondeado: false, escala: 0.8 },
    { archivo: 'apple-touch-icon.png', lado: 180, redondeado: false, escala: 0.9 },
  ];
  for (const i of iconos) {
    await sharp(svg(i))
      .resize(i.lado, i.lado)
      .png({ compressionLevel: 9, palette: true })
      .toFile(path.join(carpeta, i.archivo));
    console.log(`public/${i.archivo}`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
