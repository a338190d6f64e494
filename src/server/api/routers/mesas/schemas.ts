/** Entradas de las mesas de examen (spec 02 §5, §7 mesas; issue 16). */
import { z } from 'zod';
import { esFechaValida } from '@/domain/escuela';
import { LARGO_MAXIMO_AULA, LARGO_MAXIMO_INSTANCIA } from '@/domain/mesas';
import { TIPOS_NOTA_EXAMEN } from '@/domain/notas';
import { aNumero, anio, busqueda, id, texto, vacioANull } from '@/server/api/schemas';
import { paginaSalida, salida } from '@/server/api/schemas';

const fecha = texto({ campo: 'Fecha', max: 10, error: 'La fecha es obligatoria.' }).refine(
  esFechaValida,
  { error: 'La fecha no es válida: use el formato AAAA-MM-DD.' },
);
const hora = texto({ campo: 'Hora', max: 5, error: 'La hora es obligatoria.' }).refine(
  (h) => /^([01]\d|2[0-3]):[0-5]\d$/.test(h),
  { error: 'La hora no es válida: use el formato HH:MM.' },
);
const instancia = texto({ campo: 'Instancia', max: LARGO_MAXIMO_INSTANCIA, min: 1 });
/** Un aula en blanco se guarda como null (spec 02 §5). */
const aula = z
  .preprocess(vacioANull, texto({ campo: 'Aula', max: LARGO_MAXIMO_AULA }).nullable())
  .default(null);
const version = z.preprocess(
  aNumero,
  z
    .number({ error: 'La versión debe ser un número.' })
    .int({ error: 'La versión debe ser un número entero.' })
    .min(1, { error: 'La versión no es válida.' }),
);
const ids = (que: string) =>
  z
    .array(id, { error: `${que}: debe ser una lista.` })
    .max(200, { error: `${que}: demasiados elementos.` })
    .default([]);

export const mesa = z.object({ id }, { error: 'Falta la mesa.' });

const { q, cursor } = busqueda.unwrap().shape;
/** El listado del año (30 por página: `MESAS_POR_PAGINA`). */
export const lista = z.object({ anio: anio.optional(), q, cursor }).default({ q: '', cursor: 0 });
export type ListaMesas = z.infer<typeof lista>;

/** Alta: Alumnado manda fecha, hora, instancia y aula; Admin fecha e instancia (hora 07:30). */
export const crear = z.object(
  { fecha, hora: hora.optional(), instancia, aula },
  { error: 'Se esperan la fecha, la hora, la instancia y el aula.' },
);
export type CrearMesa = z.infer<typeof crear>;

/** Cambio de los datos: cada rol manda lo de su formulario; `version` es la que leyó la pantalla. */
export const modificar = z.object(
  { id, version, fecha, hora: hora.optional(), instancia, aula },
  { error: 'Se esperan la mesa, la versión, la fecha, la instancia y el aula.' },
);
export type ModificarMesa = z.infer<typeof modificar>;

/** Jefe de Departamento: sólo la hora y el aula. */
export const modificarHorario = z.object(
  { id, version, hora, aula },
  { error: 'Se esperan la mesa, la versión, la hora y el aula.' },
);
export type ModificarHorarioMesa = z.infer<typeof modificarHorario>;

/** Altas y bajas acumuladas (materias o docentes del tribunal), guardadas solas. */
export const cambiosDeLista = z.object(
  { id, agregar: ids('agregar'), quitar: ids('quitar') },
  { error: 'Se esperan la mesa y las listas agregar y quitar.' },
);
export type CambiosDeLista = z.infer<typeof cambiosDeLista>;

export const docentes = z.object({ id, q, cursor }, { error: 'Falta la mesa.' });

export const choques = z.object(
  { id: id.optional(), fecha, hora },
  { error: 'Se esperan la fecha y la hora.' },
);

export const acta = z.object({ id, materia: id }, { error: 'Se esperan la mesa y la materia.' });
export type Acta = z.infer<typeof acta>;

const resultado = z
  .object(
    {
      tipoNota: z.enum(TIPOS_NOTA_EXAMEN, {
        error: 'El resultado debe ser una nota, ausente o adeuda correlativa.',
      }),
      nota: z
        .preprocess(
          aNumero,
          z.number({ error: 'La nota del acta debe ser un número de 1 a 10 (se admiten medios).' }),
        )
        .nullable()
        .default(null),
    },
    { error: 'Cada resultado lleva tipoNota y nota.' },
  )
  .nullable();

export const guardarActa = z.object(
  {
    id,
    materia: id,
    cambios: z
      .array(
        z.object(
          { alumno: id, resultado, anterior: resultado },
          { error: 'Cada cambio lleva alumno, resultado y anterior.' },
        ),
        { error: 'Los cambios deben ser una lista.' },
      )
      .max(300, { error: 'Demasiados cambios en un guardado.' })
      .refine((c) => new Set(c.map((x) => x.alumno)).size === c.length, {
        error: 'Un alumno aparece dos veces en los cambios.',
      }),
  },
  { error: 'Se esperan la mesa, la materia y los cambios.' },
);
export type GuardarActa = z.infer<typeof guardarActa>;

export const anotar = z.object(
  { id, materia: id, agregar: ids('agregar'), quitar: ids('quitar') },
  { error: 'Se esperan la mesa, la materia y las listas agregar y quitar.' },
);
export type Anotar = z.infer<typeof anotar>;

// ---------------------------------------------------------------------------------------------
// Salidas de los procedimientos que sirve el contrato REST (issue 33 §3): las documenta
// /api/openapi.json y las validan las pruebas (`salida`, src/server/api/schemas.ts).

/** Una mesa de examen: cuándo, qué instancia, dónde, su versión y la fecha y hora legibles. */
const mesaSalida = z.object({
  id: z.number(),
  comienzo: z.date(),
  instancia: z.string(),
  aula: z.string().nullable(),
  version: z.number(),
  corta: z.string(),
  fecha: z.string(),
  hora: z.string(),
});
/** Un docente (del tribunal o para sumarlo). */
const miembroSalida = z.object({ id: z.number(), apellido: z.string(), nombre: z.string() });
const materiaDeMesaSalida = z.object({
  id: z.number(),
  nombre: z.string(),
  cerrada: z.boolean(),
  alumnos: z.number(),
});
/** Un alumno que rinde (o puede rendir) la materia: el cursado que adeuda, su ciclo y su curso. */
const alumnoDeMesaSalida = z.object({
  alumno: z.number(),
  apellido: z.string(),
  nombre: z.string(),
  cursado: z.number(),
  ciclo: z.number(),
  curso: z.string().nullable(),
});
const pestanaSalida = z.enum(['alumnos', 'materias', 'docentes']);

/** mesas.lista: GET /api/mesas. */
export const salidaLista = salida(
  paginaSalida(
    mesaSalida
      .omit({ version: true })
      .extend({ materias: z.array(materiaDeMesaSalida), tribunal: z.array(miembroSalida) }),
  ),
);

/** mesas.crear: POST /api/mesas. */
export const salidaCrear = salida(z.object({ id: z.number() }));

/** mesas.choques: GET /api/mesas/choques. */
export const salidaChoques = salida(z.object({ choques: z.array(z.string()) }));

/** mesas.detalle: GET /api/mesas/{id}. */
export const salidaDetalle = salida(
  mesaSalida.extend({
    materias: z.array(materiaDeMesaSalida),
    tribunal: z.array(miembroSalida),
    choques: z.array(z.string()),
    permisos: z.object({
      cargaActas: z.boolean(),
      pestanas: z.array(pestanaSalida),
      formulario: z.enum(['alumnado', 'admin', 'horario']).nullable(),
      administra: z.boolean(),
      editaTribunal: z.boolean(),
    }),
    pestana: pestanaSalida.nullable(),
    actasCerradas: z.boolean(),
  }),
);

/** mesas.modificar: PUT /api/mesas/{id}. */
export const salidaModificar = salida(z.object({ version: z.number() }));

/** mesas.borrar: DELETE /api/mesas/{id}. */
export const salidaBorrar = salida(z.object({ borrada: z.number() }));

/** mesas.modificarHorario: PUT /api/mesas/{id}/horario. */
export const salidaModificarHorario = salida(z.object({ version: z.number() }));

/** mesas.guardarMaterias: PUT /api/mesas/{id}/materias. */
export const salidaGuardarMaterias = salida(
  z.object({ agregadas: z.number(), quitadas: z.number() }),
);

/** mesas.guardarTribunal: PUT /api/mesas/{id}/tribunal. */
export const salidaGuardarTribunal = salida(
  z.object({ agregados: z.number(), quitados: z.number() }),
);

/** mesas.docentes: GET /api/mesas/{id}/docentes. */
export const salidaDocentes = salida(
  paginaSalida(miembroSalida.extend({ enTribunal: z.boolean(), choque: z.string().nullable() })),
);

/** mesas.acta: GET /api/mesas/{id}/actas/{materia}. */
export const salidaActa = salida(
  z.object({
    mesa: mesaSalida,
    materia: z.object({ id: z.number(), nombre: z.string() }),
    tribunal: z.array(miembroSalida),
    cerrada: z.boolean(),
    cerradaEn: z.date().nullable(),
    cerradaPor: z.string().nullable(),
    puedeCargar: z.boolean(),
    cerrarDesde: z.string().nullable(),
    puedeAnotar: z.boolean(),
    alumnos: z.array(
      alumnoDeMesaSalida.extend({
        resultado: z
          .object({
            tipoNota: z.enum(TIPOS_NOTA_EXAMEN),
            nota: z.number().nullable(),
          })
          .nullable(),
      }),
    ),
  }),
);

/** mesas.guardarActa: PUT /api/mesas/{id}/actas/{materia}. */
export const salidaGuardarActa = salida(z.object({ guardados: z.number() }));

/** mesas.cerrarActa: PUT /api/mesas/{id}/actas/{materia}/cerrar. */
export const salidaCerrarActa = salida(z.object({ cerrada: z.boolean(), examenes: z.number() }));

/** mesas.candidatos: GET /api/mesas/{id}/actas/{materia}/candidatos. */
export const salidaCandidatos = salida(
  z.object({
    materia: z.object({ id: z.number(), nombre: z.string() }),
    cerrada: z.boolean(),
    alumnos: z.array(
      alumnoDeMesaSalida.extend({
        choque: z.string().nullable(),
        anotado: z.boolean(),
        enOtraMesa: z.boolean(),
        propuesto: z.boolean(),
      }),
    ),
  }),
);

/** mesas.anotar: PUT /api/mesas/{id}/actas/{materia}/alumnos. */
export const salidaAnotar = salida(z.object({ anotados: z.number(), quitados: z.number() }));
