/**
 * Las reglas de coincidencia de la importación (issue 34 §1), sobre una base en memoria: alumnos
 * por DNI, tutores y personal por email, cursos por año y división; y las trampas: DNI repetido en
 * el archivo, DNI con puntos, un tutor de dos hermanos, tildes, filas vacías al final.
 */
import { mapeoAutomatico } from '@/domain/importacion/campos';
import { planificar, type Existentes } from '@/domain/importacion/plan';
import { Rol } from '@/domain/roles';

const HOY = '2026-11-28';
const base: Existentes = {
  alumnos: [
    {
      id: 10,
      dni: 40111222,
      apellido: 'Núñez',
      nombre: 'José',
      genero: 'Masculino',
      nacimiento: '2010-05-04',
      email: null,
      telefono: '341 5550000',
      cursoId: 1,
    },
  ],
  referentes: [
    {
      id: 50,
      apellido: 'Gómez',
      nombre: 'Luis',
      email: 'luis@gmail.com',
      telefono: null,
      exalumno: false,
    },
    {
      id: 51,
      apellido: 'Sosa',
      nombre: 'Marta',
      email: 'marta@otro.com',
      telefono: '341 4440000',
      exalumno: false,
    },
  ],
  vinculos: [{ alumnoId: 10, referenteId: 50, confirmado: false }],
  usuarios: [
    {
      id: 7,
      email: 'eva@escuela.edu.ar',
      apellido: 'García',
      nombre: 'Eva',
      telefono: null,
      rls: Rol.Docente,
    },
  ],
  cursos: [
    { id: 1, anio: 3, division: 2, especialidad: 'Básico' },
    { id: 2, anio: 5, division: 1, especialidad: 'Electrónica' },
    { id: 3, anio: 5, division: 2, especialidad: 'Construcciones' },
  ],
};

const ENCABEZADOS = [
  'Apellido y nombre',
  'D.N.I.',
  'Curso',
  'Teléfono',
  'Tutor 1 Apellido y nombre',
  'Tutor 1 Email',
  'Tutor 1 Teléfono',
];
const plan = (filas: string[][], opciones = { vaciar: false }, existentes = base) =>
  planificar(ENCABEZADOS, filas, mapeoAutomatico(ENCABEZADOS), existentes, {
    ...opciones,
    hoy: HOY,
  });

test('alumno existente por DNI (con puntos) sin cambios; tildes y mayúsculas no son un cambio', () => {
  const r = plan([['NÚÑEZ, JOSÉ', '40.111.222', '3° 2ª', '3415550000', '', '', '']]);
  expect(r.filas).toHaveLength(1);
  expect(r.filas[0]!.entidades.map((e) => [e.tipo, e.accion])).toEqual([['alumno', 'sin cambios']]);
  expect(r.operaciones.alumnos).toEqual({ crear: [], actualizar: [] });
});

test('un DNI repetido en el archivo: la segunda fila es un error y se omite entera', () => {
  const r = plan([
    ['Pérez, Ana', '45.000.111', '3 2', '', '', '', ''],
    ['Pérez, Ana Clara', '45000111', '3 2', '', '', '', ''],
  ]);
  expect(r.filas[1]!.errores).toEqual([
    { columna: 'D.N.I.', mensaje: 'Fila 3, D.N.I.: el DNI 45.000.111 ya está en la fila 2' },
  ]);
  expect(r.filas[1]!.entidades.map((e) => e.accion)).toEqual(['omitir']);
  expect(r.operaciones.alumnos.crear.map((c) => c.valores.nombre)).toEqual(['Ana']);
  expect(r.cuentas.errores).toBe(1);
});

test('un DNI mal escrito es un error de la celda con la fila', () => {
  const r = plan([['Pérez, Ana', '23.456.78', '3 2', '', '', '', '']]);
  expect(r.filas[0]!.errores[0]!.mensaje).toBe("Fila 2, D.N.I.: '23.456.78' no es un DNI válido");
  expect(r.operaciones.alumnos.crear).toEqual([]);
});

test('un tutor de dos hermanos es uno solo con dos vínculos confirmados', () => {
  const r = plan([
    ['Pérez, Ana', '45000111', '3 2', '', 'Rodríguez, Laura', 'laura@gmail.com', '341 5551234'],
    ['Pérez, Juan', '46000222', '3 2', '', 'RODRIGUEZ Laura', 'Laura@Gmail.com', ''],
  ]);
  expect(r.operaciones.referentes.crear).toHaveLength(1);
  expect(r.operaciones.vinculos.crear).toEqual([
    { alumno: { nuevo: 'alumno:45000111' }, referente: { nuevo: 'tutor:laura@gmail.com' } },
    { alumno: { nuevo: 'alumno:46000222' }, referente: { nuevo: 'tutor:laura@gmail.com' } },
  ]);
  const tutorFila3 = r.filas[1]!.entidades.find((e) => e.tipo === 'tutor')!;
  expect(tutorFila3).toMatchObject({
    accion: 'sin cambios',
    aviso: 'Es el mismo tutor de la fila 2.',
  });
  expect(r.cuentas.porTipo.tutor.crear).toBe(1);
  expect(r.cuentas.porTipo.vinculo.crear).toBe(2);
});

test('un tutor existente por email: el vínculo pendiente se confirma; otro con el mismo teléfono es un aviso', () => {
  const r = plan([
    ['Núñez, José', '40111222', '3 2', '', 'Gómez, Luis', 'LUIS@gmail.com', ''],
    ['Pérez, Ana', '45000111', '3 2', '', 'Sosa, Marta', 'marta.nueva@gmail.com', '341 4440000'],
  ]);
  expect(r.filas[0]!.entidades.map((e) => [e.tipo, e.accion])).toEqual([
    ['alumno', 'sin cambios'],
    ['tutor', 'sin cambios'],
    ['vinculo', 'actualizar'],
  ]);
  expect(r.operaciones.vinculos.confirmar).toEqual([{ alumnoId: 10, referenteId: 50 }]);
  const nueva = r.filas[1]!.entidades.find((e) => e.tipo === 'tutor')!;
  expect(nueva.accion).toBe('crear');
  expect(nueva.aviso).toBe(
    'Hay otro tutor con el mismo teléfono: Sosa, Marta <marta@otro.com>. Se crea uno nuevo porque el email no coincide.',
  );
});

test('sin vaciar, una celda vacía no borra; con vaciar, sí (salvo apellido y nombre)', () => {
  const fila = [['Núñez, José', '40111222', '', '', '', '', '']];
  expect(plan(fila).operaciones.alumnos.actualizar).toEqual([]);
  const r = plan(fila, { vaciar: true });
  expect(r.operaciones.alumnos.actualizar).toEqual([{ id: 10, set: { telefono: null } }]);
  expect(r.filas[0]!.entidades[0]!.cambios).toEqual([
    { campo: 'Teléfono', antes: '341 5550000', despues: '' },
  ]);
});

test('el curso: por año y división, por especialidad si es única, y un error si no existe', () => {
  const r = plan([
    ['Pérez, Ana', '45000111', '5° Electrónica', '', '', '', ''],
    ['Pérez, Juan', '46000222', '4° 1ª', '', '', '', ''],
    ['Núñez, José', '40111222', '5 2', '', '', '', ''],
  ]);
  expect(r.operaciones.cursoDeAlumno).toEqual([
    { alumno: { nuevo: 'alumno:45000111' }, curso: { id: 2 } },
    { alumno: { id: 10 }, curso: { id: 3 } },
  ]);
  expect(r.filas[1]!.errores[0]!.mensaje).toBe('Fila 3, Curso: el curso 4° 1° no existe');
  expect(r.filas[2]!.entidades[0]!.cambios).toEqual([
    { campo: 'Curso', antes: '3° 2°', despues: '5° Construcciones' },
  ]);
});

test('las filas vacías (al final o en el medio) no cuentan; la numeración sigue la planilla', () => {
  const r = plan([
    ['', '', '', '', '', '', ''],
    ['Pérez, Ana', '45000111', '', '', '', '', ''],
    ['  ', '', '', '', '', '', ''],
  ]);
  expect(r.filas.map((f) => f.fila)).toEqual([3]);
});

test('personal por email: agrega roles, nunca quita; uno nuevo necesita roles', () => {
  const enc = ['Apellido', 'Nombre', 'Email', 'Roles'];
  const r = planificar(
    enc,
    [
      ['García', 'Eva', 'EVA@escuela.edu.ar', 'Preceptor'],
      ['López', 'Ana', 'ana@escuela.edu.ar', ''],
      ['Díaz', 'Pablo', 'pablo@escuela.edu.ar', 'Docente, Regente'],
    ],
    mapeoAutomatico(enc),
    base,
    { vaciar: true, hoy: HOY },
  );
  expect(r.operaciones.usuarios.actualizar).toEqual([
    { id: 7, set: { rls: Rol.Docente | Rol.Preceptor } },
  ]);
  expect(r.filas[0]!.entidades[0]!.cambios).toEqual([
    { campo: 'Roles', antes: 'Docente', despues: 'Docente, Preceptor' },
  ]);
  expect(r.filas[1]!.errores[0]!.mensaje).toBe(
    'Fila 3, Roles: indique al menos un rol para crear el usuario',
  );
  expect(r.operaciones.usuarios.crear.map((u) => u.valores)).toEqual([
    {
      email: 'pablo@escuela.edu.ar',
      apellido: 'Díaz',
      nombre: 'Pablo',
      telefono: null,
      rls: Rol.Docente | Rol.Regente,
    },
  ]);
  // Un rol que ya tiene no es un cambio, y quitar no se puede.
  const otra = planificar(
    enc,
    [['García', 'Eva', 'eva@escuela.edu.ar', 'Docente']],
    mapeoAutomatico(enc),
    base,
    {
      vaciar: true,
      hoy: HOY,
    },
  );
  expect(otra.filas[0]!.entidades[0]!.accion).toBe('sin cambios');
});

test('una lista exportada con un rol de alumno o referente: sólo si ya lo tiene', () => {
  const enc = ['Apellido', 'Nombre', 'Email', 'Roles'];
  const conReferente = {
    ...base,
    usuarios: [{ ...base.usuarios[0]!, rls: Rol.Docente | Rol.ReferenteParental }],
  };
  const filas = [['García', 'Eva', 'eva@escuela.edu.ar', 'Docente, Referente Parental']];
  const ya = planificar(enc, filas, mapeoAutomatico(enc), conReferente, {
    vaciar: false,
    hoy: HOY,
  });
  expect(ya.filas[0]!.entidades[0]!.accion).toBe('sin cambios');
  const no = planificar(enc, filas, mapeoAutomatico(enc), base, { vaciar: false, hoy: HOY });
  expect(no.filas[0]!.errores[0]!.mensaje).toBe(
    'Fila 2, Roles: el rol Referente Parental no se da por planilla',
  );
});

test('cursos: se crea uno nuevo con su especialidad; uno existente queda sin cambios', () => {
  const enc = ['Año', 'División', 'Especialidad'];
  const r = planificar(
    enc,
    [
      ['6', '3', 'Electrónica'],
      ['3°', '2ª', ''],
      ['6', '4', ''],
    ],
    mapeoAutomatico(enc),
    base,
    { vaciar: false, hoy: HOY },
  );
  expect(r.operaciones.cursos.crear).toEqual([
    { clave: '6-3', valores: { anio: 6, division: 3, especialidad: 'Electrónica' } },
  ]);
  expect(r.filas[1]!.entidades[0]).toMatchObject({ etiqueta: '3° 2°', accion: 'sin cambios' });
  expect(r.filas[2]!.errores[0]!.mensaje).toBe(
    'Fila 4, Especialidad: falta la especialidad del curso 6° 4°',
  );
});
