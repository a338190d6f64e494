/** Entradas del módulo materias (spec 02 §3 Materia, §5; spec 01 §7 Cursados and subjects). */
import { z } from 'zod';
import {
  MAXIMO_CODIGO_MATERIA,
  MAXIMO_NOMBRE_MATERIA,
  PAGINA_MATERIAS,
  problemaCodigoMateria,
} from '@/domain/planificacion';
import { busqueda, entero, id, texto, textoRequerido } from '@/server/api/schemas';
import { cursadoBreveSalida, paginaSalida, personaSalida, salida } from '@/server/api/schemas';

export const codigoMateria = texto({
  campo: 'Código',
  max: MAXIMO_CODIGO_MATERIA,
  min: 1,
}).superRefine((c, ctx) => {
  const problema = problemaCodigoMateria(c);
  if (problema) ctx.addIssue({ code: 'custom', message: problema });
});

export const datosMateria = z.object(
  {
    plan: id,
    codigo: codigoMateria,
    nombre: textoRequerido('Nombre', MAXIMO_NOMBRE_MATERIA),
    anio: entero({ campo: 'Año', min: 1, max: 6 }),
    departamento: id,
  },
  { error: 'Se esperan plan, código, nombre, año y departamento.' },
);
export type DatosMateria = z.infer<typeof datosMateria>;

export const materiaId = z.object({ id }, { error: 'Falta el id de la materia.' });
export const editarMateria = datosMateria.extend({ id });

/** Lista de materias: búsqueda y páginas de 30 (spec 02 §9). */
export const listarMaterias = busqueda.transform((b) => ({
  ...b,
  limit: Math.min(b.limit, PAGINA_MATERIAS),
}));

export const MAXIMO_MATERIAS_POR_LISTA = 500;
const listaDeIds = (campo: string) =>
  z
    .array(id, { error: `${campo}: se espera una lista de ids.` })
    .max(MAXIMO_MATERIAS_POR_LISTA, {
      error: `${campo}: como máximo ${MAXIMO_MATERIAS_POR_LISTA}.`,
    })
    .transform((l) => [...new Set(l)]);

export const coordinador = z.object({ id: id.optional() }).default({});
export const guardarCoordinador = z.object(
  { id, materias: listaDeIds('Materias') },
  { error: 'Se esperan el coordinador (id) y sus materias.' },
);

export const alumnosDeMateria = z.object(
  { id, cursado: id },
  { error: 'Se esperan la materia (id) y el cursado.' },
);

/** El texto de un CSV de materias (hasta ~2000 filas). */
export const MAXIMO_CSV = 400_000;
export const importarMaterias = z.object(
  {
    contenido: texto({ campo: 'Archivo CSV', max: MAXIMO_CSV, min: 1 }),
  },
  { error: 'Se espera { contenido } con el texto del CSV.' },
);

// ---------------------------------------------------------------------------------------------
// Salidas de los procedimientos que sirve el contrato REST (issue 33 §3): las documenta
// /api/openapi.json y las validan las pruebas (`salida`, src/server/api/schemas.ts).

/** Un plan de estudios. */
const planSalida = z.object({
  orden: z.number(),
  year: z.number(),
  code: z.string(),
  name: z.string(),
});

/** Una materia con su plan, su departamento y cuántos cursados la permiten. */
const materiaSalida = z.object({
  orden: z.number(),
  nombre: z.string(),
  materiaCode: z.string(),
  anio: z.number(),
  plan: planSalida,
  departamentoId: z.number(),
  departamentoName: z.string(),
  cursadosAsociados: z.number(),
});

/** materias.listar: GET /api/materias. */
export const salidaListar = salida(paginaSalida(materiaSalida));

/** materias.delDepartamento: GET /api/materias/departamento. */
export const salidaDelDepartamento = salida(z.array(materiaSalida));

/** materias.delCoordinador: GET /api/materias/coordinador, GET /api/materias/coordinador/{id}. */
export const salidaDelCoordinador = salida(z.array(materiaSalida));

/** materias.guardarCoordinador: PUT /api/materias/coordinador/{id}. */
export const salidaGuardarCoordinador = salida(
  z.object({ orden: z.number(), materias: z.number() }),
);

/** materias.obtener: GET /api/materias/{id}. */
export const salidaObtener = salida(materiaSalida);

/** materias.alumnos: GET /api/materias/{id}/alumnos/{cursado}. */
export const salidaAlumnos = salida(
  z.object({
    cursado: cursadoBreveSalida,
    materia: z.object({ orden: z.number(), nombre: z.string() }),
    materiasPermitidas: z.array(z.object({ orden: z.number(), nombre: z.string() })),
    alumnos: z.array(
      personaSalida.extend({
        dni: z.number(),
        curso: z.string(),
        inscripto: z.boolean(),
        otraMateria: z.string().nullable(),
      }),
    ),
  }),
);

/** materias.crear: POST /api/materias. */
export const salidaCrear = salida(materiaSalida);

/** materias.editar: PUT /api/materias/{id}. */
export const salidaEditar = salida(materiaSalida);

/** materias.borrar: DELETE /api/materias/{id}. */
export const salidaBorrar = salida(z.object({ orden: z.number(), borrada: z.boolean() }));

/** materias.planes: GET /api/planes. */
export const salidaPlanes = salida(z.array(planSalida));
