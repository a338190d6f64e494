/**
 * Los tipos de la importación (issue 34 §1): el resultado de la vista previa y de la aplicación
 * (el contrato con la pantalla /importar), lo que ya hay en la base y las operaciones del plan.
 */
import type { Genero } from '../alumnos';
import type { ErrorCelda } from './filas';

export type { ErrorCelda };

export type TipoEntidad = 'alumno' | 'tutor' | 'personal' | 'curso' | 'vinculo';
export type Accion = 'crear' | 'actualizar' | 'sin cambios' | 'omitir';

export interface Cambio {
  campo: string;
  antes: string;
  despues: string;
}

export interface Entidad {
  tipo: TipoEntidad;
  etiqueta: string;
  accion: Accion;
  cambios: Cambio[];
  motivo: string | null;
  aviso: string | null;
}

export interface FilaResultado {
  fila: number;
  entidades: Entidad[];
  errores: ErrorCelda[];
}

export interface CuentasAccion {
  crear: number;
  actualizar: number;
  sinCambios: number;
  omitir: number;
}

export interface Cuentas extends CuentasAccion {
  /** Filas con errores (se omiten enteras). */
  errores: number;
  porTipo: Record<TipoEntidad, CuentasAccion>;
}

export interface Resultado {
  cuentas: Cuentas;
  filas: FilaResultado[];
}

// ── Lo que ya hay ─────────────────────────────────────────────────────────────────────────────

export interface AlumnoExistente {
  id: number;
  dni: number;
  apellido: string;
  nombre: string;
  genero: Genero | null;
  nacimiento: string | null;
  email: string | null;
  telefono: string | null;
  /** Su curso en el ciclo de la importación. */
  cursoId: number | null;
}
export interface ReferenteExistente {
  id: number;
  apellido: string;
  nombre: string;
  email: string | null;
  telefono: string | null;
  exalumno: boolean;
}
export interface UsuarioExistente {
  id: number;
  email: string;
  apellido: string;
  nombre: string;
  telefono: string | null;
  rls: number;
}
export interface CursoExistente {
  id: number;
  anio: number;
  division: number;
  especialidad: string;
}
export interface Existentes {
  alumnos: readonly AlumnoExistente[];
  referentes: readonly ReferenteExistente[];
  vinculos: readonly { alumnoId: number; referenteId: number; confirmado: boolean }[];
  usuarios: readonly UsuarioExistente[];
  cursos: readonly CursoExistente[];
}

// ── Lo que se escribe ────────────────────────────────────────────────────────────────────────

/** Una fila que ya existe (`id`) o que crea esta importación (`nuevo`: su clave en el plan). */
export type Ref = { id: number } | { nuevo: string };

export interface ValoresAlumno {
  dni: number;
  apellido: string;
  nombre: string;
  genero: Genero | null;
  nacimiento: string | null;
  email: string | null;
  telefono: string | null;
}
export interface ValoresReferente {
  apellido: string;
  nombre: string;
  email: string | null;
  telefono: string | null;
  exalumno: boolean;
}
export interface ValoresUsuario {
  email: string;
  apellido: string;
  nombre: string;
  telefono: string | null;
  rls: number;
}
export interface ValoresCurso {
  anio: number;
  division: number;
  especialidad: string;
}

export interface Actualizacion<V> {
  id: number;
  /** Sólo los campos que cambian, con su valor nuevo. */
  set: Partial<V>;
}

export interface Operaciones {
  cursos: {
    crear: { clave: string; valores: ValoresCurso }[];
    actualizar: Actualizacion<ValoresCurso>[];
  };
  alumnos: {
    crear: { clave: string; valores: ValoresAlumno }[];
    actualizar: Actualizacion<ValoresAlumno>[];
  };
  /** El curso del ciclo de cada alumno (alta o cambio). */
  cursoDeAlumno: { alumno: Ref; curso: Ref }[];
  referentes: {
    crear: { clave: string; valores: ValoresReferente }[];
    actualizar: Actualizacion<ValoresReferente>[];
  };
  vinculos: {
    crear: { alumno: Ref; referente: Ref }[];
    confirmar: { alumnoId: number; referenteId: number }[];
  };
  usuarios: {
    crear: { clave: string; valores: ValoresUsuario }[];
    actualizar: Actualizacion<ValoresUsuario>[];
  };
}

export interface Plan extends Resultado {
  operaciones: Operaciones;
}

export interface OpcionesPlan {
  vaciar: boolean;
  hoy: string;
}
