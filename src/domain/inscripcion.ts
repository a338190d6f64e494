/**
 * Inscripción anual de un hijo por su referente parental (spec 02 §2 "Enrolment page",
 * §3, §4, §5): datos del referente, formulario de inscripción, ficha médica, comprobante
 * de pago y declaración de inglés técnico (CPIT). Reglas puras, sin base ni React: las usan
 * el formulario del teléfono y el servidor, que vuelve a validar todo.
 *
 * No confundir con src/domain/inscripciones.ts: la inscripción de un alumno a cursados.
 */

import { contieneHtml } from './archivos';
import { NO_HAY_INSCRIPCION, SOLO_JPG_JPEG_PDF } from './inscripcion-campos';

export * from './inscripcion-campos';

// ── Ficha médica (spec 02 §3 "Medical file") ───────────────────────────────────────────────
export const GRUPOS_SANGUINEOS = ['0', 'A', 'B', 'AB'] as const;
export type GrupoSanguineo = (typeof GRUPOS_SANGUINEOS)[number];
export const FACTORES_RH = ['+', '-'] as const;
export type FactorRh = (typeof FACTORES_RH)[number];

/** Antecedentes (casillas, viajan como texto "true"/"false"), con su etiqueta en el formulario. */
export const ANTECEDENTES = {
  amigdalitisRepetitivas: 'Amigdalitis repetitivas',
  convulsiones: 'Convulsiones',
  vertigosOMareos: 'Vértigos o mareos',
  diabetes: 'Diabetes',
  ulceras: 'Úlceras',
  hipertensionArterial: 'Hipertensión arterial',
  sinusitis: 'Sinusitis',
  bronquitis: 'Bronquitis',
  problemasEmocionales: 'Problemas emocionales',
  fiebreReumatica: 'Fiebre reumática',
  neumonia: 'Neumonía',
  asmaBronquial: 'Asma bronquial',
  traumatismoSevero: 'Traumatismo severo',
  diarreasFrecuentes: 'Diarreas frecuentes',
  parasitosisIntestinal: 'Parasitosis intestinal',
  hepatitis: 'Hepatitis',
  gastritis: 'Gastritis',
  tubercolosis: 'Tuberculosis',
  enfermedadesCardiacas: 'Enfermedades cardíacas',
  doloresDeCabezaFrecuentes: 'Dolores de cabeza frecuentes',
  hernias: 'Hernias',
  enfermedadesInfectocontagiosas: 'Enfermedades infectocontagiosas',
  trastornosAliementarios: 'Trastornos alimentarios',
  enfermedadesRespiratoriasCronicas: 'Enfermedades respiratorias crónicas',
  insuficienciaRenalCronica: 'Insuficiencia renal crónica',
} as const;
export type Antecedente = keyof typeof ANTECEDENTES;
export const CLAVES_ANTECEDENTES = Object.keys(ANTECEDENTES) as Antecedente[];

/** Preguntas de texto libre de la ficha, con su etiqueta. */
export const PREGUNTAS_FICHA = {
  otrasEnfermedades: 'Otras enfermedades',
  alergias: 'Alergias',
  intervencionesQuirurgicas: 'Intervenciones quirúrgicas',
  tratamientoEnCurso: 'Tratamiento en curso',
  tomaMedicacion: '¿Toma medicación?',
  medicacion: 'Medicación',
  puedeRealizarActividadFisica: '¿Puede realizar actividad física?',
  puedeManejarMaquinasYHerramientas: '¿Puede manejar máquinas y herramientas?',
  puedeEstarEnContactoConElementosQuimicosYDeLaboratorio:
    '¿Puede estar en contacto con elementos químicos y de laboratorio?',
} as const;
export type PreguntaFicha = keyof typeof PREGUNTAS_FICHA;
export const CLAVES_PREGUNTAS = Object.keys(PREGUNTAS_FICHA) as PreguntaFicha[];
/** Las tres preguntas de aptitud (spec 02 §2 "three ability questions"). */
export const PREGUNTAS_APTITUD: readonly PreguntaFicha[] = [
  'puedeRealizarActividadFisica',
  'puedeManejarMaquinasYHerramientas',
  'puedeEstarEnContactoConElementosQuimicosYDeLaboratorio',
];

/** Texto "true"/"false" (como llegan las casillas por REST) → booleano; otra cosa → null. */
export function booleanoDeTexto(valor: unknown): boolean | null {
  if (valor === true || valor === 'true') return true;
  if (valor === false || valor === 'false') return false;
  return null;
}

/** Peso (kg) y altura (cm): números, mínimo 1 (spec 02 §5). */
export function medidaCorporalValida(valor: unknown): boolean {
  const n = typeof valor === 'string' && valor.trim() !== '' ? Number(valor) : valor;
  return typeof n === 'number' && Number.isFinite(n) && n >= 1;
}

// ── Comprobante de pago (spec 02 §5): sólo JPG, JPEG o PDF, reconocidos por su contenido ───
export const TAMANIO_MAXIMO_COMPROBANTE = 10 * 1024 * 1024;
export const COMPROBANTE_DEMASIADO_GRANDE = 'El comprobante no puede superar los 10 MB';
export const COMPROBANTE_CON_HTML =
  'El comprobante contiene HTML o código y no se acepta: suba un JPG o un PDF';
export const EXTENSIONES_COMPROBANTE = ['jpg', 'jpeg', 'pdf'] as const;
/** Para el `accept` del selector de archivos (el servidor decide por el contenido). */
export const ACEPTA_COMPROBANTE = '.jpg,.jpeg,.pdf,image/jpeg,application/pdf';

export type TipoComprobante = 'image/jpeg' | 'application/pdf';

/**
 * El tipo real del archivo por sus primeros bytes: JPEG empieza con FF D8 FF; PDF con
 * "%PDF-". Un ejecutable renombrado .pdf, un SVG o un PNG devuelven null; también un JPEG o un
 * PDF con HTML o script después de la cabecera (un políglota, `contieneHtml`).
 */
export function tipoDeComprobante(bytes: Uint8Array): TipoComprobante | null {
  const tipo = tipoDeComprobantePorCabecera(bytes);
  return tipo && !contieneHtml(bytes) ? tipo : null;
}

/**
 * Por qué no sirve un comprobante, o null si sirve: un JPEG o PDF con HTML detrás (un políglota)
 * dice por qué; cualquier otro archivo, "Solo se aceptan formatos JPG, JPEG o PDF". El mismo
 * mensaje en el navegador (antes de la declaración jurada) y en el servidor.
 */
export function problemaDeComprobante(bytes: Uint8Array): string | null {
  if (tipoDeComprobante(bytes)) return null;
  return tipoDeComprobantePorCabecera(bytes) ? COMPROBANTE_CON_HTML : SOLO_JPG_JPEG_PDF;
}

/** Sólo la cabecera: si es de un JPEG o un PDF (sin mirar el resto del contenido). */
export function tipoDeComprobantePorCabecera(bytes: Uint8Array): TipoComprobante | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'image/jpeg';
  }
  const pdf = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
  if (bytes.length >= pdf.length && pdf.every((b, i) => bytes[i] === b)) return 'application/pdf';
  return null;
}

/** La extensión del nombre es una de las aceptadas (aviso temprano en el formulario). */
export function extensionAceptada(nombre: string): boolean {
  const ext = nombre.toLowerCase().split('.').pop() ?? '';
  return nombre.includes('.') && (EXTENSIONES_COMPROBANTE as readonly string[]).includes(ext);
}

// ── Inglés técnico (CPIT) (spec 02 §2 "English course section", §3, §4) ────────────────────
export const NIVELES_CPIT = [1, 2] as const;
export type NivelCpit = (typeof NIVELES_CPIT)[number];
export const ETIQUETA_NIVEL_CPIT: Readonly<Record<NivelCpit, string>> = {
  1: 'CPIT Nivel 1',
  2: 'CPIT Nivel 2',
};
export const NIVELES_ANTERIORES = ['inicial', 'intermedio', 'avanzado', '1', '2'] as const;
export type NivelAnterior = (typeof NIVELES_ANTERIORES)[number];
export const ETIQUETA_NIVEL_ANTERIOR: Readonly<Record<NivelAnterior, string>> = {
  inicial: 'Inicial',
  intermedio: 'Intermedio',
  avanzado: 'Avanzado',
  '1': 'CPIT Nivel 1',
  '2': 'CPIT Nivel 2',
};
/** Año mínimo del curso para el inglés técnico. */
export const ANIO_MINIMO_INGLES = 3;
export const TITULO_INGLES = 'Inscripción a capacitación profesional en inglés técnico';
export const HE_LEIDO_Y_ACEPTO = 'He leído y acepto';

export function esNivelCpit(valor: unknown): valor is NivelCpit {
  return (NIVELES_CPIT as readonly unknown[]).includes(valor);
}

export function esNivelAnterior(valor: unknown): valor is NivelAnterior {
  return (NIVELES_ANTERIORES as readonly unknown[]).includes(valor);
}

export interface CursadaDeInscripcion {
  ciclolectivo: number;
  /** Año del curso (1 a 6) en ese ciclo, o null si no se conoce. */
  anio: number | null;
}

export type ElegibilidadIngles =
  { elegible: true; anio: number } | { elegible: false; anio: number | null; motivo: string };

/**
 * Elegibilidad para el inglés técnico (spec 02 §4): si la última inscripción del hijo es
 * del ciclo actual se usa el curso anterior (cursadaAnterior); si no, el actual
 * (cursadaActual). Hace falta año 3 o más. Sin inscripción: NO_HAY_INSCRIPCION.
 */
export function elegibilidadIngles(
  ultima:
    | {
        ciclolectivo: number;
        cursadaActual: { anio: number | null } | null;
        cursadaAnterior: { anio: number | null } | null;
      }
    | null
    | undefined,
  cicloActual: number,
): ElegibilidadIngles {
  if (!ultima) return { elegible: false, anio: null, motivo: NO_HAY_INSCRIPCION };
  const cursada =
    ultima.ciclolectivo === cicloActual ? ultima.cursadaAnterior : ultima.cursadaActual;
  const anio = cursada?.anio ?? null;
  if (anio !== null && anio >= ANIO_MINIMO_INGLES) return { elegible: true, anio };
  return {
    elegible: false,
    anio,
    motivo: `El inglés técnico es a partir de ${ANIO_MINIMO_INGLES}° año`,
  };
}

/**
 * La sección de inglés aparece cuando todos los hijos están inscriptos en el ciclo actual;
 * si no, RECUERDE_INGLES (spec 02 §2). Sin hijos no hay nada que declarar.
 */
export function mostrarSeccionIngles(hijos: readonly { inscripto: boolean }[]): boolean {
  return hijos.length > 0 && hijos.every((h) => h.inscripto);
}

/** Texto de la declaración de inglés (spec 02 §2). */
export function textoDeclaracionIngles(alumno: string, ciclo: number): string {
  return (
    `Declaro que ${alumno} cursará la capacitación profesional en inglés técnico durante el ` +
    `ciclo lectivo ${ciclo}, y que a partir del 2 de mayo no se aceptan bajas.`
  );
}

// ── Cuota de la cooperadora: la configuración por ciclo está en domain/cooperadora.ts ───────
export interface CuotaCooperadora {
  monto: number;
  cuotas: number;
}

const PESOS = new Intl.NumberFormat('es-AR', {
  style: 'currency',
  currency: 'ARS',
  maximumFractionDigits: 0,
});

/** '$ 120.000' en formato argentino. */
export function formatoPesos(monto: number): string {
  return PESOS.format(monto).replace(/\u00a0/g, ' ');
}

/**
 * Opciones de pago de la cuota: un pago, o en cuotas iguales (redondeadas hacia arriba al
 * peso, de modo que nunca se paga menos que el total).
 */
export function opcionesDePago(c: CuotaCooperadora): string[] {
  const opciones = [`Un pago de ${formatoPesos(c.monto)}`];
  if (c.cuotas > 1) {
    const cuota = Math.ceil(c.monto / c.cuotas);
    opciones.push(`${c.cuotas} cuotas de ${formatoPesos(cuota)}`);
  }
  return opciones;
}

// ── Estado de la inscripción para el seguimiento de Alumnado ──────────────────────────────
export const ESTADOS_INSCRIPCION = ['pendiente', 'verificada', 'observada'] as const;
export type EstadoInscripcion = (typeof ESTADOS_INSCRIPCION)[number];
export const ETIQUETA_ESTADO_INSCRIPCION: Readonly<Record<EstadoInscripcion, string>> = {
  pendiente: 'Pendiente',
  verificada: 'Verificada',
  observada: 'Observada',
};
/** Colores llenos con texto blanco de contraste AA (≥ 4.5:1). */
export const COLOR_ESTADO_INSCRIPCION: Readonly<Record<EstadoInscripcion, string>> = {
  pendiente: 'gray.7',
  verificada: 'teal.9',
  observada: 'red.9',
};

// ── Certificado de alumno regular (spec 02 §2 "Certificate") ─────────────────────────────────
export const CIUDAD_CERTIFICADO = 'Rosario';
export const TIPO_CURSO_CERTIFICADO = 'SECUNDARIO TÉCNICO PROFESIONAL';
const MESES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

/** '21 de noviembre de 2026' a partir de una fecha 'AAAA-MM-DD' (la del día escolar). */
export function fechaLarga(fecha: string): string {
  const [a, m, d] = fecha.split('-').map(Number);
  return `${d} de ${MESES[m! - 1]} de ${a}`;
}

/** 'Rosario, 21 de noviembre de 2026'. */
export function lugarYFecha(fecha: string): string {
  return `${CIUDAD_CERTIFICADO}, ${fechaLarga(fecha)}`;
}

const ORDINALES = ['primer', 'segundo', 'tercer', 'cuarto', 'quinto', 'sexto'] as const;

/** El cuerpo del certificado: sólo con el año del curso del ciclo actual conocido. */
export function textoCertificado(a: {
  apellido: string;
  nombre: string;
  dni: number;
  anio: number;
  curso: string;
  ciclo: number;
}): string {
  const ordinal = ORDINALES[a.anio - 1];
  if (!ordinal) throw new Error(`Año de curso desconocido: ${a.anio}`);
  return (
    `Se certifica que ${a.apellido}, ${a.nombre}, DNI ${a.dni.toLocaleString('es-AR')}, es alumno/a ` +
    `regular de ${ordinal} año (${a.curso}) del nivel ${TIPO_CURSO_CERTIFICADO} de este establecimiento ` +
    `en el ciclo lectivo ${a.ciclo}. Se extiende el presente a pedido del/de la interesado/a para ser ` +
    `presentado ante quien corresponda.`
  );
}
