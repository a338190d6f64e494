/**
 * Las listas exportables de avances (issue 34 §2): la planilla de un cursado en una instancia
 * (/avances: un alumno por fila, una columna por tipo de dificultad y las observaciones) y el
 * planillón en modo avances (un alumno por fila, los códigos de cada materia y cuántas tienen
 * dificultades). Llaman a los procedimientos de las pantallas: el alcance es el suyo.
 */
import { SIN_OBSERVACIONES, TIPOS_AVANCE, type CodigoAvance } from '@/domain/avances';
import { exportacion } from '@/server/api/exportar-tipos';
import { parteDeNombre, planilla } from '@/server/exportacion/planilla';

/** El código de cada tipo en el planillón ('E', 'T', 'P'), como la grilla. */
export const CODIGO_TIPO: Readonly<Record<CodigoAvance, string>> = {
  evaluaciones: 'E',
  trabajos: 'T',
  participacion: 'P',
};
/** Lo que se ve de 'Sin Observaciones' en el planillón. */
export const TEXTO_SIN_OBSERVACIONES = '–';

export const exportaciones = {
  /** /avances: ?fecha=AAAA-MM-DD&cursado=. */
  'avances-cursado': exportacion({
    procedimiento: 'avances.planilla',
    resumen: 'La planilla de avances de un cursado en una instancia.',
    entrada: (q) => ({ fecha: q.fecha, cursado: q.cursado }),
    archivo: (p) => {
      type Alumno = (typeof p.alumnos)[number];
      return {
        nombre: `avances-${parteDeNombre(p.cursado.nombre)}-${p.instancia.fecha}`,
        planilla: planilla<Alumno>({
          hoja: `${p.cursado.nombre} ${p.instancia.fecha}`,
          filas: p.alumnos,
          columnas: [
            { titulo: 'Apellido', tipo: 'texto', valor: (a) => a.apellido },
            { titulo: 'Nombre', tipo: 'texto', valor: (a) => a.nombre },
            ...TIPOS_AVANCE.map((t) => ({
              titulo: t.nombre,
              tipo: 'texto' as const,
              valor: (a: Alumno) => (a.guardado?.tipos.includes(t.codigo) ? 'Sí' : null),
            })),
            {
              titulo: SIN_OBSERVACIONES,
              tipo: 'texto',
              valor: (a) => (a.guardado && a.guardado.tipos.length === 0 ? 'Sí' : null),
            },
            { titulo: 'Observaciones', tipo: 'texto', valor: (a) => a.guardado?.observaciones },
          ],
        }),
      };
    },
  }),
  /** El planillón en modo avances: ?curso=&ciclo=&fecha= (sin fecha, la de la pantalla). */
  'planillon-avances': exportacion({
    procedimiento: 'avances.reporte',
    resumen: 'El planillón de avances de un curso en una instancia.',
    entrada: (q) => ({ curso: q.curso, ciclo: q.ciclo || undefined, fecha: q.fecha || undefined }),
    archivo: (r) => {
      type Alumno = (typeof r.alumnos)[number];
      const instancia = r.instancia?.fecha ?? String(r.ciclo);
      return {
        nombre: `planillon-avances-${parteDeNombre(r.curso.nombre)}-${instancia}`,
        planilla: planilla<Alumno>({
          hoja: `Avances ${r.curso.nombre} ${instancia}`,
          filas: r.alumnos,
          columnas: [
            { titulo: 'Apellido', tipo: 'texto', valor: (a) => a.apellido },
            { titulo: 'Nombre', tipo: 'texto', valor: (a) => a.nombre },
            ...r.cursados.map((c, i) => ({
              titulo: c.nombre,
              tipo: 'texto' as const,
              valor: (a: Alumno) => {
                const x = a.avances[i];
                if (!x) return null;
                return x.tipos.length
                  ? x.tipos.map((t) => CODIGO_TIPO[t]).join(' ')
                  : TEXTO_SIN_OBSERVACIONES;
              },
            })),
            {
              titulo: 'Materias con dificultades',
              tipo: 'entero',
              valor: (a) => a.conDificultades,
            },
          ],
        }),
      };
    },
  }),
};
