import { spriteDeIconos } from '@/components/iconos/sprite';

/** Se arma al compilar y se sirve como archivo estático. */
export const dynamic = 'force-static';

/** GET /iconos.svg: el sprite de los íconos del menú y de la grilla de inicio (público). */
export function GET() {
  return new Response(spriteDeIconos().svg, {
    headers: {
      'content-type': 'image/svg+xml; charset=utf-8',
      // La dirección lleva el hash del contenido (?v=…): se puede guardar por un año.
      'cache-control': 'public, max-age=31536000, immutable',
    },
  });
}
