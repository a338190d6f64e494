/**
 * La estructura de la escuela de demostración, sin azar: departamentos, los 18 cursos (seis
 * años, tres divisiones; de 4° en adelante una especialidad por división), las materias de
 * cada año, lo que tienen a cargo las cuentas de demostración y la configuración de la
 * escuela.
 */
import type { ConfiguracionCooperadora } from '@/domain/cooperadora';
import { ESPECIALIDAD_BASICO } from '@/domain/escuela';

export const DEPARTAMENTOS = [
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
export type Departamento = (typeof DEPARTAMENTOS)[number];

/** Docentes (además de los de demostración) por departamento: 40 en total. */
export const DOCENTES_POR_DEPARTAMENTO: Record<Departamento, number> = {
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

export interface CursoSemilla {
  anio: number;
  division: number;
  especialidad: string;
}

export const CURSOS: readonly CursoSemilla[] = [1, 2, 3, 4, 5, 6].flatMap((anio) =>
  [1, 2, 3].map((division) => ({
    anio,
    division,
    especialidad: anio <= 3 ? ESPECIALIDAD_BASICO : ESPECIALIDADES[division - 1]!,
  })),
);

export const claveCurso = (anio: number, division: number) => `${anio}-${division}`;

export interface MateriaSemilla {
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

export const MATERIAS: readonly MateriaSemilla[] = [
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

export function materiasDelCurso(c: CursoSemilla): MateriaSemilla[] {
  return MATERIAS.filter(
    (x) => x.anio === c.anio && (x.especialidad === null || x.especialidad === c.especialidad),
  );
}

// Cursos y materias de las cuentas de demostración.
/** Preceptor de demostración: 2° 1°, 2° 2° y 4° Electrónica (los hijos de referente.demo). */
export const CURSOS_PRECEPTOR_DEMO = [claveCurso(2, 1), claveCurso(2, 2), claveCurso(4, 1)];
/** Multirol como preceptor: 5° y 6° Electrónica. */
export const CURSOS_PRECEPTOR_MULTIROL = [claveCurso(5, 1), claveCurso(6, 1)];
/** Docente de demostración: Matemática en cursos del preceptor de demostración y en 3° 1°. */
export const CURSADOS_DOCENTE_DEMO = [
  ['MAT2', claveCurso(2, 1)],
  ['MAT2', claveCurso(2, 2)],
  ['MAT3', claveCurso(3, 1)],
  ['MAT4', claveCurso(4, 1)],
] as const;
/** Multirol como docente: materias de Electrónica, en sus cursos y en 4° Electrónica. */
export const CURSADOS_MULTIROL = [
  ['SDG4', claveCurso(4, 1)],
  ['ELA5', claveCurso(5, 1)],
  ['SDG5', claveCurso(5, 1)],
  ['MIC6', claveCurso(6, 1)],
] as const;
export const DEPARTAMENTO_JEFE_DEMO: Departamento = 'Ciencias Exactas';
export const DEPARTAMENTO_MULTIROL: Departamento = 'Electrónica';
/** Coordinador de demostración: los talleres. */
export const MATERIAS_COORDINADOR = [
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

export const ESCUELA = {
  nombre: 'Escuela Técnica N° 462 "Gral. Manuel Belgrano"',
  nombreCorto: 'Escuela Técnica N° 462',
  direccion: 'Av. Pellegrini 1950',
  localidad: 'Rosario',
  provincia: 'Santa Fe',
  codigoPostal: 'S2000',
  telefono: '341 4401462',
  email: 'secretaria@escuela.test',
};
/**
 * La cuota de la cooperadora de demostración (spec 02 §9: $ 120.000, un pago por transferencia
 * o 3 cuotas sin interés por suscripción, la oficina del primer piso, WhatsApp y redes). La cuenta
 * y los enlaces son ficticios (CBU y CUIT con dígitos verificadores válidos). Admin la cambia
 * cada año en /inscripciones/cooperadora.
 */
export const CUOTA_COOPERADORA: ConfiguracionCooperadora = {
  monto: 120_000,
  cuotas: 3,
  transferencia: {
    titular: 'Asociación Cooperadora de la Escuela Técnica N° 462',
    banco: 'Nuevo Banco de Santa Fe',
    cbu: '3300123800004620000178',
    alias: 'COOPERADORA.ET462',
    cuit: '30-71046246-8',
  },
  suscripcion: {
    proveedor: 'Mercado Pago',
    url: 'https://pagos.escuela.test/cooperadora/suscripcion',
  },
  oficina: 'Primer piso, de lunes a viernes de 8 a 12 y de 14 a 17.',
  whatsapp: 'https://wa.me/5493415550462',
  redes: [
    { nombre: 'Instagram', url: 'https://www.instagram.com/cooperadora.et462.demo' },
    { nombre: 'Facebook', url: 'https://www.facebook.com/cooperadora.et462.demo' },
  ],
};

/** 'AAAA-MM-DD'. */
export function fecha(anio: number, mes: number, dia: number): string {
  return `${anio}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`;
}
