'use client';
import { modals } from '@mantine/modals';

export interface OpcionesConfirmar {
  /** La pregunta, con el texto exacto de la especificación: '¿Pasar amonestación?'. */
  titulo: string;
  /** Detalle opcional bajo la pregunta. */
  mensaje?: string;
  /** Texto del botón que confirma (por defecto 'Aceptar'). */
  confirmar?: string;
  /** Acción destructiva: el botón que confirma va en rojo. */
  peligro?: boolean;
}

/**
 * Pide confirmación en un diálogo accesible (Escape o "Cancelar" lo cierran) y resuelve
 * true sólo si el usuario confirma. Uso: `if (!(await confirmar({ titulo }))) return;`
 */
export function confirmar({
  titulo,
  mensaje,
  confirmar: textoConfirmar = 'Aceptar',
  peligro = false,
}: OpcionesConfirmar): Promise<boolean> {
  return new Promise((resolve) => {
    let resuelto = false;
    const fin = (valor: boolean) => {
      if (resuelto) return;
      resuelto = true;
      resolve(valor);
    };
    modals.openConfirmModal({
      title: titulo,
      children: mensaje,
      centered: true,
      labels: { confirm: textoConfirmar, cancel: 'Cancelar' },
      confirmProps: peligro ? { color: 'red' } : undefined,
      onConfirm: () => fin(true),
      onCancel: () => fin(false),
      onClose: () => fin(false),
    });
  });
}
