/**
 * Los campos que se pueden importar de una planilla (issue 34 §1) y cómo se reconocen los
 * encabezados. Puro: lo usan el servidor (la vista previa y la aplicación) y la pantalla
 * /importar (el selector de cada columna). Contrato: /tmp/portal/IMPORTAR-CONTRATO.md.
 */
import { sinAcentos } from '../texto';

export type GrupoCampo = 'alumno' | 'tutor1' | 'tutor2' | 'personal' | 'curso';

export interface CampoImportacion {
  clave: string;
  etiqueta: string;
  grupo: GrupoCampo;
}

/** Los grupos en el orden del selector, con su nombre para las personas. */
export const GRUPOS_CAMPO: readonly { grupo: GrupoCampo; etiqueta: string }[] = [
  { grupo: 'alumno', etiqueta: 'Alumno' },
  { grupo: 'tutor1', etiqueta: 'Tutor 1' },
  { grupo: 'tutor2', etiqueta: 'Tutor 2' },
  { grupo: 'personal', etiqueta: 'Personal' },
  { grupo: 'curso', etiqueta: 'Curso' },
];

const persona = (grupo: GrupoCampo, quien: string): CampoImportacion[] => [
  { clave: `${grupo}.apellido`, etiqueta: `${quien}: apellido`, grupo },
  { clave: `${grupo}.nombre`, etiqueta: `${quien}: nombre`, grupo },
  { clave: `${grupo}.apellidoYNombre`, etiqueta: `${quien}: apellido y nombre`, grupo },
  { clave: `${grupo}.dni`, etiqueta: `${quien}: DNI`, grupo },
];

const tutor = (grupo: 'tutor1' | 'tutor2', quien: string): CampoImportacion[] => [
  ...persona(grupo, quien),
  { clave: `${grupo}.email`, etiqueta: `${quien}: email`, grupo },
  { clave: `${grupo}.telefono`, etiqueta: `${quien}: teléfono`, grupo },
  { clave: `${grupo}.exalumno`, etiqueta: `${quien}: exalumno (sí/no)`, grupo },
  { clave: `${grupo}.alumnoDni`, etiqueta: `${quien}: DNI del alumno`, grupo },
];

/** Los campos importables, en el orden del selector. `clave` es estable (la guarda el mapeo). */
export const CAMPOS_IMPORTACION: readonly CampoImportacion[] = [
  ...persona('alumno', 'Alumno'),
  { clave: 'alumno.genero', etiqueta: 'Alumno: género', grupo: 'alumno' },
  { clave: 'alumno.nacimiento', etiqueta: 'Alumno: fecha de nacimiento', grupo: 'alumno' },
  { clave: 'alumno.email', etiqueta: 'Alumno: email', grupo: 'alumno' },
  { clave: 'alumno.telefono', etiqueta: 'Alumno: teléfono', grupo: 'alumno' },
  { clave: 'alumno.curso', etiqueta: 'Alumno: curso (año y división)', grupo: 'alumno' },
  { clave: 'alumno.anio', etiqueta: 'Alumno: año', grupo: 'alumno' },
  { clave: 'alumno.division', etiqueta: 'Alumno: división o especialidad', grupo: 'alumno' },
  ...tutor('tutor1', 'Tutor 1'),
  ...tutor('tutor2', 'Tutor 2'),
  { clave: 'personal.apellido', etiqueta: 'Personal: apellido', grupo: 'personal' },
  { clave: 'personal.nombre', etiqueta: 'Personal: nombre', grupo: 'personal' },
  {
    clave: 'personal.apellidoYNombre',
    etiqueta: 'Personal: apellido y nombre',
    grupo: 'personal',
  },
  { clave: 'personal.dni', etiqueta: 'Personal: DNI', grupo: 'personal' },
  { clave: 'personal.email', etiqueta: 'Personal: email', grupo: 'personal' },
  { clave: 'personal.telefono', etiqueta: 'Personal: teléfono', grupo: 'personal' },
  { clave: 'personal.roles', etiqueta: 'Personal: roles', grupo: 'personal' },
  { clave: 'curso.anio', etiqueta: 'Curso: año', grupo: 'curso' },
  { clave: 'curso.division', etiqueta: 'Curso: división', grupo: 'curso' },
  { clave: 'curso.especialidad', etiqueta: 'Curso: especialidad', grupo: 'curso' },
];

export type ClaveCampo = string;
/** Para cada columna del archivo, la clave del campo o null (no se importa). */
export type Mapeo = (ClaveCampo | null)[];

const CLAVES = new Set(CAMPOS_IMPORTACION.map((c) => c.clave));
export const esClaveCampo = (c: unknown): c is ClaveCampo => typeof c === 'string' && CLAVES.has(c);

export const etiquetaCampo = (clave: string): string =>
  CAMPOS_IMPORTACION.find((c) => c.clave === clave)?.etiqueta ?? clave;

/** Un encabezado normalizado: minúsculas, sin tildes, sin puntos ni signos, espacios simples. */
export function normalizarEncabezado(encabezado: string): string {
  return sinAcentos(encabezado)
    .replace(/[°º]/g, ' ')
    .replace(/[._:()\-/#*]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Encabezados (ya normalizados) de cada parte de una persona. */
const SINONIMOS_PERSONA: Record<string, readonly string[]> = {
  apellidoYNombre: [
    'apellido y nombre',
    'apellido y nombres',
    'apellidos y nombres',
    'apellidos y nombre',
    'nombre y apellido',
    'nombres y apellidos',
    'nombre completo',
    'alumno',
    'alumna',
    'estudiante',
    'tutor',
    'referente',
  ],
  apellido: ['apellido', 'apellidos'],
  nombre: ['nombre', 'nombres'],
  dni: [
    'dni',
    'd n i',
    'documento',
    'nro de documento',
    'numero de documento',
    'n de documento',
    'nro documento',
    'nro dni',
    'numero de dni',
    'doc',
    'nro doc',
  ],
  email: [
    'email',
    'e mail',
    'mail',
    'correo',
    'correo electronico',
    'direccion de correo',
    'direccion de correo electronico',
  ],
  telefono: [
    'telefono',
    'tel',
    'telefono celular',
    'celular',
    'cel',
    'movil',
    'telefono movil',
    'whatsapp',
    'telefono de contacto',
    'contacto',
  ],
};

const SINONIMOS_ALUMNO: Record<string, readonly string[]> = {
  genero: ['genero', 'sexo'],
  nacimiento: [
    'nacimiento',
    'fecha de nacimiento',
    'fecha nacimiento',
    'fecha de nac',
    'f de nacimiento',
    'f nacimiento',
    'nac',
  ],
  curso: ['curso', 'ano y division', 'ano division', 'curso y division'],
  anio: ['ano', 'anio', 'ano de cursado', 'ano que cursa'],
  division: ['division', 'div', 'especialidad', 'orientacion'],
};

const SINONIMOS_TUTOR: Record<string, readonly string[]> = {
  exalumno: ['exalumno', 'ex alumno', 'exalumna', 'ex alumna', 'es exalumno', 'ex alumno a'],
  alumnoDni: ['dni del alumno', 'dni alumno', 'documento del alumno', 'alumno dni'],
};

const SINONIMOS_PERSONAL: Record<string, readonly string[]> = {
  roles: ['roles', 'rol', 'cargo', 'cargos', 'funcion', 'funciones'],
};

/** Prefijos que marcan la persona de la columna ("Tutor 1 email", "Alumno: DNI"). */
const PREFIJOS: readonly { prefijos: readonly string[]; grupo: GrupoCampo }[] = [
  {
    grupo: 'tutor1',
    prefijos: [
      'tutor 1',
      'tutor1',
      'referente 1',
      'referente1',
      'responsable 1',
      'padre madre o tutor 1',
      'adulto responsable 1',
    ],
  },
  {
    grupo: 'tutor2',
    prefijos: ['tutor 2', 'tutor2', 'referente 2', 'referente2', 'responsable 2'],
  },
  {
    grupo: 'tutor1',
    prefijos: ['tutor', 'referente', 'responsable', 'padre madre o tutor', 'adulto responsable'],
  },
  { grupo: 'alumno', prefijos: ['alumno', 'alumna', 'estudiante', 'del alumno'] },
  { grupo: 'personal', prefijos: ['personal', 'docente', 'usuario', 'agente'] },
];

function buscar(tabla: Record<string, readonly string[]>, resto: string): string | null {
  for (const [campo, sinonimos] of Object.entries(tabla)) {
    if (sinonimos.includes(resto)) return campo;
  }
  return null;
}

/** El campo (sin grupo) de una persona de `grupo` para el resto del encabezado. */
function campoDe(grupo: GrupoCampo, resto: string): string | null {
  if (grupo === 'curso') return null;
  const tablas = [SINONIMOS_PERSONA];
  if (grupo === 'alumno') tablas.push(SINONIMOS_ALUMNO);
  if (grupo === 'tutor1' || grupo === 'tutor2') tablas.push(SINONIMOS_TUTOR);
  if (grupo === 'personal') tablas.push(SINONIMOS_PERSONAL);
  for (const t of tablas) {
    const c = buscar(t, resto);
    if (c) return c;
  }
  return null;
}

/**
 * El campo de un encabezado, o null. `personal`: la planilla es de personal (tiene una columna de
 * roles), así que "Apellido", "Email"… son del personal y no del alumno.
 */
export function campoDeEncabezado(encabezado: string, personal = false): ClaveCampo | null {
  const n = normalizarEncabezado(encabezado);
  if (!n) return null;
  for (const { grupo, prefijos } of PREFIJOS) {
    for (const p of prefijos) {
      if (n === p) {
        // "Tutor" o "Alumno" solos: el nombre completo de esa persona.
        if (grupo === 'personal') continue;
        return `${grupo}.apellidoYNombre`;
      }
      if (n.startsWith(`${p} `)) {
        const campo = campoDe(grupo, n.slice(p.length + 1));
        if (campo) return `${grupo}.${campo}`;
      }
    }
  }
  const sinPrefijo = campoDe(personal ? 'personal' : 'alumno', n);
  if (sinPrefijo) return `${personal ? 'personal' : 'alumno'}.${sinPrefijo}`;
  return null;
}

/** ¿Nombra el mapeo a un alumno (apellido, nombre o DNI)? */
const IDENTIDAD_ALUMNO = ['alumno.apellido', 'alumno.nombre', 'alumno.apellidoYNombre'];

/**
 * El mapeo automático de los encabezados de un archivo: cada columna a su campo (o null). Una
 * clave va a una sola columna (la primera); las siguientes con el mismo campo quedan sin importar.
 * Una planilla con roles es de personal; una con año y división pero sin alumnos, de cursos; una
 * de tutores sin nombre de alumno lleva en "DNI" o "DNI del alumno" el del alumno de cada tutor.
 */
export function mapeoAutomatico(encabezados: readonly string[]): Mapeo {
  const personal = encabezados.some((e) => campoDeEncabezado(e, true) === 'personal.roles');
  const crudo = encabezados.map((e) => {
    const n = normalizarEncabezado(e);
    if (!personal && (n === 'especialidad' || n === 'orientacion')) return 'curso.especialidad';
    return campoDeEncabezado(e, personal);
  });
  const hay = (clave: string) => crudo.includes(clave);
  const conAlumno = IDENTIDAD_ALUMNO.some(hay);
  const conTutor = crudo.some((c) => c?.startsWith('tutor'));
  const cursos = !personal && !conAlumno && !conTutor && !hay('alumno.dni');
  const convertido = crudo.map((c) => {
    if (!c) return null;
    if (cursos && c === 'alumno.anio') return 'curso.anio';
    if (cursos && c === 'alumno.division') return 'curso.division';
    if (!cursos && c === 'curso.especialidad')
      return hay('alumno.division') ? null : 'alumno.division';
    if (!conAlumno && conTutor && c === 'alumno.dni') return 'tutor1.alumnoDni';
    return c;
  });
  const usadas = new Set<string>();
  return convertido.map((clave) => {
    if (!clave || usadas.has(clave)) return null;
    usadas.add(clave);
    return clave;
  });
}
