import { config } from '@/server/config';

/**
 * Defensa CSRF para escrituras: una petición que cambia datos y trae un `Origin`
 * ajeno se rechaza. Los clientes no navegadores del contrato REST no envían Origin.
 */
export function origenPermitido(req: Request): boolean {
  const origen = req.headers.get('origin');
  if (!origen) return req.headers.get('sec-fetch-site') !== 'cross-site';
  let host: string;
  try {
    host = new URL(origen).host;
  } catch {
    return false;
  }
  const propio = req.headers.get('x-forwarded-host') ?? req.headers.get('host');
  const extra = config().origenesExtra;
  return host === propio || extra.includes(origen);
}

export const MENSAJE_ORIGEN = 'Origen no permitido.';

/**
 * ¿Es un pedido que otro sitio hizo hacer al navegador (un enlace, una imagen, un formulario)?
 * Los GET que cambian la sesión por contrato (salir, cambiar de rol) no hacen nada en ese caso.
 */
export function navegacionDeOtroSitio(req: Request): boolean {
  return req.headers.get('sec-fetch-site') === 'cross-site';
}
