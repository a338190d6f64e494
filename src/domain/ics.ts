/**
 * El calendario personal (issue 14 §10): las evaluaciones de un alumno (o de los hijos de un
 * referente) como un archivo iCalendar (RFC 5545) que Google Calendar, Outlook o el calendario
 * del teléfono leen desde una dirección privada. Puro: las horas locales de la escuela se pasan a
 * UTC con la zona de la configuración (sin VTIMEZONE: cada instante va en UTC, con "Z").
 */
import { partesEnZona } from './escuela';

export interface EventoIcs {
  /** Único y estable entre lecturas (el calendario lo usa para actualizar en lugar de duplicar). */
  uid: string;
  titulo: string;
  descripcion?: string | null;
  lugar?: string | null;
  /** 'AAAA-MM-DD'. */
  fecha: string;
  /** 'HH:MM' en la zona de la escuela; sin hora, el evento es de todo el día. */
  inicio?: string | null;
  fin?: string | null;
  /** Cuándo se creó o cambió (DTSTAMP). */
  marca: Date;
}

/** El patrón de un token de calendario: 32 bytes en base64url (43 caracteres). */
export const PATRON_TOKEN_CALENDARIO = /^[A-Za-z0-9_-]{43}$/;

/** 'AAAA-MM-DD' + 'HH:MM' en la zona → el instante (UTC). Vale también en días de cambio de hora. */
export function instanteEnZona(fecha: string, hora: string, zona: string): Date {
  const [a, m, d] = fecha.split('-').map(Number) as [number, number, number];
  const [h, min] = hora.split(':').map(Number) as [number, number];
  const pedido = Date.UTC(a, m - 1, d, h, min);
  // Se corrige dos veces: la diferencia de la zona en el instante supuesto y en el corregido.
  let t = pedido;
  for (let i = 0; i < 2; i++) {
    const p = partesEnZona(new Date(t), zona);
    const visto = Date.UTC(p.anio, p.mes - 1, p.dia, p.hora, p.minuto);
    t += pedido - visto;
  }
  return new Date(t);
}

/** Un instante como DATE-TIME en UTC: '20261126T103000Z'. */
export const fechaHoraIcs = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Un texto de iCalendar: barra, punto y coma, coma y saltos de línea escapados. */
export const textoIcs = (t: string) =>
  t
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

const codificador = new TextEncoder();

/**
 * Una línea de contenido plegada a 75 octetos (RFC 5545 §3.1): las siguientes empiezan con un
 * espacio; nunca se corta un carácter UTF-8 (ni un par sustituto) por la mitad.
 */
export function plegar(linea: string): string {
  const partes: string[] = [];
  let actual = '';
  let octetos = 0;
  for (const c of linea) {
    const n = codificador.encode(c).length;
    const limite = partes.length === 0 ? 75 : 74;
    if (octetos + n > limite) {
      partes.push(actual);
      actual = '';
      octetos = 0;
    }
    actual += c;
    octetos += n;
  }
  partes.push(actual);
  return partes.join('\r\n ');
}

const fechaIcs = (f: string) => f.replace(/-/g, '');
const diaSiguiente = (f: string) => {
  const [a, m, d] = f.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(a, m - 1, d + 1)).toISOString().slice(0, 10);
};

/** El comienzo del archivo: el producto, el nombre que muestra el calendario y la zona. */
const cabecera = (producto: string, nombre: string, zona: string) => [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  `PRODID:-//Portal escolar//${producto}//ES`,
  'CALSCALE:GREGORIAN',
  'METHOD:PUBLISH',
  `X-WR-CALNAME:${textoIcs(nombre)}`,
  `X-WR-TIMEZONE:${textoIcs(zona)}`,
  'REFRESH-INTERVAL;VALUE=DURATION:PT6H',
  'X-PUBLISHED-TTL:PT6H',
];

/** El archivo .ics entero (líneas CRLF) con los eventos, con el nombre que muestra el calendario. */
export function calendarioIcs(p: { nombre: string; zona: string; eventos: readonly EventoIcs[] }) {
  const lineas = cabecera('Evaluaciones', p.nombre, p.zona);
  for (const e of p.eventos) {
    lineas.push('BEGIN:VEVENT', `UID:${textoIcs(e.uid)}`, `DTSTAMP:${fechaHoraIcs(e.marca)}`);
    if (e.inicio) {
      const inicio = instanteEnZona(e.fecha, e.inicio, p.zona);
      const fin = e.fin ? instanteEnZona(e.fecha, e.fin, p.zona) : null;
      lineas.push(`DTSTART:${fechaHoraIcs(inicio)}`);
      if (fin && fin > inicio) lineas.push(`DTEND:${fechaHoraIcs(fin)}`);
    } else {
      lineas.push(
        `DTSTART;VALUE=DATE:${fechaIcs(e.fecha)}`,
        `DTEND;VALUE=DATE:${fechaIcs(diaSiguiente(e.fecha))}`,
      );
    }
    lineas.push(`SUMMARY:${textoIcs(e.titulo)}`);
    if (e.descripcion) lineas.push(`DESCRIPTION:${textoIcs(e.descripcion)}`);
    if (e.lugar) lineas.push(`LOCATION:${textoIcs(e.lugar)}`);
    lineas.push('TRANSP:TRANSPARENT', 'END:VEVENT');
  }
  lineas.push('END:VCALENDAR');
  return lineas.map(plegar).join('\r\n') + '\r\n';
}

// ---------------------------------------------------------------------------
// La semana de un docente (issue 32 §5): cada bloque, un evento que se repite cada semana

/** Un bloque de la semana: se repite todas las semanas del ciclo, el mismo día y a la misma hora. */
export interface ClaseSemanalIcs {
  /** Único y estable por bloque (cursado, día y bloque): el calendario actualiza, no duplica. */
  uid: string;
  titulo: string;
  descripcion?: string | null;
  lugar?: string | null;
  /** 1 lunes … 7 domingo. */
  dia: number;
  /** 'HH:MM' en la zona de la escuela. */
  inicio: string;
  fin: string;
}

/** El día de la semana (1 lunes … 7 domingo) de una fecha 'AAAA-MM-DD'. */
const diaDeSemana = (f: string) => {
  const d = new Date(`${f}T12:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
};

/** La primera fecha desde `desde` (incluida) que cae en el día de la semana `dia`. */
export function primeraFechaDelDia(desde: string, dia: number): string {
  const [a, m, d] = desde.split('-').map(Number) as [number, number, number];
  const salto = (dia - diaDeSemana(desde) + 7) % 7;
  return new Date(Date.UTC(a, m - 1, d + salto)).toISOString().slice(0, 10);
}

/** El desplazamiento de la zona respecto de UTC en una fecha, como en iCalendar: '-0300'. */
export function desplazamientoIcs(fecha: string, zona: string): string {
  const minutos = Math.round(
    (Date.parse(`${fecha}T12:00:00Z`) - instanteEnZona(fecha, '12:00', zona).getTime()) / 60_000,
  );
  const abs = Math.abs(minutos);
  const dos = (n: number) => String(n).padStart(2, '0');
  return `${minutos < 0 ? '-' : '+'}${dos(Math.floor(abs / 60))}${dos(abs % 60)}`;
}

/** 'AAAA-MM-DD' + 'HH:MM' como DATE-TIME local (con TZID): '20260302T073000'. */
const localIcs = (fecha: string, hora: string) => `${fechaIcs(fecha)}T${hora.replace(':', '')}00`;

/**
 * La semana de un docente como iCalendar (issue 32 §5): cada bloque es un evento semanal
 * (RRULE FREQ=WEEKLY) desde el primer día de ese día de la semana a partir de `desde` hasta el
 * final de `hasta` (el fin del ciclo lectivo), con la hora de reloj de la escuela (TZID de su
 * zona, así la clase queda a las 07:30 aunque la zona cambiara de hora). La VTIMEZONE lleva el
 * desplazamiento de la zona en `desde` (Argentina no cambia de hora; los calendarios reconocen
 * además el nombre IANA del TZID). Los días `sinClases` de ese día de la semana van como EXDATE
 * (a la hora del bloque, como pide RFC 5545). Un bloque que no cae ni una vez en el período no
 * se escribe.
 */
export function semanaIcs(p: {
  nombre: string;
  zona: string;
  /** 'AAAA-MM-DD': el comienzo del período (el del ciclo lectivo). */
  desde: string;
  /** 'AAAA-MM-DD': el último día del período (incluido). */
  hasta: string;
  /** DTSTAMP de todos los eventos: el momento de la lectura. */
  marca: Date;
  clases: readonly ClaseSemanalIcs[];
  /** 'AAAA-MM-DD' sin clases (las restricciones del calendario): EXDATE de cada evento. */
  sinClases?: Iterable<string>;
}) {
  const zona = textoIcs(p.zona);
  const desplazamiento = desplazamientoIcs(p.desde, p.zona);
  const lineas = [
    ...cabecera('Horario', p.nombre, p.zona),
    'BEGIN:VTIMEZONE',
    `TZID:${zona}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${desplazamiento}`,
    `TZOFFSETTO:${desplazamiento}`,
    'END:STANDARD',
    'END:VTIMEZONE',
  ];
  const hasta = fechaHoraIcs(instanteEnZona(p.hasta, '23:59', p.zona));
  const sinClases = [...new Set(p.sinClases ?? [])]
    .filter((f) => f >= p.desde && f <= p.hasta)
    .sort();
  for (const c of p.clases) {
    const fecha = primeraFechaDelDia(p.desde, c.dia);
    if (fecha > p.hasta) continue;
    const excluidas = sinClases.filter((f) => diaDeSemana(f) === c.dia);
    lineas.push(
      'BEGIN:VEVENT',
      `UID:${textoIcs(c.uid)}`,
      `DTSTAMP:${fechaHoraIcs(p.marca)}`,
      `DTSTART;TZID=${zona}:${localIcs(fecha, c.inicio)}`,
      `DTEND;TZID=${zona}:${localIcs(fecha, c.fin)}`,
      `RRULE:FREQ=WEEKLY;UNTIL=${hasta}`,
      ...excluidas.map((f) => `EXDATE;TZID=${zona}:${localIcs(f, c.inicio)}`),
      `SUMMARY:${textoIcs(c.titulo)}`,
    );
    if (c.descripcion) lineas.push(`DESCRIPTION:${textoIcs(c.descripcion)}`);
    if (c.lugar) lineas.push(`LOCATION:${textoIcs(c.lugar)}`);
    lineas.push('END:VEVENT');
  }
  lineas.push('END:VCALENDAR');
  return lineas.map(plegar).join('\r\n') + '\r\n';
}
