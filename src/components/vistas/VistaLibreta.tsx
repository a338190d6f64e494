'use client';
import { IconPrinter } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import botones from '@/components/ui/botones.module.css';
import { CUATRIMESTRES, NOMBRE_CUATRIMESTRE, type ColorNota } from '@/domain/notas';
import {
  aniosOrdenados,
  anioElegido,
  columnasLibreta,
  filaLibreta,
  tituloImpresion,
  type AnioLibreta,
  type DatosLibreta,
} from './libreta';
import clases from './libreta.module.css';
import css from './vistas.module.css';

/** Escucha un evento de la ventana mientras el componente está montado. */
function useEventoDeVentana<K extends keyof WindowEventMap>(
  tipo: K,
  escuchar: (e: WindowEventMap[K]) => void,
) {
  const actual = useRef(escuchar);
  useEffect(() => {
    actual.current = escuchar;
  });
  useEffect(() => {
    const f = (e: WindowEventMap[K]) => actual.current(e);
    window.addEventListener(tipo, f);
    return () => window.removeEventListener(tipo, f);
  }, [tipo]);
}

/**
 * Al imprimir, sólo la libreta: sin barra superior ni menú, y en la página sólo la rama que
 * contiene a la libreta (`:has`), así el buscador de alumnos o el resto del legajo no salen.
 */
const IMPRESION = `@media print {
  @page { margin: 12mm; }
  main :not(:has([data-libreta])):not([data-libreta]):not([data-libreta] *) { display: none !important; }
  main :has([data-libreta]) { border: none !important; box-shadow: none !important; padding: 0 !important; margin: 0 !important; max-width: none !important; }
}`;

/**
 * Imprimir con el título 'Planilla de calificaciones - …' (el nombre del PDF): lo pone antes
 * de imprimir y devuelve el anterior al terminar. Sirve el botón, Ctrl+P (o ⌘P) y también
 * "Imprimir" del menú del navegador (beforeprint / afterprint).
 */
function useImpresion(titulo: string | null) {
  const anterior = useRef<string | null>(null);
  const poner = useCallback(() => {
    if (!titulo || anterior.current != null) return;
    anterior.current = document.title;
    document.title = titulo;
  }, [titulo]);
  const quitar = useCallback(() => {
    if (anterior.current == null) return;
    document.title = anterior.current;
    anterior.current = null;
  }, []);
  const imprimir = useCallback(() => {
    poner();
    try {
      window.print();
    } finally {
      quitar();
    }
  }, [poner, quitar]);
  useEventoDeVentana('beforeprint', poner);
  useEventoDeVentana('afterprint', quitar);
  useEventoDeVentana('keydown', (e) => {
    if (!titulo || !(e.ctrlKey || e.metaKey) || e.altKey || e.key.toLowerCase() !== 'p') return;
    e.preventDefault();
    imprimir();
  });
  return imprimir;
}

const claseColor = (color: ColorNota | null) =>
  color ? clases[`color-${color}` as keyof typeof clases] : undefined;

/**
 * La libreta de un alumno (spec 01 §2 Grade booklet): el selector de año (el último por
 * defecto) y, para el año elegido, una tabla con Materia, C1, C2, Nota Final y una columna por
 * instancia de mesa, con los colores del legajo (spec 01 §9). 'Imprimir' (y Ctrl+P) imprime
 * sólo la libreta. La comparten /libretas, /libretas-externo y el legajo.
 *
 * `personal`: avisa qué cuatrimestres con notas todavía no se publicaron (alumnos y
 * referentes no los ven). `nota`: un texto breve debajo del selector.
 */
export function VistaLibreta({
  datos,
  personal = false,
  nota,
  nivelMateria = 2,
}: {
  datos: DatosLibreta;
  personal?: boolean;
  nota?: ReactNode;
  /** El nivel del título de cada materia en las tarjetas del teléfono (h2; h3 en el legajo). */
  nivelMateria?: 2 | 3;
}) {
  const [pedido, setPedido] = useState<number | null>(null);
  const anios = aniosOrdenados(datos.anios);
  const anio = anioElegido(datos.anios, pedido);
  const titulo = anio ? tituloImpresion(datos.alumno, anio.ciclo) : null;
  const imprimir = useImpresion(titulo);

  return (
    <div
      className={css.pila}
      style={{ gap: 'var(--mantine-spacing-sm)' }}
      data-libreta
      data-testid="libreta"
    >
      <style>{IMPRESION}</style>
      <div className={`${css.fila} ${clases.noImprimir}`} style={{ alignItems: 'flex-end' }}>
        {anios.length > 0 ? (
          <div className={css.anios} role="group" aria-label="Año">
            {anios.map((a) => {
              const elegido = a.ciclo === anio?.ciclo;
              return (
                <button
                  key={a.ciclo}
                  type="button"
                  className={`${botones.boton} ${elegido ? botones.filled : botones.default}`}
                  aria-pressed={elegido}
                  onClick={() => setPedido(a.ciclo)}
                >
                  {a.curso ? `${a.ciclo} · ${a.curso}` : String(a.ciclo)}
                </button>
              );
            })}
          </div>
        ) : (
          <span />
        )}
        <button
          type="button"
          className={`${botones.boton} ${botones.default}`}
          onClick={imprimir}
          disabled={!titulo}
        >
          <IconPrinter size={16} aria-hidden />
          Imprimir
        </button>
      </div>
      {nota && (
        <p
          className={`${css.texto} ${css.atenuado} ${clases.noImprimir}`}
          data-testid="nota-libreta"
        >
          {nota}
        </p>
      )}
      {titulo && (
        <div className={clases.soloImpresion}>
          <h2 className={clases.tituloImpresion}>{titulo}</h2>
          {anio?.curso && <p className={css.texto}>Curso: {anio.curso}</p>}
        </div>
      )}
      {!anio || anio.materias.length === 0 ? (
        <p className={css.atenuado} data-testid="sin-resultados">
          Sin resultados
        </p>
      ) : (
        <>
          {personal && <AvisoSinPublicar anio={anio} />}
          <TablaLibreta anio={anio} />
          <TarjetasLibreta anio={anio} nivel={nivelMateria} />
          <Leyenda />
        </>
      )}
    </div>
  );
}

function TablaLibreta({ anio }: { anio: AnioLibreta }) {
  const columnas = columnasLibreta(anio.instancias);
  const etiqueta = `Notas ${anio.ciclo}`;
  return (
    <div
      className={clases.contenedor}
      role="region"
      aria-label={etiqueta}
      // Desplazable con el teclado (axe: scrollable-region-focusable).
      tabIndex={0}
    >
      <table className={clases.tabla} data-testid="tabla-libreta" data-ciclo={anio.ciclo}>
        <caption>
          <span className="solo-lector">
            {anio.curso ? `${etiqueta} · ${anio.curso}` : etiqueta}
          </span>
        </caption>
        <thead>
          <tr>
            <th scope="col" className={clases.materia}>
              Materia
            </th>
            {columnas.map((c) => (
              <th
                key={c.clave}
                scope="col"
                data-columna={c.clave}
                title={c.descripcion}
                aria-label={c.titulo === c.descripcion ? undefined : c.descripcion}
              >
                {c.titulo}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {anio.materias.map((m) => {
            const fila = filaLibreta(m, anio.instancias);
            return (
              <tr key={fila.cursado} data-cursado={fila.cursado}>
                <th scope="row" className={clases.materia}>
                  {fila.materia}
                  {fila.modalidad && <span className={clases.modalidad}>{fila.modalidad}</span>}
                </th>
                {fila.celdas.map((celda, i) => (
                  <td
                    key={columnas[i]!.clave}
                    data-columna={columnas[i]!.clave}
                    data-color={celda.color ?? undefined}
                    className={[clases.nota, claseColor(celda.color)].filter(Boolean).join(' ')}
                  >
                    {celda.texto}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * En el teléfono, una tarjeta por materia en lugar de la tabla (que pondría las mesas fuera de
 * la pantalla): el nombre, C1, C2, Nota Final y las mesas de esa materia que tienen resultado,
 * con su nombre corto. Sólo CSS decide cuál se ve (libreta.module.css): en papel, siempre la
 * tabla.
 */
function TarjetasLibreta({ anio, nivel }: { anio: AnioLibreta; nivel: 2 | 3 }) {
  const columnas = columnasLibreta(anio.instancias);
  const Titulo = nivel === 2 ? 'h2' : 'h3';
  return (
    <ul
      className={clases.tarjetas}
      aria-label={`Notas ${anio.ciclo}`}
      data-testid="tarjetas-libreta"
      data-ciclo={anio.ciclo}
    >
      {anio.materias.map((m) => {
        const fila = filaLibreta(m, anio.instancias);
        return (
          <li key={fila.cursado} className={clases.tarjeta} data-cursado={fila.cursado}>
            <Titulo className={clases.tituloTarjeta}>
              {fila.materia}
              {fila.modalidad && <span className={clases.modalidad}>{fila.modalidad}</span>}
            </Titulo>
            <dl className={clases.valores}>
              {fila.celdas.map((celda, i) => {
                const c = columnas[i]!;
                // Las mesas sin resultado no se muestran; C1, C2 y Nota Final, siempre.
                if (c.clave.startsWith('mesa:') && !celda.texto) return null;
                return (
                  <div key={c.clave} data-columna={c.clave}>
                    <dt title={c.descripcion}>
                      {c.titulo}
                      {c.titulo !== c.descripcion && (
                        <span className="solo-lector"> ({c.descripcion})</span>
                      )}
                    </dt>
                    <dd
                      data-color={celda.color ?? undefined}
                      className={[clases.nota, clases.valor, claseColor(celda.color)]
                        .filter(Boolean)
                        .join(' ')}
                    >
                      {celda.texto || <span className="solo-lector">Sin nota</span>}
                    </dd>
                  </div>
                );
              })}
            </dl>
          </li>
        );
      })}
    </ul>
  );
}

/** Para el personal: qué cuatrimestres con notas cargadas todavía no ven alumnos y referentes. */
function AvisoSinPublicar({ anio }: { anio: AnioLibreta }) {
  const sinPublicar = CUATRIMESTRES.filter(
    (c) => !anio.publicado[c] && anio.materias.some((m) => m.notas[c] != null),
  );
  if (!sinPublicar.length) return null;
  const nombres = sinPublicar.map((c) => NOMBRE_CUATRIMESTRE[c]).join(' y del ');
  return (
    <p
      className={`${css.texto} ${css.atenuado} ${clases.noImprimir}`}
      data-testid="aviso-sin-publicar"
    >
      Las notas del {nombres} todavía no se publicaron: alumnos y referentes aún no las ven.
    </p>
  );
}

const LEYENDA: { color: ColorNota | null; muestra: string; texto: string }[] = [
  { color: 'red', muestra: '3', texto: 'Menos de 4' },
  { color: 'yellow', muestra: '5', texto: '4 y 5' },
  { color: 'gray', muestra: 'A', texto: 'Ausente' },
  { color: null, muestra: 'AC', texto: 'Adeuda correlativa' },
  { color: null, muestra: '-', texto: 'No corresponde' },
];

function Leyenda() {
  return (
    <ul className={clases.leyenda} aria-label="Referencias">
      {LEYENDA.map((l) => (
        <li key={l.texto}>
          <span
            aria-hidden
            className={[clases.muestra, claseColor(l.color)].filter(Boolean).join(' ')}
            style={
              // Las muestras usan los mismos colores que las celdas (fuera de la tabla).
              l.color ? undefined : { background: 'var(--mantine-color-body)' }
            }
          >
            {l.muestra}
          </span>
          <span className={css.chico}>{l.texto}</span>
        </li>
      ))}
    </ul>
  );
}
