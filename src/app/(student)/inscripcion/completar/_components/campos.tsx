import type { InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import botones from '@/components/ui/botones.module.css';
import ruedita from '@/components/ui/ruedita.module.css';
import {
  Asterisco,
  Campo,
  CampoTexto as Texto,
  CamposTelefono as Telefono,
  ErrorCampo,
  partir,
  useHidratado,
  type Marco,
  type PropsCampoTexto,
} from '@/components/campos/Campo';
import clases from './inscripcion.module.css';

/*
 * Los campos de la inscripción son los de src/components/campos; hasta hidratar son de sólo
 * lectura (lo escrito antes lo pisaría React al hidratar) y los botones no responden (un envío
 * del navegador mandaría el formulario sin validar), como los temas de la clase en el cronograma.
 */
export { useHidratado } from '@/components/campos/Campo';

export function CampoTexto({ readOnly, ...resto }: PropsCampoTexto) {
  const hidratado = useHidratado();
  return <Texto readOnly={readOnly || !hidratado} {...resto} />;
}

export function CampoTextoLargo({
  readOnly,
  ...props
}: Marco & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  const { marco, entrada } = partir(props);
  const hidratado = useHidratado();
  return (
    <Campo {...marco}>
      <textarea rows={1} readOnly={readOnly || !hidratado} {...entrada} />
    </Campo>
  );
}

export function CampoSelector({
  disabled,
  ...props
}: Marco & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>) {
  const { marco, entrada } = partir(props);
  const hidratado = useHidratado();
  return (
    <Campo {...marco}>
      <select disabled={disabled || !hidratado} {...entrada} />
    </Campo>
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
  const hidratado = useHidratado();
  return (
    <fieldset className={clases.grupoOpciones} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={clases.leyendaChica}>
        {etiqueta}
        <Asterisco obligatorio={obligatorio} />
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
      <ErrorCampo id={id} error={error} />
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

/** El teléfono de src/components/campos, con los campos de la inscripción. */
export function CamposTelefono(props: Omit<Parameters<typeof Telefono>[0], 'Texto'>) {
  return <Telefono {...props} Texto={CampoTexto} />;
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
      {guardando && <span className={ruedita.ruedita} aria-hidden />}
      {children}
    </button>
  );
}
