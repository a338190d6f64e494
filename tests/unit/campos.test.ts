/**
 * Las reglas de los campos sin zod (src/domain/campos.ts y las de cada formulario del personal:
 * usuarios, alumnos, referentes, medidas) dan lo mismo que los esquemas zod del servidor sobre
 * las mismas entradas: válidas, inválidas, NUL, sustitutos sueltos, textos enormes y valores
 * que no son del tipo. Issue 12: los formularios validan con ellas y zod no viaja al navegador.
 */
import { z } from 'zod';
import {
  erroresCrearAlumno,
  erroresEditarAlumno,
  reglaGenero,
  reglaNacimiento,
  reglaPronombre,
} from '@/domain/alumnos';
import {
  RE_EMAIL,
  reglaBooleano,
  reglaDni,
  reglaEmail,
  reglaEmailOpcional,
  reglaId,
  reglaTelefonoOpcional,
  reglaTexto,
  validarTelefono,
  type Errores,
  type OpcionesTexto,
  type Resultado,
} from '@/domain/campos';
import { reglaMotivo } from '@/domain/medidas';
import { erroresCrearReferente, erroresGuardarReferente } from '@/domain/referentes';
import { erroresUsuario, reglaRoles } from '@/domain/usuarios';
import { crearAlumno, editarAlumno, genero } from '@/server/api/routers/alumnos/schemas';
import { motivo } from '@/server/api/routers/medidas/schemas';
import { crearReferente, guardarReferente } from '@/server/api/routers/referentes/schemas';
import { guardarUsuario } from '@/server/api/routers/usuarios/schemas';
import {
  booleano,
  dni,
  email,
  emailOpcional,
  id,
  telefonoOpcional,
  texto,
} from '@/server/api/schemas';

// ── Las entradas ───────────────────────────────────────────────────────────────────────────

const ENORME = 'a'.repeat(1_000_000);
/** Textos de todo tipo: los del formulario y los hostiles. */
const TEXTOS: unknown[] = [
  '',
  ' ',
  '   \t\n ',
  'Pérez',
  '  Pérez  ',
  'Ñandú 🐢',
  'a\u0000b',
  '\u0000',
  'ab\uD800',
  '\uDC00cd',
  '\uD83D\uDC22',
  '\uDC22\uD83D',
  'x'.repeat(29),
  'x'.repeat(30),
  'x'.repeat(31),
  'x'.repeat(100),
  'x'.repeat(101),
  ` ${'x'.repeat(100)} `,
  'x'.repeat(254),
  'x'.repeat(255),
  'x'.repeat(1000),
  'x'.repeat(1001),
  `${'x'.repeat(1001)}\u0000`,
  `\u0000${'x'.repeat(99)}`,
  // zod mide en puntos de código: una pareja de sustitutos es un carácter.
  `${'x'.repeat(99)}🐢`,
  `${'x'.repeat(100)}🐢`,
  '🐢'.repeat(100),
  '🐢'.repeat(101),
  '🐢'.repeat(7),
  '🐢'.repeat(8),
  '\uD800'.repeat(8),
  ENORME,
  `${ENORME}\uD800`,
  'null',
  'Sin decidir',
  undefined,
  null,
  0,
  1,
  true,
  false,
  [],
  ['a'],
  {},
  NaN,
];
const EMAILS: unknown[] = [
  ...TEXTOS,
  'ana@escuela.edu.ar',
  '  Ana.Perez@Escuela.EDU.ar ',
  'ANA@X.CO',
  'ana@x.c',
  'ana@@x.com',
  'ana@x..com',
  '.ana@x.com',
  'ana.@x.com',
  "o'brien+tag@x-y.com",
  'ana@-x.com',
  'ana@x.com\u0000',
  'an\uD800a@x.com',
  `${'a'.repeat(64)}@${'b'.repeat(63)}.com`,
  `${'a'.repeat(250)}@x.com`,
  `${'a'.repeat(240)}@escuela.com`,
  'ana @x.com',
];
const TELEFONOS: unknown[] = [
  ...TEXTOS,
  '341 4567890',
  '3414567890',
  '341 456-7890',
  '  341   456 78 90 ',
  '11 12345678',
  '11 123456789',
  '1 1234567',
  '12345 123456',
  '0341 456789',
  '341 12345',
  '341',
  '3411234567\u0000',
  '341 4567890\uD800',
  'abc 123456',
  '341 abcdef',
  '3',
];
const NUMEROS: unknown[] = [
  ...TEXTOS,
  1,
  5,
  -1,
  -0,
  1.5,
  -1.5,
  2_147_483_647,
  2_147_483_648,
  2 ** 53,
  2 ** 60,
  -(2 ** 60),
  1e308,
  Infinity,
  -Infinity,
  '5',
  ' 12 ',
  '1e3',
  '1e400',
  '0x10',
  '1.5',
  '+7',
  '.5',
  '45.123.456',
  '45 123 456',
  '999.999',
  '1.000.000',
  '99.999.999',
  '100.000.000',
  12_345_678,
  999_999,
  100_000_000,
  '12345678.5',
  [5],
];

// ── Comparar ───────────────────────────────────────────────────────────────────────────────

const titulo = (v: unknown) => {
  const t = typeof v === 'number' ? String(v) : (JSON.stringify(v) ?? String(v));
  return t.length > 30 ? `${t.slice(0, 14)}…(${t.length})` : t;
};

/** El primer mensaje de zod (o el valor), como el de una regla. */
function deZod(esquema: z.ZodType, valor: unknown): Resultado<unknown> {
  const r = esquema.safeParse(valor);
  return r.success
    ? { ok: true, valor: r.data }
    : { ok: false, mensaje: r.error.issues[0]!.message };
}

/** Los errores de zod por campo (el primero de cada uno), como los armaban los formularios. */
function erroresDeZod(esquema: z.ZodType, valor: unknown): Errores {
  const r = esquema.safeParse(valor);
  const errores: Errores = {};
  for (const i of r.error?.issues ?? []) errores[String(i.path[0] ?? 'form')] ??= i.message;
  return errores;
}

function comparar(
  nombre: string,
  esquema: z.ZodType,
  regla: (v: unknown) => Resultado<unknown>,
  valores: unknown[],
) {
  describe(nombre, () => {
    test.each(valores.map((v) => [titulo(v), v]))('%s', (_t, v) => {
      expect(regla(v)).toEqual(deZod(esquema, v));
    });
  });
}

// ── Los átomos ─────────────────────────────────────────────────────────────────────────────

test('la expresión del email es la de z.email() de zod', () => {
  expect(RE_EMAIL.source).toBe(z.regexes.email.source);
  expect(RE_EMAIL.flags).toBe(z.regexes.email.flags);
});

const OPCIONES: OpcionesTexto[] = [
  { campo: 'Apellido', max: 100, min: 1 },
  { campo: 'Motivo', max: 1000, min: 1 },
  { campo: 'Clave', max: 30, min: 8 },
  { campo: 'Teléfono', max: 30 },
  { campo: 'Pronombre', max: 30, error: 'El pronombre debe ser texto.' },
  { campo: 'Nombre', max: 100, min: 1, error: 'Falta el nombre.' },
];
for (const o of OPCIONES) comparar(`texto ${JSON.stringify(o)}`, texto(o), reglaTexto(o), TEXTOS);

comparar('email', email, reglaEmail, EMAILS);
comparar('emailOpcional', emailOpcional, reglaEmailOpcional, EMAILS);
comparar('telefonoOpcional', telefonoOpcional, reglaTelefonoOpcional, TELEFONOS);
comparar('id', id, reglaId, NUMEROS);
comparar('dni', dni, reglaDni, NUMEROS);
comparar('booleano', booleano('Habilitado'), reglaBooleano('Habilitado'), [
  ...NUMEROS,
  'true',
  'false',
  '1',
  '0',
  'TRUE',
  ' 1',
]);

test.each([
  ['341 4567890', { ok: true, valor: '341 4567890' }],
  ['341 456-78 90', { ok: true, valor: '341 4567890' }],
  ['3414567890', { ok: true, valor: '341 4567890' }],
  ['1 4567890', { ok: false, mensaje: 'Código de área: entre 2 y 4 dígitos.' }],
  ['341 45678', { ok: false, mensaje: 'Teléfono: entre 6 y 8 dígitos.' }],
])('validarTelefono %j', (t, r) => expect(validarTelefono(t)).toEqual(r));

// ── Usuarios ───────────────────────────────────────────────────────────────────────────────

const ROLES: unknown[] = [...NUMEROS, 3, 1023, 1024, 1025, 2 ** 32, 2 ** 32 + 1, '6'];
comparar('roles (guardarUsuario.rol)', guardarUsuario.shape.rol, (v) => reglaRoles(v), ROLES);

/** Cada texto en cada campo de un formulario que, por lo demás, es válido. */
function variantes<T extends Record<string, unknown>>(
  base: T,
  campos: Partial<Record<keyof T, unknown[]>>,
): T[] {
  const r: T[] = [base];
  for (const [campo, valores] of Object.entries(campos) as [keyof T, unknown[]][])
    for (const v of valores) r.push({ ...base, [campo]: v });
  return r;
}

describe('usuarios: erroresUsuario = guardarUsuario', () => {
  const base = {
    orden: null as unknown,
    apellido: 'Pérez',
    nombre: 'Ana',
    email: 'ana@escuela.edu.ar',
    telefono: '',
    rol: 6,
    habilitado: true,
  };
  const casos = [
    ...variantes(base, {
      orden: [undefined, 5, 0, -1, 1.5, 2 ** 31, NaN],
      apellido: TEXTOS,
      nombre: TEXTOS,
      email: EMAILS,
      telefono: TEXTOS,
      rol: ROLES,
      habilitado: [false, 1, 'true', 'si', null],
    }),
    // Varios errores a la vez: el formulario vacío.
    { orden: null, apellido: '', nombre: ' ', email: '', telefono: '', rol: 0, habilitado: true },
    {
      orden: null,
      apellido: 'a\u0000',
      nombre: ENORME,
      email: 'x',
      telefono: 'x'.repeat(31),
      rol: 2048,
      habilitado: true,
    },
  ];
  test.each(casos.map((c, i) => [i, titulo(c), c]))('#%i %s', (_i, _t, c) => {
    expect(erroresUsuario(c)).toEqual(erroresDeZod(guardarUsuario, c));
  });
});

// ── Alumnos ────────────────────────────────────────────────────────────────────────────────

const GENEROS_PRUEBA: unknown[] = [
  ...TEXTOS,
  'Otro',
  'Masculino',
  'Femenino',
  ' Otro ',
  'otro',
  'Sin decidir',
];
const FECHAS: unknown[] = [
  ...TEXTOS,
  '2010-05-20',
  ' 2010-05-20 ',
  '2010-02-30',
  '2010-5-20',
  '20/05/2010',
  '2010-05-20x',
  '2010-05-2\u0000',
];
comparar('género', genero, reglaGenero, GENEROS_PRUEBA);
comparar(
  'nacimiento (crearAlumno)',
  crearAlumno.shape.nacimiento.unwrap(),
  reglaNacimiento,
  FECHAS,
);
comparar('pronombre (crearAlumno)', crearAlumno.shape.pronombre.unwrap(), reglaPronombre, TEXTOS);

/** Los datos de un formulario de alumno o de referente, como los manda la pantalla. */
const persona = {
  apellido: 'Pérez',
  nombre: 'Ana',
  email: '',
  telefono: '',
};
const camposPersona = {
  apellido: TEXTOS,
  nombre: TEXTOS,
  email: EMAILS,
  telefono: TELEFONOS,
};

describe('alumnos: erroresCrearAlumno = crearAlumno, erroresEditarAlumno = editarAlumno', () => {
  const datos = { ...persona, genero: '', nacimiento: '', pronombre: '' };
  const campos = {
    ...camposPersona,
    genero: GENEROS_PRUEBA,
    nacimiento: FECHAS,
    pronombre: TEXTOS,
  };
  const vacio = {
    apellido: '',
    nombre: '',
    genero: 'x',
    email: 'x',
    telefono: '1',
    nacimiento: 'x',
    pronombre: 'a\u0000',
  };
  const altas = [
    ...variantes(
      { dni: '45123456' as unknown, ...datos, curso: null as unknown },
      {
        ...campos,
        dni: NUMEROS,
        curso: [undefined, '', 5, '7', 0, -3, 1.5, 'x'],
      },
    ),
    { dni: '', ...vacio, curso: null },
  ];
  test.each(altas.map((c, i) => [i, titulo(c), c]))('alta #%i %s', (_i, _t, c) => {
    expect(erroresCrearAlumno(c)).toEqual(erroresDeZod(crearAlumno, c));
  });
  const ediciones = [
    ...variantes({ id: 12 as unknown, ...datos } as Record<string, unknown>, {
      ...campos,
      id: [0, -1, 'x', 2 ** 31],
      dni: [undefined, 45123456, '1', 'x'],
    }),
    { id: 12, ...vacio },
    { id: 12, apellido: 'Pérez', nombre: 'Ana' },
  ];
  test.each(ediciones.map((c, i) => [i, titulo(c), c]))('edición #%i %s', (_i, _t, c) => {
    expect(erroresEditarAlumno(c)).toEqual(erroresDeZod(editarAlumno, c));
  });
});

// ── Referentes ─────────────────────────────────────────────────────────────────────────────

describe('referentes: erroresCrearReferente = crearReferente, erroresGuardarReferente = guardarReferente', () => {
  const datos = { ...persona, exalumno: false as unknown };
  const campos = { ...camposPersona, exalumno: [true, 1, '0', 'no', null, undefined] };
  const vacio = { apellido: ' ', nombre: '\uD800', email: 'a@b', telefono: '12', exalumno: true };
  const altas = [
    ...variantes({ alumno: 3 as unknown, ...datos }, { ...campos, alumno: [0, 'x', 1.5] }),
    { alumno: 3, ...vacio },
  ];
  test.each(altas.map((c, i) => [i, titulo(c), c]))('alta #%i %s', (_i, _t, c) => {
    expect(erroresCrearReferente(c)).toEqual(erroresDeZod(crearReferente, c));
  });
  const ediciones = [
    ...variantes({ orden: 9 as unknown, ...datos }, { ...campos, orden: [0, 'x', undefined] }),
    { orden: 9, ...vacio },
    { orden: 9, apellido: 'Pérez', nombre: 'Ana' },
  ];
  test.each(ediciones.map((c, i) => [i, titulo(c), c]))('edición #%i %s', (_i, _t, c) => {
    expect(erroresGuardarReferente(c)).toEqual(erroresDeZod(guardarReferente, c));
  });
});

// ── Medidas ────────────────────────────────────────────────────────────────────────────────

comparar('motivo de una medida', motivo, reglaMotivo, TEXTOS);

// Las pruebas comparan de verdad: una regla distinta del esquema no pasa.
test('una regla que no es la del esquema se nota', () => {
  const distinta = reglaTexto({ campo: 'Motivo', max: 999, min: 1 });
  expect(TEXTOS.some((v) => JSON.stringify(distinta(v)) !== JSON.stringify(deZod(motivo, v)))).toBe(
    true,
  );
});
