/**
 * La escuela de demostración (`npm run db:seed`): seis años, 18 cursos, ~30 alumnos por
 * curso con sus referentes, docentes, preceptores, materias, cursados e inscripciones del
 * ciclo lectivo, y un usuario de demostración por rol (src/server/db/demo.ts).
 *
 * Determinística: un generador pseudoaleatorio con semilla fija; lo único que depende de
 * la fecha es el ciclo lectivo. Sólo siembra si la base no tiene usuarios, todo en una
 * transacción, con inserciones por lotes.
 *
 * Uso: `tsx src/server/db/seed.ts [--if-empty]` (siempre es idempotente).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { ESPECIALIDAD_BASICO, cicloLectivoActual, nombreCurso } from '@/domain/escuela';
import { Rol } from '@/domain/roles';
import { CUENTAS_DEMO, EMAIL_DEMO, type CuentaDemo } from './demo';
import { abrirBase, type Db, type DbOTx } from './index';
import { sembrarInscripcion } from './seed-inscripcion';
import { fechasDeNotas, sembrarHistorial, sembrarNotas } from './seed-notas';
import { sembrarVidaEscolar } from './seed-vida-escolar';
import * as s from './schema';

// ---------------------------------------------------------------------------
// Azar determinístico

const SEMILLA = 20_240_301;
/** Clave del candado de la siembra (dos procesos arrancando a la vez). */
const CANDADO_SIEMBRA = 727_002;
const LOTE = 500;

function mulberry32(semilla: number): () => number {
  let a = semilla >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

class Azar {
  private readonly r: () => number;
  constructor(semilla: number) {
    this.r = mulberry32(semilla);
  }
  /** [0, 1) */
  real(): number {
    return this.r();
  }
  /** Entero en [min, max]. */
  entero(min: number, max: number): number {
    return min + Math.floor(this.r() * (max - min + 1));
  }
  si(probabilidad: number): boolean {
    return this.r() < probabilidad;
  }
  elegir<T>(lista: readonly T[]): T {
    const v = lista[Math.floor(this.r() * lista.length)];
    if (v === undefined) throw new Error('Lista vacía');
    return v;
  }
  digitos(n: number): string {
    let t = '';
    for (let i = 0; i < n; i++) t += String(Math.floor(this.r() * 10));
    return t;
  }
}

// ---------------------------------------------------------------------------
// Nombres

// prettier-ignore
const APELLIDOS = [
  'González', 'Rodríguez', 'Gómez', 'Fernández', 'López', 'Díaz', 'Martínez', 'Pérez', 'García',
  'Sánchez', 'Romero', 'Sosa', 'Torres', 'Álvarez', 'Ruiz', 'Ramírez', 'Flores', 'Benítez',
  'Acosta', 'Medina', 'Herrera', 'Suárez', 'Aguirre', 'Giménez', 'Gutiérrez', 'Pereyra', 'Rojas',
  'Molina', 'Castro', 'Ortiz', 'Silva', 'Núñez', 'Luna', 'Juárez', 'Cabrera', 'Ríos', 'Ferreyra',
  'Godoy', 'Morales', 'Domínguez', 'Moreno', 'Peralta', 'Vega', 'Carrizo', 'Quiroga', 'Castillo',
  'Ledesma', 'Muñoz', 'Ojeda', 'Ponce', 'Vera', 'Vázquez', 'Villalba', 'Cardozo', 'Navarro',
  'Ramos', 'Arias', 'Coronel', 'Córdoba', 'Figueroa', 'Correa', 'Cáceres', 'Vargas', 'Maldonado',
  'Mansilla', 'Farías', 'Rivero', 'Paz', 'Miranda', 'Roldán', 'Méndez', 'Lucero', 'Cruz',
  'Hernández', 'Agüero', 'Páez', 'Blanco', 'Mendoza', 'Barrios', 'Escobar', 'Ávila', 'Soria',
  'Bianchi', 'Rossi', 'Ferrari', 'Russo', 'Romano', 'Colombo', 'Bruno', 'Gallo', 'Costa',
  'Marino', 'Greco', 'Lombardi', 'Rinaldi', 'Fontana', 'Caruso', 'Mancini', 'Ricci', 'Galli',
  'Martini', 'Conti', 'Moretti', 'Bertolotti', 'Zanetti', 'Pagani', 'Gardella', 'Toledo', 'Bustos',
] as const;

// prettier-ignore
const NOMBRES_VARONES = [
  'Santiago', 'Mateo', 'Thiago', 'Benjamín', 'Joaquín', 'Tomás', 'Lautaro', 'Valentín', 'Agustín',
  'Facundo', 'Nicolás', 'Juan Cruz', 'Ignacio', 'Francisco', 'Bautista', 'Lucas', 'Felipe',
  'Máximo', 'Bruno', 'Gonzalo', 'Ramiro', 'Franco', 'Lisandro', 'Gael', 'Ezequiel', 'Julián',
  'Emiliano', 'Santino', 'Ian', 'Dylan', 'Matías', 'Alejo', 'Tobías', 'Simón', 'Lorenzo',
  'Juan Ignacio', 'Leandro', 'Marcos', 'Martín', 'Gabriel', 'Luciano', 'Federico', 'Germán',
] as const;

// prettier-ignore
const NOMBRES_MUJERES = [
  'Valentina', 'Sofía', 'Martina', 'Catalina', 'Emma', 'Mía', 'Lucía', 'Julieta', 'Camila',
  'Abril', 'Delfina', 'Agustina', 'Milagros', 'Micaela', 'Florencia', 'Victoria', 'Paula',
  'Morena', 'Guadalupe', 'Renata', 'Antonella', 'Josefina', 'Candela', 'Brisa', 'Zoe',
  'Isabella', 'Malena', 'Sol', 'Luz', 'Bianca', 'Lara', 'Pilar', 'Juana', 'Ornella', 'Ailén',
  'Jazmín', 'Rocío', 'Clara', 'Olivia', 'Alma',
] as const;

// prettier-ignore
const NOMBRES_HOMBRES_ADULTOS = [
  'Jorge', 'Carlos', 'Daniel', 'Marcelo', 'Sergio', 'Gustavo', 'Diego', 'Pablo', 'Fernando',
  'Alejandro', 'Claudio', 'Javier', 'Hernán', 'Walter', 'Cristian', 'Sebastián', 'Gabriel',
  'Mariano', 'Rubén', 'Raúl', 'Eduardo', 'Hugo', 'Oscar', 'Guillermo', 'Darío', 'Fabián',
  'Leonardo', 'Luciano', 'Maximiliano', 'Damián', 'Andrés', 'Martín', 'Esteban', 'Gerardo',
] as const;

// prettier-ignore
const NOMBRES_MUJERES_ADULTAS = [
  'María José', 'Carolina', 'Andrea', 'Silvina', 'Marcela', 'Verónica', 'Mariana', 'Laura',
  'Gabriela', 'Natalia', 'Lorena', 'Paola', 'Claudia', 'Romina', 'Valeria', 'Soledad', 'Cecilia',
  'Alejandra', 'Vanesa', 'Daniela', 'Fernanda', 'Luciana', 'Florencia', 'Analía', 'Mónica',
  'Sandra', 'Patricia', 'Silvia', 'Graciela', 'Viviana', 'Eugenia', 'Betina', 'Noelia',
] as const;

/** Para direcciones de correo: sin tildes ni espacios, en minúsculas. */
function paraCorreo(texto: string): string {
  return texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

// ---------------------------------------------------------------------------
// Estructura de la escuela

const DEPARTAMENTOS = [
  'Ciencias Exactas',
  'Ciencias Naturales',
  'Ciencias Sociales',
  'Lengua y Comunicación',
  'Educación Física',
  'Electrónica',
  'Mecánica',
  'Construcciones',
  'Química',
  'Informática',
] as const;
type Departamento = (typeof DEPARTAMENTOS)[number];

/** Docentes (además de los de demostración) por departamento: 40 en total. */
const DOCENTES_POR_DEPARTAMENTO: Record<Departamento, number> = {
  'Ciencias Exactas': 6,
  'Ciencias Naturales': 2,
  'Ciencias Sociales': 7,
  'Lengua y Comunicación': 7,
  'Educación Física': 3,
  Electrónica: 3,
  Mecánica: 4,
  Construcciones: 5,
  Química: 2,
  Informática: 1,
};

const ESPECIALIDADES = ['Electrónica', 'Mecánica', 'Construcciones'] as const;

interface CursoSemilla {
  anio: number;
  division: number;
  especialidad: string;
}

const CURSOS: readonly CursoSemilla[] = [1, 2, 3, 4, 5, 6].flatMap((anio) =>
  [1, 2, 3].map((division) => ({
    anio,
    division,
    especialidad: anio <= 3 ? ESPECIALIDAD_BASICO : ESPECIALIDADES[division - 1]!,
  })),
);

const claveCurso = (anio: number, division: number) => `${anio}-${division}`;

interface MateriaSemilla {
  codigo: string;
  nombre: string;
  anio: number;
  departamento: Departamento;
  horas: number;
  /** null: común a todas las divisiones del año. */
  especialidad: string | null;
}

function m(
  codigo: string,
  nombre: string,
  anio: number,
  departamento: Departamento,
  horas: number,
  especialidad: string | null = null,
): MateriaSemilla {
  return { codigo, nombre, anio, departamento, horas, especialidad };
}

const MATERIAS: readonly MateriaSemilla[] = [
  // 1° año
  m('MAT1', 'Matemática', 1, 'Ciencias Exactas', 5),
  m('LEN1', 'Lengua y Literatura', 1, 'Lengua y Comunicación', 4),
  m('HIS1', 'Historia', 1, 'Ciencias Sociales', 3),
  m('GEO1', 'Geografía', 1, 'Ciencias Sociales', 3),
  m('BIO1', 'Biología', 1, 'Ciencias Naturales', 3),
  m('ING1', 'Inglés', 1, 'Lengua y Comunicación', 3),
  m('EFI1', 'Educación Física', 1, 'Educación Física', 3),
  m('FEC1', 'Formación Ética y Ciudadana', 1, 'Ciencias Sociales', 2),
  m('DIB1', 'Dibujo Técnico', 1, 'Construcciones', 3),
  m('TAL1', 'Taller', 1, 'Mecánica', 6),
  // 2° año
  m('MAT2', 'Matemática', 2, 'Ciencias Exactas', 5),
  m('LEN2', 'Lengua y Literatura', 2, 'Lengua y Comunicación', 4),
  m('HIS2', 'Historia', 2, 'Ciencias Sociales', 3),
  m('GEO2', 'Geografía', 2, 'Ciencias Sociales', 3),
  m('FIS2', 'Física', 2, 'Ciencias Exactas', 3),
  m('BIO2', 'Biología', 2, 'Ciencias Naturales', 3),
  m('ING2', 'Inglés', 2, 'Lengua y Comunicación', 3),
  m('EFI2', 'Educación Física', 2, 'Educación Física', 3),
  m('FEC2', 'Formación Ética y Ciudadana', 2, 'Ciencias Sociales', 2),
  m('DIB2', 'Dibujo Técnico', 2, 'Construcciones', 3),
  m('TAL2', 'Taller', 2, 'Mecánica', 6),
  // 3° año
  m('MAT3', 'Matemática', 3, 'Ciencias Exactas', 5),
  m('LEN3', 'Lengua y Literatura', 3, 'Lengua y Comunicación', 4),
  m('HIS3', 'Historia', 3, 'Ciencias Sociales', 3),
  m('GEO3', 'Geografía', 3, 'Ciencias Sociales', 2),
  m('FIS3', 'Física', 3, 'Ciencias Exactas', 3),
  m('QUI3', 'Química', 3, 'Química', 3),
  m('ING3', 'Inglés', 3, 'Lengua y Comunicación', 3),
  m('EFI3', 'Educación Física', 3, 'Educación Física', 3),
  m('DIB3', 'Dibujo Técnico', 3, 'Construcciones', 3),
  m('INF3', 'Informática', 3, 'Informática', 2),
  m('TAL3', 'Taller', 3, 'Mecánica', 6),
  // 4° año
  m('MAT4', 'Matemática', 4, 'Ciencias Exactas', 4),
  m('LEN4', 'Lengua y Literatura', 4, 'Lengua y Comunicación', 3),
  m('HIS4', 'Historia', 4, 'Ciencias Sociales', 2),
  m('ING4', 'Inglés', 4, 'Lengua y Comunicación', 3),
  m('EFI4', 'Educación Física', 4, 'Educación Física', 3),
  m('FIS4', 'Física', 4, 'Ciencias Exactas', 4),
  m('QUI4', 'Química', 4, 'Química', 3),
  m('ETC4', 'Electrotecnia', 4, 'Electrónica', 4, 'Electrónica'),
  m('ELA4', 'Electrónica Analógica I', 4, 'Electrónica', 4, 'Electrónica'),
  m('SDG4', 'Sistemas Digitales I', 4, 'Electrónica', 4, 'Electrónica'),
  m('TEL4', 'Taller de Electrónica I', 4, 'Electrónica', 6, 'Electrónica'),
  m('MEC4', 'Mecanismos', 4, 'Mecánica', 4, 'Mecánica'),
  m('TMA4', 'Tecnología de los Materiales', 4, 'Mecánica', 3, 'Mecánica'),
  m('DME4', 'Dibujo Mecánico', 4, 'Mecánica', 4, 'Mecánica'),
  m('TME4', 'Taller de Mecánica I', 4, 'Mecánica', 6, 'Mecánica'),
  m('DCO4', 'Dibujo de Construcciones', 4, 'Construcciones', 4, 'Construcciones'),
  m('MCO4', 'Materiales de Construcción', 4, 'Construcciones', 3, 'Construcciones'),
  m('TOP4', 'Topografía', 4, 'Construcciones', 3, 'Construcciones'),
  m('TCO4', 'Taller de Construcciones I', 4, 'Construcciones', 6, 'Construcciones'),
  // 5° año
  m('MAT5', 'Matemática', 5, 'Ciencias Exactas', 4),
  m('LEN5', 'Lengua y Literatura', 5, 'Lengua y Comunicación', 3),
  m('ING5', 'Inglés', 5, 'Lengua y Comunicación', 3),
  m('EFI5', 'Educación Física', 5, 'Educación Física', 3),
  m('ECO5', 'Economía y Gestión de las Organizaciones', 5, 'Ciencias Sociales', 3),
  m('ELA5', 'Electrónica Analógica II', 5, 'Electrónica', 4, 'Electrónica'),
  m('SDG5', 'Sistemas Digitales II', 5, 'Electrónica', 4, 'Electrónica'),
  m('IYM5', 'Instrumentos y Mediciones', 5, 'Electrónica', 3, 'Electrónica'),
  m('TEL5', 'Taller de Electrónica II', 5, 'Electrónica', 6, 'Electrónica'),
  m('RMA5', 'Resistencia de Materiales', 5, 'Mecánica', 4, 'Mecánica'),
  m('TER5', 'Termodinámica', 5, 'Mecánica', 3, 'Mecánica'),
  m('MHE5', 'Máquinas Herramientas', 5, 'Mecánica', 4, 'Mecánica'),
  m('TME5', 'Taller de Mecánica II', 5, 'Mecánica', 6, 'Mecánica'),
  m('EST5', 'Estructuras I', 5, 'Construcciones', 4, 'Construcciones'),
  m('ISA5', 'Instalaciones Sanitarias', 5, 'Construcciones', 3, 'Construcciones'),
  m('PRO5', 'Proyecto de Obra', 5, 'Construcciones', 4, 'Construcciones'),
  m('TCO5', 'Taller de Construcciones II', 5, 'Construcciones', 6, 'Construcciones'),
  // 6° año
  m('MAT6', 'Matemática', 6, 'Ciencias Exactas', 4),
  m('ING6', 'Inglés', 6, 'Lengua y Comunicación', 2),
  m('EFI6', 'Educación Física', 6, 'Educación Física', 2),
  m('LEG6', 'Marco Jurídico y Derechos del Trabajo', 6, 'Ciencias Sociales', 2),
  m('HYS6', 'Higiene y Seguridad Laboral', 6, 'Construcciones', 2),
  m('TCM6', 'Telecomunicaciones', 6, 'Electrónica', 4, 'Electrónica'),
  m('EIN6', 'Electrónica Industrial', 6, 'Electrónica', 4, 'Electrónica'),
  m('MIC6', 'Microcontroladores', 6, 'Electrónica', 4, 'Electrónica'),
  m('PEL6', 'Proyecto Electrónico', 6, 'Electrónica', 5, 'Electrónica'),
  m('MTE6', 'Máquinas Térmicas', 6, 'Mecánica', 4, 'Mecánica'),
  m('HYN6', 'Hidráulica y Neumática', 6, 'Mecánica', 4, 'Mecánica'),
  m('PFA6', 'Procesos de Fabricación', 6, 'Mecánica', 4, 'Mecánica'),
  m('PME6', 'Proyecto Mecánico', 6, 'Mecánica', 5, 'Mecánica'),
  m('EST6', 'Estructuras II', 6, 'Construcciones', 4, 'Construcciones'),
  m('IEG6', 'Instalaciones Eléctricas y de Gas', 6, 'Construcciones', 4, 'Construcciones'),
  m('CYP6', 'Cómputo y Presupuesto', 6, 'Construcciones', 3, 'Construcciones'),
  m('PDO6', 'Proyecto y Dirección de Obra', 6, 'Construcciones', 5, 'Construcciones'),
];

function materiasDelCurso(c: CursoSemilla): MateriaSemilla[] {
  return MATERIAS.filter(
    (x) => x.anio === c.anio && (x.especialidad === null || x.especialidad === c.especialidad),
  );
}

// Cursos y materias de las cuentas de demostración.
/** Preceptor de demostración: 2° 1°, 2° 2° y 4° Electrónica (los hijos de referente.demo). */
const CURSOS_PRECEPTOR_DEMO = [claveCurso(2, 1), claveCurso(2, 2), claveCurso(4, 1)];
/** Multirol como preceptor: 5° y 6° Electrónica. */
const CURSOS_PRECEPTOR_MULTIROL = [claveCurso(5, 1), claveCurso(6, 1)];
/** Docente de demostración: Matemática en cursos del preceptor de demostración y en 3° 1°. */
const CURSADOS_DOCENTE_DEMO = [
  ['MAT2', claveCurso(2, 1)],
  ['MAT2', claveCurso(2, 2)],
  ['MAT3', claveCurso(3, 1)],
  ['MAT4', claveCurso(4, 1)],
] as const;
/** Multirol como docente: materias de Electrónica, en sus cursos y en 4° Electrónica. */
const CURSADOS_MULTIROL = [
  ['SDG4', claveCurso(4, 1)],
  ['ELA5', claveCurso(5, 1)],
  ['SDG5', claveCurso(5, 1)],
  ['MIC6', claveCurso(6, 1)],
] as const;
const DEPARTAMENTO_JEFE_DEMO: Departamento = 'Ciencias Exactas';
const DEPARTAMENTO_MULTIROL: Departamento = 'Electrónica';
/** Coordinador de demostración: los talleres. */
const MATERIAS_COORDINADOR = [
  'TAL1',
  'TAL2',
  'TAL3',
  'TEL4',
  'TME4',
  'TCO4',
  'TEL5',
  'TME5',
  'TCO5',
];

const ESCUELA = {
  nombre: 'Escuela Técnica N° 462 "Gral. Manuel Belgrano"',
  nombreCorto: 'Escuela Técnica N° 462',
  direccion: 'Av. Pellegrini 1950',
  localidad: 'Rosario',
  provincia: 'Santa Fe',
  codigoPostal: 'S2000',
  telefono: '341 4401462',
  email: 'secretaria@escuela.test',
};
const CUOTA_COOPERADORA = { monto: 120_000, cuotas: 3 };

// ---------------------------------------------------------------------------
// Generación (sin base de datos)

type Genero = 'Masculino' | 'Femenino';

interface AlumnoGen {
  cursoClave: string;
  dni: number;
  apellido: string;
  nombre: string;
  genero: Genero | null;
  email: string;
  telefono: string;
  nacimiento: string;
  /** Email del usuario vinculado (sólo alumnos de demostración). */
  usuario: string | null;
}

interface ReferenteGen {
  apellido: string;
  nombre: string;
  email: string | null;
  telefono: string;
  exalumno: boolean;
  usuario: string | null;
  /** Índices en la lista de alumnos. */
  hijos: number[];
}

interface UsuarioGen {
  email: string;
  nombre: string;
  apellido: string;
  telefono: string | null;
  rls: number;
}

interface EscuelaGen {
  usuarios: UsuarioGen[];
  docentesPorDepartamento: Map<Departamento, string[]>;
  preceptoresCursos: [string, string][];
  alumnos: AlumnoGen[];
  referentes: ReferenteGen[];
}

const DIAS_MES = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function fecha(anio: number, mes: number, dia: number): string {
  return `${anio}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`;
}

/** Familias prefijadas de las cuentas de demostración. */
interface HijoPrefijado {
  curso: string;
  nombre: string;
  genero: Genero;
  email?: string;
  usuario?: string;
}
interface FamiliaPrefijada {
  apellido: string;
  hijos: HijoPrefijado[];
  referentes: { nombre: string; apellido: string; email: string | null; usuario?: string }[];
}

function cuenta(email: string): CuentaDemo {
  const c = CUENTAS_DEMO.find((x) => x.email === email);
  if (!c) throw new Error(`Falta la cuenta de demostración ${email}`);
  return c;
}

function familiasDemo(): FamiliaPrefijada[] {
  const alumno = cuenta(EMAIL_DEMO.alumno);
  const institucional = cuenta(EMAIL_DEMO.alumnoInstitucional);
  const referente = cuenta(EMAIL_DEMO.referente);
  const otro = cuenta(EMAIL_DEMO.referenteOtro);
  return [
    {
      apellido: alumno.apellido,
      hijos: [
        {
          curso: claveCurso(4, 1),
          nombre: alumno.nombre,
          genero: 'Masculino',
          email: alumno.email,
          usuario: alumno.email,
        },
        { curso: claveCurso(2, 1), nombre: 'Valentina', genero: 'Femenino' },
      ],
      referentes: [
        {
          nombre: referente.nombre,
          apellido: referente.apellido,
          email: referente.email,
          usuario: referente.email,
        },
        { nombre: 'Diego', apellido: alumno.apellido, email: null },
      ],
    },
    {
      apellido: otro.apellido,
      hijos: [
        { curso: claveCurso(1, 2), nombre: 'Lucía', genero: 'Femenino' },
        { curso: claveCurso(6, 2), nombre: 'Mateo', genero: 'Masculino' },
      ],
      referentes: [
        { nombre: otro.nombre, apellido: otro.apellido, email: otro.email, usuario: otro.email },
        { nombre: 'Paola', apellido: 'Giménez', email: null },
      ],
    },
    {
      apellido: institucional.apellido,
      hijos: [
        {
          curso: claveCurso(5, 3),
          nombre: institucional.nombre,
          genero: 'Masculino',
          email: institucional.email,
          usuario: institucional.email,
        },
      ],
      referentes: [],
    },
  ];
}

export function generarEscuela(ciclo: number): EscuelaGen {
  const azar = new Azar(SEMILLA);
  const usados = new Set<string>();
  const usuarios: UsuarioGen[] = [];

  const telefonoFijo = () => `341 4${azar.digitos(6)}`;
  const telefonoCelular = () => `341 ${azar.elegir(['5', '6'])}${azar.digitos(6)}`;

  // Cuentas de demostración del personal.
  for (const c of CUENTAS_DEMO.filter((x) => x.grupo === 'Personal')) {
    usuarios.push({
      email: c.email,
      nombre: c.nombre,
      apellido: c.apellido,
      telefono: telefonoCelular(),
      rls: c.rls,
    });
    usados.add(c.email);
  }

  const personalNuevo = (rls: number, mujer: boolean): UsuarioGen => {
    for (;;) {
      const nombre = azar.elegir(mujer ? NOMBRES_MUJERES_ADULTAS : NOMBRES_HOMBRES_ADULTOS);
      const apellido = azar.elegir(APELLIDOS);
      const email = `${paraCorreo(nombre)}.${paraCorreo(apellido)}@escuela.test`;
      if (usados.has(email)) continue;
      usados.add(email);
      const u = { email, nombre, apellido, telefono: telefonoCelular(), rls };
      usuarios.push(u);
      return u;
    }
  };

  // Docentes por departamento.
  const docentesPorDepartamento = new Map<Departamento, string[]>();
  for (const d of DEPARTAMENTOS) {
    const lista: string[] = [];
    for (let i = 0; i < DOCENTES_POR_DEPARTAMENTO[d]; i++) {
      lista.push(personalNuevo(Rol.Docente, azar.si(0.55)).email);
    }
    docentesPorDepartamento.set(d, lista);
  }

  // Preceptores: uno por curso. Los de demostración tienen los suyos; el resto se reparte.
  const preceptoresCursos: [string, string][] = [
    ...CURSOS_PRECEPTOR_DEMO.map((c): [string, string] => [EMAIL_DEMO.preceptor, c]),
    ...CURSOS_PRECEPTOR_MULTIROL.map((c): [string, string] => [EMAIL_DEMO.multirol, c]),
  ];
  const conPreceptor = new Set(preceptoresCursos.map(([, c]) => c));
  const sinPreceptor = CURSOS.map((c) => claveCurso(c.anio, c.division)).filter(
    (c) => !conPreceptor.has(c),
  );
  const reparto = [3, 3, 3, 2, 2];
  let k = 0;
  for (const n of reparto) {
    const p = personalNuevo(Rol.Preceptor, azar.si(0.7));
    for (const c of sinPreceptor.slice(k, k + n)) preceptoresCursos.push([p.email, c]);
    k += n;
  }
  if (k !== sinPreceptor.length) throw new Error('Reparto de preceptores incompleto');

  // Alumnos: cantidad por curso y familias.
  const tamanios = new Map<string, number>();
  for (const c of CURSOS) tamanios.set(claveCurso(c.anio, c.division), azar.entero(27, 33));
  const libres = new Map<string, number>(tamanios);
  const tomarLugar = (curso: string) => {
    const n = libres.get(curso) ?? 0;
    if (n <= 0) throw new Error(`Curso ${curso} completo`);
    libres.set(curso, n - 1);
  };

  const alumnos: AlumnoGen[] = [];
  const referentes: ReferenteGen[] = [];
  const dnis = new Set<number>();
  let nCorreo = 0;

  const anioDeCurso = (clave: string) => Number(clave.split('-')[0]);

  const nuevoAlumno = (
    curso: string,
    apellido: string,
    nombre: string,
    genero: Genero | null,
    extra: { email?: string; usuario?: string } = {},
  ): number => {
    tomarLugar(curso);
    const anio = anioDeCurso(curso);
    // 1° año cumple 13 en el ciclo; uno de cada diez repitió un año.
    const nacio = ciclo - 12 - anio - (azar.si(0.1) ? 1 : 0);
    const mes = azar.entero(1, 12);
    const dia = azar.entero(1, DIAS_MES[mes - 1]!);
    // DNI acorde al año de nacimiento (unos 850.000 por año desde 45 millones en 2004).
    const base = 45_000_000 + (nacio - 2004) * 850_000;
    let dni: number;
    do dni = base + azar.entero(0, 849_999);
    while (dnis.has(dni));
    dnis.add(dni);
    nCorreo++;
    alumnos.push({
      cursoClave: curso,
      dni,
      apellido,
      nombre,
      genero,
      email: extra.email ?? `${paraCorreo(nombre)}.${paraCorreo(apellido)}.${nCorreo}@gmail.com`,
      telefono: telefonoFijo(),
      nacimiento: fecha(nacio, mes, dia),
      usuario: extra.usuario ?? null,
    });
    return alumnos.length - 1;
  };

  const generoAzar = (): Genero | null =>
    azar.si(0.02) ? null : azar.si(0.65) ? 'Masculino' : 'Femenino';
  const nombrePara = (g: Genero | null) =>
    azar.elegir(
      g === 'Masculino'
        ? NOMBRES_VARONES
        : g === 'Femenino'
          ? NOMBRES_MUJERES
          : azar.si(0.5)
            ? NOMBRES_VARONES
            : NOMBRES_MUJERES,
    );

  let nCorreoRef = 0;
  const correoReferente = (nombre: string, apellido: string) => {
    nCorreoRef++;
    const dominio = azar.elegir([
      'gmail.com',
      'gmail.com',
      'gmail.com',
      'hotmail.com',
      'yahoo.com.ar',
    ]);
    return `${paraCorreo(nombre)}.${paraCorreo(apellido)}.${nCorreoRef}@${dominio}`;
  };

  // Familias de demostración.
  for (const f of familiasDemo()) {
    const hijos = f.hijos.map((h) => nuevoAlumno(h.curso, f.apellido, h.nombre, h.genero, h));
    for (const r of f.referentes) {
      referentes.push({
        apellido: r.apellido,
        nombre: r.nombre,
        email: r.email,
        telefono: telefonoCelular(),
        exalumno: false,
        usuario: r.usuario ?? null,
        hijos,
      });
    }
    if (f.referentes.length === 0) {
      const nombre = azar.elegir(NOMBRES_MUJERES_ADULTAS);
      const apellido = azar.elegir(APELLIDOS);
      referentes.push({
        apellido,
        nombre,
        email: correoReferente(nombre, apellido),
        telefono: telefonoCelular(),
        exalumno: false,
        usuario: null,
        hijos,
      });
    }
  }
  for (const u of [
    EMAIL_DEMO.alumno,
    EMAIL_DEMO.alumnoInstitucional,
    EMAIL_DEMO.referente,
    EMAIL_DEMO.referenteOtro,
  ]) {
    const c = cuenta(u);
    usuarios.push({
      email: c.email,
      nombre: c.nombre,
      apellido: c.apellido,
      telefono: telefonoCelular(),
      rls: c.rls,
    });
  }

  // El resto de las familias: a veces con un hermano en otro año.
  const clavesCursos = CURSOS.map((c) => claveCurso(c.anio, c.division));
  for (const curso of clavesCursos) {
    while ((libres.get(curso) ?? 0) > 0) {
      const apellido = azar.elegir(APELLIDOS);
      const g1 = generoAzar();
      const nombre1 = nombrePara(g1);
      const hijos = [nuevoAlumno(curso, apellido, nombre1, g1)];
      if (azar.si(0.1)) {
        const otroCurso = azar.elegir(clavesCursos);
        if (anioDeCurso(otroCurso) !== anioDeCurso(curso) && (libres.get(otroCurso) ?? 0) > 0) {
          const g2 = generoAzar();
          let nombre2 = nombrePara(g2);
          while (nombre2 === nombre1) nombre2 = nombrePara(g2);
          hijos.push(nuevoAlumno(otroCurso, apellido, nombre2, g2));
        }
      }
      const dos = azar.si(0.7);
      const madrePrimero = azar.si(0.75);
      const adultos: { mujer: boolean }[] = dos
        ? [{ mujer: madrePrimero }, { mujer: !madrePrimero }]
        : [{ mujer: madrePrimero }];
      for (const a of adultos) {
        const nombre = azar.elegir(a.mujer ? NOMBRES_MUJERES_ADULTAS : NOMBRES_HOMBRES_ADULTOS);
        const apellidoRef = a.mujer ? azar.elegir(APELLIDOS) : apellido;
        referentes.push({
          apellido: apellidoRef,
          nombre,
          email: azar.si(0.9) ? correoReferente(nombre, apellidoRef) : null,
          telefono: telefonoCelular(),
          exalumno: azar.si(a.mujer ? 0.05 : 0.2),
          usuario: null,
          hijos,
        });
      }
    }
  }

  return { usuarios, docentesPorDepartamento, preceptoresCursos, alumnos, referentes };
}

// ---------------------------------------------------------------------------
// Escritura

async function insertarPorLotes<T>(
  filas: T[],
  insertar: (lote: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < filas.length; i += LOTE) await insertar(filas.slice(i, i + LOTE));
}

async function insertarDevolviendo<T, R>(
  filas: T[],
  insertar: (lote: T[]) => Promise<R[]>,
): Promise<R[]> {
  const todas: R[] = [];
  for (let i = 0; i < filas.length; i += LOTE)
    todas.push(...(await insertar(filas.slice(i, i + LOTE))));
  if (todas.length !== filas.length) throw new Error('La inserción no devolvió todas las filas');
  return todas;
}

function id(mapa: Map<string, number>, clave: string): number {
  const v = mapa.get(clave);
  if (v === undefined) throw new Error(`Falta ${clave}`);
  return v;
}

async function construir(tx: DbOTx, ciclo: number): Promise<void> {
  const gen = generarEscuela(ciclo);
  const azar = new Azar(SEMILLA + ciclo);

  const deps = await tx
    .insert(s.departamentos)
    .values(DEPARTAMENTOS.map((nombre) => ({ nombre })))
    .returning({ id: s.departamentos.id, nombre: s.departamentos.nombre });
  const depId = new Map(deps.map((d) => [d.nombre, d.id]));

  const [plan] = await tx
    .insert(s.planes)
    .values({ codigo: 'ETP', anio: 2018, nombre: 'Técnico (Ley 26.058)' })
    .returning({ id: s.planes.id });
  if (!plan) throw new Error('No se creó el plan');

  const cursos = await tx
    .insert(s.cursos)
    .values(CURSOS.map((c) => ({ ...c })))
    .returning({ id: s.cursos.id, anio: s.cursos.anio, division: s.cursos.division });
  const cursoId = new Map(cursos.map((c) => [claveCurso(c.anio, c.division), c.id]));

  const materias = await tx
    .insert(s.materias)
    .values(
      MATERIAS.map((x) => ({
        nombre: x.nombre,
        codigo: x.codigo,
        anio: x.anio,
        planId: plan.id,
        departamentoId: id(depId, x.departamento),
      })),
    )
    .returning({ id: s.materias.id, codigo: s.materias.codigo });
  const materiaId = new Map(materias.map((x) => [x.codigo, x.id]));

  const usuarios = await tx
    .insert(s.usuarios)
    .values(gen.usuarios)
    .returning({ id: s.usuarios.id, email: s.usuarios.email });
  const usuarioId = new Map(usuarios.map((u) => [u.email, u.id]));

  await tx.insert(s.preceptoresCursos).values(
    gen.preceptoresCursos.map(([email, curso]) => ({
      usuarioId: id(usuarioId, email),
      cursoId: id(cursoId, curso),
    })),
  );
  await tx.insert(s.jefesDepartamento).values([
    {
      usuarioId: id(usuarioId, EMAIL_DEMO.jefeDepartamento),
      departamentoId: id(depId, DEPARTAMENTO_JEFE_DEMO),
    },
    {
      usuarioId: id(usuarioId, EMAIL_DEMO.multirol),
      departamentoId: id(depId, DEPARTAMENTO_MULTIROL),
    },
  ]);
  await tx.insert(s.coordinadoresMaterias).values(
    MATERIAS_COORDINADOR.map((codigo) => ({
      usuarioId: id(usuarioId, EMAIL_DEMO.coordinador),
      materiaId: id(materiaId, codigo),
    })),
  );

  // Alumnos y su curso del ciclo.
  const alumnos = await insertarDevolviendo(gen.alumnos, (lote) =>
    tx
      .insert(s.alumnos)
      .values(
        lote.map((a) => ({
          usuarioId: a.usuario ? id(usuarioId, a.usuario) : null,
          dni: a.dni,
          apellido: a.apellido,
          nombre: a.nombre,
          genero: a.genero,
          email: a.email,
          telefono: a.telefono,
          habilitado: true,
          nacimiento: a.nacimiento,
        })),
      )
      .returning({ id: s.alumnos.id, dni: s.alumnos.dni }),
  );
  const alumnoPorDni = new Map(alumnos.map((a) => [a.dni, a.id]));
  const alumnoId = gen.alumnos.map((a) => {
    const v = alumnoPorDni.get(a.dni);
    if (v === undefined) throw new Error(`Falta el alumno ${a.dni}`);
    return v;
  });
  await insertarPorLotes(
    gen.alumnos.map((a, i) => ({
      alumnoId: alumnoId[i]!,
      cursoId: id(cursoId, a.cursoClave),
      ciclolectivo: ciclo,
    })),
    (lote) => tx.insert(s.alumnosCursos).values(lote),
  );

  // Referentes (PostgreSQL devuelve las filas de un INSERT ... VALUES en el orden dado).
  const refs = await insertarDevolviendo(gen.referentes, (lote) =>
    tx
      .insert(s.referentes)
      .values(
        lote.map((r) => ({
          usuarioId: r.usuario ? id(usuarioId, r.usuario) : null,
          apellido: r.apellido,
          nombre: r.nombre,
          email: r.email,
          telefono: r.telefono,
          exalumno: r.exalumno,
        })),
      )
      .returning({ id: s.referentes.id }),
  );
  await insertarPorLotes(
    gen.referentes.flatMap((r, i) =>
      r.hijos.map((h) => ({ alumnoId: alumnoId[h]!, referenteId: refs[i]!.id })),
    ),
    (lote) => tx.insert(s.alumnosReferentes).values(lote),
  );

  // Cursados del ciclo: uno por (curso, materia), con su docente.
  const fijos = new Map<string, string>();
  for (const [codigo, curso] of CURSADOS_DOCENTE_DEMO)
    fijos.set(`${codigo}|${curso}`, EMAIL_DEMO.docente);
  for (const [codigo, curso] of CURSADOS_MULTIROL)
    fijos.set(`${codigo}|${curso}`, EMAIL_DEMO.multirol);
  const docenteDeMateria = new Map<string, string>();
  const turnoDepartamento = new Map<Departamento, number>();
  for (const x of MATERIAS) {
    const cursosDeMateria = CURSOS.filter((c) => materiasDelCurso(c).includes(x));
    if (cursosDeMateria.every((c) => fijos.has(`${x.codigo}|${claveCurso(c.anio, c.division)}`)))
      continue;
    const lista = gen.docentesPorDepartamento.get(x.departamento) ?? [];
    const t = turnoDepartamento.get(x.departamento) ?? 0;
    turnoDepartamento.set(x.departamento, t + 1);
    docenteDeMateria.set(x.codigo, lista[t % lista.length]!);
  }

  interface CursadoGen {
    nombre: string;
    modalidad: number;
    horas: number;
    materia: string;
    curso: string;
    docente: string;
  }
  const cursadosGen: CursadoGen[] = [];
  for (const c of CURSOS) {
    const clave = claveCurso(c.anio, c.division);
    for (const x of materiasDelCurso(c)) {
      const r = azar.real();
      cursadosGen.push({
        nombre: `${x.nombre} ${nombreCurso(c)}`,
        modalidad: r < 0.85 ? 0 : r < 0.91 ? 1 : r < 0.97 ? 2 : 3,
        horas: x.horas,
        materia: x.codigo,
        curso: clave,
        docente: fijos.get(`${x.codigo}|${clave}`) ?? docenteDeMateria.get(x.codigo)!,
      });
    }
  }
  const cursados = await insertarDevolviendo(cursadosGen, (lote) =>
    tx
      .insert(s.cursados)
      .values(
        lote.map((x) => ({
          nombre: x.nombre,
          modalidad: x.modalidad,
          horas: x.horas,
          ciclolectivo: ciclo,
        })),
      )
      .returning({ id: s.cursados.id, nombre: s.cursados.nombre }),
  );
  const cursadoId = new Map(cursados.map((x) => [x.nombre, x.id]));
  const idCursado = (x: CursadoGen) => id(cursadoId, x.nombre);
  await insertarPorLotes(
    cursadosGen.map((x) => ({ cursadoId: idCursado(x), materiaId: id(materiaId, x.materia) })),
    (lote) => tx.insert(s.cursadosMaterias).values(lote),
  );
  await insertarPorLotes(
    cursadosGen.map((x) => ({ cursadoId: idCursado(x), cursoId: id(cursoId, x.curso) })),
    (lote) => tx.insert(s.cursadosCursos).values(lote),
  );
  await insertarPorLotes(
    cursadosGen.map((x) => ({ cursadoId: idCursado(x), usuarioId: id(usuarioId, x.docente) })),
    (lote) => tx.insert(s.cursadosDocentes).values(lote),
  );

  // Inscripciones: cada alumno a todos los cursados de su curso.
  const cursadosPorCurso = new Map<string, CursadoGen[]>();
  for (const x of cursadosGen)
    cursadosPorCurso.set(x.curso, [...(cursadosPorCurso.get(x.curso) ?? []), x]);
  const inscripciones = gen.alumnos.flatMap((a, i) =>
    (cursadosPorCurso.get(a.cursoClave) ?? []).map((x) => ({
      alumnoId: alumnoId[i]!,
      cursadoId: idCursado(x),
      materiaId: id(materiaId, x.materia),
    })),
  );
  await insertarPorLotes(inscripciones, (lote) => tx.insert(s.inscripciones).values(lote));

  // Configuración y calendario.
  const ciclosCuota = [...new Set([2025, ciclo])].filter((a) => a <= ciclo);
  await tx
    .insert(s.configuracion)
    .values([
      { clave: 'escuela', valor: ESCUELA },
      ...ciclosCuota.map((a) => ({ clave: `cuota.${a}`, valor: CUOTA_COOPERADORA })),
    ]);
  const cal = (mes: number, dia: number, tipo: string, area: string) => ({
    fecha: fecha(ciclo, mes, dia),
    tipo,
    area,
  });
  await tx.insert(s.calendario).values([
    // Notas: 1° y 2° cuatrimestre.
    ...fechasDeNotas(ciclo),
    // Avances (informes de dificultades), uno por cuatrimestre.
    cal(5, 4, 'apertura', 'avance'),
    cal(5, 15, 'cierre', 'avance'),
    cal(5, 22, 'publicacion', 'avance'),
    cal(9, 21, 'apertura', 'avance'),
    cal(10, 2, 'cierre', 'avance'),
    cal(10, 9, 'publicacion', 'avance'),
  ]);
}

/**
 * Siembra la escuela de demostración si la base no tiene usuarios.
 * Idempotente: en una base con datos no cambia nada y devuelve `creado: false`.
 */
export async function sembrar(
  db: Db,
  opciones: { ciclo?: number } = {},
): Promise<{ creado: boolean }> {
  const ciclo = opciones.ciclo ?? cicloLectivoActual();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CANDADO_SIEMBRA})`);
    const [fila] = await tx.select({ n: count() }).from(s.usuarios);
    if ((fila?.n ?? 0) > 0) return { creado: false };
    await construir(tx, ciclo);
    await sembrarVidaEscolar(tx, { ciclo });
    await sembrarInscripcion(tx, { ciclo });
    await sembrarNotas(tx, { ciclo });
    await sembrarHistorial(tx, ciclo);
    return { creado: true };
  });
}

// ---------------------------------------------------------------------------
// Línea de comandos: tsx src/server/db/seed.ts [--if-empty]

async function principal(): Promise<void> {
  const argumentos = process.argv.slice(2).filter((a) => a !== '--if-empty');
  if (argumentos.length > 0) {
    console.error(
      `Argumento desconocido: ${argumentos.join(' ')}. Uso: tsx src/server/db/seed.ts [--if-empty]`,
    );
    process.exit(2);
  }
  const url = process.env.DATABASE_URL || undefined;
  // PGlite crea su carpeta (.data/pglite) sin crear las anteriores.
  if (!url) mkdirSync(path.join(process.cwd(), '.data'), { recursive: true });
  const { db, cerrar } = await abrirBase({ url });
  try {
    const inicio = performance.now();
    const { creado } = await sembrar(db);
    if (creado) {
      const [a] = await db.select({ n: count() }).from(s.alumnos);
      const [u] = await db.select({ n: count() }).from(s.usuarios);
      const ms = Math.round(performance.now() - inicio);
      console.log(
        `Escuela de demostración creada: ${a?.n ?? 0} alumnos, ${u?.n ?? 0} usuarios (${ms} ms).`,
      );
    } else {
      console.log('La base ya tiene datos: no se sembró nada.');
    }
  } finally {
    await cerrar();
  }
}

if (process.argv[1]?.replace(/\\/g, '/').endsWith('src/server/db/seed.ts')) {
  principal().then(
    () => process.exit(0),
    (e: unknown) => {
      console.error('No se pudo sembrar la base:', e);
      process.exit(1);
    },
  );
}
