'use client';
import { Checkbox } from '@mantine/core';
import { avisar } from '@/components/ui/avisos';
import { useState } from 'react';
import { api } from '@/trpc/react';
import { mensajeDe } from './tipos';

/**
 * La casilla Habilitado de /alumnos-privileged (spec 01 §4): cambia al instante (optimista) y,
 * si la llamada falla, vuelve al valor anterior y avisa.
 */
export function Habilitado({ orden, habilitado }: { orden: number; habilitado: boolean }) {
  const [valor, setValor] = useState(habilitado);
  const utils = api.useUtils();
  const habilitar = api.alumnos.habilitar.useMutation();

  const cambiar = async (nuevo: boolean) => {
    const anterior = valor;
    setValor(nuevo);
    try {
      const r = await habilitar.mutateAsync({ id: orden, habilitado: nuevo });
      setValor(r.habilitado);
      utils.alumnos.obtener.setData({ id: orden }, (a) =>
        a ? { ...a, habilitado: r.habilitado } : a,
      );
      void utils.buscar.alumnos.invalidate();
    } catch (e) {
      setValor(anterior);
      avisar({
        color: 'red',
        title: 'No se pudo cambiar Habilitado',
        message: mensajeDe(e),
      });
    }
  };

  return (
    <Checkbox
      label="Habilitado"
      checked={valor}
      disabled={habilitar.isPending}
      onChange={(e) => void cambiar(e.currentTarget.checked)}
    />
  );
}
