'use client';
import { IconChevronDown, IconX } from '@tabler/icons-react';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import botonIcono from '@/components/ui/boton-icono.module.css';
import campos from '@/components/campos/campos.module.css';
import { aria, Campo } from '@/components/campos/Campo';
import { alPresionar, filtrarOpciones, type OpcionBuscable } from './reglas';
import css from './select-buscable.module.css';

export type { OpcionBuscable };

interface Comunes {
  etiqueta: string;
  opciones: readonly OpcionBuscable[];
  placeholder?: string;
  /** Las opciones todavía no llegaron: "Cargando…" en el campo y en la lista. */
  cargando?: boolean;
  /** `false`: las opciones ya vienen filtradas (búsqueda en el servidor, con `onBuscar`). */
  filtrar?: boolean;
  /** Lo escrito para buscar (modo 'uno' y 'varios'), para buscar en el servidor. */
  onBuscar?: (texto: string) => void;
  /** El texto de la lista sin opciones ("Sin resultados"; "Buscando…" mientras se busca). */
  sinResultados?: string;
  obligatorio?: boolean;
  descripcion?: ReactNode;
  error?: string | null;
  /** Ancho desde la pantalla "sm" (48em); en el teléfono, todo el ancho. */
  ancho?: number;
  /** Alto máximo de la lista abierta. */
  altoLista?: number;
  maxLength?: number;
}

export type PropsSelectBuscable = Comunes &
  (
    | {
        /** Una opción de la lista (el Select buscable de Mantine). */
        modo?: 'uno';
        valor: string | null;
        onCambiar: (valor: string | null) => void;
        /** Se puede dejar sin elección (el botón "Borrar …" o el campo vacío). */
        limpiable?: boolean;
      }
    | {
        /** Texto libre con sugerencias (el Autocomplete de Mantine). */
        modo: 'libre';
        valor: string;
        onCambiar: (valor: string) => void;
        limpiable?: never;
      }
    | {
        /** Varias opciones, como píldoras (el MultiSelect de Mantine). */
        modo: 'varios';
        valor: readonly string[];
        onCambiar: (valor: string[]) => void;
        limpiable?: boolean;
      }
  );

/**
 * Un campo de texto con una lista desplegable que filtra mientras se escribe (issue 12: sin
 * @floating-ui ni el Combobox de Mantine). El patrón "combobox" de ARIA: el campo tiene
 * role=combobox, aria-expanded, aria-controls y aria-activedescendant; la lista (role=listbox)
 * se ubica con CSS bajo el campo. Flechas, Enter, Escape y el mouse; sin distinguir mayúsculas
 * ni tildes. Tres modos: una opción, texto libre con sugerencias y varias opciones.
 */
export function SelectBuscable(props: PropsSelectBuscable) {
  const {
    etiqueta,
    opciones,
    cargando = false,
    filtrar = true,
    onBuscar,
    obligatorio,
    descripcion,
    error,
    ancho,
    altoLista = 280,
    maxLength,
  } = props;
  const id = useId();
  const idLista = `${id}-lista`;
  const idOpcion = (i: number) => `${id}-opcion-${i}`;
  const entrada = useRef<HTMLInputElement>(null);
  const [abierta, setAbierta] = useState(false);
  const [activa, setActiva] = useState(-1);
  /** Lo escrito para buscar; en el modo 'uno', null mientras no se escribe (se ve la elegida). */
  const [busqueda, setBusqueda] = useState<string | null>(null);

  const elegidas =
    props.modo === 'varios' ? props.valor : props.modo === 'libre' ? [] : [props.valor ?? ''];
  const etiquetaDe = (v: string) => opciones.find((o) => o.value === v)?.label ?? v;
  const filtro = props.modo === 'libre' ? props.valor : (busqueda ?? '');
  const filtradas = filtrar ? filtrarOpciones(opciones, filtro) : [...opciones];
  const visibles =
    props.modo === 'varios' ? filtradas.filter((o) => !props.valor.includes(o.value)) : filtradas;
  // Texto libre: sin sugerencias que mostrar, la lista no se abre.
  const listaVisible = abierta && (props.modo !== 'libre' || visibles.length > 0);
  const activaValida = listaVisible && activa >= 0 && activa < visibles.length;

  useEffect(() => {
    if (activaValida)
      document.getElementById(idOpcion(activa))?.scrollIntoView({ block: 'nearest' });
    // idOpcion depende sólo de `id`, que no cambia.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activa, activaValida]);

  const buscar = (texto: string) => {
    setBusqueda(texto);
    onBuscar?.(texto);
  };
  /** Abre la lista con la elegida activa (modo 'uno') o sin opción activa. */
  const abrir = () => {
    if (abierta) return;
    setAbierta(true);
    setActiva(props.modo === 'uno' || props.modo == null ? indiceElegida() : -1);
  };
  const indiceElegida = () =>
    props.modo === 'varios' || props.modo === 'libre'
      ? -1
      : visibles.findIndex((o) => o.value === props.valor);
  const cerrar = () => {
    setAbierta(false);
    setActiva(-1);
  };

  const elegir = (o: OpcionBuscable) => {
    if (props.modo === 'varios') {
      props.onCambiar([...props.valor, o.value]);
      // Sigue abierta para elegir otra; lo escrito se borra.
      if (busqueda) buscar('');
      setActiva((a) => Math.min(a, visibles.length - 2));
      return;
    }
    if (props.modo === 'libre') props.onCambiar(o.label);
    else {
      props.onCambiar(o.value);
      if (busqueda != null) buscar('');
      setBusqueda(null);
    }
    cerrar();
  };

  const quitar = (v: string) => {
    if (props.modo === 'varios') props.onCambiar(props.valor.filter((x) => x !== v));
  };
  const limpiar = () => {
    if (props.modo === 'varios') props.onCambiar([]);
    else if (props.modo !== 'libre') props.onCambiar(null);
    if (busqueda) buscar('');
    setBusqueda(null);
    cerrar();
    entrada.current?.focus();
  };

  const alEscribir = (texto: string) => {
    if (props.modo === 'libre') props.onCambiar(texto);
    else buscar(texto);
    setAbierta(true);
    // Al buscar una opción, la primera que aparece queda activa (Enter la elige); en el texto
    // libre, ninguna (Enter envía el formulario con lo escrito).
    setActiva(props.modo === 'libre' ? -1 : 0);
  };

  const alTeclear = (e: KeyboardEvent<HTMLInputElement>) => {
    if (
      e.key === 'Backspace' &&
      props.modo === 'varios' &&
      !e.currentTarget.value &&
      props.valor.length
    ) {
      // En el campo vacío, Backspace quita la última elegida.
      quitar(props.valor[props.valor.length - 1]!);
      return;
    }
    const antes = { abierta: listaVisible, activa: listaVisible ? activa : indiceElegida() };
    const r = alPresionar(antes, { tecla: e.key, alt: e.altKey }, visibles.length);
    if (r.manejada) {
      e.preventDefault();
      e.stopPropagation();
    }
    if (r.elegir != null) {
      elegir(visibles[r.elegir]!);
      return;
    }
    if (r.abierta !== antes.abierta || r.activa !== antes.activa) {
      setAbierta(r.abierta);
      setActiva(r.activa);
    }
    // Escape sin escribir nada más: vuelve a verse la elegida.
    if (e.key === 'Escape' && props.modo !== 'varios' && props.modo !== 'libre') {
      if (busqueda) buscar('');
      setBusqueda(null);
    }
  };

  const alSalir = () => {
    cerrar();
    if (props.modo === 'libre') return;
    if (props.modo === 'varios') {
      if (busqueda) buscar('');
      setBusqueda(null);
      return;
    }
    // Borrar el texto y salir deja el campo sin elección (si se puede).
    if (busqueda === '' && props.limpiable && props.valor != null) props.onCambiar(null);
    if (busqueda) buscar('');
    setBusqueda(null);
  };

  const texto =
    props.modo === 'libre'
      ? props.valor
      : props.modo === 'varios'
        ? (busqueda ?? '')
        : (busqueda ?? (props.valor != null ? etiquetaDe(props.valor) : ''));
  const hayValor = props.modo === 'varios' ? props.valor.length > 0 : !!props.valor;
  const conBorrar = !!props.limpiable && hayValor;
  const placeholder =
    props.modo === 'varios' && props.valor.length
      ? undefined
      : cargando
        ? 'Cargando…'
        : props.placeholder;
  const mensaje = cargando ? 'Cargando…' : (props.sinResultados ?? 'Sin resultados');

  const campo = (
    <input
      ref={entrada}
      id={id}
      type="text"
      role="combobox"
      aria-autocomplete="list"
      aria-expanded={listaVisible}
      aria-controls={idLista}
      aria-activedescendant={activaValida ? idOpcion(activa) : undefined}
      aria-required={obligatorio || undefined}
      {...aria(id, descripcion, error)}
      autoComplete="off"
      spellCheck={false}
      maxLength={maxLength}
      placeholder={placeholder}
      value={texto}
      className={
        props.modo === 'varios'
          ? css.entradaVarios
          : `${campos.entrada} ${css.entrada} ${conBorrar ? css.conBorrar : ''}`
      }
      onChange={(e) => alEscribir(e.currentTarget.value)}
      onClick={abrir}
      onKeyDown={alTeclear}
      onBlur={alSalir}
    />
  );

  return (
    <div
      className={ancho ? `${css.campo} ${css.conAncho}` : css.campo}
      style={ancho ? ({ '--ancho': `${ancho}px` } as CSSProperties) : undefined}
    >
      <Campo
        id={id}
        etiqueta={etiqueta}
        obligatorio={obligatorio}
        descripcion={descripcion}
        error={error}
      >
        <div className={css.caja}>
          {props.modo === 'varios' ? (
            // El recuadro de las píldoras y el campo; un clic en el recuadro va al campo.
            <div
              className={`${campos.entrada} ${css.varios} ${conBorrar ? css.conBorrar : ''}`}
              data-error={error ? true : undefined}
              onMouseDown={(e) => {
                if (e.target === e.currentTarget) {
                  e.preventDefault();
                  entrada.current?.focus();
                  abrir();
                }
              }}
            >
              {props.valor.map((v) => (
                <span key={v} className={css.pildora}>
                  <span className={css.textoPildora}>{etiquetaDe(v)}</span>
                  <button
                    type="button"
                    className={css.quitar}
                    aria-label={`Quitar ${etiquetaDe(v)}`}
                    onClick={() => quitar(v)}
                  >
                    <IconX size={12} aria-hidden />
                  </button>
                </span>
              ))}
              {campo}
            </div>
          ) : (
            campo
          )}
          {conBorrar ? (
            <button
              type="button"
              className={`${botonIcono.botonIcono} ${css.borrar}`}
              aria-label={`Borrar ${etiqueta.toLowerCase()}`}
              onClick={limpiar}
            >
              <IconX size={16} aria-hidden />
            </button>
          ) : (
            props.modo !== 'libre' &&
            props.modo !== 'varios' && (
              <IconChevronDown size={16} className={css.flecha} aria-hidden />
            )
          )}
          <div
            className={css.lista}
            hidden={!listaVisible}
            // El foco queda en el campo al tocar la lista (o su barra de desplazamiento).
            onMouseDown={(e) => e.preventDefault()}
          >
            <ul
              id={idLista}
              role="listbox"
              aria-label={etiqueta}
              aria-multiselectable={props.modo === 'varios' || undefined}
              hidden={visibles.length === 0}
              className={css.opciones}
              // La lista desplaza (no la caja): axe la reconoce como la de un combobox, que se
              // recorre con las flechas y no necesita el foco.
              style={{ maxHeight: `min(${altoLista}px, 60vh)` }}
            >
              {visibles.map((o, i) => (
                <li
                  key={o.value}
                  id={idOpcion(i)}
                  role="option"
                  aria-selected={elegidas.includes(o.value)}
                  data-activa={(activaValida && i === activa) || undefined}
                  className={css.opcion}
                  onClick={() => elegir(o)}
                  onMouseMove={() => i !== activa && setActiva(i)}
                >
                  {o.label}
                </li>
              ))}
            </ul>
            {visibles.length === 0 && <p className={css.vacia}>{mensaje}</p>}
          </div>
        </div>
      </Campo>
    </div>
  );
}
