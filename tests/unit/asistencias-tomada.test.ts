/**
 * El estado "asistencia tomada" de la planilla por curso (issue 15 §5): el texto que muestra la
 * pantalla, con la hora en la zona horaria de la escuela.
 */
import { textoTomada } from '@/app/(staff)/(asistencias)/_components/edicion';

const CORDOBA = 'America/Argentina/Cordoba';

describe('textoTomada', () => {
  test('sin tomar', () => {
    expect(textoTomada(null, '2026-05-12', CORDOBA)).toBe('Asistencia sin tomar');
  });

  test('quién y a qué hora, en la zona de la escuela (UTC−3), con dos dígitos', () => {
    expect(
      textoTomada({ por: 'Pérez, Ana', en: '2026-05-12T11:05:00.000Z' }, '2026-05-12', CORDOBA),
    ).toBe('Asistencia tomada por Pérez, Ana a las 08:05');
    expect(
      textoTomada({ por: 'Pérez, Ana', en: '2026-05-12T16:40:59.000Z' }, '2026-05-12', 'UTC'),
    ).toBe('Asistencia tomada por Pérez, Ana a las 16:40');
  });

  test('tomada otro día que el de la planilla: también la fecha (del día en la zona)', () => {
    // 01:30 UTC del 13 son las 22:30 del 12 en Córdoba: el mismo día de la planilla.
    expect(
      textoTomada({ por: 'Gómez, Luis', en: '2026-05-13T01:30:00.000Z' }, '2026-05-12', CORDOBA),
    ).toBe('Asistencia tomada por Gómez, Luis a las 22:30');
    expect(
      textoTomada({ por: 'Gómez, Luis', en: '2026-05-14T12:00:00.000Z' }, '2026-05-12', CORDOBA),
    ).toBe('Asistencia tomada por Gómez, Luis el 14/05/2026 a las 09:00');
  });
});
