import {
  ANTECEDENTES,
  CLAVES_ANTECEDENTES,
  CLAVES_PREGUNTAS,
  COMPLETE_SUS_DATOS,
  DECLARACION_JURADA,
  ENTRE_2_Y_4_DIGITOS,
  ENTRE_6_Y_8_DIGITOS,
  NO_HAY_INSCRIPCION,
  NO_PUEDE_ESTAR_VACIO,
  PREGUNTAS_APTITUD,
  RECUERDE_INGLES,
  SOLO_JPG_JPEG_PDF,
  booleanoDeTexto,
  codigoAreaValido,
  cuilValido,
  declaracionVinculo,
  elegibilidadIngles,
  emailValido,
  esNivelAnterior,
  esNivelCpit,
  extensionAceptada,
  formatoPesos,
  inglesYaDeclarado,
  lugarYFecha,
  medidaCorporalValida,
  mostrarSeccionIngles,
  normalizarCuil,
  numeroTelefonoValido,
  opcionesDePago,
  referenteCompleto,
  textoCertificado,
  textoPresente,
  tipoDeComprobante,
  tituloInscripcion,
  validarReferente,
} from '@/domain/inscripcion';
import { tipoDeFoto } from '@/domain/perfil';
import { email as esquemaEmail } from '@/server/api/schemas';

describe('mensajes con el texto exacto de la especificación (spec 02 §2, §5)', () => {
  test.each([
    [NO_PUEDE_ESTAR_VACIO, 'No puede estar vacío'],
    [ENTRE_2_Y_4_DIGITOS, 'Entre 2 y 4 dígitos'],
    [ENTRE_6_Y_8_DIGITOS, 'Entre 6 y 8 dígitos'],
    [COMPLETE_SUS_DATOS, 'Complete sus datos personales para continuar con la inscripción.'],
    [RECUERDE_INGLES, 'Recuerde hacer la inscripción a inglés, si correspondiere, al terminar.'],
    [SOLO_JPG_JPEG_PDF, 'Solo se aceptan formatos JPG, JPEG o PDF'],
    [
      DECLARACION_JURADA,
      'Al enviar estos datos, no pueden ser modificados. Recuerde que este documento es una declaración jurada.',
    ],
    [NO_HAY_INSCRIPCION, 'No hay inscripción'],
    [tituloInscripcion(2026), 'Inscripción del ciclo lectivo 2026'],
    [declaracionVinculo('Pérez, Ana'), 'Declaro mi vínculo de referente parental de Pérez, Ana'],
    [inglesYaDeclarado('Ana'), 'Nivel de inglés para Ana ya declarado.'],
  ])('%s', (real, esperado) => expect(real).toBe(esperado));
});

describe('campos sueltos', () => {
  test.each([
    ['', false],
    ['   ', false],
    ['\t\n', false],
    ['a', true],
    [' Ana ', true],
  ])('textoPresente(%j) = %s', (v, r) => expect(textoPresente(v)).toBe(r));
  test('textoPresente rechaza lo que no es texto', () => {
    expect(textoPresente(null)).toBe(false);
    expect(textoPresente(12)).toBe(false);
  });

  test.each([
    ['3', false],
    ['34', true],
    ['341', true],
    ['3414', true],
    ['34145', false],
    ['34a', false],
    ['', false],
    [' 341 ', true],
  ])('código de área %j → %s (2 a 4 dígitos)', (v, r) => expect(codigoAreaValido(v)).toBe(r));

  test.each([
    ['12345', false],
    ['123456', true],
    ['1234567', true],
    ['12345678', true],
    ['123456789', false],
    ['155123456', false],
    ['12-3456', false],
    ['', false],
  ])('número de teléfono %j → %s (6 a 8 dígitos)', (v, r) =>
    expect(numeroTelefonoValido(v)).toBe(r),
  );

  test.each([
    ['20-12345678-3', true],
    ['20123456783', true],
    ['20-123456783', true],
    ['2012345678-3', true],
    ['00-12345678-0', true],
    ['2-12345678-3', false],
    ['20-1234567-3', false],
    ['20-12345678-34', false],
    ['20 12345678 3', false],
    ['20--12345678-3', false],
    ['ab-12345678-3', false],
    ['', false],
  ])('CUIL %j → %s', (v, r) => expect(cuilValido(v)).toBe(r));

  test.each([
    ['20123456783', '20-12345678-3'],
    ['20-123456783', '20-12345678-3'],
    ['20-12345678-3', '20-12345678-3'],
  ])('normalizarCuil(%j) = %j', (v, r) => expect(normalizarCuil(v)).toBe(r));

  test.each([
    [true, true],
    ['true', true],
    [false, false],
    ['false', false],
    ['TRUE', null],
    ['1', null],
    [1, null],
    [null, null],
    [undefined, null],
  ])('booleanoDeTexto(%j) = %j', (v, r) => expect(booleanoDeTexto(v)).toBe(r));

  test.each([
    [1, true],
    [0.5, false],
    [0, false],
    [-3, false],
    [45.5, true],
    ['60', true],
    ['', false],
    ['abc', false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
    [null, false],
  ])('peso/altura %j → %s (número, mínimo 1)', (v, r) => expect(medidaCorporalValida(v)).toBe(r));
});

describe('datos del referente (spec 02 §5)', () => {
  const bien = {
    nombre: 'Ana',
    apellido: 'Pérez',
    codigoArea: '341',
    telefono: '5551234',
    exalumno: false,
  };
  test('completos y con el formato pedido: sin errores', () => {
    expect(validarReferente(bien)).toEqual({});
  });
  test.each([
    [{ nombre: ' ' }, { nombre: NO_PUEDE_ESTAR_VACIO }],
    [{ apellido: '' }, { apellido: NO_PUEDE_ESTAR_VACIO }],
    [{ codigoArea: '3' }, { codigoArea: ENTRE_2_Y_4_DIGITOS }],
    [{ codigoArea: '' }, { codigoArea: ENTRE_2_Y_4_DIGITOS }],
    [{ telefono: '12345' }, { telefono: ENTRE_6_Y_8_DIGITOS }],
    [{ telefono: '155551234' }, { telefono: ENTRE_6_Y_8_DIGITOS }],
    [
      { nombre: '', apellido: '', codigoArea: 'x', telefono: '' },
      {
        nombre: NO_PUEDE_ESTAR_VACIO,
        apellido: NO_PUEDE_ESTAR_VACIO,
        codigoArea: ENTRE_2_Y_4_DIGITOS,
        telefono: ENTRE_6_Y_8_DIGITOS,
      },
    ],
  ])('%j → %j', (cambio, errores) => {
    expect(validarReferente({ ...bien, ...cambio })).toEqual(errores);
  });

  test.each([
    [{ nombre: 'A', apellido: 'B', email: 'a@gmail.com', telefono: '341 555' }, true],
    [{ nombre: 'A', apellido: 'B', email: 'a@gmail.com', telefono: null }, false],
    [{ nombre: 'A', apellido: 'B', email: null, telefono: '341 555' }, false],
    [{ nombre: ' ', apellido: 'B', email: 'a@gmail.com', telefono: '341 555' }, false],
    [{ nombre: 'A', apellido: '', email: 'a@gmail.com', telefono: '341 555' }, false],
  ])('referenteCompleto(%j) = %s', (r, esperado) => expect(referenteCompleto(r)).toBe(esperado));
});

describe('ficha médica (spec 02 §3)', () => {
  test('los 25 antecedentes del spec, con etiqueta', () => {
    expect(CLAVES_ANTECEDENTES).toHaveLength(25);
    expect(CLAVES_ANTECEDENTES).toContain('tubercolosis');
    expect(CLAVES_ANTECEDENTES).toContain('trastornosAliementarios');
    for (const c of CLAVES_ANTECEDENTES) expect(ANTECEDENTES[c].length).toBeGreaterThan(2);
  });
  test('las nueve preguntas de texto, tres de ellas de aptitud', () => {
    expect(CLAVES_PREGUNTAS).toHaveLength(9);
    expect(PREGUNTAS_APTITUD).toHaveLength(3);
    for (const p of PREGUNTAS_APTITUD) expect(CLAVES_PREGUNTAS).toContain(p);
  });
});

describe('comprobante de pago: tipo por contenido (spec 02 §5)', () => {
  const b = (...x: number[]) => Uint8Array.from(x);
  const texto = (s: string) => new TextEncoder().encode(s);
  test.each([
    ['JPEG (JFIF)', b(0xff, 0xd8, 0xff, 0xe0, 0, 0x10), 'image/jpeg'],
    ['JPEG (Exif)', b(0xff, 0xd8, 0xff, 0xe1), 'image/jpeg'],
    ['PDF', texto('%PDF-1.7\n%âãÏÓ'), 'application/pdf'],
    ['PNG', b(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), null],
    ['SVG', texto('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), null],
    ['ejecutable ELF', b(0x7f, 0x45, 0x4c, 0x46, 2, 1), null],
    ['ejecutable de Windows', texto('MZ\x90\x00'), null],
    ['"%PDF" sin guion', texto('%PDF'), null],
    ['vacío', b(), null],
    ['dos bytes de JPEG', b(0xff, 0xd8), null],
  ])('%s → %j', (_n, bytes, tipo) => expect(tipoDeComprobante(bytes)).toBe(tipo));

  test.each([
    ['recibo.jpg', true],
    ['recibo.JPEG', true],
    ['recibo.pdf', true],
    ['recibo.png', false],
    ['recibo.pdf.exe', false],
    ['pdf', false],
    ['recibo.', false],
  ])('extensión de %j aceptada: %s', (n, r) => expect(extensionAceptada(n)).toBe(r));
});

describe('inglés técnico (spec 02 §3, §4)', () => {
  test.each([
    [1, true],
    [2, true],
    [3, false],
    ['1', false],
    [0, false],
  ])('nivel nuevo %j válido: %s', (v, r) => expect(esNivelCpit(v)).toBe(r));
  test.each([
    ['inicial', true],
    ['intermedio', true],
    ['avanzado', true],
    ['1', true],
    ['2', true],
    ['3', false],
    [1, false],
    ['Inicial', false],
  ])('nivel anterior %j válido: %s', (v, r) => expect(esNivelAnterior(v)).toBe(r));

  const ins = (ciclolectivo: number, actual: number | null, anterior: number | null) => ({
    ciclolectivo,
    cursadaActual: actual === null ? null : { anio: actual },
    cursadaAnterior: anterior === null ? null : { anio: anterior },
  });
  test.each([
    ['inscripto este año: usa el curso anterior (3°) → elegible', ins(2026, 4, 3), true, 3],
    ['inscripto este año: anterior 2° → no', ins(2026, 3, 2), false, 2],
    ['última inscripción de otro año: usa el actual (3°)', ins(2025, 3, 2), true, 3],
    ['última de otro año, actual 2°', ins(2025, 2, 1), false, 2],
    ['este año sin curso anterior', ins(2026, 1, null), false, null],
    ['6° año', ins(2025, 6, 5), true, 6],
  ])('%s', (_d, ultima, elegible, anio) => {
    const r = elegibilidadIngles(ultima, 2026);
    expect(r.elegible).toBe(elegible);
    expect(r.anio).toBe(anio);
  });
  test('sin inscripción: "No hay inscripción"', () => {
    expect(elegibilidadIngles(null, 2026)).toEqual({
      elegible: false,
      anio: null,
      motivo: NO_HAY_INSCRIPCION,
    });
  });
  test.each([
    [[], false],
    [[{ inscripto: true }], true],
    [[{ inscripto: true }, { inscripto: false }], false],
    [[{ inscripto: true }, { inscripto: true }], true],
  ])('sección de inglés con hijos %j: %s', (hijos, r) =>
    expect(mostrarSeccionIngles(hijos)).toBe(r),
  );
});

describe('cuota de la cooperadora', () => {
  // La forma completa de la configuración anual se prueba en cooperadora.test.ts.
  test('formato argentino', () => {
    expect(formatoPesos(120000)).toBe('$ 120.000');
  });
  test.each([
    [{ monto: 120000, cuotas: 3 }, ['Un pago de $ 120.000', '3 cuotas de $ 40.000']],
    [{ monto: 100000, cuotas: 3 }, ['Un pago de $ 100.000', '3 cuotas de $ 33.334']],
    [{ monto: 50000, cuotas: 1 }, ['Un pago de $ 50.000']],
  ])('opciones de pago de %j', (c, r) => expect(opcionesDePago(c)).toEqual(r));
});

describe('certificado de alumno regular (spec 02 §2)', () => {
  test.each([
    ['2026-11-21', 'Rosario, 21 de noviembre de 2026'],
    ['2026-03-01', 'Rosario, 1 de marzo de 2026'],
    ['2027-12-31', 'Rosario, 31 de diciembre de 2027'],
  ])('%s → %s', (f, r) => expect(lugarYFecha(f)).toBe(r));

  test.each([
    [1, 'primer año'],
    [3, 'tercer año'],
    [6, 'sexto año'],
  ])('año %i: "%s", con el tipo de curso', (anio, texto) => {
    const t = textoCertificado({
      apellido: 'Pérez',
      nombre: 'Ana',
      dni: 45123456,
      anio,
      curso: `${anio}° 1°`,
      ciclo: 2026,
    });
    expect(t).toContain(texto);
    expect(t).toContain('SECUNDARIO TÉCNICO PROFESIONAL');
    expect(t).toContain('DNI 45.123.456');
    expect(t).toContain('ciclo lectivo 2026');
  });

  test('sin un año de curso válido no hay certificado', () => {
    expect(() =>
      textoCertificado({ apellido: 'A', nombre: 'B', dni: 1, anio: 7, curso: '', ciclo: 2026 }),
    ).toThrow();
  });
});

describe('foto de perfil: tipo por contenido (spec 02 §2 /perfil/editar)', () => {
  const b = (...x: number[]) => Uint8Array.from(x);
  const t = (s: string) => new TextEncoder().encode(s);
  test.each([
    ['JPEG', b(0xff, 0xd8, 0xff, 0xdb), 'image/jpeg'],
    ['PNG', b(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), 'image/png'],
    ['WebP', t('RIFF\x00\x00\x00\x00WEBPVP8 '), 'image/webp'],
    ['RIFF que no es WebP (WAV)', t('RIFF\x00\x00\x00\x00WAVEfmt '), null],
    ['SVG', t('<svg xmlns="http://www.w3.org/2000/svg"/>'), null],
    ['PDF', t('%PDF-1.7'), null],
    ['GIF', t('GIF89a'), null],
    ['vacío', b(), null],
  ])('%s → %j', (_d, bytes, tipo) => expect(tipoDeFoto(bytes)).toBe(tipo));
});

describe('email del formulario de inscripción: la misma regla que el átomo del servidor', () => {
  // El formulario del teléfono valida sin zod (issue 12): lo que acepta, el servidor lo acepta, y
  // lo que rechaza, el servidor también.
  test.each([
    ['hijo@gmail.com', true],
    ['  Hijo.Apellido@Gmail.COM  ', true],
    ["o'brien+escuela@correo.com.ar", true],
    ['a_b-c@sub.dominio-x.org', true],
    ['', false],
    ['   ', false],
    ['sin-arroba.com', false],
    ['dos@@arrobas.com', false],
    ['punto.@final.com', false],
    ['.empieza@punto.com', false],
    ['doble..punto@correo.com', false],
    ['hijo@localhost', false],
    ['hijo@correo.c', false],
    ['hijo@-guion.com', false],
    ['con espacio@correo.com', false],
    ['ñandú@correo.com', false],
    ['nul\u0000@correo.com', false],
    [`${'a'.repeat(245)}@gmail.com`, false],
    [`${'a'.repeat(244)}@gmail.com`, true],
  ])('%j → %s', (valor, esperado) => {
    expect(emailValido(valor)).toBe(esperado);
    expect(esquemaEmail.safeParse(valor).success).toBe(esperado);
  });

  test('lo que no es texto no es un email', () => {
    for (const valor of [null, undefined, 5, ['a@b.com']]) {
      expect(emailValido(valor)).toBe(false);
      expect(esquemaEmail.safeParse(valor).success).toBe(false);
    }
  });
});
