/** Entradas de la jornada cultural y deportiva (spec 02 §3 JCD activity, §7; issue 17 §1). */
import { z } from 'zod';
import {
  LARGO_MAXIMO_DESCRIPCION_JCD,
  LARGO_MAXIMO_NOMBRE_JCD,
  MAXIMO_CUPOS_JCD,
} from '@/domain/jornada';
import { aNumero, cicloLectivo, entero, id, texto, vacioANull } from '@/server/api/schemas';
import { salida } from '@/server/api/schemas';

export const delAnio = z.object({ anio: cicloLectivo }, { error: 'Falta el año.' });
export const elegir = z.object(
  { anio: cicloLectivo, actividad: id },
  { error: 'Se esperan el año y la actividad.' },
);
export const actividad = z.object({ id }, { error: 'Falta la actividad.' });
export const quitarEleccion = z.object(
  { anio: cicloLectivo, alumno: id },
  { error: 'Se esperan el año y el alumno.' },
);

const hora = (campo: string) =>
  texto({ campo, max: 5, min: 1 }).refine((h) => /^([01]\d|2[0-3]):[0-5]\d$/.test(h), {
    error: `${campo}: use el formato HH:MM.`,
  });

/** Multipart: los datos de la actividad y, si se cambia, la imagen (JPG, PNG o WebP). */
const datos = {
  nombre: texto({ campo: 'Nombre', max: LARGO_MAXIMO_NOMBRE_JCD, min: 1 }),
  descripcion: texto({ campo: 'Descripción', max: LARGO_MAXIMO_DESCRIPCION_JCD }).default(''),
  cupos: entero({ campo: 'Cupos', min: 1, max: MAXIMO_CUPOS_JCD }),
  comienzo: hora('Comienzo'),
  fin: hora('Fin'),
  aula: z.preprocess(vacioANull, texto({ campo: 'Aula', max: 50 }).nullable()).default(null),
  mascara: z.preprocess(
    aNumero,
    z
      .number({ error: 'La máscara debe ser un número.' })
      .int({ error: 'La máscara debe ser un número entero.' }),
  ),
  imagen: z.preprocess(
    // Un campo de archivo vacío llega como File de 0 bytes: es "sin imagen nueva".
    (v) => (v instanceof File && v.size === 0 ? undefined : v),
    z.instanceof(File, { error: 'La imagen debe ser un archivo.' }).optional(),
  ),
};
export const crear = z.object(
  { anio: cicloLectivo, ...datos },
  { error: 'Se esperan el año y los datos de la actividad.' },
);
export type CrearActividad = z.infer<typeof crear>;
export const modificar = z.object(
  { id, version: entero({ campo: 'Versión', min: 1, max: 2_147_483_647 }), ...datos },
  { error: 'Se esperan la actividad, su versión y sus datos.' },
);
export type ModificarActividad = z.infer<typeof modificar>;

// ---------------------------------------------------------------------------------------------
// Salidas de los procedimientos que sirve el contrato REST (issue 33 §3): las documenta
// /api/openapi.json y las validan las pruebas (`salida`, src/server/api/schemas.ts).

/** Una actividad de la JCD: cupos, horario, aula y su versión. */
const actividadSalida = z.object({
  id: z.number(),
  nombre: z.string(),
  descripcion: z.string(),
  imagen: z.string().nullable(),
  cupos: z.number(),
  elegidos: z.number(),
  libres: z.number(),
  comienzo: z.string(),
  fin: z.string(),
  aula: z.string().nullable(),
  mascara: z.number(),
  version: z.number(),
});

const alumnoJcdSalida = z.object({ id: z.number(), apellido: z.string(), nombre: z.string() });

/** jornada.informacion: GET /api/jornada/informacion/{year}. */
export const salidaInformacion = salida(
  z.object({
    anio: z.number(),
    sinCurso: z.boolean(),
    elegida: z.number().nullable(),
    actividades: z.array(
      actividadSalida.extend({
        estado: z.enum(['disponible', 'elegida', 'sinCupos', 'bloqueada']),
      }),
    ),
  }),
);

/** jornada.elegir: POST /api/jornada/elegir/{year}. */
export const salidaElegir = salida(z.object({ elegida: z.number() }));

/** jornada.vista: GET /api/jornada/vista/{year}. */
export const salidaVista = salida(
  z.object({
    anio: z.number(),
    actividades: z.array(
      actividadSalida.extend({
        alumnos: z.array(alumnoJcdSalida.extend({ curso: z.string().nullable() })),
      }),
    ),
    sinActividad: z.array(
      z.object({
        curso: z.string(),
        alumnos: z.array(alumnoJcdSalida),
      }),
    ),
  }),
);

/** jornada.crear: POST /api/jornada/actividades. */
export const salidaCrear = salida(z.object({ id: z.number() }));

/** jornada.modificar: PUT /api/jornada/actividades/{id}. */
export const salidaModificar = salida(z.object({ version: z.number() }));

/** jornada.borrar: DELETE /api/jornada/actividades/{id}. */
export const salidaBorrar = salida(z.object({ borrada: z.number() }));

/** jornada.quitarEleccion: DELETE /api/jornada/elecciones/{year}/{alumno}. */
export const salidaQuitarEleccion = salida(z.object({ quitada: z.number() }));
