/**
 * El correo de los avisos (issue 35 §2): lo escribe el ayudante del correo. Contrato:
 * - `crearCorreo(smtp)`: el transporte nodemailer de SMTP_URL/SMTP_FROM.
 * - `procesarCorreo(ctx, { usuario, categoria, dia })`: el correo "en el momento" de una persona,
 *   una categoría y un día (los avisos 'pendiente' de esa categoría, hermanos juntos).
 * - `procesarResumen(ctx, { hora })`: el resumen diario de quienes lo eligieron a esa hora.
 */
import type { Categoria } from '@/domain/avisos';
import type { Correo, CtxTrabajo } from '../tipos';

export function crearCorreo(_smtp: { url: string; from: string }): Correo {
  throw new Error('sin implementar');
}

export async function procesarCorreo(
  _ctx: CtxTrabajo,
  _datos: { usuario: number; categoria: Categoria; dia: string },
): Promise<void> {
  throw new Error('sin implementar');
}

export async function procesarResumen(_ctx: CtxTrabajo, _datos: { hora: number }): Promise<void> {
  throw new Error('sin implementar');
}
