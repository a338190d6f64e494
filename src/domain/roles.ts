/**
 * Roles del portal como bits de una máscara de 32 bits (spec 01 §6, spec 02 §6).
 * Un usuario puede tener varios roles (`rls`) y actúa con uno activo (`rol`).
 */
export const Rol = {
  Docente: 1,
  Admin: 2,
  Preceptor: 4,
  JefeDepartamento: 8,
  JefePreceptor: 16,
  Regente: 32,
  Alumno: 64,
  Alumnado: 128,
  ReferenteParental: 256,
  Coordinador: 512,
} as const;

export type NombreRol = keyof typeof Rol;
export type RolBit = (typeof Rol)[NombreRol];

/** Cualquier rol. */
export const ANY = -1;

export const TODOS_LOS_ROLES: readonly RolBit[] = Object.values(Rol);
/** Máscara con todos los bits de rol conocidos. */
export const MASCARA_ROLES = TODOS_LOS_ROLES.reduce<number>((m, b) => m | b, 0);

export const ETIQUETA_ROL: Record<RolBit, string> = {
  1: 'Docente',
  2: 'Administrador',
  4: 'Preceptor',
  8: 'Jefe de Departamento',
  16: 'Jefe de Preceptores',
  32: 'Regente',
  64: 'Alumno',
  128: 'Alumnado',
  256: 'Referente Parental',
  512: 'Coordinador',
};

export const ALTA_ADMINISTRACION: readonly RolBit[] = [
  Rol.Admin,
  Rol.JefeDepartamento,
  Rol.JefePreceptor,
  Rol.Regente,
  Rol.Alumnado,
  Rol.Coordinador,
];
export const BAJA_ADMINISTRACION: readonly RolBit[] = [Rol.Docente, Rol.Preceptor];
export const ADMINISTRACION: readonly RolBit[] = [...ALTA_ADMINISTRACION, ...BAJA_ADMINISTRACION];
export const PUBLICO: readonly RolBit[] = [Rol.Alumno, Rol.ReferenteParental];

export function esRolBit(valor: unknown): valor is RolBit {
  return typeof valor === 'number' && (TODOS_LOS_ROLES as readonly number[]).includes(valor);
}

/** ¿La máscara `rls` contiene el rol `rol`? `ANY` acepta cualquier máscara con algún rol. */
export function tieneRol(rls: number, rol: number): boolean {
  if (rol === ANY) return (rls & MASCARA_ROLES) !== 0;
  if (!esRolBit(rol)) return false;
  return (rls & rol) === rol;
}

/** Los roles presentes en la máscara, en el orden de sus bits. Los bits desconocidos se ignoran. */
export function rolesDe(rls: number): RolBit[] {
  return TODOS_LOS_ROLES.filter((r) => (rls & r) !== 0);
}

/** Arma una máscara a partir de roles. */
export function mascara(roles: readonly RolBit[]): number {
  return roles.reduce<number>((m, r) => m | r, 0);
}

/** ¿Es la máscara válida (sólo bits conocidos, al menos uno)? */
export function mascaraValida(rls: number): boolean {
  // `rls <= MASCARA_ROLES`: los operadores de bits truncan a 32 bits, así que 2**32 o 2**32 + 1
  // pasarían el control de bits desconocidos si no se acota el valor antes.
  return Number.isInteger(rls) && rls > 0 && rls <= MASCARA_ROLES && (rls & ~MASCARA_ROLES) === 0;
}

/** El rol por defecto al ingresar: el de bit más bajo. `null` si no tiene ninguno. */
export function rolInicial(rls: number): RolBit | null {
  return rolesDe(rls)[0] ?? null;
}

/** Rol a partir de su nombre (insensible a mayúsculas, acepta también la etiqueta con espacios). */
export function rolPorNombre(nombre: string): RolBit | null {
  const clave = nombre.trim().toLowerCase().replace(/\s+/g, '');
  for (const [n, bit] of Object.entries(Rol) as [NombreRol, RolBit][]) {
    if (n.toLowerCase() === clave) return bit;
    if (ETIQUETA_ROL[bit].toLowerCase().replace(/\s+/g, '') === clave) return bit;
  }
  if (clave === 'any') return null;
  return null;
}

export function nombreDeRol(rol: number): NombreRol | null {
  const par = (Object.entries(Rol) as [NombreRol, RolBit][]).find(([, b]) => b === rol);
  return par ? par[0] : null;
}

export const esAltaAdministracion = (rol: number) =>
  (ALTA_ADMINISTRACION as readonly number[]).includes(rol);
export const esBajaAdministracion = (rol: number) =>
  (BAJA_ADMINISTRACION as readonly number[]).includes(rol);
export const esAdministracion = (rol: number) =>
  (ADMINISTRACION as readonly number[]).includes(rol);
export const esPublico = (rol: number) => (PUBLICO as readonly number[]).includes(rol);
