'use client';
import { colorDeTexto } from './color';
import css from './vistas.module.css';

/**
 * Una fila de la lista del año, ya armada en el servidor con los textos del dominio:
 * una entrada `['a', orden, 'fecha · turno', justificada, justificación, 'tipo · circunstancia']`
 * o una reincorporación `['r', orden, fecha, texto, color]`.
 */
export type FilaAsistencia =
  | readonly ['a', number, string, boolean, string, string]
  | readonly ['r', number, string, string, string | null];

/**
 * La lista de asistencias de un año. Es un componente de cliente a propósito: recibe las filas
 * como datos compactos (unos 60 bytes cada una) y React la dibuja una sola vez, en el HTML del
 * servidor; como componente de servidor, cada uno de sus cientos de elementos viajaba además
 * como árbol de React dentro de la página (el doble de bytes y de trabajo por pedido).
 */
export function ListaAsistencias({
  filas,
  anio,
}: {
  filas: readonly FilaAsistencia[];
  anio: number;
}) {
  return (
    <ul className={css.lista} aria-label={`Asistencias ${anio}`}>
      {filas.map((f) =>
        f[0] === 'r' ? (
          <li
            key={`r${f[1]}`}
            className={`${css.tarjeta} ${css.verde}`}
            data-testid="reincorporacion"
          >
            <div className={css.fila}>
              <span className={`${css.texto} ${css.medio}`}>{f[2]}</span>
              <span className={css.fuerte} style={{ color: colorDeTexto(f[4]) }}>
                {f[3]}
              </span>
            </div>
            <p className={css.chico} style={{ color: 'var(--mantine-color-green-9)' }}>
              Reincorporación
            </p>
          </li>
        ) : (
          <li key={`a${f[1]}`} className={css.entrada} data-testid="entrada-asistencia">
            <span>{f[2]}</span>
            <span className={f[3] ? css.justificada : css.injustificada}>{f[4]}</span>
            <span>{f[5]}</span>
          </li>
        ),
      )}
    </ul>
  );
}
