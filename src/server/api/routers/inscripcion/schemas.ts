/**
 * Esquemas de la inscripción anual (spec 02 §2 "Enrolment form contents", §3, §5, §7): el
 * formulario llega plano, como multipart (REST y pantalla), con las casillas de la ficha
 * médica como texto "true"/"false" y el comprobante como archivo.
 */
import { z } from 'zod';
import {
  CLAVES_ANTECEDENTES,
  CLAVES_PREGUNTAS,
  ENTRE_2_Y_4_DIGITOS,
  ENTRE_6_Y_8_DIGITOS,
  ESTADOS_INSCRIPCION,
  FACTORES_RH,
  GRUPOS_SANGUINEOS,
  NIVELES_ANTERIORES,
  cuilValido,
  normalizarCuil,
  type Antecedente,
  type PreguntaFicha,
} from '@/domain/inscripcion';
import { booleano } from '@/server/api/routers/alumnos/schemas';
import { email, id, textoRequerido } from '@/server/api/schemas';

export const CUIL_INVALIDO = 'El CUIL debe tener la forma 00-12345678-0';
export const SIN_COMPROBANTE = 'Adjunte el comprobante de pago';

const casilla = (campo: string) => booleano(campo).default(false);
const textoOpcional = (max = 500) =>
  z
    .string({ error: `Como máximo ${max} caracteres.` })
    .trim()
    .max(max, { error: `Como máximo ${max} caracteres.` })
    .default('');
const medida = (campo: string) =>
  z.coerce
    .number({ error: `${campo}: debe ser un número.` })
    .refine(Number.isFinite, { error: `${campo}: debe ser un número.` })
    .min(1, { error: `${campo}: como mínimo 1.` })
    .max(999, { error: `${campo}: como máximo 999.` });

const antecedentes = Object.fromEntries(CLAVES_ANTECEDENTES.map((c) => [c, casilla(c)])) as Record<
  Antecedente,
  ReturnType<typeof casilla>
>;
const preguntas = Object.fromEntries(
  CLAVES_PREGUNTAS.map((c) => [c, textoOpcional(1000)]),
) as Record<PreguntaFicha, ReturnType<typeof textoOpcional>>;

/** El formulario de inscripción de un hijo, sin el archivo. */
export const formularioInscripcion = z.object(
  {
    alumno: id,
    email,
    codarea: z
      .string({ error: ENTRE_2_Y_4_DIGITOS })
      .trim()
      .regex(/^\d{2,4}$/, { error: `Código de área: ${ENTRE_2_Y_4_DIGITOS.toLowerCase()}.` }),
    telefono: z
      .string({ error: ENTRE_6_Y_8_DIGITOS })
      .trim()
      .regex(/^\d{6,8}$/, { error: `Teléfono: ${ENTRE_6_Y_8_DIGITOS.toLowerCase()}.` }),
    cuil: z
      .string({ error: CUIL_INVALIDO })
      .trim()
      .refine(cuilValido, { error: CUIL_INVALIDO })
      .transform(normalizarCuil),
    calle: textoRequerido('Calle'),
    altura: textoRequerido('Altura', 20),
    localidad: textoRequerido('Localidad'),
    grupoSanguineo: z.enum(GRUPOS_SANGUINEOS, { error: 'Elija el grupo sanguíneo.' }),
    factorRH: z.enum(FACTORES_RH, { error: 'Elija el factor RH.' }),
    pesoKilogramos: medida('Peso'),
    alturaCentimetros: medida('Altura en centímetros'),
    tieneServicioEmergencia: casilla('Servicio de emergencia'),
    nombreServicioEmergencia: textoOpcional(100),
    carnetServicioEmergencia: textoOpcional(50),
    telefonoServicioEmergencia: textoOpcional(30),
    tieneObraSocial: casilla('Obra social'),
    nombreObraSocial: textoOpcional(100),
    carnetObraSocial: textoOpcional(50),
    telefonoObraSocial: textoOpcional(30),
    ...antecedentes,
    ...preguntas,
  },
  { error: 'Faltan los datos de la inscripción.' },
);
export type FormularioInscripcion = z.infer<typeof formularioInscripcion>;

/** POST /api/alumnos/{id}/inscribir (multipart): el formulario más el comprobante. */
export const inscribir = formularioInscripcion.extend({
  // El tipo (y un archivo vacío) lo decide el servicio por el contenido.
  comprobante: z.instanceof(File, { error: SIN_COMPROBANTE }),
});
export type Inscribir = z.infer<typeof inscribir>;

/** POST /api/alumnos/inscripcion/cpit {alumno, nivelNuevo, nivelViejo}. */
export const declararIngles = z.object(
  {
    alumno: id,
    nivelNuevo: z.coerce
      .number({ error: 'Elija el nivel a cursar.' })
      .refine((n) => n === 1 || n === 2, { error: 'Elija el nivel a cursar: CPIT Nivel 1 o 2.' }),
    nivelViejo: z.enum(NIVELES_ANTERIORES, { error: 'Elija el nivel del año anterior.' }),
  },
  { error: 'Faltan los datos de la declaración de inglés.' },
);
export type DeclararIngles = z.infer<typeof declararIngles>;

/** GET /api/alumnos/datosinscripcion[/{id}]. */
export const datosInscripcion = z.object({ alumno: id.optional() }).default({});

/** Búsqueda de alumnos para vincularse: al menos 3 letras, a lo sumo 10 resultados. */
export const MINIMO_BUSQUEDA_HIJOS = 3;
export const MAXIMO_RESULTADOS_HIJOS = 10;
export const buscarHijos = z.object({
  q: z
    .string()
    .trim()
    .min(MINIMO_BUSQUEDA_HIJOS, {
      error: `Escriba al menos ${MINIMO_BUSQUEDA_HIJOS} letras del nombre o apellido.`,
    })
    .max(100, { error: 'La búsqueda admite como máximo 100 caracteres.' }),
});

/** Un referente parental se declara referente de un alumno. */
export const vincularme = z.object({ alumno: id }, { error: 'Falta el alumno.' });

/** Seguimiento de Alumnado: inscripciones del ciclo, por curso. */
export const listarInscripciones = z
  .object({
    ciclo: z.coerce.number().int().optional(),
    curso: id.optional(),
  })
  .default({});

export const revisarInscripcion = z.object(
  {
    id,
    estado: z.enum(ESTADOS_INSCRIPCION, { error: 'Estado desconocido.' }),
    observacion: z
      .string()
      .trim()
      .max(500, { error: 'La observación admite como máximo 500 caracteres.' })
      .nullish()
      .transform((v) => v || null),
  },
  { error: 'Faltan la inscripción y el estado.' },
);
export type RevisarInscripcion = z.infer<typeof revisarInscripcion>;
