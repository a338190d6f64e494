/**
 * Las celdas de una planilla importada (issue 34 §1): DNI con puntos, teléfonos, fechas (serie de
 * Excel y dd/mm/aaaa), género, sí/no, roles, cursos y "Apellido y nombre".
 */
import {
  leerCurso,
  leerDni,
  leerFechaCelda,
  leerGenero,
  leerListaDni,
  leerRoles,
  leerSiNo,
  leerTelefono,
  partirApellidoYNombre,
} from '@/domain/importacion/celdas';
import { Rol } from '@/domain/roles';

const valor = <T>(r: { ok: true; valor: T } | { ok: false; mensaje: string }) =>
  r.ok ? r.valor : `ERROR ${r.mensaje}`;

test.each([
  ['23.456.789', 23456789],
  ['23456789', 23456789],
  [' 1.234.567 ', 1234567],
  ['23456789.0', 23456789],
  ['', null],
  ['23.456.78', "ERROR '23.456.78' no es un DNI válido"],
  ['2345.6789', "ERROR '2345.6789' no es un DNI válido"],
  ['123456', "ERROR '123456' no es un DNI válido"],
  ['abc', "ERROR 'abc' no es un DNI válido"],
])('leerDni(%j) = %j', (t, esperado) => {
  expect(valor(leerDni(t))).toBe(esperado);
});

test.each([
  ['341 5551234', '341 5551234'],
  ['3415551234', '341 5551234'],
  ['(0341) 155-551234', '341 5551234'],
  ['(0341) 15-555-1234', '341 5551234'],
  ['+54 9 341 555-1234', '341 5551234'],
  ['11 4567-8901', '11 45678901'],
  ['1145678901', '11 45678901'],
  ['3464 123456', '3464 123456'],
  ['', null],
  ['5551234', "ERROR '5551234' no tiene código de área"],
  ['llamar a la tarde', "ERROR 'llamar a la tarde' no es un teléfono válido"],
])('leerTelefono(%j) = %j', (t, esperado) => {
  expect(valor(leerTelefono(t))).toBe(esperado);
});

test.each([
  ['15/03/2010', '2010-03-15'],
  ['1/3/2010', '2010-03-01'],
  ['2010-03-15', '2010-03-15'],
  // Serie de Excel: 40252 es el 15/03/2010; 45000, el 15/03/2023.
  ['40252', '2010-03-15'],
  ['45000', '2023-03-15'],
  ['', null],
  ['31/02/2010', "ERROR '31/02/2010': El 31/02/2010 no existe en el calendario."],
  ['15/03/10', "ERROR '15/03/10': Escriba el año con cuatro cifras: dd/mm/aaaa."],
])('leerFechaCelda(%j) = %j', (t, esperado) => {
  expect(valor(leerFechaCelda(t))).toBe(esperado);
});

test('una fecha de nacimiento futura es un error', () => {
  expect(leerFechaCelda('01/01/2030', { maxima: '2026-11-28' }).ok).toBe(false);
});

test.each([
  ['M', 'Masculino'],
  ['femenino', 'Femenino'],
  ['Mujer', 'Femenino'],
  ['X', 'Otro'],
  ['Sin decidir', null],
  ['', null],
  ['Z', "ERROR 'Z' no es un género (Otro, Masculino, Femenino o Sin decidir)"],
])('leerGenero(%j) = %j', (t, esperado) => {
  expect(valor(leerGenero(t))).toBe(esperado);
});

test.each([
  ['Sí', true],
  ['si', true],
  ['X', true],
  ['NO', false],
  ['0', false],
  ['', null],
  ['tal vez', "ERROR 'tal vez' no es sí ni no"],
])('leerSiNo(%j) = %j', (t, esperado) => {
  expect(valor(leerSiNo(t))).toBe(esperado);
});

test.each([
  ['Docente', Rol.Docente],
  ['docente, preceptor', Rol.Docente | Rol.Preceptor],
  ['Jefe de Departamento; Regente', Rol.JefeDepartamento | Rol.Regente],
  ['JEFE DE PRECEPTORES', Rol.JefePreceptor],
  ['Administrador / Alumnado', Rol.Admin | Rol.Alumnado],
  ['Docentes y Coordinador', Rol.Docente | Rol.Coordinador],
  ['', null],
  ['Portero', "ERROR 'Portero' no es un rol del portal"],
  // Se leen (una lista exportada los trae); el plan rechaza darlos a quien no los tiene.
  ['Referente Parental, Docente', Rol.ReferenteParental | Rol.Docente],
])('leerRoles(%j) = %j', (t, esperado) => {
  expect(valor(leerRoles(t))).toEqual(esperado);
});

test.each([
  ['3° 2ª', { anio: 3, division: 2, especialidad: null }],
  ['3 2', { anio: 3, division: 2, especialidad: null }],
  ['3°2°', { anio: 3, division: 2, especialidad: null }],
  ['3ro 2da', { anio: 3, division: 2, especialidad: null }],
  ['1-4', { anio: 1, division: 4, especialidad: null }],
  ['5° Electrónica', { anio: 5, division: null, especialidad: 'Electrónica' }],
  ['5to Electrónica', { anio: 5, division: null, especialidad: 'Electrónica' }],
  ['', null],
  ['9° 2ª', "ERROR '9° 2ª' no es un curso (por ejemplo 3° 2ª o 5° Electrónica)"],
  ['3° 9ª', "ERROR '3° 9ª' no es un curso (por ejemplo 3° 2ª o 5° Electrónica)"],
])('leerCurso(%j) = %j', (t, esperado) => {
  expect(valor(leerCurso(t))).toEqual(esperado);
});

test.each([
  ['Pérez, Ana', { apellido: 'Pérez', nombre: 'Ana' }],
  ['PÉREZ Ana María', { apellido: 'Pérez', nombre: 'Ana María' }],
  ['PÉREZ GÓMEZ Ana', { apellido: 'Pérez Gómez', nombre: 'Ana' }],
  ['PEREZ ANA', { apellido: 'Perez', nombre: 'Ana' }],
  ['DE LA FUENTE JUAN', { apellido: 'De la Fuente', nombre: 'Juan' }],
  ['  Núñez ,   José  ', { apellido: 'Núñez', nombre: 'José' }],
  ['', null],
  ['Pérez', "ERROR 'Pérez': falta el apellido o el nombre (Apellido, Nombre)"],
])('partirApellidoYNombre(%j) = %j', (t, esperado) => {
  expect(valor(partirApellidoYNombre(t))).toEqual(esperado);
});

test('leerListaDni: varios alumnos separados por coma, punto y coma o barra, sin repetir', () => {
  expect(valor(leerListaDni('23.456.789, 34567890; 23456789 / 45.678.901'))).toEqual([
    23456789, 34567890, 45678901,
  ]);
  expect(leerListaDni('23.456.78').ok).toBe(false);
});
