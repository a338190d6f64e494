import { Rol } from '@/domain/roles';
import { dependeDelAnio, MODULOS, moduloDeRuta, modulosDe, puedeAbrir } from '@/domain/modulos';
import { AUTENTICADO, PUBLICO, PROCEDIMIENTOS, puedeLlamar } from '@/server/permisos';

const { Docente, Admin, Preceptor, Regente, Alumno, ReferenteParental } = Rol;

// La tabla de DESIGN §6 escrita a mano, rol por rol, está en tests/fixtures/acceso-literal.ts
// (tests/unit/acceso-literal.test.ts la compara con la app).

test.each([
  ['/jornada/view/3', '/jornada/view'],
  ['/jornada', '/jornada'],
  ['/jornadas', undefined],
  ['/planificaciones/nueva/12', '/planificaciones/nueva'],
  ['/notas/', '/notas'],
  ['/notas?x=1', '/notas'],
  ['/no-existe', undefined],
])('moduloDeRuta(%s) → %s', (ruta, esperado) => {
  expect(moduloDeRuta(ruta)?.ruta).toBe(esperado);
});

test('las rutas de módulos no se repiten y no llevan acentos', () => {
  const rutas = MODULOS.map((m) => m.ruta);
  expect(new Set(rutas).size).toBe(rutas.length);
  for (const r of rutas) expect(r).toMatch(/^\/[a-z0-9/-]+$/);
});

test('la grilla del Docente y del Referente', () => {
  expect(modulosDe(Docente).map((m) => m.ruta)).toEqual([
    '/avances',
    '/cronograma',
    '/planificaciones/nueva',
    '/horarios-readonly',
    '/mi-horario',
    '/mesas',
    '/notas',
    '/jornada/view',
    '/comunicados',
  ]);
  expect(modulosDe(ReferenteParental).map((m) => m.ruta)).toEqual([
    '/inscripcion',
    '/horarios-externo',
    '/asistencias-externo',
    '/avances-externo',
    '/evaluaciones-externo',
    '/libretas-externo',
    '/medidas-externo',
    '/comunicados-externo',
  ]);
  expect(modulosDe(null)).toEqual([]);
  expect(modulosDe(1024)).toEqual([]);
});

test.each([
  [5, true],
  [4, false],
  [1, false],
  [null, false],
  [undefined, false],
])('gimnasia electiva en la grilla del alumno que cursa %s: %s', (anio, esta) => {
  const rutas = modulosDe(Alumno, anio).map((m) => m.ruta);
  expect(rutas.includes('/gimnasia-electiva')).toBe(esta);
  expect(rutas).toContain('/jornada');
  expect(rutas).toContain('/asistencias-externo');
});

test('sólo los módulos del alumno dependen de su año', () => {
  expect(dependeDelAnio(Alumno)).toBe(true);
  for (const rol of [Docente, ReferenteParental, Admin, null])
    expect(dependeDelAnio(rol)).toBe(false);
  // El año no cambia la grilla de los demás roles.
  expect(modulosDe(Admin, 5)).toEqual(modulosDe(Admin));
});

test.each([
  ['sesion.estado', Alumno, true],
  ['usuarios.guardar', Admin, true],
  ['usuarios.guardar', Regente, false],
  ['usuarios.guardar', null, false],
  ['no.existe', Admin, false],
  ['cursos.delPreceptor', Preceptor, true],
  ['cursos.delPreceptor', Docente, false],
  ['sesion.hijos', ReferenteParental, true],
  ['sesion.hijos', Alumno, false],
] as const)('puedeLlamar(%s, %s) = %s', (proc, rol, esperado) => {
  expect(puedeLlamar(proc, rol)).toBe(esperado);
});

describe('herramientas de root: Admin y, además, el dispositivo de administración', () => {
  test.each(['/root/reportes', '/root/log', '/root/log?x=1'])('%s', (ruta) => {
    for (const rol of Object.values(Rol) as number[]) {
      expect([rol, puedeAbrir(ruta, rol, true)]).toEqual([rol, rol === Admin]);
      expect([rol, puedeAbrir(ruta, rol)]).toEqual([rol, false]);
    }
    expect(puedeAbrir(ruta, null, true)).toBe(false);
  });
  test.each(['root.reportes', 'root.log'])('%s', (proc) => {
    expect(puedeLlamar(proc, Admin, true)).toBe(true);
    expect(puedeLlamar(proc, Admin)).toBe(false);
    expect(puedeLlamar(proc, Admin, false)).toBe(false);
    expect(puedeLlamar(proc, Regente, true)).toBe(false);
    expect(puedeLlamar(proc, null, true)).toBe(false);
  });
  test('no están en la grilla; el dispositivo no cambia nada fuera de root', () => {
    expect(modulosDe(Admin).map((m) => m.ruta)).not.toContain('/root/reportes');
    expect(modulosDe(Admin).map((m) => m.ruta)).not.toContain('/root/log');
    expect(puedeAbrir('/usuarios', Admin, true)).toBe(true);
    expect(puedeAbrir('/usuarios', Admin, false)).toBe(true);
    expect(puedeLlamar('usuarios.guardar', Regente, true)).toBe(false);
  });
});

test('ningún procedimiento queda abierto a los roles públicos por error', () => {
  const abiertosAPublicos = Object.entries(PROCEDIMIENTOS)
    .filter(
      ([, acceso]) =>
        acceso !== AUTENTICADO &&
        acceso !== PUBLICO &&
        ((acceso as number[]).includes(Alumno) || (acceso as number[]).includes(ReferenteParental)),
    )
    .map(([p]) => p);
  // Las vistas propias (-externo, mis*) y la inscripción anual: el servicio limita al alumno
  // mismo o a un hijo vinculado (tests/integration/inscripcion.test.ts prueba los IDOR).
  expect([...abiertosAPublicos].sort()).toEqual(
    [
      'sesion.hijos',
      'referentes.guardar',
      'referentes.mishijos',
      'asistencias.mias',
      'reincorporaciones.listar',
      'medidas.mias',
      'notas.mias',
      'inscripcion.mishijos',
      'inscripcion.buscarHijos',
      'inscripcion.vincularme',
      'inscripcion.inscribir',
      'inscripcion.declararIngles',
      'inscripcion.datos',
      'inscripcion.mia',
      'inscripcion.comprobante',
      // La cuota de la cooperadora del ciclo: no es de nadie en particular (la del año).
      'inscripcion.cooperadora',
      'reglamentos.listar',
      'reglamentos.autorizaciones',
      'reglamentos.responder',
      'reglamentos.responderAutorizacion',
      // Los comunicados recibidos: el servicio limita a sus destinatarios (comunicados.test.ts
      // prueba el 404 a otra familia, también del adjunto y de la confirmación).
      'comunicados.mios',
      'comunicados.abrir',
      'comunicados.adjunto',
      'comunicados.confirmar',
      'perfil.propio',
      'perfil.actualizar',
      'perfil.foto',
      'referentes.vincular',
      // La semana y las evaluaciones propias o del hijo (alumnoPropioOHijo; horarios.test.ts y
      // evaluaciones.test.ts prueban que otra familia recibe 403).
      'horarios.mios',
      'evaluaciones.mias',
      // La dirección del calendario personal: siempre la del usuario de la sesión.
      'evaluaciones.enlace',
      'evaluaciones.nuevoEnlace',
      'evaluaciones.quitarEnlace',
      // Los avances cerrados propios o del hijo (alumnoPropioOHijo; avances.test.ts).
      'avances.mias',
      // Las PIC y las notas de PIC publicadas propias o del hijo (alumnoPropioOHijo; pics.test.ts).
      'pics.mias',
      'pics.notasAlumno',
      // La jornada: sólo el alumno de la sesión (alumnoPropioOHijo con el rol Alumno; jornada.test.ts).
      'jornada.informacion',
      'jornada.elegir',
      // La gimnasia electiva del alumno de la sesión (gimnasia.test.ts).
      'gimnasia.mia',
      'gimnasia.elegir',
    ].sort(),
  );
});

test('sólo los .ics de los calendarios personales son públicos (traen su secreto en la entrada)', () => {
  const publicos = Object.entries(PROCEDIMIENTOS)
    .filter(([, acceso]) => acceso === PUBLICO)
    .map(([p]) => p);
  expect(publicos.sort()).toEqual(['evaluaciones.calendario', 'horarios.calendario']);
  expect(puedeLlamar('evaluaciones.calendario', null)).toBe(true);
  expect(puedeLlamar('horarios.calendario', null)).toBe(true);
  expect(puedeLlamar('evaluaciones.mias', null)).toBe(false);
  expect(puedeLlamar('horarios.miSemana', null)).toBe(false);
});
