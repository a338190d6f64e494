import type { MetadataRoute } from 'next';
import { manifiesto } from './manifiesto';

/** /manifest.webmanifest (estático, sin sesión): ver src/app/manifiesto.ts. */
export default function manifest(): MetadataRoute.Manifest {
  return manifiesto();
}
