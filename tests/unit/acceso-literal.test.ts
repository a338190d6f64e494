/**
 * La tabla de acceso de la app contra la literal de tests/fixtures/acceso-literal.ts (escrita a
 * mano desde DESIGN §6 y la spec), rol por rol: los módulos que abre cada rol (la grilla de
 * inicio, el menú y las guardias de página leen src/domain/modulos.ts), los procedimientos que
 * llama (src/server/permisos.ts) y que cada página pida su propio módulo. La matriz de
 * tests/integration/acceso.test.ts comprueba con la misma tabla literal que el router obedece.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

import { MODULOS, moduloDeRuta, modulosDe, puedeAbrir } from '@/domain/modulos';
import { Rol, type RolBit } from '@/domain/roles';
import { PIDEN_DISPOSITIVO_ADMIN, PROCEDIMIENTOS, puedeLlamar } from '@/server/permisos';
import {
  CON_DISPOSITIVO,
  GRUPOS,
  LITERAL,
  MODULOS_LITERALES,
  PROCEDIMIENTOS_CON_DISPOSITIVO,
  TODOS,
  literalPermite,
  modulosLiteralesDe,
  nombre,
} from '../fixtures/acceso-literal';

const {
  Docente,
  Admin,
  Preceptor,
  JefeDepartamento,
  JefePreceptor,
  Regente,
  Alumno,
  Alumnado,
  ReferenteParental,
  Coordinador,
} = Rol;

describe('módulos: la tabla de la app (grilla y guardias de página) es la literal, rol por rol', () => {
  test('cada módulo de la app está en la tabla literal y al revés', () => {
    expect(MODULOS.map((m) => m.ruta).sort()).toEqual(Object.keys(MODULOS_LITERALES).sort());
  });

  test.each(TODOS.map((r) => [nombre(r), r]))('%s (%i) abre exactamente lo suyo', (_n, rol) => {
    const abre = MODULOS.map((m) => m.ruta)
      .filter((ruta) => puedeAbrir(ruta, rol, true))
      .sort();
    expect(abre).toEqual(modulosLiteralesDe(rol));
    // La grilla de inicio y el menú (con cualquier año que curse) no muestran nada más.
    for (const anio of [null, 1, 5]) {
      const grilla = modulosDe(rol, anio).map((m) => m.ruta);
      expect(grilla.filter((r) => !modulosLiteralesDe(rol).includes(r))).toEqual([]);
    }
  });

  test('sin rol (o con un bit desconocido) no se abre nada', () => {
    for (const ruta of Object.keys(MODULOS_LITERALES)) {
      expect(puedeAbrir(ruta, null, true)).toBe(false);
      expect(puedeAbrir(ruta, 1024, true)).toBe(false);
    }
  });

  // Los casos que la spec dice con todas las letras, por si la tabla de arriba se corrige mal.
  test.each([
    ['/alumnos', Docente, false],
    ['/alumnos/', Preceptor, true],
    ['/medidas', Preceptor, false],
    ['/medidas', Alumnado, false],
    ['/medidas-protected', JefePreceptor, false],
    ['/usuarios', Regente, false],
    ['/legajo/15', Alumno, false],
    ['/legajo/15', ReferenteParental, false],
    ['/legajo/15', Docente, true],
    ['/jornada/view', Alumno, false],
    ['/jornada/view', ReferenteParental, false],
    ['/jornada', Docente, false],
    ['/jornada', ReferenteParental, false],
    ['/perfil/editar', ReferenteParental, false],
    ['/perfil/editar', Admin, false],
    ['/inscripcion/completar', ReferenteParental, true],
    ['/inscripcion/completar', Alumno, false],
    ['/libretas-externo', Admin, false],
    ['/mesas/3', Docente, true],
    ['/planificacion/materias', JefeDepartamento, false],
    ['/cronograma/12/clases', Preceptor, false],
  ] as const)('%s como %i: %s', (ruta, rol, abre) => {
    expect(puedeAbrir(ruta, rol, true)).toBe(abre);
  });

  test('alumno y referente: sólo sus vistas propias (y lo suyo de cada uno)', () => {
    const externas = [
      '/asistencias-externo',
      '/avances-externo',
      '/evaluaciones-externo',
      '/horarios-externo',
      '/libretas-externo',
      '/medidas-externo',
      '/comunicados-externo',
    ];
    expect(modulosLiteralesDe(Alumno)).toEqual(
      [...externas, '/gimnasia-electiva', '/jornada', '/perfil/editar'].sort(),
    );
    expect(modulosLiteralesDe(ReferenteParental)).toEqual([...externas, '/inscripcion'].sort());
  });

  test('/root/*: sólo Admin, y sólo con el dispositivo de administración', () => {
    for (const ruta of CON_DISPOSITIVO) {
      for (const rol of TODOS) {
        expect([ruta, nombre(rol), puedeAbrir(ruta, rol, true)]).toEqual([
          ruta,
          nombre(rol),
          rol === Admin,
        ]);
        expect([ruta, nombre(rol), puedeAbrir(`${ruta}/x`, rol, false)]).toEqual([
          ruta,
          nombre(rol),
          false,
        ]);
      }
    }
    expect(
      MODULOS.filter((m) => m.dispositivoAdmin)
        .map((m) => m.ruta)
        .sort(),
    ).toEqual([...CON_DISPOSITIVO].sort());
    // Ningún otro módulo cambia con el dispositivo.
    for (const rol of TODOS)
      for (const ruta of Object.keys(MODULOS_LITERALES).filter((r) => !CON_DISPOSITIVO.includes(r)))
        expect([ruta, rol, puedeAbrir(ruta, rol, false)]).toEqual([
          ruta,
          rol,
          puedeAbrir(ruta, rol, true),
        ]);
  });
});

describe('procedimientos: permisos.ts es la tabla literal, rol por rol', () => {
  test('cada procedimiento de permisos.ts está en la tabla literal y al revés', () => {
    const faltan = Object.keys(PROCEDIMIENTOS).filter((p) => !(p in LITERAL));
    const sobran = Object.keys(LITERAL).filter((p) => !(p in PROCEDIMIENTOS));
    // Un procedimiento nuevo se agrega a mano en GRUPOS, con los roles que dice la spec.
    expect({ faltan, sobran }).toEqual({ faltan: [], sobran: [] });
  });

  test.each([...TODOS.map((r) => [nombre(r), r] as const), ['sin sesión', null] as const])(
    '%s: cada procedimiento permitido o negado como en la tabla literal',
    (_n, rol) => {
      const distintos = Object.keys(PROCEDIMIENTOS)
        .filter((p) => p in LITERAL)
        .flatMap((p) =>
          [true, false]
            .filter((disp) => puedeLlamar(p, rol, disp) !== literalPermite(p, rol, disp))
            .map(
              (disp) =>
                `${p}${disp ? ' (con dispositivo)' : ''}: la app ${puedeLlamar(p, rol, disp) ? 'permite' : 'niega'}`,
            ),
        );
      expect(distintos).toEqual([]);
    },
  );

  test('sólo root pide el dispositivo de administración', () => {
    expect([...PIDEN_DISPOSITIVO_ADMIN].sort()).toEqual([...PROCEDIMIENTOS_CON_DISPOSITIVO].sort());
  });

  test.each(
    GRUPOS.filter((g) => g.modulos !== 'transversal').map((g) => [
      (g.modulos as string[]).join(', '),
      g,
    ]),
  )('los procedimientos de %s no se abren a quien no abre ninguno de esos módulos', (_m, g) => {
    const modulos = g.modulos as string[];
    for (const m of modulos) expect(Object.keys(MODULOS_LITERALES)).toContain(m);
    const abren = new Set(modulos.flatMap((m) => MODULOS_LITERALES[m]!));
    for (const [p, roles] of Object.entries(g.procedimientos)) {
      expect([p, Array.isArray(roles)]).toEqual([p, true]);
      const ajenos = (roles as RolBit[]).filter((r) => !abren.has(r)).map(nombre);
      expect([p, ajenos]).toEqual([p, []]);
    }
  });

  // Los casos de la spec con todas las letras.
  test.each([
    ['usuarios.guardar', Regente, false],
    ['medidas.editar', Preceptor, false],
    ['medidas.borrar', Preceptor, false],
    ['medidas.nueva', Alumnado, false],
    ['asistencias.guardarAlumno', Preceptor, false],
    ['alumnos.listar', Docente, false],
    ['alumnos.legajo', Alumno, false],
    ['alumnos.legajo', ReferenteParental, false],
    ['notas.reabrir', Docente, false],
    ['avances.guardar', JefeDepartamento, false],
    ['avances.cerrar', JefeDepartamento, true],
    ['avances.planilla', Preceptor, false],
    ['cronograma.libro', Regente, false],
    ['cronograma.detalles', Coordinador, true],
    ['mesas.modificarHorario', Alumnado, false],
    ['mesas.acta', JefeDepartamento, false],
    ['jornada.vista', Alumno, false],
    ['jornada.vista', ReferenteParental, false],
    ['jornada.elegir', Docente, false],
    ['perfil.actualizar', ReferenteParental, false],
    ['inscripcion.inscribir', Alumno, false],
    ['inscripcion.datos', Docente, false],
  ] as const)('%s como %i: %s', (p, rol, puede) => {
    expect(puedeLlamar(p, rol, true)).toBe(puede);
  });
});

// ---------------------------------------------------------------------------------------------
// Las guardias de página: cada página del personal y del alumno pide su propio módulo.

const APP = resolve(__dirname, '../../src/app');

function paginas(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const camino = join(dir, n);
    if (statSync(camino).isDirectory()) return paginas(camino);
    return n === 'page.tsx' ? [camino] : [];
  });
}

/** '/(staff)/(cronograma)/cronograma/[id]/clases/page.tsx' → '/cronograma/1/clases'. */
const rutaDePagina = (archivo: string) =>
  '/' +
  relative(APP, dirname(archivo))
    .split('/')
    .filter((s) => !/^\(.*\)$/.test(s))
    .map((s) => (/^\[.*\]$/.test(s) ? '1' : s))
    .join('/');

/** Las guardias de la página y de los archivos de la app que importa (`./…`, `../…`, `@/app/…`). */
function guardiasDe(archivo: string, vistos = new Set<string>()): string[] {
  if (vistos.has(archivo)) return [];
  vistos.add(archivo);
  const texto = readFileSync(archivo, 'utf8');
  const propias = [...texto.matchAll(/requerirModulo\('([^']+)'\)/g)].map((m) => m[1]!);
  const locales = [...texto.matchAll(/from '((?:\.{1,2}|@\/app)\/[^']+)'/g)].map((m) => m[1]!);
  const importadas = locales.flatMap((l) => {
    const base = l.startsWith('@/app/') ? join(APP, l.slice(6)) : resolve(dirname(archivo), l);
    const real = ['.ts', '.tsx', '/index.ts']
      .map((e) => base + e)
      .find((c) => {
        try {
          return statSync(c).isFile();
        } catch {
          return false;
        }
      });
    return real ? guardiasDe(real, vistos) : [];
  });
  return [...propias, ...importadas];
}

describe('guardias de página', () => {
  const protegidas = ['(staff)', '(student)'].flatMap((g) => paginas(join(APP, g)));

  test('hay páginas del personal y del alumno', () => {
    expect(protegidas.length).toBeGreaterThan(50);
  });

  test.each(protegidas.map((a) => [rutaDePagina(a), a]))(
    '%s pide su propio módulo',
    (ruta, archivo) => {
      const guardias = [...new Set(guardiasDe(archivo))];
      expect(guardias.length).toBeGreaterThan(0);
      // /planificaciones (la lista) no es un módulo propio: la abre quien crea planificaciones.
      const propio =
        moduloDeRuta(ruta)?.ruta ??
        (ruta === '/planificaciones' ? '/planificaciones/nueva' : undefined);
      expect(propio).toBeDefined();
      for (const g of guardias) expect(moduloDeRuta(g)?.ruta).toBe(propio);
    },
  );
});
