/** `npm run tema`: escribe src/app/tema.css con las variables del tema (src/app/tema.ts). */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { hojaDelTema } from './tema';

const destino = path.join(process.cwd(), 'src/app/tema.css');
writeFileSync(destino, hojaDelTema());
console.log(`Escrito ${path.relative(process.cwd(), destino)}.`);
