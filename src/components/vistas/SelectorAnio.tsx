'use client';
import { Button, Group } from '@mantine/core';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { AnioElegible } from './tipos';

/**
 * El selector de año (spec 01 §2): un botón por año de cursado. Cada botón es un enlace a la
 * misma ruta con `?anio=`, conservando los demás parámetros (`parametros`).
 */
export function SelectorAnio({
  anios,
  actual,
  parametros = {},
}: {
  anios: AnioElegible[];
  actual: number;
  parametros?: Record<string, string>;
}) {
  const ruta = usePathname();
  if (anios.length === 0) return null;
  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label="Año">
      {anios.map(({ anio, curso }) => {
        const elegido = anio === actual;
        const q = new URLSearchParams({ ...parametros, anio: String(anio) });
        return (
          <Button
            key={anio}
            component={Link}
            href={`${ruta}?${q.toString()}`}
            replace
            scroll={false}
            size="xs"
            variant={elegido ? 'filled' : 'default'}
            aria-current={elegido ? 'true' : undefined}
          >
            {curso ? `${anio} · ${curso}` : String(anio)}
          </Button>
        );
      })}
    </Group>
  );
}
