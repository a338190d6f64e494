'use client';
import { FORMATO_HORA, leerHora } from '@/domain/fechas-entrada';
import { CampoConFormato, type PropsDeTexto } from './CampoConFormato';

export interface TimeInputProps extends PropsDeTexto {
  /** 'HH:MM', o null (o '') si todavía no se eligió. */
  value?: string | null;
  /** Recibe 'HH:MM' dentro de [minTime, maxTime]; o '' si se borró y el campo es `vaciable`. */
  onChange?: (hora: string) => void;
  /** Límites 'HH:MM' (incluidos). */
  minTime?: string;
  maxTime?: string;
  vaciable?: boolean;
}

/**
 * Un campo de hora de 24 horas, hh:mm, sea cual sea el idioma del navegador (un
 * `<input type="time">` mostraba 09:00 AM en inglés). Lo escrito lo lee `leerHora`: 9, 930, 9:30,
 * 09.30, 21:05. Sin selector nativo: en el teléfono, "930" en el teclado numérico es más corto que
 * la rueda de horas. Se confirma como la fecha: al salir del campo o con Enter.
 */
export function TimeInput({
  value,
  onChange,
  minTime,
  maxTime,
  vaciable,
  ...props
}: TimeInputProps) {
  return (
    <CampoConFormato
      {...props}
      valor={value || null}
      onCambiar={onChange}
      vaciable={vaciable}
      leer={(t) => leerHora(t, { minima: minTime, maxima: maxTime })}
      mostrar={(h) => h ?? ''}
      formato={FORMATO_HORA}
      inputMode="numeric"
      maxLength={8}
    />
  );
}
