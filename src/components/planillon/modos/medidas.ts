/**
 * Modo medidas del planillón (spec 01 §2 Overview, §9): cada celda suma las amonestaciones del
 * día y marca los apercibimientos ('Ap', no suman); al pasar el cursor describe cada medida
 * (tipo, cantidad, turno, motivo). Totales: el mes y el ciclo lectivo, rojo desde 15 y
 * amarillo desde 10 (el total y el color los calcula el dominio en el servidor).
 */
import type { inferRouterOutputs } from '@trpc/server';
import {
  ETIQUETA_TIPO_MEDIDA,
  UMBRAL_AMARILLO_MEDIDAS,
  UMBRAL_ROJO_MEDIDAS,
  cuentaEnTotal,
  esTipoMedida,
  totalMedidas,
} from '@/domain/medidas';
import { numero } from '@/domain/texto';
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

type Reporte = inferRouterOutputs<AppRouter>['medidas']['reporte'];
type Medida = Reporte['alumnos'][number]['medidas'][number];

/** Lo que se ve de un apercibimiento en la celda. */
export const TEXTO_APERCIBIMIENTO = 'Ap';

const TOTALES: readonly ColumnaPlanillon[] = [
  { clave: 'mes', titulo: 'Mes', descripcion: 'Medidas del mes (sin apercibimientos)', ancho: 48 },
  {
    clave: 'total',
    titulo: 'Total',
    descripcion: 'Medidas del ciclo lectivo (sin apercibimientos)',
    ancho: 56,
  },
];

/** 'Amonestación · 2 · Mañana · Falta de respeto a un docente'. */
export function describirMedida(m: Medida): string {
  const tipo = esTipoMedida(m.tipo) ? ETIQUETA_TIPO_MEDIDA[m.tipo] : m.tipo;
  return [tipo, m.cantidad != null ? numero(m.cantidad) : null, m.turno, m.motivo]
    .filter((x) => x != null && x !== '')
    .join(' · ');
}

/** La celda de un día: la suma de lo que cuenta y 'Ap' si hubo apercibimientos. */
export function celdaDelDia(
  medidas: readonly Medida[],
  dia: { fecha: string; diaSemana: number },
): CeldaPlanillon {
  const cuentan = medidas.filter((m) => cuentaEnTotal(m.tipo));
  const partes = [
    cuentan.length ? numero(totalMedidas(cuentan)) : null,
    cuentan.length < medidas.length ? TEXTO_APERCIBIMIENTO : null,
  ].filter(Boolean);
  return {
    texto: partes.join('+'),
    color: cuentan.length ? 'orange' : 'grape',
    descripcion: [fechaLarga(dia.fecha, dia.diaSemana), ...medidas.map(describirMedida)].join('\n'),
  };
}

export function modeloMedidas(r: Reporte): ModeloPlanillon {
  return {
    curso: r.curso.nombre,
    periodo: nombreMes(r.mes),
    columnas: columnasDelMes(r.dias),
    totales: TOTALES,
    filas: r.alumnos.map((a) => {
      const delDia = porFecha(a.medidas);
      return {
        orden: a.orden,
        nombre: `${a.apellido}, ${a.nombre}`,
        celdas: r.dias.map((d) => {
          const medidas = delDia.get(d.fecha);
          return medidas ? celdaDelDia(medidas, d) : null;
        }),
        totales: [
          {
            texto: numero(a.totalMes),
            color: a.totalMes > 0 ? null : 'gray',
            descripcion: `${numero(a.totalMes)} en ${nombreMes(r.mes).toLowerCase()} (sin apercibimientos)`,
          },
          {
            texto: numero(a.total),
            color: a.color,
            relleno: a.color != null,
            descripcion: `${numero(a.total)} en el ciclo lectivo ${r.ciclo} (sin apercibimientos)`,
          },
        ],
      };
    }),
    leyenda: [
      { color: 'red', relleno: true, texto: `Total desde ${UMBRAL_ROJO_MEDIDAS}` },
      { color: 'yellow', relleno: true, texto: `Total desde ${UMBRAL_AMARILLO_MEDIDAS}` },
      { color: 'orange', texto: 'Amonestación' },
      {
        color: 'grape',
        texto: 'Apercibimiento (no suma)',
        muestra: TEXTO_APERCIBIMIENTO,
      },
    ],
    nota: 'Cada celda suma las amonestaciones del día; los apercibimientos no cuentan para el total. Pase el cursor por una celda para ver el detalle.',
  };
}

function useDatos({ curso, mes }: SeleccionPlanillon): DatosModo {
  const q = api.medidas.reporte.useQuery(
    { curso, mes: mes ?? '' },
    { enabled: mes != null, placeholderData: (anterior) => anterior },
  );
  return useDatosDeConsulta(q, modeloMedidas);
}

export const modoMedidas: ModoPlanillon = {
  id: 'medidas',
  etiqueta: 'Medidas',
  necesitaMes: true,
  useDatos,
  exportar: ({ curso, mes }) => ({ lista: 'planillon-medidas', parametros: { curso, mes } }),
};
