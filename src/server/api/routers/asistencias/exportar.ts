/**
 * Las listas exportables de asistencias (issue 34 §2): el mes de un curso (la grilla del
 * planillón y de "Por Curso": un alumno por fila, un día por columna con sus inasistencias, y
 * los totales) y el año de un alumno ("Por Alumno": una fila por entrada). Llaman a los
 * procedimientos de las pantallas: el alcance es el suyo.
 */
import {
  circunstanciaVisible,
  pesoInasistencia,
  textoJustificacion,
  totalInasistencias,
} from '@/domain/asistencias';
import { exportacion } from '@/server/api/exportar-tipos';
import { parteDeNombre, planilla } from '@/server/exportacion/planilla';

/** 'AAAA-MM-DD' → 'DD/MM' (el encabezado de un día). */
const diaYMes = (fecha: string) => `${fecha.slice(8, 10)}/${fecha.slice(5, 7)}`;

export const exportaciones = {
  /** /asistencias "Por Curso" y el planillón en modo asistencias: ?curso=&mes=AAAA-MM. */
  'asistencia-curso': exportacion({
    procedimiento: 'asistencias.reporte',
    resumen: 'Asistencias de un curso en un mes: inasistencias por día y totales.',
    entrada: (q) => ({ curso: q.curso, mes: q.mes }),
    archivo: (r) => {
      type Alumno = (typeof r.alumnos)[number];
      const delDia = (a: Alumno, fecha: string) => a.entradas.filter((e) => e.fecha === fecha);
      return {
        nombre: `asistencia-${parteDeNombre(r.curso.nombre)}-${r.mes}`,
        planilla: planilla<Alumno>({
          hoja: `${r.curso.nombre} ${r.mes}`,
          filas: r.alumnos,
          columnas: [
            { titulo: 'Apellido', tipo: 'texto', valor: (a) => a.apellido },
            { titulo: 'Nombre', tipo: 'texto', valor: (a) => a.nombre },
            ...r.dias.map((d) => ({
              titulo: diaYMes(d.fecha),
              tipo: 'numero' as const,
              valor: (a: Alumno) => {
                const entradas = delDia(a, d.fecha);
                return entradas.length ? totalInasistencias(entradas) : null;
              },
            })),
            { titulo: 'Mes', tipo: 'numero', valor: (a) => a.totalMes },
            { titulo: 'Total del año', tipo: 'numero', valor: (a) => a.total },
            { titulo: 'Reincorporaciones', tipo: 'numero', valor: (a) => a.reincorporaciones },
            { titulo: 'Total', tipo: 'texto', valor: (a) => a.textoTotal },
            { titulo: 'Estado', tipo: 'texto', valor: (a) => a.etiqueta },
          ],
        }),
      };
    },
  }),
  /** /asistencias "Por Alumno": ?alumno=&anio=. */
  'asistencia-alumno': exportacion({
    procedimiento: 'asistencias.delAlumno',
    resumen: 'Asistencias de un alumno en un año: una fila por entrada.',
    entrada: (q) => ({ alumno: q.alumno, anio: q.anio || undefined }),
    archivo: (r) => ({
      nombre: `asistencia-${parteDeNombre(`${r.alumno.apellido} ${r.alumno.nombre}`)}-${r.anio}`,
      planilla: planilla<(typeof r.entradas)[number]>({
        hoja: `${r.alumno.apellido}, ${r.alumno.nombre} ${r.anio}`,
        filas: r.entradas,
        columnas: [
          { titulo: 'Fecha', tipo: 'fecha', valor: (e) => e.fecha },
          { titulo: 'Turno', tipo: 'texto', valor: (e) => e.turno },
          { titulo: 'Tipo', tipo: 'texto', valor: (e) => e.tipo },
          {
            titulo: 'Circunstancia',
            tipo: 'texto',
            valor: (e) => circunstanciaVisible(e.circunstancia),
          },
          { titulo: 'Justificación', tipo: 'texto', valor: (e) => textoJustificacion(e) },
          { titulo: 'Inasistencias', tipo: 'numero', valor: (e) => pesoInasistencia(e.tipo) },
        ],
      }),
    }),
  }),
};
