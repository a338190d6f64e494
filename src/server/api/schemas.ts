/**
 * Esquemas zod compartidos por procedimientos y REST (mensajes en castellano); las reglas y los
 * mensajes de los campos están en domain/campos.ts, que usan también los formularios.
 *
 * Los átomos de este archivo son la única puerta de la entrada (DESIGN §9): todo texto pasa por
 * `texto` (recortado, con largo máximo, sin NUL y Unicode bien formado), todo número por
 * `aNumero` (sólo números o texto numérico: nunca `true`, `[5]` ni `null` como 1, 5 o 0; nunca
 * Infinity) y toda lista lleva su máximo. Los mensajes de zod que no tienen uno propio salen en
 * castellano (`z.config(es())`, abajo).
 */
import { z } from 'zod';
import { es } from 'zod/locales';
import { COLORES_ESTADO, ESTADOS_ASISTENCIA } from '@/domain/asistencias';
import { PATRON_TOKEN_CALENDARIO } from '@/domain/ics';
import {
  aDni,
  aNumero,
  DNI_MAXIMO,
  DNI_MINIMO,
  EMAIL_NO_VALIDO,
  esTextoValido,
  MAXIMO_EMAIL,
  MAXIMO_ID,
  mensajeBooleano,
  mensajesDeTexto,
  MENSAJES_DNI,
  MENSAJES_ID,
  OPCIONES_EMAIL,
  OPCIONES_TELEFONO,
  opcionesRequerido,
  vacioANull,
  validarTelefono,
  VALORES_BOOLEANO,
  type OpcionesTexto,
} from '@/domain/campos';
import { GENEROS } from '@/domain/alumnos';
import { PRIMER_CICLO_LECTIVO, TURNOS } from '@/domain/escuela';
import { CODIGO_INVALIDO, DNI_NO_CONFIRMA, normalizarCodigo } from '@/domain/vinculos';
import { TODOS_LOS_ROLES } from '@/domain/roles';
import { cicloValido, momentoEscolar } from '@/server/reloj';

// Los mensajes por defecto de zod (los que ningún átomo reemplaza), en castellano, una sola vez
// para todo el proceso (sólo el servidor importa este archivo: los formularios del navegador
// validan con las reglas de domain/, sin zod). Es
// `z.config(z.locales.es())`, importando sólo el castellano: el paquete no tiene efectos
// secundarios y los demás idiomas no llegan al JavaScript de las pantallas.
z.config(es());

// Las reglas y los mensajes de los campos viven en domain/campos.ts (los formularios del
// navegador validan con ellas, sin zod); estos átomos las envuelven para el servidor.
export { aNumero, esTextoValido, MAXIMO_EMAIL, vacioANull, type OpcionesTexto };

/**
 * El átomo de texto: todo campo de texto de la entrada pasa por acá. Rechaza lo que no es texto,
 * el byte NUL y los sustitutos sueltos ('contiene caracteres no válidos'), recorta los espacios
 * de los extremos y exige el largo. Un texto enorme o inválido da un solo mensaje (`abort`).
 */
export function texto(opciones: OpcionesTexto) {
  const { max, min = 0 } = opciones;
  const m = mensajesDeTexto(opciones);
  const esquema = z
    .string({ error: (iss) => m.noEsTexto(iss.input) })
    .trim()
    .max(max, { error: m.largo, abort: true })
    .refine(esTextoValido, { error: m.invalido, abort: true });
  return min > 0 ? esquema.min(min, { error: m.corto }) : esquema;
}

/** Un texto obligatorio (no vacío después de recortar). */
export const textoRequerido = (campo: string, max = 100) => texto(opcionesRequerido(campo, max));

/**
 * Un entero en un rango, con mensajes en castellano para cada caso. Un número de la entrada es
 * un número o texto numérico (de la ruta, la consulta o un formulario) y finito: `true`, `[5]`,
 * `null`, '' o 'Infinity' no lo son. Los esquemas con mensajes propios usan el mismo patrón:
 * `z.preprocess(aNumero, z.number({ error }).int(…))`.
 */
export const entero = ({ campo, min, max }: { campo: string; min: number; max: number }) =>
  z.preprocess(
    aNumero,
    z
      .number({ error: `${campo}: debe ser un número.` })
      .int({ error: `${campo}: debe ser un número entero.` })
      .min(min, { error: `${campo}: como mínimo ${min}.` })
      .max(max, { error: `${campo}: como máximo ${max}.` }),
  );

export const id = z.preprocess(
  aNumero,
  z
    .number({ error: MENSAJES_ID.numero })
    .int({ error: MENSAJES_ID.entero })
    .positive({ error: MENSAJES_ID.positivo })
    .max(MAXIMO_ID, { error: MENSAJES_ID.grande }),
);

/** Email: RFC 5321 admite 254 caracteres; se guarda en minúsculas. */
export const email = texto(OPCIONES_EMAIL)
  .toLowerCase()
  .pipe(z.email({ error: EMAIL_NO_VALIDO }));

/** Email optativo: vacío es null; si viene, debe ser válido (se guarda en minúsculas). */
export const emailOpcional = z.preprocess(vacioANull, email.nullable());

/** DNI: un número de 7 u 8 dígitos; se aceptan puntos y espacios de formato ('45.123.456'). */
export const dni = z.preprocess(
  aDni,
  z
    .number({ error: MENSAJES_DNI.numero })
    .int({ error: MENSAJES_DNI.entero })
    .min(DNI_MINIMO, { error: MENSAJES_DNI.digitos })
    .max(DNI_MAXIMO, { error: MENSAJES_DNI.digitos }),
);

/**
 * El código de vinculación que escribe una familia (issue 31 §1): mayúsculas o minúsculas, con o
 * sin guion o espacios; sale normalizado (`ABCDEFGHJK`), o null si vino vacío.
 */
export const codigoVinculacion = z
  .preprocess(
    vacioANull,
    texto({ campo: 'Código de vinculación', max: 40, error: CODIGO_INVALIDO })
      .transform((t, c) => {
        const codigo = normalizarCodigo(t);
        if (codigo) return codigo;
        c.addIssue({ code: 'custom', message: CODIGO_INVALIDO });
        return z.NEVER;
      })
      .nullable(),
  )
  .optional();

/**
 * Un `dni` donde antes probaba un vínculo (POST /api/alumnos/link/referentes de clientes viejos):
 * ya no confirma nada, así que se rechaza con un 400 que lo explica en lugar de ignorarlo.
 */
export const sinDni = z
  .unknown()
  .refine((v) => v === undefined || v === null || v === '', { error: DNI_NO_CONFIRMA })
  .optional();

/**
 * Teléfono optativo, guardado "área número" (spec 02 §3): se parte con `partirTelefono`
 * (spec 01 §5) y se exige código de área de 2 a 4 dígitos y número de 6 a 8 (spec 02 §5).
 */
export const telefonoOpcional = z.preprocess(
  vacioANull,
  texto(OPCIONES_TELEFONO)
    .transform((t, ctx) => {
      const r = validarTelefono(t);
      if (r.ok) return r.valor;
      ctx.addIssue({ code: 'custom', message: r.mensaje });
      return z.NEVER;
    })
    .nullable(),
);

/** Booleano de formulario o de ruta: true/false, 1/0. */
export const booleano = (campo: string) =>
  z
    .union([z.boolean(), z.literal(1), z.literal(0), z.enum(VALORES_BOOLEANO)], {
      error: mensajeBooleano(campo),
    })
    .transform((v) => v === true || v === 1 || v === 'true' || v === '1');

/*
 * Los años válidos dependen del año en curso: la validación de entrada es el único lugar
 * fuera de `server/reloj.ts` que lo consulta (los servicios usan ctx.hoy y ctx.ciclo).
 */

/** El último ciclo que se puede planificar: el siguiente al actual. */
export const ultimoCicloPlanificable = () => momentoEscolar().ciclo + 1;

/** ¿Es un ciclo del selector de año (de 2021 al actual)? */
export const cicloDelSelector = (anio: number) => cicloValido(anio);

/** ¿Es un ciclo planificable (de 2021 al siguiente al actual)? */
export const cicloPlanificable = (anio: number) =>
  Number.isInteger(anio) && anio >= PRIMER_CICLO_LECTIVO && anio <= ultimoCicloPlanificable();

/** Un ciclo lectivo para planificar: de 2021 al año siguiente al actual. */
export const cicloLectivo = z.preprocess(
  aNumero,
  z
    .number({ error: 'El ciclo lectivo debe ser un número.' })
    .int({ error: 'El ciclo lectivo debe ser un año.' })
    .refine(cicloPlanificable, { error: 'El ciclo lectivo no es válido.' }),
);

/** Un ciclo lectivo del selector de año (de 2021 al actual). */
export const anio = z.preprocess(
  aNumero,
  z
    .number({ error: 'El año debe ser un número.' })
    .int({ error: 'El año debe ser un número entero.' })
    .refine((a) => cicloValido(a), {
      error: `El año debe estar entre ${PRIMER_CICLO_LECTIVO} y el año actual.`,
    }),
);

export const TAMANIO_PAGINA = 50;
/** La posición más alta que se puede pedir (ninguna lista llega a tanto). */
const MAXIMA_POSICION = 1_000_000;

/** La posición de una página ("Cargar más"): 0, 50, 100, … */
export const posicion = z
  .preprocess(
    aNumero,
    z
      .number({ error: 'La posición debe ser un número.' })
      .int({ error: 'La posición debe ser un número entero.' })
      .min(0, { error: 'Posición inválida.' })
      .max(MAXIMA_POSICION, { error: 'Posición inválida.' }),
  )
  .default(0);

/** Búsqueda paginada de las listas buscables. */
export const busqueda = z
  .object({
    q: texto({ campo: 'Búsqueda', max: 100 }).default(''),
    cursor: posicion,
    limit: z
      .preprocess(
        aNumero,
        z
          .number({ error: 'El tamaño de página debe ser un número.' })
          .int({ error: 'El tamaño de página debe ser un número entero.' })
          .min(1, { error: 'El tamaño de página debe ser al menos 1.' })
          .max(TAMANIO_PAGINA, { error: `El tamaño de página es como máximo ${TAMANIO_PAGINA}.` }),
      )
      .default(TAMANIO_PAGINA),
  })
  .default({ q: '', cursor: 0, limit: TAMANIO_PAGINA });

export type Busqueda = z.infer<typeof busqueda>;

export interface Pagina<T> {
  items: T[];
  /** Posición de la página siguiente, o null si no hay más. */
  siguiente: number | null;
}

/** Corta la página pedida (se consulta limit + 1 para saber si hay más). */
export function paginar<T>(filas: T[], b: Busqueda): Pagina<T> {
  const hayMas = filas.length > b.limit;
  return {
    items: hayMas ? filas.slice(0, b.limit) : filas,
    siguiente: hayMas ? b.cursor + b.limit : null,
  };
}

/**
 * El secreto de la dirección privada de un calendario (.ics, 43 caracteres base64url): el de las
 * evaluaciones (alumno, referente) y el de la semana de un docente.
 */
export const secretoDeCalendario = z.object(
  {
    token: z
      .string({ error: 'Falta el secreto del calendario.' })
      .max(64, { error: 'El enlace del calendario no es válido.' })
      .regex(PATRON_TOKEN_CALENDARIO, { error: 'El enlace del calendario no es válido.' }),
  },
  { error: 'Falta el secreto del calendario.' },
);

/** Un solo mensaje legible con todos los problemas de la entrada. */
export function mensajeDeValidacion(error: z.ZodError): string {
  return error.issues
    .map((i) => (/[.!?]$/.test(i.message) ? i.message : `${i.message}.`))
    .filter((m, i, todos) => todos.indexOf(m) === i)
    .join(' ');
}

/**
 * Si `salida` valida lo que devuelve cada procedimiento. En producción, no: medido (issue 33 §3),
 * validar la respuesta costaba del 3 al 10 % de la llamada en las rutas REST más pedidas, y un
 * esquema que se equivoca sería un 500. La activan las pruebas (tests/fixtures/validar-salidas.ts,
 * `setupFiles` de Jest): cada llamada de cada prueba se valida contra lo que se declara.
 */
export const validacionDeSalidas = { activa: false };

/**
 * La salida declarada de un procedimiento: `.output(salida(esquema))`. El compilador exige que
 * lo que devuelve el servicio cumpla el esquema (y el cliente ve el tipo del esquema);
 * /api/openapi.json documenta con él la respuesta de las filas REST. En ejecución devuelve el
 * valor tal cual (sin copiarlo ni quitarle campos); con `validacionDeSalidas.activa`, antes lo
 * valida (un error es un 500 "Output validation failed", con la causa).
 */
export interface SalidaDeclarada<T extends z.ZodType> {
  readonly esquema: T;
  /** Sólo tipos: lo que tRPC lee como entrada y salida del validador (forma de zod 3). */
  readonly _input: z.input<T>;
  readonly _output: z.output<T>;
  parse(valor: unknown): z.output<T>;
}
export function salida<T extends z.ZodType>(esquema: T): SalidaDeclarada<T> {
  return {
    esquema,
    parse(valor) {
      if (validacionDeSalidas.activa) {
        // Un Error y no el ZodError: es un 500 (un error del servidor), no "Entrada inválida".
        const r = esquema.safeParse(valor);
        if (!r.success)
          throw new Error(`La salida no cumple su esquema:\n${z.prettifyError(r.error)}`);
      }
      return valor as z.output<T>;
    },
  } as SalidaDeclarada<T>;
}

// Átomos de las salidas (issue 33 §3): las formas que devuelven varios módulos, escritas una vez.
// Son `z.object` (quitan lo que sobra al validar), como las salidas que las usan.

/** Un curso como lo muestran las listas: orden, año, división, especialidad y su nombre. */
export const cursoSalida = z.object({
  orden: z.number(),
  anio: z.number(),
  division: z.number(),
  especialidad: z.string(),
  nombre: z.string(),
});

/** Una persona en una lista ordenada (docentes, alumnos): su orden, apellido y nombre. */
export const personaSalida = z.object({
  orden: z.number(),
  apellido: z.string(),
  nombre: z.string(),
});

/** Un teléfono guardado: el número completo y sus dos partes (código de área y número). */
const telefonoSalida = {
  telefono: z.string().nullable(),
  codigoArea: z.string(),
  numero: z.string(),
};

/** Un referente de un alumno (sin el alumno ni si está confirmado). */
export const referenteSalida = personaSalida.extend({
  email: z.string().nullable(),
  exalumno: z.boolean(),
  ...telefonoSalida,
});

/** Los datos de un alumno que ve el personal (alta, edición y legajo completo). */
export const datosAlumnoSalida = personaSalida.extend({
  email: z.string().nullable(),
  habilitado: z.boolean(),
  dni: z.number(),
  genero: z.enum(GENEROS).nullable(),
  nacimiento: z.string().nullable(),
  pronombre: z.string().nullable(),
  ...telefonoSalida,
});

/** Un cursado nombrado, con su ciclo lectivo. */
export const cursadoBreveSalida = z.object({
  cursadoId: z.number(),
  nombre: z.string(),
  ciclolectivo: z.number(),
});

/** Un cursado con las materias que permite (en las inscripciones de un alumno o de un curso). */
export const cursadoConMateriasSalida = z.object({
  cursadoId: z.number(),
  nombre: z.string(),
  materias: z.array(z.object({ id: z.number(), nombre: z.string() })),
  materiasPermitidas: z.array(z.number()),
});

/** Una opción de un selector (`Opcion`, domain/): id, etiqueta y un detalle optativo. */
export const opcionSalida = z.object({
  id: z.number(),
  etiqueta: z.string(),
  detalle: z.string().nullable(),
});

/** Una página de una lista: sus filas y el cursor de la siguiente (null si no hay más). */
export const paginaSalida = <T extends z.ZodType>(fila: T) =>
  z.object({ items: z.array(fila), siguiente: z.number().nullable() });

/** Un turno de la escuela ('Mañana' o 'Tarde'). */
export const turnoSalida = z.enum(TURNOS);

/** El resumen de inasistencias de un alumno en el año (asistencias y reincorporaciones). */
export const resumenAsistenciaSalida = z.object({
  total: z.number(),
  reincorporaciones: z.number(),
  estado: z.enum(ESTADOS_ASISTENCIA),
  etiqueta: z.string().nullable(),
  color: z.enum(COLORES_ESTADO).nullable(),
  justificadas: z.number(),
  entradas: z.number(),
  textoTotal: z.string(),
  textoJustificadas: z.string(),
});

/** Un cuatrimestre (1 o 2). */
export const cuatrimestreSalida = z.union([z.literal(1), z.literal(2)]);

/** Un rol (su bit: 1 Docente, 2 Admin, … 512 Coordinador). */
export const rolSalida = z.union(TODOS_LOS_ROLES.map((r) => z.literal(r)));
