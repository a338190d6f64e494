/**
 * Lo que la pantalla /importar calcula sin servidor (issue 34 §1): las columnas que van al mismo
 * campo, el filtro por acción, el resumen de lo que hará "Aplicar" y el tamaño del archivo. Puro:
 * lo prueba tests/unit/importar-pantalla.test.ts.
 */
import { cantidad, numero } from '@/domain/texto';

export type Accion = 'crear' | 'actualizar' | 'sin cambios' | 'omitir';
export type TipoEntidad = 'alumno' | 'tutor' | 'personal' | 'curso' | 'vinculo';

/** Lo mínimo de una fila del resultado (la vista previa o lo aplicado) que usan estos textos. */
export interface FilaDeResultado {
  fila: number;
  entidades: readonly { tipo: TipoEntidad; accion: Accion }[];
  errores: readonly unknown[];
}

export const ACCIONES: readonly Accion[] = ['crear', 'actualizar', 'sin cambios', 'omitir'];

/** El filtro de la tabla: todas, las de una acción o las filas con errores. */
export type Filtro = 'todas' | Accion | 'errores';

export const FILTROS: readonly { valor: Filtro; etiqueta: string }[] = [
  { valor: 'todas', etiqueta: 'Todas las filas' },
  { valor: 'crear', etiqueta: 'Crear' },
  { valor: 'actualizar', etiqueta: 'Actualizar' },
  { valor: 'sin cambios', etiqueta: 'Sin cambios' },
  { valor: 'omitir', etiqueta: 'Omitir' },
  { valor: 'errores', etiqueta: 'Con errores' },
];

/**
 * El color de la insignia de cada acción (el mismo en las cuentas y en la tabla): tonos oscuros,
 * con contraste AA sobre blanco (el texto de la insignia es chico).
 */
export const COLOR_ACCION: Record<Accion | 'errores', string> = {
  crear: 'teal.9',
  actualizar: 'blue.8',
  'sin cambios': 'gray.7',
  omitir: 'violet.8',
  errores: 'red.9',
};

/** Las filas que muestra el filtro: una fila entra si alguna de sus entidades tiene la acción. */
export function filtrarFilas<F extends FilaDeResultado>(filas: readonly F[], filtro: Filtro): F[] {
  if (filtro === 'todas') return [...filas];
  if (filtro === 'errores') return filas.filter((f) => f.errores.length > 0);
  return filas.filter((f) => f.entidades.some((e) => e.accion === filtro));
}

/**
 * Las columnas que van a un mismo campo: por campo repetido, los índices de sus columnas (en el
 * orden del archivo). Vacío si no hay ninguno.
 */
export function camposRepetidos(mapeo: readonly (string | null)[]): Map<string, number[]> {
  const porCampo = new Map<string, number[]>();
  mapeo.forEach((clave, i) => {
    if (clave) porCampo.set(clave, [...(porCampo.get(clave) ?? []), i]);
  });
  return new Map([...porCampo].filter(([, columnas]) => columnas.length > 1));
}

const NOMBRES: Record<TipoEntidad, [string, string]> = {
  alumno: ['alumno', 'alumnos'],
  tutor: ['tutor', 'tutores'],
  personal: ['usuario del personal', 'usuarios del personal'],
  curso: ['curso', 'cursos'],
  vinculo: ['vínculo con un alumno', 'vínculos con alumnos'],
};
const ORDEN_TIPOS: readonly TipoEntidad[] = ['alumno', 'tutor', 'personal', 'curso', 'vinculo'];

/** "3 alumnos y 5 tutores", "1 alumno, 2 tutores y 2 vínculos con alumnos". */
function enumerar(cuentas: Map<TipoEntidad, number>): string {
  const partes = ORDEN_TIPOS.filter((t) => (cuentas.get(t) ?? 0) > 0).map((t) =>
    cantidad(cuentas.get(t)!, ...NOMBRES[t]),
  );
  return partes.length > 1 ? `${partes.slice(0, -1).join(', ')} y ${partes.at(-1)}` : partes[0]!;
}

function porTipo(filas: readonly FilaDeResultado[], accion: Accion): Map<TipoEntidad, number> {
  const cuentas = new Map<TipoEntidad, number>();
  for (const f of filas)
    for (const e of f.entidades)
      if (e.accion === accion) cuentas.set(e.tipo, (cuentas.get(e.tipo) ?? 0) + 1);
  return cuentas;
}

/**
 * Lo que hará "Aplicar", en una frase: "Se crearán 3 alumnos y 5 tutores; se actualizarán 2
 * alumnos; 1 fila se omite." Las filas con errores (o con todo omitido) se cuentan como omitidas;
 * las que no cambian nada, aparte. Sin nada para escribir: "No hay nada para crear ni actualizar."
 */
export function resumenDeAplicar(filas: readonly FilaDeResultado[]): string {
  const crear = porTipo(filas, 'crear');
  const actualizar = porTipo(filas, 'actualizar');
  const omitidas = filas.filter(
    (f) =>
      f.errores.length > 0 ||
      (f.entidades.length > 0 && f.entidades.every((e) => e.accion === 'omitir')),
  ).length;
  const iguales = filas.filter(
    (f) =>
      f.errores.length === 0 &&
      f.entidades.length > 0 &&
      f.entidades.every((e) => e.accion === 'sin cambios'),
  ).length;
  const partes: string[] = [];
  if (crear.size) partes.push(`se ${sumar(crear) === 1 ? 'creará' : 'crearán'} ${enumerar(crear)}`);
  if (actualizar.size)
    partes.push(
      `se ${sumar(actualizar) === 1 ? 'actualizará' : 'actualizarán'} ${enumerar(actualizar)}`,
    );
  if (!partes.length) partes.push('no hay nada para crear ni actualizar');
  if (omitidas)
    partes.push(omitidas === 1 ? '1 fila se omite' : `${numero(omitidas)} filas se omiten`);
  if (iguales)
    partes.push(
      iguales === 1 ? '1 fila queda sin cambios' : `${numero(iguales)} filas quedan sin cambios`,
    );
  const frase = partes.join('; ');
  return `${frase.charAt(0).toUpperCase()}${frase.slice(1)}.`;
}

const sumar = (m: Map<TipoEntidad, number>) => [...m.values()].reduce((a, b) => a + b, 0);

/** Si "Aplicar" escribiría algo. */
export const hayParaAplicar = (filas: readonly FilaDeResultado[]): boolean =>
  filas.some((f) => f.entidades.some((e) => e.accion === 'crear' || e.accion === 'actualizar'));

/** El tamaño de un archivo para personas: "834 bytes", "12,5 KB", "1,2 MB". */
export function tamanio(bytes: number): string {
  if (bytes < 1024) return cantidad(bytes, 'byte', 'bytes');
  if (bytes < 1024 * 1024) return `${numero(Math.round((bytes / 1024) * 10) / 10)} KB`;
  return `${numero(Math.round((bytes / 1024 / 1024) * 10) / 10)} MB`;
}

/** Las extensiones que acepta la carga (el servidor lo vuelve a comprobar por el contenido). */
export const ACEPTA =
  '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

/** Si el nombre del archivo es de una planilla que se puede subir. */
export const esPlanilla = (nombre: string): boolean => /\.(xlsx|csv)$/i.test(nombre);

/** Páginas de la tabla de filas: cuántas por página. */
export const FILAS_POR_PAGINA = 50;
