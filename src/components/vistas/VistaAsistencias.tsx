import { fechaLegible } from '@/domain/texto';
import { colorDeFondo, colorDeTexto } from './color';
import { SelectorAnio } from './SelectorAnio';
import type { DatosAsistencias } from './tipos';
import css from './vistas.module.css';

/**
 * Asistencias de un alumno en un año (spec 01 §2 /asistencias-legajo y -externo): el selector
 * de año, la lista (más nueva primero, sin hoy, con las reincorporaciones en verde) y el pie
 * 'total / 30 (+ reincorporaciones)' y 'n / m Justificadas'. Los textos y colores vienen
 * armados del dominio (src/domain/asistencias.ts) a través del procedimiento.
 */
export function VistaAsistencias({
  datos,
  parametros,
}: {
  datos: DatosAsistencias;
  /** Parámetros de la URL que el selector de año conserva (p. ej. la sección del legajo). */
  parametros?: Record<string, string>;
}) {
  const { lista, resumen } = datos;
  return (
    <div className={css.pila}>
      <SelectorAnio
        anios={datos.anios.map((a) => ({ anio: a.anio, curso: a.curso }))}
        actual={datos.anio}
        parametros={parametros}
      />
      {lista.length === 0 ? (
        <p className={css.atenuado} data-testid="sin-resultados">
          Sin resultados
        </p>
      ) : (
        <>
          <ul className={css.lista} aria-label={`Asistencias ${datos.anio}`}>
            {lista.map((item) =>
              item.clase === 'reincorporacion' ? (
                <li
                  key={`r${item.reincorporacion.orden}`}
                  className={`${css.tarjeta} ${css.verde}`}
                  data-testid="reincorporacion"
                >
                  <div className={css.fila}>
                    <span className={`${css.texto} ${css.medio}`}>{fechaLegible(item.fecha)}</span>
                    <span className={css.fuerte} style={{ color: colorDeTexto(item.color) }}>
                      {item.texto}
                    </span>
                  </div>
                  <p className={css.chico} style={{ color: 'var(--mantine-color-green-9)' }}>
                    Reincorporación
                  </p>
                </li>
              ) : (
                // Pocos elementos y un texto por elemento: la lista de un año tiene cientos de
                // entradas y cada elemento se serializa dos veces (HTML y datos de React).
                <li
                  key={`a${item.entrada.orden}`}
                  className={css.entrada}
                  data-testid="entrada-asistencia"
                >
                  <span>{`${fechaLegible(item.fecha)} · ${item.entrada.turno}`}</span>
                  <span className={item.entrada.justificada ? css.justificada : css.injustificada}>
                    {item.justificacion}
                  </span>
                  <span>
                    {item.circunstancia
                      ? `${item.entrada.tipo} · ${item.circunstancia}`
                      : item.entrada.tipo}
                  </span>
                </li>
              ),
            )}
          </ul>
          <div className={`${css.tarjeta} ${css.fila}`} data-testid="pie-asistencias">
            <div className={css.grupo}>
              <span
                className={css.fuerte}
                style={{ color: colorDeTexto(resumen.color) }}
                data-testid="total-asistencias"
              >
                {resumen.textoTotal}
              </span>
              {resumen.etiqueta && (
                <span
                  className={css.insignia}
                  style={{
                    background: colorDeFondo(resumen.color ?? 'gray'),
                    color: 'var(--mantine-color-white)',
                  }}
                >
                  {resumen.etiqueta}
                </span>
              )}
            </div>
            <span data-testid="justificadas">{resumen.textoJustificadas}</span>
          </div>
        </>
      )}
    </div>
  );
}
