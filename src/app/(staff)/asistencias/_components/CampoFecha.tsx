'use client';
import { DateInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { esFechaValida } from '@/domain/escuela';

/** 'DD/MM/AAAA' (o 'AAAA-MM-DD') → 'AAAA-MM-DD'; null si no es una fecha del calendario. */
export function leerFecha(texto: string): string | null {
  const t = texto.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  const local = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  const fecha = iso
    ? t
    : local
      ? `${local[3]}-${local[2]!.padStart(2, '0')}-${local[1]!.padStart(2, '0')}`
      : null;
  return fecha && esFechaValida(fecha) ? fecha : null;
}

/** 'AAAA-MM-DD' → 'DD/MM/AAAA'. */
export function fechaLegible(fecha: string): string {
  return `${fecha.slice(8, 10)}/${fecha.slice(5, 7)}/${fecha.slice(0, 4)}`;
}

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
 * del campo vuelve a la anterior). Se escribe y se muestra como DD/MM/AAAA.
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
      valueFormat="DD/MM/YYYY"
      dateParser={leerFecha}
      placeholder="DD/MM/AAAA"
      leftSection={<IconCalendar size={16} aria-hidden />}
      onChange={(f) => {
        if (f && f.slice(0, 10) !== valor) onCambiar(f.slice(0, 10));
      }}
      disabled={disabled}
      size={size}
      popoverProps={{ withinPortal: true }}
    />
  );
}
