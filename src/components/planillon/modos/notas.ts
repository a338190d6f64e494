/**
 * Modo notas del planillón (spec 01 §2 Overview, §9): una columna por cursado del curso (su
 * abreviatura; el nombre completo al pasar el cursor por el encabezado) y en cada celda la nota
 * actual del alumno: la del 2° cuatrimestre si ya la tiene, si no la del 1° ('A' si estuvo
 * ausente), roja debajo de 4, azul debajo de 6 y gris la 'A'. Al pasar el cursor, la materia y
 * las dos notas. Totales: 'Promedio' (con 2 decimales) y 'Bajas' (notas menores que 4) sobre las
 * notas que se ven. Es el único modo de /planillon-departamento y /planillon-coordinador (el
 * servidor les da sólo las columnas de sus materias).
 */
import type { inferRouterOutputs } from '@trpc/server';
import {
  CUATRIMESTRES,
  NOMBRE_CUATRIMESTRE,
  NOTA_APROBACION,
  NOTA_DESAPROBACION,
  colorNota,
  formatearPromedio,
  mostrarNota,
  mostrarNotaCuatrimestre,
  resumenPromedio,
  type ValorNota,
} from '@/domain/notas';
import { sinAcentos } from '@/domain/texto';
import type { AppRouter } from '@/server/api/root';
import { api } from '@/trpc/react';
import { useDatosDeConsulta } from './consulta';
import type {
  CeldaPlanillon,
  ColumnaPlanillon,
  DatosModo,
  ModeloPlanillon,
  ModoPlanillon,
  SeleccionPlanillon,
} from '../tipos';

type Reporte = inferRouterOutputs<AppRouter>['notas']['reporte'];
type Cursado = Reporte['cursados'][number];
/** Las dos notas de una celda: 1° y 2° cuatrimestre (un número, 'ausente' o nada). */
type NotasCelda = Reporte['alumnos'][number]['notas'][number];

/** Ancho de las columnas de materias (la abreviatura y una nota de dos cifras). */
const ANCHO_MATERIA = 52;

const TOTALES: readonly ColumnaPlanillon[] = [
  {
    clave: 'promedio',
    titulo: 'Promedio',
    descripcion: 'Promedio de las notas que se ven (2 decimales)',
    ancho: 76,
  },
  {
    clave: 'bajas',
    titulo: 'Bajas',
    descripcion: `Notas menores que ${NOTA_DESAPROBACION}`,
    ancho: 56,
  },
];

/** Palabras que no dan inicial ('Lengua y Literatura' → 'LL'). */
const MENORES = new Set([
  'a',
  'al',
  'con',
  'de',
  'del',
  'e',
  'el',
  'en',
  'la',
  'las',
  'los',
  'o',
  'para',
  'por',
  'u',
  'y',
]);
const ROMANO = /^(?:I{1,3}|IV|VI{0,3}|IX|X)$/;

/** El nombre del cursado sin el curso del final: 'Matemática 2° 1°' en '2° 1°' → 'Matemática'. */
export function materiaDelCursado(nombre: string, curso: string): string {
  const t = nombre.trim();
  const sufijo = ` ${curso.trim()}`;
  return curso.trim() && t.length > sufijo.length && t.endsWith(sufijo)
    ? t.slice(0, -sufijo.length).trim()
    : t;
}

/** La inicial en mayúscula y sin tilde ('Ética' → 'E'). */
const inicial = (palabra: string) => sinAcentos(palabra.charAt(0)).toLocaleUpperCase('es');

/**
 * La abreviatura de una materia para el encabezado: una palabra, sus tres primeras letras
 * ('Matemática' → 'Mat'); varias, las iniciales de las que no son artículos ni preposiciones
 * ('Formación Ética y Ciudadana' → 'FEC'). Un número romano final se conserva
 * ('Taller de Electrónica I' → 'TE I', 'Estructuras II' → 'Est II').
 */
export function abreviarMateria(nombre: string): string {
  const palabras = nombre.trim().split(/\s+/).filter(Boolean);
  const romano = palabras.length > 1 && ROMANO.test(palabras.at(-1)!) ? palabras.pop()! : null;
  const llenas = palabras.filter((p) => !MENORES.has(p.toLocaleLowerCase('es')));
  const base =
    llenas.length === 0
      ? nombre.trim().slice(0, 3)
      : llenas.length === 1
        ? llenas[0]!.slice(0, 3)
        : llenas.map((p) => inicial(p)).join('');
  return romano ? `${base} ${romano}` : base;
}

/**
 * Las columnas: una por cursado; si dos abreviaturas coinciden, la segunda lleva ' 2', … (también
 * las del modo avances).
 */
export function columnasNotas(
  cursados: readonly Pick<Cursado, 'id' | 'nombre'>[],
  curso: string,
): ColumnaPlanillon[] {
  const usadas = new Map<string, number>();
  return cursados.map((c) => {
    const base = abreviarMateria(materiaDelCursado(c.nombre, curso));
    const n = (usadas.get(base) ?? 0) + 1;
    usadas.set(base, n);
    return {
      clave: String(c.id),
      titulo: n === 1 ? base : `${base} ${n}`,
      descripcion: c.nombre,
      ancho: ANCHO_MATERIA,
    };
  });
}

/** La nota actual de la materia: la del 2° cuatrimestre si ya está; si no, la del 1°. */
export function notaActual(notas: NotasCelda): ValorNota | null {
  return notas[2] ?? notas[1] ?? null;
}

/**
 * La celda de una materia: la nota actual (vacía si no hay ninguna) con su color del planillón
 * y la descripción 'Materia\n1° Cuatrimestre: 7\n2° Cuatrimestre: 5'.
 */
export function celdaNotas(cursado: Cursado, notas: NotasCelda): CeldaPlanillon | null {
  const valor = notaActual(notas);
  if (valor == null) return null;
  return {
    texto: mostrarNota(valor),
    color: colorNota(valor, 'planillon'),
    descripcion: [
      cursado.nombre,
      ...CUATRIMESTRES.map(
        (c) =>
          `${NOMBRE_CUATRIMESTRE[c]}: ${mostrarNotaCuatrimestre(cursado.modalidad, c, notas[c]) || 'sin nota'}`,
      ),
    ].join('\n'),
  };
}

/** 'Promedio' y 'Bajas' de una fila, sobre las notas que se ven (sin ausentes ni '-'). */
export function totalesNotas(valores: readonly (ValorNota | null)[]): (CeldaPlanillon | null)[] {
  const r = resumenPromedio(valores);
  const promedio = formatearPromedio(r.promedio);
  return [
    r.promedio == null
      ? null
      : {
          texto: promedio,
          color: colorNota(r.promedio, 'planillon'),
          descripcion: `Promedio de ${r.cantidad} ${r.cantidad === 1 ? 'nota' : 'notas'}: ${promedio}`,
        },
    {
      texto: String(r.bajas),
      color: r.bajas > 0 ? 'red' : null,
      descripcion: `${r.bajas} ${r.bajas === 1 ? 'nota menor' : 'notas menores'} que ${NOTA_DESAPROBACION}`,
    },
  ];
}

export function modeloNotas(r: Reporte): ModeloPlanillon {
  return {
    curso: r.curso.nombre,
    periodo: `Ciclo lectivo ${r.ciclo}`,
    columnas: columnasNotas(r.cursados, r.curso.nombre),
    totales: TOTALES,
    filas: r.alumnos.map((a) => {
      const notas = r.cursados.map((_, i) => a.notas[i] ?? { 1: null, 2: null });
      return {
        orden: a.orden,
        nombre: `${a.apellido}, ${a.nombre}`,
        celdas: r.cursados.map((c, i) => celdaNotas(c, notas[i]!)),
        totales: totalesNotas(notas.map(notaActual)),
      };
    }),
    leyenda: [
      { color: 'red', texto: `Menos de ${NOTA_DESAPROBACION} (baja)`, muestra: '3' },
      { color: 'blue', texto: `Menos de ${NOTA_APROBACION}`, muestra: '5' },
      { color: 'gray', texto: 'Ausente', muestra: 'A' },
    ],
    nota: `Cada celda muestra la nota actual de la materia: la del 2° cuatrimestre si ya está cargada; si no, la del 1°. Promedio (con 2 decimales) y Bajas (notas menores que ${NOTA_DESAPROBACION}) cuentan las notas que se ven. Pase el cursor por una celda para ver las de cada cuatrimestre.`,
  };
}

function useDatos({ curso, ciclo }: SeleccionPlanillon): DatosModo {
  const q = api.notas.reporte.useQuery(
    { curso, ciclo },
    { placeholderData: (anterior) => anterior },
  );
  return useDatosDeConsulta(q, modeloNotas);
}

export const modoNotas: ModoPlanillon = {
  id: 'notas',
  etiqueta: 'Notas',
  necesitaMes: false,
  useDatos,
  exportar: ({ curso, ciclo }) => ({ lista: 'planillon-notas', parametros: { curso, ciclo } }),
};
