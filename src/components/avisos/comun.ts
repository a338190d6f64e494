/** Lo que comparten la campana (en cada página) y la lista de avisos (se baja al abrirla). */

/** El evento de la ventana con la cuenta nueva de no leídos (la lista lo manda; la campana escucha). */
export const EVENTO_NO_LEIDOS = 'avisos:no-leidos';

/** Avisa a la campana cuántos quedan sin leer. */
export const avisarNoLeidos = (n: number) =>
  dispatchEvent(new CustomEvent(EVENTO_NO_LEIDOS, { detail: n }));

/** El nombre accesible de la campana: 'Avisos' o 'Avisos, 3 sin leer'. */
export const etiquetaCampana = (n: number) => (n > 0 ? `Avisos, ${n} sin leer` : 'Avisos');
