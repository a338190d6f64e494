'use client';
import { IconCalendar } from '@tabler/icons-react';
import { useRef, type ReactNode } from 'react';
import { FORMATO_FECHA, leerFecha, textoDeFecha } from '@/domain/fechas-entrada';
import { CampoConFormato, type PropsDeTexto } from './CampoConFormato';
import clases from './fechas.module.css';

export interface DateInputProps extends PropsDeTexto {
  /** 'AAAA-MM-DD', o null (o '') si todavía no se eligió. */
  value?: string | null;
  /**
   * Recibe 'AAAA-MM-DD': siempre una fecha del calendario dentro de [minDate, maxDate]; o '' si
   * se borró y el campo es `vaciable`.
   */
  onChange?: (fecha: string) => void;
  /** Límites 'AAAA-MM-DD' (incluidos): el calendario no ofrece otros días y no se aceptan escritos. */
  minDate?: string;
  maxDate?: string;
  /** Borrar el campo lo deja sin fecha (''); si no, una fecha borrada vuelve a la anterior. */
  vaciable?: boolean;
}

/**
 * Un campo de fecha que se muestra y se escribe como dd/mm/aaaa sea cual sea el idioma del
 * navegador (issue 32 §9; un `<input type="date">` mostraba 11/28/2026 en un navegador en inglés).
 * Lo escrito lo lee `leerFecha` (domain/fechas-entrada.ts): 28/11/2026, 1/3/2026, 28-11-2026,
 * 28.11.2026, 28112026 o 2026-11-28 pegado. El botón del calendario abre el selector nativo del
 * navegador (en el teléfono, su hoja de fechas) sobre un `<input type="date">` oculto: sin
 * @mantine/dates ni dayjs (issue 12, el peso de las pantallas del personal).
 *
 * Lo elegido en el calendario se confirma en el acto; lo escrito, al salir del campo o con Enter
 * (confirmar una fecha a medio escribir cargaría otra planilla o pediría descartar los cambios).
 * Enter con una fecha nueva la confirma y nada más: sin enviar el formulario ni activar el botón
 * que enfoque un diálogo que abra el cambio ("¿Descartar los cambios sin guardar?"); con la fecha
 * ya confirmada, envía el formulario como en cualquier campo. Una fecha que no existe, mal escrita
 * o fuera de [minDate, maxDate] no se acepta: el campo vuelve a la anterior y muestra por qué. Una
 * borrada vuelve a la anterior salvo en un campo `vaciable`. El campo muestra siempre `value`
 * salvo mientras se escribe: si quien lo usa no acepta la fecha (por ejemplo, no se descartan los
 * cambios), vuelve a la que sigue vigente.
 */
export function DateInput({
  value,
  onChange,
  minDate,
  maxDate,
  vaciable,
  ...props
}: DateInputProps) {
  const nombre =
    typeof props.label === 'string' ? props.label : (props['aria-label'] ?? 'la fecha');
  return (
    <CampoConFormato
      {...props}
      valor={value || null}
      onCambiar={onChange}
      vaciable={vaciable}
      leer={(t) => leerFecha(t, { minima: minDate, maxima: maxDate })}
      mostrar={textoDeFecha}
      formato={FORMATO_FECHA}
      inputMode="text"
      maxLength={14}
      rightSectionPointerEvents="all"
      derecha={(confirmar) => (
        <SelectorNativo
          nombre={nombre}
          valor={value || ''}
          minimo={minDate}
          maximo={maxDate}
          disabled={props.disabled}
          chico={props.size === 'xs'}
          onElegir={confirmar}
        />
      )}
    />
  );
}

/** El botón del calendario y el `<input type="date">` nativo, invisible, que abre. */
function SelectorNativo({
  nombre,
  valor,
  minimo,
  maximo,
  disabled,
  chico,
  onElegir,
}: {
  nombre: ReactNode;
  valor: string;
  minimo?: string;
  maximo?: string;
  disabled?: boolean;
  chico: boolean;
  onElegir: (fecha: string) => void;
}) {
  const referencia = useRef<HTMLInputElement>(null);
  const abrir = () => {
    const entrada = referencia.current;
    if (!entrada) return;
    try {
      entrada.showPicker();
    } catch {
      // Sin showPicker (navegadores viejos): el foco y el clic abren el selector en el teléfono.
      entrada.focus();
      entrada.click();
    }
  };
  return (
    <span className={clases.selector}>
      <button
        type="button"
        className={clases.boton}
        data-chico={chico || undefined}
        aria-label={`${String(nombre)}: elegir en el calendario`}
        disabled={disabled}
        onClick={abrir}
      >
        <IconCalendar size={18} stroke={1.5} aria-hidden />
      </button>
      <input
        ref={referencia}
        type="date"
        className={clases.nativo}
        tabIndex={-1}
        aria-hidden
        data-calendario
        value={valor}
        min={minimo}
        max={maximo}
        disabled={disabled}
        onChange={(e) => {
          // Lo elegido en el selector; el onChange de React no sube a los campos que lo contienen.
          e.stopPropagation();
          onElegir(e.currentTarget.value);
        }}
      />
    </span>
  );
}
