'use client';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { leerDecimal, textoDeCampo } from '@/domain/numeros';

const aTexto = (v: number | null) => (v == null || Number.isNaN(v) ? '' : textoDeCampo(v));

/**
 * Un campo de número con decimales (issue 32 §1): un texto con `inputMode="decimal"` (el
 * teclado numérico del teléfono) leído por `leerDecimal`, así "1,5" y "1.5" son uno y medio
 * tecleados o insertados de una vez. Lo que no es un número se dice junto al campo y llega como
 * NaN (nunca como otro número). Si el valor cambia desde afuera, el texto lo sigue.
 */
export function CampoDecimal({
  valor,
  alCambiar,
  error,
  ...props
}: Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange'> & {
  valor: number | null;
  alCambiar: (n: number | null) => void;
}) {
  const [texto, setTexto] = useState(() => aTexto(valor));
  const [previo, setPrevio] = useState(valor);
  if (!Object.is(valor, previo)) {
    setPrevio(valor);
    const l = leerDecimal(texto);
    if (!(l.ok ? l.valor === valor : Number.isNaN(valor))) setTexto(aTexto(valor));
  }
  const lectura = leerDecimal(texto);
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      maxLength={10}
      {...props}
      value={texto}
      error={lectura.ok ? error : lectura.mensaje}
      onChange={(e) => {
        const t = e.currentTarget.value;
        setTexto(t);
        const l = leerDecimal(t);
        alCambiar(l.ok ? l.valor : NaN);
      }}
    />
  );
}
