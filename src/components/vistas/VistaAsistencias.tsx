import { fechaLegible } from '@/domain/texto';
import { colorDeFondo, colorDeTexto } from './color';
import { ListaAsistencias } from './ListaAsistencias';
import { empaquetarFilas, type FilaAsistencia } from './lista-asistencias';
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
          <ListaAsistencias
            anio={datos.anio}
            filas={empaquetarFilas(
              lista.map((item): FilaAsistencia =>
                item.clase === 'reincorporacion'
                  ? ['r', item.reincorporacion.orden, fechaLegible(item.fecha), item.texto]
                  : [
                      'a',
                      item.entrada.orden,
                      `${fechaLegible(item.fecha)} · ${item.entrada.turno}`,
                      item.entrada.justificada,
                      item.justificacion,
                      item.circunstancia
                        ? `${item.entrada.tipo} · ${item.circunstancia}`
                        : item.entrada.tipo,
                    ],
              ),
            )}
          />
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
