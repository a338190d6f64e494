'use client';
import type { FormEvent, ReactNode } from 'react';
import { salir } from './acciones';

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
 * El formulario de "Salir" (BotonSalir): antes de la acción de servidor borra lo guardado en el
 * teléfono (issue 36) — la base de la planilla sin conexión y las cachés del service worker —,
 * para que otra persona en el mismo teléfono no vea nada de la anterior. Si hay cambios de
 * asistencia sin enviar, pregunta primero. El código de la base se baja recién al tocar "Salir";
 * sin JavaScript, el formulario sale igual.
 */
export function FormularioSalir({
  className,
  children,
}: {
  className: string;
  children: ReactNode;
}) {
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
    <form action={salir} className={className} onSubmit={alSalir}>
      {children}
    </form>
  );
}
