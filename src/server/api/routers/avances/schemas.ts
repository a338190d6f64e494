/** Entradas de los avances (spec 01 §7 Avances; issue 15). */
import { z } from 'zod';
import { CODIGOS_AVANCE, MAXIMO_OBSERVACIONES } from '@/domain/avances';
import { esFechaValida } from '@/domain/escuela';
import { anio, id, texto } from '@/server/api/schemas';

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
