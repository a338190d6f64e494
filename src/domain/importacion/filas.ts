/**
 * Una fila de la planilla → lo que dice de cada entidad (issue 34 §1): el alumno (por DNI), sus
 * tutores (Tutor 1 y Tutor 2, o el DNI de sus alumnos), una persona del personal (por email) y un
 * curso, con los errores de cada celda en castellano ("Fila 14, DNI: '23.456.78' no es un DNI
 * válido"). Puro. Un campo sin columna es `undefined` (no se toca); una celda vacía, `null`.
 */
import type { Genero } from '../alumnos';
import { sinAcentos } from '../texto';
import {
  leerAnio,
  leerCurso,
  leerDivision,
  leerDni,
  leerEmail,
  leerFechaCelda,
  leerGenero,
  leerListaDni,
  leerNombre,
  leerRoles,
  leerSiNo,
  leerTelefono,
  partirApellidoYNombre,
  vacio,
  type CursoLeido,
  type Resultado,
} from './celdas';
import { etiquetaCampo, type Mapeo } from './campos';

export interface ErrorCelda {
  columna: string;
  mensaje: string;
}

export interface PersonaLeida {
  apellido?: string | null;
  nombre?: string | null;
  email?: string | null;
  telefono?: string | null;
  dni?: number | null;
}

export interface AlumnoLeido extends PersonaLeida {
  dni: number;
  genero?: Genero | null;
  nacimiento?: string | null;
  curso?: CursoLeido | null;
}

export interface TutorLeido extends PersonaLeida {
  numero: 1 | 2;
  exalumno?: boolean | null;
  /** Los DNI de sus alumnos: el de la fila o los de `alumnoDni`. */
  alumnos: number[];
}

export interface PersonalLeido extends PersonaLeida {
  email: string;
  roles?: number | null;
}

export interface FilaLeida {
  /** Como en la planilla: el encabezado es la fila 1. */
  fila: number;
  alumno: AlumnoLeido | null;
  tutores: TutorLeido[];
  personal: PersonalLeido | null;
  curso: CursoLeido | null;
  errores: ErrorCelda[];
}

/** La fecha de nacimiento más vieja que se acepta. */
export const NACIMIENTO_MINIMO = '1900-01-01';

export interface OpcionesLectura {
  /** Hoy ('AAAA-MM-DD'): nadie nació después. */
  hoy: string;
}

/** ¿Está vacía toda la fila? (las filas vacías del final, o en el medio, no cuentan) */
export const filaVacia = (celdas: readonly string[]) => celdas.every((c) => vacio(c));

/**
 * Lee una fila. `encabezados` nombra las columnas en los mensajes; `fila` es el número de la fila
 * en la planilla.
 */
export function leerFila(
  celdas: readonly string[],
  mapeo: Mapeo,
  encabezados: readonly string[],
  fila: number,
  { hoy }: OpcionesLectura,
): FilaLeida {
  const errores: ErrorCelda[] = [];
  const columnas = new Map<string, number>();
  mapeo.forEach((clave, i) => {
    if (clave && !columnas.has(clave)) columnas.set(clave, i);
  });
  const nombreColumna = (clave: string) => {
    const i = columnas.get(clave);
    const e = i == null ? '' : (encabezados[i] ?? '').trim();
    return e || etiquetaCampo(clave);
  };
  const error = (clave: string, motivo: string) =>
    errores.push({
      columna: nombreColumna(clave),
      mensaje: `Fila ${fila}, ${nombreColumna(clave)}: ${motivo}`,
    });
  /** El texto de la celda de la clave, o undefined si no tiene columna. */
  const celda = (clave: string): string | undefined => {
    const i = columnas.get(clave);
    return i == null ? undefined : (celdas[i] ?? '').trim();
  };
  function leer<T>(clave: string, f: (t: string) => Resultado<T>): T | null | undefined {
    const t = celda(clave);
    if (t === undefined) return undefined;
    const r = f(t);
    if (!r.ok) {
      error(clave, r.mensaje);
      return null;
    }
    return r.valor;
  }
  const hayAlgo = (grupo: string) =>
    [...columnas.keys()].some((c) => c.startsWith(`${grupo}.`) && !vacio(celda(c)));

  function persona(grupo: string): PersonaLeida {
    const p: PersonaLeida = {
      apellido: leer(`${grupo}.apellido`, (t) => leerNombre(t, 'apellido')),
      nombre: leer(`${grupo}.nombre`, (t) => leerNombre(t, 'nombre')),
      email: leer(`${grupo}.email`, leerEmail),
      telefono: leer(`${grupo}.telefono`, leerTelefono),
      dni: leer(`${grupo}.dni`, leerDni),
    };
    const completo = leer(`${grupo}.apellidoYNombre`, partirApellidoYNombre);
    if (completo) {
      p.apellido ??= completo.apellido;
      p.nombre ??= completo.nombre;
    } else if (completo === null) {
      if (p.apellido === undefined) p.apellido = null;
      if (p.nombre === undefined) p.nombre = null;
    }
    return p;
  }

  // ── Alumno ──
  let alumno: AlumnoLeido | null = null;
  if (hayAlgo('alumno')) {
    const p = persona('alumno');
    const genero = leer('alumno.genero', leerGenero);
    const nacimiento = leer('alumno.nacimiento', (t) =>
      leerFechaCelda(t, { minima: NACIMIENTO_MINIMO, maxima: hoy }),
    );
    let curso = leer('alumno.curso', leerCurso);
    const anio = leer('alumno.anio', leerAnio);
    const division = leer('alumno.division', leerDivision);
    if (curso === undefined || curso === null) {
      if (anio && division) curso = { anio, ...division };
      else if (anio || division) {
        error(anio ? 'alumno.division' : 'alumno.anio', 'falta para saber el curso del alumno');
        curso = null;
      } else if (anio === null || division === null) curso = curso ?? null;
    }
    if (p.dni == null) {
      if (p.dni === undefined || vacio(celda('alumno.dni')))
        error('alumno.dni', 'falta el DNI del alumno');
    } else {
      alumno = { ...p, dni: p.dni, genero, nacimiento, curso };
    }
  }

  // ── Tutores ──
  const tutores: TutorLeido[] = [];
  for (const numero of [1, 2] as const) {
    const g = `tutor${numero}`;
    if (!hayAlgo(g)) continue;
    const p = persona(g);
    const exalumno = leer(`${g}.exalumno`, leerSiNo);
    const deLaFila = leer(`${g}.alumnoDni`, leerListaDni);
    const alumnos = deLaFila?.length ? deLaFila : alumno ? [alumno.dni] : [];
    const antes = errores.length;
    if (!p.apellido || !p.nombre)
      error(
        columnas.has(`${g}.apellidoYNombre`) ? `${g}.apellidoYNombre` : `${g}.apellido`,
        `falta el apellido o el nombre del tutor ${numero}`,
      );
    if (!alumnos.length && !hayAlgo('alumno'))
      error(`${g}.alumnoDni`, `falta el DNI del alumno del tutor ${numero}`);
    if (errores.length === antes) tutores.push({ ...p, numero, exalumno, alumnos });
  }

  // ── Personal ──
  let personal: PersonalLeido | null = null;
  if (hayAlgo('personal')) {
    const p = persona('personal');
    const roles = leer('personal.roles', leerRoles);
    if (!p.email) {
      if (p.email === undefined || vacio(celda('personal.email')))
        error('personal.email', 'falta el email de la persona del personal');
    } else personal = { ...p, email: p.email, roles };
  }

  // ── Curso ──
  let curso: CursoLeido | null = null;
  if (hayAlgo('curso')) {
    const anio = leer('curso.anio', leerAnio);
    const division = leer('curso.division', leerDivision);
    const especialidad = leer('curso.especialidad', (t) => leerDivision(t));
    const esp = especialidad?.especialidad ?? division?.especialidad ?? null;
    if (!anio) error('curso.anio', 'falta el año del curso');
    else if (!division?.division && !esp) error('curso.division', 'falta la división del curso');
    else curso = { anio, division: division?.division ?? null, especialidad: esp };
  }

  return { fila, alumno, tutores, personal, curso, errores };
}

/** Apellido y nombre sin tildes ni mayúsculas: para reconocer a la misma persona. */
export const clavePersona = (p: { apellido?: string | null; nombre?: string | null }) =>
  sinAcentos(`${p.apellido ?? ''} ${p.nombre ?? ''}`)
    .replace(/\s+/g, ' ')
    .trim();

/** Lo que la base debe traer para planificar: los DNI, emails, teléfonos y nombres del archivo. */
export interface Busqueda {
  dnis: number[];
  emails: string[];
  telefonos: string[];
  nombres: string[];
}

/** Qué buscar en la base para planificar esta planilla (pocas consultas con `= any(...)`). */
export function busquedaDe(
  encabezados: readonly string[],
  filas: readonly (readonly string[])[],
  mapeo: Mapeo,
  hoy: string,
): Busqueda {
  const dnis = new Set<number>();
  const emails = new Set<string>();
  const telefonos = new Set<string>();
  const nombres = new Set<string>();
  filas.forEach((celdas, i) => {
    if (filaVacia(celdas)) return;
    const f = leerFila(celdas, mapeo, encabezados, i + 2, { hoy });
    const personas = [f.alumno, f.personal, ...f.tutores].filter((p) => p != null);
    if (f.alumno) dnis.add(f.alumno.dni);
    for (const t of f.tutores) for (const d of t.alumnos) dnis.add(d);
    for (const p of personas) {
      if (p.email) emails.add(p.email);
      if (p.telefono) telefonos.add(p.telefono);
      if (p.apellido && p.nombre) nombres.add(clavePersona(p));
    }
  });
  return { dnis: [...dnis], emails: [...emails], telefonos: [...telefonos], nombres: [...nombres] };
}
