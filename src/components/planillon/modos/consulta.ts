import { useMemo } from 'react';
import type { DatosModo, ModeloPlanillon } from '../tipos';

/** Lo que usa un modo de la consulta de React Query que le trae el mes. */
interface ConsultaDelMes<T> {
  data: T | undefined;
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  error: { message: string } | null;
}

/**
 * Arma los datos de un modo desde su consulta: el modelo de la grilla (memorizado por respuesta),
 * "cargando" sin nada que mostrar, "actualizando" mientras se ve el mes anterior, y el error.
 */
export function useDatosDeConsulta<T>(
  q: ConsultaDelMes<T>,
  construir: (datos: T) => ModeloPlanillon,
): DatosModo {
  const modelo = useMemo(
    () => (q.data ? construir(q.data) : undefined),
    // `construir` es una función del módulo del modo: no cambia entre renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [q.data],
  );
  return {
    modelo,
    cargando: q.isPending,
    actualizando: q.isFetching && q.isPlaceholderData,
    error: q.error ? q.error.message : null,
  };
}
