'use client';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useState, type FocusEventHandler, type ReactNode } from 'react';
import {
  leerDecimal,
  leerEntero,
  textoDeCampo,
  textoDeEntero,
  type LecturaNumero,
} from '@/domain/numeros';

type PropsCampoNumero = Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange'> & {
  valor: number | null;
  alCambiar: (n: number | null) => void;
};

interface Lectura {
  leer: (texto: string) => LecturaNumero;
  mostrar: (n: number) => string;
  teclado: 'decimal' | 'numeric';
}

/**
 * Un campo de número (issue 32 §1): un texto con el teclado numérico del teléfono
 * (`inputMode`) leído por una regla de `domain/numeros.ts`, así lo tecleado y lo insertado de una
 * vez se leen igual. Lo que no es un número válido se dice junto al campo y llega como NaN (nunca
 * como otro número). Si el valor cambia desde afuera, el texto lo sigue.
 */
function CampoNumero({
  valor,
  alCambiar,
  error,
  lectura: { leer, mostrar, teclado },
  ...props
}: PropsCampoNumero & { lectura: Lectura }) {
  const aTexto = (v: number | null) => (v == null || Number.isNaN(v) ? '' : mostrar(v));
  const [texto, setTexto] = useState(() => aTexto(valor));
  const [previo, setPrevio] = useState(valor);
  if (!Object.is(valor, previo)) {
    setPrevio(valor);
    const l = leer(texto);
    if (!(l.ok ? l.valor === valor : Number.isNaN(valor))) setTexto(aTexto(valor));
  }
  const l = leer(texto);
  return (
    <TextInput
      inputMode={teclado}
      autoComplete="off"
      maxLength={14}
      {...props}
      value={texto}
      error={l.ok ? error : l.mensaje}
      onChange={(e) => {
        const t = e.currentTarget.value;
        setTexto(t);
        const nueva = leer(t);
        alCambiar(nueva.ok ? nueva.valor : NaN);
      }}
    />
  );
}

const DECIMAL: Lectura = { leer: leerDecimal, mostrar: textoDeCampo, teclado: 'decimal' };
const ENTERO: Lectura = {
  leer: (t) => leerEntero(t),
  mostrar: (n) => textoDeEntero(n),
  teclado: 'numeric',
};
const ENTERO_CON_MILES: Lectura = {
  leer: (t) => leerEntero(t, { miles: true }),
  mostrar: (n) => textoDeEntero(n, { miles: true }),
  teclado: 'numeric',
};

/** Un número con decimales: "1,5" y "1.5" son uno y medio (`leerDecimal`). */
export function CampoDecimal(props: PropsCampoNumero) {
  return <CampoNumero {...props} lectura={DECIMAL} />;
}

/**
 * Un número entero (horas, cupos, cuotas): "1.5" o "1,5" es un error que lo dice, no 15 como
 * hacía un `NumberInput` sin decimales. Con `miles` (montos en pesos) acepta "135.000".
 */
export function CampoEntero({ miles = false, ...props }: PropsCampoNumero & { miles?: boolean }) {
  return <CampoNumero {...props} lectura={miles ? ENTERO_CON_MILES : ENTERO} />;
}

/**
 * Une un campo de número a `@mantine/form`: lo que da `form.getInputProps(campo)` (un valor
 * `number | string`, '' si está vacío) y cómo fijar el número leído (`null` si se borró, NaN si
 * no es válido: la validación del formulario lo rechaza).
 */
export function propsDeFormulario(
  p: {
    value?: unknown;
    error?: ReactNode;
    onBlur?: FocusEventHandler<HTMLInputElement>;
    onFocus?: FocusEventHandler<HTMLInputElement>;
  },
  alCambiar: (n: number | null) => void,
): PropsCampoNumero {
  return {
    valor: typeof p.value === 'number' ? p.value : null,
    error: p.error,
    onBlur: p.onBlur,
    onFocus: p.onFocus,
    alCambiar,
  };
}
