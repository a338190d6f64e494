import type { inferRouterOutputs } from '@trpc/server';
import { SIGNIFICADOS, SIN_OBSERVACIONES } from '@/domain/avances';
import { fechaLegible } from '@/domain/texto';
import type { AppRouter } from '@/server/api/root';
import { SelectorAnio } from './SelectorAnio';
import clases from './avances.module.css';
import css from './vistas.module.css';

/** Lo que devuelven `avances.mias` y `avances.delAlumno`. */
export type DatosAvances = inferRouterOutputs<AppRouter>['avances']['delAlumno'];

const SIN_AVANCES_EN_FECHA = 'Todavía no hay avances cerrados para esta fecha.';

/** Un tipo de dificultad (o 'Sin Observaciones'): el texto siempre; el color sólo acompaña. */
function Tipo({ nombre }: { nombre: string }) {
  const sin = nombre === SIN_OBSERVACIONES;
  return (
    <li
      className={`${clases.tipo} ${sin ? clases['tipo-sin'] : clases['tipo-dificultad']}`}
      data-testid="tipo-avance"
    >
      {nombre}
    </li>
  );
}

/** Un título del nivel pedido (h2 a h4). */
function Titulo({
  nivel,
  ...props
}: { nivel: 2 | 3 | 4 } & React.HTMLAttributes<HTMLHeadingElement>) {
  const H = `h${nivel}` as const;
  return <H {...props} />;
}

/** La leyenda 'Significados de los avances' (spec 01 §2): cada tipo con lo que quiere decir. */
function Significados({ nivel }: { nivel: 2 | 3 }) {
  return (
    <section className={css.tarjeta} aria-labelledby="significados-avances">
      <Titulo nivel={nivel} className={clases.tituloLeyenda} id="significados-avances">
        Significados de los avances
      </Titulo>
      <dl className={clases.leyenda} data-testid="significados">
        {SIGNIFICADOS.map((s) => (
          <div key={s.nombre}>
            <dt>
              <span
                className={`${clases.tipo} ${s.nombre === SIN_OBSERVACIONES ? clases['tipo-sin'] : clases['tipo-dificultad']}`}
              >
                {s.nombre}
              </span>
            </dt>
            <dd className={css.texto}>{s.significado}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * Los avances de un alumno en un año (spec 01 §2 /avances-legajo y /avances-externo): el selector
 * de año, la leyenda 'Significados de los avances' y, por cada fecha de cierre del año, una
 * tarjeta por materia con sus tipos de dificultad ('Sin Observaciones' si no tiene) y las
 * observaciones plegadas. Sólo llegan las planillas cerradas; una fecha sin ninguna lo dice. Sin
 * fechas de cierre en el año: 'Sin resultados'. Sin estado: se arma en el servidor.
 */
export function VistaAvances({
  datos,
  anios,
  parametros,
  nivel = 2,
}: {
  datos: DatosAvances;
  /** Los años del selector. */
  anios: readonly number[];
  /** Parámetros de la URL que el selector de año conserva (p. ej. la sección del legajo). */
  parametros?: Record<string, string>;
  /** El nivel de los títulos de la leyenda y las fechas (3 dentro del legajo, bajo su sección). */
  nivel?: 2 | 3;
}) {
  const nivelMateria = nivel === 2 ? 3 : 4;
  return (
    <div className={css.pila}>
      <SelectorAnio
        anios={anios.map((anio) => ({ anio, curso: null }))}
        actual={datos.anio}
        parametros={parametros}
      />
      <Significados nivel={nivel} />
      {datos.fechas.length === 0 ? (
        <p className={css.atenuado} data-testid="sin-resultados">
          Sin resultados
        </p>
      ) : (
        datos.fechas.map((f) => {
          const titulo = `avances-${f.fecha}`;
          return (
            <section
              key={f.fecha}
              className={clases.fecha}
              aria-labelledby={titulo}
              data-testid="fecha-avances"
              data-fecha={f.fecha}
            >
              <Titulo nivel={nivel} className={clases.tituloFecha} id={titulo}>
                Cierre del {fechaLegible(f.fecha)}
              </Titulo>
              {f.materias.length === 0 ? (
                <p className={`${css.texto} ${css.atenuado}`} data-testid="sin-avances-fecha">
                  {SIN_AVANCES_EN_FECHA}
                </p>
              ) : (
                <ul className={css.lista} aria-label={`Materias al ${fechaLegible(f.fecha)}`}>
                  {f.materias.map((m) => (
                    <li
                      key={m.cursadoId}
                      className={css.tarjeta}
                      data-testid="avance-materia"
                      data-cursado={m.cursadoId}
                      data-sin-observaciones={m.sinObservaciones ? 'true' : 'false'}
                    >
                      <Titulo nivel={nivelMateria} className={clases.materia}>
                        {m.materia}
                      </Titulo>
                      <ul
                        aria-label={`Tipos de dificultad en ${m.materia}`}
                        className={clases.tipos}
                      >
                        {m.tipos.map((t) => (
                          <Tipo key={t} nombre={t} />
                        ))}
                      </ul>
                      {m.observaciones && (
                        <details className={clases.observaciones} data-testid="observaciones">
                          <summary>Observaciones</summary>
                          <p className={`${css.texto} ${clases.texto}`}>{m.observaciones}</p>
                        </details>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })
      )}
    </div>
  );
}
