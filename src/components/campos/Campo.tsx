import {
  useSyncExternalStore,
  type ComponentType,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import css from './campos.module.css';

const sinCambios = () => () => {};
const enElNavegador = () => true;
const enElServidor = () => false;

/**
 * ¿Ya está hidratado este componente? false en el HTML del servidor, true desde que hidrata. En
 * un teléfono el código tarda en llegar: hasta entonces un campo controlado es de sólo lectura (lo
 * escrito lo pisaría React al hidratar) y un botón de enviar no responde.
 */
export function useHidratado(): boolean {
  return useSyncExternalStore(sinCambios, enElNavegador, enElServidor);
}

/*
 * Campos de formulario en HTML (issue 12), con lo mismo que los de Mantine para quien usa un
 * lector de pantalla: la etiqueta, el asterisco fuera del nombre, la ayuda y el error enlazados
 * con aria-describedby y aria-invalid. Sin Mantine ni otras bibliotecas: son de la primera carga.
 */
export interface Marco {
  id: string;
  etiqueta: string;
  obligatorio?: boolean;
  descripcion?: ReactNode;
  error?: string | null;
  /** Clase del contenedor (ancho). */
  ancho?: string;
}

/** El asterisco de lo obligatorio, fuera del nombre accesible. */
export function Asterisco({ obligatorio }: { obligatorio?: boolean }) {
  return obligatorio ? (
    <span className={css.asterisco} aria-hidden>
      {' *'}
    </span>
  ) : null;
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
    <label htmlFor={htmlFor} className={css.etiqueta}>
      {etiqueta}
      <Asterisco obligatorio={obligatorio} />
    </label>
  );
}

/** Los ids de la ayuda y del error de un campo. */
const idDescripcion = (id: string, descripcion: unknown) =>
  descripcion ? `${id}-descripcion` : undefined;
const idError = (id: string, error: unknown) => (error ? `${id}-error` : undefined);

/** Los atributos de accesibilidad de la entrada de un campo. */
export function aria(id: string, descripcion: unknown, error: string | null | undefined) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby':
      [idDescripcion(id, descripcion), idError(id, error)].filter(Boolean).join(' ') || undefined,
  } as const;
}

/** Un error bajo un campo (el id que nombra su aria-describedby). */
export function ErrorCampo({ id, error }: { id: string; error: string | null | undefined }) {
  return error ? (
    <p id={idError(id, error)} className={css.error}>
      {error}
    </p>
  ) : null;
}

/** El contenedor de un campo: la etiqueta, la ayuda, la entrada (`children`) y el error. */
export function Campo({ children, ...m }: Marco & { children: ReactNode }) {
  return (
    <div className={m.ancho ? `${css.campo} ${m.ancho}` : css.campo}>
      <Etiqueta htmlFor={m.id} etiqueta={m.etiqueta} obligatorio={m.obligatorio} />
      {m.descripcion && (
        <p id={idDescripcion(m.id, m.descripcion)} className={css.descripcion}>
          {m.descripcion}
        </p>
      )}
      {children}
      <ErrorCampo id={m.id} error={m.error} />
    </div>
  );
}

/**
 * Separa lo del contenedor (`Marco`) de los atributos de la entrada, y les suma a éstos el id, la
 * clase, `required` y los de accesibilidad.
 */
export function partir<T extends object>({
  id,
  etiqueta,
  obligatorio,
  descripcion,
  error,
  ancho,
  ...resto
}: Marco & T) {
  return {
    marco: { id, etiqueta, obligatorio, descripcion, error, ancho },
    entrada: {
      id,
      className: css.entrada,
      required: obligatorio,
      ...aria(id, descripcion, error),
      ...resto,
    },
  };
}

export type PropsCampoTexto = Marco & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** Un campo de texto de una línea. */
export function CampoTexto(props: PropsCampoTexto) {
  const { marco, entrada } = partir(props);
  return (
    <Campo {...marco}>
      <input {...entrada} />
    </Campo>
  );
}

/**
 * El teléfono obligatorio como en `CamposTelefono` de src/components (el de Mantine): "Código
 * de área" y "Teléfono" lado a lado, con "Sin el 15" (y un ejemplo) como ayuda.
 * `Texto` es el campo de cada uno (el de la inscripción espera a hidratar).
 */
export function CamposTelefono({
  area,
  numero,
  ejemplo,
  propio,
  Texto = CampoTexto,
}: {
  area: PropsCampoTexto;
  numero: PropsCampoTexto;
  ejemplo?: string;
  /** El teléfono es el de quien completa el formulario: el navegador puede autocompletarlo. */
  propio?: boolean;
  Texto?: ComponentType<PropsCampoTexto>;
}) {
  return (
    <div className={css.dosCampos}>
      <Texto
        obligatorio
        inputMode="numeric"
        autoComplete={propio ? 'tel-area-code' : undefined}
        ancho={css.area}
        {...area}
      />
      <Texto
        obligatorio
        inputMode="numeric"
        autoComplete={propio ? 'tel-local' : undefined}
        descripcion={ejemplo ? `Sin el 15, por ejemplo ${ejemplo}` : 'Sin el 15'}
        {...numero}
      />
    </div>
  );
}
