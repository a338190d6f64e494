import type { DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { esFechaValida } from '@/domain/escuela';

/** 'DD/MM/AAAA' (o 'AAAA-MM-DD') → 'AAAA-MM-DD'; null si no es una fecha del calendario. */
export function leerFecha(texto: string): string | null {
  const t = texto.trim();
  const local = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  const fecha = /^\d{4}-\d{2}-\d{2}$/.test(t)
    ? t
    : local
      ? `${local[3]}-${local[2]!.padStart(2, '0')}-${local[1]!.padStart(2, '0')}`
      : null;
  return fecha && esFechaValida(fecha) ? fecha : null;
}

/** Lo común a los campos de fecha (`DateInput`): se escriben y se muestran como DD/MM/AAAA. */
export const PROPS_CAMPO_FECHA = {
  valueFormat: 'DD/MM/YYYY',
  dateParser: leerFecha,
  placeholder: 'DD/MM/AAAA',
  leftSection: <IconCalendar size={16} aria-hidden />,
  popoverProps: { withinPortal: true },
} satisfies Partial<DateInputProps>;
