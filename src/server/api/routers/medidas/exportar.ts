/**
 * Las listas exportables de medidas (issue 34 §2): las de un alumno (/medidas: una fila por
 * medida, del ciclo pedido o de todos) y el planillón en modo medidas (un alumno por fila, un
 * día por columna con lo que suma y 'Ap' si hubo apercibimientos, y los totales). Llaman a los
 * procedimientos de las pantallas: el alcance es el suyo.
 */
import { ETIQUETA_TIPO_MEDIDA, cuentaEnTotal, esTipoMedida, totalMedidas } from '@/domain/medidas';
import { exportacion } from '@/server/api/exportar-tipos';
import { parteDeNombre, planilla } from '@/server/exportacion/planilla';

/** Lo que se ve de un apercibimiento en la celda del planillón. */
export const TEXTO_APERCIBIMIENTO = 'Ap';

const etiquetaTipo = (tipo: string) => (esTipoMedida(tipo) ? ETIQUETA_TIPO_MEDIDA[tipo] : tipo);

/**
 * La celda de un día del planillón: el número que suman las amonestaciones; con apercibimientos,
 * el texto de la grilla ('2+Ap', 'Ap'); null sin medidas.
 */
export function celdaDeMedidas(
  medidas: readonly { tipo: string; cantidad: number | null }[],
): number | string | null {
  if (medidas.length === 0) return null;
  const cuentan = medidas.filter((m) => cuentaEnTotal(m.tipo));
  if (cuentan.length === medidas.length) return totalMedidas(cuentan);
  return cuentan.length
    ? `${totalMedidas(cuentan)}+${TEXTO_APERCIBIMIENTO}`.replace('.', ',')
    : TEXTO_APERCIBIMIENTO;
}

export const exportaciones = {
  /** /medidas y /medidas-protected: ?alumno=&ciclo= (sin ciclo, todos los años). */
  'medidas-alumno': exportacion({
    procedimiento: 'medidas.delAlumno',
    resumen: 'Las medidas disciplinarias de un alumno: una fila por medida.',
    entrada: (q) => ({ alumno: q.alumno }),
    archivo: (r, q) => {
      const anios = r.anios.filter((a) => !q.ciclo || String(a.ciclo) === q.ciclo);
      const filas = anios.flatMap((a) =>
        a.medidas.map((m) => ({ ...m, ciclo: a.ciclo, curso: a.curso?.nombre ?? null })),
      );
      const persona = `${r.alumno.apellido} ${r.alumno.nombre}`;
      return {
        nombre: ['medidas', parteDeNombre(persona), q.ciclo || null].filter(Boolean).join('-'),
        planilla: planilla<(typeof filas)[number]>({
          hoja: `${r.alumno.apellido}, ${r.alumno.nombre}`,
          filas,
          columnas: [
            { titulo: 'Ciclo lectivo', tipo: 'entero', valor: (m) => m.ciclo },
            { titulo: 'Curso', tipo: 'texto', valor: (m) => m.curso },
            { titulo: 'Fecha', tipo: 'fecha', valor: (m) => m.fecha },
            { titulo: 'Turno', tipo: 'texto', valor: (m) => m.turno },
            { titulo: 'Tipo', tipo: 'texto', valor: (m) => etiquetaTipo(m.tipo) },
            { titulo: 'Cantidad', tipo: 'numero', valor: (m) => m.cantidad },
            { titulo: 'Motivo', tipo: 'texto', valor: (m) => m.motivo },
            {
              titulo: 'Registró',
              tipo: 'texto',
              valor: (m) => (m.creadoPor ? `${m.creadoPor.nombre} ${m.creadoPor.apellido}` : null),
            },
          ],
        }),
      };
    },
  }),
  /** El planillón en modo medidas: ?curso=&mes=AAAA-MM. */
  'planillon-medidas': exportacion({
    procedimiento: 'medidas.reporte',
    resumen: 'El planillón de medidas de un curso en un mes: lo de cada día y los totales.',
    entrada: (q) => ({ curso: q.curso, mes: q.mes }),
    archivo: (r) => {
      type Alumno = (typeof r.alumnos)[number];
      return {
        nombre: `planillon-medidas-${parteDeNombre(r.curso.nombre)}-${r.mes}`,
        planilla: planilla<Alumno>({
          hoja: `Medidas ${r.curso.nombre} ${r.mes}`,
          filas: r.alumnos,
          columnas: [
            { titulo: 'Apellido', tipo: 'texto', valor: (a) => a.apellido },
            { titulo: 'Nombre', tipo: 'texto', valor: (a) => a.nombre },
            ...r.dias.map((d) => ({
              titulo: `${d.fecha.slice(8, 10)}/${d.fecha.slice(5, 7)}`,
              tipo: 'numero' as const,
              valor: (a: Alumno) => celdaDeMedidas(a.medidas.filter((m) => m.fecha === d.fecha)),
            })),
            { titulo: 'Mes', tipo: 'numero', valor: (a) => a.totalMes },
            { titulo: 'Total del ciclo', tipo: 'numero', valor: (a) => a.total },
          ],
        }),
      };
    },
  }),
};
