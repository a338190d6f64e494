/**
 * El correo de los avisos (issue 35 §2 y §5):
 * - `crearCorreo(smtp)`: el transporte nodemailer de SMTP_URL/SMTP_FROM (transporte.ts).
 * - `procesarCorreo(ctx, { usuario, categoria, dia })`: el correo "en el momento" de una persona,
 *   una categoría y un día (los avisos 'pendiente' de esa categoría, hermanos juntos) (envios.ts).
 * - `procesarResumen(ctx, { hora })`: el resumen diario de quienes lo eligieron a esa hora.
 * - El texto (componer.ts, puro) y la baja desde el enlace del correo (baja.ts).
 */
export { crearCorreo, type CorreoSmtp } from './transporte';
export { procesarCorreo, procesarResumen, FallaDeCorreo, type ResultadoResumen } from './envios';
