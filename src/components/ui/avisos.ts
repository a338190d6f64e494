'use client';
import { notifications, type NotificationData } from '@mantine/notifications';

/** Cuántos avisos se ven a la vez (los demás esperan su turno). */
export const AVISOS_A_LA_VEZ = 3;
/** En el teléfono, uno solo (abajo, al centro: no tapan lo que se acaba de editar). */
export const AVISOS_EN_TELEFONO = 1;
/** Qué pantalla cuenta como teléfono para los avisos (el punto `sm` de Mantine). */
export const TELEFONO_AVISOS = '(max-width: 48em)';

const vigentes = new Map<string, string>();
let secuencia = 0;

const texto = (n: NotificationData['title']) => (typeof n === 'string' ? n : '');

/**
 * Muestra un aviso (las notificaciones de Mantine). Un aviso del mismo tipo que uno que todavía
 * se ve (mismo color y título; sin título, mismo mensaje) lo reemplaza en lugar de apilarse:
 * guardar tres veces deja un solo "Asistencias guardadas", con lo último. `id` elige otra clave.
 * Dónde aparecen (debajo de la barra superior) y cuántos a la vez: `Notifications` en
 * src/app/providers.tsx. El único lugar que llama a `notifications.show` (lo exige el lint).
 */
export function avisar(aviso: NotificationData): string {
  const clave =
    aviso.id ?? `${aviso.color ?? ''}|${texto(aviso.title) || texto(aviso.message as string)}`;
  const anterior = vigentes.get(clave);
  if (anterior) notifications.hide(anterior);
  const id = `${clave}#${++secuencia}`;
  vigentes.set(clave, id);
  return notifications.show({
    ...aviso,
    id,
    onClose: (datos) => {
      if (vigentes.get(clave) === id) vigentes.delete(clave);
      aviso.onClose?.(datos);
    },
  });
}
