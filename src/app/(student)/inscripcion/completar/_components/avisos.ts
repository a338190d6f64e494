import type { NotificationData } from '@mantine/notifications';

/**
 * `avisar` de src/components/ui/avisos, cargado al primer aviso: el módulo de los avisos (y el
 * de Mantine que los muestra, que el layout raíz carga después de la primera pintura) no pesa
 * en la primera carga de la inscripción.
 */
export function avisar(aviso: NotificationData): void {
  void import('@/components/ui/avisos').then((m) => m.avisar(aviso));
}
