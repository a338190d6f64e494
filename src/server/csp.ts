/**
 * La Content-Security-Policy de las páginas (src/proxy.ts): los scripts, sólo del propio origen
 * o con el nonce de ese pedido (Next lo pone en sus scripts en línea y en los de sus trozos al
 * leerlo de la cabecera del pedido); ningún script en línea sin nonce, así una inyección de HTML
 * no ejecuta código. Los estilos mantienen 'unsafe-inline': Mantine escribe estilos en línea
 * (atributos `style` y sus variables) y un estilo no ejecuta código.
 *
 * Las respuestas que no pasan por el proxy (/api, /_next, archivos) llevan la de
 * next.config.mjs: la misma sin nonce (`script-src 'self'`). Si cambia una, cambie la otra.
 */
export function politicaDeSeguridad(nonce: string | null, desarrollo: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self'${nonce ? ` 'nonce-${nonce}'` : ''}${desarrollo ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${desarrollo ? ' ws: wss:' : ''}`,
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** Un nonce por pedido: 128 bits al azar, en base64. */
export function nuevoNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
}
