/** Piezas que comparten las pantallas de /planificacion. */
import type { inferRouterOutputs } from '@trpc/server';
import { avisar } from '@/components/ui/avisos';
import { mensajeDeError } from '@/components/ui/errores';
import type { AppRouter } from '@/server/api/root';

/** Lo que devuelven los procedimientos. */
export type Salidas = inferRouterOutputs<AppRouter>;

/**
 * Un error al guardar en un aviso rojo titulado con el texto de la spec ("Error al guardar",
 * "Error al guardar la materia") y el mensaje del servidor sin repetir el título.
 */
export function avisarErrorAlGuardar(titulo: string, e: unknown): void {
  const mensaje = mensajeDeError(e);
  const prefijo = `${titulo}: `;
  avisar({
    color: 'red',
    title: titulo,
    message: mensaje.startsWith(prefijo) ? mensaje.slice(prefijo.length) : mensaje,
  });
}
