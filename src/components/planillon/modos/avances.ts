/**
 * Modo avances del planillón (spec 01 §2 Overview; issue 15 §4, §5): alumnos del curso × sus
 * materias en la instancia elegida (un selector con las instancias del ciclo; sin elegir, la de
 * la fecha o la última pasada). Cada celda lleva un código por tipo de dificultad, cada uno con
 * su color ('E', 'T', 'P'; el texto dice lo mismo que el color), '–' tenue si quedó 'Sin
 * Observaciones' y nada si no hay planilla o no guardó nada para el alumno; al pasar el cursor,
 * la materia, los nombres de los tipos, las observaciones y si la planilla sigue abierta. Total:
 * 'Materias con dificultades', en rojo desde 3 (la marca del preceptor).
 */
import type { inferRouterOutputs } from '@trpc/server';
import { useMemo } from 'react';
import {
  MATERIAS_PARA_MARCA,
  SIN_OBSERVACIONES,
  TIPOS_AVANCE,
  type CodigoAvance,
} from '@/domain/avances';
import { fechaLegible, numero } from '@/domain/texto';
import type { AppRouter } from '@/server/api/root';
import { api } from '@/trpc/react';
import { useDatosDeConsulta } from './consulta';
import { columnasNotas, materiaDelCursado } from './notas';
import type {
  CeldaPlanillon,
  ColorCelda,
  ColumnaPlanillon,
  DatosModo,
  ItemLeyenda,
  ModeloPlanillon,
  ModoPlanillon,
  OpcionSelector,
  SeleccionPlanillon,
} from '../tipos';

type Reporte = inferRouterOutputs<AppRouter>['avances']['reporte'];
type Cursado = Reporte['cursados'][number];
/** Lo guardado de un alumno en una materia (null: celda vacía). */
type Avance = Reporte['alumnos'][number]['avances'][number];

/** El código corto y el color de cada tipo, en el orden de la leyenda. */
export const CODIGO_TIPO: Readonly<Record<CodigoAvance, { codigo: string; color: ColorCelda }>> = {
  evaluaciones: { codigo: 'E', color: 'red' },
  trabajos: { codigo: 'T', color: 'orange' },
  participacion: { codigo: 'P', color: 'blue' },
};

/** Lo que se ve en la celda de 'Sin Observaciones'. */
export const TEXTO_SIN_OBSERVACIONES = '–';

/** 'Cierre 15/05/2026'. */
export const nombreInstancia = (fecha: string) => `Cierre ${fechaLegible(fecha)}`;

const ESTADO_PLANILLA: Readonly<Record<Cursado['planilla'], string>> = {
  sinPlanilla: 'sin planilla en la instancia',
  abierta: 'planilla abierta (sin cerrar)',
  cerrada: 'planilla cerrada',
};

const TOTALES: readonly ColumnaPlanillon[] = [
  {
    clave: 'dificultades',
    titulo: 'Materias con dificultades',
    descripcion: `Materias con dificultades en la instancia (desde ${MATERIAS_PARA_MARCA}, en rojo)`,
    ancho: 200,
  },
];

/** Las columnas: las de las materias de notas, con el estado de la planilla en la descripción. */
export function columnasAvances(cursados: readonly Cursado[], curso: string): ColumnaPlanillon[] {
  return columnasNotas(cursados, curso).map((c, i) => ({
    ...c,
    descripcion: `${c.descripcion} · ${ESTADO_PLANILLA[cursados[i]!.planilla]}`,
  }));
}

/**
 * La celda de una materia: un código por tipo ('E T'), cada uno con su color; '–' gris si quedó
 * 'Sin Observaciones'; vacía sin nada guardado. La descripción: la materia, los nombres de los
 * tipos, las observaciones y, si la planilla sigue abierta, que todavía puede cambiar.
 */
export function celdaAvances(
  cursado: Pick<Cursado, 'nombre'>,
  avance: Avance,
): CeldaPlanillon | null {
  if (!avance) return null;
  const descripcion = [
    cursado.nombre,
    ...avance.nombres,
    avance.observaciones ? `Observaciones: ${avance.observaciones}` : null,
    avance.cerrada ? null : 'Planilla abierta: todavía puede cambiar',
  ]
    .filter(Boolean)
    .join('\n');
  if (!avance.tipos.length) return { texto: TEXTO_SIN_OBSERVACIONES, color: 'gray', descripcion };
  const partes = avance.tipos.flatMap((t, i) => [
    ...(i ? [{ texto: ' ' }] : []),
    { texto: CODIGO_TIPO[t].codigo, color: CODIGO_TIPO[t].color },
  ]);
  return {
    texto: partes.map((p) => p.texto).join(''),
    color: CODIGO_TIPO[avance.tipos[0]!].color,
    partes,
    descripcion,
  };
}

/**
 * 'Materias con dificultades': cuántas, rojo lleno desde 3 (el número lo dice también) y, al
 * pasar el cursor, cuáles y con qué tipos.
 */
export function totalAvances(
  conDificultades: number,
  materias: readonly { materia: string; nombres: readonly string[] }[],
): CeldaPlanillon {
  const marca = conDificultades >= MATERIAS_PARA_MARCA;
  const cuantas = `${numero(conDificultades)} ${conDificultades === 1 ? 'materia' : 'materias'} con dificultades`;
  return {
    texto: numero(conDificultades),
    color: marca ? 'red' : conDificultades > 0 ? null : 'gray',
    relleno: marca,
    descripcion: [
      marca ? `${cuantas} (${MATERIAS_PARA_MARCA} o más)` : cuantas,
      ...materias.map((m) => `${m.materia}: ${m.nombres.join(', ')}`),
    ].join('\n'),
  };
}

export const LEYENDA_AVANCES: readonly ItemLeyenda[] = [
  ...TIPOS_AVANCE.map((t) => ({
    color: CODIGO_TIPO[t.codigo].color,
    texto: t.nombre,
    muestra: CODIGO_TIPO[t.codigo].codigo,
  })),
  { color: 'gray', texto: SIN_OBSERVACIONES, muestra: TEXTO_SIN_OBSERVACIONES },
  {
    color: 'red',
    relleno: true,
    texto: `${MATERIAS_PARA_MARCA} o más materias con dificultades`,
  },
];

export function modeloAvances(r: Reporte): ModeloPlanillon {
  return {
    curso: r.curso.nombre,
    periodo: r.instancia ? nombreInstancia(r.instancia.fecha) : 'Sin instancias de avances',
    columnas: columnasAvances(r.cursados, r.curso.nombre),
    totales: TOTALES,
    filas: r.alumnos.map((a) => ({
      orden: a.orden,
      nombre: `${a.apellido}, ${a.nombre}`,
      celdas: r.cursados.map((c, i) => celdaAvances(c, a.avances[i] ?? null)),
      totales: [
        totalAvances(
          a.conDificultades,
          r.cursados.flatMap((c, i) => {
            const x = a.avances[i];
            return x?.tipos.length
              ? [{ materia: materiaDelCursado(c.nombre, r.curso.nombre), nombres: x.nombres }]
              : [];
          }),
        ),
      ],
    })),
    leyenda: LEYENDA_AVANCES,
    nota: `Cada celda muestra las dificultades del alumno en la materia en la instancia: E (Evaluaciones no Aprobadas), T (Adeuda Trabajos), P (Falta de Participación); ${TEXTO_SIN_OBSERVACIONES}: ${SIN_OBSERVACIONES}; vacía: sin planilla o nada guardado. Pase el cursor por una celda para ver las observaciones y si la planilla sigue abierta.`,
  };
}

/** Las opciones del selector: las instancias del ciclo; se muestra la del reporte. */
export function opcionesAvances(r: Pick<Reporte, 'instancias' | 'instancia'>): {
  lista: OpcionSelector[];
  valor: string | null;
} {
  return {
    lista: r.instancias.map((i) => ({ value: i.fecha, label: nombreInstancia(i.fecha) })),
    valor: r.instancia?.fecha ?? null,
  };
}

/** La fecha pedida, si es del ciclo de la barra (al cambiar de ciclo, la predeterminada). */
export const fechaPedida = (opcion: string | null, ciclo: number) =>
  opcion && opcion.startsWith(`${ciclo}-`) ? opcion : undefined;

function useDatos({ curso, ciclo, opcion }: SeleccionPlanillon): DatosModo {
  const q = api.avances.reporte.useQuery(
    { curso, ciclo, fecha: fechaPedida(opcion, ciclo) },
    { placeholderData: (anterior) => anterior },
  );
  const datos = useDatosDeConsulta(q, modeloAvances);
  const opciones = useMemo(() => (q.data ? opcionesAvances(q.data) : undefined), [q.data]);
  return { ...datos, opciones };
}

export const modoAvances: ModoPlanillon = {
  id: 'avances',
  etiqueta: 'Avances',
  necesitaMes: false,
  selector: {
    etiqueta: 'Instancia',
    parametro: 'instancia',
    restablecer: 'Ver la instancia de la fecha',
  },
  useDatos,
  exportar: ({ curso, ciclo }, fecha) => ({
    lista: 'planillon-avances',
    parametros: { curso, ciclo, fecha },
  }),
};
