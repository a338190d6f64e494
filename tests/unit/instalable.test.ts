/**
 * El portal instalable (issue 36): qué guarda el service worker (src/components/instalable/
 * reglas.ts, la función que usa src/app/sw.ts) y el manifiesto (/manifest.webmanifest).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import manifest from '@/app/manifest';
import { COLOR_DEL_TEMA } from '@/app/manifiesto';
import {
  claveDeHoja,
  esHoja,
  estrategiaPara,
  type Estrategia,
  type Pedido,
} from '@/components/instalable/reglas';

const ORIGEN = 'https://portal.escuela.edu.ar';

function pedido(url: string, cambios: Partial<Omit<Pedido, 'url'>> = {}): Pedido {
  return {
    url: new URL(url, ORIGEN),
    origen: ORIGEN,
    metodo: 'GET',
    modo: 'cors',
    rsc: false,
    ...cambios,
  };
}

const nav = { modo: 'navigate' } as const;

describe('estrategiaPara: qué puede guardar el worker', () => {
  const casos: [string, string, Partial<Omit<Pedido, 'url'>>, Estrategia][] = [
    // La planilla: primero la red, sin red la copia.
    ['la planilla', '/asistencias', nav, 'hoja'],
    ['la planilla con consulta', '/asistencias?curso=12&fecha=2026-11-27', nav, 'hoja'],
    ['la planilla con barra final', '/asistencias/', nav, 'hoja'],
    ['la planilla del protegido', '/asistencias-protected', nav, 'hoja'],
    ['la planilla del protegido con consulta', '/asistencias-protected?x=1', nav, 'hoja'],
    // Otras páginas: sólo la red (sin red, "Sin conexión").
    ['otra página', '/alumnos', nav, 'navegacion'],
    ['el inicio', '/', nav, 'navegacion'],
    ['una página de la familia', '/libretas-externo', nav, 'navegacion'],
    ['un camino que sólo empieza como la planilla', '/asistencias-x', nav, 'navegacion'],
    ['un camino debajo de la planilla', '/asistencias/otra', nav, 'navegacion'],
    ['la página sin conexión', '/sin-conexion', nav, 'navegacion'],
    // Lo estático (inmutable bajo su dirección).
    ['un chunk', '/_next/static/chunks/abc123.js', {}, 'estatico'],
    ['una hoja de estilos', '/_next/static/css/def456.css', {}, 'estatico'],
    ['el sprite de íconos', '/iconos.svg?v=0123456789', {}, 'estatico'],
    ['un ícono del manifiesto', '/icono-192.png', {}, 'estatico'],
    ['el ícono de Apple', '/apple-touch-icon.png', {}, 'estatico'],
    // Nunca.
    ['tRPC', '/api/trpc/asistencias.planilla?batch=1', {}, 'nunca'],
    ['la API REST', '/api/alumnos', {}, 'nunca'],
    ['next-auth', '/api/auth/session', {}, 'nunca'],
    ['una navegación a la API', '/api/logout', nav, 'nunca'],
    ['la API sin barra', '/api', {}, 'nunca'],
    ['un POST a la planilla', '/asistencias', { ...nav, metodo: 'POST' }, 'nunca'],
    ['un POST a tRPC', '/api/trpc/asistencias.guardar', { metodo: 'POST' }, 'nunca'],
    ['un PUT estático', '/_next/static/chunks/a.js', { metodo: 'PUT' }, 'nunca'],
    ['un pedido RSC de la planilla', '/asistencias?_rsc=1', { rsc: true }, 'nunca'],
    ['un pedido RSC de otra página', '/alumnos?_rsc=1', { rsc: true }, 'nunca'],
    ['la foto de un alumno', '/api/alumnos/3/foto', {}, 'nunca'],
    ['una imagen de Next', '/_next/image?url=%2Fx.png&w=64', {}, 'nunca'],
    ['el manifiesto', '/manifest.webmanifest', {}, 'nunca'],
    ['el worker', '/serwist/sw.js', {}, 'nunca'],
    ['otro origen', 'https://otro.example/_next/static/a.js', {}, 'nunca'],
    ['otro origen navegado', 'https://otro.example/asistencias', nav, 'nunca'],
  ];
  test.each(casos)('%s (%s)', (_nombre, url, cambios, esperada) => {
    expect(estrategiaPara(pedido(url, cambios))).toBe(esperada);
  });
});

describe('la planilla guardada', () => {
  test('una sola copia por camino: la clave no lleva la consulta ni la barra final', () => {
    expect(claveDeHoja(new URL('/asistencias?curso=3', ORIGEN))).toBe(`${ORIGEN}/asistencias`);
    expect(claveDeHoja(new URL('/asistencias/', ORIGEN))).toBe(`${ORIGEN}/asistencias`);
    expect(claveDeHoja(new URL('/asistencias-protected?a=b#x', ORIGEN))).toBe(
      `${ORIGEN}/asistencias-protected`,
    );
  });
  test('esHoja sólo reconoce los dos caminos de la planilla', () => {
    expect(esHoja('/asistencias')).toBe(true);
    expect(esHoja('/asistencias-protected/')).toBe(true);
    expect(esHoja('/')).toBe(false);
    expect(esHoja('/asistenciass')).toBe(false);
    expect(esHoja('/planillon')).toBe(false);
  });
});

describe('/manifest.webmanifest', () => {
  const m = manifest();

  test('nombre, nombre corto en castellano, idioma, inicio y modo de pantalla', () => {
    expect(m).toMatchObject({
      name: 'Portal escolar',
      short_name: 'Portal',
      lang: 'es-AR',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
  });

  test('el color del tema es el primario del portal (indigo, tono 7)', () => {
    expect(COLOR_DEL_TEMA).toBe('#4263eb');
    expect(m.theme_color).toBe('#4263eb');
    expect(m.background_color).toMatch(/^#[0-9a-f]{6}$/);
  });

  test('íconos de 192 y 512 y uno "maskable": existen en public/ con ese tamaño', () => {
    const iconos = m.icons ?? [];
    expect(iconos.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const i of [...iconos, { src: '/apple-touch-icon.png', sizes: '180x180' }]) {
      const png = readFileSync(path.join(process.cwd(), 'public', i.src));
      // Cabecera PNG: la firma y, en el bloque IHDR, el ancho y el alto.
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(i.sizes);
    }
  });
});
