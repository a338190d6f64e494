/**
 * La lectura de cada celda de una planilla importada (issue 34 §1): DNI, teléfono, fechas (serie
 * de Excel o dd/mm/aaaa), género, sí/no, roles, curso ("3° 2ª", "5° Electrónica") y "Apellido y
 * nombre". Puro y sin zod: cada función devuelve el valor normalizado o el motivo en castellano.
 * Una celda vacía es `null` (no un error): la fila decide si el campo es obligatorio.
 */
import { GENEROS, type Genero } from '../alumnos';
import {
  bien,
  CAMPO_APELLIDO,
  CAMPO_NOMBRE,
  DNI_MAXIMO,
  DNI_MINIMO,
  EMAIL_NO_VALIDO,
  mal,
  reglaEmail,
  reglaTexto,
  validarTelefono,
  type Resultado,
} from '../campos';
import { leerFecha } from '../fechas-entrada';
import { ADMINISTRACION, ETIQUETA_ROL, Rol, type NombreRol, type RolBit } from '../roles';
import { sinAcentos } from '../texto';

export type { Resultado };
export const vacio = (t: string | null | undefined) => (t ?? '').trim() === '';

/** DNI: 7 u 8 cifras, con o sin puntos de miles bien puestos ("23.456.789"; "23.456.78" no). */
export function leerDni(texto: string): Resultado<number | null> {
  const t = texto.trim();
  if (t === '') return bien(null);
  const sinEspacios = t.replace(/\s+/g, '');
  const conPuntos = /^\d{1,2}(\.\d{3}){2}$/.test(sinEspacios);
  const soloCifras = /^\d{7,8}$/.test(sinEspacios);
  // Una celda numérica de Excel puede llegar como "23456789.0".
  const decimal = /^\d{7,8}\.0+$/.test(sinEspacios);
  if (!conPuntos && !soloCifras && !decimal) return mal(`'${t}' no es un DNI válido`);
  const n = Number(decimal ? sinEspacios.replace(/\.0+$/, '') : sinEspacios.replace(/\./g, ''));
  if (n < DNI_MINIMO || n > DNI_MAXIMO) return mal(`'${t}' no es un DNI válido`);
  return bien(n);
}

/** Un DNI para mostrar: 23.456.789. */
export const dniLegible = (dni: number) => String(dni).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/**
 * Teléfono → "área número" (spec 02 §3): acepta "(0341) 155-123456", "+54 9 341 555-1234",
 * "341 5551234", "3415551234" o "11 4567-8901". Sin separador, el área es 341 o 11 si empieza
 * así, y si no las tres primeras cifras de un número de diez.
 */
export function leerTelefono(texto: string): Resultado<string | null> {
  const t = texto.trim();
  if (t === '') return bien(null);
  if (t.length > 40 || /[^\d\s()+\-./]/.test(t)) return mal(`'${t}' no es un teléfono válido`);
  let resto = t.replace(/^\+?\s*54\s*/, '').replace(/^9\s+/, '');
  let area = '';
  const parentesis = /^\((\d+)\)\s*(.*)$/.exec(resto);
  if (parentesis) {
    area = parentesis[1]!;
    resto = parentesis[2]!;
  } else {
    const grupos = resto.split(/[\s\-./]+/).filter(Boolean);
    const digitos = grupos.join('');
    if (
      grupos.length > 1 &&
      /^0?\d{2,4}$/.test(grupos[0]!) &&
      digitos.replace(/^0/, '').length >= 9
    ) {
      area = grupos[0]!;
      resto = grupos.slice(1).join('');
    } else {
      const d = digitos.replace(/^0/, '');
      if (d.length === 10 || d.length === 12) {
        const largo = d.startsWith('341') ? 3 : d.startsWith('11') ? 2 : 3;
        area = d.slice(0, largo);
        resto = d.slice(largo);
      } else resto = d;
    }
  }
  area = area.replace(/^0/, '');
  let numero = resto.replace(/\D/g, '');
  // El 15 de los celulares después del área: área + número son diez cifras.
  if (area.length + numero.length === 12 && numero.startsWith('15')) numero = numero.slice(2);
  if (!area) return mal(`'${t}' no tiene código de área`);
  const r = validarTelefono(`${area} ${numero}`);
  return r.ok ? r : mal(`'${t}': ${r.mensaje.charAt(0).toLowerCase()}${r.mensaje.slice(1)}`);
}

/** El 1/1/1900 de Excel es la serie 1; la 60 es un 29/2/1900 que no existió (error de Lotus). */
function fechaDeSerie(serie: number): string {
  const dias = serie > 59 ? serie - 1 : serie;
  const ms = Date.UTC(1899, 11, 31) + dias * 86_400_000;
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * Fecha: dd/mm/aaaa (y lo que acepta `leerFecha`) o una serie de Excel (una celda de fecha que
 * llegó como número, "38123"). Devuelve 'AAAA-MM-DD'. `limites`: mínima y máxima incluidas.
 */
export function leerFechaCelda(
  texto: string,
  limites: { minima?: string; maxima?: string } = {},
): Resultado<string | null> {
  const t = texto.trim();
  if (t === '') return bien(null);
  if (/^\d{4,5}(\.\d+)?$/.test(t) && Number(t) >= 367 && Number(t) < 2_958_466) {
    const fecha = fechaDeSerie(Math.floor(Number(t)));
    return leerFecha(fecha, limites).ok
      ? bien(fecha)
      : mal(`'${t}' no es una fecha válida (dd/mm/aaaa)`);
  }
  const r = leerFecha(t, limites);
  if (!r.ok) return mal(`'${t}': ${r.mensaje}`);
  return bien(r.valor);
}

const GENERO: Record<string, Genero | null> = {
  m: 'Masculino',
  masculino: 'Masculino',
  masc: 'Masculino',
  varon: 'Masculino',
  hombre: 'Masculino',
  v: 'Masculino',
  f: 'Femenino',
  femenino: 'Femenino',
  fem: 'Femenino',
  mujer: 'Femenino',
  x: 'Otro',
  otro: 'Otro',
  'no binario': 'Otro',
  nobinario: 'Otro',
  'sin decidir': null,
};

export function leerGenero(texto: string): Resultado<Genero | null> {
  const t = sinAcentos(texto.trim()).replace(/\.$/, '');
  if (t === '') return bien(null);
  if (t in GENERO) return bien(GENERO[t]!);
  return mal(`'${texto.trim()}' no es un género (${GENEROS.join(', ')} o Sin decidir)`);
}

const SI = ['si', 's', 'x', '1', 'true', 'verdadero', 'yes'];
const NO = ['no', 'n', '0', 'false', 'falso'];

export function leerSiNo(texto: string): Resultado<boolean | null> {
  const t = sinAcentos(texto.trim());
  if (t === '') return bien(null);
  if (SI.includes(t)) return bien(true);
  if (NO.includes(t)) return bien(false);
  return mal(`'${texto.trim()}' no es sí ni no`);
}

/**
 * Los roles que se dan al personal por planilla (no Alumno ni Referente Parental: esos nacen de
 * su alumno o de su registro). Una lista exportada los trae en quien ya los tiene: se leen, y el
 * plan sólo rechaza darlos.
 */
export const ROLES_PERSONAL: number = ADMINISTRACION.reduce<number>((m, r) => m | r, 0);
const clavesRol = new Map<string, RolBit>();
for (const [nombre, bit] of Object.entries(Rol) as [NombreRol, RolBit][]) {
  for (const n of [nombre, ETIQUETA_ROL[bit]]) {
    const k = sinAcentos(n).replace(/\s+/g, '');
    clavesRol.set(k, bit);
  }
}
clavesRol.set('admin', Rol.Admin);
clavesRol.set('jefadepartamento', Rol.JefeDepartamento);
clavesRol.set('jefadepreceptores', Rol.JefePreceptor);
clavesRol.set('preceptora', Rol.Preceptor);
clavesRol.set('coordinadora', Rol.Coordinador);

/** Roles separados por coma, punto y coma, "/" o " y ", como los muestra el portal → máscara. */
export function leerRoles(texto: string): Resultado<number | null> {
  const t = texto.trim();
  if (t === '') return bien(null);
  let mascara = 0;
  for (const parte of t.split(/\s*(?:[,;/+|]|\sy\s)\s*/i)) {
    if (!parte) continue;
    const k = sinAcentos(parte).replace(/\s+/g, '');
    const bit =
      clavesRol.get(k) ?? clavesRol.get(k.replace(/s$/, '')) ?? clavesRol.get(k.replace(/es$/, ''));
    if (bit == null) return mal(`'${parte}' no es un rol del portal`);
    mascara |= bit;
  }
  return bien(mascara || null);
}

export interface CursoLeido {
  anio: number;
  division: number | null;
  especialidad: string | null;
}

const ORDINAL = '(?:\\s*(?:°|º|ª|ro|ra|do|da|er|ero|era|to|ta|vo|va|mo|ma|no|na|a|o)\\.?)?';
const ANIO_PALABRA: Record<string, number> = {
  primero: 1,
  primer: 1,
  segundo: 2,
  tercero: 3,
  tercer: 3,
  cuarto: 4,
  quinto: 5,
  sexto: 6,
};

/** Un año de 1 a 6 ("3", "3°", "3ro", "Tercero", "Tercer año"). */
export function leerAnio(texto: string): Resultado<number | null> {
  const t = sinAcentos(texto.trim()).replace(/\s+ano$/, '');
  if (t === '') return bien(null);
  const m = new RegExp(`^([1-6])${ORDINAL}$`).exec(t);
  const n = m ? Number(m[1]) : ANIO_PALABRA[t];
  return n ? bien(n) : mal(`'${texto.trim()}' no es un año de 1° a 6°`);
}

/** División (1 a 7, "2ª", "2da") o, si son letras, la especialidad ("Electrónica"). */
export function leerDivision(
  texto: string,
): Resultado<{ division: number | null; especialidad: string | null } | null> {
  const t = texto.trim();
  if (t === '') return bien(null);
  const m = new RegExp(`^([1-7])${ORDINAL}$`).exec(sinAcentos(t));
  if (m) return bien({ division: Number(m[1]), especialidad: null });
  if (/^\d/.test(t)) return mal(`'${t}' no es una división de 1 a 7`);
  if (t.length > 60) return mal(`'${t}' es demasiado largo para una especialidad`);
  return bien({ division: null, especialidad: t });
}

/** Curso: "3° 2ª", "3 2", "3°2°", "3-2", "5° Electrónica", "5to Electrónica". */
export function leerCurso(texto: string): Resultado<CursoLeido | null> {
  const t = texto.trim();
  if (t === '') return bien(null);
  const m = new RegExp(`^([1-6])${ORDINAL}(?:\\s*(?:ano|año))?\\s*[\\s\\-/]?\\s*(.+)$`, 'i').exec(
    t,
  );
  if (!m) return mal(`'${t}' no es un curso (por ejemplo 3° 2ª o 5° Electrónica)`);
  const division = leerDivision(m[2]!.trim());
  if (!division.ok || !division.valor)
    return mal(`'${t}' no es un curso (por ejemplo 3° 2ª o 5° Electrónica)`);
  return bien({ anio: Number(m[1]), ...division.valor });
}

/** Una palabra en mayúsculas ("PÉREZ") como nombre propio ("Pérez"); las demás, igual. */
function nombrePropio(palabra: string, primera: boolean): string {
  if (palabra.length < 2 || palabra !== palabra.toLocaleUpperCase('es')) return palabra;
  const minuscula = palabra.toLocaleLowerCase('es');
  if (!primera && ['de', 'del', 'la', 'las', 'los', 'y'].includes(minuscula)) return minuscula;
  return minuscula.replace(
    /(^|[\s'-])(\p{L})/gu,
    (_, a: string, b: string) => a + b.toLocaleUpperCase('es'),
  );
}

const PARTICULAS = [
  'de',
  'del',
  'la',
  'las',
  'los',
  'san',
  'santa',
  'van',
  'von',
  'di',
  'da',
  'dos',
];

const textoApellido = reglaTexto(CAMPO_APELLIDO);
const textoNombre = reglaTexto(CAMPO_NOMBRE);

/** Apellido o nombre: texto de hasta 100 caracteres; una palabra en mayúsculas, como nombre propio. */
export function leerNombre(texto: string, parte: 'apellido' | 'nombre'): Resultado<string | null> {
  if (vacio(texto)) return bien(null);
  const r = (parte === 'apellido' ? textoApellido : textoNombre)(texto.replace(/\s+/g, ' '));
  if (!r.ok) return r;
  return bien(
    r.valor
      .split(' ')
      .map((p, i) => nombrePropio(p, i === 0))
      .join(' '),
  );
}

/**
 * "Apellido y nombre" → las dos partes: con coma, lo anterior es el apellido ("Pérez, Ana"); si no,
 * las palabras en mayúsculas del principio ("PÉREZ Ana María"); si todo está en mayúsculas o en
 * minúsculas, la primera palabra (con sus partículas: "DE LA FUENTE JUAN").
 */
export function partirApellidoYNombre(
  texto: string,
): Resultado<{ apellido: string; nombre: string } | null> {
  const t = texto.trim().replace(/\s+/g, ' ');
  if (t === '') return bien(null);
  let apellido: string;
  let nombre: string;
  const coma = t.indexOf(',');
  if (coma >= 0) {
    apellido = t.slice(0, coma).trim();
    nombre = t.slice(coma + 1).trim();
  } else {
    const palabras = t.split(' ');
    const mayus = (p: string) => /\p{L}/u.test(p) && p === p.toLocaleUpperCase('es');
    let corte = palabras.findIndex((p) => !mayus(p));
    if (corte <= 0 || palabras.every(mayus)) {
      corte = 0;
      while (corte < palabras.length - 1 && PARTICULAS.includes(sinAcentos(palabras[corte]!)))
        corte++;
      corte++;
    }
    apellido = palabras.slice(0, corte).join(' ');
    nombre = palabras.slice(corte).join(' ');
  }
  if (!apellido || !nombre) return mal(`'${t}': falta el apellido o el nombre (Apellido, Nombre)`);
  const a = leerNombre(apellido, 'apellido');
  if (!a.ok) return a;
  const n = leerNombre(nombre, 'nombre');
  if (!n.ok) return n;
  return bien({ apellido: a.valor!, nombre: n.valor! });
}

export function leerEmail(texto: string): Resultado<string | null> {
  const t = texto.trim();
  if (t === '') return bien(null);
  const r = reglaEmail(t.replace(/^mailto:/i, ''));
  return r.ok ? r : mal(r.mensaje === EMAIL_NO_VALIDO ? `'${t}' no es un email válido` : r.mensaje);
}

/** DNI de alumnos separados por coma, punto y coma, "/" o espacios. */
export function leerListaDni(texto: string): Resultado<number[]> {
  const partes = texto
    .split(/\s*[,;/]\s*|\s{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  const dnis: number[] = [];
  for (const p of partes) {
    const r = leerDni(p);
    if (!r.ok) return r;
    if (r.valor != null && !dnis.includes(r.valor)) dnis.push(r.valor);
  }
  return bien(dnis);
}
