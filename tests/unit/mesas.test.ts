/**
 * Mesas de examen (issue 16): instancias y nombres cortos, la ventana del 1 de noviembre al 1 de
 * abril, permisos y pestaña inicial por rol, validación del acta, quién adeuda una materia,
 * planilla cerrada, propuestos y superposiciones.
 */
import {
  actaHabilitada,
  adeudaMateria,
  chocaConExamen,
  avisoInstanciaInusual,
  cicloDeMesa,
  desdeCuandoActa,
  enVentanaDelCiclo,
  errorActaAntesDeLaMesa,
  errorActaIncompleta,
  esInstanciaInusual,
  esNotaDeActa,
  mismoResultado,
  permisosMesa,
  pestanaInicial,
  planillaCerrada,
  problemaDeResultado,
  seProponeParaMesa,
  seSuperponen,
  textoCerrarDesde,
  sinResultado,
  turnoDeExamen,
  ventanaDeChoque,
  type PestanaMesa,
  type TipoExamen,
} from '@/domain/mesas';
import {
  INSTANCIAS_MESA,
  Modalidad,
  nombreCortoInstancia,
  type ResultadoExamen,
} from '@/domain/notas';
import { Rol } from '@/domain/roles';

describe('instancias: las seis conocidas, sus nombres cortos y la inusual', () => {
  test.each([
    ['Complementaria Noviembre/Diciembre', 'Diciembre'],
    ['Final Febrero/Marzo', 'Marzo'],
    ['Extraordinaria Julio', 'Julio'],
    ['Extraordinaria Noviembre', 'Noviembre'],
    ['Extraordinaria Febrero', 'Febrero'],
    ['Flotante Abril', 'Abril'],
    ['Especial Agosto', 'Especial Agosto'],
    ['  Final Febrero/Marzo  ', 'Marzo'],
  ])('%s → %s', (instancia, corta) => {
    expect(nombreCortoInstancia(instancia)).toBe(corta);
  });

  test.each<[string, boolean]>([
    ...INSTANCIAS_MESA.map((i): [string, boolean] => [i, false]),
    ['Final febrero/marzo', true],
    ['Especial Agosto', true],
    ['', false],
    ['   ', false],
  ])('"%s" es inusual: %s', (instancia, inusual) => {
    expect(esInstanciaInusual(instancia)).toBe(inusual);
  });

  test('el aviso de instancia inusual es el de la spec', () => {
    expect(avisoInstanciaInusual('Especial Agosto')).toBe(
      'La instancia "Especial Agosto" no se reconoce. Si esto es un error, utilice una de la lista.',
    );
  });
});

describe('ventana de la libreta: del 1 de noviembre al 1 de abril siguiente', () => {
  test.each([
    ['2026-10-31', 2025, false],
    ['2026-11-01', 2026, true],
    ['2026-12-14', 2026, true],
    ['2027-02-23', 2026, true],
    ['2027-04-01', 2026, true],
    ['2027-04-02', 2026, false],
    ['2027-07-15', 2026, false],
  ])('mesa del %s: ciclo %i, en la ventana del 2026: %s', (fecha, ciclo, enVentana) => {
    expect(cicloDeMesa(fecha)).toBe(ciclo);
    expect(enVentanaDelCiclo(fecha, 2026)).toBe(enVentana);
  });
});

describe('permisos por rol y pestaña inicial (spec 02 §2)', () => {
  test.each([
    [Rol.Alumnado, ['materias', 'docentes', 'alumnos'], 'alumnado', true, true, true],
    [Rol.Admin, ['materias', 'docentes', 'alumnos'], 'admin', true, true, true],
    [Rol.JefeDepartamento, ['docentes'], 'horario', false, true, false],
    [Rol.Docente, ['alumnos'], null, false, false, true],
    [Rol.Regente, [], null, false, false, false],
    [Rol.Alumno, [], null, false, false, false],
    [Rol.Preceptor, [], null, false, false, false],
  ])('rol %i', (rol, pestanas, formulario, administra, editaTribunal, cargaActas) => {
    expect(permisosMesa(rol)).toEqual({
      pestanas,
      formulario,
      administra,
      editaTribunal,
      cargaActas,
    });
  });

  const todas: PestanaMesa[] = ['materias', 'docentes', 'alumnos'];
  test.each([
    [todas, 0, 0, 'materias'],
    [todas, 0, 2, 'materias'],
    [todas, 1, 0, 'docentes'],
    [todas, 2, 3, 'alumnos'],
    [['docentes'] as PestanaMesa[], 0, 0, 'docentes'],
    [['alumnos'] as PestanaMesa[], 0, 0, 'alumnos'],
    [[] as PestanaMesa[], 1, 1, null],
  ])(
    'pestañas %j, %i materias, %i en el tribunal → %s',
    (pestanas, materias, tribunal, pestana) => {
      expect(pestanaInicial(pestanas, { materias, tribunal })).toBe(pestana);
    },
  );
});

describe('el acta: notas de 1 a 10 con medios, ausente o adeuda correlativa', () => {
  test.each([
    [1, true],
    [10, true],
    [7.5, true],
    [0.5, false],
    [0, false],
    [11, false],
    [10.5, false],
    [6.25, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
    ['7', false],
    [null, false],
  ])('%p es nota de acta: %s', (nota, ok) => {
    expect(esNotaDeActa(nota)).toBe(ok);
  });

  test.each([
    [null, null],
    [{ tipoNota: 'normal', nota: 7 }, null],
    [{ tipoNota: 'normal', nota: 6.5 }, null],
    [{ tipoNota: 'normal', nota: 11 }, 'La nota del acta'],
    [{ tipoNota: 'normal', nota: null }, 'La nota del acta'],
    [{ tipoNota: 'ausente', nota: null }, null],
    [{ tipoNota: 'adeuda_correlativa', nota: null }, null],
    [{ tipoNota: 'ausente', nota: 4 }, 'El resultado debe ser'],
    [{ tipoNota: 'otro', nota: null }, 'El resultado debe ser'],
  ] as const)('%j → %s', (r, problema) => {
    const p = problemaDeResultado(r as Parameters<typeof problemaDeResultado>[0]);
    if (problema == null) expect(p).toBeNull();
    else expect(p).toMatch(problema);
  });

  test.each([
    [null, null, true],
    [null, { tipoNota: 'ausente', nota: null }, false],
    [{ tipoNota: 'normal', nota: 7 }, { tipoNota: 'normal', nota: 7 }, true],
    [{ tipoNota: 'normal', nota: 7 }, { tipoNota: 'normal', nota: 8 }, false],
    [{ tipoNota: null, nota: null }, null, true],
    [{ tipoNota: 'ausente', nota: null }, { tipoNota: 'adeuda_correlativa', nota: null }, false],
  ])('mismoResultado(%j, %j) = %s', (a, b, igual) => {
    expect(mismoResultado(a, b)).toBe(igual);
  });

  test('no se cierra con resultados faltantes', () => {
    expect(sinResultado([{ tipoNota: 'normal' }, { tipoNota: null }, { tipoNota: null }])).toBe(2);
    expect(errorActaIncompleta(1)).toBe(
      'Falta cargar el resultado de 1 alumno: no se puede cerrar el acta.',
    );
    expect(errorActaIncompleta(3)).toMatch('de 3 alumnos');
  });
});

describe('adeudaMateria: tiene notas, no aprobó y no aprobó una mesa', () => {
  const aprobo: ResultadoExamen = { tipoNota: 'normal', nota: 7 };
  const desaprobo: ResultadoExamen = { tipoNota: 'normal', nota: 3 };
  const ausente: ResultadoExamen = { tipoNota: 'ausente', nota: null };
  test.each([
    ['anual sin notas', Modalidad.Anual, null, null, [], false],
    ['anual 3 y 4', Modalidad.Anual, 3, 4, [], true],
    ['anual 3 y 7 (aprobó el 2°)', Modalidad.Anual, 3, 7, [], false],
    ['anual ausente y ausente', Modalidad.Anual, 'ausente', 'ausente', [], true],
    ['anual 3 y 4, aprobó diciembre', Modalidad.Anual, 3, 4, [aprobo], false],
    ['anual 3 y 4, ausente en diciembre', Modalidad.Anual, 3, 4, [ausente], true],
    ['anual 3 y 4, desaprobó diciembre', Modalidad.Anual, 3, 4, [desaprobo, ausente], true],
    ['1° cuatrimestre con 2', Modalidad.PrimerCuatrimestre, 2, null, [], true],
    ['1° cuatrimestre con 8', Modalidad.PrimerCuatrimestre, 8, null, [], false],
    ['bicuatrimestral 5 y 6 (suma 11)', Modalidad.BiCuatrimestral, 5, 6, [], true],
    ['bicuatrimestral 6 y 6', Modalidad.BiCuatrimestral, 6, 6, [], false],
    ['-1 no corresponde', Modalidad.Anual, -1, 3, [], false],
  ] as const)('%s → %s', (_, modalidad, primera, segunda, examenes, debe) => {
    expect(adeudaMateria({ modalidad, primera, segunda, examenes })).toBe(debe);
  });
});

describe('planilla cerrada y propuestos para la mesa', () => {
  test.each([
    [Modalidad.Anual, 0, false],
    [Modalidad.Anual, 1, false],
    [Modalidad.Anual, 3, true],
    [Modalidad.PrimerCuatrimestre, 1, true],
    [Modalidad.SegundoCuatrimestre, 1, false],
    [Modalidad.SegundoCuatrimestre, 2, true],
    [Modalidad.BiCuatrimestral, 2, false],
  ])('modalidad %i, cerrados %i → %s', (modalidad, cerrados, cerrada) => {
    expect(planillaCerrada(modalidad, cerrados)).toBe(cerrada);
  });

  test.each([
    ['2026-12-14', 2026, true, true],
    ['2026-12-14', 2026, false, false],
    ['2026-07-15', 2026, true, false],
    ['2026-07-15', 2025, true, true],
    ['2027-02-23', 2026, true, true],
    ['2027-02-23', 2027, true, false],
  ])('mesa %s, cursado %i, planilla cerrada %s → %s', (fechaMesa, ciclo, cerrada, propone) => {
    expect(seProponeParaMesa({ fechaMesa, cicloCursado: ciclo, planillaCerrada: cerrada })).toBe(
      propone,
    );
  });
});

describe('superposiciones', () => {
  const a = (hora: string, minutos: number) => ({
    comienzo: new Date(`2026-12-14T${hora}:00-03:00`),
    minutos,
  });
  test.each([
    [a('08:00', 120), a('09:30', 120), true],
    [a('08:00', 120), a('10:00', 120), false],
    [a('10:00', 120), a('08:00', 120), false],
    [a('08:00', 120), a('07:30', 90), true],
    [a('09:00', 120), a('07:30', 90), false],
    [a('08:00', 120), a('08:00', 120), true],
  ])('%j y %j: %s', (x, y, choca) => {
    expect(seSuperponen(x, y)).toBe(choca);
  });
});

describe('una sola regla de choque para mesas y PIC (issue 33 §2)', () => {
  // Una mesa dura 120 minutos y una PIC 90. La ventana (desde, hasta) de la consulta es la regla
  // despejada: lo que empieza dentro, sin los bordes, choca; lo demás no.
  const a = (hora: string) => new Date(`2026-12-14T${hora}:00-03:00`);
  test.each<[TipoExamen, string, TipoExamen, string, boolean]>([
    // La mesa que se programa contra otra mesa (el formulario y los candidatos de la mesa).
    ['mesa', '08:00', 'mesa', '09:59', true],
    ['mesa', '08:00', 'mesa', '10:00', false],
    ['mesa', '08:00', 'mesa', '06:01', true],
    ['mesa', '08:00', 'mesa', '06:00', false],
    // La mesa contra una PIC: la PIC de las 06:30 termina justo a las 08:00.
    ['mesa', '08:00', 'pic', '06:31', true],
    ['mesa', '08:00', 'pic', '06:30', false],
    ['mesa', '08:00', 'pic', '09:59', true],
    ['mesa', '08:00', 'pic', '10:00', false],
    // La PIC que se programa contra otra PIC y contra una mesa (el formulario de la PIC).
    ['pic', '09:00', 'pic', '10:29', true],
    ['pic', '09:00', 'pic', '10:30', false],
    ['pic', '09:00', 'pic', '07:30', false],
    ['pic', '09:00', 'mesa', '07:01', true],
    ['pic', '09:00', 'mesa', '07:00', false],
    ['pic', '09:00', 'mesa', '10:29', true],
    ['pic', '09:00', 'mesa', '10:30', false],
    ['pic', '09:00', 'mesa', '09:00', true],
  ])('%s a las %s y %s a las %s: %s', (tipo, hora, otro, horaOtro, choca) => {
    const turno = turnoDeExamen(tipo, a(hora));
    const comienzo = a(horaOtro);
    expect(chocaConExamen(turno, otro, comienzo)).toBe(choca);
    expect(seSuperponen(turno, turnoDeExamen(otro, comienzo))).toBe(choca);
    const v = ventanaDeChoque(turno, otro);
    expect(comienzo > v.desde && comienzo < v.hasta).toBe(choca);
  });
});

describe('el acta se carga y se cierra cuando empezó la mesa (issue 32)', () => {
  // Mesa del 10/12/2026 a las 08:00 en Córdoba (UTC-3): 11:00 UTC.
  const comienzo = new Date('2026-12-10T11:00:00Z');
  test.each([
    ['16 días antes', '2026-11-24T11:00:00Z', false],
    ['la víspera', '2026-12-09T23:59:59Z', false],
    ['un milisegundo antes', '2026-12-10T10:59:59.999Z', false],
    ['al comenzar', '2026-12-10T11:00:00Z', true],
    ['durante la mesa', '2026-12-10T12:30:00Z', true],
    ['días después', '2026-12-20T15:00:00Z', true],
  ])('%s: %s', (_, ahora, habilitada) => {
    expect(actaHabilitada(comienzo, new Date(ahora))).toBe(habilitada);
  });

  test('dice desde cuándo (día/mes y hora de la escuela)', () => {
    expect(desdeCuandoActa('2026-12-10', '08:00')).toBe('el 10/12 a las 08:00');
    expect(textoCerrarDesde('2027-02-03', '14:30')).toBe(
      'Se puede cerrar desde el 03/02 a las 14:30',
    );
    expect(errorActaAntesDeLaMesa('2026-12-10', '08:00')).toBe(
      'La mesa todavía no empezó: los resultados se cargan y el acta se cierra desde el 10/12 a las 08:00.',
    );
  });
});
