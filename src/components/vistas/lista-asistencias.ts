import { escaparHtml } from '@/components/ui/escapar-html';

/**
 * Una fila de la lista del año, ya armada en el servidor con los textos del dominio:
 * una entrada `['a', orden, 'fecha · turno', justificada, justificación, 'tipo · circunstancia']`
 * o una reincorporación `['r', orden, fecha, texto]` (en verde: la clase `verde` de la tarjeta).
 */
export type FilaAsistencia =
  readonly ['a', number, string, boolean, string, string] | readonly ['r', number, string, string];

/**
 * Las filas como un solo texto JSON para el componente de cliente: React serializa y relee cada
 * valor de sus props uno por uno (cientos de filas × seis valores por pedido); un texto es un
 * solo valor y JSON.parse lo lee de una vez.
 */
export const empaquetarFilas = (filas: readonly FilaAsistencia[]): string => JSON.stringify(filas);

export const desempaquetarFilas = (texto: string): readonly FilaAsistencia[] =>
  JSON.parse(texto) as FilaAsistencia[];

/** Las clases de vistas.module.css que usa la lista (se pasan para probar sin CSS). */
export type ClasesLista = Record<
  | 'tarjeta'
  | 'verde'
  | 'fila'
  | 'texto'
  | 'medio'
  | 'fuerte'
  | 'chico'
  | 'entrada'
  | 'justificada'
  | 'injustificada',
  string
>;

/**
 * El HTML de los `<li>` de la lista, el mismo que dibujaría React elemento por elemento (lo
 * verifica tests/unit/lista-asistencias.test.ts contra renderToStaticMarkup). Un año puede
 * tener cientos de entradas: armadas como un texto, el servidor no paga el trabajo de React por
 * cada elemento (era la mitad del costo de /asistencias-externo) y la página lleva sólo las
 * filas compactas para hidratar.
 */
export function htmlDeFilas(filas: readonly FilaAsistencia[], c: ClasesLista): string {
  let html = '';
  for (const f of filas) {
    if (f[0] === 'r') {
      html +=
        `<li class="${escaparHtml(`${c.tarjeta} ${c.verde}`)}" data-testid="reincorporacion">` +
        `<div class="${escaparHtml(c.fila)}">` +
        `<span class="${escaparHtml(`${c.texto} ${c.medio}`)}">${escaparHtml(f[2])}</span>` +
        `<span class="${escaparHtml(c.fuerte)}">${escaparHtml(f[3])}</span>` +
        `</div>` +
        `<p class="${escaparHtml(c.chico)}">Reincorporación</p>` +
        `</li>`;
    } else {
      html +=
        `<li class="${escaparHtml(c.entrada)}" data-testid="entrada-asistencia">` +
        `<span>${escaparHtml(f[2])}</span>` +
        `<span class="${escaparHtml(f[3] ? c.justificada : c.injustificada)}">${escaparHtml(f[4])}</span>` +
        `<span>${escaparHtml(f[5])}</span>` +
        `</li>`;
    }
  }
  return html;
}
