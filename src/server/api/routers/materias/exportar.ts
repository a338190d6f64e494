/**
 * Las listas exportables de la planificación (issue 34 §2): las materias de
 * /planificacion/materias con su búsqueda. Llama al procedimiento de la pantalla página por
 * página (`paginada`): el archivo trae todas. El CSV de siempre ("Exportar CSV", que también se
 * reimporta) sigue.
 */
import { exportacion } from '@/server/api/exportar-tipos';
import { planilla } from '@/server/exportacion/planilla';

export const exportaciones = {
  /** /planificacion/materias: ?q= (y ?limit=, el tamaño de cada página pedida). */
  materias: exportacion({
    procedimiento: 'materias.listar',
    paginada: true,
    resumen: 'Las materias: código, nombre, año, plan, departamento y cursados.',
    entrada: (q) => ({ q: q.q || undefined, limit: q.limit || undefined }),
    archivo: ({ items }) => ({
      nombre: 'materias',
      planilla: planilla<(typeof items)[number]>({
        hoja: 'Materias',
        filas: items,
        columnas: [
          { titulo: 'Código', tipo: 'texto', valor: (m) => m.materiaCode },
          { titulo: 'Nombre', tipo: 'texto', valor: (m) => m.nombre },
          { titulo: 'Año', tipo: 'entero', valor: (m) => m.anio },
          { titulo: 'Plan (año)', tipo: 'entero', valor: (m) => m.plan.year },
          { titulo: 'Plan (código)', tipo: 'texto', valor: (m) => m.plan.code },
          { titulo: 'Departamento', tipo: 'texto', valor: (m) => m.departamentoName },
          { titulo: 'Cursados', tipo: 'entero', valor: (m) => m.cursadosAsociados },
        ],
      }),
    }),
  }),
};
