'use client';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { esFechaValida } from '@/domain/escuela';
import clases from './fechas.module.css';

export interface DateInputProps extends Omit<
  TextInputProps,
  'type' | 'value' | 'defaultValue' | 'onChange' | 'min' | 'max' | 'classNames'
> {
  /** 'AAAA-MM-DD', o null si todavía no se eligió. */
  value: string | null;
  /** Recibe 'AAAA-MM-DD': siempre una fecha del calendario dentro de [minDate, maxDate]. */
  onChange?: (fecha: string) => void;
  /** Límites 'AAAA-MM-DD' (incluidos): el calendario no ofrece otros días y no se aceptan escritos. */
  minDate?: string;
  maxDate?: string;
}

/**
 * Un campo de fecha con el aspecto de Mantine sobre `<input type="date">` (issue 12: sin
 * @mantine/dates, dayjs ni el calendario en un Popover). Se escribe con el teclado, segmento por
 * segmento, o se elige en el calendario del navegador.
 *
 * Lo elegido en el calendario (o puesto de una vez, como hace Playwright con `fill`) se confirma
 * en el acto; lo escrito con el teclado, al salir del campo o con Enter: cada tecla completa una
 * fecha (al escribir el día "24", primero queda el "02"), y confirmar esas intermedias cargaría
 * otra planilla o pediría descartar los cambios a mitad de escribir. Una fecha fuera de
 * [minDate, maxDate], incompleta o borrada no se acepta: al salir del campo vuelve a la anterior
 * (como hacía el `DateInput` de Mantine). El campo muestra siempre `value` salvo mientras se
 * escribe: si quien lo usa no acepta la fecha (por ejemplo, no se descartan los cambios), vuelve
 * a la que sigue vigente.
 */
export function DateInput({
  value,
  onChange,
  minDate,
  maxDate,
  onKeyDown,
  onBlur,
  ...props
}: DateInputProps) {
  const [texto, setTexto] = useState(value ?? '');
  const [previo, setPrevio] = useState(value);
  if (value !== previo) {
    setPrevio(value);
    setTexto(value ?? '');
  }
  // Un cambio que llega en la misma tarea que una tecla viene del teclado; el del calendario o el
  // de `fill` no.
  const tecla = useRef(false);

  const aceptable = (f: string) =>
    esFechaValida(f) && (!minDate || f >= minDate) && (!maxDate || f <= maxDate);

  function confirmar(entrada: HTMLInputElement) {
    const f = entrada.value;
    if (f !== (value ?? '') && aceptable(f)) onChange?.(f);
    // Vuelve a `value`: si quien lo usa aceptó la fecha, el próximo render la trae.
    setTexto(value ?? '');
    // Una fecha a medio escribir no tiene valor (''): React no tocaría el campo y quedarían los
    // segmentos escritos a la vista.
    if (entrada.value !== (value ?? '')) entrada.value = value ?? '';
  }

  return (
    <TextInput
      {...props}
      type="date"
      value={texto}
      min={minDate}
      max={maxDate}
      classNames={{ input: clases.entrada }}
      onChange={(e) => {
        setTexto(e.currentTarget.value);
        if (!tecla.current) confirmar(e.currentTarget);
      }}
      onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
        onKeyDown?.(e);
        if (e.key === 'Enter') {
          // Enter confirma lo escrito y nada más: sin enviar el formulario con la fecha recién
          // cambiada, y sin que la misma tecla active el botón que enfoque un diálogo que abra el
          // cambio ("¿Descartar los cambios sin guardar?"). Con la fecha ya confirmada, Enter
          // envía el formulario como en cualquier campo.
          if (e.currentTarget.value !== (value ?? '')) e.preventDefault();
          confirmar(e.currentTarget);
          return;
        }
        tecla.current = true;
        setTimeout(() => {
          tecla.current = false;
        });
      }}
      onBlur={(e: FocusEvent<HTMLInputElement>) => {
        onBlur?.(e);
        confirmar(e.currentTarget);
      }}
    />
  );
}
