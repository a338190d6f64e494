/** Entradas de los horarios (spec 01 §3 Cursado horarios, §5, §7). */
import { z } from 'zod';
import { BLOQUES_POR_DIA } from '@/domain/horario';
import { MAXIMO_HORAS } from '@/domain/planificacion';
import {
  cicloDelSelector,
  entero,
  id,
  secretoDeCalendario,
  texto,
  vacioANull,
} from '@/server/api/schemas';
import { aNumero } from '@/server/api/schemas';
import { salida } from '@/server/api/schemas';

export const bloqueDeHorario = z.object(
  {
    dia: entero({ campo: 'Día', min: 1, max: 7 }),
    bloque: entero({ campo: 'Bloque', min: 1, max: BLOQUES_POR_DIA }),
    aula: z.preprocess(vacioANull, texto({ campo: 'Aula', max: 40 }).nullable()).default(null),
  },
  { error: 'Cada bloque debe tener dia, bloque y aula.' },
);
export type BloqueEntrada = z.infer<typeof bloqueDeHorario>;

const bloques = (campo: string) =>
  z
    .array(bloqueDeHorario, { error: `${campo}: se espera una lista de bloques.` })
    .max(MAXIMO_HORAS, { error: `${campo}: como máximo ${MAXIMO_HORAS} bloques.` });

/**
 * PUT /api/cursados/horarios: los bloques nuevos del cursado y los que mostraba la pantalla al
 * empezar a editar (`anteriores`): si otra persona los cambió mientras tanto, 409 y nada se pisa.
 */
export const guardarHorario = z.object(
  {
    cursado: id,
    bloques: bloques('Bloques'),
    anteriores: bloques('Bloques anteriores'),
  },
  { error: 'Se esperan cursado, bloques y anteriores.' },
);
export type GuardarHorario = z.infer<typeof guardarHorario>;

export const cursadoId = z.object({ id }, { error: 'Falta el id del cursado.' });

/** GET /api/cursos/{a}/horarios/{b}: a = curso, b = ciclo lectivo (el elegido si falta). */
export const horarioDeCurso = z.object(
  {
    curso: id,
    ciclo: z
      .preprocess(
        (v) => aNumero(vacioANull(v)),
        z
          .number({ error: 'El ciclo lectivo debe ser un número.' })
          .int({ error: 'El ciclo lectivo debe ser un año.' })
          .refine(cicloDelSelector, { error: 'El ciclo lectivo no es válido.' })
          .nullable(),
      )
      .default(null),
  },
  { error: 'Falta el curso.' },
);

/** GET /api/mishorarios[/{id}]: el alumno propio o el hijo pedido. */
export const misHorarios = z.object({ alumno: id.optional() }).default({});
export const horarioDeAlumno = z.object({ alumno: id }, { error: 'Falta el alumno.' });

/** GET /api/ics/horario/{token}: el secreto de la dirección del calendario del docente. */
export const calendario = secretoDeCalendario;

// ---------------------------------------------------------------------------------------------
// Salidas de los procedimientos que sirve el contrato REST (issue 33 §3): las documenta
// /api/openapi.json y las validan las pruebas (`salida`, src/server/api/schemas.ts).

/** horarios.delCursado: GET /api/cursados/{id}/horarios. */
export const salidaDelCursado = salida(
  z.object({
    cursado: z.object({
      cursadoId: z.number(),
      nombre: z.string(),
      horas: z.number(),
      ciclolectivo: z.number(),
      docentes: z.array(z.object({ id: z.number(), nombre: z.string() })),
      cursos: z.array(z.object({ id: z.number(), nombre: z.string() })),
    }),
    bloques: z.array(
      z.object({ dia: z.number(), bloque: z.number(), aula: z.string().nullable() }),
    ),
  }),
);

/** horarios.restricciones: GET /api/cursados/{id}/restricciones. */
export const salidaRestricciones = salida(
  z.object({
    bloqueados: z.array(
      z.object({
        dia: z.union([
          z.literal(3),
          z.literal(1),
          z.literal(2),
          z.literal(4),
          z.literal(6),
          z.literal(5),
        ]),
        bloque: z.number(),
      }),
    ),
    ocupados: z.array(
      z.object({
        cursadoId: z.number(),
        cursado: z.string(),
        dia: z.number(),
        bloque: z.number(),
        aula: z.string().nullable(),
        docentes: z.array(z.object({ id: z.number(), nombre: z.string() })).readonly(),
        cursos: z.array(z.object({ id: z.number(), nombre: z.string() })).readonly(),
      }),
    ),
  }),
);

/** horarios.guardar: PUT /api/cursados/horarios. */
export const salidaGuardar = salida(
  z.object({
    cursado: z.number(),
    bloques: z.array(
      z.object({ dia: z.number(), bloque: z.number(), aula: z.string().nullable() }),
    ),
  }),
);

/** Un bloque del horario semanal: día, bloque, aula, el cursado y sus docentes. */
const bloqueSalida = z.object({
  dia: z.number(),
  bloque: z.number(),
  aula: z.string().nullable(),
  cursadoId: z.number(),
  cursado: z.string(),
  materias: z.array(z.string()),
  docentes: z.array(z.string()),
});

/** horarios.delCurso: GET /api/cursos/{curso}/horarios/{ciclo}. */
export const salidaDelCurso = salida(
  z.object({
    ciclo: z.number(),
    curso: z.string(),
    bloques: z.array(bloqueSalida),
  }),
);

/** horarios.mios: GET /api/mishorarios, GET /api/mishorarios/{id}. */
export const salidaMios = salida(
  z.object({
    ciclo: z.number(),
    alumno: z.number(),
    bloques: z.array(bloqueSalida),
  }),
);
