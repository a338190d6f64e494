/**
 * Escribe el documento OpenAPI del contrato (el mismo de `/api/openapi.json`) en un archivo, sin
 * servidor: `tsx src/server/api/openapi-cli.ts <archivo>`. Lo usa `npm run openapi:lint`, que
 * después lo pasa por `@redocly/cli lint` con las reglas de `redocly.yaml` (al lado).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { documentoOpenApi } from './rest-openapi';

const [archivo, ...resto] = process.argv.slice(2);
if (!archivo || resto.length > 0) {
  console.error('Uso: tsx src/server/api/openapi-cli.ts <archivo.json>');
  process.exit(2);
}
mkdirSync(path.dirname(path.resolve(archivo)), { recursive: true });
writeFileSync(archivo, JSON.stringify(documentoOpenApi(), null, 2) + '\n');
console.log(`Documento OpenAPI escrito en ${archivo}.`);
