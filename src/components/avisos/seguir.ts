'use client';
import { useRouter } from 'next/navigation';
import { useContext, type MouseEvent } from 'react';
import { Rol } from '@/domain/roles';
import { elegirHijo } from '@/components/marco/acciones';
import { ContextoEstado } from '@/components/marco/EstadoCompartido';
import { avisarNoLeidos } from './comun';
import { clicAparte, type AvisoDeLista } from './ItemAviso';
import { mutar } from './llamar';

/** Marca un aviso propio leído y avisa a la campana cuántos quedan. */
export async function marcarLeido(id: number): Promise<void> {
  avisarNoLeidos((await mutar<{ noLeidos: number }>('avisos.marcarLeido', { id })).noLeidos);
}

/** Marca leídos todos los avisos propios. */
export async function marcarTodos(): Promise<void> {
  await mutar('avisos.marcarTodos');
  avisarNoLeidos(0);
}

/**
 * Seguir un aviso: marcarlo leído, elegir su alumno (el referente con varios hijos: la pantalla del
 * detalle muestra el hijo elegido) e ir al detalle. `alIr`: antes de navegar (cerrar el panel).
 */
export function useSeguirAviso(alIr?: () => void) {
  const router = useRouter();
  const estado = useContext(ContextoEstado);
  return async (a: AvisoDeLista, e: MouseEvent<HTMLAnchorElement>) => {
    if (clicAparte(e)) {
      if (!a.leido) void marcarLeido(a.id).catch(() => {});
      return;
    }
    e.preventDefault();
    if (!a.leido)
      await marcarLeido(a.id).catch(() => {
        // Sin marcar: igual se va al detalle (la campana lo vuelve a contar).
      });
    if (
      estado?.rol === Rol.ReferenteParental &&
      a.alumnoId != null &&
      a.alumnoId !== estado.hijo &&
      estado.hijos.some((h) => h.id === a.alumnoId)
    )
      await elegirHijo(a.alumnoId);
    alIr?.();
    router.push(a.enlace);
    router.refresh();
  };
}
