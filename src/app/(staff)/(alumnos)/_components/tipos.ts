import type { inferRouterOutputs } from '@trpc/server';
import { campoDelTelefono, type Errores } from '@/domain/campos';
import { unirTelefono } from '@/domain/escuela';
import type { AppRouter } from '@/server/api/root';

type Salidas = inferRouterOutputs<AppRouter>;

export type Alumno = Salidas['alumnos']['obtener'];
export type Referente = Salidas['referentes']['delAlumno'][number];
export type CursadosDelAlumno = Salidas['alumnos']['cursados'];
export type CursadosDelCurso = Salidas['cursos']['cursados'];
export type ResumenPromocion = Salidas['cursos']['promover'];

/** Un cursado del panel: las inscripciones guardadas y las ofertas del curso comparten esta forma. */
export interface CursadoPanel {
  cursadoId: number;
  nombre: string;
  materias: { id: number; nombre: string }[];
  materiasPermitidas: number[];
}

/** Lo que la pantalla muestra de un error de tRPC: el mensaje en castellano del servidor. */
export function mensajeDe(e: unknown): string {
  const m = e instanceof Error ? e.message : '';
  // Un fallo de red no trae un mensaje del servidor (p. ej. 'Failed to fetch').
  if (!m || /fetch|network|JSON/i.test(m)) return 'No se pudo conectar con el servidor.';
  return m;
}

/** El teléfono "área número" que esperan los esquemas ('' si ambos están vacíos). */
export const telefonoDe = (v: { codigoArea: string; numero: string }) =>
  unirTelefono(v.codigoArea, v.numero);

/**
 * Los errores por campo del formulario (los de domain/alumnos.ts o domain/referentes.ts): el
 * teléfono se reparte entre "Código de área" y "Teléfono" según el mensaje.
 */
export function erroresPorCampo({ telefono, ...errores }: Errores): Errores {
  return telefono ? { ...errores, [campoDelTelefono(telefono)]: telefono } : errores;
}
