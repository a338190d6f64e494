/**
 * Cuentas de la escuela de demostración (src/server/db/seed/): la lista "Ingresar como"
 * del login y los usuarios por rol de los tests. Sólo datos, sin dependencias del servidor.
 */
import { Rol, type RolBit } from '@/domain/roles';

export type GrupoDemo = 'Personal' | 'Alumnos' | 'Referentes';

export interface CuentaDemo {
  email: string;
  /** Texto del botón "Ingresar como". */
  etiqueta: string;
  grupo: GrupoDemo;
  /** Máscara de roles exacta con la que se siembra. */
  rls: number;
  nombre: string;
  apellido: string;
}

export const EMAIL_DEMO = {
  admin: 'admin@escuela.test',
  docente: 'docente@escuela.test',
  preceptor: 'preceptor@escuela.test',
  jefeDepartamento: 'jefe.departamento@escuela.test',
  jefePreceptores: 'jefe.preceptores@escuela.test',
  regente: 'regente@escuela.test',
  alumnado: 'alumnado@escuela.test',
  coordinador: 'coordinador@escuela.test',
  multirol: 'multirol@escuela.test',
  alumno: 'alumno.demo@gmail.com',
  alumnoInstitucional: 'alumno.institucional@escuela.test',
  referente: 'referente.demo@gmail.com',
  referenteOtro: 'referente.otro@gmail.com',
} as const;

export const CUENTAS_DEMO: readonly CuentaDemo[] = [
  {
    email: EMAIL_DEMO.admin,
    etiqueta: 'Administrador',
    grupo: 'Personal',
    rls: Rol.Admin,
    nombre: 'Marcela',
    apellido: 'Ferreyra',
  },
  {
    email: EMAIL_DEMO.docente,
    etiqueta: 'Docente',
    grupo: 'Personal',
    rls: Rol.Docente,
    nombre: 'Gustavo',
    apellido: 'Acosta',
  },
  {
    email: EMAIL_DEMO.preceptor,
    etiqueta: 'Preceptor',
    grupo: 'Personal',
    rls: Rol.Preceptor,
    nombre: 'Silvina',
    apellido: 'Rossi',
  },
  {
    email: EMAIL_DEMO.jefeDepartamento,
    etiqueta: 'Jefe de Departamento',
    grupo: 'Personal',
    rls: Rol.JefeDepartamento,
    nombre: 'Ricardo',
    apellido: 'Bianchi',
  },
  {
    email: EMAIL_DEMO.jefePreceptores,
    etiqueta: 'Jefe de Preceptores',
    grupo: 'Personal',
    rls: Rol.JefePreceptor,
    nombre: 'Adriana',
    apellido: 'Quiroga',
  },
  {
    email: EMAIL_DEMO.regente,
    etiqueta: 'Regente',
    grupo: 'Personal',
    rls: Rol.Regente,
    nombre: 'Horacio',
    apellido: 'Villalba',
  },
  {
    email: EMAIL_DEMO.alumnado,
    etiqueta: 'Alumnado',
    grupo: 'Personal',
    rls: Rol.Alumnado,
    nombre: 'Patricia',
    apellido: 'Medina',
  },
  {
    email: EMAIL_DEMO.coordinador,
    etiqueta: 'Coordinador',
    grupo: 'Personal',
    rls: Rol.Coordinador,
    nombre: 'Fernando',
    apellido: 'Castro',
  },
  {
    email: EMAIL_DEMO.multirol,
    etiqueta: 'Docente, Preceptor y Jefe de Departamento',
    grupo: 'Personal',
    rls: Rol.Docente | Rol.Preceptor | Rol.JefeDepartamento,
    nombre: 'Claudia',
    apellido: 'Romero',
  },
  {
    email: EMAIL_DEMO.alumno,
    etiqueta: 'Alumno de 4° año',
    grupo: 'Alumnos',
    rls: Rol.Alumno,
    nombre: 'Tomás',
    apellido: 'Domínguez',
  },
  {
    email: EMAIL_DEMO.alumnoInstitucional,
    etiqueta: 'Alumno con correo institucional',
    grupo: 'Alumnos',
    rls: Rol.Alumno,
    nombre: 'Agustín',
    apellido: 'Pereyra',
  },
  {
    email: EMAIL_DEMO.referente,
    etiqueta: 'Referente con dos hijos (2° y 4° año)',
    grupo: 'Referentes',
    rls: Rol.ReferenteParental,
    nombre: 'Carolina',
    apellido: 'Sosa',
  },
  {
    email: EMAIL_DEMO.referenteOtro,
    etiqueta: 'Referente de otra familia',
    grupo: 'Referentes',
    rls: Rol.ReferenteParental,
    nombre: 'Jorge',
    apellido: 'Ramírez',
  },
];

/** El usuario de demostración de cada rol (uno por bit, de 1 a 512). */
export const EMAIL_DEMO_POR_ROL: Record<RolBit, string> = {
  [Rol.Docente]: EMAIL_DEMO.docente,
  [Rol.Admin]: EMAIL_DEMO.admin,
  [Rol.Preceptor]: EMAIL_DEMO.preceptor,
  [Rol.JefeDepartamento]: EMAIL_DEMO.jefeDepartamento,
  [Rol.JefePreceptor]: EMAIL_DEMO.jefePreceptores,
  [Rol.Regente]: EMAIL_DEMO.regente,
  [Rol.Alumno]: EMAIL_DEMO.alumno,
  [Rol.Alumnado]: EMAIL_DEMO.alumnado,
  [Rol.ReferenteParental]: EMAIL_DEMO.referente,
  [Rol.Coordinador]: EMAIL_DEMO.coordinador,
};

export function cuentaDemo(email: string): CuentaDemo | undefined {
  const e = email.trim().toLowerCase();
  return CUENTAS_DEMO.find((c) => c.email === e);
}
