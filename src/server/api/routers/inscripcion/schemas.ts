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
  PREGUNTAS_FICHA,
  type Antecedente,
  type PreguntaFicha,
} from '@/domain/inscripcion';
import { configuracionCooperadora } from '@/domain/cooperadora-esquema';
import { partirTelefono, unirTelefono } from '@/domain/escuela';
import { anio, aNumero, booleano, cicloLectivo, texto } from '@/server/api/schemas';
import { codigoVinculacion, email, id, textoRequerido } from '@/server/api/schemas';
import { BUSQUEDA_CORTA, MINIMO_LETRAS_BUSQUEDA } from '@/domain/vinculos';
import { cursoSalida, personaSalida, referenteSalida, salida } from '@/server/api/schemas';

export const CODIGO_AREA_INVALIDO = `Código de área: ${ENTRE_2_Y_4_DIGITOS.toLowerCase()}.`;
export const TELEFONO_INVALIDO = `Teléfono: ${ENTRE_6_Y_8_DIGITOS.toLowerCase()}.`;
export const AREA_DISTINTA = 'El código de área de codarea y el de telefono no coinciden.';
export const CUIL_INVALIDO = 'El CUIL debe tener la forma 00-12345678-0';
export const SIN_COMPROBANTE = 'Adjunte el comprobante de pago';

const casilla = (campo: string) => booleano(campo).default(false);
const textoOpcional = (campo: string, max = 500) => texto({ campo, max }).default('');
const medida = (campo: string) =>
  z.preprocess(
    aNumero,
    z
      .number({ error: `${campo}: debe ser un número.` })
      .min(1, { error: `${campo}: como mínimo 1.` })
      .max(999, { error: `${campo}: como máximo 999.` }),
  );

const antecedentes = Object.fromEntries(CLAVES_ANTECEDENTES.map((c) => [c, casilla(c)])) as Record<
  Antecedente,
  ReturnType<typeof casilla>
>;
const preguntas = Object.fromEntries(
  CLAVES_PREGUNTAS.map((c) => [c, textoOpcional(PREGUNTAS_FICHA[c], 1000)]),
) as Record<PreguntaFicha, ReturnType<typeof textoOpcional>>;

/** El formulario de inscripción de un hijo, sin el archivo. */
export const formularioInscripcion = z.object(
  {
    alumno: id,
    email,
    // El teléfono "área número" (spec 02 §7: codarea no viaja); `codarea` aparte se acepta
    // todavía como alias (la forma anterior de la pantalla). Los une `inscribir`.
    codarea: texto({ campo: 'Código de área', max: 4, error: CODIGO_AREA_INVALIDO })
      .regex(/^(\d{2,4})?$/, { error: CODIGO_AREA_INVALIDO })
      .optional(),
    telefono: texto({ campo: 'Teléfono', max: 20, error: TELEFONO_INVALIDO }).regex(
      /^(\d{2,4}\s+)?\d{6,8}$/,
      { error: TELEFONO_INVALIDO },
    ),
    cuil: texto({ campo: 'CUIL', max: 20, error: CUIL_INVALIDO })
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
    nombreServicioEmergencia: textoOpcional('Servicio de emergencia', 100),
    carnetServicioEmergencia: textoOpcional('Carnet del servicio de emergencia', 50),
    telefonoServicioEmergencia: textoOpcional('Teléfono del servicio de emergencia', 30),
    tieneObraSocial: casilla('Obra social'),
    nombreObraSocial: textoOpcional('Obra social', 100),
    carnetObraSocial: textoOpcional('Carnet de la obra social', 50),
    telefonoObraSocial: textoOpcional('Teléfono de la obra social', 30),
    ...antecedentes,
    ...preguntas,
  },
  { error: 'Faltan los datos de la inscripción.' },
);
export type FormularioInscripcion = z.infer<typeof formularioInscripcion>;

const archivo = z.instanceof(File, { error: SIN_COMPROBANTE });

/**
 * POST /api/alumnos/{id}/inscribir (multipart): el formulario más el comprobante, con la forma
 * de la spec (02 §3 y §7): el archivo en `comprobantePago` y `telefono` "área número" sin
 * `codarea`. Se aceptan también `comprobante` y `codarea` + `telefono` (número solo). Sale con
 * `telefono` unido ("341 4567890") y el archivo en `comprobante`.
 */
export const inscribir = formularioInscripcion
  .extend({
    // El tipo (y un archivo vacío) lo decide el servicio por el contenido.
    comprobantePago: archivo.optional(),
    comprobante: archivo.optional(),
  })
  .superRefine((d, ctx) => {
    if (!d.comprobantePago && !d.comprobante)
      ctx.addIssue({ code: 'custom', message: SIN_COMPROBANTE, path: ['comprobantePago'] });
    if (typeof d.telefono !== 'string' || !/^(\d{2,4}\s+)?\d{6,8}$/.test(d.telefono)) return;
    const area = partirTelefono(d.telefono.includes(' ') ? d.telefono : '').codigoArea;
    if (!area && !d.codarea)
      ctx.addIssue({ code: 'custom', message: CODIGO_AREA_INVALIDO, path: ['codarea'] });
    else if (area && d.codarea && area !== d.codarea)
      ctx.addIssue({ code: 'custom', message: AREA_DISTINTA, path: ['codarea'] });
  })
  .transform(({ codarea, telefono, comprobantePago, comprobante, ...resto }) => {
    const partes = telefono.includes(' ')
      ? partirTelefono(telefono)
      : { codigoArea: codarea ?? '', numero: telefono };
    return {
      ...resto,
      telefono: unirTelefono(partes.codigoArea, partes.numero.replace(/\s+/g, '')),
      comprobante: (comprobantePago ?? comprobante)!,
    };
  });
export type Inscribir = z.output<typeof inscribir>;

/** La cuota de la cooperadora: Admin elige el ciclo; el referente ve siempre el ciclo en curso. */
export const cooperadora = z
  .object({ ciclo: cicloLectivo.optional() }, { error: 'Elija el ciclo lectivo.' })
  .default({});

/** Admin guarda la cuota de un ciclo (el actual o el siguiente, o corrige uno anterior). */
export const guardarCooperadora = z.object(
  { ciclo: cicloLectivo, cuota: configuracionCooperadora },
  { error: 'Faltan el ciclo lectivo y la cuota.' },
);
export type GuardarCooperadora = z.output<typeof guardarCooperadora>;

/** POST /api/alumnos/inscripcion/cpit {alumno, nivelNuevo, nivelViejo}. */
export const declararIngles = z.object(
  {
    alumno: id,
    nivelNuevo: z
      .preprocess(aNumero, z.number({ error: 'Elija el nivel a cursar.' }))
      .refine((n) => n === 1 || n === 2, { error: 'Elija el nivel a cursar: CPIT Nivel 1 o 2.' }),
    nivelViejo: z.enum(NIVELES_ANTERIORES, { error: 'Elija el nivel del año anterior.' }),
  },
  { error: 'Faltan los datos de la declaración de inglés.' },
);
export type DeclararIngles = z.infer<typeof declararIngles>;

/** GET /api/alumnos/datosinscripcion[/{id}]. */
export const datosInscripcion = z.object({ alumno: id.optional() }).default({});

/**
 * Búsqueda de alumnos para vincularse (issue 31 §2): el apellido o el nombre, palabras enteras
 * de al menos 3 letras (lo valida el servicio con `palabrasDeBusqueda`); a lo sumo 5 nombres.
 */
export const buscarHijos = z.object({
  q: texto({ campo: 'Búsqueda', max: 100 }).min(MINIMO_LETRAS_BUSQUEDA, {
    error: BUSQUEDA_CORTA,
  }),
});

/**
 * "Declaro mi vínculo…": con el código de vinculación del alumno (optativo, el que entrega la
 * escuela) el vínculo queda confirmado en el momento. El DNI ya no prueba nada.
 */
export const vincularme = z.object(
  { alumno: id, codigo: codigoVinculacion },
  { error: 'Falta el alumno.' },
);

/** Seguimiento de Alumnado: inscripciones del ciclo, por curso. */
export const listarInscripciones = z
  .object({
    ciclo: anio.optional(),
    curso: id.optional(),
  })
  .default({});

export const revisarInscripcion = z.object(
  {
    id,
    estado: z.enum(ESTADOS_INSCRIPCION, { error: 'Estado desconocido.' }),
    observacion: texto({ campo: 'Observación', max: 500 })
      .nullish()
      .transform((v) => v || null),
  },
  { error: 'Faltan la inscripción y el estado.' },
);
export type RevisarInscripcion = z.infer<typeof revisarInscripcion>;

// ---------------------------------------------------------------------------------------------
// Salidas de los procedimientos que sirve el contrato REST (issue 33 §3): las documenta
// /api/openapi.json y las validan las pruebas (`salida`, src/server/api/schemas.ts).

const estadoSalida = z.enum(ESTADOS_INSCRIPCION);

/** La inscripción de un alumno en un ciclo, con su ficha médica, y los datos del alumno. */
const datosInscripcionSalida = z.object({
  inscripcion: z
    .object({
      estado: estadoSalida,
      creado: z.string(),
      fichaMedica: z
        .object({
          grupoSanguineo: z.string(),
          pesoKilogramos: z.number(),
          alturaCentimetros: z.number(),
          tieneServicioEmergencia: z.boolean(),
          nombreServicioEmergencia: z.string().nullable(),
          carnetServicioEmergencia: z.string().nullable(),
          telefonoServicioEmergencia: z.string().nullable(),
          tieneObraSocial: z.boolean(),
          nombreObraSocial: z.string().nullable(),
          carnetObraSocial: z.string().nullable(),
          telefonoObraSocial: z.string().nullable(),
          factorRh: z.string(),
          antecedentes: z.object(
            Object.fromEntries(CLAVES_ANTECEDENTES.map((c) => [c, z.boolean()])) as Record<
              Antecedente,
              z.ZodBoolean
            >,
          ),
          respuestas: z.object(
            Object.fromEntries(CLAVES_PREGUNTAS.map((c) => [c, z.string()])) as Record<
              PreguntaFicha,
              z.ZodString
            >,
          ),
        })
        .nullable(),
      orden: z.number(),
      ciclolectivo: z.number(),
      email: z.string(),
      telefono: z.string(),
      cuil: z.string(),
      calle: z.string(),
      altura: z.string(),
      localidad: z.string(),
      observacion: z.string().nullable(),
      comprobante: z.number(),
      codigoArea: z.string(),
      numero: z.string(),
    })
    .nullable(),
  alumno: personaSalida.extend({
    dni: z.number(),
    email: z.string().nullable(),
    telefono: z.string().nullable(),
    nacimiento: z.string().nullable(),
    pronombre: z.string().nullable(),
    codigoArea: z.string(),
    numero: z.string(),
  }),
  ciclo: z.number(),
  curso: cursoSalida.nullable(),
});

/** inscripcion.mishijos: GET /api/mishijos/inscripcion. */
export const salidaMishijos = salida(
  z.object({
    ciclo: z.number(),
    referente: referenteSalida.extend({ email: z.string(), completo: z.boolean() }),
    hijos: z.array(
      personaSalida.extend({
        curso: cursoSalida.nullable(),
        inscripto: z.boolean(),
        inscripcion: z
          .object({
            orden: z.number(),
            estado: estadoSalida,
            observacion: z.string().nullable(),
            creado: z.string(),
          })
          .nullable(),
        ingles: z.object({
          declarado: z.object({ nivelNuevo: z.number(), nivelViejo: z.string() }).nullable(),
          elegibilidad: z.union([
            z.object({ elegible: z.literal(true), anio: z.number() }),
            z.object({
              elegible: z.literal(false),
              anio: z.number().nullable(),
              motivo: z.string(),
            }),
          ]),
        }),
        email: z.string().nullable(),
        telefono: z.string().nullable(),
        codigoArea: z.string(),
        numero: z.string(),
      }),
    ),
    pendientes: z.array(personaSalida),
    mostrarIngles: z.boolean(),
    cuota: z
      .object({
        opciones: z.array(z.string()),
        monto: z.number(),
        cuotas: z.number(),
        transferencia: z.object({
          titular: z.string(),
          banco: z.string(),
          cbu: z.string(),
          alias: z.string(),
          cuit: z.string(),
        }),
        suscripcion: z.object({ proveedor: z.string(), url: z.string() }).nullable(),
        oficina: z.string(),
        whatsapp: z.string(),
        redes: z.array(z.object({ nombre: z.string(), url: z.string() })),
      })
      .nullable(),
    avisos: z.array(z.string()),
  }),
);

/** inscripcion.mia: GET /api/miinscripcion. */
export const salidaMia = salida(
  datosInscripcionSalida.extend({
    certificado: z.object({ anio: z.number(), curso: z.string() }).nullable(),
  }),
);

/** inscripcion.datos: GET /api/alumnos/datosinscripcion, GET /api/alumnos/datosinscripcion/{id}. */
export const salidaDatos = salida(datosInscripcionSalida);

/** inscripcion.inscribir: POST /api/alumnos/{alumno}/inscribir. */
export const salidaInscribir = salida(
  z.object({
    orden: z.number(),
    ciclo: z.number(),
    alumno: z.number(),
    estado: estadoSalida,
    creado: z.string(),
  }),
);

/** inscripcion.declararIngles: POST /api/alumnos/inscripcion/cpit. */
export const salidaDeclararIngles = salida(
  z.object({
    alumno: z.number(),
    ciclo: z.number(),
    mensaje: z.string(),
    orden: z.number(),
    nivelNuevo: z.number(),
    nivelViejo: z.string(),
  }),
);
