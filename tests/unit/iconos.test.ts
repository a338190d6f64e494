/**
 * El sprite de íconos (`GET /iconos.svg`, src/components/iconos/sprite.tsx): un símbolo por ícono con
 * los trazos de tabler, cada ícono del catálogo de módulos presente, y la versión de la ruta
 * atada al contenido.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { MODULOS } from '@/domain/modulos';
import { ICONOS, iconoConocido, spriteDeIconos } from '@/components/iconos/sprite';
import { Icono } from '@/components/iconos/Icono';

const simbolos = (svg: string) =>
  new Map(
    [...svg.matchAll(/<symbol id="([^"]+)"[^>]*>(.*?)<\/symbol>/g)].map((m) => [m[1]!, m[2]!]),
  );

describe('sprite de íconos', () => {
  const { svg, ruta } = spriteDeIconos();

  it('es un SVG con un símbolo por ícono, cada uno con sus trazos', () => {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg">')).toBe(true);
    const s = simbolos(svg);
    expect([...s.keys()].sort()).toEqual(Object.keys(ICONOS).sort());
    for (const [nombre, trazos] of s) {
      expect({ nombre, trazos }).toEqual({
        nombre,
        trazos: expect.stringMatching(/^(<[a-z]+ [^<>]+\/>)+$/),
      });
    }
  });

  it.each(Object.entries(ICONOS))(
    '%s: los mismos trazos que dibuja el componente de tabler',
    (nombre, I) => {
      const dibujado = renderToStaticMarkup(createElement(I));
      const trazos = [
        ...dibujado.matchAll(/<(path|circle|rect|line|polyline|polygon|ellipse)\b[^>]*>/g),
      ].map((m) => m[0].replace(/\s*\/?>$/, ''));
      expect(trazos.length).toBeGreaterThan(0);
      const delSprite = [
        ...simbolos(svg)
          .get(nombre)!
          .matchAll(/<[a-z]+ [^<>]+(?=\/>)/g),
      ].map((m) => m[0]);
      expect(delSprite).toEqual(trazos);
    },
  );

  it('tiene el ícono de cada módulo del catálogo', () => {
    const s = simbolos(svg);
    for (const m of MODULOS)
      expect({ modulo: m.ruta, icono: s.has(m.icono) }).toEqual({ modulo: m.ruta, icono: true });
  });

  it('la ruta lleva una versión de 10 hexadecimales atada al contenido', () => {
    expect(ruta).toMatch(/^\/iconos\.svg\?v=[0-9a-f]{10}$/);
    expect(spriteDeIconos().ruta).toBe(ruta);
  });

  it('un nombre desconocido se muestra como el de inicio', () => {
    expect(iconoConocido('users')).toBe('users');
    expect(iconoConocido('no-existe')).toBe('home');
    expect(iconoConocido('constructor')).toBe('home');
  });

  it('<Icono> es un svg con un use del sprite, oculto para lectores de pantalla', () => {
    const html = renderToStaticMarkup(
      createElement(Icono, { sprite: ruta, nombre: 'users', size: 18 }),
    );
    expect(html).toContain(`<use href="${ruta}#users">`);
    expect(html).toMatch(/^<svg width="18" height="18" stroke-width="1.6" aria-hidden="true"/);
  });
});
