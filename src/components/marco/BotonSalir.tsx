'use client';
import { IconLogout } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { salir } from './acciones';
import css from '@/components/ui/botones.module.css';

/** El aviso antes de salir con cambios de asistencia sin enviar en el teléfono. */
export function textoSalirConPendientes(n: number, enLinea: boolean): string {
  const hay =
    n === 1
      ? 'Hay 1 cambio de asistencia sin enviar en este teléfono.'
      : `Hay ${n} cambios de asistencia sin enviar en este teléfono.`;
  const enviar = enLinea
    ? ' Para enviarlos, elija Cancelar y abra Asistencias: se envían solos.'
    : ' Para enviarlos, elija Cancelar y espere a tener conexión.';
  return `${hay} Si sale, se perderán.${enviar} ¿Salir igual?`;
}

/**
 * "Salir" (spec 02 §2 Top bar): cierra la sesión y va a /login. Es un formulario con una acción
 * de servidor, así que anda antes de que cargue el JavaScript. Toda pantalla con sesión lo
 * tiene: la barra del marco y las que no usan el marco (cambiar la cuenta, las hojas para
 * imprimir, /bypass, /inscripcion, la pantalla de error). HTML y CSS: no suma código de Mantine.
 *
 * Antes de salir borra lo guardado en el teléfono (issue 36): la base de la planilla sin
 * conexión y las cachés del service worker, para que otra persona en el mismo teléfono no vea
 * nada de la anterior. Si hay cambios de asistencia sin enviar, pregunta primero. El código de
 * la base se baja recién al tocar "Salir".
 */
export function BotonSalir(props: { size?: 'xs' | 'sm'; variant?: 'subtle' | 'default' }) {
  const clases = [css.boton, css[props.variant ?? 'subtle'], props.size === 'sm' ? css.sm : '']
    .filter(Boolean)
    .join(' ');
  const alSalir = (e: FormEvent<HTMLFormElement>) => {
    const form = e.currentTarget;
    if (form.dataset.limpio === 'si') return;
    e.preventDefault();
    void (async () => {
      try {
        const almacen = await import('@/components/sin-conexion/almacen');
        const n = await almacen.pendientesDe();
        if (n > 0 && !window.confirm(textoSalirConPendientes(n, navigator.onLine))) return;
        await almacen.borrarTodo();
      } catch {
        // Sin IndexedDB no hay nada guardado: se sale igual.
      }
      form.dataset.limpio = 'si';
      form.requestSubmit();
    })();
  };
  return (
    <form action={salir} className="no-imprimir" onSubmit={alSalir}>
      <button type="submit" className={clases}>
        <IconLogout size={16} aria-hidden />
        Salir
      </button>
    </form>
  );
}
