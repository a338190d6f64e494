/**
 * Modo asistencias del planillón (spec 01 §2 Overview, §9): cada celda suma las inasistencias
 * del día con los pesos del dominio (Falta 1, tardanzas y retiro con permiso (media) 0,5) y al
 * pasar el cursor describe las entradas (turno, tipo, circunstancia, justificación). Totales:
 * el mes y el año 'total / 30 (+ reincorporaciones)', rojo en 'Condición libre' y amarillo en
 * 'Cerca de condición libre' (el estado lo calcula el dominio en el servidor).
 */
import type { inferRouterOutputs } from '@trpc/server';
import {
  ETIQUETA_ESTADO_ASISTENCIA,
  LIMITE_INASISTENCIAS,
  PESO_INASISTENCIA,
  TIPOS_ASISTENCIA,
  UMBRAL_CERCA_DE_LIBRE,
  circunstanciaVisible,
  textoJustificacion,
  textoJustificadas,
  totalInasistencias,
} from '@/domain/asistencias';
import { cantidad, numero } from '@/domain/texto';
import type { AppRouter } from '@/server/api/root';
import { api } from '@/trpc/react';
import { useDatosDeConsulta } from './consulta';
import { columnasDelMes, fechaLarga, nombreMes, porFecha } from '../calendario';
import type {
  CeldaPlanillon,
  ColumnaPlanillon,
  DatosModo,
  ModeloPlanillon,
  ModoPlanillon,
  SeleccionPlanillon,
} from '../tipos';

type Reporte = inferRouterOutputs<AppRouter>['asistencias']['reporte'];
type Entrada = Reporte['alumnos'][number]['entradas'][number];

/** 'Falta 1, Tardanza Ingreso 0,5, ...': los pesos del dominio para la nota de la grilla. */
const PESOS = TIPOS_ASISTENCIA.map((t) => `${t} ${numero(PESO_INASISTENCIA[t])}`).join(', ');

const TOTALES: readonly ColumnaPlanillon[] = [
  { clave: 'mes', titulo: 'Mes', descripcion: 'Inasistencias del mes', ancho: 48 },
  {
    clave: 'total',
    titulo: 'Total',
    descripcion: `Inasistencias del año, con las de hoy / ${LIMITE_INASISTENCIAS} (+ reincorporaciones)`,
    ancho: 116,
  },
];

/** Una línea por entrada: 'Mañana · Falta · Educación Física · Justificada: Certificado médico'. */
export function describirEntrada(e: Entrada): string {
  return [e.turno, e.tipo, circunstanciaVisible(e.circunstancia), textoJustificacion(e)]
    .filter(Boolean)
    .join(' · ');
}

/** La celda de un día: la suma de sus inasistencias, roja si alguna es injustificada. */
export function celdaDelDia(
  entradas: readonly Entrada[],
  dia: { fecha: string; diaSemana: number },
): CeldaPlanillon {
  const total = totalInasistencias(entradas);
  return {
    texto: total > 0 ? numero(total) : '•',
    color: entradas.every((e) => e.justificada) ? 'teal' : 'red',
    descripcion: [fechaLarga(dia.fecha, dia.diaSemana), ...entradas.map(describirEntrada)].join(
      '\n',
    ),
  };
}

export function modeloAsistencias(r: Reporte): ModeloPlanillon {
  const columnas = columnasDelMes(r.dias, r.hoy);
  return {
    curso: r.curso.nombre,
    periodo: nombreMes(r.mes),
    columnas,
    totales: TOTALES,
    filas: r.alumnos.map((a) => {
      const delDia = porFecha(a.entradas);
      return {
        orden: a.orden,
        nombre: `${a.apellido}, ${a.nombre}`,
        celdas: r.dias.map((d) => {
          const entradas = delDia.get(d.fecha);
          return entradas ? celdaDelDia(entradas, d) : null;
        }),
        totales: [
          {
            texto: numero(a.totalMes),
            color: a.totalMes > 0 ? null : 'gray',
            descripcion: `${cantidad(a.totalMes, 'inasistencia', 'inasistencias')} en ${nombreMes(r.mes).toLowerCase()}`,
          },
          {
            texto: a.textoTotal,
            color: a.color,
            relleno: a.color != null,
            descripcion: [
              a.etiqueta,
              `${cantidad(a.total, 'inasistencia', 'inasistencias')} en el año`,
              `Reincorporaciones: ${numero(a.reincorporaciones)}`,
              textoJustificadas(a.justificadas, a.cantidadEntradas),
            ]
              .filter(Boolean)
              .join('\n'),
          },
        ],
      };
    }),
    leyenda: [
      {
        color: 'red',
        relleno: true,
        texto: `${ETIQUETA_ESTADO_ASISTENCIA.libre}: ${LIMITE_INASISTENCIAS} + reincorporaciones`,
      },
      {
        color: 'yellow',
        relleno: true,
        texto: `${ETIQUETA_ESTADO_ASISTENCIA.cerca}: desde ${UMBRAL_CERCA_DE_LIBRE} + reincorporaciones`,
      },
      { color: 'red', texto: 'Injustificada' },
      { color: 'teal', texto: 'Justificada' },
    ],
    nota: `Cada celda suma las inasistencias del día (${PESOS}). Pase el cursor por una celda para ver el detalle.`,
  };
}

function useDatos({ curso, mes }: SeleccionPlanillon): DatosModo {
  const q = api.asistencias.reporte.useQuery(
    { curso, mes: mes ?? '' },
    { enabled: mes != null, placeholderData: (anterior) => anterior },
  );
  return useDatosDeConsulta(q, modeloAsistencias);
}

export const modoAsistencias: ModoPlanillon = {
  id: 'asistencias',
  etiqueta: 'Asistencias',
  necesitaMes: true,
  useDatos,
  exportar: ({ curso, mes }) => ({ lista: 'asistencia-curso', parametros: { curso, mes } }),
};
