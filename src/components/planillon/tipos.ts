/**
 * El planillón (spec 01 §2 Overview): una grilla genérica (filas = alumnos del curso, columnas
 * del modo y totales) y los "modos" que la llenan. Un modo es un complemento: la grilla no sabe
 * de asistencias, notas, medidas ni avances; cada uno se agrega registrando su modo en
 * `modos/index.ts`, sin tocar la grilla.
 */
import type { ReactNode } from 'react';
import type { ListaExportable } from '@/server/api/exportaciones';

/** Los modos de la spec, en su orden. */
export type IdModo = 'asistencias' | 'notas' | 'medidas' | 'avances';

/** Una columna de la grilla (un día del mes, una materia, ...). */
export interface ColumnaPlanillon {
  /** Clave única de la columna (p. ej. la fecha 'AAAA-MM-DD'). */
  clave: string;
  /** Lo que se ve en el encabezado (p. ej. el número del día). */
  titulo: string;
  /** Una segunda línea del encabezado (p. ej. la inicial del día de la semana). */
  subtitulo?: string;
  /** Nombre completo para lectores de pantalla y para la descripción al pasar el cursor. */
  descripcion: string;
  /** Columna angosta (los domingos del mes). */
  angosta?: boolean;
  /** Columna destacada (hoy). */
  destacada?: boolean;
  /** Ancho en píxeles (las de días tienen el suyo; las de totales lo piden). */
  ancho?: number;
}

/** Colores de Mantine que usa una celda. */
export type ColorCelda = 'red' | 'yellow' | 'green' | 'teal' | 'orange' | 'grape' | 'blue' | 'gray';

/** Una celda con contenido; las vacías son `null`. */
export interface CeldaPlanillon {
  /** Texto corto que se ve en la celda. */
  texto: string;
  /** La descripción que aparece al pasar el cursor (líneas separadas por '\n'). */
  descripcion?: string | null;
  /** Color del texto (tenue) o, con `relleno`, del fondo. */
  color?: ColorCelda | null;
  /** Fondo lleno del color (los totales en rojo o amarillo). */
  relleno?: boolean;
  /**
   * Trozos del texto, cada uno con su color (un código por tipo de avance). Si están, se dibujan
   * en lugar de `texto`, que debe ser su concatenación (es lo que leen la impresión y las pruebas).
   */
  partes?: readonly { texto: string; color?: ColorCelda | null }[];
}

/** Una fila: un alumno del curso. */
export interface FilaPlanillon {
  /** El `orden` del alumno (para el enlace al legajo). */
  orden: number;
  /** 'Apellido, Nombre'. */
  nombre: string;
  /** Una celda por columna, en el orden de `columnas` (null: vacía). */
  celdas: readonly (CeldaPlanillon | null)[];
  /** Una celda por columna de totales. */
  totales: readonly (CeldaPlanillon | null)[];
}

/** Una entrada de la leyenda debajo de la grilla. */
export interface ItemLeyenda {
  color: ColorCelda;
  texto: string;
  relleno?: boolean;
  /** Lo que se ve en la muestra sin relleno (por defecto '1'). */
  muestra?: string;
}

/** Lo que la grilla dibuja: el modo arma este modelo a partir de sus datos. */
export interface ModeloPlanillon {
  /** Nombre del curso (del servidor), para el título y la impresión. */
  curso: string;
  /** Subtítulo (p. ej. 'Noviembre 2026'). */
  periodo?: string;
  columnas: readonly ColumnaPlanillon[];
  /** Columnas de totales, al final de la fila. */
  totales: readonly ColumnaPlanillon[];
  filas: readonly FilaPlanillon[];
  leyenda?: readonly ItemLeyenda[];
  /** Nota breve debajo de la grilla (qué significa cada celda). */
  nota?: ReactNode;
}

/** Lo que devuelve el gancho de datos de un modo. */
export interface DatosModo {
  modelo: ModeloPlanillon | undefined;
  /** Todavía no hay nada que mostrar. */
  cargando: boolean;
  /** Hay un modelo (el anterior) y se está trayendo otro. */
  actualizando: boolean;
  /** Mensaje en castellano si la lectura falló (sin códigos del servidor). */
  error: string | null;
  /**
   * Las opciones del selector propio del modo, que vienen con sus datos (las instancias de
   * avances del ciclo), y la que se está mostrando. Sin selector, no está.
   */
  opciones?: { lista: readonly OpcionSelector[]; valor: string | null };
}

/** Lo que el modo recibe de la pantalla. */
export interface SeleccionPlanillon {
  curso: number;
  /** 'AAAA-MM' cuando el modo necesita mes; si no, null. */
  mes: string | null;
  /** Ciclo lectivo elegido en la barra. */
  ciclo: number;
  /**
   * Lo elegido en el selector propio del modo (`ModoPlanillon.selector`; p. ej. la fecha de la
   * instancia de avances); null: nada elegido, el modo muestra su opción predeterminada.
   */
  opcion: string | null;
}

/** Una opción de un selector propio del modo. */
export interface OpcionSelector {
  value: string;
  label: string;
}

/** Un modo del planillón (un complemento). */
export interface ModoPlanillon {
  id: IdModo;
  /** Texto del selector de modo. */
  etiqueta: string;
  /** Asistencias y medidas piden además un mes (spec 01 §2). */
  necesitaMes: boolean;
  /**
   * Un selector propio además del curso (avances: la instancia): su etiqueta, el parámetro de la
   * URL que guarda lo elegido y el texto del botón que vuelve a la opción predeterminada si lo
   * elegido no se pudo mostrar. Sus opciones llegan con los datos (`DatosModo.opciones`).
   */
  selector?: { etiqueta: string; parametro: string; restablecer: string };
  /**
   * Gancho de React que trae los datos y arma el modelo. La pantalla lo llama dentro de un
   * componente con `key={modo.id}`, así cambiar de modo no rompe las reglas de los ganchos.
   */
  useDatos(seleccion: SeleccionPlanillon): DatosModo;
  /**
   * La lista exportable del modo (issue 34 §2) y sus parámetros para lo que se ve: el botón
   * "Exportar" baja la grilla en Excel o CSV. `opcion`: lo que muestra el selector propio.
   */
  exportar?(
    seleccion: SeleccionPlanillon,
    opcion: string | null,
  ): { lista: ListaExportable; parametros: Record<string, string | number | null> };
}
