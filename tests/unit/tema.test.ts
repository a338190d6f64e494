/**
 * La hoja de las variables del tema (src/app/tema.css) está al día con el tema (src/app/tema.ts):
 * si alguien cambia el tema y no corre `npm run tema`, esta prueba falla.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cssDelTema, hojaDelTema } from '@/app/tema';

const hoja = readFileSync(path.join(__dirname, '../../src/app/tema.css'), 'utf8');

describe('src/app/tema.css', () => {
  it('es la que genera el tema (si falla: npm run tema)', () => {
    expect(hoja).toBe(hojaDelTema());
  });

  it.each([
    // Contraste AA del tema claro (ver tema.ts): el atenuado y el error más oscuros que los de Mantine.
    ['--mantine-color-dimmed', 'var(--mantine-color-gray-7)'],
    ['--mantine-color-error', 'var(--mantine-color-red-9)'],
    ['--mantine-color-anchor', 'var(--mantine-color-indigo-9)'],
    ['--mantine-primary-color-light-color', 'var(--mantine-color-indigo-9)'],
    // El color primario y su tono.
    ['--mantine-primary-color-filled', 'var(--mantine-color-indigo-filled)'],
  ])('define %s: %s', (variable, valor) => {
    expect(cssDelTema()).toContain(`${variable}: ${valor};`);
  });

  it('no repite las variables que ya trae el CSS de Mantine', () => {
    expect(cssDelTema()).not.toContain('--mantine-scale: 1;');
  });
});
