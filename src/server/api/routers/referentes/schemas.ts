/**
 * Esquemas de referentes (spec 01 §3 Referente; spec 02 §3 contacto, §5 formulario del
 * referente, §7 guardar y vincular): apellido y nombre no vacíos, email válido, teléfono
 * "área número" y exalumno 0/1.
 */
import { z } from 'zod';
import { CAMPO_APELLIDO, CAMPO_NOMBRE } from '@/domain/campos';
import { CAMPO_EXALUMNO } from '@/domain/referentes';
import {
  booleano,
  cicloLectivo,
  codigoVinculacion,
  emailOpcional,
  id,
  telefonoOpcional,
  texto,
  sinDni,
  vacioANull,
} from '@/server/api/schemas';
import {
  cursoSalida,
  paginaSalida,
  personaSalida,
  referenteSalida,
  salida,
} from '@/server/api/schemas';

export { busqueda as listarReferentes } from '@/server/api/schemas';

/** Las reglas de los campos están en domain/campos.ts y domain/referentes.ts (sin zod: las usa también la pantalla). */
const datosReferente = { apellido: texto(CAMPO_APELLIDO), nombre: texto(CAMPO_NOMBRE) };

/**
 * PUT /api/referente/{orden}/guardar {apellido, nombre, email, telefono, exalumno}. Email,
 * teléfono y exalumno que no vienen no cambian (vacío los borra).
 */
export const guardarReferente = z.object(
  {
    orden: id,
    ...datosReferente,
    email: emailOpcional.optional(),
    telefono: telefonoOpcional.optional(),
    exalumno: booleano(CAMPO_EXALUMNO).optional(),
  },
  { error: 'Faltan los datos del referente.' },
);
export type GuardarReferente = z.infer<typeof guardarReferente>;

/** Un referente nuevo, vinculado al alumno. */
export const crearReferente = z.object(
  {
    alumno: id,
    ...datosReferente,
    email: emailOpcional.default(null),
    telefono: telefonoOpcional.default(null),
    exalumno: booleano(CAMPO_EXALUMNO).default(false),
  },
  { error: 'Faltan los datos del referente.' },
);
export type CrearReferente = z.infer<typeof crearReferente>;

export const MAXIMO_VINCULOS = 500;
/**
 * Un vínculo. `codigo` (optativo, sólo lo usa un referente parental que declara el suyo): el
 * código de vinculación del alumno que entrega la escuela, que lo confirma en el momento; sin
 * él, el vínculo espera a la escuela. Un `dni` (la prueba de antes) es un 400: no confirma nada.
 */
const vinculo = z.object(
  { alumno: id, referente: id, codigo: codigoVinculacion, dni: sinDni },
  { error: 'Cada vínculo debe tener alumno y referente.' },
);
const listaVinculos = z
  .array(vinculo, { error: 'Se espera una lista de vínculos {alumno, referente}.' })
  .max(MAXIMO_VINCULOS, { error: `Como máximo ${MAXIMO_VINCULOS} vínculos por vez.` })
  .default([]);
const clave = (v: { alumno: number; referente: number }) => `${v.alumno}|${v.referente}`;

/** POST /api/alumnos/link/referentes {add: [{alumno, referente}], remove: [...]}. */
export const vincularReferentes = z
  .object(
    { add: listaVinculos, remove: listaVinculos },
    { error: 'Faltan los vínculos a agregar (add) y a quitar (remove).' },
  )
  .refine((v) => v.add.length + v.remove.length > 0, { error: 'No hay vínculos para guardar.' })
  .refine((v) => !v.add.some((a) => v.remove.some((r) => clave(r) === clave(a))), {
    error: 'Un mismo vínculo no puede agregarse y quitarse a la vez.',
  });
export type VincularReferentes = z.infer<typeof vincularReferentes>;

/** Un ciclo lectivo: de 2021 al siguiente del actual (el de la promoción). */

/** GET /api/cursos/{a}/referentes/{b}: a = curso, b = ciclo lectivo (optativo: el elegido). */
export const referentesPorCurso = z.object(
  { curso: id, ciclo: z.preprocess(vacioANull, cicloLectivo.nullable()).default(null) },
  { error: 'Falta el curso.' },
);

export const delAlumno = z.object({ id }, { error: 'Falta el identificador del alumno.' });

/** Confirmar el vínculo que declaró un referente (personal con el alumno en su alcance). */
export const confirmarVinculo = z.object(
  { alumno: id, referente: id },
  { error: 'Indique el alumno y el referente del vínculo.' },
);
export type ConfirmarVinculo = z.infer<typeof confirmarVinculo>;

// ---------------------------------------------------------------------------------------------
// Salidas de los procedimientos que sirve el contrato REST (issue 33 §3): las documenta
// /api/openapi.json y las validan las pruebas (`salida`, src/server/api/schemas.ts).

/** referentes.vincular: POST /api/alumnos/link/referentes. */
export const salidaVincular = salida(
  z.object({
    agregados: z.number(),
    quitados: z.number(),
    confirmados: z.number(),
    pendientes: z.number(),
  }),
);

/** Un referente y si el vínculo con el alumno está confirmado. */
const referenteConfirmadoSalida = referenteSalida.extend({ confirmado: z.boolean() });

/** referentes.porCurso: GET /api/cursos/{curso}/referentes/{ciclo}. */
export const salidaPorCurso = salida(
  z.object({
    curso: cursoSalida,
    ciclo: z.number(),
    alumnos: z.array(personaSalida.extend({ referentes: z.array(referenteConfirmadoSalida) })),
  }),
);

/** referentes.listar: GET /api/referentes. */
export const salidaListar = salida(paginaSalida(referenteSalida));

/** referentes.delAlumno: GET /api/referentes/alumno/{alumno}. */
export const salidaDelAlumno = salida(z.array(referenteConfirmadoSalida));

/** referentes.crear: POST /api/referentes/alumno/{alumno}. */
export const salidaCrear = salida(referenteSalida.extend({ alumno: z.number() }));

/** referentes.guardar: PUT /api/referente/{orden}/guardar. */
export const salidaGuardar = salida(referenteSalida);

/** referentes.mishijos: GET /api/mishijos. */
export const salidaMishijos = salida(
  z.array(
    z.object({
      id: z.number(),
      nombre: z.string(),
      apellido: z.string(),
      curso: z.string().nullable(),
    }),
  ),
);
