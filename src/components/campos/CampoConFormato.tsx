'use client';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import type { LecturaEntrada } from '@/domain/fechas-entrada';

/**
 * Lo común a los campos de fecha (fechas.tsx) y de hora (horas.tsx), issue 32 §9: un campo de
 * texto con el formato de la escuela (dd/mm/aaaa, hh:mm) sea cual sea el idioma del navegador. Lo
 * escrito se confirma al salir del campo o con Enter; lo que no se acepta vuelve al valor vigente
 * y el campo dice por qué.
 */

export type PropsDeTexto = Omit<
  TextInputProps,
  'type' | 'value' | 'defaultValue' | 'onChange' | 'min' | 'max' | 'inputMode'
>;

export interface CampoConFormatoProps extends PropsDeTexto {
  valor: string | null;
  onCambiar?: (v: string) => void;
  vaciable?: boolean;
  leer: (texto: string) => LecturaEntrada;
  mostrar: (v: string | null) => string;
  formato: string;
  inputMode: 'text' | 'numeric';
  /** Lo que va a la derecha del campo; recibe con qué confirmar un valor (el del calendario). */
  derecha?: (confirmar: (texto: string) => void) => ReactNode;
}

/** Lo común a la fecha y la hora: el texto mientras se escribe, confirmar y el error. */
export function CampoConFormato({
  valor,
  onCambiar,
  vaciable,
  leer,
  mostrar,
  formato,
  derecha,
  error,
  onKeyDown,
  onBlur,
  placeholder,
  ...props
}: CampoConFormatoProps) {
  // Lo escrito mientras se escribe; null: el campo muestra `valor`. Así muestra siempre el valor
  // vigente, también el que llega después (quien lo usa puede aceptar el cambio más tarde).
  const [escribiendo, setEscribiendo] = useState<string | null>(null);
  const [problema, setProblema] = useState<string | null>(null);
  const texto = escribiendo ?? mostrar(valor);

  function confirmar(escrito: string) {
    // Vuelve a `valor`: si quien lo usa aceptó el cambio, el próximo render lo trae.
    setEscribiendo(null);
    if (escrito === mostrar(valor)) {
      setProblema(null);
      return;
    }
    const lectura = leer(escrito);
    if (!lectura.ok) {
      setProblema(lectura.mensaje);
      return;
    }
    setProblema(null);
    if (lectura.valor == null) {
      if (vaciable && valor != null) onCambiar?.('');
      return;
    }
    if (lectura.valor !== valor) onCambiar?.(lectura.valor);
  }

  return (
    <TextInput
      {...props}
      type="text"
      autoComplete="off"
      placeholder={placeholder ?? formato}
      value={texto}
      error={problema ?? error}
      rightSection={derecha?.(confirmar)}
      onChange={(e) => {
        setEscribiendo(e.currentTarget.value);
        // El error se va al corregir lo escrito y no al salir del campo: si se fuera con el clic en
        // "Guardar", el formulario subiría bajo el puntero y el clic caería fuera del botón.
        setProblema(null);
      }}
      onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
        onKeyDown?.(e);
        if (e.key !== 'Enter') return;
        if (texto !== mostrar(valor)) e.preventDefault();
        confirmar(texto);
      }}
      onBlur={(e: FocusEvent<HTMLInputElement>) => {
        onBlur?.(e);
        confirmar(texto);
      }}
    />
  );
}
