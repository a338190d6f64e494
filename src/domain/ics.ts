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

/** El archivo .ics entero (líneas CRLF) con los eventos, con el nombre que muestra el calendario. */
export function calendarioIcs(p: { nombre: string; zona: string; eventos: readonly EventoIcs[] }) {
  const lineas = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Portal escolar//Evaluaciones//ES',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${textoIcs(p.nombre)}`,
    `X-WR-TIMEZONE:${textoIcs(p.zona)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT6H',
    'X-PUBLISHED-TTL:PT6H',
  ];
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
