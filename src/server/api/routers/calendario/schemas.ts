/**
 * Entradas del calendario escolar (spec 02 §3 Calendar date, §7 GET /calendario/{year} y
 * POST /calendario/save/{area}, §9 áreas y tipos). Las áreas y los tipos de cada área son los
 * del dominio (`@/domain/calendario`); acá sólo se traducen a mensajes en castellano.
 */
import { z } from 'zod';
import {
  AREAS_CALENDARIO,
  ETIQUETA_AREA,
  TIPOS_CALENDARIO,
  TIPOS_POR_AREA,
  esFechaISO,
  tipoDeArea,
  type AreaCalendario,
  type MarcaCalendario,
} from '@/domain/calendario';
import { PRIMER_CICLO_LECTIVO } from '@/domain/escuela';
import { fechaLegible } from '@/domain/texto';
import { aNumero, cicloPlanificable, texto, ultimoCicloPlanificable } from '@/server/api/schemas';
import { salida } from '@/server/api/schemas';

/** El último año que se puede editar: el siguiente al actual (para preparar el ciclo que viene). */
export const ultimoAnioCalendario = ultimoCicloPlanificable;

export const anioCalendarioValido = cicloPlanificable;

const mensajeAnio = () =>
  `El año debe estar entre ${PRIMER_CICLO_LECTIVO} y ${ultimoAnioCalendario()}.`;

export const MENSAJE_AREA = `El área no es válida: use ${AREAS_CALENDARIO.join(', ')}.`;
export const MENSAJE_FECHA = 'La fecha no es válida: use el formato AAAA-MM-DD.';
export const MENSAJE_REPETIDA = 'Una misma fecha no puede agregarse y borrarse a la vez';
/** Cuántas fechas admite un guardado, entre nuevas y borradas (un año entero de un área con seis tipos cabe). */
export const MAXIMO_FECHAS = 2_500;

/** Año del calendario: de 2021 al siguiente del actual. */
export const anio = z.preprocess(
  aNumero,
  z
    .number({ error: 'El año debe ser un número.' })
    .int({ error: 'El año debe ser un número entero.' })
    .refine(anioCalendarioValido, { error: mensajeAnio }),
);

export const area = z.enum(AREAS_CALENDARIO, { error: MENSAJE_AREA });

/** 'AAAA-MM-DD' de un día real, de un año del calendario. */
const fecha = texto({ campo: 'Fecha', max: 10, error: 'La fecha es obligatoria.' })
  .refine(esFechaISO, { error: MENSAJE_FECHA, abort: true })
  .refine((f) => anioCalendarioValido(Number(f.slice(0, 4))), {
    error: (iss) => `La fecha ${String(iss.input)} está fuera del calendario. ${mensajeAnio()}`,
  });

/**
 * El tipo se valida contra el área en el objeto que la contiene (`guardarCalendario`). Las áreas
 * sin tipos (restriccion, jcd) llevan `null`; se acepta también '' o no mandarlo.
 */
const tipo = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  texto({ campo: 'Tipo', max: 40, error: 'El tipo de la fecha debe ser un texto.' }).nullable(),
);

const marca = z.object(
  { fecha, tipo },
  { error: 'Cada fecha debe ser un objeto { fecha, tipo }.' },
);

const lista = (cual: string) =>
  z
    .array(marca, { error: `Las fechas ${cual} deben ser una lista de { fecha, tipo }.` })
    .max(MAXIMO_FECHAS, { error: `Se admiten como máximo ${MAXIMO_FECHAS} fechas ${cual}.` })
    .default([]);

/** Los tipos que admite el área, para el mensaje: 'apertura, cierre o publicacion'. */
function tiposDe(a: AreaCalendario): string {
  const tipos = TIPOS_POR_AREA[a].filter((t) => t != null);
  return tipos.length > 1 ? `${tipos.slice(0, -1).join(', ')} o ${tipos.at(-1)}` : tipos.join('');
}

/** El mensaje cuando un tipo no es del área (spec 02 §9). */
export function mensajeTipo(a: AreaCalendario, t: string | null): string {
  if (TIPOS_POR_AREA[a].includes(null)) {
    return `Las fechas de ${ETIQUETA_AREA[a]} (${a}) no llevan tipo: se recibió "${t}".`;
  }
  return t == null
    ? `Las fechas del área ${a} necesitan un tipo: ${tiposDe(a)}.`
    : `El tipo "${t}" no corresponde al área ${a}: use ${tiposDe(a)}.`;
}

const claveMarca = (m: { fecha: string; tipo: string | null }) => `${m.fecha}|${m.tipo ?? ''}`;

/**
 * POST /calendario/save/{area} (nuevas, borradas): el área, las fechas a agregar y a borrar
 * (cada una con su tipo del área) y, optativo, el año cuyas fechas se devuelven.
 */
export const guardarCalendario = z
  .object(
    { area, nuevas: lista('nuevas'), borradas: lista('borradas'), anio: anio.optional() },
    { error: 'Faltan el área y las fechas nuevas y borradas.' },
  )
  .superRefine((v, ctx) => {
    for (const cual of ['nuevas', 'borradas'] as const) {
      v[cual].forEach((m, i) => {
        if (!tipoDeArea(v.area, m.tipo)) {
          ctx.addIssue({
            code: 'custom',
            path: [cual, i, 'tipo'],
            message: mensajeTipo(v.area, m.tipo),
          });
        }
      });
    }
    const nuevas = new Set(v.nuevas.map(claveMarca));
    const repetida = v.borradas.find((b) => nuevas.has(claveMarca(b)));
    if (repetida) {
      ctx.addIssue({
        code: 'custom',
        path: ['borradas'],
        message: `${MENSAJE_REPETIDA}: ${fechaLegible(repetida.fecha)}${repetida.tipo ? ` (${repetida.tipo})` : ''}.`,
      });
    }
  })
  // Ya validados contra el área: el tipo es uno del dominio.
  .transform((v) => ({
    ...v,
    nuevas: v.nuevas as MarcaCalendario[],
    borradas: v.borradas as MarcaCalendario[],
  }));
export type GuardarCalendario = z.infer<typeof guardarCalendario>;

/** GET /calendario/{year}. */
export const calendarioDelAnio = z.object({ anio }, { error: 'Falta el año.' });

// ---------------------------------------------------------------------------------------------
// Salidas de los procedimientos que sirve el contrato REST (issue 33 §3): las documenta
// /api/openapi.json y las validan las pruebas (`salida`, src/server/api/schemas.ts).

/** Una fecha del calendario: su área y, si el área los distingue, su tipo. */
const fechaCalendarioSalida = z.object({
  fecha: z.string(),
  tipo: z.enum(TIPOS_CALENDARIO).nullable(),
  area: z.enum(AREAS_CALENDARIO),
});

/** calendario.anio: GET /api/calendario/{anio}. */
export const salidaAnio = salida(z.array(fechaCalendarioSalida));

/** calendario.guardar: POST /api/calendario/save/{area}. */
export const salidaGuardar = salida(z.array(fechaCalendarioSalida));
