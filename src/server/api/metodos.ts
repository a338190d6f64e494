/**
 * Todo lo que responde /api es JSON, también un método que la ruta no atiende: 405 con
 * `{ error: true, message }` y la cabecera `Allow` con los que sí atiende (sin esto, Next
 * responde 405 con el cuerpo vacío). Cada manejador propio de `src/app/api` exporta, además de
 * sus métodos, los que devuelve `otrosMetodos`.
 */
export const METODOS_HTTP = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
export type MetodoHttp = (typeof METODOS_HTTP)[number];

export const MENSAJE_METODO_NO_PERMITIDO = 'Método no permitido.';

/** 405 en JSON; `permitidos` va en `Allow` (HEAD se atiende donde se atiende GET). */
export function metodoNoPermitido(permitidos: readonly string[]): Response {
  const allow = permitidos.includes('GET') ? [...new Set([...permitidos, 'HEAD'])] : permitidos;
  return Response.json(
    { error: true, message: MENSAJE_METODO_NO_PERMITIDO },
    { status: 405, headers: { Allow: allow.join(', ') } },
  );
}

/**
 * Los manejadores de los métodos que la ruta no implementa (405 con `Allow`), para exportarlos:
 * `export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos('GET');`. HEAD lo deriva
 * Next de GET; sin GET, también es un 405.
 */
export function otrosMetodos<M extends MetodoHttp>(
  ...implementados: M[]
): Record<Exclude<MetodoHttp, M | (M extends 'GET' ? 'HEAD' : never)>, () => Response> {
  const responder = () => metodoNoPermitido(implementados);
  return Object.fromEntries(
    METODOS_HTTP.filter(
      (m) =>
        !(implementados as readonly string[]).includes(m) &&
        !(m === 'HEAD' && (implementados as readonly string[]).includes('GET')),
    ).map((m) => [m, responder]),
  ) as never;
}
