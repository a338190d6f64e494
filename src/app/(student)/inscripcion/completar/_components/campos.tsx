import {
  useSyncExternalStore,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import botones from '@/components/botones/botones.module.css';
import clases from './inscripcion.module.css';

const sinCambios = () => () => {};
const enElNavegador = () => true;
const enElServidor = () => false;

/**
 * ¿Ya está hidratado este componente? La página llega dibujada del servidor y en un teléfono el
 * código tarda en llegar: hasta entonces los campos son de sólo lectura y los botones no
 * responden (lo escrito antes lo pisaría React al hidratar, y un envío del navegador mandaría el
 * formulario sin validar), como los temas de la clase en el cronograma.
 */
export function useHidratado(): boolean {
  return useSyncExternalStore(sinCambios, enElNavegador, enElServidor);
}

/**
 * Campos de formulario en HTML (issue 12), con lo mismo que los de Mantine para quien usa un
 * lector de pantalla: la etiqueta, el asterisco fuera del nombre, la ayuda y el error enlazados
 * con aria-describedby y aria-invalid.
 */
interface Marco {
  id: string;
  etiqueta: string;
  obligatorio?: boolean;
  descripcion?: ReactNode;
  error?: string | null;
  /** Clase del contenedor (ancho). */
  ancho?: string;
}

export function Etiqueta({
  htmlFor,
  etiqueta,
  obligatorio,
}: {
  htmlFor?: string;
  etiqueta: string;
  obligatorio?: boolean;
}) {
  return (
    <label htmlFor={htmlFor} className={clases.etiqueta}>
      {etiqueta}
      {obligatorio && (
        <span className={clases.asterisco} aria-hidden>
          {' *'}
        </span>
      )}
    </label>
  );
}

function ayudas(id: string, descripcion: ReactNode, error: string | null | undefined) {
  const idDesc = descripcion ? `${id}-descripcion` : undefined;
  const idError = error ? `${id}-error` : undefined;
  return {
    idDesc,
    idError,
    aria: {
      'aria-invalid': error ? true : undefined,
      'aria-describedby': [idDesc, idError].filter(Boolean).join(' ') || undefined,
    },
  };
}

function Envoltura({
  id,
  etiqueta,
  obligatorio,
  descripcion,
  error,
  ancho,
  children,
}: Marco & { children: ReactNode }) {
  const { idDesc, idError } = ayudas(id, descripcion, error);
  return (
    <div className={ancho ? `${clases.campo} ${ancho}` : clases.campo}>
      <Etiqueta htmlFor={id} etiqueta={etiqueta} obligatorio={obligatorio} />
      {descripcion && (
        <p id={idDesc} className={clases.descripcion}>
          {descripcion}
        </p>
      )}
      {children}
      {error && (
        <p id={idError} className={clases.error}>
          {error}
        </p>
      )}
    </div>
  );
}

type PropsEntrada = Marco & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

export function CampoTexto({
  id,
  etiqueta,
  obligatorio,
  descripcion,
  error,
  ancho,
  readOnly,
  ...resto
}: PropsEntrada) {
  const { aria } = ayudas(id, descripcion, error);
  const hidratado = useHidratado();
  return (
    <Envoltura {...{ id, etiqueta, obligatorio, descripcion, error, ancho }}>
      <input
        id={id}
        className={clases.entrada}
        required={obligatorio}
        readOnly={readOnly || !hidratado}
        {...aria}
        {...resto}
      />
    </Envoltura>
  );
}

export function CampoTextoLargo({
  id,
  etiqueta,
  obligatorio,
  descripcion,
  error,
  ancho,
  readOnly,
  ...resto
}: Marco & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  const { aria } = ayudas(id, descripcion, error);
  const hidratado = useHidratado();
  return (
    <Envoltura {...{ id, etiqueta, obligatorio, descripcion, error, ancho }}>
      <textarea
        id={id}
        className={clases.entrada}
        rows={1}
        required={obligatorio}
        readOnly={readOnly || !hidratado}
        {...aria}
        {...resto}
      />
    </Envoltura>
  );
}

export function CampoSelector({
  id,
  etiqueta,
  obligatorio,
  descripcion,
  error,
  ancho,
  children,
  disabled,
  ...resto
}: Marco & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>) {
  const { aria } = ayudas(id, descripcion, error);
  const hidratado = useHidratado();
  return (
    <Envoltura {...{ id, etiqueta, obligatorio, descripcion, error, ancho }}>
      <select
        id={id}
        className={clases.entrada}
        required={obligatorio}
        disabled={disabled || !hidratado}
        {...aria}
        {...resto}
      >
        {children}
      </select>
    </Envoltura>
  );
}

/**
 * Opciones de radio con su leyenda, sin controlar (el formulario las lee al enviar); el id va a
 * la primera opción (para llevarle el foco).
 */
export function GrupoOpciones({
  id,
  nombre,
  etiqueta,
  obligatorio,
  error,
  opciones,
}: {
  id: string;
  nombre: string;
  etiqueta: string;
  obligatorio?: boolean;
  error?: string | null;
  opciones: readonly { valor: string; etiqueta: string }[];
}) {
  const idError = error ? `${id}-error` : undefined;
  const hidratado = useHidratado();
  return (
    <fieldset className={clases.grupoOpciones} aria-describedby={idError}>
      <legend className={clases.leyendaChica}>
        {etiqueta}
        {obligatorio && (
          <span className={clases.asterisco} aria-hidden>
            {' *'}
          </span>
        )}
      </legend>
      <div className={clases.opciones}>
        {opciones.map((o, i) => (
          <label key={o.valor} className={clases.opcion}>
            <input
              type="radio"
              id={i === 0 ? id : undefined}
              name={nombre}
              value={o.valor}
              required={obligatorio}
              disabled={!hidratado}
            />
            {o.etiqueta}
          </label>
        ))}
      </div>
      {error && (
        <p id={idError} className={clases.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function Casilla({
  etiqueta,
  disabled,
  ...resto
}: { etiqueta: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const hidratado = useHidratado();
  return (
    <label className={clases.opcion}>
      <input type="checkbox" disabled={disabled || !hidratado} {...resto} />
      {etiqueta}
    </label>
  );
}

/**
 * El teléfono obligatorio como en `CamposTelefono` de src/components (inscripción, perfil):
 * "Código de área" y "Teléfono" lado a lado, con "Sin el 15" (y un ejemplo) como ayuda.
 */
export function CamposTelefono({
  area,
  numero,
  ejemplo,
  propio,
}: {
  area: PropsEntrada;
  numero: PropsEntrada;
  ejemplo?: string;
  /** El teléfono es el de quien completa el formulario: el navegador puede autocompletarlo. */
  propio?: boolean;
}) {
  return (
    <div className={clases.dosCampos}>
      <CampoTexto
        obligatorio
        inputMode="numeric"
        autoComplete={propio ? 'tel-area-code' : undefined}
        ancho={clases.area}
        {...area}
      />
      <CampoTexto
        obligatorio
        inputMode="numeric"
        autoComplete={propio ? 'tel-local' : undefined}
        descripcion={ejemplo ? `Sin el 15, por ejemplo ${ejemplo}` : 'Sin el 15'}
        {...numero}
      />
    </div>
  );
}

/**
 * Un botón con el aspecto del de Mantine. `guardando` (como su `loading`) muestra la rueda y lo
 * deshabilita hasta terminar: la acción no se repite mientras tanto. Hasta hidratar, tampoco
 * responde.
 */
export function Boton({
  guardando = false,
  variante = 'filled',
  tamanio = 'sm',
  className,
  children,
  disabled,
  ...resto
}: {
  guardando?: boolean;
  variante?: 'filled' | 'default' | 'light';
  tamanio?: 'sm' | 'md';
} & React.ButtonHTMLAttributes<HTMLButtonElement>) {
  const clasesVariante = variante === 'light' ? clases.light : botones[variante];
  const hidratado = useHidratado();
  return (
    <button
      type="button"
      className={[
        botones.boton,
        tamanio === 'md' ? clases.botonMd : botones.sm,
        clasesVariante,
        guardando && clases.guardando,
        className,
      ]
        .filter(Boolean)
        .join(' ')}
      disabled={disabled || guardando || !hidratado}
      aria-busy={guardando || undefined}
      {...resto}
    >
      {guardando && <span className={clases.girando} aria-hidden />}
      {children}
    </button>
  );
}
