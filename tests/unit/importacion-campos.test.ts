/**
 * El mapeo automático de encabezados de la importación (issue 34 §1): sin tildes ni mayúsculas,
 * con las variantes de las planillas de las escuelas y los encabezados de las listas exportadas
 * (una lista exportada se vuelve a importar tal cual).
 */
import {
  CAMPOS_IMPORTACION,
  campoDeEncabezado,
  esClaveCampo,
  mapeoAutomatico,
  normalizarEncabezado,
} from '@/domain/importacion/campos';

test('las claves son únicas y cada una es de su grupo', () => {
  const claves = CAMPOS_IMPORTACION.map((c) => c.clave);
  expect(new Set(claves).size).toBe(claves.length);
  for (const c of CAMPOS_IMPORTACION) expect(c.clave.startsWith(`${c.grupo}.`)).toBe(true);
  expect(esClaveCampo('alumno.dni')).toBe(true);
  expect(esClaveCampo('alumno.foto')).toBe(false);
  expect(esClaveCampo(3)).toBe(false);
});

test.each([
  ['  D.N.I.  ', 'd n i'],
  ['Teléfono   CELULAR', 'telefono celular'],
  ['Año', 'ano'],
  ['Nro. de documento', 'nro de documento'],
  ['Tutor 1 - E-mail', 'tutor 1 e mail'],
])('normalizarEncabezado(%j) = %j', (e, n) => {
  expect(normalizarEncabezado(e)).toBe(n);
});

test.each([
  ['Apellido y nombre', 'alumno.apellidoYNombre'],
  ['APELLIDO Y NOMBRES', 'alumno.apellidoYNombre'],
  ['Alumno', 'alumno.apellidoYNombre'],
  ['Apellido', 'alumno.apellido'],
  ['Nombres', 'alumno.nombre'],
  ['D.N.I.', 'alumno.dni'],
  ['DNI', 'alumno.dni'],
  ['Nro. de documento', 'alumno.dni'],
  ['Número de documento', 'alumno.dni'],
  ['Teléfono celular', 'alumno.telefono'],
  ['Telefono', 'alumno.telefono'],
  ['Correo electrónico', 'alumno.email'],
  ['E-mail', 'alumno.email'],
  ['Email', 'alumno.email'],
  ['Sexo', 'alumno.genero'],
  ['Género', 'alumno.genero'],
  ['Fecha de nacimiento', 'alumno.nacimiento'],
  ['Curso', 'alumno.curso'],
  ['Año', 'alumno.anio'],
  ['División', 'alumno.division'],
  ['Tutor 1 Apellido y nombre', 'tutor1.apellidoYNombre'],
  ['Tutor 1', 'tutor1.apellidoYNombre'],
  ['TUTOR 1 - D.N.I.', 'tutor1.dni'],
  ['Tutor 1: Teléfono celular', 'tutor1.telefono'],
  ['Tutor 1 Correo electrónico', 'tutor1.email'],
  ['Tutor 1 ex alumno', 'tutor1.exalumno'],
  ['Tutor 2 Apellido', 'tutor2.apellido'],
  ['Tutor2 nombre', 'tutor2.nombre'],
  ['Tutor 2 E-mail', 'tutor2.email'],
  ['Tutor email', 'tutor1.email'],
  ['Referente 2 teléfono', 'tutor2.telefono'],
  ['Tutor 1 DNI del alumno', 'tutor1.alumnoDni'],
  ['Alumno DNI', 'alumno.dni'],
  ['Observaciones', null],
  ['', null],
  ['Tutor 3 Apellido', null],
])('campoDeEncabezado(%j) = %j', (encabezado, clave) => {
  expect(campoDeEncabezado(encabezado)).toBe(clave);
});

test('una planilla con roles es de personal: apellido, email y teléfono son del personal', () => {
  expect(mapeoAutomatico(['Apellido', 'Nombre', 'DNI', 'Email', 'Teléfono', 'Roles'])).toEqual([
    'personal.apellido',
    'personal.nombre',
    'personal.dni',
    'personal.email',
    'personal.telefono',
    'personal.roles',
  ]);
});

test('la lista de alumnos exportada se vuelve a importar (Apellido, Nombre, DNI, Curso, Año, División)', () => {
  expect(
    mapeoAutomatico(['Apellido', 'Nombre', 'DNI', 'Email', 'Teléfono', 'Año', 'División', 'Curso']),
  ).toEqual([
    'alumno.apellido',
    'alumno.nombre',
    'alumno.dni',
    'alumno.email',
    'alumno.telefono',
    'alumno.anio',
    'alumno.division',
    'alumno.curso',
  ]);
});

test('la planilla de siempre: un alumno por fila con Tutor 1 y Tutor 2', () => {
  expect(
    mapeoAutomatico([
      'Apellido y nombre',
      'D.N.I.',
      'Curso',
      'Tutor 1 Apellido y nombre',
      'Tutor 1 Correo electrónico',
      'Tutor 1 Teléfono celular',
      'Tutor 2 Apellido y nombre',
      'Tutor 2 Correo electrónico',
      'Observaciones',
    ]),
  ).toEqual([
    'alumno.apellidoYNombre',
    'alumno.dni',
    'alumno.curso',
    'tutor1.apellidoYNombre',
    'tutor1.email',
    'tutor1.telefono',
    'tutor2.apellidoYNombre',
    'tutor2.email',
    null,
  ]);
});

test('una clave va a una sola columna (la primera) y una columna vacía no se importa', () => {
  expect(mapeoAutomatico(['DNI', 'Documento', '', 'Apellido'])).toEqual([
    'alumno.dni',
    null,
    null,
    'alumno.apellido',
  ]);
});

test('una planilla de cursos: año, división y especialidad sin alumnos', () => {
  expect(mapeoAutomatico(['Año', 'División', 'Especialidad'])).toEqual([
    'curso.anio',
    'curso.division',
    'curso.especialidad',
  ]);
});

test('alumnos del ciclo superior: la especialidad es la división del curso del alumno', () => {
  expect(mapeoAutomatico(['Apellido', 'DNI', 'Año', 'Especialidad'])).toEqual([
    'alumno.apellido',
    'alumno.dni',
    'alumno.anio',
    'alumno.division',
  ]);
  expect(mapeoAutomatico(['Apellido', 'DNI', 'Año', 'División', 'Especialidad'])).toEqual([
    'alumno.apellido',
    'alumno.dni',
    'alumno.anio',
    'alumno.division',
    null,
  ]);
});

test('una planilla de tutores sin alumnos: el DNI es el del alumno de cada tutor', () => {
  expect(mapeoAutomatico(['Tutor apellido y nombre', 'Tutor email', 'DNI'])).toEqual([
    'tutor1.apellidoYNombre',
    'tutor1.email',
    'tutor1.alumnoDni',
  ]);
});
