/** Entradas de los avances (spec 01 §7 Avances; issue 15). */
import { z } from 'zod';
import { CODIGOS_AVANCE, MAXIMO_OBSERVACIONES } from '@/domain/avances';
import { esFechaValida } from '@/domain/escuela';
import { anio, id, texto } from '@/server/api/schemas';
import { personaSalida, salida } from '@/server/api/schemas';

/** La instancia: su fecha de cierre, 'AAAA-MM-DD'. */
const fecha = texto({ campo: 'Fecha', max: 10, error: 'Falta la fecha de la instancia.' }).refine(
  esFechaValida,
  { error: 'La fecha de la instancia no es válida: use el formato AAAA-MM-DD.' },
);

export const cursados = z.object(
  {
    fecha,
    soloAbiertas: z.boolean({ error: 'soloAbiertas: debe ser verdadero o falso.' }).default(false),
  },
  { error: 'Falta la fecha de la instancia.' },
);
export const planilla = z.object(
  { fecha, cursado: id },
  { error: 'Se esperan la fecha de la instancia y el cursado.' },
);

const tipos = z
  .array(z.enum(CODIGOS_AVANCE, { error: 'Tipo de avance desconocido.' }), {
    error: 'Los tipos deben ser una lista.',
  })
  .max(CODIGOS_AVANCE.length, { error: 'Demasiados tipos de avance.' });
const observaciones = texto({ campo: 'Observaciones', max: MAXIMO_OBSERVACIONES }).nullable();
const valor = z.object(
  { tipos, observaciones },
  { error: 'Se esperan los tipos y las observaciones.' },
);

export const guardar = z.object(
  {
    fecha,
    cursado: id,
    cambios: z
      .array(
        z.object(
          {
            alumno: id,
            tipos,
            observaciones,
            /** Lo que la pantalla mostraba como guardado (null: nada guardado para el alumno). */
            anterior: valor.nullable(),
          },
          { error: 'Cada cambio lleva alumno, tipos, observaciones y anterior.' },
        ),
        { error: 'Los cambios deben ser una lista.' },
      )
      .max(200, { error: 'Demasiados cambios en un guardado.' })
      .refine((c) => new Set(c.map((x) => x.alumno)).size === c.length, {
        error: 'Un alumno aparece dos veces en los cambios.',
      }),
  },
  { error: 'Se esperan la fecha, el cursado y los cambios.' },
);
export type GuardarAvances = z.infer<typeof guardar>;

export const mias = z.object({ alumno: id.optional(), anio: anio.optional() }).default({});
export const delAlumno = z.object(
  { alumno: id, anio: anio.optional() },
  { error: 'Falta el alumno.' },
);

/**
 * El planillón en modo avances: el curso y la instancia (su fecha de cierre). Sin fecha, la del
 * ciclo (`ciclo`, o el actual) elegida por la fecha de hoy; con fecha, el ciclo es el de la fecha.
 */
export const reporte = z.object(
  { curso: id, fecha: fecha.optional(), ciclo: anio.optional() },
  { error: 'Falta el curso.' },
);
export type ReporteAvances = z.infer<typeof reporte>;

// ---------------------------------------------------------------------------------------------
// Salidas de los procedimientos que sirve el contrato REST (issue 33 §3): las documenta
// /api/openapi.json y las validan las pruebas (`salida`, src/server/api/schemas.ts).

/** Una instancia de avances: su fecha, cuándo abre, cuándo se publica y su número. */
const instanciaSalida = z.object({
  fecha: z.string(),
  apertura: z.string().nullable(),
  publicacion: z.string().nullable(),
  numero: z.number(),
});
const estadoPlanillaSalida = z.enum(['cerrada', 'abierta', 'sinPlanilla']);
const tiposSalida = z.array(z.enum(CODIGOS_AVANCE));

/** avances.instancias: GET /api/avances/instancias. */
export const salidaInstancias = salida(
  z.object({
    hoy: z.string(),
    ciclo: z.number(),
    instancias: z.array(instanciaSalida),
    abiertas: z.array(instanciaSalida),
    elegida: z.string().nullable(),
    modo: z.enum(['docente', 'lectura', 'cierra']).nullable(),
    conFiltro: z.boolean(),
  }),
);

/** avances.instanciar: PUT /api/avances/instanciar/{isoDate}/{cursado}. */
export const salidaInstanciar = salida(
  z.object({ planillaId: z.number(), creada: z.boolean(), cerrada: z.boolean() }),
);

/** avances.cursados: GET /api/avances/planilla/abiertas/{isoDate}. */
export const salidaCursados = salida(
  z.object({
    instancia: instanciaSalida,
    abierta: z.boolean(),
    cursados: z.array(
      z.object({
        cursadoId: z.number(),
        nombre: z.string(),
        cursos: z.array(z.string()),
        estado: estadoPlanillaSalida,
        inscriptos: z.number(),
        conDificultades: z.number(),
        quedoAbierta: z.boolean(),
      }),
    ),
  }),
);

/** avances.planilla: GET /api/avances/planilla/{isoDate}/{cursadoId}. */
export const salidaPlanilla = salida(
  z.object({
    aviso: z.string().nullable(),
    alumnos: z.array(
      z.object({
        alumnoId: z.number(),
        apellido: z.string(),
        nombre: z.string(),
        guardado: z
          .object({
            tipos: tiposSalida,
            observaciones: z.string().nullable(),
          })
          .nullable(),
      }),
    ),
    cerrada: z.boolean(),
    puedeEditar: z.boolean(),
    puedeCerrar: z.boolean(),
    quedoAbierta: z.boolean(),
    motivo: z.string().nullable(),
    instancia: instanciaSalida,
    cursado: z.object({ cursadoId: z.number(), nombre: z.string(), cursos: z.array(z.string()) }),
    existe: z.boolean(),
  }),
);

/** avances.guardar: PUT /api/avances/planilla/{isoDate}/{cursadoId}. */
export const salidaGuardar = salida(z.object({ guardados: z.number() }));

/** avances.cerrar: PUT /api/avances/planilla/cerrar/{isoDate}/{cursadoId}. */
export const salidaCerrar = salida(z.object({ planillaId: z.number(), cerrada: z.boolean() }));

/** avances.reporte: GET /api/avances/reporte/{isoDate}/{curso}. */
export const salidaReporte = salida(
  z.object({
    curso: z.object({ orden: z.number(), nombre: z.string() }),
    ciclo: z.number(),
    hoy: z.string(),
    instancias: z.array(instanciaSalida),
    instancia: instanciaSalida.nullable(),
    cursados: z.array(
      z.object({
        id: z.number(),
        nombre: z.string(),
        planilla: estadoPlanillaSalida,
      }),
    ),
    alumnos: z.array(
      personaSalida.extend({
        avances: z.array(
          z
            .object({
              tipos: tiposSalida,
              nombres: z.array(z.string()),
              observaciones: z.string().nullable(),
              cerrada: z.boolean(),
            })
            .nullable(),
        ),
        conDificultades: z.number(),
      }),
    ),
  }),
);

/** avances.mias: GET /api/misavances, GET /api/misavances/{id}. */
export const salidaMias = salida(
  z.object({
    alumno: z.number(),
    anio: z.number(),
    hoy: z.string(),
    fechas: z.array(
      z.object({
        fecha: z.string(),
        materias: z.array(
          z.object({
            cursadoId: z.number(),
            materia: z.string(),
            tipos: z.array(z.string()),
            sinObservaciones: z.boolean(),
            observaciones: z.string().nullable(),
          }),
        ),
      }),
    ),
  }),
);
