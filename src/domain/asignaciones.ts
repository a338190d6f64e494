/**
 * Listas de asignaciones que se editan antes de guardar (spec 01 §4, spec 02 §2 /docentes,
 * /coordinadores, /alumnos-cursados): cada elemento está sin cambios, agregado o quitado.
 * Alternar un agregado lo saca de la lista; alternar un quitado lo restaura; alternar uno sin
 * cambios lo quita. Agregar uno quitado lo restaura; agregar uno presente no cambia nada.
 */

/** Los mensajes del catálogo de /preceptores (spec 02 §8). */
export const ERROR_VINCULAR_PRECEPTOR = 'Hubo un error al vincular el curso al preceptor';
export const ERROR_DESVINCULAR_PRECEPTOR = 'Hubo un error al desvincular el curso del preceptor';

export type EstadoAsignacion = 'sinCambios' | 'agregado' | 'quitado';

export interface ItemAsignacion<T> {
  id: number;
  dato: T;
  estado: EstadoAsignacion;
}

export type AccionAsignaciones<T> =
  | { accion: 'cargar'; guardados: readonly { id: number; dato: T }[] }
  | { accion: 'alternar'; id: number }
  | { accion: 'agregar'; id: number; dato: T };

/** La lista inicial: lo guardado, sin cambios (un id repetido cuenta una vez). */
export function asignacionesIniciales<T>(
  guardados: readonly { id: number; dato: T }[],
): ItemAsignacion<T>[] {
  const vistos = new Set<number>();
  const lista: ItemAsignacion<T>[] = [];
  for (const g of guardados) {
    if (vistos.has(g.id)) continue;
    vistos.add(g.id);
    lista.push({ id: g.id, dato: g.dato, estado: 'sinCambios' });
  }
  return lista;
}

export function reducirAsignaciones<T>(
  lista: readonly ItemAsignacion<T>[],
  a: AccionAsignaciones<T>,
): ItemAsignacion<T>[] {
  switch (a.accion) {
    case 'cargar':
      return asignacionesIniciales(a.guardados);
    case 'alternar':
      return lista.flatMap((i) => {
        if (i.id !== a.id) return [i];
        if (i.estado === 'agregado') return [];
        return [{ ...i, estado: i.estado === 'quitado' ? 'sinCambios' : 'quitado' }];
      });
    case 'agregar': {
      const existente = lista.find((i) => i.id === a.id);
      if (existente)
        return lista.map((i) =>
          i === existente && i.estado === 'quitado' ? { ...i, estado: 'sinCambios' } : i,
        );
      return [...lista, { id: a.id, dato: a.dato, estado: 'agregado' }];
    }
  }
}

/** Los ids que se agregan y los que se quitan, en el orden de la lista. */
export function cambiosAsignaciones(lista: readonly ItemAsignacion<unknown>[]): {
  agregar: number[];
  quitar: number[];
} {
  return {
    agregar: lista.filter((i) => i.estado === 'agregado').map((i) => i.id),
    quitar: lista.filter((i) => i.estado === 'quitado').map((i) => i.id),
  };
}

export function cantidadCambios(lista: readonly ItemAsignacion<unknown>[]): number {
  return lista.filter((i) => i.estado !== 'sinCambios').length;
}

/** Los ids que quedan asignados al guardar: los sin cambios y los agregados. */
export function idsFinales(lista: readonly ItemAsignacion<unknown>[]): number[] {
  return lista.filter((i) => i.estado !== 'quitado').map((i) => i.id);
}

// ---------------------------------------------------------------------------
// Marcas sobre una lista fija (alumnos de un cursado: inscripto o no)

/** Los cambios pendientes: por id, 'agregado' (se marca) o 'quitado' (se desmarca). */
export type MarcasPendientes = ReadonlyMap<number, 'agregado' | 'quitado'>;

/**
 * Alterna la marca de `id`: si tenía un cambio pendiente, vuelve a lo guardado; si no, pasa a
 * agregado (no estaba marcado) o quitado (estaba marcado).
 */
export function alternarMarca(
  pendientes: MarcasPendientes,
  id: number,
  guardado: boolean,
): Map<number, 'agregado' | 'quitado'> {
  const nuevo = new Map(pendientes);
  if (nuevo.has(id)) nuevo.delete(id);
  else nuevo.set(id, guardado ? 'quitado' : 'agregado');
  return nuevo;
}

export function estadoMarca(pendientes: MarcasPendientes, id: number): EstadoAsignacion {
  return pendientes.get(id) ?? 'sinCambios';
}

/** Si el elemento queda marcado: lo guardado, salvo un cambio pendiente. */
export function marcado(pendientes: MarcasPendientes, id: number, guardado: boolean): boolean {
  const p = pendientes.get(id);
  return p === 'agregado' ? true : p === 'quitado' ? false : guardado;
}
