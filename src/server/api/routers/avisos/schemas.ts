/** Esquemas de los avisos de la campana (issue 35 §2): la lista, marcar leído y las preferencias. */
import { z } from 'zod';
import {
  CATEGORIAS,
  ESPERA_MINUTOS_MAXIMA,
  MODOS,
  NOMBRE_CATEGORIA,
  modosDe,
  type Categoria,
} from '@/domain/avisos';
import { booleano, entero, id, posicion, salida } from '@/server/api/schemas';

/** Los avisos de una página de /avisos; la campana pide los primeros. */
export const TAMANIO_PAGINA_AVISOS = 20;

/** avisos.lista: una página, del más nuevo al más viejo; con `noLeidos`, sólo los no leídos. */
export const entradaLista = z
  .object({
    cursor: posicion,
    limit: entero({ campo: 'Tamaño de página', min: 1, max: 50 }).default(TAMANIO_PAGINA_AVISOS),
    noLeidos: booleano('Sólo no leídos').default(false),
  })
  .default({ cursor: 0, limit: TAMANIO_PAGINA_AVISOS, noLeidos: false });

/** avisos.marcarLeido: uno de los avisos propios. */
export const entradaMarcarLeido = z.object({ id });

const categoria = z.enum(CATEGORIAS, { error: 'Categoría de aviso desconocida.' });
const modo = z.enum(MODOS, {
  error: 'El modo debe ser "no", "inmediato" o "resumen".',
});

/**
 * avisos.guardarPreferencias: el modo de cada categoría que se cambia (las que no vienen quedan
 * como están) y la hora del resumen diario. Cada modo, uno de los que admite su categoría.
 */
export const entradaPreferencias = z
  .object({
    modos: z
      .array(z.object({ categoria, modo }), { error: 'Faltan las preferencias.' })
      .max(CATEGORIAS.length, { error: 'Demasiadas preferencias.' }),
    horaResumen: entero({ campo: 'Hora del resumen', min: 0, max: 23 }),
  })
  .superRefine((v, ctx) => {
    const vistas = new Set<Categoria>();
    for (const [i, m] of v.modos.entries()) {
      if (vistas.has(m.categoria))
        ctx.addIssue({
          code: 'custom',
          path: ['modos', i, 'categoria'],
          message: `${NOMBRE_CATEGORIA[m.categoria]}: está dos veces.`,
        });
      vistas.add(m.categoria);
      if (!modosDe(m.categoria).includes(m.modo))
        ctx.addIssue({
          code: 'custom',
          path: ['modos', i, 'modo'],
          message:
            m.categoria === 'evaluacion'
              ? `${NOMBRE_CATEGORIA[m.categoria]}: sólo llegan en el resumen diario (o no se reciben por correo).`
              : `${NOMBRE_CATEGORIA[m.categoria]}: modo no válido.`,
        });
    }
  });

/** avisos.guardarAjustesEscuela: la espera antes de avisar una inasistencia, en minutos. */
export const entradaAjustesEscuela = z.object({
  esperaMinutos: entero({
    campo: 'Espera antes de avisar una inasistencia',
    min: 0,
    max: ESPERA_MINUTOS_MAXIMA,
  }),
});

/** Las salidas que sirve también el REST de la campana (src/server/api/routers/avisos/rest.ts). */
export const salidaNoLeidos = salida(z.number().int().min(0));
export const salidaLista = salida(
  z.object({
    items: z.array(
      z.object({
        id: z.number(),
        /** 'DD/MM/AAAA HH:MM' en la zona de la escuela. */
        fecha: z.string(),
        /** Se corrigió después (una justificación, o «Ya no corresponde»). */
        editado: z.boolean(),
        alumnoId: z.number().nullable(),
        alumno: z.string().nullable(),
        categoria: z.enum(CATEGORIAS),
        categoriaNombre: z.string(),
        titulo: z.string(),
        texto: z.string(),
        /** La pantalla del portal con el detalle. */
        enlace: z.string(),
        leido: z.boolean(),
      }),
    ),
    /** La posición de la página siguiente, o null. */
    siguiente: z.number().nullable(),
    noLeidos: z.number(),
  }),
);
export const salidaMarcarLeido = salida(z.object({ noLeidos: z.number() }));
export const salidaMarcarTodos = salida(z.object({ marcados: z.number(), noLeidos: z.number() }));

export type EntradaLista = z.infer<typeof entradaLista>;
export type EntradaAjustesEscuela = z.infer<typeof entradaAjustesEscuela>;
export type EntradaPreferencias = z.infer<typeof entradaPreferencias>;
