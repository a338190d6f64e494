/**
 * SelectBuscable (issue 12): el filtro sin mayúsculas ni tildes y lo que hace cada tecla en el
 * campo (el patrón "combobox" de ARIA). El comportamiento en el navegador lo prueban
 * tests/e2e/notas.spec.ts (teclado) y planificacion.spec.ts (varias opciones).
 */
import {
  alPresionar,
  filtrarOpciones,
  type EstadoLista,
} from '@/components/campos/select-buscable/reglas';

const opciones = [
  { value: '1', label: 'Matemática 4° Electrónica' },
  { value: '2', label: 'Física 3° 1°' },
  { value: '3', label: 'Educación Física 1° 2°' },
  { value: '4', label: 'Ñandú — Taller' },
];

describe('filtrarOpciones', () => {
  test.each([
    ['', ['1', '2', '3', '4']],
    ['   ', ['1', '2', '3', '4']],
    ['MATEMATICA', ['1']],
    ['matemática 4° elec', ['1']],
    ['fisica', ['2', '3']],
    ['FÍSICA 3', ['2']],
    ['educacion', ['3']],
    ['nandu', ['4']],
    ['ñandú', ['4']],
    ['  taller ', ['4']],
    ['química', []],
  ])('"%s" deja %j', (texto, esperadas) => {
    expect(filtrarOpciones(opciones, texto).map((o) => o.value)).toEqual(esperadas);
  });

  test('no cambia la lista recibida', () => {
    const copia = [...opciones];
    filtrarOpciones(opciones, 'fisica');
    expect(opciones).toEqual(copia);
  });
});

const cerrada: EstadoLista = { abierta: false, activa: -1 };
const abierta = (activa: number): EstadoLista => ({ abierta: true, activa });

describe('alPresionar', () => {
  test.each<[string, EstadoLista, string, boolean, number, ReturnType<typeof alPresionar>]>([
    // Flecha abajo: abre con la primera (o con la elegida), después avanza y da la vuelta.
    ['abajo abre en la primera', cerrada, 'ArrowDown', false, 3, { ...abierta(0), manejada: true }],
    [
      'abajo abre en la elegida',
      { abierta: false, activa: 2 },
      'ArrowDown',
      false,
      3,
      { ...abierta(2), manejada: true },
    ],
    ['abajo avanza', abierta(0), 'ArrowDown', false, 3, { ...abierta(1), manejada: true }],
    ['abajo da la vuelta', abierta(2), 'ArrowDown', false, 3, { ...abierta(0), manejada: true }],
    [
      'abajo sin activa va a la primera',
      abierta(-1),
      'ArrowDown',
      false,
      3,
      {
        ...abierta(0),
        manejada: true,
      },
    ],
    ['abajo sin opciones', abierta(-1), 'ArrowDown', false, 0, { ...abierta(-1), manejada: true }],
    [
      'Alt + abajo abre sin mover',
      cerrada,
      'ArrowDown',
      true,
      3,
      { ...abierta(-1), manejada: true },
    ],
    // Flecha arriba: abre con la última, retrocede y da la vuelta; Alt + arriba cierra.
    ['arriba abre en la última', cerrada, 'ArrowUp', false, 3, { ...abierta(2), manejada: true }],
    ['arriba retrocede', abierta(2), 'ArrowUp', false, 3, { ...abierta(1), manejada: true }],
    ['arriba da la vuelta', abierta(0), 'ArrowUp', false, 3, { ...abierta(2), manejada: true }],
    [
      'Alt + arriba cierra',
      abierta(1),
      'ArrowUp',
      true,
      3,
      {
        abierta: false,
        activa: 1,
        manejada: true,
      },
    ],
    // Enter elige la activa; sin activa, o cerrada, es del formulario.
    [
      'Enter elige la activa',
      abierta(1),
      'Enter',
      false,
      3,
      {
        abierta: false,
        activa: 1,
        elegir: 1,
        manejada: true,
      },
    ],
    ['Enter sin activa', abierta(-1), 'Enter', false, 3, { ...abierta(-1), manejada: false }],
    [
      'Enter con la activa fuera de la lista',
      abierta(5),
      'Enter',
      false,
      3,
      {
        ...abierta(5),
        manejada: false,
      },
    ],
    ['Enter cerrada', cerrada, 'Enter', false, 3, { ...cerrada, manejada: false }],
    // Escape cierra (y no llega a un diálogo); cerrada, sigue su camino. Tab cierra y sale.
    [
      'Escape cierra',
      abierta(1),
      'Escape',
      false,
      3,
      { abierta: false, activa: 1, manejada: true },
    ],
    ['Escape cerrada', cerrada, 'Escape', false, 3, { ...cerrada, manejada: false }],
    ['Tab cierra', abierta(1), 'Tab', false, 3, { abierta: false, activa: 1, manejada: false }],
    ['otra tecla no hace nada', abierta(1), 'a', false, 3, { ...abierta(1), manejada: false }],
  ])('%s', (_, estado, tecla, alt, total, esperado) => {
    expect(alPresionar(estado, { tecla, alt }, total)).toEqual(esperado);
  });
});
