/**
 * GET /api/exportar/[lista]?formato=xlsx|csv&… (issue 34 §2): busca la lista en
 * `EXPORTACIONES`, llama al mismo procedimiento que su pantalla con el contexto de la petición
 * (`createCaller(ctx)`: el acceso y el alcance son los de la pantalla) y arma el archivo con la
 * ayuda de src/server/exportacion/planilla.ts. En este orden: la lista (404), la sesión y el
 * permiso del procedimiento (401, 403), el formato (400) y recién entonces el procedimiento (sus
 * 400, 403 y 404 con su mensaje).
 */
import { TRPCError } from '@trpc/server';
import { config } from '@/server/config';
import { planillaCsv, planillaXlsx } from '@/server/exportacion/planilla';
import { disposicion } from './disposicion';
import { EXPORTACIONES } from './exportaciones';
import { errorJson, llamar, respuestaDeError, sinPermiso } from './rest';
import type { ConsultaExportacion, Exportacion } from './exportar-tipos';
import type { Contexto } from './trpc';

export const MENSAJE_LISTA_DESCONOCIDA = 'No existe esa lista para exportar.';
export const MENSAJE_FORMATO = 'El formato debe ser xlsx (Excel) o csv.';

/** Tope de filas de una lista paginada: más es un 400 (acotar la búsqueda). */
export const MAXIMO_FILAS_EXPORTACION = 10_000;
export const MENSAJE_DEMASIADAS_FILAS =
  'La lista tiene demasiadas filas para exportarla (más de 10.000): acote la búsqueda.';

/**
 * Todas las páginas de una lista paginada, como "Cargar más" hasta el final: la primera salida
 * con `items` = las filas de todas. El tope se comprueba página por página (no se junta más).
 */
export async function todasLasPaginas(
  ctx: Contexto,
  e: Exportacion,
  q: ConsultaExportacion,
  maximo = MAXIMO_FILAS_EXPORTACION,
): Promise<unknown> {
  type Pagina = { items: unknown[]; siguiente: number | null };
  const entrada = (e.entrada(q) ?? {}) as Record<string, unknown>;
  let primera: Pagina | null = null;
  const items: unknown[] = [];
  for (let cursor: number | null = 0; cursor != null;) {
    const p = (await llamar(ctx, e.procedimiento, { ...entrada, cursor })) as Pagina;
    primera ??= p;
    items.push(...p.items);
    if (items.length > maximo)
      throw new TRPCError({ code: 'BAD_REQUEST', message: MENSAJE_DEMASIADAS_FILAS });
    cursor = p.siguiente;
  }
  return { ...primera, items };
}

export const TIPO_XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function atenderExportacion(
  req: Request,
  lista: string,
  contexto: () => Promise<Contexto>,
): Promise<Response> {
  const e = Object.hasOwn(EXPORTACIONES, lista) ? EXPORTACIONES[lista] : undefined;
  if (!e) return errorJson(404, MENSAJE_LISTA_DESCONOCIDA);
  const ctx = await contexto();
  const denegado = sinPermiso(ctx, e.procedimiento);
  if (denegado) return denegado;
  const { formato = 'xlsx', ...q } = Object.fromEntries(new URL(req.url).searchParams);
  if (formato !== 'xlsx' && formato !== 'csv') return errorJson(400, MENSAJE_FORMATO);
  try {
    const salida = e.paginada
      ? await todasLasPaginas(ctx, e, q)
      : await llamar(ctx, e.procedimiento, e.entrada(q));
    const { nombre, planilla } = e.archivo(salida as never, q);
    const opciones = { zona: config().zonaHoraria };
    const cuerpo =
      formato === 'xlsx'
        ? new Uint8Array(await planillaXlsx(planilla, opciones))
        : planillaCsv(planilla, opciones);
    return new Response(cuerpo, {
      headers: {
        'Content-Type': formato === 'xlsx' ? TIPO_XLSX : 'text/csv; charset=utf-8',
        'Content-Disposition': disposicion('attachment', `${nombre}.${formato}`),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  } catch (err) {
    return respuestaDeError(err, ctx, 'GET /api/exportar/{lista}');
  }
}
