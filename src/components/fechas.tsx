'use client';
import { DateInput as DateInputMantine, DatesProvider, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { esFechaValida } from '@/domain/escuela';

dayjs.locale('es');

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

/**
 * El `DateInput` de Mantine en castellano (la semana empieza el lunes). Lleva su propio
 * DatesProvider: dayjs y su idioma se cargan sólo en las pantallas con un campo de fecha, no en
 * todas las del personal.
 */
export function DateInput(props: DateInputProps) {
  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
      <DateInputMantine {...props} />
    </DatesProvider>
  );
}
