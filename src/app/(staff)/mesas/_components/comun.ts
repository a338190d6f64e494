/** Piezas que comparten las pantallas de /mesas. */
import type { inferRouterOutputs } from '@trpc/server';
import { fechaLegible } from '@/domain/texto';
import type { AppRouter } from '@/server/api/root';

export type Salidas = inferRouterOutputs<AppRouter>['mesas'];
export type Mesa = Salidas['detalle'];

/** '14/12/2026 · 08:00'. */
export const cuandoEs = (m: { fecha: string; hora: string }) =>
  `${fechaLegible(m.fecha)} · ${m.hora}`;

/** 'Mesa de Matemática y Física'. */
export const tituloMesa = (materias: readonly { nombre: string }[]) =>
  materias.length
    ? `Mesa de ${materias
        .map((m) => m.nombre)
        .join(', ')
        .replace(/, ([^,]*)$/, ' y $1')}`
    : 'Mesa sin materias';

/** Los avisos que la lista muestra al volver de otra pantalla (`?aviso=`). */
export const AVISOS_DE_RUTA = {
  'mesa-inexistente': 'La mesa no existe o ya fue borrada.',
  creada: 'Mesa creada.',
  guardada: 'Mesa guardada.',
  borrada: 'Mesa borrada.',
} as const;

export function avisoDeRuta(valor: string | string[] | undefined) {
  const v = Array.isArray(valor) ? valor[0] : valor;
  return v && v in AVISOS_DE_RUTA ? AVISOS_DE_RUTA[v as keyof typeof AVISOS_DE_RUTA] : null;
}
