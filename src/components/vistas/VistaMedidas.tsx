import { ETIQUETA_TIPO_MEDIDA, cuentaEnTotal, esTipoMedida } from '@/domain/medidas';
import { fechaLegible, numero } from '@/domain/texto';
import { colorDeTexto } from './color';
import { SelectorAnio } from './SelectorAnio';
import type { DatosMedidas } from './tipos';
import css from './vistas.module.css';

/**
 * Medidas disciplinarias de un alumno (spec 01 §2 /medidas-legajo y -externo): sólo lectura,
 * una lista por año con su total (sin apercibimientos), rojo desde 15 y amarillo desde 10
 * (spec 01 §9; el total y el color vienen del dominio a través del procedimiento).
 */
export function VistaMedidas({
  datos,
  anio,
  parametros,
}: {
  datos: DatosMedidas;
  /** El año pedido; si no hay, el último año de la lista. */
  anio?: number;
  parametros?: Record<string, string>;
}) {
  const anios = datos.anios;
  const actual = anio ?? anios.at(-1)?.ciclo ?? null;
  const delAnio = anios.find((a) => a.ciclo === actual) ?? null;
  const medidas = delAnio?.medidas ?? [];
  return (
    <div className={css.pila}>
      {actual != null && (
        <SelectorAnio
          anios={anios.map((a) => ({ anio: a.ciclo, curso: a.curso?.nombre ?? null }))}
          actual={actual}
          parametros={parametros}
        />
      )}
      {medidas.length === 0 ? (
        <p className={css.atenuado} data-testid="sin-resultados">
          Sin resultados
        </p>
      ) : (
        <>
          <ul className={css.lista} aria-label={`Medidas disciplinarias ${actual}`}>
            {medidas.map((m) => {
              const color = cuentaEnTotal(m.tipo) ? 'blue' : 'gray';
              return (
                <li key={m.orden} className={css.tarjeta} data-testid="medida">
                  <div className={css.fila}>
                    <span className={`${css.texto} ${css.medio}`}>
                      {fechaLegible(m.fecha)} · {m.turno}
                    </span>
                    <span className={css.grupo}>
                      <span
                        className={css.insignia}
                        style={{
                          background: `var(--mantine-color-${color}-light)`,
                          color: `var(--mantine-color-${color}-light-color)`,
                        }}
                      >
                        {esTipoMedida(m.tipo) ? ETIQUETA_TIPO_MEDIDA[m.tipo] : m.tipo}
                      </span>
                      {m.cantidad != null && (
                        <span className={css.fuerte}>{numero(m.cantidad)}</span>
                      )}
                    </span>
                  </div>
                  <p className={css.texto}>{m.motivo}</p>
                  {m.creadoPor && (
                    <p className={`${css.chico} ${css.atenuado}`}>
                      Registró: {m.creadoPor.nombre} {m.creadoPor.apellido}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
          <div className={css.tarjeta} data-testid="pie-medidas">
            <span
              className={css.fuerte}
              style={{ color: colorDeTexto(delAnio?.color) }}
              data-testid="total-medidas"
            >
              Total: {numero(delAnio?.total ?? 0)}
            </span>
          </div>
        </>
      )}
    </div>
  );
}
