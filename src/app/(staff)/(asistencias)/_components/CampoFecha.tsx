'use client';
import { DateInput } from '@/components/campos/fechas';
import { fechaLegible } from '@/domain/texto';

export interface CampoFechaProps {
  /** Etiqueta visible ('Fecha'); sin ella, `etiquetaOculta` da el nombre accesible. */
  etiqueta?: string;
  etiquetaOculta?: string;
  valor: string;
  minima: string;
  maxima: string;
  onCambiar: (fecha: string) => void;
  disabled?: boolean;
  size?: 'xs' | 'sm';
}

/**
 * Una fecha de asistencia limitada a la ventana del modo (spec 01 §5): el calendario no deja
 * elegir días fuera de [mínima, máxima] y una fecha escrita fuera de ella no se acepta (al salir
 * del campo vuelve a la anterior y dice por qué). Se muestra y se escribe como dd/mm/aaaa en
 * cualquier idioma del navegador (components/campos/fechas.tsx); lo escrito se confirma al salir o con
 * Enter.
 */
export function CampoFecha({
  etiqueta,
  etiquetaOculta,
  valor,
  minima,
  maxima,
  onCambiar,
  disabled,
  size = 'sm',
}: CampoFechaProps) {
  return (
    <DateInput
      label={etiqueta}
      aria-label={etiqueta ? undefined : etiquetaOculta}
      description={
        etiqueta ? `Entre el ${fechaLegible(minima)} y el ${fechaLegible(maxima)}` : undefined
      }
      value={valor}
      minDate={minima}
      maxDate={maxima}
      onChange={onCambiar}
      disabled={disabled}
      size={size}
    />
  );
}
