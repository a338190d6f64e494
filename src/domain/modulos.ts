/**
 * El catálogo de módulos del portal (spec 01 §2): ruta, nombre, ícono y qué roles activos abren
 * cada uno. Lo leen la grilla de inicio, el menú de la barra superior (en el navegador: por eso
 * vive aparte de la tabla de procedimientos de src/server/permisos.ts, que no viaja al cliente)
 * y los guardias de página.
 */
import { ANIO_GIMNASIA } from '@/domain/gimnasia';
import { ADMINISTRACION, Rol, type RolBit } from '@/domain/roles';

const {
  Docente,
  Admin,
  Preceptor,
  JefeDepartamento,
  JefePreceptor,
  Regente,
  Alumno,
  Alumnado,
  ReferenteParental,
  Coordinador,
} = Rol;

export const PERSONAL: readonly RolBit[] = ADMINISTRACION;
export const ALUMNO_Y_REFERENTE: readonly RolBit[] = [Alumno, ReferenteParental];

export interface Modulo {
  /** Ruta principal del módulo (sin acentos: /planillon). */
  ruta: string;
  nombre: string;
  /** Nombre del ícono (ver src/components/iconos/sprite.tsx). */
  icono: string;
  roles: readonly RolBit[];
  /** Si aparece en la grilla de inicio y en el menú de módulos. */
  enGrilla: boolean;
  /** Si la pantalla ya está construida; las demás se muestran como "En preparación". */
  disponible: boolean;
  /**
   * Si además del rol pide el dispositivo de administración (la cookie firmada de /bypass): las
   * herramientas de root (spec 02 §2).
   */
  dispositivoAdmin?: true;
  /**
   * Sólo para el alumno que cursa este año en el ciclo en curso (gimnasia electiva: 5°, spec 02
   * §2): a los demás no se les muestra en la grilla ni en el menú (`modulosDe` con su año).
   */
  soloAnio?: number;
}

const m = (
  ruta: string,
  nombre: string,
  icono: string,
  roles: readonly RolBit[],
  extra: Partial<Pick<Modulo, 'enGrilla' | 'disponible' | 'dispositivoAdmin' | 'soloAnio'>> = {},
): Modulo => ({ ruta, nombre, icono, roles, enGrilla: true, disponible: false, ...extra });

export const MODULOS: readonly Modulo[] = [
  m('/alumnos', 'Alumnos', 'users', [Preceptor, JefePreceptor, Regente, Alumnado, Admin], {
    disponible: true,
  }),
  m('/alumnos-privileged', 'Alumnos y cursos', 'user-cog', [Alumnado, Admin], {
    disponible: true,
  }),
  m('/alumnos-cursados', 'Alumnos por cursado', 'list-check', [Alumnado, Admin], {
    disponible: true,
  }),
  m('/asistencias', 'Asistencias', 'calendar-check', [JefePreceptor, Regente, Alumnado, Admin], {
    disponible: true,
  }),
  m('/asistencias-protected', 'Asistencias', 'calendar-check', [Preceptor], { disponible: true }),
  m(
    '/reincorporaciones',
    'Reincorporaciones',
    'arrow-back-up',
    [JefePreceptor, Regente, Alumnado, Admin],
    { disponible: true },
  ),
  m('/medidas', 'Medidas disciplinarias', 'alert-triangle', [JefePreceptor, Regente, Admin], {
    disponible: true,
  }),
  m('/medidas-protected', 'Medidas disciplinarias', 'alert-triangle', [Preceptor], {
    disponible: true,
  }),
  m('/planillon', 'Planillón', 'table', [JefePreceptor, Regente, Alumnado, Admin], {
    disponible: true,
  }),
  m('/planillon-protected', 'Planillón', 'table', [Preceptor], { disponible: true }),
  m('/planillon-departamento', 'Planillón del departamento', 'table', [JefeDepartamento], {
    disponible: true,
  }),
  m('/planillon-coordinador', 'Planillón de coordinación', 'table', [Coordinador], {
    disponible: true,
  }),
  m('/referentes', 'Referentes', 'address-book', [JefePreceptor, Regente, Alumnado, Admin], {
    disponible: true,
  }),
  m('/referentes-protected', 'Referentes', 'address-book', [Preceptor], { disponible: true }),
  m('/avances', 'Avances', 'progress', [Docente, JefeDepartamento, Coordinador, Regente], {
    disponible: true,
  }),
  m(
    '/pendientes',
    'Pendientes',
    'list-check',
    [Regente, Alumnado, JefePreceptor, JefeDepartamento],
    {
      disponible: true,
    },
  ),
  m(
    '/cronograma',
    'Cronograma',
    'notebook',
    [Docente, JefeDepartamento, Regente, Coordinador, Admin],
    { disponible: true },
  ),
  m('/planificaciones/nueva', 'Nueva planificación', 'file-plus', [Docente], { disponible: true }),
  m(
    '/evaluaciones-readonly',
    'Evaluaciones',
    'clipboard-list',
    [Preceptor, JefePreceptor, Regente, Alumnado, Admin],
    { disponible: true },
  ),
  m('/libretas', 'Libretas', 'book', [Preceptor, JefePreceptor, Regente, Alumnado, Admin], {
    disponible: true,
  }),
  m('/horarios', 'Horarios', 'clock', [Alumnado, Regente, Admin], { disponible: true }),
  m(
    '/horarios-readonly',
    'Horarios',
    'clock',
    PERSONAL.filter((r) => ![Alumnado, Regente, Admin].includes(r as never)),
    { disponible: true },
  ),
  // La semana del docente, con sus cursados de todos los cursos (issue 32 §5).
  m('/mi-horario', 'Mi horario', 'clock', [Docente], { disponible: true }),
  m('/mesas', 'Mesas de examen', 'school', [Alumnado, Admin, JefeDepartamento, Docente], {
    disponible: true,
  }),
  m('/notas', 'Notas', 'pencil', [Docente], { disponible: true }),
  m('/notas-readonly', 'Notas', 'pencil', [Preceptor, JefePreceptor], { disponible: true }),
  m('/notas-supervisor', 'Notas', 'pencil', [JefeDepartamento, Coordinador], { disponible: true }),
  m('/notas-hypervisor', 'Notas', 'pencil', [Regente, Admin], { disponible: true }),
  m('/notas-privileged', 'Notas', 'pencil', [Alumnado], { disponible: true }),
  m('/calendario', 'Calendario', 'calendar', [Admin, Regente, Alumnado], { disponible: true }),
  m('/planificacion', 'Planificación', 'layout-list', [Admin, Regente, Alumnado], {
    disponible: true,
  }),
  m('/coordinadores', 'Coordinadores', 'user-star', [Admin, Regente], { disponible: true }),
  m('/docentes', 'Docentes', 'chalkboard', [Admin, Regente, JefeDepartamento, Alumnado], {
    disponible: true,
  }),
  m('/pics', 'PIC', 'certificate', [Alumnado, Admin, JefeDepartamento], { disponible: true }),
  m('/preceptores', 'Preceptores', 'user-check', [JefePreceptor, Regente, Admin], {
    disponible: true,
  }),
  m('/usuarios', 'Usuarios', 'user-shield', [Admin], { disponible: true }),
  m('/inscripciones', 'Inscripciones', 'clipboard-check', [Alumnado, Admin], {
    disponible: true,
  }),
  // Alumnos y tutores, personal y cursos desde una planilla (issue 34 §1).
  m('/importar', 'Importar', 'file-import', [Alumnado, Admin], { disponible: true }),
  // La spec no tiene pantalla para configurar la cuota (02 §9): se abre desde /inscripciones.
  m('/inscripciones/cooperadora', 'Cuota de la cooperadora', 'clipboard-check', [Admin], {
    enGrilla: false,
    disponible: true,
  }),
  m('/jornada/view', 'Jornada cultural y deportiva', 'ball-football', PERSONAL, {
    disponible: true,
  }),
  m('/legajo', 'Legajo', 'id', PERSONAL, { enGrilla: false, disponible: true }),
  // Herramientas de root (spec 02 §2): Admin con el dispositivo de administración; fuera de la
  // grilla (se llega desde /bypass).
  m('/root/reportes', 'Reportes SQL', 'table', [Admin], {
    enGrilla: false,
    disponible: true,
    dispositivoAdmin: true,
  }),
  m('/root/log', 'Registro', 'list-check', [Admin], {
    enGrilla: false,
    disponible: true,
    dispositivoAdmin: true,
  }),
  m('/root/dispositivos', 'Dispositivos de administración', 'user-shield', [Admin], {
    enGrilla: false,
    disponible: true,
    dispositivoAdmin: true,
  }),
  // La exportación completa de los datos de la escuela (issue 34 §3), como las de root.
  m('/root/exportar', 'Exportar los datos', 'table', [Admin], {
    enGrilla: false,
    disponible: true,
    dispositivoAdmin: true,
  }),
  // Comunicados de la escuela (issue 35 §4): quienes los escriben y quienes los reciben.
  m(
    '/comunicados',
    'Comunicados',
    'speakerphone',
    [Regente, Alumnado, Admin, JefePreceptor, Preceptor, Docente],
    { disponible: true },
  ),
  m('/jornada', 'Jornada cultural y deportiva', 'ball-football', [Alumno], { disponible: true }),
  m('/gimnasia-electiva', 'Gimnasia electiva', 'run', [Alumno], {
    disponible: true,
    soloAnio: ANIO_GIMNASIA,
  }),
  m(
    '/gimnasia-electiva/vista',
    'Gimnasia electiva',
    'run',
    [Regente, Admin, Alumnado, JefePreceptor],
    {
      disponible: true,
    },
  ),
  m('/perfil/editar', 'Editar perfil', 'user-edit', [Alumno], {
    enGrilla: false,
    disponible: true,
  }),
  m('/inscripcion', 'Inscripción', 'clipboard-text', [ReferenteParental], { disponible: true }),
  m('/horarios-externo', 'Horarios', 'clock', ALUMNO_Y_REFERENTE, { disponible: true }),
  m('/asistencias-externo', 'Asistencias', 'calendar-check', ALUMNO_Y_REFERENTE, {
    disponible: true,
  }),
  m('/avances-externo', 'Avances', 'progress', ALUMNO_Y_REFERENTE, { disponible: true }),
  m('/evaluaciones-externo', 'Evaluaciones', 'clipboard-list', ALUMNO_Y_REFERENTE, {
    disponible: true,
  }),
  m('/libretas-externo', 'Notas', 'book', ALUMNO_Y_REFERENTE, { disponible: true }),
  m('/medidas-externo', 'Medidas disciplinarias', 'alert-triangle', ALUMNO_Y_REFERENTE, {
    disponible: true,
  }),
  // Los comunicados que recibe la familia o el alumno, al final: la inscripción y las vistas del
  // día a día van primero en la grilla del teléfono.
  m('/comunicados-externo', 'Comunicados', 'speakerphone', ALUMNO_Y_REFERENTE, {
    disponible: true,
  }),
];

export function moduloDeRuta(ruta: string): Modulo | undefined {
  const limpia = ruta.split('?')[0]!.replace(/\/+$/, '') || '/';
  let mejor: Modulo | undefined;
  for (const mod of MODULOS) {
    if (limpia === mod.ruta || limpia.startsWith(mod.ruta + '/')) {
      if (!mejor || mod.ruta.length > mejor.ruta.length) mejor = mod;
    }
  }
  return mejor;
}

export function puedeAbrir(
  ruta: string,
  rol: number | null | undefined,
  dispositivoAdmin = false,
): boolean {
  const mod = moduloDeRuta(ruta);
  if (mod?.dispositivoAdmin && !dispositivoAdmin) return false;
  return !!mod && rol != null && (mod.roles as readonly number[]).includes(rol);
}

/**
 * Los módulos de la grilla de inicio y del menú para un rol activo. `anioQueCursa` es el año del
 * alumno en el ciclo en curso (null si no cursa): los módulos de otro año (`soloAnio`) no van.
 */
export function modulosDe(rol: number | null | undefined, anioQueCursa?: number | null): Modulo[] {
  if (rol == null) return [];
  return MODULOS.filter(
    (mod) =>
      mod.enGrilla &&
      (mod.roles as readonly number[]).includes(rol) &&
      (mod.soloAnio == null || mod.soloAnio === anioQueCursa),
  );
}

/** Si los módulos de este rol dependen del año que cursa el alumno (hay que leerlo). */
export const dependeDelAnio = (rol: number | null | undefined): boolean =>
  rol != null &&
  MODULOS.some((mod) => mod.soloAnio != null && (mod.roles as readonly number[]).includes(rol));

/** Un módulo como lo ven la grilla de inicio, el menú y /api/permissions y /api/sysconfig. */
export interface ModuloSistema {
  moduleId: string;
  main: string;
  nombre: string;
  icono: string;
  disponible: boolean;
}

export const aModuloSistema = (m: Modulo): ModuloSistema => ({
  moduleId: m.ruta.slice(1).replace(/\//g, '-'),
  main: m.ruta,
  nombre: m.nombre,
  icono: m.icono,
  disponible: m.disponible,
});
